"""A result to share: a few lines of text, without a card in them, for a chat or a post.

`share_text` takes the result's facts (`ShareFacts`), so any result can be shared the same
way: the daily game's (`app.daily.daily_share`), a challenge's. What the text never holds: a card,
a contract, a hand's points, anything of a deal. While the deals are secret (a day's daily
deals until its seed is published, `app.daily.secrecy.deals_secret`) the hands' marks come won
first, not in the order played: the order would tell a player still to play which of the
day's hands can be won from the seat everybody plays, and the count alone is no more than the
day's board shows of every player (its total and its hands won).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.languages.i18n import Writing

WON, LOST = "●", "○"
"""The marks of a hand won and a hand lost: a full and an empty circle, told apart by their
shape, not only their colour, and in every font (emoji squares are not); the line after them
says in words how many were won."""


@dataclass(frozen=True)
class ShareFacts:
    heading: str
    """What was played, in the reader's words ("Daily game 2026-12-03 · pagat")."""
    total: int
    """The player's game points over the game."""
    won: tuple[bool, ...]
    """Each hand played (redeals left out): won or lost, in the order played."""
    place: int | None
    """The place on the result's board, once it has one."""
    field: int | None
    """The players on that board."""
    url: str
    """Where the result's board is, absolute."""
    in_order: bool
    """Whether the marks may follow the order played (the deals are no longer secret)."""

    @property
    def marks(self) -> str:
        shown = self.won if self.in_order else sorted(self.won, reverse=True)
        return "".join(WON if won else LOST for won in shown)


def share_text(facts: ShareFacts, writing: Writing) -> str:
    """The lines to share, in the words of `writing`."""
    t = writing.words
    result = writing.signed(facts.total)
    if facts.place is not None and facts.field is not None:
        result = t.gettext("%(total)s · place %(place)s of %(field)s") % {
            "total": result,
            "place": writing.number(facts.place),
            "field": writing.number(facts.field),
        }
    hands = t.ngettext(
        "%(won)s of %(num)d hand won", "%(won)s of %(num)d hands won", len(facts.won)
    ) % {"won": sum(facts.won), "num": len(facts.won)}
    return "\n".join((facts.heading, result, f"{facts.marks} {hands}", facts.url))
