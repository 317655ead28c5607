"""Random-playout invariants: random rule sets, seeded deals, random legal play.

Each example deals a hand from `engine.deal`, plays it with random legal actions (reservations
biased so that solos, Hochzeit and Armut happen, announcements by random seats at random
moments), probes random illegal actions on the way, and checks what must hold for every hand:
docs/rules.md §9's checks, every card played once, replay of the record giving the same result, and
the notation round trips.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CARDS,
    RESERVATIONS,
    Action,
    Call,
    Card,
    CardSet,
    Contract,
    Hand,
    HandRecord,
    IllegalAction,
    Phase,
    Rank,
    RuleSet,
    Suit,
    deal,
    deck,
    record_from_json,
)
from tests.helpers.properties import rule_sets

SOLO_NAMES = frozenset(act.value for act in RESERVATIONS if act.is_solo)
RESERVATION_WEIGHTS = {"healthy": 6.0, "hochzeit": 5.0, "armut": 30.0}
SOLO_WEIGHT = 0.04
"""Per solo reservation; seven of them make a declared solo in about one hand of six."""
ANNOUNCE_CHANCE = 0.15
PROBE_CHANCE = 0.2
PREFIX_REPLAY_CHANCE = 0.03
ARMUT_ACCEPT_CHANCE = 0.4
DEAL_SEARCH = 60
"""Deals tried to find one that offers a wanted reservation (Armut: about one in twenty)."""
DULLE = Card.parse("10H")
QUEEN_OF_CLUBS = Card.parse("QC")


@dataclass
class Playout:
    """A randomly played hand and everything the walk saw on the way."""

    hand: Hand
    chosen: list[Action] = field(default_factory=list)
    probes: int = 0


def is_normal_trump(card: Card) -> bool:
    """§2, first row: 10♥, every queen and jack, every diamond."""
    return card == DULLE or card.rank in (Rank.QUEEN, Rank.JACK) or card.suit is Suit.DIAMONDS


def offers(cards: CardSet, reservation: str) -> bool:
    """Whether a dealt hand may declare Hochzeit (both Q♣) or Armut (at most 3 trumps)."""
    if reservation == "hochzeit":
        return cards.count(QUEEN_OF_CLUBS) == 2
    return sum(map(is_normal_trump, cards)) <= 3


def new_hand(rules: RuleSet, seed: str, hand_number: int, wanted: str) -> Hand:
    """The first deal from `hand_number` on in which some seat may declare `wanted`
    (`any`: the first deal); the deal is still `engine.deal`'s for that seed."""
    for number in range(hand_number, hand_number + DEAL_SEARCH):
        dealt = deal(seed, number, 0, rules.without_nines)
        if wanted == "any" or any(offers(cards, wanted) for cards in dealt.hands):
            break
    return Hand(rules, dealt.hands, dealt.dealer)


def call_rank(notation: str) -> int:
    return int(Call(notation.split(" ")[1]).step)


def pick_announcement(hand: Hand, rng: random.Random) -> tuple[int, str] | None:
    """A random seat's announcement, lower steps likelier so that hands go on after it."""
    seat = rng.randrange(4)
    calls = [n for n in hand.legal_notations(seat) if n.startswith("announce ")]
    if not calls:
        return None
    calls.sort(key=call_rank)
    weights = [0.5**position for position in range(len(calls))]
    return seat, rng.choices(calls, weights)[0]


def reservation_weight(notation: str) -> float:
    return SOLO_WEIGHT if notation in SOLO_NAMES else RESERVATION_WEIGHTS[notation]


def pick_own_action(hand: Hand, rng: random.Random) -> tuple[int, str]:
    """The seat to act chooses: biased reservations, plays in play, anything else uniformly."""
    seat = hand.to_act
    assert seat is not None
    options = hand.legal_notations(seat)
    assert options, f"seat {seat} is to act in {hand.phase} but has no legal action"
    if hand.phase is Phase.RESERVATIONS:
        return seat, rng.choices(options, [reservation_weight(n) for n in options])[0]
    if hand.phase is Phase.ARMUT_RESPONSE:
        accept = rng.random() < ARMUT_ACCEPT_CHANCE
        return seat, "armut-accept" if accept else "armut-decline"
    if hand.phase is Phase.PLAY:
        options = [n for n in options if n.startswith("play ")]
        assert options, f"seat {seat} is to play but may play no card"
    return seat, rng.choice(options)


