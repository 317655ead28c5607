"""The replay command (`python -m engine.replay`): outputs, trace lines and exit codes.

Records are written here in card notation. Most cases call `engine.replay.run` in-process for
speed; a few run the real command in a subprocess, from a file and from standard input.
"""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.replay import main, run

Record = dict[str, Any]

SUIT_BLOCKS = [
    "AC AC 10C 10C KC KC QC QC JC JC 9C 9C",
    "AS AS 10S 10S KS KS QS QS JS JS 9S 9S",
    "AH AH 10H 10H KH KH QH QH JH JH 9H 9H",
    "AD AD 10D 10D KD KD QD QD JD JD 9D 9D",
]
"""Each seat holds one whole suit: in a fleischlos solo nobody can follow the lead, so the
leader, seat 0, takes every trick."""

MIXED = [
    "AC AC 10C 10C KC KC QC JC JC 9C 9C 9S",
    "AS AS 10S 10S KS KS QS QS JS JS 9S QC",
    "AH AH 10H 10H KH KH QH QH JH JH 9H 9H",
    "AD AD 10D 10D KD KD QD QD JD JD 9D 9D",
]
"""Seats 0 and 1 hold one Q♣ each (Re in a normal game). Seat 0 has three trumps (Q♣ J♣ J♣):
it may declare Armut. Seat 1 holds plain spades, so it must follow a spade lead."""

RANK_ORDER = ["A", "A", "10", "10", "K", "K", "Q", "Q", "J", "J", "9", "9"]
RANK_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

FLEISCHLOS_SCRIPT = "\n".join(
    [
        "0 solo-fleischlos; 1 healthy; 2 healthy; 3 healthy",
        "0 announce re; 1 announce kontra",
        *(f"0 play {r}C; 1 play {r}S; 2 play {r}H; 3 play {r}D" for r in RANK_ORDER),
    ]
)
"""54 actions: 4 reservations, 2 announcements, 48 cards in 12 tricks, each led by seat 0."""

FLEISCHLOS_FIRST_CARD = "\n".join(FLEISCHLOS_SCRIPT.splitlines()[:2]) + "; 0 play AC"
HEALTHY = "0 healthy; 1 healthy; 2 healthy; 3 healthy"
ARMUT_DECLARED = "0 armut; 1 healthy; 2 healthy; 3 healthy"
ARMUT_GIVEN = ARMUT_DECLARED + "; 0 armut-give QC JC JC"
TWO_TRICKS = HEALTHY + "; 0 play 9S; 1 play AS; 2 play AH; 3 play AD"
TWO_TRICKS += "; 3 play 10D; 0 play JC; 1 play JS; 2 play JH"
"""Trick 1: the A♦ (a trump) of seat 3 wins the spade lead. Trick 2: the J♣ of seat 0 is the
highest trump. Every seat then holds 10 cards."""

RESERVATIONS_OF_SEAT_0 = [
    "healthy",
    "hochzeit",
    "solo-clubs",
    "solo-diamonds",
    "solo-fleischlos",
    "solo-hearts",
    "solo-jacks",
    "solo-queens",
    "solo-spades",
]
"""Both Q♣ make Hochzeit possible; four trumps (Q♣ Q♣ J♣ J♣) rule out Armut."""
SOLOS_AND_HEALTHY = [n for n in RESERVATIONS_OF_SEAT_0 if n != "hochzeit"]
ALL_CALLS = ["no30", "no60", "no90", "schwarz"]


def entry(line: str) -> Record:
    """One record action from `SEAT ACT [ARG…]`, written without the engine."""
    seat_text, act, *args = line.split()
    action: Record = {"seat": int(seat_text), "act": act}
    if act == "play":
        action["card"] = args[0]
    elif act == "announce":
        action["call"] = args[0]
    elif act in ("armut-give", "armut-return"):
        action["cards"] = args
    return action


def actions(script: str) -> list[Record]:
    lines = script.replace(";", "\n").splitlines()
    return [entry(line) for line in lines if line.strip()]


def record(hands: list[str], script: str, rules: object = "pagat", dealer: int = 3) -> Record:
    return {
        "format": "doppelkopf-hand/1",
        "rules": rules,
        "dealer": dealer,
        "hands": list(hands),
        "actions": actions(script),
    }


def fleischlos_record() -> Record:
    return record(SUIT_BLOCKS, FLEISCHLOS_SCRIPT)


