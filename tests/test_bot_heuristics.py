"""The computer opponents on hand-built positions: each test checks one club player's rule of
thumb of `heuristic-v1`, or a promise of every bot (legal, deterministic, blind to hidden cards).

Positions are rigged deals in card notation (dealer 3, so seat 0 is forehand) played to the
moment of the decision with `tests.scripting.run`; the bot decides for the seat to act.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots.registry import bot_named
from engine import (
    DDV,
    PAGAT,
    Act,
    Action,
    Call,
    Card,
    CardSet,
    Contract,
    Hand,
    Phase,
    RuleSet,
    card_order,
    deal,
    view_of,
)
from tests.scripting import fill_deal, rigged_hand, run

HEURISTIC = "heuristic-v1"
RANDOM = "random-v1"
BOTS = (HEURISTIC, RANDOM)
HEALTHY = "0 healthy; 1 healthy; 2 healthy; 3 healthy"
NORMAL_ORDER = card_order(Contract.NORMAL)
FOX = Card.parse("AD")
QUEEN_OF_CLUBS = Card.parse("QC")


def position(fixed: dict[int, str], script: str, rules: RuleSet = PAGAT) -> Hand:
    return run(rigged_hand(fill_deal(fixed), rules=rules), script)


def decide(hand: Hand, bot_id: str = HEURISTIC, seed: int = 0) -> Action:
    """The bot's action for the seat to act, checked to be legal."""
    seat = hand.to_act
    assert seat is not None
    view = view_of(hand, seat)
    action = bot_named(bot_id).choose(view, random.Random(seed))
    assert action in view.legal, f"{action} is not legal"
    return action


def played(action: Action) -> Card:
    assert action.act is Act.PLAY, f"expected a card, got {action}"
    assert action.card is not None
    return action.card


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


def is_normal_trump(card: Card) -> bool:
    return NORMAL_ORDER.is_trump(card)


# ---- smearing -------------------------------------------------------------------------

# Queen solo of seat 0 (forehand): seats 1, 2 and 3 are the three Kontra partners, known to all.
# Seat 0 leads K♠, seat 1 takes it with A♠; the two seats after hold no spade.
SOLO_QUEENS_SOLOIST = "QC QC QS QS QH QH QD QD KS AC AD 10D"
SOLO_QUEENS_ACE_TAKER = "AS AS 10S 10S JS AC 10C KC KC 10H AD 10D"
SPADE_VOID_SMEARER = "AH 10C KH JH 9H 9H KD JD 9D 9D 9C JC"
SPADE_HOLDER = "KS JS 9S 9S JC 9C AH 10H KH JH KD JD"
SOLO_QUEENS_TRICK = "0 solo-queens; 1 healthy; 2 healthy; 3 healthy; 0 play KS; 1 play AS"


@pytest.mark.parametrize(
    ("fixed", "script"),
    [
        pytest.param(
            {
                0: SOLO_QUEENS_SOLOIST,
                1: SOLO_QUEENS_ACE_TAKER,
                2: SPADE_HOLDER,
                3: SPADE_VOID_SMEARER,
            },
            SOLO_QUEENS_TRICK + "; 2 play 9S",
            id="last-seat",
        ),
        pytest.param(
            {
                0: SOLO_QUEENS_SOLOIST,
                1: SOLO_QUEENS_ACE_TAKER,
                2: SPADE_VOID_SMEARER,
                3: SPADE_HOLDER,
            },
            SOLO_QUEENS_TRICK,
            id="only-a-partner-after",
        ),
    ],
)
def test_smears_its_richest_card_into_a_trick_the_partner_surely_wins(
    fixed: dict[int, str], script: str
) -> None:
    """Schmieren: when a partner's card cannot be beaten any more (nobody after, or only
    partners after), throw the ace or ten in rather than a blank card."""
    hand = position(fixed, script)
    card = played(decide(hand))
    assert card == Card.parse("AH"), f"smeared {card}, expected the A♥ (11 points)"


# ---- the fox ----------------------------------------------------------------------------

FOX_CASES = [
    pytest.param(
        {
            0: "QC 10H 10H QS QH JC JS 9D 9D KD QD JD",
            1: "AD 10D AC 10C KC 9C AS 10S KS 9S AH KH",
        },
        HEALTHY + "; 0 play QC",
        id="trump-lead-by-a-shown-re",
    ),
    pytest.param(
        {
            0: "QC AS 10H QS QH JC JS 10D KD QD JD 9S",
            1: "AD 9D AC 10C KC 9C 9C AH KH KH 9H 9H",
        },
        HEALTHY + "; 0 announce re; 0 play AS",
        id="void-under-an-announced-re-ace",
    ),
]


