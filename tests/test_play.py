"""docs/rules.md §3 and §4: leading, following suit and who wins a trick, played through `Hand`.

Every deal here is a whole deck written out by seat (seat 0 first) and checked to be one.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import PAGAT, Contract, Hand, IllegalAction, Trick, deck, with_toggles
from tests.scripting import rigged_hand, run

FOLLOW_DEAL = [
    "AC 10C KC QC 9C AS 10S JH 9H AD 10D KD",
    "AS KS QS JS 9S AH 10H KH JC QD 10D 9D",
    "AC 10C KC QC JC 9C 10S KS QS JS 9S AH",
    "10H KH QH QH JH 9H AD KD QD JD JD 9D",
]
"""Seat 0 has a lead for each case; seat 1's hand mixes cards whose suit depends on the contract."""

TRICKS_DEAL = [
    "AC 10C 10C 9C AS 10S KS 9S 9S AH AD JD",
    "KC 9C AS 10S QS JS KS 10H QH AD QD 9D",
    "AC KC QC JC QS 10H KH JH 9H QD 10D KD",
    "QC JC JS AH QH KH JH 9H JD 10D KD 9D",
]
"""Normal game played trick by trick in `TRICKS_PLAYED`; seat 1 holds no plain hearts, seat 2
no plain spades, seat 3 neither plain clubs nor plain spades."""

TRICKS_PLAYED = [
    ("0 JD; 1 QH; 2 QD; 3 9D", 1, 8),
    ("1 10H; 2 10H; 3 QC; 0 AD", 1, 34),
    ("1 9C; 2 KC; 3 AH; 0 10C", 0, 25),
    ("0 AH; 1 9D; 2 KH; 3 9H", 1, 15),
    ("1 KS; 2 QS; 3 JC; 0 9S", 2, 9),
]
"""(plays, winner, card points). Trick 1: the third card beats the first, not the second.
Trick 2 is docs/rules.md §10's example: of two 10♥ the first wins, 34 points. Trick 3: an off-suit
ace never wins. Trick 4: the lowest trump beats a plain ace. Trick 5: trumps on a plain lead."""

PIG_DEAL = [
    "AC 10C AS 10S 9S QC AH 10H KH 9H QD 10D",
    "AC 10C KC 9C AS 10S KS AD AD 10D KD 9D",
    "QC JC KC 9C QS JS KS 9S 10H KH JH 9H",
    "JC QS JS AH QH QH JH QD KD JD JD 9D",
]
"""Seat 1 holds both A♦ and no trump of a heart solo."""

ARMUT_DEAL = [
    "QC QS JS 10S KS 9S AH 10H KH 9H 10D KD",
    "JC JS 10S KS 9S AH QH KH JH 9H 10D 9D",
    "AC AC 10C 10C KC KC 9C 9C AS AS AD AD",
    "QC JC QS 10H QH JH QD QD JD JD KD 9D",
]
"""Seat 2 is poor: its only trumps are both A♦."""

HEART_SOLO_ROWS = [
    "QC QS QH QD",
    "QC QS QH QD",
    "JC JS JH JD",
    "JC JS JH JD",
    "AH AH KH 9H",
    "AC 10C KC 9C",
    "AC 10C KC 9C",
    "AS 10S KS 9S",
    "AS 10S KS 9S",
    "AD 10D KD 9D",
    "AD 10D KD 9D",
]
DULLE_ROW = "10H 10H KH 9H"
"""Rows of a deal by trick (seat 0's card first). Every row is one suit in a heart solo, so any
order of the rows is playable; seat 0 wins each row it leads, so it leads the 10♥ row."""

NINELESS_ROWS = [
    "QC QS QH QD",
    "QC QS QH QD",
    "JC JS JH JD",
    "JC JS JH JD",
    "AC 10C KC KC",
    "AS 10S KS KS",
    "AD 10D KD KD",
    "AH AH KH KH",
]
NINELESS_DULLE_ROW = "AC 10C 10H 10H"
NINELESS_MIXED_ROW = "AS 10S AD 10D"
"""Without nines: after the rows seats 2 and 3 hold no clubs or spades, so they may play a 10♥
on a club lead and a diamond on a spade lead."""


def hands_of_rows(rows: list[str]) -> list[str]:
    """The four hands of a deal written by trick: seat i holds column i."""
    return [" ".join(row.split()[seat] for row in rows) for seat in range(4)]