def pick_action(hand: Hand, rng: random.Random) -> Action:
    picked = None
    if hand.phase is Phase.PLAY and rng.random() < ANNOUNCE_CHANCE:
        picked = pick_announcement(hand, rng)
    seat, notation = picked or pick_own_action(hand, rng)
    return Action.parse(seat, notation)


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything a refused action must leave as it was."""
    return (
        hand.phase,
        hand.to_act,
        tuple(tuple(hand.legal_notations(seat)) for seat in range(4)),
        tuple(hand.cards_of(seat) for seat in range(4)),
        tuple(hand.current_trick()),
        len(hand.tricks),
        tuple(hand.announcements),
        len(hand.actions),
    )


def seat_to_act_or_any(hand: Hand, rng: random.Random) -> int:
    return hand.to_act if hand.to_act is not None else rng.randrange(4)


def card_not_held(hand: Hand, rng: random.Random) -> tuple[int, str]:
    seat = seat_to_act_or_any(hand, rng)
    held = hand.cards_of(seat)
    return seat, f"play {rng.choice([card for card in CARDS if card not in held])}"


def play_out_of_turn(hand: Hand, rng: random.Random) -> tuple[int, str]:
    seat = rng.choice([s for s in range(4) if s != hand.to_act])
    cards = list(hand.cards_of(seat)) or list(CARDS)
    return seat, f"play {rng.choice(cards)}"


def any_held_card(hand: Hand, rng: random.Random) -> tuple[int, str]:
    """The seat to act plays a card it holds: illegal when it does not follow suit."""
    seat = seat_to_act_or_any(hand, rng)
    cards = list(hand.cards_of(seat)) or list(CARDS)
    return seat, f"play {rng.choice(cards)}"


def any_call(hand: Hand, rng: random.Random) -> tuple[int, str]:
    return rng.randrange(4), f"announce {rng.choice(list(Call)).value}"


def any_reservation(hand: Hand, rng: random.Random) -> tuple[int, str]:
    return rng.randrange(4), rng.choice(RESERVATIONS).value


def any_armut_answer(hand: Hand, rng: random.Random) -> tuple[int, str]:
    return rng.randrange(4), rng.choice(["armut-accept", "armut-decline"])


def any_exchange(hand: Hand, rng: random.Random) -> tuple[int, str]:
    """Two to four cards of the seat's hand, given or returned."""
    seat = seat_to_act_or_any(hand, rng) if rng.random() < 0.7 else rng.randrange(4)
    cards = list(hand.cards_of(seat)) or list(CARDS)
    count = min(rng.choice([2, 3, 3, 4]), len(cards))
    chosen = " ".join(str(card) for card in rng.sample(cards, count))
    return seat, f"{rng.choice(['armut-give', 'armut-return'])} {chosen}"


PROBES = (
    card_not_held,
    play_out_of_turn,
    any_held_card,
    any_call,
    any_reservation,
    any_armut_answer,
    any_exchange,
)
"""Candidate actions, often illegal: a card not held, a play out of turn, not following suit,
a wrong-team, repeated or late call, a reservation or Armut step at the wrong time or by the
wrong seat, an exchange of the wrong size or leaving a trump behind."""


def probe(hand: Hand, rng: random.Random) -> bool:
    """Tries one candidate action that is not in the seat's legal list: it must be refused
    with `IllegalAction` and change nothing. Returns whether an illegal one was tried."""
    seat, notation = rng.choice(PROBES)(hand, rng)
    action = Action.parse(seat, notation)
    if action.notation in hand.legal_notations(seat):
        return False
    before = snapshot(hand)
    try:
        hand.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} is not in the legal list but was accepted")
    assert snapshot(hand) == before, f"the refused {action} changed the hand"
    return True