@pytest.mark.parametrize(("fixed", "script"), FOX_CASES)
def test_keeps_the_fox_out_of_a_trick_the_other_team_takes(
    fixed: dict[int, str], script: str
) -> None:
    """Never give the fox (A♦, 11 points and a bonus) into a trick the other side wins:
    any other card costs less."""
    hand = position(fixed, script)
    assert FOX in hand.cards_of(1)
    assert len([a for a in view_of(hand, 1).legal if a.act is Act.PLAY]) > 1
    assert played(decide(hand)) != FOX


def test_catches_an_opponents_fox() -> None:
    """Fuchs fangen: an opponent's A♦ in the trick is worth a winning card."""
    hand = position(
        {
            0: "9D 10H QS QH JC JS 10D KD QD AC 10C KC",
            1: "QC AD QS QH JC JS JH 9D 9C 9C 9S 9S",
            2: "10H QD JD KD AC 10C KC AS 10S KS AH KH",
        },
        HEALTHY + "; 1 announce re; 0 play 9D; 1 play AD",
    )
    card = played(decide(hand))
    assert card in cards("10H QD JD"), f"played {card}, which does not beat the A♦"


# ---- leading ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "ace"),
    [
        ("AC AS KS 9S KH 9H QD JD 10D KD 9D 9D", "AC"),
        ("AS AC KC 9C KH 9H QD JD 10D KD 9D 9D", "AS"),
    ],
)
def test_leads_a_singleton_black_ace(own: str, ace: str) -> None:
    """Lead the short black ace at once: the first round of a suit is the one most likely
    to go round without a trump."""
    hand = position({0: own}, HEALTHY)
    assert played(decide(hand)) == Card.parse(ace)


# ---- announcements -------------------------------------------------------------------------

WEAK_KONTRA = "AS KS 9S KH 9H 9C KC 10C JD 9D 9D KD"
WEAK_RE = "QC JD 9D KC 9C 10C KS 9S 10S KH 9H AH"
STRONG_RE = "10H 10H QC QS QS QH QH QD JC JS AC AS"
STRONG_KONTRA = "10H 10H QS QS QH QH QD QD JC JC AC AS"


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("own", [WEAK_KONTRA, WEAK_RE], ids=["kontra", "re"])
def test_does_not_announce_on_a_weak_hand(rules: RuleSet, own: str) -> None:
    """Re/Kontra doubles the stakes: with a few low trumps, keep quiet and play."""
    hand = position({0: own}, HEALTHY, rules)
    assert any(a.act is Act.ANNOUNCE for a in view_of(hand, 0).legal)
    assert decide(hand).act is Act.PLAY


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize(
    ("own", "call"), [(STRONG_RE, Call.RE), (STRONG_KONTRA, Call.KONTRA)], ids=["re", "kontra"]
)
def test_announces_on_a_very_strong_hand(rules: RuleSet, own: str, call: Call) -> None:
    """Both Dullen, most queens and two black aces: say Re/Kontra while it is legal."""
    hand = position({0: own}, HEALTHY, rules)
    action = decide(hand)
    assert (action.act, action.call) == (Act.ANNOUNCE, call)


# ---- reservations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "act"),
    [
        pytest.param("QC QC QS QS QH QH QD QD AC AS AH AD", Act.SOLO_QUEENS, id="eight-queens"),
        pytest.param("10H 10H QC QS QS QH QH JC JC AS 10S KS", Act.SOLO_SPADES, id="all-trumps"),
        pytest.param("QC JH AD 10D KD 9D AC 10C KC AS 9S KH", Act.HEALTHY, id="ordinary"),
        pytest.param("QC QC JD 9D KD AC 10C KC AS 9S KH 9H", Act.HOCHZEIT, id="weak-with-qc"),
        pytest.param("JD 9D 9D AC 10C KC 9C AS KS 9S KH 9H", Act.ARMUT, id="three-trumps"),
    ],
)
def test_reservation(own: str, act: Act) -> None:
    """A solo on an overwhelming hand (all eight queens and four aces: a queen solo; twelve
    spade-solo trumps: a spade solo), healthy on an ordinary hand, a Hochzeit to find a partner
    for a weak hand with both Q♣, and Armut with three trumps."""
    hand = rigged_hand(fill_deal({0: own}))
    assert decide(hand).act is act


def test_no_armut_where_the_rules_have_none() -> None:
    """Under `ddv` there is no Armut: the poor hand says healthy."""
    hand = rigged_hand(fill_deal({0: "JD 9D 9D AC 10C KC 9C AS KS 9S KH 9H"}), rules=DDV)
    assert decide(hand).act is Act.HEALTHY


