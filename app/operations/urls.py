"""The site's addresses of a game, its hands, the days' boards and the pages named with a
language, built in one place: the routes' paths (`app.web.routes`, from the patterns here,
such as `GAME`), the table's and the history's links and the templates (as globals, from the
`*_url` functions that fill the patterns) all take them from here."""

from __future__ import annotations

from datetime import date
from urllib.parse import quote

from starlette.requests import Request

HOME = "/"
GAMES = "/games"
"""Where a new game is started (POST); each game's table is under it."""
RULES = "/rules"
"""Where the Rules dialog's choice is sent (POST)."""
HOW_TO_PLAY = "/how-to-play"
HISTORY = "/history"
FAIR_PLAY = "/fair-play"
NICKNAME = "/players/nickname"
"""Where a player's nickname for the boards is sent (POST)."""
RESTORE_KEY = "/players/key"
"""The player's restore key: its page, and where a new one is asked for (POST)."""
RESTORE = "/players/restore"
"""Where a restore key is sent to play as its player (POST)."""
BOARD = "/leaderboard"
HEALTH = "/healthz"
SERVICE_WORKER = "/sw.js"
"""At the site's root: a service worker's scope is the folder it is served from."""
CHALLENGES = "/challenges"
"""Where a new challenge is made (POST); each challenge's board is under it."""


def rules_help_url(rules_key: str) -> str:
    """How to play for a game's rules (the table's link), not the ones this device remembers."""
    return f"{HOW_TO_PLAY}?rules={quote(rules_key, safe='')}"


GAME = f"{GAMES}/{{game_id}}"
"""A game's table; its clicks, hint and hands are under it."""
ACTIONS = f"{GAME}/actions"
"""Where the table's actions are sent."""
NEXT_HAND = f"{GAME}/next"
"""Where the next hand is asked for."""
HINT = f"{GAME}/hint"
"""Where a hint is asked for."""
HAND_REVIEW = f"{GAME}/hands/{{number}}/review"
"""A finished hand's review (hands counted from 1, Armut redeals included)."""
HAND_RECORD = f"{GAME}/hands/{{number}}/record.json"
"""A finished hand's record to download."""
CHALLENGE_OF_GAME = f"{GAME}/challenge"
"""Where a challenge is made of a finished game's deals."""
CHALLENGE = f"{CHALLENGES}/{{link}}"
"""A challenge's board; `link` is its unguessable id."""
PLAY_CHALLENGE = f"{CHALLENGE}/play"
"""Where a player's game at a challenge is started or resumed."""
NAME_CHALLENGE = f"{CHALLENGE}/name"
"""Where a challenge's maker names it."""
ENTRANT_NAME = f"{CHALLENGE}/my-name"
"""Where a player of a challenge names themself on its board."""
REMATCH = f"{CHALLENGE}/rematch"
"""Where a challenge's rematch is asked for."""


def game_url(game_id: str) -> str:
    return GAME.format(game_id=game_id)


def is_table(address: str) -> bool:
    """Whether a path on this site (a query allowed) is a game's table, not a page under it."""
    path = address.split("?", 1)[0].rstrip("/")
    return path.startswith(f"{GAMES}/") and path.count("/") == 2


def actions_url(game_id: str) -> str:
    return ACTIONS.format(game_id=game_id)


def next_hand_url(game_id: str) -> str:
    return NEXT_HAND.format(game_id=game_id)


def hint_url(game_id: str) -> str:
    return HINT.format(game_id=game_id)


def review_url(game_id: str, number: int) -> str:
    return HAND_REVIEW.format(game_id=game_id, number=number)


def record_url(game_id: str, number: int) -> str:
    return HAND_RECORD.format(game_id=game_id, number=number)


def challenge_url(link: str) -> str:
    return CHALLENGE.format(link=link)


def play_challenge_url(link: str) -> str:
    return PLAY_CHALLENGE.format(link=link)


def name_challenge_url(link: str) -> str:
    return NAME_CHALLENGE.format(link=link)


def entrant_name_url(link: str) -> str:
    return ENTRANT_NAME.format(link=link)


def rematch_url(link: str) -> str:
    return REMATCH.format(link=link)


def challenge_of_game_url(game_id: str) -> str:
    return CHALLENGE_OF_GAME.format(game_id=game_id)


def board_url(day: date, rules_key: str) -> str:
    """A day's board for a rule set."""
    return f"{BOARD}?day={day.isoformat()}&rules={rules_key}"


LONG_BOARD = f"{BOARD}/{{kind}}"
"""The route of the week's and the month's boards (`kind`: `week` or `month`)."""


def long_board_url(kind: str, day: date, rules_key: str) -> str:
    """The week's or month's board (`kind`) holding `day`, for a rule set."""
    return f"{LONG_BOARD.format(kind=kind)}?day={day.isoformat()}&rules={rules_key}"


DAILY = "/daily/{rules_key}"
"""The route where a day's game is started or resumed (POST)."""


def daily_url(rules_key: str) -> str:
    """Where today's game for a rule set is started or resumed."""
    return DAILY.format(rules_key=rules_key)


LANGUAGE = "/language"


def language_url(code: str, back: str) -> str:
    """The language picker's link: remembers `code`, then shows the page `back` again."""
    return f"{LANGUAGE}?lang={code}&back={quote(back, safe='/')}"


MANIFEST = "/manifest.webmanifest"


def manifest_url(language: str) -> str:
    """The installable app's manifest in a language (browsers fetch it without cookies)."""
    return f"{MANIFEST}?lang={language}"


OFFLINE = "/offline/{language}"


def offline_url(language: str) -> str:
    """A language's offline page, which the service worker keeps."""
    return OFFLINE.format(language=language)


def shared_link(request: Request, path: str) -> str:
    """`path` as a link a player sends to others: under the site's public address when the
    server was given one (`Settings.public_url`), otherwise under the address this request
    came to."""
    origin = request.app.state.settings.public_url or str(request.base_url)
    return f"{origin.rstrip('/')}{path}"
