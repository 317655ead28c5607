"""Route tests of the web table through a TestClient, each on a throwaway SQLite database.

They check what a browser relies on: pages and friendly errors, the signed player cookie,
seeded deals, the action protocol (versions, 409/422/400, htmx fragments, redirects), that
every accepted action is stored before the answer, the hand and game flow with downloadable
hand records, and the Rules dialog's cookie.
"""

from __future__ import annotations

import base64
import html
import json
import re
import time
from collections import Counter
from collections.abc import Callable

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from itsdangerous import TimestampSigner
from sqlalchemy import select

from app.languages.i18n import LANGUAGE_COOKIE, translations
from app.languages.words import card_name
from app.operations.settings import Settings
from app.play.clicks import STALE
from app.play.hints import NOTHING_TO_DECIDE
from app.storage.models import Player
from app.table.rules_form import LABELS, TOGGLE_FIELDS
from app.web.factory import create_app
from engine import Card, CardSet, Contract, RuleSet, card_order, deal, deck
from engine.announcements import Step, deadline
from engine.deal import dealer_of
from engine.replay import run as replay
from engine.rules import TOGGLES
from tests.web.driver import (
    HTMX,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    pickable_cards,
    play_game,
    post_action,
    start_game,
)
from tests.web.helpers.leaks import PAGAT_ON
from tests.web.helpers.rules_shown import named_rules

NORMAL = card_order(Contract.NORMAL)
SEAT_NAMES = ("You", "Lena", "Jonas", "Emma")
RANKS = {"Ace": "A", "Ten": "10", "King": "K", "Queen": "Q", "Jack": "J", "Nine": "9"}
SUITS = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
CARD_NAME = re.compile(r"\b(Ace|Ten|King|Queen|Jack|Nine) of (clubs|spades|hearts|diamonds)\b")
HAND_REGION = re.compile(r'<div class="hand"[^>]*>(.*?)</div>', re.DOTALL)
ALERT = re.compile(r'<[^>]*\brole="alert"[^>]*>([^<]*)<', re.DOTALL)


# ---- reading pages ------------------------------------------------------------------------


def card_code(name: tuple[str, str]) -> str:
    rank, suit = name
    return RANKS[rank] + SUITS[suit]


def hand_markup(body: str) -> str:
    match = HAND_REGION.search(body)
    assert match is not None, "no hand on the page"
    return match.group(1)


def hand_of(body: str) -> Counter[str]:
    """The human's cards as shown in the hand (each card control names one card once)."""
    names = re.findall(r'aria-label="([^"]*)"', hand_markup(body))
    cards = [card_code(m.groups()) for name in names if (m := CARD_NAME.match(name))]
    assert len(cards) == len(names), names
    return Counter(cards)


def hand_counter(body: str) -> tuple[int, int]:
    """(hand number, hands per game) from the contract line, e.g. "hand 2 of 8"."""
    gap = r"(?:\s|&nbsp;)+"
    match = re.search(rf"hand{gap}(\d+){gap}of{gap}(\d+)", body)
    assert match is not None, "no hand counter on the page"
    return int(match.group(1)), int(match.group(2))


def alert_of(body: str) -> str | None:
    match = ALERT.search(body)
    return match.group(1).strip() if match else None


def is_fragment(body: str) -> bool:
    """An htmx answer: the `#table` element itself, no page around it."""
    return body.lstrip().startswith('<div id="table"') and "<html" not in body


def game_state(body: str) -> tuple[int, list[str], Counter[str]]:
    """What must not change when a request is refused: version, offered actions, hand."""
    return page_version(body), sorted(data_actions(body)), hand_of(body)


def cookie_header(response: httpx.Response, name: str) -> str:
    headers = [h for h in response.headers.get_list("set-cookie") if h.startswith(f"{name}=")]
    assert len(headers) == 1, response.headers.get_list("set-cookie")
    return headers[0]


def cookie_value(response: httpx.Response, name: str) -> str:
    """The value as a browser sends it back, quotes removed as the server's parser does
    (`=` in a rules key makes the cookie a quoted string)."""
    value = cookie_header(response, name).split(";")[0].split("=", 1)[1]
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value


def trumps_in(cards: CardSet) -> int:
    return sum(1 for card in cards if NORMAL.is_trump(card))


def act(client: TestClient, url: str, version: int, action: str) -> httpx.Response:
    """An htmx action post with an explicit version (for stale and illegal requests)."""
    data = {"version": str(version), "action": action}
    return client.post(f"{url}/actions", data=data, headers=HTMX)


def advance(client: TestClient, url: str, until: Callable[[str], bool], limit: int = 60) -> str:
    """Plays default choices (healthy, first playable card) until `until(page)` holds."""
    body = client.get(url).text
    for _ in range(limit):
        if until(body):
            return body
        assert not hand_is_over(body), "the hand ended before the wanted moment"
        response = post_action(client, url, body, default_choice(data_actions(body)))
        assert response.status_code == 200, response.text[:2000]
        body = response.text
    raise AssertionError("the wanted moment never came")


