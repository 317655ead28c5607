"""Every word a player reads goes through gettext.

Each page a player can reach is rendered with a pseudo-translation: every message comes back
as `⟦message⟧`, and every value put into one of its `%(name)s` placeholders is framed as
`⟨value⟩`. Then every visible text of the page and every attribute a browser or the script
shows (`title`, `aria-label`, `alt`, `placeholder`, the confirmation and counter texts) must
lie inside the marks, the values framed in them included. What no language translates is
allowed outside: the players' names, card ranks and suits, numbers, the rule sets' names,
month and weekday names written by Babel, the brand and the language picker's own names.
Every message the pages asked for must also be one that the extraction finds (a message only
the code knows would never reach a catalog).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import cache
from gettext import NullTranslations
from pathlib import Path

import httpx
import pytest
from babel import Locale
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

import app.languages.i18n
from app.languages.i18n import LANGUAGES
from app.operations.ratelimit import Limits
from app.storage.models import DailyPar, GameRow, HandReview, Player
from bots.levels import LEVELS
from engine import PRESETS, with_toggles
from tests.web.driver import (
    HTMX,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    play_game,
    post_action,
    start_game,
)
from tests.web.helpers.catalogs import site_messages
from tests.web.helpers.daily import (
    DAY,
    browsers,
    daily_settings,
    fair_play_checked,
    game_id,
    running,
    start_daily,
)
from tests.web.helpers.fair_play import add_attempts, hold
from tests.web.helpers.leaderboard import add_finished_attempts
from tests.web.helpers.leaks import (
    PAGAT_ON,
    Node,
    first_seed,
    human_with_both_queens,
    parse,
    poor_east_only,
    poor_human,
    preferring,
    use_rules,
)
from tests.web.seeded_attempts import Seeded, days, player_of, seed_attempts

OPEN, CLOSE = "⟦", "⟧"
"""Around every translated message."""
SLOT_OPEN, SLOT_CLOSE = "⟨", "⟩"
"""Around every value put into a message: it must be translated (or allowed) by itself."""
PLACEHOLDER = re.compile(r"%\(\w+\)s")
SCRIPT_PLACEHOLDER = re.compile(r"\{\w+\}")
"""Where the script puts a number into a text the page gave it (`{n}`)."""
SHOWN_ATTRIBUTES = (
    "title",
    "aria-label",
    "alt",
    "placeholder",
    "data-confirm",
    "data-template",
    "data-confirm-call",
    "data-confirm-yes",
)
"""Attributes whose text a player reads or hears (the last two through the script)."""
NICKNAME = "Zoltar"
NAMES = {"Doko", "Lena", "Jonas", "Emma", NICKNAME, "P0", "P1", "P2", "P3", "P4"}
"""The brand and the players: the bots, the test's own nickname and those of
`add_finished_attempts` and `add_attempts`."""
CODES = {"pagat", "ddv", *LEVELS.values()}
"""The rule sets' and the bots' names."""
ECHOED = {"skat", "many"}
"""What the test typed into a form, shown back in the message that refuses it."""
CARD_RANKS = {"A", "K", "Q", "J"}
TOKEN = re.compile(r"[^\W_]+")
LETTER = re.compile(r"[^\W\d_]")


def _babel_names() -> set[str]:
    """Month and weekday names as Babel writes English dates."""
    locale = Locale.parse("en")
    names: set[str] = set()
    for table in (locale.months, locale.days):
        for width in table.values():
            for forms in width.values():
                names.update(forms.values())
    return names


ALLOWED = {
    token
    for text in NAMES | CODES | ECHOED | CARD_RANKS | _babel_names()
    for token in TOKEN.findall(text)
}


def words_in(text: str) -> list[str]:
    """The tokens of `text` with a letter in them that are not allowed."""
    return [t for t in TOKEN.findall(text) if LETTER.search(t) and t not in ALLOWED]


# ---- the pseudo-translation ------------------------------------------------------------------


def mark(message: str) -> str:
    return OPEN + PLACEHOLDER.sub(lambda m: SLOT_OPEN + m.group(0) + SLOT_CLOSE, message) + CLOSE


class Pseudo(NullTranslations):
    """A language in which every message is its English text, marked. It remembers what it
    was asked for: a message the extraction does not find would stay English in every
    language (`_(text)` of a text nobody marked with `N_`)."""

    asked: set[str | tuple[str, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        return mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return mark(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((context, msgid1))
        return mark(msgid1 if n == 1 else msgid2)


@cache
def extracted() -> frozenset[str | tuple[str, str]]:
    return frozenset(site_messages())


@pytest.fixture(autouse=True)
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every language is the pseudo-language while a test of this module runs."""
    _forget_languages()
    Pseudo.asked = set()
    monkeypatch.setattr(app.languages.i18n, "translations", lambda language: Pseudo())
    yield
    monkeypatch.undo()
    _forget_languages()


