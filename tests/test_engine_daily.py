"""The daily seed and its commit–reveal check (`engine.daily`).

The seed must be HMAC-SHA256(server secret, "<date>|<rule-set key>") so that nobody without the
secret can compute a day's cards; the commitment is plain SHA-256 of the seed, so anyone can
check a revealed seed against it; `python -m engine.daily DATE RULES SEED` prints the hash and
the day's deals, exactly the deals `engine.deal` makes from that seed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import date
from enum import Enum
from pathlib import Path

import pytest

from engine import DDV, PAGAT, PRESETS, RulesError, RuleSet, deal, deck, with_toggles
from engine.daily import RANKED, commitment, daily_deals, daily_seed, main, ranked_rules
from engine.rules import TOGGLES

ROOT = Path(__file__).resolve().parents[1]
SECRET = "engine-daily-secret"
DAY = date(2024, 3, 14)


SEEDS = {
    "pagat": "9fd5f7c8caa07958c6af713aa84cbdea9d959b1c62894ecb6bea72ce4cdf4c80",
    "ddv": "61a2317df5cf3883900e2b6a5ac81cee0b6eaf7429e8863713a81a001622c8f6",
}
"""The seeds of `SECRET` on `DAY`, worked out once outside the project (`printf
'2024-03-14|pagat' | openssl dgst -sha256 -mac HMAC -macopt key:engine-daily-secret`)."""

COMMITMENTS = {
    "pagat": "ce38339ae203514c75866d265900b5d8f3230be9f36220b19ed02402e03d594b",
    "ddv": "d4692bcd914b3c68fdea4eac7cd2007dce88f88326dc5e895b192c57b985416b",
}
"""The commitments of `SEEDS`, worked out once outside the project (`printf '<seed>' |
sha256sum`): a player checks a revealed seed with exactly that command."""


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.daily", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.parametrize(
    ("secret", "day", "rules_key", "expected"),
    [
        (SECRET, DAY, "pagat", SEEDS["pagat"]),
        (SECRET, DAY, "ddv", SEEDS["ddv"]),
        (
            "another secret",
            DAY,
            "pagat",
            "a2604cc51d83faccc79d725bf31d68c93bfa46f0b6dd20f05a79546064af4c14",
        ),
        (
            "Schlüssel ✓",
            date(2000, 2, 29),
            "ddv",
            "9779a9f8fcbe81cfcbc237b408ae5633a0c0f74f8cc9165391e3d03a61bcf824",
        ),
        (
            "",
            date(2031, 12, 31),
            "pagat",
            "979f5c40b2b947841023aeef3bb1e86f6e4ad706a832dd937064154dec19ab95",
        ),
    ],
    ids=["pagat", "ddv", "another-secret", "non-ascii-secret-leap-day", "empty-secret"],
)
def test_daily_seed_is_hmac_sha256_of_date_and_rules(
    secret: str, day: date, rules_key: str, expected: str
) -> None:
    """Fixed values worked out outside the project (openssl; the empty key with Python's
    hmac), not a copy of the formula."""
    assert daily_seed(secret, day, rules_key) == expected


def test_daily_seed_depends_on_secret_day_and_rules() -> None:
    seeds = {
        daily_seed(secret, day, rules_key)
        for secret in (SECRET, SECRET + "x")
        for day in (DAY, date(2024, 3, 15))
        for rules_key in RANKED
    }
    assert len(seeds) == 8


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
def test_only_the_presets_themselves_are_ranked(preset: str) -> None:
    """A daily game is played under a preset exactly: the preset's key gives its rule set,
    and any variant of it (every toggle changed in turn) has no daily game."""
    assert ranked_rules(preset) == PRESETS[preset]
    base = PRESETS[preset]
    for name in TOGGLES:
        value = getattr(base, name)
        if isinstance(value, Enum):
            changed: object = next(member for member in type(value) if member != value)
        else:
            changed = not value if isinstance(value, bool) else value + 1
        variant = with_toggles(base, {name: changed})
        with pytest.raises(RulesError):
            ranked_rules(variant.key)


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ],
)
def test_commitment_is_sha256_of_the_seed(seed: str, expected: str) -> None:
    assert commitment(seed) == expected


def test_commitment_of_a_daily_seed_is_its_sha256() -> None:
    seed = SEEDS["pagat"]
    assert commitment(seed) == COMMITMENTS["pagat"]
    assert commitment(seed) != seed


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
def test_daily_deals_are_the_engine_deals_of_the_seed(rules: RuleSet) -> None:
    seed = SEEDS[rules.key]
    deals = daily_deals(seed, rules)
    assert deals == daily_deals(seed, rules), "the same seed gives the same deals"
    assert [entry["hand"] for entry in deals] == list(range(1, rules.hands_per_game + 1))
    for number, entry in enumerate(deals):
        dealt = deal(seed, number)
        assert entry["redeal"] == 0
        assert entry["dealer"] == dealt.dealer
        assert entry["hands"] == [str(cards) for cards in dealt.hands]


def test_each_daily_deal_is_a_whole_deck_and_the_deal_passes_left() -> None:
    seed = SEEDS["pagat"]
    deals = daily_deals(seed, PAGAT)
    full_deck = Counter(str(card) for card in deck())
    for entry in deals:
        hands = entry["hands"]
        assert isinstance(hands, list) and len(hands) == 4
        assert all(len(hand.split()) == 12 for hand in hands)
        assert Counter(code for hand in hands for code in hand.split()) == full_deck
    dealers = [int(str(entry["dealer"])) for entry in deals]
    assert dealers == [(dealers[0] + number) % 4 for number in range(len(dealers))]


def test_daily_deals_with_redeals_keep_the_dealer_and_change_the_cards() -> None:
    seed = SEEDS["pagat"]
    deals = daily_deals(seed, PAGAT, redeals=1)
    assert len(deals) == 2 * PAGAT.hands_per_game
    for first, again in zip(deals[::2], deals[1::2], strict=True):
        assert (first["redeal"], again["redeal"]) == (0, 1)
        assert first["hand"] == again["hand"] and first["dealer"] == again["dealer"]
        assert first["hands"] != again["hands"]
    assert deals[::2] == daily_deals(seed, PAGAT)


def test_different_days_rules_and_secrets_give_different_first_deals() -> None:
    first_deals = {
        str(daily_deals(daily_seed(secret, day, key), RuleSet.from_key(key))[0]["hands"])
        for secret in (SECRET, "other")
        for day in (DAY, date(2024, 3, 15))
        for key in RANKED
    }
    assert len(first_deals) == 8


def test_cli_prints_the_commitment_and_every_deal_of_the_day() -> None:
    seed = SEEDS["ddv"]
    answer = run_cli(DAY.isoformat(), "ddv", seed)
    assert answer.returncode == 0, answer.stderr
    header, *lines = [json.loads(line) for line in answer.stdout.splitlines()]
    assert header == {
        "date": "2024-03-14",
        "rules": "ddv",
        "sha256": COMMITMENTS["ddv"],
    }
    assert len(lines) == DDV.hands_per_game
    for number, entry in enumerate(lines):
        dealt = deal(seed, number)
        assert entry == {
            "hand": number + 1,
            "redeal": 0,
            "dealer": dealt.dealer,
            "hands": [str(cards) for cards in dealt.hands],
        }


def test_cli_prints_redeals_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    seed = SEEDS["pagat"]
    assert main([DAY.isoformat(), "pagat", seed, "--redeals", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 1 + 3 * PAGAT.hands_per_game
    assert [(entry["hand"], entry["redeal"]) for entry in lines[1:4]] == [(1, 0), (1, 1), (1, 2)]
    assert lines[2]["hands"] == [str(cards) for cards in deal(seed, 0, 1).hands]


def test_cli_refuses_a_bad_date_in_a_separate_process() -> None:
    answer = run_cli("2024-02-30", "pagat", "abc")
    assert answer.returncode == 2
    assert answer.stdout == ""
    assert "usage:" in answer.stderr


@pytest.mark.parametrize(
    ("day", "rules_key"),
    [
        ("2024-13-01", "pagat"),
        ("14.03.2024", "pagat"),
        ("yesterday", "ddv"),
        ("", "pagat"),
        (DAY.isoformat(), "skat"),
        (DAY.isoformat(), "PAGAT"),
        (DAY.isoformat(), ""),
    ],
)
def test_cli_refuses_bad_dates_and_rules_with_exit_2(
    day: str, rules_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([day, rules_key, "abc"])
    assert stopped.value.code == 2
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("redeals", ["-1", "101", "99999999999"])
def test_cli_refuses_redeals_past_any_day(redeals: str, capsys: pytest.CaptureFixture[str]) -> None:
    """-1 printed the day's line alone with exit 0; 99,999,999,999 ate memory until killed."""
    with pytest.raises(SystemExit) as stopped:
        main([DAY.isoformat(), "pagat", "abc", "--redeals", redeals])
    assert stopped.value.code == 2
    assert "--redeals must be from 0 to 100" in capsys.readouterr().err


