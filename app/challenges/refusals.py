"""Why a challenge cannot be made, played or changed: a message id and its values, shown on
the message page in the player's words with a status that is never a 5xx."""

from __future__ import annotations

from datetime import datetime

from app.languages.i18n import N_

NO_SUCH = N_("There is no challenge at this address.")
NOT_FINISHED = N_("Finish the game first; then make a challenge of its deals.")
DAILY_SECRET = N_(
    "A challenge of today’s daily deals can be made after %(time)s, when the day’s seed is "
    "published: until then the deals must stay secret."
)
TOO_MANY_MADE = N_(
    "Today you have made the most challenges a player may make in a day (%(num)d). Try again "
    "tomorrow."
)
FULL = N_(
    "This challenge is full: it has had the most players a challenge takes (%(num)d). Make a "
    "challenge of your own, or ask its maker for a rematch."
)
COUNTING_ELSEWHERE = N_(
    "You have a game that counts at a challenge of these same deals and have not finished it: "
    "finish it first (your history links it)."
)
PLAYED_AGAIN = N_(
    "These deals were played again in another game, so they may not be new to the friends "
    "you challenge: make a challenge of fresh deals, or of a game whose deals you did not "
    "play again."
)
CLOSED = N_("This challenge closed at %(time)s: its board can be read, but no more played.")
NOT_CREATOR = N_("Only the player who made the challenge may name it.")
NOT_PLAYED = N_("Only a player who played this challenge may ask for a rematch.")
NOT_ENTRANT = N_("Only a player whose game counts at this challenge may give a name on its board.")
NAME_ON_BOARD = N_(
    "Another player on this board goes by %(name)s or a name that looks like it: choose "
    "another name."
)


class ChallengeRefused(Exception):
    """A refusal: `message` (a message id), its `num` and `time` values, the HTTP status."""

    def __init__(
        self, message: str, status: int, num: int = 0, time: datetime | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.num = num
        self.time = time
