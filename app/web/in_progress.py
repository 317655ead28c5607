"""Whether the player has a game in progress: the home page offers to go back to it, and the
Rules dialog, which starts a new game, asks first only then."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from starlette.requests import Request

from app.daily.attempts import attempt_closed
from app.storage.models import GameRow
from app.table.store import latest_game
from app.web.deps import player_id


def game_in_progress(session: Session, player: str, now: datetime) -> GameRow | None:
    """The player's latest game while it can still be played on."""
    latest = latest_game(session, player)
    if latest is None or latest.finished or attempt_closed(latest, now):
        return None
    return latest


class GameRunning:
    """Whether the request's player has a game in progress, found out when first asked: every
    page's Rules dialog asks, and a table's fragments, which show no dialog, must not pay a
    query for it."""

    def __init__(self, request: Request) -> None:
        self._request = request
        self._answer: bool | None = None

    def __bool__(self) -> bool:
        if self._answer is None:
            self._answer = self._ask()
        return self._answer

    def _ask(self) -> bool:
        """The page that says the database cannot be reached renders the dialog too: then the
        answer is the careful one, that a game may be running (the dialog asks first)."""
        player = player_id(self._request)
        if player is None:
            return False
        state = self._request.app.state
        try:
            with state.sessions() as session:
                return game_in_progress(session, player, state.settings.now()) is not None
        except SQLAlchemyError:
            return True
