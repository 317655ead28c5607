"""Plays whole games through a TestClient the way a browser user would: only by posting the
actions the page offers in its `data-action` controls (and, for an Armut exchange, the cards
offered as `label[data-card]`).

`play_game(client, "/games/<id>")` returns the body of every response, the first table page
included, so that callers can inspect what the player was shown at each step. A `choose`
function picks one action from those offered (default: `default_choice`); an `observe`
callback sees each response as it arrives (e.g. to compare it with the stored state). With
`htmx=False` the posts are plain form posts: each answer is the redirect's target, the whole
table page.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from fastapi.testclient import TestClient

HTMX = {"HX-Request": "true"}
"""Requests as htmx sends them: the action routes answer with the table fragment."""

_DATA_ACTION = re.compile(r'\bdata-action="([^"]*)"')
_VERSION = re.compile(r'<input type="hidden" name="version" value="(\d+)"')
_NEXT_HAND = re.compile(r'class="[^"]*\bnext-hand\b')
_STANDINGS = re.compile(r'<ol class="standings"')
_PICKABLE = re.compile(r'<label class="([^"]*)"\s+data-card="([^"]+)"')

Choose = Callable[[list[str]], str]
Observe = Callable[[httpx.Response], None]


def data_actions(body: str) -> list[str]:
    """The action strings of every control on the page, in page order."""
    return _DATA_ACTION.findall(body)


def page_version(body: str) -> int:
    """The state version the page was rendered at (its hidden `version` input)."""
    match = _VERSION.search(body)
    assert match is not None, "no version input on the page"
    return int(match.group(1))


def game_is_over(body: str) -> bool:
    """The final standings are shown (found by their class: the page may be in any language)."""
    return bool(_STANDINGS.search(body))


def hand_is_over(body: str) -> bool:
    """The end-of-hand summary offers "Next hand" (or, at the end, the final standings)."""
    return bool(_NEXT_HAND.search(body)) or game_is_over(body)


def pickable_cards(body: str) -> list[tuple[str, bool]]:
    """(card, is trump) for every card offered for an Armut pick, in hand order."""
    return [(code, "trump" in classes.split()) for classes, code in _PICKABLE.findall(body)]


def three_cards(body: str, action: str) -> list[str]:
    """Three cards for `armut-give` (every trump first, as the rules demand) or
    `armut-return` (the last three of the sorted hand, i.e. low plain cards)."""
    offered = pickable_cards(body)
    assert len(offered) >= 3, f"{action} offered with {len(offered)} pickable cards"
    if action == "armut-give":
        trumps = [code for code, trump in offered if trump]
        plain = [code for code, trump in offered if not trump]
        return (trumps + plain)[:3]
    return [code for code, _ in offered[-3:]]


def default_choice(actions: list[str]) -> str:
    """Healthy, accept an Armut, pass/return cards, else the first playable card; never
    announces (callers who want announcements pass their own `choose`)."""
    for wanted in ("healthy", "armut-accept", "armut-give", "armut-return"):
        if wanted in actions:
            return wanted
    plays = [action for action in actions if action.startswith("play ")]
    return plays[0] if plays else actions[0]


def _checked(response: httpx.Response) -> httpx.Response:
    """Every step of a driven game must succeed; a failure names the request."""
    request = response.request
    assert response.status_code == 200, (
        f"{request.method} {request.url} {request.content!r} -> {response.status_code}\n"
        f"{response.text[:3000]}"
    )
    return response


def post_action(
    client: httpx.Client, game_url: str, body: str, action: str, htmx: bool = True
) -> httpx.Response:
    """Posts `action` as the page's form would, with the page's version; without htmx the
    redirect to the table is followed."""
    data: dict[str, str | list[str]] = {"version": str(page_version(body)), "action": action}
    if action in ("armut-give", "armut-return"):
        data["cards"] = three_cards(body, action)
    headers = HTMX if htmx else {}
    return client.post(f"{game_url}/actions", data=data, headers=headers, follow_redirects=True)


def play_game(
    client: TestClient,
    game_url: str,
    choose: Choose = default_choice,
    observe: Observe | None = None,
    max_requests: int = 3000,
    htmx: bool = True,
) -> list[str]:
    """Plays the game at `game_url` (e.g. `/games/abc`) to the final standings and returns
    every response body in order, starting with the table page."""
    response = _checked(client.get(game_url))
    bodies = [response.text]
    if observe is not None:
        observe(response)
    for _ in range(max_requests):
        body = bodies[-1]
        if game_is_over(body):
            return bodies
        if _NEXT_HAND.search(body):
            data = {"version": str(page_version(body))}
            headers = HTMX if htmx else {}
            response = client.post(
                f"{game_url}/next", data=data, headers=headers, follow_redirects=True
            )
        else:
            actions = data_actions(body)
            assert actions, f"no action offered and the hand is not over:\n{body[:3000]}"
            response = post_action(client, game_url, body, choose(actions), htmx)
        bodies.append(_checked(response).text)
        if observe is not None:
            observe(response)
    raise AssertionError(f"the game did not end within {max_requests} requests")


def start_game(client: TestClient, seed: str | None = None) -> str:
    """Starts a game (optionally with a seed) and returns its URL path `/games/<id>`."""
    data = {"seed": seed} if seed is not None else {}
    response = client.post("/games", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text[:2000]
    return response.headers["location"]


def finished_first_hand(client: httpx.Client, game_url: str) -> str:
    """Plays the first hand of the game at `game_url` to its end (the table's default
    choices, over htmx) and returns the last page."""
    body = _checked(client.get(game_url)).text
    while not hand_is_over(body):
        body = _checked(
            post_action(client, game_url, body, default_choice(data_actions(body)))
        ).text
    return body