def replay(data: Record | str, trace: bool = False) -> tuple[list[dict[str, Any]], int]:
    text = data if isinstance(data, str) else json.dumps(data)
    return run(text, trace)


def fleischlos_tricks() -> list[Record]:
    return [
        {
            "leader": 0,
            "cards": [f"{r}C", f"{r}S", f"{r}H", f"{r}D"],
            "winner": 0,
            "points": 4 * RANK_POINTS[r],
        }
        for r in RANK_ORDER
    ]


FLEISCHLOS_ITEMS = [
    ("re", "won", 1),
    ("re", "re_announced", 2),
    ("re", "kontra_announced", 2),
    ("re", "under_90", 1),
    ("re", "under_60", 1),
    ("re", "under_30", 1),
    ("re", "schwarz", 1),
]
"""§8.1: the soloist wins; 2 each for Re and Kontra announced; Kontra has no trick, so it is
under every level. No extras in a solo (§8.4). 9 in all, ×3 for the soloist (§8.3)."""


def check_fleischlos_result(result: Record) -> None:
    items = sorted((i["team"], i["item"], i["points"]) for i in result.pop("items"))
    assert items == sorted(FLEISCHLOS_ITEMS)
    assert result == {
        "contract": "solo-fleischlos",
        "soloist": 0,
        "re": [0],
        "kontra": [1, 2, 3],
        "tricks": fleischlos_tricks(),
        "card_points": {"re": 240, "kontra": 0},
        "tricks_won": {"re": 12, "kontra": 0},
        "announced": {"re": "re", "kontra": "kontra"},
        "winner": "re",
        "value": 9,
        "scores": [27, -9, -9, -9],
    }


def test_a_complete_record_prints_the_result() -> None:
    lines, code = replay(fleischlos_record())
    assert code == 0
    assert len(lines) == 1
    check_fleischlos_result(lines[0])


def trace_entry(index: int, phase: str, to_act: int | None, legal: list[list[str]]) -> Record:
    return {
        "index": index,
        "phase": phase,
        "to_act": to_act,
        "legal": {str(seat): sorted(notations) for seat, notations in enumerate(legal)},
    }


def plays(suit: str) -> list[str]:
    return [f"play {rank}{suit}" for rank in ("A", "10", "K", "Q", "J", "9")]


def announcements(*calls: str) -> list[str]:
    return [f"announce {call}" for call in calls]


def check_trace_shape(lines: list[Record], actions_count: int) -> None:
    """One line per prefix, index 0..N, each seat's list sorted and distinct; `to_act` is
    null exactly in the phases done and redeal."""
    assert [line["index"] for line in lines] == list(range(actions_count + 1))
    for line in lines:
        assert set(line) == {"index", "phase", "to_act", "legal"}
        assert list(line["legal"]) == ["0", "1", "2", "3"]
        for notations in line["legal"].values():
            assert notations == sorted(set(notations))
        assert (line["to_act"] is None) == (line["phase"] in ("done", "redeal"))


def test_trace_of_a_complete_record() -> None:
    lines, code = replay(fleischlos_record(), trace=True)
    assert code == 0
    *trace_lines, final = lines
    check_trace_shape(trace_lines, 54)
    kontra_calls = announcements("kontra", *ALL_CALLS)
    assert trace_lines[0] == trace_entry(0, "reservations", 0, [RESERVATIONS_OF_SEAT_0, [], [], []])
    assert trace_lines[1] == trace_entry(1, "reservations", 1, [[], SOLOS_AND_HEALTHY, [], []])
    assert trace_lines[3] == trace_entry(3, "reservations", 3, [[], [], [], SOLOS_AND_HEALTHY])
    first_lead = [announcements("re", *ALL_CALLS) + plays("C"), *[kontra_calls] * 3]
    assert trace_lines[4] == trace_entry(4, "play", 0, first_lead)
    after_kontra = [announcements(*ALL_CALLS) + plays("C"), *[announcements(*ALL_CALLS)] * 3]
    assert trace_lines[6] == trace_entry(6, "play", 0, after_kontra)
    seat_1_discards = [announcements(*ALL_CALLS)] * 4
    seat_1_discards[1] = announcements(*ALL_CALLS) + plays("S")
    assert trace_lines[7] == trace_entry(7, "play", 1, seat_1_discards)
    assert trace_lines[54] == trace_entry(54, "done", None, [[], [], [], []])
    check_fleischlos_result(final)