@pytest.mark.parametrize("rules_key", ["pagat+armut=off", "pagat+hands_per_game=2"])
def test_cli_refuses_rule_sets_that_are_not_ranked(
    rules_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI's RULES is "the ranked rule set: pagat or ddv": a key with variant toggles
    names no daily game, so printing deals for it would mislead whoever checks a day."""
    assert RuleSet.from_key(rules_key).key == rules_key, "a valid, canonical rule-set key"
    with pytest.raises(SystemExit) as stopped:
        main([DAY.isoformat(), rules_key, "abc"])
    assert stopped.value.code == 2
    assert capsys.readouterr().out == ""


def test_a_reader_that_stops_early_is_no_error() -> None:
    """`python -m engine.daily … | head -1` ends quietly: no BrokenPipe traceback (100
    redeals a hand are more than a pipe holds)."""
    command = [sys.executable, "-m", "engine.daily", DAY.isoformat(), "pagat", SEEDS["pagat"]]
    daily = subprocess.Popen(
        [*command, "--redeals", "100"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert daily.stdout is not None and daily.stderr is not None
    first = daily.stdout.readline()
    daily.stdout.close()
    errors = daily.stderr.read().decode()
    assert daily.wait(timeout=30) == 0
    assert json.loads(first)["date"] == DAY.isoformat()
    assert errors == ""
