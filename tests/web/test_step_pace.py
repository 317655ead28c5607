"""Issue 25, point 3 on the server: the moments `app.table.pace` gives the table for each change of
a step are the moments its cards are shown. Whole games are played (the human as a bot would)
and every step is checked against the cards' own times: a seat's tricks change with the
trick's winner, a team badge appears with the card or call that told it (never before the
step for a team already known), a bot's turn ends with its card, the totals change with the
hand's last trick, and each card, trick and call has its sound at its moment."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from app.languages.i18n import translations
from app.table.pace import StepPace, step_pace
from app.table.presenter import TableModel, table_model
from app.table.service import HUMAN, Table, human_action, new_table, next_hand
from bots.registry import bot_named
from engine import PRESETS, Phase, Team, view_of

DELAY_MS = 500
ENGLISH = translations("en")


def steps(
    seed: str, hands: int
) -> Iterator[tuple[Table, TableModel, StepPace, tuple[Team | None, ...]]]:
    """Each step of `hands` hands of a game: the table after it, its animated model, its
    pace, and the teams the player knew before it."""
    bot = bot_named("heuristic-v1")
    table = new_table(PRESETS["pagat"], seed, bot)
    rng = random.Random(seed)
    for _ in range(hands):
        while table.game.hand.phase is not Phase.DONE:
            before = view_of(table.game.hand, HUMAN)
            human_action(table, bot.choose(before, rng))
            model = table_model(table, "game", DELAY_MS, ENGLISH, animate=True)
            yield table, model, step_pace(table, model), before.teams
        next_hand(table)


def shown_times(model: TableModel) -> set[int]:
    """Every moment the table shows something: a card appears or a trick is won."""
    cards = {played.delay_ms for trick in model.tricks for played in trick.cards}
    wins = {trick.winner_at_ms for trick in model.tricks if trick.winner is not None}
    return cards | wins | {0}


@pytest.mark.parametrize("seed", ["pace-1", "pace-2"])
def test_every_change_waits_for_the_card_that_causes_it(seed: str) -> None:
    seen = {"tricks": 0, "teams": 0, "turns": 0, "totals": 0}
    for table, model, pace, teams_before in steps(seed, hands=2):
        times = shown_times(model)
        for seat, (info, seat_pace) in enumerate(zip(model.seats, pace.seats, strict=True)):
            won = [t.winner_at_ms for t in model.tricks if t.winner == info.position]
            if seat_pace.tricks_at_ms:
                seen["tricks"] += 1
                assert seat_pace.tricks_at_ms in won, "a seat's tricks change with its trick"
                assert seat_pace.tricks_before == info.tricks - 1
            else:
                assert seat_pace.tricks_before == info.tricks
            if teams_before[seat] is not None:
                assert seat_pace.team_at_ms == 0, "a team known before shows from the start"
            elif seat_pace.team_at_ms:
                seen["teams"] += 1
                assert seat_pace.team_at_ms in times
            for start, until in seat_pace.turns:
                seen["turns"] += 1
                assert seat != HUMAN and start < until
                mine = [
                    p.delay_ms for t in model.tricks for p in t.cards if p.position == info.position
                ]
                assert until in mine, "a bot's turn ends as its card appears"
            if seat_pace.totals_at_ms:
                seen["totals"] += 1
                assert table.game.hand.phase is Phase.DONE
                assert seat_pace.totals_at_ms == max(times)
        cues = [cue.at_ms for cue in pace.cues if cue.sound == "card"]
        step_cards = (
            [p.delay_ms for t in model.tricks for p in t.cards][-len(cues) :] if cues else []
        )
        assert cues == step_cards, "a card's sound with each card of the step"
        assert {cue.at_ms for cue in pace.cues if cue.sound == "trick"} <= times
    assert all(seen.values()), seen


def test_a_queen_of_clubs_shows_its_player_as_re_when_it_is_shown() -> None:
    """In a normal game a bot's team is told by its Q♣: its Re badge appears with that card
    (or with the trick's winner, when the Q♣ completes the trick), not when the step begins."""
    found = 0
    for _, model, pace, teams_before in steps("pace-queens", hands=3):
        for trick in model.tricks:
            for played in trick.cards:
                seat = [info.position for info in model.seats].index(played.position)
                queen = played.face.code == "QC" and played.delay_ms > 0
                if not queen or teams_before[seat] is not None:
                    continue
                found += 1
                completes = trick.winner is not None and played is trick.cards[-1]
                expected = trick.winner_at_ms if completes else played.delay_ms
                assert pace.seats[seat].team_at_ms == expected
    assert found, "no bot's Q♣ told its team in these hands: pick another seed"


def test_a_bots_call_shows_at_its_seat_when_it_is_made() -> None:
    """A call badge at a bot's seat appears with the call's moment in the step (its sound),
    not when the step begins; a seat that made no call in the step keeps its badge as it was."""
    found = later = 0
    for table, _, pace, _ in steps("pace-1", hands=4):
        step = table.log[-1][table.step_start :]
        called = {entry["seat"] for entry in step if entry["act"] == "announce"}
        calls = {cue.at_ms for cue in pace.cues if cue.sound == "call"}
        for seat, seat_pace in enumerate(pace.seats):
            if seat in called and seat != HUMAN:
                found += 1
                assert seat_pace.called_at_ms in calls, "with the call's moment (0: first)"
                later += seat_pace.called_at_ms > 0
            elif seat not in called:
                assert seat_pace.called_at_ms == 0
    assert found and later, "no bot called after a card in these hands: pick another seed"


def test_no_trick_is_shown_past_the_hands_last() -> None:
    """A hand over, the page (reloaded or not) names no empty "Trick 13" to a screen reader."""
    for table, model, _, _ in steps("past-the-last", 2):
        assert all(1 <= trick.number <= 12 for trick in model.tricks)
        if table.game.hand.phase is Phase.DONE:
            reloaded = table_model(table, "game", DELAY_MS, ENGLISH, animate=False)
            assert list(reloaded.tricks) == []
            assert [trick.number for trick in model.tricks] == [12]