def _forget_languages() -> None:
    app.languages.i18n.template_words.cache_clear()
    app.languages.i18n.writing.cache_clear()


# ---- the check -------------------------------------------------------------------------------


def bare_text(text: str) -> str:
    """What of `text` is not translated: outside every message, or in a value put into one."""
    stack: list[str] = []
    bare: list[str] = []
    for char in text:
        if char in (OPEN, SLOT_OPEN):
            stack.append(char)
            bare.append(" ")
        elif char in (CLOSE, SLOT_CLOSE):
            assert stack and stack.pop() == (OPEN if char == CLOSE else SLOT_OPEN), text
            bare.append(" ")
        elif not stack or stack[-1] == SLOT_OPEN:
            bare.append(char)
    assert not stack, f"unbalanced marks in {text!r}"
    return "".join(bare)


LINK = re.compile(r"\bhttps?://\S+")
"""A link written out (the result to share ends with one): an address, no word of a
language."""


def untranslated(text: str) -> list[str]:
    """The words of `text` that should have gone through gettext."""
    return words_in(bare_text(text))


def exempt(node: Node) -> bool:
    """Elements whose text is no word of a language: code (rule-set keys, hashes, a
    command), a single key on the keyboard, the language picker (each name in its own
    language) and the code of the language in use on the header menu's button, scripts and
    styles."""
    if node.tag in ("code", "script", "style"):
        return True
    if node.tag == "kbd" and len(node.text().strip()) == 1:
        return True
    if node.tag == "span" and "menu-language" in node.classes:
        return node.text().strip().lower() in LANGUAGES
    return node.tag == "nav" and "languages" in node.classes


def texts_in_order(node: Node) -> Iterator[str]:
    """The texts under `node` in document order, leaving out the exempt elements."""
    for child in node.children:
        if isinstance(child, str):
            yield child
        elif not exempt(child):
            yield from texts_in_order(child)


def problems(body: str) -> list[str]:
    """Every untranslated word of a page, with where it was found."""
    root = parse(body)
    found = []
    flow = "\n".join(texts_in_order(root))
    for line in bare_text(flow).splitlines():
        if words_in(LINK.sub(" ", line)):
            found.append(f"text {line.strip()!r}")
    for node in root.walk(skip=exempt):
        for name in SHOWN_ATTRIBUTES:
            value = SCRIPT_PLACEHOLDER.sub("", node.attrs.get(name, ""))
            if value and untranslated(value):
                found.append(f"<{node.tag} {name}={value!r}>")
    return found


