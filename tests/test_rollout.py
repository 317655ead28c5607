"""The fast play-out path gives the same hands as the checked `apply` path."""

import random

import pytest

from engine import DDV, PAGAT, Act, Action, Hand, Phase, RuleSet, deal, with_toggles
from engine.cards import CARDS
from engine.rollout import random_card, random_playout

RULE_SETS = [
    PAGAT,
    DDV,
    with_toggles(PAGAT, {"schweinchen": True, "second_dulle_beats_first": True}),
    with_toggles(DDV, {"without_nines": True, "armut": True}),
]


def checked_playout(hand: Hand, rng: random.Random) -> Hand:
    """The same random choices as `random_playout`, every card through `apply`."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY:
            card = CARDS[random_card(hand, rng)]
            assert f"play {card}" in hand.legal_notations(seat)
            hand.apply(Action(seat, Act.PLAY, card=card))
        else:
            actions = hand.legal_actions(seat)
            hand.apply(actions[rng.randrange(len(actions))])
    return hand


def final_json(hand: Hand) -> object:
    return hand.result().to_json() if hand.phase is Phase.DONE else "redeal"


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_fast_and_checked_paths_agree(rules: RuleSet) -> None:
    for number in range(600):
        dealt = deal(f"rollout-{number}", number % 4, 0, rules.without_nines)
        fast = random_playout(Hand(rules, dealt.hands, dealt.dealer), random.Random(number))
        checked = checked_playout(Hand(rules, dealt.hands, dealt.dealer), random.Random(number))
        assert final_json(fast) == final_json(checked)
