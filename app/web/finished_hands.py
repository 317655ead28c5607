"""What the routes of a finished hand (its record, its review) parse: the hand's number in
the path, and the request as the service finding the hand reads it
(`app.play.hands.HandAsked`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path as PathParam
from fastapi import Request

from app.play.hands import HandAsked
from app.web.deps import player_id
from app.web.tables import Screen

MAX_HANDS = 1_000
"""More hands than any game holds (100 hands, each with a few Armut redeals at most)."""
HandNumber = Annotated[int, PathParam(le=MAX_HANDS)]


def hand_asked(
    request: Request, screen: Screen, game_id: str, number: int, later: str
) -> HandAsked:
    return HandAsked(game_id, number, player_id(request), screen.settings.now(), later)
