"""Bots by versioned id: a change of behaviour gets a new id, so stored games stay true."""

from __future__ import annotations

from bots.heuristic.bot import HeuristicBot
from bots.protocol import Bot
from bots.random_bot import RandomBot
from bots.search.bot import SearchBot

BOTS: dict[str, Bot] = {bot.id: bot for bot in (RandomBot(), HeuristicBot(), SearchBot())}


def bot_named(bot_id: str) -> Bot:
    try:
        return BOTS[bot_id]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {bot_id!r} (known: {known})") from None