def test_trace_drops_calls_past_their_deadline() -> None:
    """After two tricks (10 cards) Re may still say no 90 (≥ 10) or skip to a higher step.
    After the third (9 cards) it may say nothing: no 60 would skip no 90, whose deadline has
    passed, and a skip is legal only when each skipped call would be (§6.2)."""
    lines, _ = replay(fleischlos_record(), trace=True)
    clubs_left = sorted(plays("C")[1:])
    assert lines[14]["legal"]["0"] == announcements(*ALL_CALLS) + clubs_left
    assert lines[18]["legal"]["0"] == clubs_left


INCOMPLETE = [
    ("no actions", SUIT_BLOCKS, "", "reservations", 0),
    ("mid reservations", SUIT_BLOCKS, "0 healthy; 1 healthy", "reservations", 2),
    ("armut to give", MIXED, ARMUT_DECLARED, "armut-give", 0),
    ("armut answers", MIXED, ARMUT_GIVEN + "; 1 armut-decline", "armut-response", 2),
    (
        "armut to return",
        MIXED,
        ARMUT_GIVEN + "; 1 armut-decline; 2 armut-accept",
        "armut-return",
        2,
    ),
    ("mid trick", SUIT_BLOCKS, FLEISCHLOS_FIRST_CARD, "play", 1),
    ("trick won", MIXED, HEALTHY + "; 0 play 9S; 1 play AS; 2 play AH; 3 play AD", "play", 3),
]


@pytest.mark.parametrize(
    ("hands", "script", "phase", "to_act"),
    [case[1:] for case in INCOMPLETE],
    ids=[case[0] for case in INCOMPLETE],
)
def test_an_incomplete_record_says_who_is_to_act(
    hands: list[str], script: str, phase: str, to_act: int
) -> None:
    data = record(hands, script)
    lines, code = replay(data)
    assert (lines, code) == ([{"incomplete": True, "phase": phase, "to_act": to_act}], 0)
    traced, code = replay(data, trace=True)
    assert code == 0
    check_trace_shape(traced, len(data["actions"]))
    assert (traced[-1]["phase"], traced[-1]["to_act"]) == (phase, to_act)


ALL_DECLINED = ARMUT_GIVEN + "; 1 armut-decline; 2 armut-decline; 3 armut-decline"


def test_an_armut_all_declined_is_a_redeal() -> None:
    data = record(MIXED, ALL_DECLINED)
    assert replay(data) == ([{"redeal": True}], 0)
    lines, code = replay(data, trace=True)
    assert code == 0
    *trace_lines, final = lines
    assert final == {"redeal": True}
    check_trace_shape(trace_lines, 8)
    assert trace_lines[4] == trace_entry(4, "armut-give", 0, [["armut-give QC JC JC"], [], [], []])
    answers = ["armut-accept", "armut-decline"]
    assert trace_lines[5] == trace_entry(5, "armut-response", 1, [[], answers, [], []])
    assert trace_lines[8] == trace_entry(8, "redeal", None, [[], [], [], []])


