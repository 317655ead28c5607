"""Builds rigged hands and plays scripts of actions in card notation, for the rules tests."""

from __future__ import annotations

from collections import Counter

from engine import CARDS, PAGAT, Action, CardSet, Hand, RuleSet, deck

DECK_ORDER = [str(card) for card in CARDS]
"""The 24 card types in deck order (AC 10C … 9D)."""

NORMAL = [
    "10H QC QS QH QD JC JS AD AC 10C AS AH",
    "10H QC QS QH QD JC JS AD AC 10C AS AH",
    "JH JD 10D KD 9D KC 9C 10S KS 9S KH 9H",
    "JH JD 10D KD 9D KC 9C 10S KS 9S KH 9H",
]
"""A normal game's deal, for dealer 3 (forehand 0): the Q♣ with seats 0 and 1, so Re is
{0, 1} and Kontra {2, 3}."""
SILENT = [
    "10H QS QS QH QD JC JS AD AC 10C AS AH",
    "10H QC QC QH QD JC JS AD AC 10C AS AH",
    NORMAL[2],
    NORMAL[3],
]
"""`NORMAL` with both Q♣ in seat 1: a silent solo when everyone says healthy."""


def rigged_hand(hands: list[str], dealer: int = 3, rules: RuleSet = PAGAT) -> Hand:
    """A hand from four hands in card notation (seat 0 first); forehand is dealer + 1."""
    return Hand(rules, [CardSet.parse(text) for text in hands], dealer)


def run(hand: Hand, script: str) -> Hand:
    """Applies actions written `SEAT NOTATION`, separated by newlines or `;`
    (e.g. `0 healthy; 1 play AC; 2 announce kontra; 3 armut-give 9C AD KD`)."""
    for line in script.replace(";", "\n").splitlines():
        line = line.strip()
        if line:
            seat, _, notation = line.partition(" ")
            hand.apply(Action.parse(int(seat), notation))
    return hand


def all_healthy(hand: Hand) -> Hand:
    """Everyone says healthy, starting with forehand."""
    for offset in range(4):
        seat = (hand.forehand + offset) % 4
        hand.apply(Action.parse(seat, "healthy"))
    return hand


def parse_trick(line: str) -> tuple[int, list[str], int | None]:
    """`"2: AS 10S KS 9S -> 2"` -> (2, ["AS", "10S", "KS", "9S"], 2)."""
    head, _, rest = line.partition(":")
    cards, _, winner = rest.partition("->")
    return int(head), cards.split(), int(winner) if winner.strip() else None


def hands_from(tricks: list[str]) -> list[CardSet]:
    """The hands that play exactly these tricks; asserts they form one 48-card deck."""
    seats: list[list[str]] = [[], [], [], []]
    for line in tricks:
        leader, cards, _ = parse_trick(line)
        assert len(cards) == 4, line
        for position, card in enumerate(cards):
            seats[(leader + position) % 4].append(card)
    hands = [CardSet.parse(" ".join(cards)) for cards in seats]
    assert [len(h) for h in hands] == [12, 12, 12, 12]
    assert Counter(card for h in hands for card in h) == Counter(deck())
    return hands


def play_tricks(hand: Hand, tricks: list[str], calls: dict[int, str]) -> None:
    """Plays the tricks in order; `calls[n]` (actions for `run`) happen before trick n + 1."""
    for number, line in enumerate(tricks):
        if number in calls:
            run(hand, calls[number])
        leader, cards, winner = parse_trick(line)
        assert hand.trick_leader == leader, f"trick {number + 1} led by {hand.trick_leader}"
        for position, card in enumerate(cards):
            hand.apply(Action.parse((leader + position) % 4, f"play {card}"))
        if winner is not None:
            assert hand.tricks[-1].winner == winner, f"trick {number + 1}"


def fill_deal(fixed: dict[int, str]) -> list[str]:
    """Four hands: the fixed ones (by seat), the rest of the deck dealt round-robin in deck
    order to the other seats, so that the two copies of any card (Q♣ above all) go to
    different seats."""
    rest = Counter(DECK_ORDER * 2)
    for text in fixed.values():
        used = Counter(text.split())
        assert len(text.split()) == 12, text
        assert not used - rest, f"{text}: cards beyond the deck: {used - rest}"
        rest -= used
    others = [seat for seat in range(4) if seat not in fixed]
    cards = sorted(rest.elements(), key=DECK_ORDER.index)
    hands = {seat: cards[i :: len(others)] for i, seat in enumerate(others)}
    return [fixed[seat] if seat in fixed else " ".join(hands[seat]) for seat in range(4)]
