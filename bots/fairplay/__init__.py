"""Fair-play analysis of a ranked game: did the player choose as if the hidden cards were known?

`weighing` values every decision of the player twice, from the player's view and from the
true deal; `verdict` finds the *tells* among them (the deal's best choice is not the view's)
and says how unlikely the player's agreement with the deal there is for an honest player.
`analyse_game` does both; the server runs it in a bots' worker process after a ranked daily
attempt ends (`app.daily.fairplay`), and `bench/fairplay.py` calibrates it on honest players and
cheaters.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.fairplay.verdict import Tell, Verdict, verdict_of
from bots.fairplay.weighing import Weighed, weigh_game, weigh_hand
from bots.search.budget import DEFAULT_BUDGET, Budget
from engine import HandRecord

__all__ = ["Tell", "Verdict", "Weighed", "analyse_game", "verdict_of", "weigh_game", "weigh_hand"]


def analyse_game(
    records: Sequence[HandRecord],
    seat: int,
    seed: str,
    budget: Budget = DEFAULT_BUDGET,
    table_bot: str | None = None,
) -> Verdict:
    """The verdict on `seat`'s decisions over a game's finished hands; deterministic in
    `seed`. `table_bot`: the id of the bot that played the other seats, when known."""
    return verdict_of(weigh_game(records, seat, seed, budget, table_bot))
