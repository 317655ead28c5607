"""What a player is shown agrees with the rules (docs/rules.md), hand after hand, in whole
games played through the web: the end-of-hand sheet, the seats' totals, the sentence read out,
the exported record replayed, the history, and the Announce buttons offered at each turn.

The rules are checked from what the pages say and from the game's facts (teams, cards held,
announcements made), not from the engine's own answers: a wrong score or a missing Announce
button fails here even when the engine and the page agree with each other."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from engine import Contract, Hand, HochzeitShift, Phase, Team, deal
from engine.cards import Card, Rank, Suit
from engine.replay import run as replay_record
from tests.web.driver import (
    HTMX,
    data_actions,
    game_is_over,
    hand_is_over,
    page_version,
    play_game,
    three_cards,
)
from tests.web.helpers.daily import (
    browsers,
    daily_settings,
    fair_play_checked,
    running,
    start_daily,
    stored_records,
)
from tests.web.helpers.leaderboard import board_rows
from tests.web.helpers.rules_shown import (
    hand_on_table,
    named_rules,
    seed_with_both_queens_of_clubs,
    start,
)

# ---- reading the pages -----------------------------------------------------------------------


def words(fragment: str) -> str:
    """The text of an HTML fragment, as a reader sees it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def section(body: str, start: str, end: str) -> str:
    match = re.search(re.escape(start) + r"(.*?)" + re.escape(end), body, re.S)
    assert match is not None, f"no {start!r} on the page"
    return match.group(1)


