"""The bots' command-line tools, run as real commands: `python -m bots.arena` (a duplicate match
with a JSON summary and hand records) and `python -m bots.decide` (one decision for one seat of
an incomplete hand record)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bots.registry import bot_named
from engine import Act, Action, HandRecord, Phase, parse_record, view_of
from engine.replay import run as replay
from tests.scripting import rigged_hand, run

ROOT = Path(__file__).resolve().parent.parent
Record = dict[str, Any]

# Seat 0 holds three trumps (J♦ 9♦ 9♦) and may declare Armut; seat 1 holds a strong trump
# hand; the Q♣ are with seats 1 and 2.
HANDS = [
    "JD 9D 9D AC 10C KC 9C AS KS 9S KH 9H",
    "10H QC QS QH JC JS AD 10D AC AS 10S KH",
    "10C QC 9C KS JS AH 10H JH 9H 10D KD QD",
    "KC JC 10S QS 9S AH QH JH AD KD QD JD",
]
HEALTHY = "0 healthy; 1 healthy; 2 healthy; 3 healthy"
ARMUT = "0 armut; 1 healthy; 2 healthy; 3 healthy"
GIVEN = ARMUT + "; 0 armut-give JD 9D 9D"

POSITIONS = {
    "reservation": "",
    "armut-give": ARMUT,
    "armut-response": GIVEN,
    "armut-return": GIVEN + "; 1 armut-accept",
    "first-lead": HEALTHY,
    "following-clubs": HEALTHY + "; 0 play AC; 1 play AC",
}
"""Incomplete hands, one per kind of decision, from the deal above (dealer 3)."""


def command(module: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def record_of(script: str) -> Record:
    return HandRecord.of_hand(run(rigged_hand(HANDS), script)).to_json()


def finished_record() -> Record:
    """The deal played to its end by heuristic-v1 in every seat."""
    hand = rigged_hand(HANDS)
    bot = bot_named("heuristic-v1")
    while not hand.is_over:
        assert hand.to_act is not None
        hand.apply(bot.choose(view_of(hand, hand.to_act), random.Random(0)))
    assert hand.phase is Phase.DONE
    return HandRecord.of_hand(hand).to_json()


def write(path: Path, data: Record | str) -> str:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def only_json(stdout: str) -> Record:
    lines = stdout.splitlines()
    assert len(lines) == 1, stdout
    parsed = json.loads(lines[0])
    assert isinstance(parsed, dict)
    return parsed


# ---- arena ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def arena_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Record, list[str]]:
    """Three deals of heuristic-v1 against random-v1, with the hand records written."""
    records = tmp_path_factory.mktemp("arena") / "hands.jsonl"
    done = command(
        "bots.arena",
        *("--bot", "heuristic-v1", "--vs", "random-v1", "--deals", "3", "--seed", "s"),
        *("--json", "--records", str(records)),
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.splitlines()[-1])
    return summary, records.read_text(encoding="utf-8").splitlines()


def test_arena_summary(arena_run: tuple[Record, list[str]]) -> None:
    """The last line is the JSON summary: three deals in four rotations count 12 hands (an
    Armut redeal is replayed within its rotation and not counted). Its mean and won share are
    worked out again from the hands it wrote: rotation r of a deal puts the tested bot in
    seat r, and the mean is over deals of the mean of their four rotations."""
    summary, lines = arena_run
    assert (summary["bot"], summary["vs"], summary["rules"]) == (
        "heuristic-v1",
        "random-v1",
        "pagat",
    )
    assert (summary["deals"], summary["hands"]) == (3, 12)
    results = [out for line in lines for out in replay(line, False)[0] if "scores" in out]
    seats = [index % 4 for index in range(len(results))]
    scores = [result["scores"][seat] for result, seat in zip(results, seats, strict=True)]
    deal_means = [sum(scores[4 * deal : 4 * deal + 4]) / 4 for deal in range(3)]
    assert summary["mean"] == round(sum(deal_means) / 3, 3)
    won = sum(
        1
        for result, seat in zip(results, seats, strict=True)
        if result["winner"] and seat in result[result["winner"]]
    )
    assert summary["won_share"] == round(won / 12, 3)
    low, high = summary["ci95"]
    assert low < summary["mean"] < high, "three different deals: the interval has a width"
    assert 0 < summary["decision_ms_p95"] <= summary["decision_ms_max"], "the longest decision"


def test_arena_records_replay(arena_run: tuple[Record, list[str]], tmp_path: Path) -> None:
    """Every record line is a hand the replay accepts: 12 finished hands, one per rotation,
    plus any redeals before them. The first goes through the real command, the rest through
    the function it prints."""
    _, lines = arena_run
    done = command("engine.replay", write(tmp_path / "first.json", lines[0]))
    assert done.returncode == 0, done.stdout
    assert only_json(done.stdout) == replay(lines[0], False)[0][0]
    finished = redeals = 0
    for line in lines:
        outputs, code = replay(line, False)
        assert code == 0 and len(outputs) == 1, outputs
        if outputs[0] == {"redeal": True}:
            redeals += 1
        else:
            assert "winner" in outputs[0] and "scores" in outputs[0], outputs
            finished += 1
    assert finished == 12
    assert len(lines) == finished + redeals


def test_arena_is_reproducible_from_its_seed(arena_run: tuple[Record, list[str]]) -> None:
    """The same seed deals and plays the same hands: everything but the timings repeats."""
    summary, _ = arena_run
    again = command(
        "bots.arena",
        *("--bot", "heuristic-v1", "--vs", "random-v1", "--deals", "3", "--seed", "s", "--json"),
    )
    repeated = json.loads(again.stdout.splitlines()[-1])
    for key in ("hands", "mean", "ci95", "won_share", "declared", "announcements"):
        assert repeated[key] == summary[key], key


def test_arena_under_ddv(tmp_path: Path) -> None:
    """`--rules ddv` plays the ddv preset, and its records say so."""
    records = tmp_path / "ddv.jsonl"
    done = command(
        "bots.arena",
        *("--bot", "random-v1", "--vs", "heuristic-v1", "--deals", "1", "--rules", "ddv"),
        *("--json", "--records", str(records)),
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.splitlines()[-1])
    assert (summary["rules"], summary["hands"]) == ("ddv", 4)
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4, "ddv has no Armut, so no redeals"
    assert {json.loads(line)["rules"] for line in lines} == {"ddv"}


def test_arena_self_play_counts_every_seat(tmp_path: Path) -> None:
    """A bot against itself plays each deal once and counts all four seats: three deals are
    12 seat-hands, the scores sum to nothing, and every declared contract and announcement of
    any seat is in the summary (counted again from the records)."""
    records = tmp_path / "self.jsonl"
    done = command(
        "bots.arena",
        *("--bot", "heuristic-v1", "--vs", "heuristic-v1", "--deals", "3", "--seed", "self"),
        *("--json", "--records", str(records)),
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.splitlines()[-1])
    assert (summary["hands"], summary["mean"], summary["ci95"]) == (12, 0.0, [0.0, 0.0])
    lines = records.read_text(encoding="utf-8").splitlines()
    hands = [parse_record(line).replay() for line in lines]
    finished = [hand for hand in hands if hand.phase is Phase.DONE]
    assert len(finished) == 3
    calls = sum(action.act is Act.ANNOUNCE for hand in finished for action in hand.actions)
    assert summary["announcements"] == calls
    declared = sum(hand.declarer is not None for hand in finished)
    assert calls > 0 and declared > 0, "this seed's deals have a Hochzeit and calls to count"
    assert sum(row["count"] for row in summary["declared"].values()) == declared


@pytest.mark.parametrize(
    "args",
    [
        ("--bot", "heuristic-v0", "--vs", "random-v1"),
        ("--bot", "heuristic-v1", "--vs", "nobody"),
        ("--bot", "heuristic-v1", "--vs", "random-v1", "--rules", "skat"),
        ("--bot", "heuristic-v1", "--vs", "random-v1", "--deals", "0"),
        ("--bot", "heuristic-v1", "--vs", "random-v1", "--budget", "4"),
        ("--bot", "search-v1", "--vs", "random-v1", "--budget", "0"),
        ("--bot", "heuristic-v1", "--vs", "random-v1", "--workers", "0"),
    ],
    ids=[
        "unknown-bot",
        "unknown-vs",
        "unknown-rules",
        "no-deals",
        "budget-of-a-heuristic",
        "no-budget",
        "no-workers",
    ],
)
def test_arena_usage_errors(args: tuple[str, ...]) -> None:
    """A bad argument is a usage error (exit 2) before any hand is played."""
    done = command("bots.arena", *args, "--json")
    assert done.returncode == 2
    assert "usage:" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    "path", ["/nonexistent/folder/hands.jsonl", "."], ids=["no-folder", "a-folder"]
)
def test_arena_refuses_records_it_cannot_write(path: str) -> None:
    """A --records file that cannot be opened is a usage error before any hand is played."""
    done = command("bots.arena", "--bot", "random-v1", "--vs", "random-v1", "--records", path)
    assert done.returncode == 2
    assert "cannot write --records" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_arena_workers_share_the_deals_alike() -> None:
    """Two processes play the same deals as one: the summary repeats but for the timings;
    a search bot with a small budget takes part like any other."""
    base = ("--bot", "search-v1", "--vs", "random-v1", "--deals", "2", "--seed", "w")
    one = command("bots.arena", *base, "--budget", "2", "--json")
    two = command("bots.arena", *base, "--budget", "2", "--workers", "2", "--json")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    first, second = (json.loads(done.stdout.splitlines()[-1]) for done in (one, two))
    assert first["bot"] == "search-v1" and first["hands"] == 8
    for key in ("hands", "mean", "ci95", "won_share", "declared", "announcements"):
        assert first[key] == second[key], key
    assert one.stderr == "", "no progress bar when standard error is not a terminal"


def test_arena_help_shows_the_defaults() -> None:
    done = command("bots.arena", "--help")
    assert done.returncode == 0
    for shown in ("(default: 100)", "(default: pagat)", "(default: 1)", "--workers", "--budget"):
        assert shown in done.stdout


# ---- decide ---------------------------------------------------------------------------------


@pytest.mark.parametrize("script", POSITIONS.values(), ids=POSITIONS.keys())
def test_decide_prints_an_action_the_engine_accepts(script: str, tmp_path: Path) -> None:
    """The printed action is the bot's choice from the seat's own view, in the record's form;
    appended to the record it replays without refusal."""
    record = record_of(script)
    hand = parse_record(json.dumps(record)).replay()
    seat = hand.to_act
    assert seat is not None
    done = command(
        "bots.decide", "--bot", "heuristic-v1", "--seat", str(seat), write(tmp_path / "r", record)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    action = only_json(done.stdout)
    assert action["seat"] == seat
    expected = bot_named("heuristic-v1").choose(view_of(hand, seat), random.Random(0))
    assert Action.from_record(action) == expected
    record["actions"].append(action)
    lines, code = replay(json.dumps(record), False)
    assert code == 0 and "error" not in lines[-1], lines


@pytest.mark.parametrize("bot_id", ["search-v1", "casual-v1"])
@pytest.mark.parametrize("position", ["reservation", "following-clubs"])
def test_decide_asks_the_other_bots_too(bot_id: str, position: str, tmp_path: Path) -> None:
    """`--bot search-v1` (its default budget) and `--bot casual-v1` decide as the bots do."""
    record = record_of(POSITIONS[position])
    hand = parse_record(json.dumps(record)).replay()
    seat = hand.to_act
    assert seat is not None
    path = write(tmp_path / "r", record)
    done = command("bots.decide", "--bot", bot_id, "--seat", str(seat), "--seed", "3", path)
    assert done.returncode == 0, done.stdout + done.stderr
    expected = bot_named(bot_id).choose(view_of(hand, seat), random.Random(3))
    assert Action.from_record(only_json(done.stdout)) == expected


def test_decide_reads_standard_input() -> None:
    """`-` reads the record from standard input (how the web table calls it)."""
    record = record_of(POSITIONS["first-lead"])
    done = command(
        "bots.decide", "--bot", "random-v1", "--seat", "0", "-", stdin=json.dumps(record)
    )
    assert done.returncode == 0, done.stderr
    action = only_json(done.stdout)
    record["actions"].append(action)
    assert replay(json.dumps(record), False)[1] == 0


@pytest.mark.parametrize(
    ("script", "seat"),
    [("", 1), (HEALTHY, 2), (GIVEN, 0)],
    ids=["reservation", "play", "armut-response"],
)
def test_decide_refuses_a_seat_that_is_not_to_act(script: str, seat: int, tmp_path: Path) -> None:
    """Bots decide only for the seat to act: another seat gets an error object, exit 2."""
    done = command(
        "bots.decide",
        *("--bot", "heuristic-v1", "--seat", str(seat)),
        write(tmp_path / "r", record_of(script)),
    )
    assert done.returncode == 2
    output = only_json(done.stdout)
    assert output["error"] == "nothing to decide"
    assert output["seat"] == seat


@pytest.mark.parametrize("seat", [0, 3])
def test_decide_refuses_a_finished_hand(seat: int, tmp_path: Path) -> None:
    """After the last card nobody is to act, whichever seat asks."""
    done = command(
        "bots.decide",
        *("--bot", "heuristic-v1", "--seat", str(seat)),
        write(tmp_path / "r", finished_record()),
    )
    assert done.returncode == 2
    output = only_json(done.stdout)
    assert output["error"] == "nothing to decide"
    assert "over" in output["reason"]


def test_decide_refuses_a_redeal(tmp_path: Path) -> None:
    """An Armut everyone declined is over: nothing to decide."""
    script = GIVEN + "; 1 armut-decline; 2 armut-decline; 3 armut-decline"
    done = command(
        "bots.decide",
        "--bot",
        "heuristic-v1",
        "--seat",
        "0",
        write(tmp_path / "r", record_of(script)),
    )
    assert done.returncode == 2
    assert only_json(done.stdout)["error"] == "nothing to decide"


def broken_records() -> dict[str, str]:
    """Malformed variants of a good record, by name."""
    good = record_of(HEALTHY)
    wrong_format = {**good, "format": "doppelkopf-hand/0"}
    short_hand = {**good, "hands": [HANDS[0][3:], *HANDS[1:]]}
    bad_action = {**good, "actions": [*good["actions"], {"seat": 0, "act": "jump"}]}
    return {
        "not-json": "{",
        "wrong-format": json.dumps(wrong_format),
        "short-hand": json.dumps(short_hand),
        "unknown-act": json.dumps(bad_action),
    }


@pytest.mark.parametrize("name", broken_records().keys())
def test_decide_refuses_an_invalid_record(name: str, tmp_path: Path) -> None:
    """A record that is not well-formed is refused as invalid, not passed to a bot."""
    done = command(
        "bots.decide",
        *("--bot", "heuristic-v1", "--seat", "0"),
        write(tmp_path / "r", broken_records()[name]),
    )
    assert done.returncode == 2
    assert only_json(done.stdout)["error"] == "invalid"


@pytest.mark.parametrize("path", ["/nonexistent/record.json", "."], ids=["missing", "a-folder"])
def test_decide_refuses_a_record_it_cannot_read(path: str) -> None:
    """An unreadable file is answered as the replay command answers it: an error object."""
    done = command("bots.decide", "--bot", "heuristic-v1", "--seat", "0", path)
    assert done.returncode == 2
    assert only_json(done.stdout)["error"] == "invalid"
    assert done.stderr == ""


def test_decide_refuses_a_record_with_an_illegal_action(tmp_path: Path) -> None:
    """A well-formed record the rules refuse names the index of the refused action."""
    record = record_of(HEALTHY)
    record["actions"].append({"seat": 0, "act": "play", "card": "QC"})
    done = command(
        "bots.decide", "--bot", "heuristic-v1", "--seat", "0", write(tmp_path / "r", record)
    )
    assert done.returncode == 2
    assert only_json(done.stdout) | {"reason": ""} == {"error": "illegal", "index": 4, "reason": ""}


@pytest.mark.parametrize(
    "args", [("--bot", "nobody", "--seat", "0"), ("--bot", "heuristic-v1", "--seat", "4")]
)
def test_decide_usage_errors(args: tuple[str, ...], tmp_path: Path) -> None:
    """An unknown bot or a seat outside 0-3 is a usage error (exit 2)."""
    done = command("bots.decide", *args, write(tmp_path / "r", record_of("")))
    assert done.returncode == 2
    assert "usage:" in done.stderr


def test_arena_stops_quietly_when_its_reader_does() -> None:
    """`--records /dev/stdout | head -1` ended in a BrokenPipe traceback."""
    arena = subprocess.Popen(
        [sys.executable, "-m", "bots.arena", "--bot", "heuristic-v1", "--vs", "random-v1"]
        + ["--deals", "3", "--records", "/dev/stdout"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert arena.stdout is not None and arena.stderr is not None
    first = arena.stdout.readline()
    arena.stdout.close()
    errors = arena.stderr.read().decode()
    assert arena.wait(timeout=120) == 0
    assert parse_record(first.decode()).replay().phase is Phase.DONE
    assert "Traceback" not in errors
