"""A simulated player of the web benches: loads the table page and its assets as a browser
does, clicks the offered controls, and times every request."""

from __future__ import annotations

import argparse
import html
import random
import re
import threading
import time
from contextlib import suppress
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import httpx

from bench.web_server import HOST

HX = {"HX-Request": "true"}
REQUEST_TIMEOUT_S = 30.0
ERRORS_PER_PLAYER = 5
PICK_ATTEMPTS = 6

ACTION = re.compile(r'data-action="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
CARD_LABEL = re.compile(r"<label\b[^>]*\bdata-card=\"[^\"]+\"[^>]*>")
CLASS = re.compile(r'\bclass="([^"]*)"')
CARD = re.compile(r'\bdata-card="([^"]+)"')
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
PICKS = ("armut-give", "armut-return")


@dataclass(frozen=True)
class Page:
    """The parts of a table page or fragment a player acts on."""

    version: str | None
    actions: tuple[str, ...]
    pick: str | None
    cards: tuple[str, ...]
    trumps: frozenset[str]
    next_hand: bool
    game_over: bool

    @staticmethod
    def of(text: str) -> Page:
        found = [html.unescape(action) for action in ACTION.findall(text)]
        version = VERSION.search(text)
        cards, trumps = [], set()
        for tag in CARD_LABEL.findall(text):
            code = html.unescape(CARD.search(tag).group(1))  # type: ignore[union-attr]
            cards.append(code)
            classes = CLASS.search(tag)
            if classes and "trump" in classes.group(1).split():
                trumps.add(code)
        pick = next((action for action in found if action in PICKS), None)
        return Page(
            version=version.group(1) if version else None,
            actions=tuple(action for action in found if action not in PICKS),
            pick=pick if cards else None,
            cards=tuple(cards),
            trumps=frozenset(trumps),
            next_hand="next-hand" in text,
            game_over="Final standings" in text,
        )


class AssetLinks(HTMLParser):
    """The files a browser fetches for a page: stylesheets, icons, preloads and scripts."""

    FETCHED_RELS = frozenset({"stylesheet", "icon", "preload", "modulepreload"})

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "script" and values.get("src"):
            self.urls.append(values["src"])
        rels = set(values.get("rel", "").lower().split())
        if tag == "link" and rels & self.FETCHED_RELS and values.get("href"):
            self.urls.append(values["href"])


def asset_urls(page_url: str, text: str, css: bool) -> list[str]:
    """Absolute same-page URLs of the assets in an HTML page (or, with `css`, a stylesheet);
    `data:` URLs cost no request and are left out."""
    if css:
        links = CSS_URL.findall(text)
    else:
        parser = AssetLinks()
        parser.feed(text)
        links = parser.urls
    return [urljoin(page_url, link) for link in links if not link.startswith("data:")]


# ---------------------------------------------------------------------------------------------
# Measurements


@dataclass(frozen=True)
class Sample:
    kind: str
    client_ms: float
    server_ms: float | None
    level: str = "normal"


@dataclass
class Tally:
    """One player's measurements; merged after the threads end, so no locking."""

    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    games_done: int = 0
    hands_done: int = 0
    first_load_bytes: int | None = None
    first_load_raw_bytes: int | None = None
    outside_urls: list[str] = field(default_factory=list)


def server_ms(response: httpx.Response) -> float | None:
    """The app's own time from `Server-Timing`: the `total` metric, else `app`, else the sum
    of all durations; None when the header is absent."""
    header = response.headers.get("server-timing")
    if not header:
        return None
    durations: dict[str, float] = {}
    for metric in header.split(","):
        name, *params = (part.strip() for part in metric.split(";"))
        for param in params:
            key, _, value = param.partition("=")
            if key.strip() == "dur":
                with suppress(ValueError):
                    durations[name] = durations.get(name, 0.0) + float(value.strip('"'))
    for preferred in ("total", "app"):
        if preferred in durations:
            return durations[preferred]
    return sum(durations.values()) if durations else None


NOT_ACTIONS = ("page", "asset", "new-game")


def human_actions(samples: list[Sample]) -> list[Sample]:
    """The clicks the figures are about (POST .../actions and .../next): page loads, assets
    and starting a game are left out."""
    return [sample for sample in samples if sample.kind not in NOT_ACTIONS]


# ---------------------------------------------------------------------------------------------
# A player


class GameLost(Exception):
    """The player cannot go on with this game (the reason is already counted)."""


BROWSER_LIKE = httpx.Limits(keepalive_expiry=60.0)
"""A browser keeps an idle connection for minutes; httpx drops it after 5 s, which a player
pausing longer would not see (each new connection may reach another server process)."""


def player_address(number: int) -> str:
    """An address of its own for each player, as behind a proxy: the per-address rate limit
    then counts each player apart, as it would count people at home."""
    return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


class Player:
    def __init__(self, base: str, args: argparse.Namespace, number: int, deadline: float):
        self.base = base
        self.args = args
        self.rng = random.Random(f"{args.seed}-{number}")
        self.level = "strong" if number < args.strong else "normal"
        """The opponents' level this player picks in the Rules dialog."""
        self.deadline = deadline
        self.tally = Tally()
        self.patience = ERRORS_PER_PLAYER
        """Errors after which the player stops (a flood's players never do)."""
        headers = {"X-Forwarded-For": player_address(number)}
        if args.reconnect:
            headers["Connection"] = "close"
        self.client = httpx.Client(
            base_url=base, timeout=REQUEST_TIMEOUT_S, headers=headers, limits=BROWSER_LIKE
        )

    def run(self, start: threading.Barrier) -> None:
        try:
            start.wait()
            time.sleep(self.rng.uniform(0, self.args.arrival_s))
            for number in range(self.args.games):
                if self.out_of_time() or len(self.tally.errors) >= self.patience:
                    return
                try:
                    self.play_game(first=number == 0)
                except GameLost:
                    continue
        except Exception as error:  # a crashed player is counted, not left to hang the run
            self.tally.errors.append(f"player crashed: {error!r}")
        finally:
            self.client.close()

    def out_of_time(self) -> bool:
        return time.monotonic() >= self.deadline

    def request(self, kind: str, method: str, url: str, **options: object) -> httpx.Response:
        """One timed request; a connection failure is counted and ends the game."""
        began = time.perf_counter()
        try:
            response = self.client.request(method, url, **options)  # type: ignore[arg-type]
        except httpx.HTTPError as error:
            self.tally.errors.append(f"{method} {url}: {error!r}")
            raise GameLost from error
        elapsed = (time.perf_counter() - began) * 1000
        self.tally.samples.append(Sample(kind, elapsed, server_ms(response), self.level))
        if response.status_code >= 500:
            self.tally.errors.append(f"{method} {url}: {response.status_code}")
            raise GameLost
        return response

    def play_game(self, first: bool) -> None:
        started = self.start_game(first)
        game_url = started.headers.get("location", "")
        if started.status_code != 303 or not game_url.startswith("/games/"):
            self.tally.errors.append(f"starting a game: {started.status_code} {game_url!r}")
            raise GameLost
        table = self.request("page", "GET", game_url)
        if table.status_code != 200:
            self.tally.errors.append(f"GET {game_url}: {table.status_code}")
            raise GameLost
        if first:
            self.load_assets(str(table.url), table)
        self.play_until_over(game_url, table.text)

    def start_game(self, first: bool) -> httpx.Response:
        """The first game sets the rules (and the cookie that keeps them); later ones use the
        "New game" button."""
        if not first:
            return self.request("new-game", "POST", "/games")
        form = rules_form(self.args) | {"level": self.level}
        return self.request("new-game", "POST", "/rules", data=form)

    def load_assets(self, page_url: str, page: httpx.Response) -> None:
        """The first page load as a browser does it: the page, its assets, what the CSS uses."""
        transferred, raw = page.num_bytes_downloaded, len(page.content)
        queue, seen = asset_urls(page_url, page.text, css=False), set()
        while queue:
            url = queue.pop(0)
            if url in seen:
                continue
            seen.add(url)
            if urlsplit(url).hostname != HOST:
                self.tally.outside_urls.append(url)
                continue
            asset = self.request("asset", "GET", url)
            if asset.status_code != 200:
                self.tally.errors.append(f"GET {url}: {asset.status_code}")
                continue
            transferred += asset.num_bytes_downloaded
            raw += len(asset.content)
            if "css" in asset.headers.get("content-type", ""):
                queue.extend(asset_urls(url, asset.text, css=True))
        self.tally.first_load_bytes, self.tally.first_load_raw_bytes = transferred, raw

    def play_until_over(self, game_url: str, text: str) -> None:
        while not self.out_of_time():
            page = Page.of(text)
            if page.game_over:
                self.tally.games_done += 1
                return
            if page.version is None:
                self.tally.errors.append(f"{game_url}: no version on the table")
                raise GameLost
            self.think()
            if page.pick:
                text = self.pick_cards(game_url, page)
            elif page.actions:
                text = self.act(game_url, page, self.rng.choice(page.actions))
            elif page.next_hand:
                self.tally.hands_done += 1
                text = self.deal_next(game_url, page)
            else:
                self.tally.errors.append(f"{game_url}: no control to click")
                raise GameLost

    def think(self) -> None:
        """A human's pause before a click (none by default: as fast as the server answers)."""
        if self.args.think_ms:
            pause = self.rng.uniform(0.5, 1.5) * self.args.think_ms / 1000
            time.sleep(min(pause, max(0.0, self.deadline - time.monotonic())))

    def act(self, game_url: str, page: Page, action: str) -> str:
        data = {"version": page.version, "action": action}
        response = self.request(
            action.split()[0], "POST", f"{game_url}/actions", data=data, headers=HX
        )
        if response.status_code != 200:
            self.tally.errors.append(f"{action!r} on {game_url}: {response.status_code}")
            if response.status_code not in (400, 409, 422):
                raise GameLost
        return response.text

    def deal_next(self, game_url: str, page: Page) -> str:
        data = {"version": page.version}
        response = self.request("next", "POST", f"{game_url}/next", data=data, headers=HX)
        if response.status_code != 200:
            self.tally.errors.append(f"next hand on {game_url}: {response.status_code}")
            raise GameLost
        return response.text

    def pick_cards(self, game_url: str, page: Page) -> str:
        """Three cards for an Armut pass: random first; after a refusal the trumps first (the
        poor player must hand over all his trumps), then random again."""
        for attempt in range(PICK_ATTEMPTS):
            cards = self.choose_three(page, trumps_first=attempt % 2 == 1)
            data = {"version": page.version, "action": page.pick, "cards": cards}
            response = self.request(
                str(page.pick), "POST", f"{game_url}/actions", data=data, headers=HX
            )
            if response.status_code == 200:
                return response.text
            if response.status_code != 422:
                self.tally.errors.append(f"{page.pick} {cards}: {response.status_code}")
                raise GameLost
            self.tally.refused += 1
            page = Page.of(response.text)
        self.tally.errors.append(f"{game_url}: no Armut pick accepted in {PICK_ATTEMPTS} tries")
        raise GameLost

    def choose_three(self, page: Page, trumps_first: bool) -> list[str]:
        cards = list(page.cards)
        self.rng.shuffle(cards)
        if trumps_first:
            cards.sort(key=lambda card: card not in page.trumps)
        return cards[:3]


def rules_form(args: argparse.Namespace) -> dict[str, str]:
    """The Rules dialog as submitted: the preset's own toggles, with the hands per game set."""
    from app.table.rules_form import BOOLEAN_TOGGLES, form_values
    from engine import PRESETS

    values = form_values(PRESETS[args.rules])
    form = {"preset": args.rules, "hands_per_game": str(args.hands)}
    for name, value in values.items():
        if name in BOOLEAN_TOGGLES:
            if value:
                form[name] = "on"
        elif name != "hands_per_game":
            form[name] = str(value)
    return form