def check_reservations(hand: Hand, seat: int, notations: list[str]) -> None:
    """§5: healthy and every solo always; Hochzeit with both Q♣; Armut with the variant on
    and at most three trumps."""
    cards = hand.cards_of(seat)
    expected = {"healthy", *SOLO_NAMES}
    if offers(cards, "hochzeit"):
        expected.add("hochzeit")
    if hand.rules.armut and offers(cards, "armut"):
        expected.add("armut")
    assert set(notations) == expected


def check_legal_lists(hand: Hand) -> None:
    """Legal lists are sorted and distinct; only the seat to act has non-announcements, and
    only in play do the other seats have anything (their announcements)."""
    for seat in range(4):
        notations = hand.legal_notations(seat)
        assert notations == sorted(set(notations))
        assert sorted(a.notation for a in hand.legal_actions(seat)) == notations
        own = [n for n in notations if not n.startswith("announce ")]
        if hand.is_over:
            assert notations == []
        elif hand.phase is Phase.RESERVATIONS and seat == hand.to_act:
            check_reservations(hand, seat, notations)
        elif seat != hand.to_act:
            assert own == []
            assert hand.phase is Phase.PLAY or notations == []


def check_prefix_replay(hand: Hand) -> None:
    """A record of a hand in progress replays to the same state."""
    text = json.dumps(HandRecord.of_hand(hand).to_json())
    assert snapshot(record_from_json(json.loads(text)).replay()) == snapshot(hand)


def play_out(hand: Hand, rng: random.Random, probes: bool) -> Playout:
    """Plays a random hand to its end, checking every chosen action against the legal list."""
    playout = Playout(hand)
    while not hand.is_over:
        if probes:
            check_legal_lists(hand)
            if rng.random() < PROBE_CHANCE:
                playout.probes += probe(hand, rng)
            if rng.random() < PREFIX_REPLAY_CHANCE:
                check_prefix_replay(hand)
        action = pick_action(hand, rng)
        assert action in hand.legal_actions(action.seat)
        hand.apply(action)
        playout.chosen.append(action)
    if probes:
        check_legal_lists(hand)
        playout.probes += probe(hand, rng)
    return playout


def played_by_seat(hand: Hand) -> list[Counter[Card]]:
    played: list[Counter[Card]] = [Counter() for _ in range(4)]
    for trick in hand.tricks:
        for seat, card in trick.plays():
            played[seat][card] += 1
    return played


def expected_played(hand: Hand) -> list[Counter[Card]]:
    """What each seat must have played: its dealt cards, moved by the Armut exchange."""
    holdings = [Counter(cards) for cards in hand.dealt]
    if hand.armut_returned is not None:
        poor, acceptor = hand.declarer, hand.armut_acceptor
        assert poor is not None and acceptor is not None and hand.armut_given is not None
        given, returned = Counter(hand.armut_given), Counter(hand.armut_returned)
        holdings[poor] = holdings[poor] - given + returned
        holdings[acceptor] = holdings[acceptor] + given - returned
    return holdings


def check_cards_played_once(hand: Hand) -> None:
    dealt = Counter(card for cards in hand.dealt for card in cards)
    assert dealt == Counter(deck(hand.rules.without_nines))
    played = played_by_seat(hand)
    assert sum(played, Counter()) == dealt
    assert played == expected_played(hand)
    for trick in hand.tricks:
        assert trick.points == sum(card.points for card in trick.cards)