def assert_whole_deck(hands: list[str], without_nines: bool = False) -> None:
    """A rigged deal must be a real one: the deck, split evenly."""
    size = 10 if without_nines else 12
    assert [len(hand.split()) for hand in hands] == [size] * 4
    assert Counter(" ".join(hands).split()) == Counter(str(card) for card in deck(without_nines))


def start(
    hands: list[str],
    reservations: dict[int, str] | None = None,
    dealer: int = 3,
    **toggles: object,
) -> Hand:
    """A hand on a rigged deal, everyone declaring healthy but the seats named, from forehand."""
    rules = with_toggles(PAGAT, toggles)
    assert_whole_deck(hands, rules.without_nines)
    hand = rigged_hand(hands, dealer, rules)
    for offset in range(4):
        seat = (dealer + 1 + offset) % 4
        run(hand, f"{seat} {(reservations or {}).get(seat, 'healthy')}")
    return hand


def solo(act: str | None, seat: int = 1) -> dict[int, str]:
    return {} if act is None else {seat: act}


def pairs(plays: str) -> list[tuple[str, str]]:
    """(seat, card) of each `SEAT CARD` in `0 AS; 1 9S`."""
    return [(seat, card) for seat, card in (part.split() for part in plays.split(";"))]


def play(hand: Hand, plays: str) -> None:
    """Plays `SEAT CARD; …` through `Hand.apply`, as a table would."""
    run(hand, ";".join(f"{seat} play {card}" for seat, card in pairs(plays)))


def play_trick(hand: Hand, plays: str) -> Trick:
    """Plays four cards and returns the trick they complete."""
    done = len(hand.tricks)
    play(hand, plays)
    assert len(hand.tricks) == done + 1
    return hand.tricks[-1]


def play_row(hand: Hand, row: str) -> Trick:
    """Plays one trick where seat i plays column i, in turn order from whoever leads."""
    cards = row.split()
    leader = hand.to_act
    assert leader is not None
    order = [(leader + offset) % 4 for offset in range(4)]
    return play_trick(hand, ";".join(f"{seat} {cards[seat]}" for seat in order))


def playable(hand: Hand, seat: int) -> set[str]:
    """The cards `seat` may play now, from the legal notations."""
    return {n.removeprefix("play ") for n in hand.legal_notations(seat) if n.startswith("play ")}


def seats_with_a_play(hand: Hand) -> list[int]:
    """The seats that may play a card now: only the one whose turn it is."""
    return [seat for seat in range(4) if playable(hand, seat)]


def snapshot(hand: Hand) -> object:
    """Everything a refused action must leave unchanged."""
    return (
        hand.phase,
        hand.to_act,
        hand.contract,
        [str(hand.cards_of(seat)) for seat in range(4)],
        hand.current_trick(),
        list(hand.tricks),
        len(hand.actions),
        [hand.legal_notations(seat) for seat in range(4)],
    )


@pytest.mark.parametrize(
    ("hands", "without_nines"),
    [
        (FOLLOW_DEAL, False),
        (TRICKS_DEAL, False),
        (PIG_DEAL, False),
        (ARMUT_DEAL, False),
        (hands_of_rows([*HEART_SOLO_ROWS, DULLE_ROW]), False),
        (hands_of_rows([*NINELESS_ROWS, NINELESS_DULLE_ROW, NINELESS_MIXED_ROW]), True),
    ],
)
def test_rigged_deals_are_whole_decks(hands: list[str], without_nines: bool) -> None:
    assert_whole_deck(hands, without_nines)


SEAT_1_ALL = "AS KS QS JS 9S AH 10H KH JC QD 10D 9D"