ILLEGAL = [
    ("play out of turn", MIXED, HEALTHY + "; 1 play AS", 4),
    ("card not in hand", MIXED, HEALTHY + "; 0 play AS", 4),
    ("not following suit", MIXED, HEALTHY + "; 0 play 9S; 1 play QS", 5),
    ("trump on a plain lead", MIXED, HEALTHY + "; 0 play 9S; 1 play QC", 5),
    ("re past its deadline", MIXED, TWO_TRICKS + "; 0 announce re", 12),
    ("kontra past its deadline", MIXED, TWO_TRICKS + "; 2 announce kontra", 12),
    ("no90 skipping a late re", MIXED, TWO_TRICKS + "; 1 announce no90", 12),
    ("re by a kontra seat", MIXED, HEALTHY + "; 2 announce re", 4),
    ("kontra by a re seat", MIXED, HEALTHY + "; 0 announce kontra", 4),
    ("repeated re", MIXED, HEALTHY + "; 0 announce re; 1 announce re", 5),
    ("announce in reservations", MIXED, "0 healthy; 0 announce re", 1),
    ("reservation out of turn", MIXED, "1 healthy", 0),
    ("armut without armut cards", SUIT_BLOCKS, "0 armut", 0),
    ("hochzeit without both queens", MIXED, "0 hochzeit", 0),
    ("armut-give of 2 cards", MIXED, ARMUT_DECLARED + "; 0 armut-give QC JC", 4),
    ("armut-give keeping a trump", MIXED, ARMUT_DECLARED + "; 0 armut-give QC JC AC", 4),
    ("armut-give of a card 3 times", MIXED, ARMUT_DECLARED + "; 0 armut-give JC JC JC", 4),
    (
        "armut-return of a card 3 times",
        MIXED,
        ARMUT_GIVEN + "; 1 armut-accept; 1 armut-return JC JC JC",
        6,
    ),
    ("armut answer by the poor seat", MIXED, ARMUT_GIVEN + "; 0 armut-accept", 5),
    ("armut answer out of turn", MIXED, ARMUT_GIVEN + "; 2 armut-accept", 5),
    ("play before the return", MIXED, ARMUT_GIVEN + "; 1 armut-accept; 0 play AC", 6),
    ("play after the end", SUIT_BLOCKS, FLEISCHLOS_SCRIPT + "; 0 play AC", 54),
    ("announce after the end", SUIT_BLOCKS, FLEISCHLOS_SCRIPT + "; 0 announce no90", 54),
]


@pytest.mark.parametrize(
    ("hands", "script", "index"),
    [case[1:] for case in ILLEGAL],
    ids=[case[0] for case in ILLEGAL],
)
@pytest.mark.parametrize("trace", [False, True], ids=["result", "trace"])
def test_an_illegal_action_is_reported_at_its_index(
    hands: list[str], script: str, index: int, trace: bool
) -> None:
    lines, code = replay(record(hands, script), trace)
    assert code == 2
    assert len(lines) == 1
    error = lines[0]
    assert set(error) == {"error", "index", "reason"}
    assert (error["error"], error["index"]) == ("illegal", index)
    assert isinstance(error["reason"], str) and error["reason"]


def mutated(change: Callable[[Record], object]) -> str:
    data = fleischlos_record()
    change(data)
    return json.dumps(data)


def set_rules(value: object) -> Callable[[Record], object]:
    return lambda data: data.__setitem__("rules", value)


def set_action_field(index: int, name: str, value: object) -> Callable[[Record], object]:
    return lambda data: data["actions"][index].__setitem__(name, value)


def drop_action_field(index: int, name: str) -> Callable[[Record], object]:
    return lambda data: data["actions"][index].pop(name)


def replace_action(index: int, line: str, cards: object) -> Callable[[Record], object]:
    """The action at `index` becomes `line` with its `cards` field replaced."""
    return lambda data: data["actions"].__setitem__(index, {**entry(line), "cards": cards})


def set_hand(seat: int, cards: str) -> Callable[[Record], object]:
    return lambda data: data["hands"].__setitem__(seat, cards)


def illegal_first_invalid_last(data: Record) -> None:
    """Seat 1 declares out of turn (illegal) and the last card does not exist (malformed):
    the whole record is checked before any action is replayed, so it is invalid."""
    data["actions"][0]["seat"] = 1
    data["actions"][-1]["card"] = "1D"