def check_result(hand: Hand) -> None:
    """docs/rules.md §9's checks and §8.3's shape of the scores."""
    result = hand.result().to_json()
    per_hand = hand.rules.cards_per_seat
    assert len(hand.tricks) == per_hand
    assert sum(result["card_points"].values()) == 240
    assert sum(result["tricks_won"].values()) == per_hand
    scores = result["scores"]
    assert sum(scores) == 0
    assert len({score % 2 for score in scores}) == 1
    assert sorted(result["re"] + result["kontra"]) == [0, 1, 2, 3]
    value = result["value"]
    assert len({scores[seat] for seat in result["re"]}) == 1
    assert len({scores[seat] for seat in result["kontra"]}) == 1
    if result["soloist"] is None:
        assert len(result["re"]) == 2
        assert all(abs(score) == value for score in scores)
    else:
        assert result["re"] == [result["soloist"]]
        assert abs(scores[result["soloist"]]) == 3 * value
        assert all(abs(scores[seat]) == value for seat in result["kontra"])


def check_replay(hand: Hand) -> None:
    """The record survives a JSON round trip and replays to the same end."""
    record = HandRecord.of_hand(hand).to_json()
    text = json.dumps(record)
    assert json.loads(text) == record
    parsed = record_from_json(json.loads(text))
    assert parsed.to_json() == record
    assert parsed.rules == hand.rules
    again = parsed.replay()
    assert again.phase is hand.phase
    if hand.phase is Phase.DONE:
        assert again.result().to_json() == hand.result().to_json()


def check_notations(playout: Playout) -> None:
    for action in playout.chosen:
        assert Action.parse(action.seat, action.notation) == action
        assert Action.parse(action.seat, action.notation).notation == action.notation
        assert Action.from_record(action.to_record()) == action
    for trick in playout.hand.tricks:
        for card in trick.cards:
            assert Card.parse(str(card)) == card


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    rules=rule_sets,
    seed=st.integers(0, 10**9).map(str),
    hand_number=st.integers(0, 11),
    wanted=st.sampled_from(["any", "any", "hochzeit", "armut"]),
    play_seed=st.integers(0, 2**32 - 1),
)
def test_random_hands_keep_the_invariants(
    rules: RuleSet, seed: str, hand_number: int, wanted: str, play_seed: int
) -> None:
    hand = new_hand(rules, seed, hand_number, wanted)
    playout = play_out(hand, random.Random(play_seed), probes=True)
    assert playout.probes > 0
    if hand.phase is Phase.DONE:
        check_cards_played_once(hand)
        check_result(hand)
    else:
        assert hand.phase is Phase.REDEAL
        assert hand.contract is None
        assert [a.act.value for a in hand.actions[-3:]] == ["armut-decline"] * 3
    check_replay(hand)
    check_notations(playout)


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets)
def test_rule_set_key_and_record_rules_round_trip(rules: RuleSet) -> None:
    assert RuleSet.from_key(rules.key) == rules
    dealt = deal("key", 0, 0, rules.without_nines)
    record = HandRecord(rules, dealt.dealer, dealt.hands, ()).to_json()
    assert record_from_json(json.loads(json.dumps(record))).rules == rules


def test_every_card_notation_round_trips() -> None:
    texts = [str(card) for card in CARDS]
    assert len(set(texts)) == 24
    for card in CARDS:
        assert Card.parse(str(card)) == card


def outcome_of(hand: Hand) -> str:
    if hand.phase is Phase.REDEAL:
        return "redeal"
    assert hand.contract is not None
    return "declared-solo" if hand.contract.is_declared_solo else hand.contract.value


def test_the_random_player_reaches_every_kind_of_hand() -> None:
    """Guards the biased player itself: without solos, Hochzeit, Armut and redeals among its
    hands the property test above would not test them."""
    rng = random.Random(2024)
    seen: Counter[str] = Counter()
    announced = 0
    for number in range(120):
        wanted = ("any", "hochzeit", "armut")[number % 3]
        hand = new_hand(RuleSet(), f"coverage-{number}", 0, wanted)
        play_out(hand, rng, probes=False)
        seen[outcome_of(hand)] += 1
        announced += bool(hand.announcements)
    expected = {"normal", "hochzeit", "armut", "declared-solo", "redeal"}
    assert expected <= set(seen), seen
    assert announced > 40
    assert seen[Contract.NORMAL.value] > 20