FOLLOWING = [
    (None, "AS", "AS KS 9S"),
    (None, "KD", "QS JS 10H JC QD 10D 9D"),
    (None, "AC", SEAT_1_ALL),
    (None, "9H", "AH KH"),
    ("solo-diamonds", "AS", "AS KS 9S"),
    ("solo-diamonds", "AC", SEAT_1_ALL),
    ("solo-fleischlos", "AS", "AS KS QS JS 9S"),
    ("solo-fleischlos", "KD", "QD 10D 9D"),
    ("solo-fleischlos", "AC", "JC"),
    ("solo-fleischlos", "9H", "AH 10H KH"),
    ("solo-queens", "AS", "AS KS JS 9S"),
    ("solo-queens", "KD", "10D 9D"),
    ("solo-queens", "AC", "JC"),
    ("solo-queens", "QC", "QS QD"),
    ("solo-jacks", "AS", "AS KS QS 9S"),
    ("solo-jacks", "KD", "QD 10D 9D"),
    ("solo-jacks", "QC", SEAT_1_ALL),
    ("solo-jacks", "JH", "JS JC"),
    ("solo-hearts", "AS", "AS KS 9S"),
    ("solo-hearts", "KD", "10D 9D"),
    ("solo-hearts", "9H", "QS JS 10H AH KH JC QD"),
    ("solo-hearts", "AC", SEAT_1_ALL),
    ("solo-spades", "AS", "AS KS QS JS 9S 10H JC QD"),
    ("solo-spades", "KD", "10D 9D"),
    ("solo-spades", "9H", "AH KH"),
    ("solo-spades", "AC", SEAT_1_ALL),
    ("solo-clubs", "AS", "AS KS 9S"),
    ("solo-clubs", "AC", "QS JS 10H JC QD"),
    ("solo-clubs", "KD", "10D 9D"),
    ("solo-clubs", "9H", "AH KH"),
]
"""(seat 1's solo or None for a normal game, seat 0's lead, what seat 1 may play): a trump lead
asks for a trump (Q♠ is one in a normal game, a spade in fleischlos); void, any card."""


@pytest.mark.parametrize(("contract", "led", "allowed"), FOLLOWING)
def test_follow_suit(contract: str | None, led: str, allowed: str) -> None:
    hand = start(FOLLOW_DEAL, solo(contract))
    assert playable(hand, 0) == set(FOLLOW_DEAL[0].split())
    assert playable(hand, 1) == set()
    play(hand, f"0 {led}")
    assert playable(hand, 1) == set(allowed.split())
    for card in set(SEAT_1_ALL.split()) - set(allowed.split()):
        before = snapshot(hand)
        with pytest.raises(IllegalAction):
            play(hand, f"1 {card}")
        assert snapshot(hand) == before


SINGLE_TRICKS = [
    (None, 3, "0 AS; 1 AS; 2 10S; 3 9H", 0),
    (None, 0, "1 AS; 2 10S; 3 9H; 0 AS", 1),
    (None, 3, "0 KD; 1 10H; 2 QS; 3 JD", 1),
    (None, 3, "0 KD; 1 9D; 2 QS; 3 JD", 2),
    (None, 3, "0 AC; 1 KS; 2 10C; 3 AD", 3),
    (None, 3, "0 KD; 1 QD; 2 QS; 3 AD", 2),
    ("solo-fleischlos", 3, "0 KD; 1 QD; 2 QS; 3 AD", 3),
    ("solo-jacks", 3, "0 KD; 1 QD; 2 QS; 3 AD", 3),
    (None, 3, "0 AC; 1 JC; 2 9C; 3 KD", 1),
    ("solo-queens", 3, "0 AC; 1 JC; 2 9C; 3 KD", 0),
    ("solo-hearts", 3, "0 9H; 1 QD; 2 AH; 3 KH", 1),
    ("solo-spades", 3, "0 AS; 1 9S; 2 KS; 3 JD", 3),
    ("solo-clubs", 3, "0 AC; 1 JC; 2 9C; 3 JD", 1),
]
"""(seat 1's solo or None, dealer, plays in order, winner) on `FOLLOW_DEAL`: of identical cards
the first wins whoever leads; the highest trump, else the highest card of the led suit."""


@pytest.mark.parametrize(("contract", "dealer", "plays", "winner"), SINGLE_TRICKS)
def test_trick_winner(contract: str | None, dealer: int, plays: str, winner: int) -> None:
    hand = start(FOLLOW_DEAL, solo(contract), dealer)
    trick = play_trick(hand, plays)
    assert trick.winner == winner
    assert hand.to_act == winner


def test_tricks_in_a_row_and_the_winner_leads_the_next() -> None:
    hand = start(TRICKS_DEAL)
    assert hand.contract is Contract.NORMAL
    for number, (plays, winner, points) in enumerate(TRICKS_PLAYED, start=1):
        trick = play_trick(hand, plays)
        assert len(hand.tricks) == number
        assert (trick.leader, trick.winner, trick.points) == (int(plays[0]), winner, points)
        assert [str(card) for card in trick.cards] == [card for _, card in pairs(plays)]
        assert hand.to_act == winner
        assert seats_with_a_play(hand) == [winner]


@pytest.mark.parametrize(("toggle", "winner"), [(False, 1), (True, 2)])
def test_second_dulle_in_a_normal_game(toggle: bool, winner: int) -> None:
    hand = start(TRICKS_DEAL, second_dulle_beats_first=toggle)
    first, second = TRICKS_PLAYED[0][0], TRICKS_PLAYED[1][0]
    play(hand, first)
    trick = play_trick(hand, second)
    assert trick.winner == winner