def signed(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


@dataclass(frozen=True)
class SheetShown:
    """The end-of-hand sheet as the page shows it."""

    title: str
    card_points: str
    items: list[tuple[str, int]]
    """(team, points) of every item line."""
    value: int
    hand_scores: list[int]
    totals: list[int]
    record_url: str | None
    """None while the hand is at a day's secret deals (issue 24)."""
    spoken_end: str | None
    points_for: str
    """The team the items' column names as the one its points count for."""
    alone: str | None
    """The line on a player alone against three, if the sheet has one."""


def sheet_of(body: str) -> SheetShown:
    sheet = section(body, '<section class="summary"', "</section>")
    items = section(sheet, '<table class="items">', "</table>")
    rows = [
        [words(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", section(items, "<tbody>", "</tbody>"), re.S)
    ]
    scores = [
        [words(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        for row in re.findall(
            r"<tr>(.*?)</tr>", section(sheet, '<table class="scores">', "</tbody>"), re.S
        )
        if "<td>" in row
    ]
    spoken = re.findall(r'<li data-at="\d+">(.*?)</li>', body)
    record = re.search(r'href="([^"]*/record\.json)"', sheet)
    alone = re.search(r'<p class="alone">(.*?)</p>', sheet, re.S)
    return SheetShown(
        title=words(section(sheet, '<h2 id="summary-title">', "</h2>")),
        card_points=words(section(sheet, '<p class="points">', "</p>")),
        items=[(row[0], int(row[2])) for row in rows if len(row) == 3],
        value=int(words(section(items, "<tfoot>", "</tfoot>")).split()[-1]),
        hand_scores=[signed(row[1]) for row in scores],
        totals=[signed(row[2]) for row in scores],
        record_url=record.group(1) if record else None,
        spoken_end=words(spoken[-1]) if spoken else None,
        points_for=words(section(items, "<thead>", "</thead>")).rsplit("Points for ", 1)[-1],
        alone=words(alone.group(1)) if alone else None,
    )


def felt_totals(body: str) -> list[int]:
    """The "total" under each seat's name on the felt, seat 0 first."""
    return [signed(total) for total in re.findall(r"total ([+−-]?\d+)</span></span>", body)]


def test_the_sheet_signs_totals_as_the_felt_does(client: TestClient) -> None:
    """A total is a score, written with its sign wherever it appears ("total +7" on the
    felt): a bare "7" on the sheet or in the standings read like card points or a count."""
    game_url = start(client, "pagat", {"hands_per_game": "1"}, "plain-3")
    final = play_game(client, game_url)[-1]
    felt = re.findall(r"total ([+−-]?\d+)</span></span>", final)
    sheet = section(final, '<table class="scores">', "</tbody>")
    sheet_totals = re.findall(r"<tr><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td></tr>", sheet)
    standings = re.findall(r'<li value="\d+">[^:<]+: (.*?)</li>', final)
    assert len(felt) == len(sheet_totals) == len(standings) == 4
    assert sheet_totals == felt
    assert sorted(standings) == sorted(felt)
    assert all(re.fullmatch(r"[+−-]\d+", total) for total in felt)


def dealt_hands(body: str) -> list[list[str]]:
    """The hands as dealt on the end-of-hand sheet, card names in the order shown."""
    hands = re.findall(r'<div class="dealt-hand">(.*?)</div>', body, re.S)
    return [re.findall(r'title="([^"]+)"', hand) for hand in hands]


# ---- playing ---------------------------------------------------------------------------------

Chooser = Callable[[list[str]], str]


def chooser(seed: int, announce: float, reserve: float, prefer: str | None = None) -> Chooser:
    """A club player in a hurry: the reservation he `prefer`s whenever he may, else healthy
    unless a reservation tempts him (`reserve`), an announcement now and then (`announce`:
    mostly the next step, sometimes a jump), any playable card; takes every other Armut."""
    rng = random.Random(seed)

    def choose(actions: list[str]) -> str:
        if prefer in actions:
            return prefer
        reservations = [a for a in actions if a in ("hochzeit", "armut") or a.startswith("solo")]
        calls = [a for a in actions if a.startswith("announce ")]
        exchange = [a for a in actions if a in ("armut-give", "armut-return")]
        if reservations and rng.random() < reserve:
            return rng.choice(reservations)
        if "healthy" in actions:
            return "healthy"
        if exchange:
            return exchange[0]
        if "armut-accept" in actions:
            return rng.choice(["armut-accept", "armut-decline"])
        if calls and rng.random() < announce:
            return calls[0] if rng.random() < 0.7 else rng.choice(calls)
        return rng.choice([a for a in actions if a.startswith("play ")])

    return choose


# ---- deals -----------------------------------------------------------------------------------


def seed_with_schweinchen(seat: int) -> str:
    """Deals whose first hand gives `seat` both A♦."""
    fox = Card(Suit.DIAMONDS, Rank.ACE)
    return next(
        f"schweinchen-{n}"
        for n in range(500)
        if sum(card == fox for card in deal(f"schweinchen-{n}", 0).hands[seat]) == 2
    )


# ---- the score of every hand -----------------------------------------------------------------


def end_sentence(result: dict[str, object]) -> str:
    """§8.3 in words: the winner (§7), and the team the value goes to when it is the other."""
    scores, re_seats = result["scores"], result["re"]
    assert isinstance(scores, list) and isinstance(re_seats, list)
    re_score, value, winner = scores[re_seats[0]], result["value"], result["winner"]
    winner_name = str(winner).title() if winner else None
    gainer = None if re_score == 0 else "Re" if re_score > 0 else "Kontra"
    if gainer is None:
        if winner_name is None:
            return "The hand is over: nobody wins."
        return f"The hand is over: {winner_name} wins, but the points cancel out."
    if winner_name is None:
        return f"The hand is over: nobody wins; {gainer} scores {value}."
    if winner_name == gainer:
        return f"The hand is over: {gainer} wins, worth {value}."
    return f"The hand is over: {winner_name} wins, but {gainer} scores {value}."


def downloaded_record(client: TestClient, body: str) -> str:
    """The finished hand's record, downloaded through the sheet's link."""
    url = sheet_of(body).record_url
    assert url is not None, "the sheet links the hand's record"
    record = client.get(url)
    assert record.status_code == 200
    return record.text


def check_sheet(client: TestClient, body: str, totals: list[int], record: str | None = None) -> str:
    """The sheet, the felt and the spoken line against the hand's record replayed (`python -m
    engine.replay`; downloaded through the sheet unless given) and against §8.3 and §9 worked
    out from its numbers; adds the hand to `totals` and returns its contract."""
    shown = sheet_of(body)
    lines, code = replay_record(record or downloaded_record(client, body), with_trace=False)
    assert code == 0
    result = lines[-1]
    scores, items = result["scores"], result["items"]
    soloist = result["soloist"]
    assert shown.hand_scores == scores
    assert shown.value == result["value"]
    re_items = sum(item["points"] for item in items if item["team"] == "re")
    kontra_items = sum(item["points"] for item in items if item["team"] == "kontra")
    assert result["value"] == abs(re_items - kontra_items)
    re_net = re_items - kontra_items
    gainer = "kontra" if re_net < 0 else "re"
    assert sorted((team.lower(), points) for team, points in shown.items) == sorted(
        (item["team"], item["points"] if item["team"] == gainer else -item["points"])
        for item in items
    ), "each item signed as it counts for the team the value is scored for (Re at 0)"
    assert sum(points for _, points in shown.items) == shown.value, "the column adds up"
    assert shown.points_for == gainer.title(), "the column names the team it counts for"
    for seat in range(4):
        sign = 1 if seat in result["re"] else -1
        assert scores[seat] == sign * re_net * (3 if seat == soloist else 1), (seat, result)
    assert sum(scores) == 0 and len({score % 2 for score in scores}) == 1
    if result["contract"] in SOLOS:
        assert not {item["item"] for item in items} & EXTRAS, items
        assert result["re"] == [soloist] and len(result["kontra"]) == 3
    else:
        assert soloist is None and len(result["re"]) == len(result["kontra"]) == 2
    if soloist is None:
        assert shown.alone is None, "no one-against-three line in a hand of two against two"
    else:
        name = ["You", "Lena", "Jonas", "Emma"][soloist]
        assert shown.alone is not None and shown.alone.startswith(f"One against three ({name})")
    points = result["card_points"]
    assert f"Re {points['re']} (" in shown.card_points
    assert f"Kontra {points['kontra']} (" in shown.card_points
    assert points["re"] + points["kontra"] == 240
    winner = result["winner"]
    assert shown.title.startswith(f"{winner.title()} wins" if winner else "Nobody wins")
    assert shown.spoken_end == end_sentence(result)
    for seat in range(4):
        totals[seat] += scores[seat]
    assert shown.totals == totals
    assert felt_totals(body) == totals
    return str(result["contract"])


SOLO_RESERVATIONS = (
    "solo-diamonds",
    "solo-hearts",
    "solo-spades",
    "solo-clubs",
    "solo-queens",
    "solo-jacks",
    "solo-fleischlos",
)
SOLOS = {"silent-solo", "hochzeit-solo", *SOLO_RESERVATIONS}
EXTRAS = {"fox", "charlie", "charlie_caught", "doppelkopf", "against_the_old"}


EVERY_RULE_SET = [
    pytest.param(
        "pagat", {"armut": "on", "charlie_capture": "on"}, "shown-pagat", None, None, id="pagat"
    ),
    pytest.param(
        "pagat",
        {"armut": "on", "without_nines": "on", "schweinchen": "on", "scoring": "ddv"},
        "shown-pagat",
        None,
        None,
        id="pagat-without-nines-schweinchen-ddv-scoring",
    ),
    pytest.param("ddv", {"late_reply_allows_more": "on"}, "shown-ddv", None, None, id="ddv"),
    pytest.param(
        "ddv",
        {"armut": "on", "charlie_capture": "on", "second_dulle_beats_first": "on"},
        "shown-ddv",
        None,
        None,
        id="ddv-armut-charlie-capture",
    ),
    pytest.param("pagat", {"armut": "on"}, "deal-34", "armut", "armut", id="pagat-armut"),
    pytest.param("ddv", {"armut": "on"}, "deal-53", "armut", "armut", id="ddv-armut"),
    pytest.param("pagat", {"armut": "on"}, "deal-24", "hochzeit", "hochzeit", id="pagat-hochzeit"),
    pytest.param("ddv", {}, "deal-61", "hochzeit", "hochzeit", id="ddv-hochzeit"),
    pytest.param(
        "pagat", {}, "deal-1724", "hochzeit", "hochzeit-solo", id="pagat-hochzeit-played-alone"
    ),
    pytest.param(
        "ddv", {}, "deal-1724", "hochzeit", "hochzeit-solo", id="ddv-hochzeit-played-alone"
    ),
    *(
        pytest.param(preset, toggles, f"{solo}-1", solo, solo, id=f"{preset}-{solo}")
        for solo, (preset, toggles) in zip(
            SOLO_RESERVATIONS,
            [("pagat", {"armut": "on"}), ("ddv", {"without_nines": "on"})] * 4,
            strict=False,
        )
    ),
]
"""Rule sets, deals, the reservation the player makes whenever he may, and the contract the
first hand of these deals then has (no bot's solo outranks him; a Hochzeit may be played
alone)."""
QUICK_RULE_SETS = {
    "pagat",
    "ddv",
    "pagat-armut",
    "pagat-hochzeit",
    "pagat-hochzeit-played-alone",
    f"pagat-{SOLO_RESERVATIONS[0]}",
}
"""The rule sets the quick tier plays, one of each kind of contract; the others are slow."""
RULE_SETS = [
    case
    if case.id in QUICK_RULE_SETS
    else pytest.param(*case.values, id=case.id, marks=pytest.mark.slow)
    for case in EVERY_RULE_SET
]


@pytest.mark.parametrize(("preset", "toggles", "seed", "declare", "played"), RULE_SETS)
def test_every_score_shown_is_the_records_score(
    app: FastAPI,
    client: TestClient,
    preset: str,
    toggles: dict[str, str],
    seed: str,
    declare: str | None,
    played: str | None,
) -> None:
    """Five hands of a game with solos, Armut, Hochzeit and announcements wherever the
    cards and the dice allow: the sheet, the felt totals, the spoken end line and the record
    agree; the final standings share places on equal totals (§9), and the history lists the
    same scores, total and place."""
    game_url = start(client, preset, {**toggles, "hands_per_game": "5"}, seed)
    totals = [0, 0, 0, 0]
    hand_points: list[int] = []
    contracts: list[str] = []

    def observe(response: httpx.Response) -> None:
        body = response.text
        if hand_is_over(body):
            before = totals[0]
            contracts.append(check_sheet(client, body, totals))
            hand_points.append(totals[0] - before)

    choose = chooser(7, announce=0.2, reserve=0.15, prefer=declare)
    bodies = play_game(client, game_url, choose, observe)
    assert len(hand_points) == 5
    if played:
        assert contracts[0] == played, f"{seed}: the player's {declare} led to {contracts[0]}"
    places = [1 + sum(other > total for other in totals) for total in totals]
    names = ["You", "Lena", "Jonas", "Emma"]
    standings = re.findall(r'<li value="(\d+)">([^:<]+): ([+−-]\d+)</li>', bodies[-1])
    assert sorted((int(place), name, signed(total)) for place, name, total in standings) == sorted(
        zip(places, names, totals, strict=True)
    )
    history = client.get("/history").text
    game_id = game_url.rsplit("/", 1)[1]
    entry = section(history, f'data-game="{game_id}"', "</li>\n")
    assert 'data-status="finished"' in entry
    assert f'class="game-result" data-total="{totals[0]}" data-place="{places[0]}"' in entry
    assert re.findall(r'data-points="(-?\d+)"', entry) == [str(p) for p in hand_points]


# ---- the Announce buttons --------------------------------------------------------------------

DEADLINES = (("team", 11), ("no90", 10), ("no60", 9), ("no30", 8), ("schwarz", 7))
"""§6.1: the fewest cards in hand for each step, 12-card game."""
STEP_OF = {"re": 0, "kontra": 0, "no90": 1, "no60": 2, "no30": 3, "schwarz": 4}


def hochzeit_drop(hand: Hand) -> int:
    """§6.4: k, or k − 1, after a Hochzeit clarified in trick k (3 when played alone)."""
    if hand.contract not in (Contract.HOCHZEIT, Contract.HOCHZEIT_SOLO):
        return 0
    assert hand.clarification is not None
    minus_one = hand.rules.hochzeit_deadline_shift is HochzeitShift.TRICKS_MINUS_ONE
    return hand.clarification - (1 if minus_one else 0)


def calls_allowed(hand: Hand, seat: int) -> list[str]:
    """§6 worked out from the facts of the moment: the calls `seat` may make now."""
    if hand.phase is not Phase.PLAY:
        return []
    if hand.contract is Contract.HOCHZEIT and hand.clarification is None:
        return []
    drop = (2 if hand.rules.without_nines else 0) + hochzeit_drop(hand)
    deadline = [cards - drop for _, cards in DEADLINES]
    team = hand.team_of[seat]
    held = hand.cards_left(seat)
    ours = [a for a in hand.announcements if hand.team_of[a.seat] is team]
    theirs = [a for a in hand.announcements if hand.team_of[a.seat] is not team]
    our_step = max((STEP_OF[a.call.value] for a in ours), default=-1)
    their_step = max((STEP_OF[a.call.value] for a in theirs), default=-1)
    late = bool(ours) and ours[0].cards_left < deadline[0]
    allowed = []
    for step in range(our_step + 1, 5):
        if step == 0:
            if held >= deadline[0]:
                late = False
            elif their_step >= 0 and held >= deadline[their_step] - 1:
                late = True
            else:
                break
        elif held < deadline[step] or (late and not hand.rules.late_reply_allows_more):
            break
        name = DEADLINES[step][0]
        allowed.append(("re" if team is Team.RE else "kontra") if name == "team" else name)
    return [f"announce {call}" for call in allowed]


HOCHZEIT = ("hochzeit", {Contract.HOCHZEIT, Contract.HOCHZEIT_SOLO})
SILENT = ("healthy", {Contract.SILENT_SOLO})
"""What the player holding both Q♣ says, and the contracts it leads to."""

ANNOUNCE_CASES = [
    pytest.param("pagat", {"armut": "on"}, "calls-pagat", None, id="pagat"),
    pytest.param("pagat", {"without_nines": "on"}, "calls-nines", None, id="pagat-without-nines"),
    pytest.param("ddv", {}, "calls-ddv", None, id="ddv"),
    pytest.param(
        "ddv", {"late_reply_allows_more": "on"}, "calls-ddv", None, id="ddv-late-reply-more"
    ),
    pytest.param(
        "pagat", {}, seed_with_both_queens_of_clubs(0, False), HOCHZEIT, id="pagat-hochzeit"
    ),
    pytest.param("ddv", {}, seed_with_both_queens_of_clubs(0, False), HOCHZEIT, id="ddv-hochzeit"),
    pytest.param(
        "ddv",
        {"without_nines": "on", "hochzeit_deadline_shift": "tricks"},
        seed_with_both_queens_of_clubs(0, True),
        HOCHZEIT,
        id="ddv-hochzeit-without-nines-shift-by-k",
    ),
    pytest.param(
        "pagat", {}, seed_with_both_queens_of_clubs(0, False), SILENT, id="pagat-silent-solo"
    ),
    pytest.param(
        "ddv",
        {"without_nines": "on"},
        seed_with_both_queens_of_clubs(0, True),
        SILENT,
        id="ddv-silent-solo-without-nines",
    ),
]


@pytest.mark.parametrize(("preset", "toggles", "seed", "both_queens"), ANNOUNCE_CASES)
def test_the_announce_buttons_are_exactly_the_legal_calls(
    app: FastAPI,
    client: TestClient,
    preset: str,
    toggles: dict[str, str],
    seed: str,
    both_queens: tuple[str, set[Contract]] | None,
) -> None:
    """At every turn of the player in play, the Announce buttons name exactly the calls
    §6 allows (deadlines, replies, late replies, jumps, after a Hochzeit's clarification;
    with `both_queens`, what the player declares holding both Q♣ and the contracts that may
    come of it, unless a bot's reservation outranks it)."""
    game_url = start(client, preset, {**toggles, "hands_per_game": "2"}, seed)
    choose = chooser(3, announce=0.2, reserve=0.0)
    body = client.get(game_url).text
    turns = offered = 0
    contracts: set[Contract | None] = set()
    while not game_is_over(body):
        if hand_is_over(body):
            data = {"version": str(page_version(body))}
            body = client.post(f"{game_url}/next", data=data, headers=HTMX).text
            continue
        actions = data_actions(body)
        hand = hand_on_table(app, game_url)
        calls = [action for action in actions if action.startswith("announce ")]
        if both_queens and "hochzeit" in actions:
            action = both_queens[0]
        else:
            assert calls == calls_allowed(hand, 0), (hand.announcements, hand.cards_left(0))
            turns += hand.phase is Phase.PLAY
            contracts.add(hand.contract)
            offered += bool(calls)
            action = choose(actions)
        form: dict[str, str | list[str]] = {"version": str(page_version(body)), "action": action}
        if action in ("armut-give", "armut-return"):
            form["cards"] = three_cards(body, action)
        response = client.post(f"{game_url}/actions", data=form, headers=HTMX)
        assert response.status_code == 200
        body = response.text
    assert turns >= 10 and offered >= 2
    if both_queens:
        assert contracts & both_queens[1]


# ---- the hands as dealt ----------------------------------------------------------------------


def test_the_schweinchen_tops_the_dealt_hand_on_the_sheet(client: TestClient) -> None:
    """§3: both A♦ in one hand are the highest trumps; the sheet sorts the dealt hands by the
    trumps as played, so the player's two A♦ come first (as they did in his hand)."""
    fox = Card(Suit.DIAMONDS, Rank.ACE)
    seed = next(
        f"schweinchen-{n}"
        for n in range(500)
        if sum(card == fox for card in deal(f"schweinchen-{n}", 0).hands[0]) == 2
    )
    toggles = {"armut": "on", "schweinchen": "on", "hands_per_game": "1"}
    bodies = play_game(client, start(client, "pagat", toggles, seed))
    assert "Normal game" in sheet_of(bodies[-1]).title
    assert dealt_hands(bodies[-1])[0][:2] == ["Ace of diamonds", "Ace of diamonds"]


# ---- the Schweinchen at the table ------------------------------------------------------------


def schweinchen_note(body: str) -> str | None:
    match = re.search(r'<p class="schweinchen-note">(.*?)</p>', body, re.S)
    return words(match.group(1)) if match else None


def test_the_table_learns_of_a_schweinchen_with_its_first_ace_of_diamonds(
    app: FastAPI, client: TestClient
) -> None:
    """§3: the table learns of a Schweinchen when the first of the two A♦ is played (its A♦
    then beat even the 10♥): from that card on the table names the holder, and the live region
    says so as the card appears; before it, nothing gives the holder away."""
    seat, name = 2, "Jonas"
    toggles = {"armut": "on", "schweinchen": "on", "hands_per_game": "1"}
    game_url = start(client, "pagat", toggles, seed_with_schweinchen(seat))
    said = f"Schweinchen: {name} holds both A♦, the highest trumps."
    revealed = []

    def observe(response: httpx.Response) -> None:
        body = response.text
        hand = hand_on_table(app, game_url)
        assert hand.contract in (None, Contract.NORMAL)
        shown = hand.contract is not None and hand.foxes_played[seat] > 0
        assert schweinchen_note(body) == (said if shown else None)
        spoken = [words(line) for line in re.findall(r'<li data-at="\d+">(.*?)</li>', body)]
        if shown and not revealed:
            assert f"{name}: Ace of diamonds" in spoken
            assert spoken[spoken.index(f"{name}: Ace of diamonds") + 1] == said
            revealed.append(body)
        else:
            assert said not in spoken

    play_game(client, game_url, observe=observe)
    assert hand_on_table(app, game_url).schweinchen == seat
    assert revealed


def test_the_holder_of_the_schweinchen_is_told_from_the_first_trick(client: TestClient) -> None:
    """The holder knows his two A♦ are the highest trumps as soon as play begins."""
    toggles = {"armut": "on", "schweinchen": "on", "hands_per_game": "1"}
    game_url = start(client, "pagat", toggles, seed_with_schweinchen(0))
    bodies = play_game(client, game_url)
    playing = [body for body in bodies if 'data-action="play ' in body]
    assert playing
    for body in playing:
        assert schweinchen_note(body) == "Schweinchen: you hold both A♦, the highest trumps."


# ---- How to play -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "toggles", "said"),
    [
        pytest.param(
            "pagat",
            {"armut": "on", "schweinchen": "on"},
            "the first is played, and neither counts as a fox",
            id="schweinchen-catches-no-fox",
        ),
        pytest.param(
            "pagat",
            {"armut": "on"},
            "until the partner is found, or until the third trick if the Hochzeit player "
            "took the first three alone, and the deadlines then drop by the number of that trick",
            id="hochzeit-played-alone-pagat",
        ),
        pytest.param(
            "ddv",
            {},
            "until the partner is found, or until the third trick if the Hochzeit player "
            "took the first three alone, and the deadlines then drop by that trick’s number "
            "less one",
            id="hochzeit-played-alone-ddv",
        ),
        pytest.param(
            "pagat",
            {},
            "A call also makes every lower one your side has not made yet",
            id="jump-needs-each-step-in-time",
        ),
        pytest.param(
            "ddv",
            {},
            "but such an answer with fewer than 11 cards is late, and after it your side "
            "announces nothing more",
            id="late-reply-ddv",
        ),
        pytest.param(
            "ddv",
            {"without_nines": "on"},
            "with fewer than 9 cards is late",
            id="late-reply-ddv-without-nines",
        ),
        pytest.param(
            "ddv",
            {"late_reply_allows_more": "on"},
            "less than the deadline of the other side’s highest call.",
            id="late-reply-ddv-allows-more",
        ),
    ],
)
def test_how_to_play_says_what_the_game_scores_and_allows(
    client: TestClient, preset: str, toggles: dict[str, str], said: str
) -> None:
    """§3: no fox is caught while there is a Schweinchen; §6.2: a jump makes each step below
    it; §6.3: a reply is late below the ordinary Re/Kontra deadline; §6.4: a Hochzeit played
    alone opens the announcements after its third trick (deadlines 3 lower, or 2), with no
    partner found."""
    client.post("/rules", data={"preset": preset, **toggles})
    assert said in words(client.get("/how-to-play").text)


# ---- the daily board -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("rules_key", ["pagat", "ddv"])
def test_the_board_shows_the_total_the_table_showed(tmp_path: Path, rules_key: str) -> None:
    """The daily game of each preset, played with announcements: the board's row (once the
    game's fair-play check is done) has the total of the player's seat on the last sheet, and
    the hands his side won (§7) as the sheets named the winners."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        game_url = start_daily(client, rules_key)
        totals = [0, 0, 0, 0]
        won: list[bool] = []

        def observe(response: httpx.Response) -> None:
            body = response.text
            if hand_is_over(body):
                assert sheet_of(body).record_url is None, "the day's deals are secret"
                record = json.dumps(stored_records(application, game_url)[-1])
                check_sheet(client, body, totals, record)
                result = replay_record(record, with_trace=False)[0][-1]
                side = "re" if 0 in result["re"] else "kontra"
                won.append(result["winner"] == side)
                assert sheet_of(body).title.startswith(f"{side.title()} wins") == won[-1]

        play_game(client, game_url, chooser(11, announce=0.2, reserve=0.1), observe)
        fair_play_checked(application)
        day = application.state.settings.today().isoformat()
        (row,) = board_rows(client.get(f"/leaderboard?day={day}&rules={rules_key}").text)
        assert (row.rank, row.total, row.won, row.own) == (1, totals[0], sum(won), True)


# ---- playing the same deals again ------------------------------------------------------------


def replay_form(body: str) -> dict[str, str]:
    """The fields of the "Play these deals again" form on the final sheet."""
    forms = re.findall(r'<form method="post" action="/games">(.*?)</form>', body, re.S)
    (form,) = [form for form in forms if 'name="seed"' in form]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))


def test_playing_the_deals_again_keeps_the_games_rules(client: TestClient) -> None:
    """The same deals are the same game only under the same rules (scoring, hands, Armut, the
    nines): "Play these deals again" starts the finished game's rule set, even after the
    player chose other rules for new games."""
    toggles = {"without_nines": "on", "hands_per_game": "1"}
    game_url = start(client, "ddv", toggles, "again")
    final = play_game(client, game_url)[-1]
    other_rules = {"armut": "on", "charlie_capture": "on", "late_reply_allows_more": "on"}
    start(client, "pagat", {**other_rules, "hands_per_game": "2"}, "other")
    again = client.post("/games", data=replay_form(client.get(game_url).text))
    assert again.status_code == 200
    shown = re.search(r'class="rules-name" data-rules="([^"]+)"', again.text)
    assert shown is not None and shown.group(1) == "ddv+hands_per_game=1+without_nines"
    assert "hand 1 of 1" in words(again.text)
    replayed = play_game(client, str(again.url.path))[-1]
    assert dealt_hands(replayed) == dealt_hands(final)
    home = client.get("/").text
    assert named_rules("pagat+hands_per_game=2") in home, "the choice for new games stays"


def test_a_finished_game_names_its_last_hand(client: TestClient) -> None:
    """The counter of a game that is over stays on its last hand ("hand 2 of 2"), in the page
    of the final standings and when the game is opened again."""
    game_url = start(client, "pagat", {"hands_per_game": "2"}, "last-hand")
    final = play_game(client, game_url)[-1]
    assert "hand 2 of 2" in words(final)
    assert "hand 2 of 2" in words(client.get(game_url).text)


def test_a_replay_with_rules_that_do_not_exist_is_refused(client: TestClient) -> None:
    response = client.post("/games", data={"seed": "again", "rules": "pagat+nonsense"})
    assert response.status_code == 400
    assert "<html" in response.text


# ---- an Armut nobody takes -------------------------------------------------------------------


def test_an_armut_nobody_takes_is_dealt_again_and_not_counted(client: TestClient) -> None:
    """§5.5: when all three decline, the same dealer deals again and the hand does not count
    towards the game's hands: the table says so, still counts hand 1, the redeal's record
    replays to a redeal, and the history lists it apart, unscored; the history and the reviews
    number the hands as the table does (the URLs count every deal)."""
    toggles = {"armut": "on", "hands_per_game": "2"}
    game_url = start(client, "pagat", toggles, "deal-486")
    totals = [0, 0, 0, 0]
    redealt: list[str] = []
    sheets: list[str] = []

    def observe(response: httpx.Response) -> None:
        body = response.text
        if "Everybody declined the Armut: the cards are dealt again." in body:
            redealt.append(body)
        if hand_is_over(body):
            check_sheet(client, body, totals)
            sheets.append(sheet_of(body).record_url)

    choose = chooser(5, announce=0.2, reserve=0.0, prefer="armut-decline")
    play_game(client, game_url, choose, observe)
    assert len(redealt) == 1, "the player's decline is the last of three"
    assert "hand 1 of 2" in words(redealt[0])
    assert sheets == [f"{game_url}/hands/2/record.json", f"{game_url}/hands/3/record.json"]
    lines, code = replay_record(client.get(f"{game_url}/hands/1/record.json").text, False)
    assert (lines, code) == ([{"redeal": True}], 0)
    game_id = game_url.rsplit("/", 1)[1]
    entry = section(client.get("/history").text, f'data-game="{game_id}"', "</li>\n")
    assert "2 finished hands" in words(entry)
    assert "Dealt again: everybody declined the Armut" in words(entry)
    assert len(re.findall(r'data-points="(-?\d+)"', entry)) == 2
    numbers = re.findall(r'<tr data-hand="(\d+)"[^>]*>\s*<td>(\d+)</td>', entry)
    assert numbers == [("1", "1"), ("2", "1"), ("3", "2")], "hands counted as the table counts"
    for deal_number, hand in ((2, 1), (3, 2)):
        review = client.get(f"{game_url}/hands/{deal_number}/review").text
        assert f"<h1>Hand {hand}: review</h1>" in review