INVALID_TEXTS = [
    ("bad json", '{"format": "doppelkopf-hand/1", '),
    ("not an object", "[1, 2, 3]"),
    ("unknown format", mutated(lambda data: data.__setitem__("format", "doppelkopf-hand/2"))),
    ("missing format", mutated(lambda data: data.pop("format"))),
    ("unknown preset", mutated(set_rules("skat"))),
    ("unknown toggle", mutated(set_rules({"preset": "pagat", "jokers": True}))),
    ("bad boolean toggle", mutated(set_rules({"preset": "pagat", "armut": "yes"}))),
    ("bad scoring toggle", mutated(set_rules({"preset": "ddv", "scoring": "skat"}))),
    ("bad shift toggle", mutated(set_rules({"preset": "pagat", "hochzeit_deadline_shift": 2}))),
    ("hand of 11 cards", mutated(set_hand(0, SUIT_BLOCKS[0].rsplit(" ", 1)[0]))),
    ("hand of 13 cards", mutated(set_hand(0, SUIT_BLOCKS[0] + " 9S"))),
    ("12 cards without nines", mutated(set_rules({"preset": "pagat", "without_nines": True}))),
    ("hands not the deck", mutated(set_hand(0, SUIT_BLOCKS[0].replace("9C 9C", "9C 9S")))),
    ("three hands", mutated(lambda data: data["hands"].pop())),
    ("unknown card in a hand", mutated(set_hand(0, SUIT_BLOCKS[0].replace("AC", "1C", 1)))),
    ("lower-case card", mutated(set_hand(0, SUIT_BLOCKS[0].replace("AC", "ac", 1)))),
    ("cards split by a tab", mutated(set_hand(0, SUIT_BLOCKS[0].replace(" ", "\t", 1)))),
    ("cards split by a line break", mutated(set_hand(0, SUIT_BLOCKS[0].replace(" ", "\n", 1)))),
    ("cards split by a no-break space", mutated(set_hand(0, SUIT_BLOCKS[0].replace(" ", "\xa0")))),
    ("cards split by two spaces", mutated(set_hand(0, SUIT_BLOCKS[0].replace(" ", "  ", 1)))),
    ("a hand after a space", mutated(set_hand(0, " " + SUIT_BLOCKS[0]))),
    ("seat 4", mutated(set_action_field(0, "seat", 4))),
    ("seat -1", mutated(set_action_field(0, "seat", -1))),
    ('seat "1"', mutated(set_action_field(1, "seat", "1"))),
    ("seat true", mutated(set_action_field(1, "seat", True))),
    ("missing seat", mutated(lambda data: data["actions"][1].pop("seat"))),
    ("unknown act", mutated(set_action_field(0, "act", "pass"))),
    ("unknown call", mutated(set_action_field(4, "call", "maybe"))),
    ("missing call", mutated(drop_action_field(4, "call"))),
    ("unknown card", mutated(set_action_field(6, "card", "11C"))),
    ("missing card", mutated(drop_action_field(6, "card"))),
    ("missing armut cards", mutated(set_action_field(6, "act", "armut-give"))),
    ("armut cards not a list", mutated(replace_action(6, "0 armut-give QC JC JC", "QC JC JC"))),
    ("actions not a list", mutated(lambda data: data.__setitem__("actions", {}))),
    ("missing dealer", mutated(lambda data: data.pop("dealer"))),
    ("dealer 4", mutated(lambda data: data.__setitem__("dealer", 4))),
    ("invalid after illegal", mutated(illegal_first_invalid_last)),
    ("nested too deep for the parser", "[" * 100_000 + "]" * 100_000),
    ("a number too long to read", "1" * 5_000),
    ("scoring toggle a list", mutated(set_rules({"preset": "ddv", "scoring": ["ddv"]}))),
    ("scoring toggle an object", mutated(set_rules({"preset": "ddv", "scoring": {}}))),
]


@pytest.mark.parametrize(
    "text", [case[1] for case in INVALID_TEXTS], ids=[c[0] for c in INVALID_TEXTS]
)
@pytest.mark.parametrize("trace", [False, True], ids=["result", "trace"])
def test_a_malformed_record_is_invalid(text: str, trace: bool) -> None:
    lines, code = run(text, trace)
    assert code == 2
    assert len(lines) == 1
    assert set(lines[0]) == {"error", "reason"}
    assert lines[0]["error"] == "invalid"
    assert isinstance(lines[0]["reason"], str) and lines[0]["reason"]


def test_the_record_checks_are_not_too_strict() -> None:
    """The order of cards inside a hand does not matter, and a rules object may spell out a
    preset's own value."""
    data = fleischlos_record()
    data["hands"] = [" ".join(reversed(hand.split())) for hand in data["hands"]]
    data["rules"] = {"preset": "pagat", "armut": True}
    lines, code = replay(data)
    assert code == 0
    check_fleischlos_result(lines[0])


def command(*args: str, stdin: str | None = None) -> tuple[list[Record], int]:
    """Runs the real command; every line it prints must be one JSON object."""
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return [json.loads(line) for line in done.stdout.splitlines()], done.returncode


def test_command_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(fleischlos_record()), encoding="utf-8")
    lines, code = command(str(path))
    assert code == 0
    assert len(lines) == 1
    check_fleischlos_result(lines[0])


