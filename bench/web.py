"""Simulated players against a live server: response times per human action under load.

Usage: python bench/web.py [--players 50] [--games 1] [--hands 2] [--workers 1]
                           [--max-seconds 120] [--rules pagat] [--think-ms 0] [--seed 2026]
                           [--strong 0] [--database sqlite|postgres] [--arrival-s 0]
                           [--rate-limits off|on] [--reconnect]

Starts `python -m app.operations.serve` on a free loopback port (a fresh migrated database: an
SQLite file in a temporary folder, or with --database postgres a throwaway PostgreSQL server; bot
delay 0, a fixed secret, rate limits off unless --rate-limits on), then lets N players play
whole games at once, each in its own thread with its own httpx client and cookies, as fast as the
server answers (or after a think time per click, with --think-ms).
A player sets the rules (POST /rules with the hands per game and the level: `strong` for the
first --strong players, `normal` for the others), loads the table page and its
assets like a browser, then clicks random controls among the page's `data-action` ones with
`HX-Request: true` until the game is over (Armut picks: three random `data-card` cards; when
refused with 422, the trumps first). With --reconnect each request asks the server to close
its connection, so the next may reach another worker process, which has not kept the game's
table and must rebuild it. Only 127.0.0.1 is contacted.

Prints the times per action kind, then the key figures as the last lines, `name: value`:
p50_ms, p95_ms (client-observed, per human action: POST .../actions and .../next),
actions_per_s, errors (5xx, connection errors, unexpected 4xx), players, first_load_bytes
(the table page plus its CSS, JS and the files the CSS points to, as transferred). When the
server sends `Server-Timing`, server_p50_ms and server_p95_ms come just before them. A 4xx the
bench provoked itself (a refused Armut pick) is counted as bench_refused, not as an error.
With --strong, the figures of each level's players follow as `normal_p95_ms` and
`strong_p95_ms` (does one player's searching make the others wait?).
The exit status is 1 when there were errors or the time ran out.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    # Run as `python bench/web.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(ROOT)

from bots.measures import percentile  # noqa: E402

HOST = "127.0.0.1"
HX = {"HX-Request": "true"}
SECRET = "bench-web-secret"
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


# ---------------------------------------------------------------------------------------------
# The server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database: an SQLite file, or a throwaway PostgreSQL server started
    from Debian's binaries (as the PostgreSQL tests do)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'doko.sqlite3'}"
        return
    from tests.postgres import throwaway_postgres

    with throwaway_postgres() as postgres:
        yield postgres.url


@contextmanager
def running_server(
    workers: int, database: str = "sqlite", rate_limits: bool = False
) -> Iterator[tuple[str, Path]]:
    """The game as `python -m app.operations.serve` runs it, on a fresh database; yields its base
    URL and log file, and stops it (terminate, then kill if it hangs) whatever happens. With
    `rate_limits` the limits are counted as in production, and the bench's loopback address
    is a trusted proxy: each player names its own address (`player_address`)."""
    with (
        tempfile.TemporaryDirectory(prefix="doko-bench-") as folder,
        fresh_database(database, Path(folder)) as url,
    ):
        subprocess.run([sys.executable, "-m", "app.operations.migrate", url], cwd=ROOT, check=True)
        port = free_port()
        env = {
            **os.environ,
            "DOKO_DATABASE_URL": url,
            "DOKO_SECRET_KEY": SECRET,
            "DOKO_BOT_DELAY_MS": "0",
        }
        env |= {"DOKO_TRUSTED_PROXIES": HOST} if rate_limits else {"DOKO_RATE_LIMITS": "off"}
        serve = [sys.executable, "-m", "app.operations.serve"]
        command = [*serve, "--host", HOST, "--port", str(port)]
        command += ["--workers", str(workers), "--quiet"]
        log = Path(folder) / "server.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=sink)
            try:
                base = f"http://{HOST}:{port}"
                wait_until_up(base, server, log)
                yield base, log
            finally:
                server.terminate()
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()


def wait_until_up(base: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited early:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/how-to-play", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server did not answer within 30 s:\n{log.read_text()}")


# ---------------------------------------------------------------------------------------------
# What a player sees on the table


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
                if self.out_of_time() or len(self.tally.errors) >= ERRORS_PER_PLAYER:
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


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Outcome:
    tallies: list[Tally]
    seconds: float
    timed_out: bool


def run_players(base: str, args: argparse.Namespace) -> Outcome:
    deadline = time.monotonic() + args.max_seconds
    players = [Player(base, args, number, deadline) for number in range(args.players)]
    start = threading.Barrier(args.players + 1)
    threads = [
        threading.Thread(target=player.run, args=(start,), daemon=True) for player in players
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    hard_stop = deadline + REQUEST_TIMEOUT_S
    for thread in threads:
        thread.join(timeout=max(0.0, hard_stop - time.monotonic()))
    seconds = time.perf_counter() - began
    timed_out = time.monotonic() >= deadline or any(thread.is_alive() for thread in threads)
    return Outcome([player.tally for player in players], seconds, timed_out)


def report(outcome: Outcome, args: argparse.Namespace, log: Path) -> int:
    """Prints the details, then the key figures as the last lines; returns the exit status."""
    samples = [sample for tally in outcome.tallies for sample in tally.samples]
    errors = [error for tally in outcome.tallies for error in tally.errors]
    actions = human_actions(samples)
    print(
        f"workers: {args.workers}, database: {args.database}, rules: {args.rules}, "
        f"hands per game: {args.hands}"
    )
    stopped = " (stopped by --max-seconds)" if outcome.timed_out else ""
    print(f"seconds: {outcome.seconds:.1f}{stopped}, think time: {args.think_ms} ms")
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(
        f"bench client CPU: {usage.ru_utime + usage.ru_stime:.1f} s "
        f"(it shares the machine's {os.cpu_count()} CPUs with the server)"
    )
    games = sum(tally.games_done for tally in outcome.tallies)
    print(f"games_finished: {games} of {args.players * args.games}")
    print(f"requests: {len(samples)}, human actions: {len(actions)}")
    for kind in sorted({sample.kind for sample in samples}):
        print(kind_line(kind, [sample for sample in samples if sample.kind == kind]))
    print(f"bench_refused: {sum(tally.refused for tally in outcome.tallies)}")
    outside = sorted({url for tally in outcome.tallies for url in tally.outside_urls})
    if outside:
        print(f"assets on other hosts (not fetched): {', '.join(outside)}")
    loads = [tally for tally in outcome.tallies if tally.first_load_bytes is not None]
    if loads:
        print(f"first_load_uncompressed_bytes: {loads[0].first_load_raw_bytes}")
    for error in errors[:10]:
        print(f"error: {error}")
    if errors:
        print("server log (last lines):")
        print("\n".join(log.read_text(errors="replace").splitlines()[-30:]))
    client = [sample.client_ms for sample in actions]
    server = [sample.server_ms for sample in actions if sample.server_ms is not None]
    if server and len(server) == len(actions):
        print(f"server_p50_ms: {percentile(server, 0.50):.1f}")
        print(f"server_p95_ms: {percentile(server, 0.95):.1f}")
    print(f"p50_ms: {percentile(client, 0.50):.1f}" if client else "p50_ms: nan")
    print(f"p95_ms: {percentile(client, 0.95):.1f}" if client else "p95_ms: nan")
    if args.strong:
        for level in ("normal", "strong"):
            own = [s.client_ms for s in actions if s.level == level]
            print(f"{level}_p95_ms: {percentile(own, 0.95):.1f}" if own else f"{level}_p95_ms: nan")
    print(f"actions_per_s: {len(actions) / outcome.seconds:.1f}")
    print(f"errors: {len(errors)}")
    print(f"players: {args.players}")
    print(f"first_load_bytes: {loads[0].first_load_bytes if loads else 'nan'}")
    return 1 if errors or outcome.timed_out else 0


def kind_line(kind: str, samples: list[Sample]) -> str:
    client = [sample.client_ms for sample in samples]
    line = (
        f"  {kind:<16} n={len(samples):<6} p50 {percentile(client, 0.5):7.1f} ms"
        f"  p95 {percentile(client, 0.95):7.1f} ms  max {max(client):7.1f} ms"
    )
    server = [sample.server_ms for sample in samples if sample.server_ms is not None]
    if server:
        line += f"  (server p50 {percentile(server, 0.5):.1f}, p95 {percentile(server, 0.95):.1f})"
    return line


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--games", type=int, default=1, help="games per player")
    parser.add_argument("--hands", type=int, default=2, help="hands per game")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--rules", default="pagat", help="a preset: pagat or ddv")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="mean pause before each click (default 0)"
    )
    parser.add_argument("--seed", default="2026", help="seeds the players' random choices")
    parser.add_argument(
        "--arrival-s",
        type=float,
        default=0.0,
        help="players arrive at random within this many seconds (default 0: all at once)",
    )
    parser.add_argument(
        "--strong", type=int, default=0, help="players who pick strong opponents (default 0)"
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="an SQLite file, or a throwaway PostgreSQL from Debian's binaries (default sqlite)",
    )
    parser.add_argument(
        "--reconnect",
        action="store_true",
        help="each request on a new connection, so it may reach any worker process (as behind "
        "a proxy that spreads requests, or after a pause longer than the keep-alive)",
    )
    parser.add_argument(
        "--rate-limits",
        choices=("on", "off"),
        default="off",
        help="count the rate limits as in production (default off: players that do not "
        "pause click faster than a person may)",
    )
    args = parser.parse_args(argv)
    if min(args.players, args.games, args.hands, args.workers) < 1:
        parser.error("players, games, hands and workers must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    with running_server(args.workers, args.database, args.rate_limits == "on") as (base, log):
        print(f"server: {base}, players: {args.players} x {args.games} game(s)", flush=True)
        outcome = run_players(base, args)
        status = report(outcome, args, log)
    return status


if __name__ == "__main__":
    sys.exit(main())
