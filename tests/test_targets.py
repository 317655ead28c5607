"""docs/rules.md §7: which team reaches its target, from the announced steps and what each
team took.

Each case gives Re's card points and tricks; Kontra has the rest of 240 points and 12 tricks.
"""

from __future__ import annotations

import pytest

from engine import Step, Team
from engine.scoring import Tally, winner_of

RE, KONTRA = Team.RE, Team.KONTRA
NONE, TEAM, NO90, NO60, NO30, SCHWARZ = (
    Step.NONE,
    Step.TEAM,
    Step.NO90,
    Step.NO60,
    Step.NO30,
    Step.SCHWARZ,
)


def tally(re_points: int, re_tricks: int, tricks: int = 12) -> Tally:
    """Both teams' takings from Re's share of a full hand."""
    return Tally(
        points={RE: re_points, KONTRA: 240 - re_points},
        tricks={RE: re_tricks, KONTRA: tricks - re_tricks},
    )


# (re step, kontra step, re card points, re tricks, winner)
CASES = [
    # Without announcements Re needs 121, Kontra 120.
    pytest.param(NONE, NONE, 121, 6, RE, id="silent-re-121"),
    pytest.param(NONE, NONE, 120, 6, KONTRA, id="silent-re-120-kontra-120"),
    pytest.param(NONE, NONE, 0, 1, KONTRA, id="silent-re-one-empty-trick"),
    # Re said, or both said: unchanged.
    pytest.param(TEAM, NONE, 121, 6, RE, id="re-said-121"),
    pytest.param(TEAM, NONE, 120, 6, KONTRA, id="re-said-120"),
    pytest.param(TEAM, TEAM, 121, 6, RE, id="both-said-121"),
    pytest.param(TEAM, TEAM, 120, 6, KONTRA, id="both-said-120"),
    # Kontra said and Re did not: Re needs 120, Kontra 121.
    pytest.param(NONE, TEAM, 120, 6, RE, id="kontra-only-re-120"),
    pytest.param(NONE, TEAM, 119, 6, KONTRA, id="kontra-only-kontra-121"),
    # A team's own announcement: 151 / 181 / 211 / all tricks.
    pytest.param(NO90, NONE, 151, 8, RE, id="re-no90-151"),
    pytest.param(NO90, NONE, 150, 8, KONTRA, id="re-no90-150-kontra-90"),
    pytest.param(NO60, NONE, 181, 9, RE, id="re-no60-181"),
    pytest.param(NO60, NONE, 180, 9, KONTRA, id="re-no60-180-kontra-60"),
    pytest.param(NO30, NONE, 211, 10, RE, id="re-no30-211"),
    pytest.param(NO30, NONE, 210, 10, KONTRA, id="re-no30-210-kontra-30"),
    pytest.param(SCHWARZ, NONE, 240, 12, RE, id="re-schwarz-all-tricks"),
    pytest.param(SCHWARZ, NONE, 240, 11, KONTRA, id="re-schwarz-kontra-empty-trick"),
    pytest.param(SCHWARZ, NONE, 211, 11, KONTRA, id="re-schwarz-211-not-enough"),
    pytest.param(NONE, NO90, 89, 4, KONTRA, id="kontra-no90-151"),
    pytest.param(NONE, NO90, 90, 4, RE, id="kontra-no90-150-re-90"),
    pytest.param(NONE, NO60, 59, 3, KONTRA, id="kontra-no60-181"),
    pytest.param(NONE, NO60, 60, 3, RE, id="kontra-no60-180-re-60"),
    pytest.param(NONE, NO30, 29, 2, KONTRA, id="kontra-no30-211"),
    pytest.param(NONE, NO30, 30, 2, RE, id="kontra-no30-210-re-30"),
    pytest.param(NONE, SCHWARZ, 0, 0, KONTRA, id="kontra-schwarz-all-tricks"),
    pytest.param(NONE, SCHWARZ, 0, 1, RE, id="kontra-schwarz-re-empty-trick"),
    # The other team's announcement: 90 / 60 / 30 / one trick, even over an own Re/Kontra.
    pytest.param(NO90, TEAM, 150, 8, KONTRA, id="kontra-said-needs-90-against-no90"),
    pytest.param(NO90, TEAM, 151, 8, RE, id="kontra-said-89-against-no90"),
    pytest.param(TEAM, NO90, 90, 4, RE, id="re-said-needs-90-against-no90"),
    pytest.param(NO60, NONE, 151, 8, KONTRA, id="highest-step-counts-kontra-89"),
    pytest.param(NO30, NONE, 180, 9, KONTRA, id="against-no30-kontra-60"),
    pytest.param(NO30, NONE, 211, 11, RE, id="against-no30-kontra-29"),
    pytest.param(NONE, NO30, 30, 1, RE, id="against-no30-re-30-one-trick"),
    pytest.param(NONE, NO60, 59, 4, KONTRA, id="against-no60-re-59"),
    # Both teams announced no 90 or more: both may miss.
    pytest.param(NO90, NO90, 151, 8, RE, id="both-no90-re-151"),
    pytest.param(NO90, NO90, 89, 4, KONTRA, id="both-no90-kontra-151"),
    pytest.param(NO90, NO90, 150, 7, None, id="both-no90-150-90"),
    pytest.param(NO90, NO90, 120, 6, None, id="both-no90-120-120"),
    pytest.param(NO90, NO90, 90, 5, None, id="both-no90-90-150"),
    pytest.param(NO60, NO90, 160, 8, None, id="re-no60-kontra-no90-160"),
    pytest.param(NO60, NO90, 181, 9, RE, id="re-no60-kontra-no90-181"),
    pytest.param(NO90, NO60, 89, 4, None, id="re-no90-kontra-no60-kontra-151"),
    pytest.param(SCHWARZ, NO90, 240, 11, None, id="re-schwarz-kontra-no90-empty-trick"),
    pytest.param(SCHWARZ, NO90, 240, 12, RE, id="re-schwarz-kontra-no90-all-tricks"),
    pytest.param(SCHWARZ, SCHWARZ, 200, 6, None, id="both-schwarz"),
]


@pytest.mark.parametrize(("re_step", "kontra_step", "re_points", "re_tricks", "winner"), CASES)
def test_winner_of(
    re_step: Step, kontra_step: Step, re_points: int, re_tricks: int, winner: Team | None
) -> None:
    announced = {RE: re_step, KONTRA: kontra_step}
    assert winner_of(announced, tally(re_points, re_tricks), 12) is winner


@pytest.mark.parametrize(
    ("re_tricks", "winner"),
    [pytest.param(10, RE, id="all-ten-tricks"), pytest.param(9, KONTRA, id="kontra-one-trick")],
)
def test_schwarz_counts_all_tricks_of_a_shorter_hand(re_tricks: int, winner: Team) -> None:
    """Without nines a hand has 10 tricks; schwarz means all of them, not 12."""
    announced = {RE: SCHWARZ, KONTRA: NONE}
    assert winner_of(announced, tally(240, re_tricks, tricks=10), 10) is winner


@pytest.mark.parametrize(
    ("re_step", "kontra_step"),
    [(s, t) for s in Step for t in Step if not (s >= NO90 and t >= NO90)],
)
def test_somebody_wins_unless_both_announced_no90(re_step: Step, kontra_step: Step) -> None:
    """Over every split of the card points, one team wins when not both made no 90 or more."""
    announced = {RE: re_step, KONTRA: kontra_step}
    for re_points in range(0, 241):
        re_tricks = 0 if re_points == 0 else 12 if re_points == 240 else 6
        assert winner_of(announced, tally(re_points, re_tricks), 12) is not None