def test_command_reads_standard_input_and_traces() -> None:
    text = json.dumps(fleischlos_record())
    lines, code = command("--trace", "-", stdin=text)
    assert code == 0
    assert (lines, code) == run(text, True)
    assert len(lines) == 56


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (record(MIXED, ALL_DECLINED), [{"redeal": True}]),
        (record(MIXED, ARMUT_DECLARED), [{"incomplete": True, "phase": "armut-give", "to_act": 0}]),
    ],
    ids=["redeal", "incomplete"],
)
def test_command_exits_0_for_redeal_and_incomplete(data: Record, expected: list[Record]) -> None:
    assert command("-", stdin=json.dumps(data)) == (expected, 0)


@pytest.mark.parametrize("trace", [[], ["--trace"]], ids=["result", "trace"])
def test_command_exits_2_for_an_illegal_record(trace: list[str]) -> None:
    text = json.dumps(record(MIXED, HEALTHY + "; 1 play AS"))
    lines, code = command(*trace, "-", stdin=text)
    assert code == 2
    assert [(line["error"], line["index"]) for line in lines] == [("illegal", 4)]


@pytest.mark.parametrize("trace", [[], ["--trace"]], ids=["result", "trace"])
def test_command_exits_2_for_an_invalid_record(trace: list[str]) -> None:
    lines, code = command(*trace, "-", stdin="not json")
    assert code == 2
    assert [line["error"] for line in lines] == ["invalid"]


def test_piped_bytes_that_are_not_utf8_are_invalid_whatever_the_locale() -> None:
    """A record with a byte that is not UTF-8 in a field replay ignores: the file of it is
    refused, so the same bytes piped in are too, under a C locale as under UTF-8."""
    data = fleischlos_record()
    data["note"] = "Caf_"
    text = json.dumps(data).encode().replace(b"Caf_", b"Caf\xe9")
    for locale in ("C", "C.UTF-8"):
        done = subprocess.run(
            [sys.executable, "-m", "engine.replay", "-"],
            input=text,
            capture_output=True,
            env={**os.environ, "LC_ALL": locale, "PYTHONIOENCODING": ""},
            timeout=60,
            check=False,
        )
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        assert (done.returncode, [line["error"] for line in lines]) == (2, ["invalid"]), locale


def test_a_closed_standard_input_is_an_unreadable_record() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 2, done.stderr
    assert [line["error"] for line in lines] == ["invalid"]
    assert "standard input is closed" in lines[0]["reason"]


def test_main_in_this_process_reads_a_text_stream_and_refuses_a_closed_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A caller in the same process may put a stream of text without bytes under it in
    standard input, or one already closed: the first is read, the second is an invalid
    record, neither a traceback."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(fleischlos_record())))
    assert main(["-"]) == 0
    check_fleischlos_result(json.loads(capsys.readouterr().out))
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert main(["-"]) == 2
    assert json.loads(capsys.readouterr().out)["error"] == "invalid"


def test_replay_does_not_change_the_record_it_reads() -> None:
    data = fleischlos_record()
    before = copy.deepcopy(data)
    replay(data, trace=True)
    assert data == before


GOLDEN_ARMUT = Path(__file__).resolve().parent / "golden" / "armut.record.json"


def replay_command(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "engine.replay", *arguments]


def test_a_reader_that_stops_early_is_no_error() -> None:
    """`--trace FILE | head -1` ends quietly: no BrokenPipe traceback."""
    replay = subprocess.Popen(
        replay_command("--trace", str(GOLDEN_ARMUT)), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert replay.stdout is not None and replay.stderr is not None
    first = replay.stdout.readline()
    replay.stdout.close()
    errors = replay.stderr.read().decode()
    assert replay.wait(timeout=30) == 0
    assert json.loads(first)["index"] == 0
    assert errors == ""


def test_several_files_are_refused_with_a_clear_word() -> None:
    answer = subprocess.run(
        replay_command(str(GOLDEN_ARMUT), str(GOLDEN_ARMUT)),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert answer.returncode == 2
    assert "one record per call, not 2" in answer.stderr


def test_pretty_prints_the_same_result_indented() -> None:
    plain = subprocess.run(
        replay_command(str(GOLDEN_ARMUT)), capture_output=True, text=True, timeout=30
    )
    pretty = subprocess.run(
        replay_command("--pretty", str(GOLDEN_ARMUT)), capture_output=True, text=True, timeout=30
    )
    assert pretty.stdout.startswith("{\n  ")
    assert json.loads(pretty.stdout) == json.loads(plain.stdout)
