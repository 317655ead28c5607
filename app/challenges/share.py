"""A challenge's result to share (`app.daily.share`): beside the board, for a player whose
counting game is finished.

The link goes to friends who may not have played yet, so the hands' marks always come won
first: the order played would tell them which of the deals can be won from the seat."""

from __future__ import annotations

from app.challenges.board import Board
from app.daily.share import ShareFacts
from app.languages.i18n import Writing
from app.languages.rules_names import rules_name


def challenge_share(board: Board, writing: Writing, url: str) -> ShareFacts | None:
    """The viewer's finished counting game as the share text tells it; None without one."""
    own = next((entry for entry in board.entries if entry.own), None)
    if own is None or own.total is None:
        return None
    t = writing.words
    values = {"name": board.challenge.name, "rules": rules_name(board.challenge.rules_key, t)}
    if board.challenge.name:
        heading = t.gettext("Doko challenge “%(name)s” · %(rules)s") % values
    else:
        heading = t.gettext("Doko challenge · %(rules)s") % values
    won = tuple(bool(hand.get("won")) for hand in own.hands)
    return ShareFacts(heading, own.total, won, own.place, len(board.entries), url, False)