SECOND_DULLE = [
    ("solo-hearts", 1, True, 1),
    ("solo-hearts", 1, False, 0),
    ("solo-hearts", 6, True, 1),
    ("solo-hearts", 11, True, 1),
    ("solo-hearts", 11, False, 0),
    ("solo-hearts", 12, True, 0),
    ("solo-hearts", 12, False, 0),
    ("solo-queens", 1, True, 0),
    ("solo-jacks", 1, True, 0),
    ("solo-fleischlos", 1, True, 0),
]
"""(seat 0's solo, trick where seat 0 then seat 1 play a 10♥, toggle, winner): the second beats
the first in every trick but the last, only where the 10♥ is a trump."""


@pytest.mark.parametrize(("contract", "trick", "toggle", "winner"), SECOND_DULLE)
def test_second_dulle_beats_first(contract: str, trick: int, toggle: bool, winner: int) -> None:
    rows = [*HEART_SOLO_ROWS[: trick - 1], DULLE_ROW, *HEART_SOLO_ROWS[trick - 1 :]]
    hand = start(hands_of_rows(rows), {0: contract}, second_dulle_beats_first=toggle)
    for row in rows[: trick - 1]:
        assert play_row(hand, row).winner == 0
    played = play_row(hand, rows[trick - 1])
    assert [str(card) for card in played.cards] == DULLE_ROW.split()
    assert played.winner == winner


@pytest.mark.parametrize(
    ("dulle_trick", "toggle", "winner"),
    [(9, True, 3), (9, False, 2), (10, True, 2), (10, False, 2)],
)
def test_second_dulle_without_nines_last_trick_is_the_tenth(
    dulle_trick: int, toggle: bool, winner: int
) -> None:
    """Seats 2 and 3 play the two 10♥ on a club lead; the last trick is trick 10 here."""
    tail = [NINELESS_DULLE_ROW, NINELESS_MIXED_ROW]
    rows = [*NINELESS_ROWS, *(tail if dulle_trick == 9 else tail[::-1])]
    hand = start(
        hands_of_rows(rows),
        {0: "solo-hearts"},
        without_nines=True,
        second_dulle_beats_first=toggle,
    )
    for row in rows[: dulle_trick - 1]:
        assert play_row(hand, row).winner == 0
    played = play_row(hand, NINELESS_DULLE_ROW)
    assert len(hand.tricks) == dulle_trick
    assert played.winner == winner


PIG_TRICK = "0 10H; 1 AD; 2 JH; 3 JD"

SCHWEINCHEN = [
    (None, True, 1),
    (None, False, 0),
    ("solo-diamonds", True, 1),
    ("solo-diamonds", False, 0),
    ("solo-hearts", True, 0),
]
"""(seat 2's solo or None, toggle, winner of `PIG_TRICK`): seat 1 holds both A♦."""


@pytest.mark.parametrize(("contract", "toggle", "winner"), SCHWEINCHEN)
def test_schweinchen(contract: str | None, toggle: bool, winner: int) -> None:
    hand = start(PIG_DEAL, solo(contract, seat=2), schweinchen=toggle)
    trick = play_trick(hand, PIG_TRICK)
    assert trick.winner == winner


def test_no_schweinchen_when_the_foxes_are_split() -> None:
    hand = start(TRICKS_DEAL, schweinchen=True)
    play(hand, TRICKS_PLAYED[0][0])
    trick = play_trick(hand, TRICKS_PLAYED[1][0])
    assert trick.winner == 1


ARMUT_SCHWEINCHEN = [
    ("9C KD 9D", "0 10H; 1 9D; 2 KD; 3 AD", True, 3),
    ("9C KD 9D", "0 10H; 1 9D; 2 KD; 3 AD", False, 0),
    ("AD AD 9C", "0 10H; 1 9D; 2 AD; 3 9D", True, 2),
    ("AD KD 9C", "0 10H; 1 9D; 2 AD; 3 AD", True, 0),
]
"""(what seat 3 returns, trick 1, toggle, winner): poor seat 2 hands over both A♦ and 9C to
seat 3; whoever holds both A♦ after the exchange has the Schweinchen, nobody if they are split."""