class Pages:
    """The pages a test has seen, checked together so that one run names every problem."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}

    def see(self, name: str, response: httpx.Response, status: int = 200) -> str:
        assert response.status_code == status, (name, response.status_code, response.text[:500])
        assert OPEN in response.text, f"{name}: not rendered in the pseudo-language"
        missing = problems(response.text)
        if missing:
            self.found[name] = missing
        return response.text

    def check(self) -> None:
        report = "\n".join(
            f"{name}:\n  " + "\n  ".join(dict.fromkeys(missing))
            for name, missing in self.found.items()
        )
        assert not self.found, f"untranslated words:\n{report}"
        unknown = Pseudo.asked - extracted()
        assert not unknown, f"translated but never extracted: {sorted(map(str, unknown))}"


@pytest.fixture
def pages() -> Iterator[Pages]:
    seen = Pages()
    yield seen
    seen.check()


# ---- the check itself ------------------------------------------------------------------------


def test_the_check_finds_english_outside_the_marks() -> None:
    assert untranslated("⟦Hint: ⟨Q♣⟩⟧") == []
    assert untranslated("⟦Re⟧ Lena 12 March") == []
    assert untranslated("⟦Rules⟧ change") == ["change"]
    assert untranslated("⟦⟨normal⟩ opponents⟧") == ["normal"]
    assert untranslated("⟦⟨⟦Re⟧⟩ wins⟧") == []
    page = '<p title="Dealer">⟦x⟧</p><nav class="languages"><abbr title="Deutsch">DE</abbr></nav>'
    assert problems(page) == ["<p title='Dealer'>"]
    assert problems("<p>⟦Card points: <strong>⟨Re⟩</strong>⟧</p>") == ["text 'Re'"]


# ---- the pages -------------------------------------------------------------------------------


def key_of(preset: str, **toggles: object) -> str:
    return with_toggles(PRESETS[preset], toggles).key


HOW_TO_PLAY_RULES = [
    key_of("pagat"),
    key_of("ddv"),
    key_of(
        "pagat",
        without_nines=True,
        schweinchen=True,
        second_dulle_beats_first=True,
        soloist_leads=True,
        late_reply_allows_more=False,
        charlie_capture=False,
        armut=False,
    ),
    key_of("ddv", hochzeit_deadline_shift="tricks_minus_one", late_reply_allows_more=True),
]


def test_home_and_how_to_play(client: TestClient, pages: Pages) -> None:
    pages.see("home, first visit", client.get("/"))
    pages.see("how to play", client.get("/how-to-play"))
    for key in HOW_TO_PLAY_RULES:
        client.cookies.set("doko_rules", key)
        pages.see(f"how to play {key}", client.get("/how-to-play"))
    client.cookies.delete("doko_rules")
    url = start_game(client, "words-home")
    pages.see("home with a game to continue", client.get("/"))
    pages.see("table, reservations", client.get(url))


def test_a_whole_game_at_the_table(client: TestClient, pages: Pages) -> None:
    """Two hands with announcements: every fragment htmx gets, and the pages around it."""
    use_rules(client, "pagat", PAGAT_ON, 2)
    url = start_game(client, "words-game")

    def choose(actions: list[str]) -> str:
        calls = [action for action in actions if action.startswith("announce ")]
        return calls[0] if calls else default_choice(actions)

    bodies = play_game(client, url, choose)
    for number, body in enumerate(bodies):
        pages.see(f"table step {number}", httpx.Response(200, text=body))
    pages.see("table at the end, whole page", client.get(url))


def test_refusals_and_hints_at_the_table(client: TestClient, pages: Pages) -> None:
    url = start_game(client, "words-refusals")
    body = client.get(url).text
    stale = {"version": str(page_version(body) + 5), "action": "healthy"}
    pages.see("stale click", client.post(f"{url}/actions", data=stale, headers=HTMX), 409)
    wrong = {"version": str(page_version(body)), "action": "play QC"}
    pages.see("refused action", client.post(f"{url}/actions", data=wrong, headers=HTMX), 422)
    nonsense = {"version": str(page_version(body)), "action": "dance"}
    pages.see("action not understood", client.post(f"{url}/actions", data=nonsense), 400)
    body = post_action(client, url, body, "healthy").text
    while "data-hint" not in body:
        body = post_action(client, url, body, default_choice(data_actions(body))).text
    version = {"version": str(page_version(body))}
    pages.see("hint", client.post(f"{url}/hint", data=version, headers=HTMX))
    pages.see("hint, whole page", client.post(f"{url}/hint", data=version))


ARMUT_AND_HOCHZEIT = [
    ("words-poor", poor_human, ("armut",)),
    ("words-accept", poor_east_only, ("armut-accept",)),
    ("words-decline", poor_east_only, ("armut-decline",)),
    ("words-hochzeit", human_with_both_queens, ("hochzeit",)),
]


@pytest.mark.parametrize(("prefix", "fits", "choices"), ARMUT_AND_HOCHZEIT)
def test_armut_and_hochzeit(
    app: FastAPI,
    client: TestClient,
    pages: Pages,
    prefix: str,
    fits: object,
    choices: tuple[str, ...],
) -> None:
    use_rules(client, "pagat", PAGAT_ON, 1)
    url = start_game(client, first_seed(prefix, fits))  # type: ignore[arg-type]
    body = client.get(url).text
    choose = preferring(*choices)
    for step in range(30):
        if hand_is_over(body):
            break
        body = pages.see(
            f"{prefix} step {step}", post_action(client, url, body, choose(data_actions(body)))
        )
    add_review(app, game_id(url), "done")
    pages.see(f"{prefix} review", client.get(f"{url}/hands/1/review"))


def test_the_review_in_each_state(app: FastAPI, client: TestClient, pages: Pages) -> None:
    use_rules(client, "pagat", PAGAT_ON, 1)
    url = start_game(client, "words-review")
    play_game(client, url)
    game = game_id(url)
    add_review(app, game, "pending")
    pages.see("review, pending", client.get(f"{url}/hands/1/review"))
    pages.see("review step 3", client.get(f"{url}/hands/1/review?step=3"))
    set_review(app, game, "failed")
    pages.see("review, failed", client.get(f"{url}/hands/1/review", headers=HTMX))
    set_review(app, game, "done")
    pages.see("review, done", client.get(f"{url}/hands/1/review?step=12"))
    pages.see("review, no such step", client.get(f"{url}/hands/1/review?step=13"), 400)


DECISIONS = [
    ("healthy", "healthy", 0, 0.0, True),
    ("announce re", "play QC", 1, 2.0, False),
    ("play AH", "play 10H", 2, 0.7, False),
    ("play KS", "play KS", 5, 0.0, False),
]


def _decisions() -> list[dict[str, object]]:
    return [
        {
            "index": index,
            "trick": trick,
            "kind": "card",
            "chosen": chosen,
            "best": best,
            "expected_chosen": 1.0 - loss,
            "expected_best": 1.0,
            "loss": loss,
            "spread": 0.2,
            "forced": forced,
            "options": [{"action": chosen, "expected": 1.0 - loss, "spread": 0.2}],
        }
        for index, (chosen, best, trick, loss, forced) in enumerate(DECISIONS)
    ]


def add_review(app: FastAPI, game: str, status: str) -> None:
    with app.state.sessions() as session:
        session.add(
            HandReview(
                game_id=game,
                hand=1,
                status=status,
                evaluator="search-v1/test",
                decisions=_decisions()[:2],
                decisions_total=len(DECISIONS),
                started_at=datetime.now(UTC),
            )
        )
        session.commit()


def set_review(app: FastAPI, game: str, status: str) -> None:
    with app.state.sessions() as session:
        review = session.get(HandReview, (game, 1))
        assert review is not None
        review.status = status
        review.decisions = _decisions()
        review.loss, review.loss_spread = 2.7, 0.35
        review.started_at = datetime.now(UTC)
        session.commit()


def test_rules_and_error_pages(client: TestClient, pages: Pages) -> None:
    pages.see("404", client.get("/no-such-page"), 404)
    pages.see("404 htmx", client.get("/games/nothing", headers=HTMX), 404)
    pages.see("400 seed", client.post("/games", data={"seed": "no seed!"}), 400)
    pages.see("400 form", client.post("/games/x/actions", data={"action": "healthy"}), 400)
    pages.see("400 query", client.get("/leaderboard?day=yesterday"), 400)
    pages.see("404 language", client.get("/language?lang=xx"), 404)
    no_boundary = {"content-type": "multipart/form-data"}
    pages.see("400 multipart", client.post("/games", content=b"x", headers=no_boundary), 400)
    fields = {f"f{number}": "" for number in range(1001)}  # more fields than read, under 8 KiB
    pages.see("400 fields", client.post("/games", data=fields), 400)
    bad_rules = [
        {"preset": "skat"},
        {"preset": "pagat", "hands_per_game": "many"},
        {"preset": "pagat", "scoring": "x" * 30},
        {"preset": "pagat", "scoring": "golf"},
    ]
    for form in bad_rules:
        pages.see(f"rules {form}", client.post("/rules", data=form), 400)
    pages.see("level", client.post("/rules", data={"preset": "pagat", "level": "god"}), 400)
    pages.see("nickname, no game", client.post("/players/nickname", data={"nickname": "Abc"}), 400)
    for nickname in ("", "x" * 30, "a<b", "Lеna", "Lena", "a\u200bb"):
        answer = client.post("/players/nickname", data={"nickname": nickname})
        pages.see(f"nickname {nickname!r}", answer, 400)


def test_the_offline_pages(client: TestClient, pages: Pages) -> None:
    """The pages the service worker keeps, one per language (app/web/install.py)."""
    for code in LANGUAGES:
        pages.see(f"offline page {code}", client.get(f"/offline/{code}"))


def test_too_many_requests(tmp_path: Path, pages: Pages) -> None:
    limits = Limits(
        starts_per_player=1, starts_per_ip=100, actions_per_player=1, actions_per_ip=100
    )
    with (
        running(daily_settings(tmp_path, limits=limits)) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_game(client)
        pages.see("429 start", client.post("/games"), 429)
        body = client.get(url).text
        post_action(client, url, body, "healthy")
        pages.see("429 action", post_action(client, url, body, "healthy"), 429)


# ---- the daily game, the board and the history -----------------------------------------------


def add_par(application: FastAPI, status: str) -> None:
    with application.state.sessions() as session:
        session.merge(
            DailyPar(
                day=DAY,
                rules_key="pagat",
                bot_id="heuristic-v1",
                status=status,
                started_at=datetime.now(UTC),
                total=7 if status == "done" else None,
                hands_won=3 if status == "done" else None,
            )
        )
        session.commit()


@pytest.mark.slow
def test_the_daily_game_the_board_and_the_history(tmp_path: Path, pages: Pages) -> None:
    board = f"/leaderboard?day={DAY.isoformat()}&rules=pagat"
    with (
        running(daily_settings(tmp_path)) as application,
        browsers(application, 2) as (
            client,
            late,
        ),
    ):
        pages.see("history, empty", client.get("/history"))
        add_par(application, "pending")
        pages.see("board, empty, par pending", client.get(board))
        url = start_daily(client)
        pages.see("daily table", client.get(url))
        no_hint = {"version": str(page_version(client.get(url).text))}
        pages.see("no hint in a daily", client.post(f"{url}/hint", data=no_hint), 403)
        bodies = play_game(client, url)
        pages.see("daily over, nickname", httpx.Response(200, text=bodies[-1]))
        answer = client.post("/players/nickname", data={"nickname": NICKNAME, "back": board})
        pages.see("nickname saved: the board", answer)
        add_finished_attempts(application, [3, -4, 12])
        add_par(application, "done")
        late_url = start_daily(late)
        post_action(late, late_url, late.get(late_url).text, "healthy")
        pages.see("board with rows", client.get(board))
        again = client.post("/daily/pagat", follow_redirects=False)
        pages.see("the daily deals played today", again, 403)
        pages.see("record kept back", client.get(f"{url}/hands/1/record.json"), 403)
        pages.see("review kept back", client.get(f"{url}/hands/1/review"), 403)
        kept_back = client.get(f"{url}/hands/1/review", headers=HTMX)
        pages.see("review kept back, htmx", kept_back, 403)
        new = start_game(client, "words-history")
        post_action(client, new, client.get(new).text, "healthy")
        version = {"version": str(page_version(client.get(new).text))}
        client.post(f"{new}/hint", data=version, headers=HTMX)
        add_history_review(application, game_id(url))
        pages.see("history", client.get("/history"))
        pages.see("history of the late player", late.get("/history"))
        fair_play_checked(application)
        hold(application, url)
        add_attempts(application, ["held", "disqualified"], [9, 8], first=3)
        pages.see("board with held rows", client.get(board))
        pages.see("daily table, held", client.get(url))
        pages.see("history, held", client.get("/history"))
        pages.see("fair play", client.get("/fair-play"))
        cookies = dict(late.cookies)

    closed = datetime.combine(DAY + timedelta(days=2), datetime.min.time(), UTC)
    with (
        running(daily_settings(tmp_path, at=closed)) as application,
        TestClient(application, cookies=cookies) as client,
    ):
        pages.see("history with a closed attempt", client.get("/history"))
        pages.see("closed table", client.get(late_url))
        body = client.get(late_url).text
        action = {"version": str(page_version(body)), "action": "play QC"}
        pages.see("closed: refused", client.post(f"{late_url}/actions", data=action), 409)
        pages.see("board of a closed day", client.get(board))
        unplayed = f"/leaderboard?day={(DAY - timedelta(days=1)).isoformat()}&rules=pagat"
        pages.see("board of a day nobody played", client.get(unplayed))
        pages.see("a day to come", client.get(f"/leaderboard?day={(DAY + timedelta(days=9))}"), 404)
        pages.see("a year ago", client.get("/leaderboard?day=2020-01-01"), 404)
        pages.see("no such daily", client.post("/daily/skat"), 404)


def test_a_start_past_the_address_cap(tmp_path: Path, pages: Pages) -> None:
    """The page says why the daily deals are not dealt: the address's ranked games were
    taken."""
    settings = replace(daily_settings(tmp_path), ranked_per_address=1)
    with running(settings) as application, browsers(application, 2) as (first, capped):
        start_daily(first)
        refused = capped.post("/daily/pagat", follow_redirects=False)
        pages.see("the network's daily games played", refused, 403)


def add_history_review(application: FastAPI, game: str) -> None:
    with application.state.sessions() as session:
        row = session.get(GameRow, game)
        assert row is not None
        session.add(
            HandReview(
                game_id=game,
                hand=1,
                status="done",
                evaluator="search-v1/test",
                decisions=_decisions(),
                decisions_total=len(DECISIONS),
                loss=2.7,
                loss_spread=0.35,
                finished_at=datetime.now(UTC),
            )
        )
        session.commit()


def declined_by_everybody(client: TestClient, pages: Pages) -> str:
    """A game whose first deal is an Armut that the human and both bots decline."""
    decline = preferring("armut-decline")
    for attempt in range(20):
        url = start_game(client, first_seed(f"words-redeal-{attempt}", poor_east_only))
        body = client.get(url).text
        while not any(action.startswith("play ") for action in data_actions(body)):
            body = post_action(client, url, body, decline(data_actions(body))).text
            if "dealt again" in body:
                pages.see("redealt", httpx.Response(200, text=body))
                return url
    raise AssertionError("no Armut that everybody declines")


def test_an_armut_that_everybody_declines(app: FastAPI, client: TestClient, pages: Pages) -> None:
    use_rules(client, "pagat", PAGAT_ON, 1)
    url = declined_by_everybody(client, pages)
    add_review(app, game_id(url), "done")
    pages.see("review of a redeal", client.get(f"{url}/hands/1/review"))
    pages.see("history with a redeal", client.get("/history"))


def test_the_streak_and_the_week_and_month_boards(tmp_path: Path, pages: Pages) -> None:
    """A player placed on both boards, one too short of days (the viewer, with its streak),
    an empty board, and the periods refused."""
    with (
        running(daily_settings(tmp_path)) as application,
        browsers(application, 1) as (client,),
    ):
        me = player_of(application, client)
        placed = [Seeded("f" * 32, day, 2) for day in days(DAY - timedelta(days=13), 14)]
        mine = [Seeded(me, day, -1) for day in days(DAY - timedelta(days=2), 3)]
        with application.state.sessions() as session:
            seed_attempts(session, placed + mine)
            session.execute(update(Player).values(nickname=NICKNAME).where(Player.id == "f" * 32))
            session.commit()
        pages.see("home with a streak", client.get("/"))
        pages.see("history with a streak", client.get("/history"))
        for kind in ("week", "month"):
            pages.see(f"{kind}'s board", client.get(f"/leaderboard/{kind}?rules=pagat"))
            empty = f"/leaderboard/{kind}?day=2023-04-01&rules=ddv"
            pages.see(f"{kind}'s board, empty", client.get(empty))
        pages.see("no such board", client.get("/leaderboard/year"), 404)


def test_the_challenge_pages(
    app: FastAPI, client: TestClient, other: TestClient, pages: Pages
) -> None:
    url = start_game(client, "words-challenge")
    end = play_game(client, url)[-1]
    assert f'action="{url}/challenge"' in end
    made = client.post(f"{url}/challenge", follow_redirects=False)
    board_url = made.headers["location"]
    link = board_url.rsplit("/", 1)[1]
    pages.see("challenge board, its maker finished", client.get(board_url))
    pages.see("challenge board, a visitor", other.get(board_url))
    game = other.post(f"/challenges/{link}/play", follow_redirects=False).headers["location"]
    pages.see("challenge table", other.get(game))
    pages.see("challenge board, part way", other.get(board_url))
    play_game(other, game)
    pages.see("challenge table at the end", other.get(game))
    pages.see("challenge board, finished", other.get(board_url))
    pages.see("challenge named", client.post(f"/challenges/{link}/name", data={"name": NICKNAME}))
    pages.see(
        "challenge name refused",
        client.post(f"/challenges/{link}/name", data={"name": "Lena"}),
        400,
    )
    pages.see("challenge unknown", client.get("/challenges/" + "x" * 24), 404)
    pages.see("home with new challenge", client.get("/"))
    pages.see("history with challenges", other.get("/history"))
