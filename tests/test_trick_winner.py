"""One source of truth for who wins a trick: the engine's tricks and every bot helper agree.

Random hands under every preset with each toggle that touches the card order (second Dulle,
Schweinchen, without nines, soloist leads), contracts of every kind: at every card, the
bots' view of the trick's best card is the engine's, and for every card the seat may play,
whether the bots think it takes the trick is what the engine then decides.
"""

from __future__ import annotations

import random

import pytest

from bots.knowledge import Knowledge
from engine import (
    DDV,
    PAGAT,
    Act,
    Card,
    Contract,
    Hand,
    Phase,
    RuleSet,
    card_order,
    deal,
    view_of,
    with_toggles,
)
from engine.cards import CARDS, mask_indices

TOGGLES = [
    {},
    {"second_dulle_beats_first": True},
    {"schweinchen": True},
    {"without_nines": True},
    {"soloist_leads": True, "second_dulle_beats_first": True, "schweinchen": True},
]
RULE_SETS = [with_toggles(preset, toggles) for preset in (PAGAT, DDV) for toggles in TOGGLES]
DULLE = Card.parse("10H")


def random_hand(rules: RuleSet, number: int, rng: random.Random) -> Hand:
    """A hand in its card play: reservations random, a declared solo about half the time."""
    for redeal in range(50):
        dealt = deal(f"tricks-{number}", 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while hand.phase not in (Phase.PLAY, Phase.REDEAL):
            actions = hand.legal_actions(hand.to_act or 0)
            healthy = [a for a in actions if a.act is Act.HEALTHY]
            pick = healthy if healthy and rng.random() < 0.85 else actions
            hand.apply(pick[rng.randrange(len(pick))])
        if hand.phase is Phase.PLAY:
            return hand
    raise AssertionError("no hand reached the card play")


def engine_winner_after(hand: Hand, seat: int, card: int) -> int:
    """Who wins the trick once `seat` has played `card` (the completed trick's winner)."""
    hand.play(seat, card)
    winner = hand.trick_winner if hand.trick_cards else hand.tricks[-1].winner
    hand.unplay()
    assert winner is not None
    return winner


def check_position(hand: Hand) -> int:
    """Compares the helpers with the engine at one card; returns how many cards were checked."""
    seat = hand.to_act
    assert seat is not None
    knowledge = Knowledge(view_of(hand, seat))
    best = knowledge.trick_best
    assert (best[0] if best else None) == hand.trick_winner
    checked = 0
    for card in mask_indices(hand.playable_mask(seat)):
        takes = engine_winner_after(hand, seat, card) == seat
        if best is not None:
            assert knowledge.beats(CARDS[card], best[1]) is takes, (CARDS[card], best)
            beaten = hand.order.beaten_by(hand.trick_best_card, hand.is_last_trick)
            assert bool(beaten >> card & 1) is takes
        checked += 1
    return checked


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_engine_and_bot_helpers_agree_on_every_trick(rules: RuleSet) -> None:
    rng = random.Random(rules.key)
    contracts: set[Contract] = set()
    checked = 0
    for number in range(25):
        hand = random_hand(rules, number, rng)
        contracts.add(hand.contract or Contract.NORMAL)
        while hand.phase is Phase.PLAY:
            checked += check_position(hand)
            hand.play(
                hand.to_act or 0,
                rng.choice(list(mask_indices(hand.playable_mask(hand.to_act or 0)))),
            )
    assert checked > 1000 and len(contracts) >= 3


@pytest.mark.parametrize("last_trick", [False, True])
@pytest.mark.parametrize("contract", [Contract.NORMAL, Contract.SOLO_HEARTS, Contract.SOLO_QUEENS])
def test_the_second_dulle_rule_lives_in_the_card_order(
    contract: Contract, last_trick: bool
) -> None:
    """§4: with the toggle, the second 10♥ beats the first except in the last trick, in the
    contracts where it is a trump; `beats` and `beaten_by` say the same."""
    order = card_order(contract, second_dulle=True)
    expected = contract is not Contract.SOLO_QUEENS and not last_trick
    assert order.beats(DULLE, DULLE, last_trick) is expected
    assert bool(order.beaten_by(DULLE.index, last_trick) >> DULLE.index & 1) is expected
    assert not card_order(contract).beats(DULLE, DULLE, last_trick)


def test_beaten_by_is_beats_for_every_pair_of_cards() -> None:
    for contract in Contract:
        for schweinchen in (False, True) if contract.diamonds_are_trumps else (False,):
            for second in (False, True):
                order = card_order(contract, schweinchen, second)
                for last in (False, True):
                    for best in CARDS:
                        mask = order.beaten_by(best.index, last)
                        for card in CARDS:
                            assert bool(mask >> card.index & 1) is order.beats(card, best, last)
