"""The fast play-out path: the same hands as the checked `apply` path, `unplay` undoing
`play` exactly, `play_out` leaving its hand alone, and `score_of` scoring as `result()`."""

import random

import pytest

from engine import (
    DDV,
    PAGAT,
    Act,
    Action,
    Hand,
    Phase,
    Policy,
    RuleSet,
    Step,
    Team,
    deal,
    play_out,
    with_toggles,
)
from engine.announcements import TeamCalls
from engine.cards import CARDS, Card
from engine.rollout import random_card, random_playout

RULE_SETS = [
    PAGAT,
    DDV,
    with_toggles(PAGAT, {"schweinchen": True, "second_dulle_beats_first": True}),
    with_toggles(DDV, {"without_nines": True, "armut": True}),
]


def follows_suit(hand: Hand, seat: int) -> set[str]:
    """§4 written out again, without the engine's masks: the cards of the led card's class
    (a trump by the contract's trump list, else its suit), or any card without one."""
    trumps = set(hand.order.trumps)

    def kind(card: Card) -> object:
        return "trump" if card in trumps else card.suit

    held = {str(card): card for card in hand.cards_of(seat)}
    trick = hand.current_trick()
    if not trick:
        return set(held)
    led = kind(trick[0][1])
    following = {text for text, card in held.items() if kind(card) == led}
    return following or set(held)


def checked_playout(hand: Hand, rng: random.Random) -> Hand:
    """The same random choices as `random_playout`, every card through `apply`; the cards
    offered are exactly those §4 allows, worked out independently."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY:
            offered = {n.split()[1] for n in hand.legal_notations(seat) if n.startswith("play ")}
            assert offered == follows_suit(hand, seat)
            card = CARDS[random_card(hand, rng)]
            assert str(card) in offered
            hand.apply(Action(seat, Act.PLAY, card=card))
        else:
            actions = hand.legal_actions(seat)
            hand.apply(actions[rng.randrange(len(actions))])
    return hand


def final_json(hand: Hand) -> object:
    return hand.result().to_json() if hand.phase is Phase.DONE else "redeal"


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_fast_and_checked_paths_agree(rules: RuleSet) -> None:
    for number in range(600):
        dealt = deal(f"rollout-{number}", number % 4, 0, rules.without_nines)
        fast = random_playout(Hand(rules, dealt.hands, dealt.dealer), random.Random(number))
        checked = checked_playout(Hand(rules, dealt.hands, dealt.dealer), random.Random(number))
        assert final_json(fast) == final_json(checked)


def snapshot(hand: Hand) -> object:
    """Everything card play changes, for comparing a hand before and after."""
    return (
        [hand.cards_of(seat) for seat in range(4)],
        hand.current_trick(),
        hand.trick_winner,
        hand.trick_leader,
        hand.to_act,
        hand.phase,
        list(hand.tricks),
        hand.contract,
        list(hand.team_of),
        hand.clarification,
        list(hand.queens_played),
        list(hand.foxes_played),
    )


def started(rules: RuleSet, number: int) -> Hand:
    """A hand dealt from `number` whose card play has begun (random reservations, mostly
    healthy, so that team games with their extras come up as well as solos)."""
    rng = random.Random(number)
    for redeal in range(50):
        dealt = deal(f"unplay-{number}", 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while hand.phase not in (Phase.PLAY, Phase.REDEAL):
            actions = hand.legal_actions(hand.to_act or 0)
            healthy = [a for a in actions if a.act is Act.HEALTHY]
            pick = healthy if healthy and rng.random() < 0.8 else actions
            hand.apply(pick[rng.randrange(len(pick))])
        if hand.phase is Phase.PLAY:
            return hand
    raise AssertionError("no hand reached the card play")


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_unplay_takes_back_every_card_to_the_first_lead(rules: RuleSet) -> None:
    """Played to the end and taken back card by card, a hand passes through the same states
    backwards (Hochzeit clarifications and Schweinchen included)."""
    for number in range(40):
        hand = started(rules, number)
        rng = random.Random(number)
        states = []
        while hand.phase is Phase.PLAY:
            states.append(snapshot(hand))
            hand.play(hand.to_act or 0, random_card(hand, rng))
        final = hand.result().scores
        while states:
            hand.unplay()
            assert snapshot(hand) == states.pop()
        assert play_out(hand, lambda h, seat: random_card(h, random.Random(0))).phase is Phase.DONE
        assert final is not None


def lowest_recorded(chosen: list[int]) -> Policy:
    """A policy playing the first playable card type in deck order, noting each choice."""

    def lowest(hand: Hand, seat: int) -> int:
        mask = hand.playable_mask(seat)
        card = (mask & -mask).bit_length() - 1
        chosen.append(card)
        return card

    return lowest


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_play_out_leaves_the_hand_alone_and_follows_the_policy(rules: RuleSet) -> None:
    for number in range(40):
        hand = started(rules, number)
        before = snapshot(hand)
        chosen: list[int] = []
        finished = play_out(hand, lowest_recorded(chosen))
        assert snapshot(hand) == before
        assert finished.phase is Phase.DONE
        played = [
            card.index for trick in finished.tricks[len(hand.tricks) :] for card in trick.cards
        ]
        assert played[len(hand.current_trick()) :] == chosen


def test_play_out_starts_in_the_card_play() -> None:
    dealt = deal("not-yet", 0)
    with pytest.raises(ValueError):
        play_out(Hand(PAGAT, dealt.hands, dealt.dealer), lambda h, seat: 0)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
def test_score_of_is_the_result_s_score(rules: RuleSet) -> None:
    """The play-outs' fast score is the explained result's, with announcements (made here
    at random) and with the steps given instead."""
    rng = random.Random(rules.key)
    checked = 0
    for number in range(150):
        hand = started(rules, number)
        while hand.phase is Phase.PLAY:
            calls = [a for s in range(4) for a in hand.legal_actions(s) if a.act is Act.ANNOUNCE]
            if calls and rng.random() < 0.2:
                hand.apply(rng.choice(calls))
            else:
                hand.play(hand.to_act or 0, random_card(hand, rng))
        assert [hand.score_of(seat) for seat in range(4)] == list(hand.result().scores)
        steps = {Team.RE: Step(rng.randrange(6)), Team.KONTRA: Step(rng.randrange(6))}
        twin = hand.copy()
        twin.calls = {team: TeamCalls(step) for team, step in steps.items()}
        twin._result = None
        assert [hand.score_of(s, steps) for s in range(4)] == list(twin.result().scores)
        checked += 1
    assert checked == 150
