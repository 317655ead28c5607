"""Bots by versioned id: a change of behaviour gets a new id, so stored games stay true.

One exception, on purpose: `heuristic-v1` once judged tricks without the second-Dulle rule
(issue 9 moved the rule into `engine.CardOrder` for everybody). The fix changes its decisions
only with `second_dulle_beats_first` on (about 5 % of them there), a toggle no daily game uses;
stored games replay their logged actions and never ask the bot again, so the id stays.
"""

from __future__ import annotations

from dataclasses import replace

from bots.casual.bot import CasualBot
from bots.heuristic.bot import HeuristicBot
from bots.protocol import Bot
from bots.random_bot import RandomBot
from bots.search.bot import SearchBot
from bots.search.budget import BELIEVING_BUDGET
from bots.search.style import BELIEVING, CAREFUL

BOTS: dict[str, Bot] = {
    bot.id: bot
    for bot in (
        RandomBot(),
        CasualBot(),
        HeuristicBot(),
        SearchBot(),
        SearchBot(id="search-v2", style=CAREFUL),
        SearchBot(id="search-v3", style=BELIEVING, budget=BELIEVING_BUDGET),
    )
}


def bot_named(bot_id: str, budget: int | None = None) -> Bot:
    """The bot of that id; `budget` (worlds per decision) sets a search bot's budget."""
    try:
        bot = BOTS[bot_id]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {bot_id!r} (known: {known})") from None
    if budget is None:
        return bot
    if not isinstance(bot, SearchBot):
        raise ValueError(f"{bot_id} does not search: it has no budget")
    if budget < 1:
        raise ValueError("a budget is at least one world")
    return replace(bot, budget=bot.budget.scaled(budget))