@pytest.mark.parametrize(("returned", "plays", "toggle", "winner"), ARMUT_SCHWEINCHEN)
def test_schweinchen_in_armut_is_decided_after_the_exchange(
    returned: str, plays: str, toggle: bool, winner: int
) -> None:
    hand = start(ARMUT_DEAL, {2: "armut"}, schweinchen=toggle)
    run(hand, f"2 armut-give AD AD 9C; 3 armut-accept; 3 armut-return {returned}")
    assert hand.contract is Contract.ARMUT
    trick = play_trick(hand, plays)
    assert trick.winner == winner


ROWS_DEAL = hands_of_rows([*HEART_SOLO_ROWS, DULLE_ROW])
"""Seat 0 holds both Q♣ here."""

LEADS = [
    (FOLLOW_DEAL, 3, {2: "solo-jacks"}, True, Contract.SOLO_JACKS, 2),
    (FOLLOW_DEAL, 3, {2: "solo-jacks"}, False, Contract.SOLO_JACKS, 0),
    (FOLLOW_DEAL, 3, {3: "solo-fleischlos"}, True, Contract.SOLO_FLEISCHLOS, 3),
    (FOLLOW_DEAL, 3, {}, True, Contract.NORMAL, 0),
    (FOLLOW_DEAL, 1, {1: "solo-hearts"}, True, Contract.SOLO_HEARTS, 1),
    (FOLLOW_DEAL, 1, {1: "solo-hearts"}, False, Contract.SOLO_HEARTS, 2),
    (ROWS_DEAL, 0, {0: "solo-queens"}, True, Contract.SOLO_QUEENS, 0),
    (ROWS_DEAL, 0, {0: "solo-queens"}, False, Contract.SOLO_QUEENS, 1),
    (ROWS_DEAL, 0, {}, True, Contract.SILENT_SOLO, 1),
    (ROWS_DEAL, 0, {0: "hochzeit"}, True, Contract.HOCHZEIT, 1),
]
"""(deal, dealer, reservations, soloist_leads, contract, who leads trick 1): the soloist of a
declared solo with the toggle, else forehand (dealer + 1)."""


@pytest.mark.parametrize(("hands", "dealer", "reservations", "toggle", "contract", "leader"), LEADS)
def test_first_lead(
    hands: list[str],
    dealer: int,
    reservations: dict[int, str],
    toggle: bool,
    contract: Contract,
    leader: int,
) -> None:
    hand = start(hands, reservations, dealer, soloist_leads=toggle)
    assert hand.contract is contract
    assert hand.to_act == leader
    assert seats_with_a_play(hand) == [leader]
    for seat in {0, 1, 2, 3} - {leader}:
        card = hands[seat].split()[0]
        with pytest.raises(IllegalAction):
            play(hand, f"{seat} {card}")
    card = hands[leader].split()[0]
    play(hand, f"{leader} {card}")
    assert hand.current_trick()[0][0] == leader


REFUSED = [
    ("", "1 QS"),
    ("", "3 10H"),
    ("", "0 QS"),
    ("", "0 JD"),
    ("0 AS", "1 KD"),
    ("0 AS", "1 QS"),
    ("0 AS", "0 AC"),
    ("0 AS", "2 AC"),
    ("0 AS", "3 9H"),
    ("0 AS; 1 9S", "1 KS"),
    ("0 AS; 1 9S; 2 KS; 3 AD", "0 AC"),
    ("0 AS; 1 9S; 2 KS; 3 AD", "1 AS"),
    ("0 AS; 1 9S; 2 KS; 3 AD", "3 AD"),
]
"""(plays so far in a normal game on `FOLLOW_DEAL`, a refused play): out of turn, a card not
in the hand (seat 0 has no Q♠ or J♦; seat 1 no K♦), a card that does not follow, a card
already played, a leader who lost the trick."""


@pytest.mark.parametrize(("before", "refused"), REFUSED)
def test_refused_play_changes_nothing(before: str, refused: str) -> None:
    hand = start(FOLLOW_DEAL)
    if before:
        play(hand, before)
    state = snapshot(hand)
    with pytest.raises(IllegalAction):
        play(hand, refused)
    assert snapshot(hand) == state


@pytest.mark.parametrize("refused", ["0 AS", "1 AS", "0 QS"])
def test_no_play_before_the_reservations_are_done(refused: str) -> None:
    hand = rigged_hand(FOLLOW_DEAL)
    run(hand, "0 healthy; 1 healthy")
    state = snapshot(hand)
    with pytest.raises(IllegalAction):
        play(hand, refused)
    assert snapshot(hand) == state
