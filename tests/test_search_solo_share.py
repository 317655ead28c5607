"""After a declared solo, `search-v3`'s worlds give the soloist a hand the model would declare
that very solo on (issue 27, target 80 %), and the directed swaps that get them there keep the
Metropolis–Hastings acceptance exact."""

from __future__ import annotations

import random
import statistics
from collections import Counter

from bench.inference import solo_share, solo_views
from bots.search.beliefs import believed_worlds
from bots.search.budget import BELIEVING_BUDGET
from bots.search.evidence import solo_likelihood
from bots.search.proposals import Proposals
from engine import Act, CardSet
from tests.helpers.search_beliefs import solo_view

VIEWS = 6
"""Defenders' views at their first card in the first solos of the bench's deals."""


def test_most_worlds_give_the_soloist_a_hand_that_declares_the_solo() -> None:
    """Before (logistic 0.3, uniform swaps, declared solo's value only): 57 % in the bench,
    about 60 % on these views."""
    first, _ = solo_views("pagat", 200, "inference")
    shares = [
        solo_share(view, believed_worlds(view, random.Random(1), 32, BELIEVING_BUDGET))
        for view, _ in first[:VIEWS]
    ]
    assert len(shares) == VIEWS
    assert statistics.fmean(shares) >= 0.8


def test_a_hand_whose_best_solo_is_another_is_all_but_ruled_out() -> None:
    """The model declares its best solo: a hand that plays a heart solo well (16.6) but a
    club solo better (17.2) is no heart soloist's. Before, only the heart solo's value was
    read, and the hand counted as a sure heart soloist."""
    hand = CardSet.parse("QC QC QS QS QH QH QD QD JC JC JS AC")
    assert solo_likelihood(hand.mask, Act.SOLO_CLUBS) == 1.0
    assert solo_likelihood(hand.mask, Act.SOLO_HEARTS) < 0.05
    weak = CardSet.parse("QC QS JC JH 10S AS KS 9S AC KC 9C 9H")
    assert solo_likelihood(weak.mask, Act.SOLO_CLUBS) < 1e-6


def test_proposals_are_drawn_as_often_as_their_probability_says() -> None:
    """The acceptance divides by `probability`: it must be how often `draw` proposes."""
    _, view = solo_view()
    held = [0, 0, 0, 0]
    for seat, text in {1: "QC QS QH 9S 9S KC", 2: "QD JC 10S AS", 3: "JH JD KS 9C"}.items():
        held[seat] = CardSet.parse(text).mask
    holders = [1, 2, 3]
    pairs = [(a, b) for a in holders for b in holders if a != b]
    proposals = Proposals.of(view, holders, pairs)
    assert proposals.soloist == 1 and proposals.directs
    rng = random.Random(5)
    draws = 40000
    counts = Counter(proposals.draw(held, rng) for _ in range(draws))
    for swap, count in counts.most_common(12):
        if swap is None:
            continue
        one, other, give, take = swap
        same = count + (counts[(other, one, take, give)] if one != other else 0)
        expected = proposals.probability(held, swap) * draws
        assert abs(same - expected) < 4 * expected**0.5 + 5, (swap, same, expected)
