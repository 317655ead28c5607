"""bench/challenge_pars.py: a queue of waiting challenge pars played to the end, the UPDATE
statements counted; a bad option refused."""

from __future__ import annotations

import re

from tests.web.helpers.benches import run_bench


def test_a_queue_of_pars_costs_a_few_statements_a_hand_whatever_its_length() -> None:
    """Renewing every waiting claim after every hand cost a statement per waiting par per
    hand (twelve pars of one hand: 66 for the waiting claims alone); now each hand sends
    about two (its claim renewed, its par stored) and each waiting claim is renewed once a
    minute."""
    done = run_bench(
        "bench/challenge_pars.py", "--challenges", "12", "--rules", "pagat+hands_per_game=1"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "12 pars of pagat+hands_per_game=1, 12 par hands in" in done.stdout
    found = re.search(r"UPDATE statements: (\d+), ([\d.]+) per par hand", done.stdout)
    assert found, done.stdout
    assert int(found[1]) <= 12 * 3


def test_a_queue_of_no_pars_is_refused() -> None:
    done = run_bench("bench/challenge_pars.py", "--challenges", "0")
    assert done.returncode != 0 and "--challenges must be at least 1" in done.stderr