POOR = "JD 9D 9D AC 10C KC 9C AS KS 9S KH 9H"
ARMUT_GIVEN = "0 armut; 1 healthy; 2 healthy; 3 healthy; 0 armut-give JD 9D 9D"
STRONG_TRUMPS = "10H QC QS QH JC JS AD 10D AC AS 10S KH"
WEAK_TRUMPS = "10D KD AC 10C KC 9C AS 10S KS 9S AH KH"


@pytest.mark.parametrize(
    ("own", "act"),
    [(STRONG_TRUMPS, Act.ARMUT_ACCEPT), (WEAK_TRUMPS, Act.ARMUT_DECLINE)],
    ids=["strong", "weak"],
)
def test_accepts_armut_only_with_strong_trumps(own: str, act: Act) -> None:
    """Taking a poor partner means carrying the trumps for two: only with 10♥, Q♣ and a
    long trump holding, not with two low diamonds."""
    hand = position({0: POOR, 1: own}, ARMUT_GIVEN)
    assert hand.phase is Phase.ARMUT_RESPONSE
    assert decide(hand).act is act


def test_armut_give_passes_all_trumps_and_keeps_aces() -> None:
    """The poor player hands over all his trumps; the third card is a blank one, never an
    ace, which takes a trick of its own (even a singleton A♥)."""
    own = "JD 9D AC 10C KC 9C AS 10S KS 9S 9S AH"
    hand = position({0: own}, "0 armut; 1 healthy; 2 healthy; 3 healthy")
    action = decide(hand)
    assert action.act is Act.ARMUT_GIVE
    assert Counter(c for c in action.cards if is_normal_trump(c)) == Counter(cards("JD 9D"))
    assert not [c for c in action.cards if c.rank.text == "A"], f"gave {action.notation}"


def test_armut_return_keeps_the_trumps() -> None:
    """The acceptor returns plain cards when he holds three: trumps are what the pair lacks."""
    hand = position({0: POOR, 1: STRONG_TRUMPS}, ARMUT_GIVEN + "; 1 armut-accept")
    assert hand.phase is Phase.ARMUT_RETURN
    assert len([c for c in hand.cards_of(1) if not is_normal_trump(c)]) >= 3
    action = decide(hand)
    assert action.act is Act.ARMUT_RETURN
    assert not [c for c in action.cards if is_normal_trump(c)], f"returned {action.notation}"


# ---- winning cheaply ----------------------------------------------------------------------

# Seat 0 says Re and leads; the bot, seat 3, is Kontra and plays last.
CHEAPEST_CASES = [
    pytest.param(
        {
            0: "QC JS 10H QS AC 10C KC AS 10S KS AH 9S",
            1: "QC 9D QS QH JC AC 10C KC AS 10S KS 9C",
            3: "10H QD JH JH 10D 9C 9S KH KH 9H 9H AH",
        },
        HEALTHY + "; 0 announce re; 0 play JS; 1 play 9D; 2 play KD",
        "QD",
        id="trump-trick",
    ),
    pytest.param(
        {
            0: "QC AH 10H QS QH JC JS JH AC 10C 9C 9S",
            1: "QC KH QS QH JC JS JH 10D 10D AD AD KS",
            3: "10H 9D 9D KD AC 10C KC AS 10S KS 9C 9S",
        },
        HEALTHY + "; 0 announce re; 0 play AH; 1 play KH; 2 play 9H",
        "9D",
        id="ruffing-a-plain-ace",
    ),
]


@pytest.mark.parametrize(("fixed", "script", "cheapest"), CHEAPEST_CASES)
def test_takes_the_trick_with_the_cheapest_winner(
    fixed: dict[int, str], script: str, cheapest: str
) -> None:
    """In the last seat any winner is safe: take with the lowest one and keep the Dulle and
    the high queens for tricks that need them."""
    hand = position(fixed, script)
    assert hand.to_act == 3
    assert played(decide(hand)) == Card.parse(cheapest)


# ---- every bot: legal, deterministic, blind ------------------------------------------------