def in_play(body: str) -> bool:
    return any(action.startswith("play ") for action in data_actions(body))


def must_follow(body: str) -> bool:
    """The human's turn with some card not playable (following suit is required)."""
    return in_play(body) and "not playable now" in hand_markup(body)


# ---- pages --------------------------------------------------------------------------------


def test_home_page_offers_a_new_game(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    form = re.search(r'<form method="post" action="/games">(.*?)</form>', response.text, re.S)
    assert form is not None
    assert re.search(r'<button type="submit"[^>]*>\s*New game\s*</button>', form.group(1))
    assert "Continue your game" not in response.text


def test_home_page_offers_to_continue_a_started_game(client: TestClient) -> None:
    url = start_game(client)
    page = client.get("/").text
    assert f'href="{url}"' in page
    assert "Continue your game" in page


@pytest.mark.parametrize("path", ["/no-such-page", "/games/0123456789abcdef", "/static/nope.css"])
def test_unknown_page_is_a_friendly_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html"), response.text[:300]
    assert "<html" in response.text
    assert 'href="/"' in response.text


def test_a_method_a_page_does_not_take_is_refused_with_the_allowed_ones(
    client: TestClient,
) -> None:
    response = client.post("/how-to-play")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD", "HEAD is answered as GET (app.operations.head)"
    assert "<html" in response.text


def test_another_players_game_is_not_found(client: TestClient, other: TestClient) -> None:
    start_game(other)
    url = start_game(client)
    body = client.get(url).text
    version = page_version(body)
    responses = [
        other.get(url),
        other.post(f"{url}/actions", data={"version": str(version), "action": "healthy"}),
        other.post(f"{url}/next", data={"version": str(version)}),
        other.get(f"{url}/hands/1/record.json"),
    ]
    for response in responses:
        assert response.status_code == 404, (response.request.url, response.text[:500])
        assert 'href="/"' in response.text
    assert f'href="{url}"' not in other.get("/").text
    assert game_state(client.get(url).text) == game_state(body)


def test_new_game_redirects_to_its_table(client: TestClient) -> None:
    response = client.post("/games", follow_redirects=False)
    assert response.status_code == 303
    assert re.fullmatch(r"/games/[A-Za-z0-9_-]+", response.headers["location"])
    table = client.get(response.headers["location"])
    assert table.status_code == 200
    assert 'id="table"' in table.text
    assert sum(hand_of(table.text).values()) == 12


# ---- the language picker ------------------------------------------------------------------


@pytest.mark.parametrize(
    "query", ["day={today}&rules=ddv", "rules=ddv", "rules=pagat&note=1%262+%2F%2Fx.example"]
)
def test_a_language_link_comes_back_to_the_same_page_and_query(
    app: FastAPI, client: TestClient, query: str
) -> None:
    """The board of another day, or a review's step, stays what was shown."""
    here = "/leaderboard?" + query.format(today=app.state.settings.today().isoformat())
    page = client.get(here)
    assert page.status_code == 200
    link = re.search(r'<a href="(/language\?[^"]*)" lang="de"', page.text)
    assert link is not None, "the page links to its German version"
    response = client.get(html.unescape(link.group(1)), follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == here


def test_a_language_link_comes_back_to_a_long_address(client: TestClient) -> None:
    """A page address far longer than the site's own (a query string of 600 characters)
    still comes back: it used to be refused with a 400."""
    back = "/leaderboard?rules=pagat&note=" + "x" * 600
    response = client.get("/language", params={"lang": "de", "back": back}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == back


@pytest.mark.parametrize(
    "back",
    [
        "https://evil.example/",
        "//evil.example/",
        "///evil.example/",
        "/\\evil.example/",
        "/\t/evil.example/",
        "evil.example",
        "?back=//evil.example",
    ],
)
def test_a_language_link_never_leads_off_the_site(client: TestClient, back: str) -> None:
    response = client.get("/language", params={"lang": "de", "back": back}, follow_redirects=False)
    assert response.status_code == 303
    location = response.headers["location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\")), location


# ---- the player cookie --------------------------------------------------------------------


def test_player_cookie_is_http_only_and_same_site_lax(client: TestClient) -> None:
    response = client.post("/games", follow_redirects=False)
    header = cookie_header(response, "doko_player").lower()
    attributes = {part.strip().split("=")[0] for part in header.split(";")[1:]}
    assert "httponly" in attributes
    assert "samesite=lax" in header.replace(" ", "")


def session_payload(cookie: str) -> dict[str, object]:
    """The readable (signed, not encrypted) part of a Starlette session cookie."""
    payload = cookie.split(".")[0]
    decoded: dict[str, object] = json.loads(base64.b64decode(payload + "=" * (-len(payload) % 4)))
    return decoded


def fresh_client(app: FastAPI, cookie: str) -> TestClient:
    test_client = TestClient(app)
    test_client.cookies.set("doko_player", cookie, domain="testserver.local")
    return test_client


def tampered_signature(cookie: str) -> str:
    """The cookie with the first character of its signature changed. (The last character of
    a base64 signature may carry unused bits, so changing it can leave the signature valid.)"""
    head, _, signature = cookie.rpartition(".")
    first = "A" if signature[0] != "A" else "B"
    return f"{head}.{first}{signature[1:]}"


def forged_payload(victim: str, own: str) -> str:
    """The victim's readable payload with the forger's own (valid, but other) signature."""
    return victim.split(".")[0] + "." + own.split(".", 1)[1]


def signed_session(secret: str, payload: object, at: int | None = None) -> str:
    """A session cookie signed with the server's own secret, as Starlette signs one (at the
    Unix time `at`, by a server whose clock says so; now by default)."""
    data = base64.b64encode(json.dumps(payload).encode())
    signer = TimestampSigner(secret)
    if at is not None:
        signer.get_timestamp = lambda: at  # type: ignore[method-assign]
    return signer.sign(data).decode()


@pytest.mark.parametrize("ahead", [3, 600])
def test_a_cookie_signed_by_a_server_whose_clock_runs_ahead_keeps_its_player(
    app: FastAPI, client: TestClient, ahead: int
) -> None:
    """Several servers share the players: one whose clock lags the server that signed the
    cookie read it as signed in the future and made the browser a new player, its games out
    of reach (an outside check, a cookie signed 2 s ahead)."""
    game = start_game(client)
    player = session_payload(client.cookies["doko_player"])["player"]
    cookie = signed_session(app.state.settings.secret, {"player": player}, int(time.time()) + ahead)
    with fresh_client(app, cookie) as later:
        assert later.get(game).status_code == 200, "the player's own game"
        start_game(later)
        assert session_payload(later.cookies["doko_player"])["player"] == player
    assert [row.id for row in stored_players(app)] == [player]


@pytest.mark.parametrize("ahead", [2**40, 2 * 24 * 3600])
def test_a_cookie_signed_at_a_time_no_clock_shows_is_a_new_player(
    app: FastAPI, client: TestClient, ahead: int
) -> None:
    """A time past what a date holds raised inside the session middleware: a 500 on every
    page. Days ahead of this server's clock, it came from a broken signer."""
    game = start_game(client)
    player = session_payload(client.cookies["doko_player"])["player"]
    cookie = signed_session(app.state.settings.secret, {"player": player}, int(time.time()) + ahead)
    with fresh_client(app, cookie) as odd:
        assert odd.get("/").status_code == 200
        assert odd.get(game).status_code == 404, "not the player's"


@pytest.mark.parametrize("payload", [{"player": ""}, {"player": "../x"}, {"player": 7}])
def test_a_signed_cookie_without_a_made_id_is_a_new_player(app: FastAPI, payload: object) -> None:
    """Only the server's secret signs these: an operator's slip or a leaked secret must not
    store players nobody's id could name."""
    cookie = signed_session(app.state.settings.secret, payload)
    with fresh_client(app, cookie) as odd:
        assert odd.get("/").status_code == 200
        own_url = start_game(odd)
        assert odd.get(own_url).status_code == 200
        new_id = session_payload(odd.cookies["doko_player"])["player"]
    assert isinstance(new_id, str) and re.fullmatch(r"[0-9a-f]{32}", new_id)
    assert [player.id for player in stored_players(app)] == [new_id]


@pytest.mark.parametrize("payload", [[1, 2], "player", 5, None])
def test_a_signed_cookie_that_is_no_object_is_a_new_player(
    app: FastAPI, client: TestClient, payload: object
) -> None:
    """Starlette's session middleware raised on any signed JSON but an object: a 500 on every
    page for that browser. The cookie is dropped; the other cookies of the request stay."""
    cookie = signed_session(app.state.settings.secret, payload)
    with fresh_client(app, cookie) as odd:
        odd.cookies.set("doko_rules", "ddv", domain="testserver.local")
        home = odd.get("/")
        assert home.status_code == 200
        rules_line = re.search(r'class="rules-line">(.*?)</p>', home.text, re.DOTALL)
        assert rules_line and "(DDV)" in rules_line[1], "the rules cookie is still read"
        start_game(odd)
        new_id = session_payload(odd.cookies["doko_player"])["player"]
    assert [player.id for player in stored_players(app)] == [new_id]


def test_a_signed_cookie_that_is_not_json_is_a_new_player(app: FastAPI) -> None:
    cookie = TimestampSigner(app.state.settings.secret).sign(b"not base64 json!").decode()
    with fresh_client(app, cookie) as odd:
        assert odd.get("/").status_code == 200
        assert odd.get("/history").status_code == 200


@pytest.mark.parametrize("name", ["doko_player ", "doko_player\t", "\xa0doko_player"])
def test_a_bad_signed_cookie_is_dropped_however_its_name_is_spaced(app: FastAPI, name: str) -> None:
    """Starlette reads the cookie's name with the spaces around it set aside; the guard took
    it out only when written exactly, so `doko_player =…` still made a 500."""
    cookie = signed_session(app.state.settings.secret, [1, 2])
    header = f"{name}={cookie}; doko_rules=ddv".encode("latin-1")
    with TestClient(app) as odd:
        home = odd.get("/", headers={"cookie": header})
    assert home.status_code == 200


def test_a_signed_cookie_nested_past_the_parsers_depth_is_dropped(app: FastAPI) -> None:
    deep = "[" * 5000 + "]" * 5000
    data = base64.b64encode(deep.encode())
    cookie = TimestampSigner(app.state.settings.secret).sign(data).decode()
    with fresh_client(app, cookie) as odd:
        assert odd.get("/").status_code == 200


def stored_players(app: FastAPI) -> list[Player]:
    with app.state.sessions() as session:
        return list(session.scalars(select(Player)))


@pytest.mark.parametrize("forge", ["signature", "payload"])
def test_a_tampered_player_cookie_is_a_new_anonymous_player(
    app: FastAPI, client: TestClient, other: TestClient, forge: str
) -> None:
    url = start_game(client)
    victim = client.cookies["doko_player"]
    assert "player" in session_payload(victim)
    start_game(other)
    cookie = (
        tampered_signature(victim)
        if forge == "signature"
        else forged_payload(victim, other.cookies["doko_player"])
    )
    with fresh_client(app, victim) as honest:
        assert honest.get(url).status_code == 200
    with fresh_client(app, cookie) as forger:
        assert forger.get(url).status_code == 404
        assert "Continue your game" not in forger.get("/").text
        own_url = start_game(forger)
        assert forger.get(url).status_code == 404
        assert forger.get(own_url).status_code == 200
        new_id = session_payload(forger.cookies["doko_player"])["player"]
        assert new_id != session_payload(victim)["player"]
    assert client.get(own_url).status_code == 404


# ---- seeds --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["same-seed-1", "Z_9"])
def test_the_same_seed_deals_the_same_cards(
    client: TestClient, other: TestClient, seed: str
) -> None:
    first = hand_of(client.get(start_game(client, seed)).text)
    second = hand_of(other.get(start_game(other, seed)).text)
    assert first == second
    assert first == Counter(str(card) for card in deal(seed, 0).hands[0])


def test_different_seeds_deal_different_cards(client: TestClient) -> None:
    first = hand_of(client.get(start_game(client, "seed-a")).text)
    second = hand_of(client.get(start_game(client, "seed-b")).text)
    assert first != second


@pytest.mark.parametrize("seed", ["x" * 65, "two words", "a/b", "dot.ted", "ümlaut", "<b>"])
def test_a_bad_seed_is_refused(client: TestClient, seed: str) -> None:
    response = client.post("/games", data={"seed": seed}, follow_redirects=False)
    assert response.status_code == 400
    assert "<html" in response.text
    assert "Continue your game" not in client.get("/").text


# ---- actions ------------------------------------------------------------------------------


def test_a_legal_action_changes_the_state_and_the_version(client: TestClient) -> None:
    url = start_game(client, "legal-play")
    before = advance(client, url, in_play)
    version, hand = page_version(before), hand_of(before)
    card = next(a for a in data_actions(before) if a.startswith("play ")).split()[1]
    response = act(client, url, version, f"play {card}")
    assert response.status_code == 200
    after = response.text
    assert page_version(after) > version
    assert hand_of(after) == hand - Counter([card])
    name = next(n for n in CARD_NAME.finditer(after) if card_code(n.groups()) == card)
    assert f'aria-label="You: {name.group(0)}' in after
    assert game_state(client.get(url).text) == game_state(after)


def test_a_reservation_is_accepted_and_counted(client: TestClient) -> None:
    url = start_game(client, "legal-healthy")
    body = client.get(url).text
    assert "healthy" in data_actions(body)
    response = act(client, url, page_version(body), "healthy")
    assert response.status_code == 200
    assert page_version(response.text) >= page_version(body) + 1
    assert "healthy" not in data_actions(response.text)


@pytest.mark.parametrize("htmx", [True, False])
def test_a_repeated_request_is_stale_and_changes_nothing(client: TestClient, htmx: bool) -> None:
    url = start_game(client, "double-click")
    body = client.get(url).text
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    headers = HTMX if htmx else {}
    first = client.post(f"{url}/actions", data=data, headers=headers, follow_redirects=False)
    assert first.status_code == (200 if htmx else 303)
    current = client.get(url).text
    assert page_version(current) > page_version(body)
    second = client.post(f"{url}/actions", data=data, headers=headers, follow_redirects=False)
    assert second.status_code == 409
    assert is_fragment(second.text) == htmx
    assert game_state(second.text) == game_state(current)
    assert alert_of(second.text)
    assert game_state(client.get(url).text) == game_state(current)


def hint_refused(client: TestClient, case: str) -> tuple[str, str, str]:
    """(table url, the table as it now is, the version a hint is asked on) of a hint that
    cannot be given."""
    url = start_game(client, "hint-refused")
    body = client.get(url).text
    if case == "stale":
        current = post_action(client, url, body, default_choice(data_actions(body))).text
        return url, current, str(page_version(body))
    if case == "nothing to decide":
        over = advance(client, url, hand_is_over, limit=40)
        return url, over, str(page_version(over))
    raise AssertionError(case)


HINT_REFUSALS = {"stale": STALE, "nothing to decide": NOTHING_TO_DECIDE}
TABLE_SWAP = {"HX-Retarget": "#table", "HX-Reswap": "outerHTML"}
"""What tells htmx to swap a hint form's answer in place of the whole table."""


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("case", list(HINT_REFUSALS))
def test_a_hint_that_cannot_be_given_shows_the_table(
    client: TestClient, case: str, htmx: bool
) -> None:
    """Answered like a stale click, not with an error page: the table as it is, with why.
    The hint form targets `#hint`, so htmx is told to swap the whole table instead."""
    url, current, version = hint_refused(client, case)
    headers = HTMX if htmx else {}
    response = client.post(f"{url}/hint", data={"version": version}, headers=headers)
    assert response.status_code == 409
    assert is_fragment(response.text) == htmx
    assert html.unescape(alert_of(response.text) or "") == HINT_REFUSALS[case]
    assert game_state(response.text) == game_state(current)
    swap = {name: response.headers.get(name) for name in TABLE_SWAP}
    assert swap == (TABLE_SWAP if htmx else dict.fromkeys(TABLE_SWAP))


def armut_give_page(client: TestClient) -> tuple[str, str]:
    """A table where the human, having declared Armut, picks three cards to pass (the first
    seed whose deal gives seat 0 at most three trumps and where no bot outbids the Armut)."""
    candidates = (f"armut-{i}" for i in range(400))
    eligible = [seed for seed in candidates if trumps_in(deal(seed, 0).hands[0]) <= 3]
    for seed in eligible[:5]:
        url = start_game(client, seed)
        body = client.get(url).text
        assert "armut" in data_actions(body)
        response = act(client, url, page_version(body), "armut")
        assert response.status_code == 200
        if data_actions(response.text) == ["armut-give"]:
            return url, response.text
    raise AssertionError("no seed led to an Armut exchange")


def illegal_case(client: TestClient, case: str) -> tuple[str, str, dict[str, object]]:
    """(table url, page, form fields) of one illegal request."""
    if case == "unplayable card":
        url = start_game(client, "must-follow")
        body = advance(client, url, must_follow)
        label = re.search(r'aria-label="([^"]*), not playable now"', hand_markup(body))
        assert label is not None
        name = CARD_NAME.match(label.group(1))
        assert name is not None
        card = card_code(name.groups())
        return url, body, {"action": f"play {card}"}
    if case == "card not in hand":
        url = start_game(client, "not-in-hand")
        body = advance(client, url, in_play)
        held = hand_of(body)
        card = next(str(c) for c in deck() if str(c) not in held)
        return url, body, {"action": f"play {card}"}
    if case == "announce in reservations":
        url = start_game(client, "early-call")
        body = client.get(url).text
        return url, body, {"action": "announce re"}
    if case == "announce not offered":
        url = start_game(client, "late-call")
        body = advance(client, url, in_play)
        offered = data_actions(body)
        call = next(c for c in ("announce re", "announce kontra") if c not in offered)
        return url, body, {"action": call}
    if case == "armut-give of two cards":
        url, body = armut_give_page(client)
        cards = [code for code, _ in pickable_cards(body)][:2]
        return url, body, {"action": "armut-give", "cards": cards}
    if case == "armut-give with the cards in the action":
        url, body = armut_give_page(client)
        plain = [code for code, trump in pickable_cards(body) if not trump]
        return url, body, {"action": "armut-give " + " ".join(plain[:3])}
    if case == "armut-give of cards not held":
        url, body = armut_give_page(client)
        held = {code for code, _ in pickable_cards(body)}
        cards = [str(c) for c in deck() if str(c) not in held][:3]
        return url, body, {"action": "armut-give", "cards": cards}
    raise AssertionError(case)


ILLEGAL = [
    "unplayable card",
    "card not in hand",
    "announce in reservations",
    "announce not offered",
    "armut-give of two cards",
    "armut-give with the cards in the action",
    "armut-give of cards not held",
]


@pytest.mark.parametrize("case", ILLEGAL)
def test_an_illegal_action_is_refused_with_a_message(client: TestClient, case: str) -> None:
    url, body, fields = illegal_case(client, case)
    data = {"version": str(page_version(body)), **fields}
    response = client.post(f"{url}/actions", data=data, headers=HTMX)
    assert response.status_code == 422, response.text[:1000]
    assert is_fragment(response.text)
    assert alert_of(response.text)
    assert game_state(response.text) == game_state(body)
    assert game_state(client.get(url).text) == game_state(body)


def refused_cards(fields: dict[str, object]) -> list[str]:
    """The codes of the cards an illegal request names: those picked, else the one played."""
    picked = fields.get("cards")
    return list(picked) if isinstance(picked, list) else [str(fields["action"]).split()[1]]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "case", ["unplayable card", "card not in hand", "armut-give of cards not held"]
)
def test_a_refused_card_is_named_in_words(client: TestClient, case: str, language: str) -> None:
    """The refusal says "Queen of clubs", as the card's label does, not the code `QC`."""
    url, body, fields = illegal_case(client, case)
    client.cookies.set(LANGUAGE_COOKIE, language)
    data = {"version": str(page_version(body)), **fields}
    alert = alert_of(client.post(f"{url}/actions", data=data, headers=HTMX).text)
    assert alert is not None
    for code in refused_cards(fields):
        assert card_name(Card.parse(code), translations(language)) in html.unescape(alert)
        assert not re.search(rf"\b{code}\b", alert), alert


def test_an_illegal_action_without_htmx_shows_the_page(client: TestClient) -> None:
    url = start_game(client, "early-call")
    body = client.get(url).text
    response = client.post(
        f"{url}/actions",
        data={"version": str(page_version(body)), "action": "announce re"},
        follow_redirects=False,
    )
    assert response.status_code == 422
    assert "<html" in response.text
    assert alert_of(response.text)
    assert game_state(response.text) == game_state(body)


@pytest.mark.parametrize("action", ["play XX", "", "dance", "play", "healthy now", "announce"])
def test_a_malformed_action_is_a_bad_request(client: TestClient, action: str) -> None:
    url = start_game(client, "malformed")
    body = client.get(url).text
    response = act(client, url, page_version(body), action)
    assert response.status_code == 400, (action, response.text[:500])
    assert is_fragment(response.text)
    assert alert_of(response.text)
    assert game_state(response.text) == game_state(body)
    assert game_state(client.get(url).text) == game_state(body)


def test_htmx_gets_the_table_fragment_and_vary(client: TestClient) -> None:
    url = start_game(client, "fragment")
    body = client.get(url).text
    assert "<html" in body
    response = post_action(client, url, body, default_choice(data_actions(body)))
    assert response.status_code == 200
    assert is_fragment(response.text)
    assert "hx-request" in response.headers["vary"].lower()
    page = client.get(url)
    assert "hx-request" in page.headers.get("vary", "").lower()


def test_a_post_without_htmx_redirects_to_the_table(client: TestClient) -> None:
    url = start_game(client, "redirect")
    body = client.get(url).text
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    response = client.post(f"{url}/actions", data=data, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == url
    assert page_version(client.get(url).text) > page_version(body)


@pytest.mark.slow
def test_every_accepted_action_survives_a_restart(client: TestClient, settings: Settings) -> None:
    """A new app on the same database (a server restart) shows exactly the answered table."""
    url = start_game(client, "restart")
    body = client.get(url).text
    for _ in range(8):
        response = post_action(client, url, body, default_choice(data_actions(body)))
        assert response.status_code == 200
        body = response.text
        restarted = create_app(settings)
        try:
            with fresh_client(restarted, client.cookies["doko_player"]) as browser:
                assert game_state(browser.get(url).text) == game_state(body)
        finally:
            restarted.state.engine.dispose()


# ---- hands and games ----------------------------------------------------------------------


def test_next_hand_only_after_the_hand_is_over(client: TestClient) -> None:
    url = start_game(client, "next-hand")
    body = client.get(url).text
    early = client.post(f"{url}/next", data={"version": str(page_version(body))}, headers=HTMX)
    assert early.status_code == 409
    assert is_fragment(early.text)
    assert game_state(early.text) == game_state(body)
    assert game_state(client.get(url).text) == game_state(body)

    over = advance(client, url, hand_is_over, limit=40)
    assert hand_counter(over) == (1, 8)
    response = client.post(
        f"{url}/next", data={"version": str(page_version(over))}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == url
    second = client.get(url).text
    assert hand_counter(second) == (2, 8)
    assert sum(hand_of(second).values()) == 12
    again = client.post(f"{url}/next", data={"version": str(page_version(over))}, headers=HTMX)
    assert again.status_code == 409
    assert hand_counter(again.text) == (2, 8)


def test_next_hand_twice_applies_once_when_the_human_declares_first(client: TestClient) -> None:
    """Issue 8, finding 4: after the deal the human may be first to act, so no action follows
    the deal; the version still moves on, and the second identical click is stale."""
    seed = "next-twice-2"
    assert dealer_of(seed, 1) == 3, "hand 2 is dealt by seat 3: the human declares first"
    url = start_game(client, seed)
    over = advance(client, url, hand_is_over, limit=40)
    click = {"version": str(page_version(over))}
    first = client.post(f"{url}/next", data=click, headers=HTMX)
    assert first.status_code == 200 and hand_counter(first.text) == (2, 8)
    assert page_version(first.text) == page_version(over) + 1
    second = client.post(f"{url}/next", data=click, headers=HTMX)
    assert second.status_code == 409
    assert hand_counter(client.get(url).text) == (2, 8)
    assert client.get(f"{url}/hands/2/record.json").status_code == 404


def standings_of(body: str) -> dict[str, int]:
    section = body[body.index("Final standings") :]
    rows = re.findall(r"<li[^>]*>\s*(You|Lena|Jonas|Emma): ([+-]?\d+)\s*</li>", section)
    return {name: int(total) for name, total in rows}


def record_numbers(bodies: list[str]) -> list[int]:
    """Hand numbers of the record links offered, in order of appearance (Armut redeals too)."""
    found: list[int] = []
    for body in bodies:
        for number in re.findall(r'/hands/(\d+)/record\.json"', body):
            if int(number) not in found:
                found.append(int(number))
    return found


def test_a_whole_game_ends_with_standings_that_match_the_records(client: TestClient) -> None:
    url = start_game(client, "whole-game")
    bodies = play_game(client, url)
    final = bodies[-1]
    assert "Final standings" in final
    assert "New game" in final
    standings = standings_of(final)
    assert set(standings) == set(SEAT_NAMES)

    numbers = record_numbers(bodies)
    assert numbers == list(range(1, len(numbers) + 1))
    totals = [0, 0, 0, 0]
    played = 0
    for number in numbers:
        response = client.get(f"{url}/hands/{number}/record.json")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        lines, code = replay(response.text, False)
        assert code == 0, lines
        if lines[-1].get("redeal"):
            continue
        played += 1
        totals = [total + score for total, score in zip(totals, lines[-1]["scores"], strict=True)]
    assert played == 8
    assert standings == dict(zip(SEAT_NAMES, totals, strict=True))
    assert client.get(f"{url}/hands/{len(numbers) + 1}/record.json").status_code == 404


def test_hand_records_exist_only_for_finished_hands(client: TestClient) -> None:
    url = start_game(client, "records")
    assert client.get(f"{url}/hands/1/record.json").status_code == 404
    assert client.get(f"{url}/hands/0/record.json").status_code == 404
    over = advance(client, url, hand_is_over, limit=40)
    response = client.get(f"{url}/hands/1/record.json")
    assert response.status_code == 200
    record = json.loads(response.text)
    assert isinstance(record, dict)
    lines, code = replay(response.text, False)
    assert code == 0, lines
    assert "scores" in lines[-1] or lines[-1].get("redeal")
    assert client.get(f"{url}/hands/2/record.json").status_code == 404
    client.post(f"{url}/next", data={"version": str(page_version(over))}, headers=HTMX)
    assert client.get(f"{url}/hands/2/record.json").status_code == 404
    assert client.get(f"{url}/hands/1/record.json").text == response.text


# ---- rules --------------------------------------------------------------------------------


def rules_form(preset: str, on: tuple[str, ...] = (), **fields: str) -> dict[str, str]:
    """What the Rules dialog posts: the preset, checked boxes as 'on', other fields."""
    return {"preset": preset, **{name: "on" for name in on}, **fields}


def test_choosing_ddv_remembers_it_and_starts_a_ddv_game(client: TestClient) -> None:
    response = client.post("/rules", data=rules_form("ddv"), follow_redirects=False)
    assert response.status_code == 303
    assert cookie_value(response, "doko_rules") == "ddv"
    table = client.get(response.headers["location"]).text
    assert hand_counter(table) == (1, 12)
    assert named_rules("ddv") in table
    home = client.get("/").text
    assert named_rules("ddv") in home
    assert "12 hands" in home
    assert named_rules("ddv") in client.get("/how-to-play").text
    assert hand_counter(client.get(start_game(client)).text) == (1, 12)


def test_how_to_play_names_the_default_rules(client: TestClient) -> None:
    page = client.get("/how-to-play")
    assert page.status_code == 200
    assert named_rules("pagat") in page.text


DEADLINES_SAID = re.compile(
    r"at least (\d+) cards you may announce.*?no 90</em> \((\d+) cards\), <em>no 60</em> "
    r"\((\d+)\), <em>no 30</em> \((\d+)\) and <em>schwarz</em> \((\d+)\)",
    re.S,
)


@pytest.mark.parametrize(
    "form",
    [
        rules_form("pagat", PAGAT_ON),
        rules_form("pagat", (*PAGAT_ON, "without_nines")),
        rules_form("ddv", ("armut", "without_nines")),
    ],
)
def test_how_to_play_gives_the_announcement_deadlines_the_game_enforces(
    client: TestClient, form: dict[str, str]
) -> None:
    """The cards still held by which each step may be announced, as the engine counts them
    for the rules in use (without nines everyone holds two cards fewer)."""
    chosen = client.post("/rules", data=form, follow_redirects=False)
    rules = RuleSet.from_key(cookie_value(chosen, "doko_rules"))
    said = DEADLINES_SAID.search(client.get("/how-to-play").text)
    assert said is not None
    steps = (Step.TEAM, Step.NO90, Step.NO60, Step.NO30, Step.SCHWARZ)
    assert [int(number) for number in said.groups()] == [deadline(s, rules, 0) for s in steps]


@pytest.mark.parametrize(
    ("form", "language", "said"),
    [
        (rules_form("pagat", PAGAT_ON), "en", "8 hands, 48 cards, 12 each."),
        (rules_form("ddv", ("without_nines",)), "en", "12 hands, 40 cards (no nines), 10 each."),
        (rules_form("ddv", ("without_nines",)), "ru", "12 раздач, 40 карт (без девяток), по 10"),
    ],
)
def test_how_to_play_counts_the_deck_of_the_rules_in_use(
    client: TestClient, form: dict[str, str], language: str, said: str
) -> None:
    """The deck and the cards each seat holds come from the engine, in every language, and
    the Rules dialog gives each preset's hands from the preset."""
    client.cookies.set(LANGUAGE_COOKIE, language)
    client.post("/rules", data=form)
    page = client.get("/how-to-play").text
    assert said in page
    if language == "en":
        assert "pagat.com standard (8 hands, Armut)" in page
        assert "DDV (12 hands, no Armut, DDV scoring)" in page


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
def test_how_to_play_counts_the_point_against_the_old_ones(client: TestClient, preset: str) -> None:
    client.post("/rules", data=rules_form(preset, ("armut",)))
    scoring = client.get("/how-to-play").text.split("<h2>Scoring</h2>")[1]
    assert "Kontra" in scoring
    assert "outside a solo" in scoring


@pytest.mark.parametrize(
    ("form", "key"),
    [
        (rules_form("pagat", (*PAGAT_ON, "schweinchen")), "pagat+schweinchen"),
        (rules_form("pagat", PAGAT_ON), "pagat"),
        (rules_form("pagat", PAGAT_ON, hands_per_game="4"), "pagat+hands_per_game=4"),
        (rules_form("ddv", ("armut",)), "ddv+armut"),
        (rules_form("pagat", ("armut", "late_reply_allows_more")), "pagat+charlie_capture=off"),
    ],
)
def test_rule_toggles_round_trip(client: TestClient, form: dict[str, str], key: str) -> None:
    response = client.post("/rules", data=form, follow_redirects=False)
    assert response.status_code == 303
    assert cookie_value(response, "doko_rules") == key
    assert named_rules(key) in client.get(response.headers["location"]).text
    assert named_rules(key) in client.get("/how-to-play").text
    assert named_rules(key) in client.get(start_game(client)).text


def test_every_toggle_of_the_rules_is_a_field_of_the_dialog_with_a_label() -> None:
    """A toggle left out of the dialog's fields could not be chosen, and no other test
    would say so."""
    assert set(TOGGLE_FIELDS) == set(TOGGLES)
    assert set(LABELS) == set(TOGGLES)


HANDS_REFUSED = "hands per game must be a number from 1 to 100, not %s"
NOT_A_CHOICE = "%s: not one of the choices"


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (rules_form("skat"), "unknown preset 'skat'"),
        (rules_form("pagat", PAGAT_ON, hands_per_game="many"), HANDS_REFUSED % "'many'"),
        (rules_form("pagat", PAGAT_ON, hands_per_game="-1"), HANDS_REFUSED % "'-1'"),
        (rules_form("pagat", PAGAT_ON, hands_per_game="0"), HANDS_REFUSED % "'0'"),
        (rules_form("pagat", PAGAT_ON, hands_per_game="101"), HANDS_REFUSED % "'101'"),
        (rules_form("ddv", hands_per_game="999"), HANDS_REFUSED % "'999'"),
        (rules_form("pagat", PAGAT_ON, scoring="chess"), NOT_A_CHOICE % "Scoring table"),
        (rules_form("pagat", PAGAT_ON, scoring="x" * 30), NOT_A_CHOICE % "Scoring table"),
        (
            rules_form("ddv", hochzeit_deadline_shift="tricks_plus_one"),
            NOT_A_CHOICE % "After a Hochzeit, announcement deadlines drop by",
        ),
    ],
)
def test_unknown_rules_are_refused(client: TestClient, form: dict[str, str], message: str) -> None:
    """The field that cannot be read is named, whatever is wrong with its value."""
    response = client.post("/rules", data=form, follow_redirects=False)
    assert response.status_code == 400
    assert message in html.unescape(response.text)
    assert "doko_rules" not in response.headers.get("set-cookie", "")
    assert "Continue your game" not in client.get("/").text
    assert named_rules("pagat") in client.get("/").text
