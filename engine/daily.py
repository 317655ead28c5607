"""The daily deal: one seed per UTC date and ranked rule set, committed to in advance.

The seed is HMAC-SHA256(server secret, "<date>|<rule-set key>") in hex: nobody can work out
today's cards without the secret, and everybody gets the same ones. The daily page shows
SHA-256 of the seed (the commitment); once the day's ranked games are closed (the web game
closes them two hours after the day ends) the seed itself is published, and

    python -m engine.daily DATE RULES SEED

prints that day's deals and the seed's hash, so anyone can check that the cards were fixed
before the day began.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import sys
from datetime import date

from engine.deal import deal
from engine.errors import RulesError
from engine.json_lines import print_json_lines
from engine.rules import PRESETS, RuleSet

RANKED = tuple(PRESETS)
"""Only the presets are ranked; games with variant toggles are practice."""


def ranked_rules(key: str) -> RuleSet:
    """The rule set of a daily game; raises `RulesError` for a key that has none."""
    if key not in RANKED:
        raise RulesError(f"{key!r} has no daily game (ranked: {', '.join(RANKED)})")
    return RuleSet.from_key(key)


def daily_seed(secret: str, day: date, rules_key: str) -> str:
    message = f"{day.isoformat()}|{rules_key}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def commitment(seed: str) -> str:
    """SHA-256 of the seed, published before the day's games are played."""
    return hashlib.sha256(seed.encode()).hexdigest()


def daily_deals(seed: str, rules: RuleSet, redeals: int = 0) -> list[dict[str, object]]:
    """Each hand of the day as dealt (redeal 0), plus `redeals` further deals per hand for
    Armut redeals, in record notation."""
    hands = []
    for number in range(rules.hands_per_game):
        for redeal in range(redeals + 1):
            dealt = deal(seed, number, redeal, rules.without_nines)
            hands.append(
                {
                    "hand": number + 1,
                    "redeal": redeal,
                    "dealer": dealt.dealer,
                    "hands": [str(cards) for cards in dealt.hands],
                }
            )
    return hands


MOST_REDEALS = 100
"""Armut redeals a checker may print per hand: more than any day needs (a hand is dealt again
only when everybody declines an Armut)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.daily",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("date", help="the UTC date, YYYY-MM-DD")
    parser.add_argument("rules", help="the ranked rule set: pagat or ddv")
    parser.add_argument("seed", help="the day's published seed")
    parser.add_argument(
        "--redeals", type=int, default=0, help=f"also print N Armut redeals (0 to {MOST_REDEALS})"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.redeals <= MOST_REDEALS:
        parser.error(f"--redeals must be from 0 to {MOST_REDEALS}")
    try:
        day = date.fromisoformat(args.date)
        rules = ranked_rules(args.rules)
    except ValueError as error:
        parser.error(str(error))
    day_line = {"date": day.isoformat(), "rules": rules.key, "sha256": commitment(args.seed)}
    print_json_lines([day_line, *daily_deals(args.seed, rules, args.redeals)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