def play_out(bot_id: str, rules: RuleSet, seed: str) -> list[tuple[Hand, Action]]:
    """Each (position before, action) of a hand dealt from `seed` and played by the bot in
    every seat, redeals included."""
    steps = []
    for redeal in range(20):
        dealt = deal(seed, 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while not hand.is_over:
            before = hand.copy()
            action = decide(hand, bot_id, seed=len(steps))
            hand.apply(action)
            steps.append((before, action))
        if hand.phase is Phase.DONE:
            return steps
    raise AssertionError(f"no hand after 20 redeals of {seed}")


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("bot_id", BOTS)
def test_every_decision_is_legal_and_repeatable(bot_id: str, rules: RuleSet) -> None:
    """Whole hands by one bot in all seats: every action is one of the seat's legal actions
    (checked in `decide`), and asking again with the same view and seed gives the same one."""
    for number in range(4):
        for before, action in play_out(bot_id, rules, f"legal-{number}"):
            seat = before.to_act
            assert seat is not None
            again = bot_named(bot_id).choose(view_of(before, seat), random.Random(7))
            assert again == bot_named(bot_id).choose(view_of(before, seat), random.Random(7))
            if bot_id == HEURISTIC:
                assert again == action, "heuristic-v1 must not depend on its rng"


def test_random_bot_announces_rarely() -> None:
    """A random opponent that called Re in most hands would be absurd: when it may either
    announce or play, it announces in well under 10 % of its decisions (but not never)."""
    hand = position({0: WEAK_KONTRA}, HEALTHY)
    view = view_of(hand, 0)
    assert any(a.act is Act.ANNOUNCE for a in view.legal)
    bot = bot_named(RANDOM)
    choices = [bot.choose(view, random.Random(seed)) for seed in range(2000)]
    assert all(choice in view.legal for choice in choices)
    share = sum(choice.act is Act.ANNOUNCE for choice in choices) / len(choices)
    assert 0 < share < 0.10, f"announced in {share:.1%} of decisions"
    assert len({choice for choice in choices if choice.act is Act.PLAY}) > 1


def swappable(hand: Hand, seat: int) -> list[Counter[Card]]:
    """Per seat, the cards it was dealt and still holds, apart from the seat deciding, Q♣
    (which decides the teams) and the hands of an Armut exchange."""
    exchanged = {hand.declarer, hand.armut_acceptor} if hand.armut_given is not None else set()
    free: list[Counter[Card]] = []
    for other in range(4):
        if other == seat or other in exchanged:
            free.append(Counter())
            continue
        dealt, held = Counter(hand.dealt[other]), Counter(hand.cards_of(other))
        free.append((dealt & held) - Counter({QUEEN_OF_CLUBS: 2}))
    return free


def same_class(hand: Hand, one: Card, two: Card) -> bool:
    """Cards that follow the same suit in the normal order and in the contract's order, so
    that swapping them keeps every past action legal."""
    orders = [NORMAL_ORDER] + ([card_order(hand.contract)] if hand.contract else [])
    return one != two and all(o.suit_of[one.index] == o.suit_of[two.index] for o in orders)


def hidden_twin(hand: Hand, seat: int) -> Hand | None:
    """The same public position from a deal in which cards `seat` cannot see changed hands:
    for each pair of other seats, one card of each swapped for one of the same suit; None
    when no such swap exists (late in a hand)."""
    dealt = [Counter(cards) for cards in hand.dealt]
    free = swappable(hand, seat)
    swaps = 0
    for first, second in ((a, b) for a in range(4) for b in range(a + 1, 4)):
        options = [
            (x, y)
            for x in sorted(free[first], key=lambda c: c.index)
            for y in sorted(free[second], key=lambda c: c.index)
            if same_class(hand, x, y)
        ]
        if not options:
            continue
        x, y = options[0]
        for one, given, taken in ((first, x, y), (second, y, x)):
            dealt[one][given] -= 1
            dealt[one][taken] += 1
            free[one][given] -= 1
            free[one] = +free[one]
        swaps += 1
    if not swaps:
        return None
    twin = Hand(hand.rules, [CardSet.of(cards.elements()) for cards in dealt], hand.dealer)
    for action in hand.actions:
        twin.apply(action)
    assert twin.dealt != hand.dealt and twin.cards_of(seat) == hand.cards_of(seat)
    return twin


HIDDEN_SEEDS = (0, 1, 23, 33)
"""Deals `hidden-N` that heuristic-v1 plays (pagat) as a normal game, a Hochzeit, an Armut
taken after a decline, and a spade solo."""


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("bot_id", BOTS)
def test_decisions_do_not_depend_on_hidden_cards(bot_id: str, rules: RuleSet) -> None:
    """A bot sees the table, not the other hands: two deals that differ only in how the cards
    it cannot see are split among the other seats lead to the same decision, at every moment
    of a hand (reservations, Armut, every trick)."""
    checked = 0
    for number in HIDDEN_SEEDS:
        for before, _ in play_out(HEURISTIC, rules, f"hidden-{number}"):
            seat = before.to_act
            assert seat is not None
            twin = hidden_twin(before, seat)
            if twin is None:
                continue
            assert decide(twin, bot_id, seed=number) == decide(before, bot_id, seed=number)
            checked += 1
    assert checked > 150
