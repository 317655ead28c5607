"""What one seat may know (`engine.view_of`): no other seat's unplayed cards before the hand
is over, a silent solo hidden until it shows, the Armut cards only for the two seats that
handled them, teams as revealed by Q♣ and announcements, and announcements with their trick
and card count."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum

import pytest

from engine import (
    DDV,
    PAGAT,
    Act,
    Action,
    Announcement,
    Call,
    Card,
    CardSet,
    Contract,
    Hand,
    Phase,
    RuleSet,
    SeatView,
    Step,
    Team,
    deal,
    view_of,
)
from tests.helpers.view import ARMUT, ARMUT_RESERVATIONS, random_action
from tests.scripting import NORMAL, SILENT, all_healthy, rigged_hand, run

RE, KONTRA = Team.RE, Team.KONTRA

CARD_FIELDS = {
    "hand",
    "tricks",
    "current_trick",
    "legal",
    "armut_received",
    "dealt",
    "result",
    "history",
}


def cards_in(value: object) -> list[Card]:
    """Every card anywhere inside a value (dataclasses, containers, card sets)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, CardSet):
        return list(value)
    if value is None or isinstance(value, (Enum, str, int, float)):
        return []
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in cards_in(k) + cards_in(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [c for item in value for c in cards_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))]
    raise AssertionError(f"cannot look inside {type(value).__name__}")


def action_cards(action: Action) -> CardSet:
    return CardSet.of([action.card] if action.card is not None else list(action.cards))


def check_view(hand: Hand, seat: int) -> SeatView:
    """Every field that can hold cards shows only what the seat may see: its own cards, played
    cards, Armut cards it handled, and the deal and result once the hand is done."""
    view = view_of(hand, seat)
    for field in dataclasses.fields(view):
        if field.name not in CARD_FIELDS:
            assert not cards_in(getattr(view, field.name)), field.name
    assert view.hand == hand.cards_of(seat)
    assert view.tricks == tuple(hand.tricks)
    assert view.current_trick == tuple(hand.current_trick())
    assert view.is_last_trick == hand.is_last_trick
    for action in view.legal:
        assert action.seat == seat
        assert view.hand.issuperset(action_cards(action)), action
    if seat not in (hand.declarer, hand.armut_acceptor) or hand.armut_given is None:
        assert view.armut_received is None
    check_history(hand, seat, view)
    if hand.phase is Phase.DONE:
        assert view.dealt == hand.dealt
        assert view.result is not None
    elif not hand.is_over:
        assert view.dealt is None
        assert view.result is None
    return view


def check_history(hand: Hand, seat: int, view: SeatView) -> None:
    """The history is every action in order, the cards of an Armut exchange only for the
    poor player and the acceptor who took them."""
    assert len(view.history) == len(hand.actions)
    handled = hand.armut_given is not None and seat in (hand.declarer, hand.armut_acceptor)
    for seen, action in zip(view.history, hand.actions, strict=True):
        exchange = action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN)
        assert seen == (Action(action.seat, action.act) if exchange and not handled else action)


def play_out_checking_views(hand: Hand, rng: random.Random) -> Hand:
    """Plays random legal actions to the end, checking all four views after every action."""
    dealt = hand.dealt
    while True:
        for seat in range(4):
            check_view(hand, seat)
        if hand.is_over:
            break
        hand.apply(random_action(hand, rng))
    if hand.phase is Phase.DONE:
        assert all(view_of(hand, seat).dealt == dealt for seat in range(4))
    return hand


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("batch", range(4))
def test_views_of_random_hands_show_no_unplayed_cards_of_others(rules: RuleSet, batch: int) -> None:
    rng = random.Random(f"view-{rules.key}-{batch}")
    contracts = set()
    for number in range(8):
        dealt = deal(f"view-test-{batch}", number)
        hand = play_out_checking_views(Hand(rules, dealt.hands, dealt.dealer), rng)
        contracts.add(hand.contract)
    assert len(contracts) > 1, "the random hands should not all be one contract"


@pytest.mark.parametrize("run_number", range(6))
def test_views_of_random_armut_hands_show_no_unplayed_cards_of_others(run_number: int) -> None:
    rng = random.Random(f"armut-view-{run_number}")
    hand = run(rigged_hand(ARMUT), ARMUT_RESERVATIONS)
    assert hand.phase is Phase.ARMUT_GIVE
    play_out_checking_views(hand, rng)


def test_after_the_last_card_every_view_has_the_dealt_hands() -> None:
    hand = all_healthy(rigged_hand(NORMAL))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        play = next(n for n in hand.legal_notations(seat) if n.startswith("play "))
        run(hand, f"{seat} {play}")
    for seat in range(4):
        view = view_of(hand, seat)
        assert view.dealt == tuple(CardSet.parse(cards) for cards in NORMAL)
        assert view.result is not None


def test_the_view_knows_the_last_trick_as_the_hand_does() -> None:
    """Only the twelfth trick of a hand with nines is the last (§4's second Dulle)."""
    hand = all_healthy(rigged_hand(NORMAL))
    lasts = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        lasts.append(view_of(hand, seat).is_last_trick)
        play = next(n for n in hand.legal_notations(seat) if n.startswith("play "))
        run(hand, f"{seat} {play}")
    assert lasts == [False] * 44 + [True] * 4


# ---- silent solo ---------------------------------------------------------------------------

SILENT_PLAY = [
    "0 play AD",
    "1 play QC",
    "2 play JD",
    "3 play JD",
    "1 play AC",
    "2 play KC",
    "3 play KC",
    "0 play AC",
    "1 play QC",
    "2 play JH",
    "3 play JH",
]
"""Seat 1 takes trick 1 with its first Q♣, trick 2 with A♣, and leads its second Q♣."""


def test_a_silent_solo_looks_like_a_normal_game_until_both_q_clubs_are_played() -> None:
    hand = all_healthy(rigged_hand(SILENT))
    assert hand.contract is Contract.SILENT_SOLO
    second_queen = SILENT_PLAY.index("1 play QC", 2)
    for number, play in enumerate([None, *SILENT_PLAY]):
        if play is not None:
            run(hand, play)
        shown = number > second_queen
        soloist = check_view(hand, 1)
        assert (soloist.contract, soloist.declarer, soloist.team) == (Contract.SILENT_SOLO, 1, RE)
        for seat in (0, 2, 3):
            view = check_view(hand, seat)
            assert view.team is KONTRA
            if shown:
                assert (view.contract, view.declarer) == (Contract.SILENT_SOLO, 1), play
                assert view.teams == (KONTRA, RE, KONTRA, KONTRA)
            else:
                assert (view.contract, view.declarer) == (Contract.NORMAL, None), play
                first_queen_played = number >= 2
                assert view.teams[1] == (RE if first_queen_played else None), play
                assert [view.teams[s] for s in (0, 2, 3) if s != seat] == [None, None], play
    assert len(hand.current_trick()) == 3
    second = next(
        position
        for position, action in enumerate(hand.actions)
        if action.notation == "play QC" and action.seat == 1 and position > 8
    )
    assert [view_of(hand, seat).silent_solo_shown_at() for seat in range(4)] == [
        second,
        None,
        second,
        second,
    ]


# ---- Armut ---------------------------------------------------------------------------------


def armut_received_seen(hand: Hand) -> list[CardSet | None]:
    return [check_view(hand, seat).armut_received for seat in range(4)]


def test_only_the_poor_player_and_the_acceptor_see_the_passed_cards() -> None:
    """Each sees the cards it was handed, once handed (and the ones it handed over in its
    history)."""
    given, returned = CardSet.parse("QD JD 9D"), CardSet.parse("AH KH 9D")
    hand = run(rigged_hand(ARMUT), ARMUT_RESERVATIONS)
    assert armut_received_seen(hand) == [None] * 4
    run(hand, "1 armut-give QD JD 9D")
    assert armut_received_seen(hand) == [None] * 4
    run(hand, "2 armut-decline")
    assert armut_received_seen(hand) == [None] * 4
    run(hand, "3 armut-accept")
    assert armut_received_seen(hand) == [None, None, None, given]
    assert [view_of(hand, s).armut_trumps_returned for s in range(4)] == [None] * 4
    run(hand, "3 armut-return AH KH 9D")
    assert armut_received_seen(hand) == [None, returned, None, given]
    assert [view_of(hand, s).armut_trumps_returned for s in range(4)] == [1] * 4
    assert [view_of(hand, s).teams for s in range(4)] == [(KONTRA, RE, KONTRA, RE)] * 4


# ---- teams and announcements -----------------------------------------------------------------


def test_teams_are_revealed_by_q_clubs_played_and_announcements() -> None:
    hand = all_healthy(rigged_hand(NORMAL))

    def teams() -> list[tuple[Team | None, ...]]:
        return [check_view(hand, seat).teams for seat in range(4)]

    assert teams() == [
        (RE, None, None, None),
        (None, RE, None, None),
        (None, None, KONTRA, None),
        (None, None, None, KONTRA),
    ]
    run(hand, "3 announce kontra")
    assert teams() == [
        (RE, None, None, KONTRA),
        (None, RE, None, KONTRA),
        (None, None, KONTRA, KONTRA),
        (None, None, None, KONTRA),
    ]
    run(hand, "0 play QC")
    assert teams() == [
        (RE, None, None, KONTRA),
        (RE, RE, KONTRA, KONTRA),
        (RE, None, KONTRA, KONTRA),
        (RE, None, None, KONTRA),
    ]
    run(hand, "1 announce re")
    assert teams() == [(RE, RE, KONTRA, KONTRA)] * 4


@pytest.mark.parametrize(
    ("call", "seat", "team"),
    [("no90", 2, KONTRA), ("no60", 3, KONTRA), ("no90", 1, RE), ("schwarz", 0, RE)],
)
def test_a_skipped_call_reveals_the_team_too(call: str, seat: int, team: Team) -> None:
    hand = run(all_healthy(rigged_hand(NORMAL)), f"{seat} announce {call}")
    for viewer in range(4):
        assert check_view(hand, viewer).teams[seat] is team


def test_announcements_carry_trick_number_and_cards_left() -> None:
    hand = all_healthy(rigged_hand(NORMAL))
    run(hand, "2 announce kontra")
    run(hand, "0 play 10C; 1 play 10C; 2 play 9C; 3 play 9C")
    assert hand.tricks[0].winner == 0
    run(hand, "0 announce re; 0 play 10H; 1 announce no90; 1 play 10H")
    expected = (
        Announcement(2, Call.KONTRA, 1, 12),
        Announcement(0, Call.RE, 2, 11),
        Announcement(1, Call.NO90, 2, 11),
    )
    for seat in range(4):
        view = check_view(hand, seat)
        assert view.announcements == expected
        assert view.announced == {RE: Step.NO90, KONTRA: Step.TEAM}


# ---- the card order in force ---------------------------------------------------------------


@pytest.mark.parametrize("preset", [PAGAT, DDV], ids=["pagat", "ddv"])
def test_the_order_in_force_is_the_hands_once_the_seat_knows_contract_and_schweinchen(
    preset: RuleSet,
) -> None:
    """The view's order is the one place the app and bots read the order from: with the
    second-Dulle toggle on and the Schweinchen played, it is the order the hand plays by for
    every seat that knows the contract and has seen the Schweinchen."""
    rules = dataclasses.replace(preset, second_dulle_beats_first=True, schweinchen=True)
    rng = random.Random(f"order-{preset.key}")
    compared = shown = 0
    for number in range(12):
        dealt = deal("order-in-force", number)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while not hand.is_over:
            for seat in range(4):
                view = view_of(hand, seat)
                if hand.phase is not Phase.PLAY:
                    continue
                holder = view.schweinchen
                if holder not in (None, seat):
                    shown_at = view.schweinchen_shown_at()
                    assert shown_at is not None
                    assert hand.actions[shown_at] == Action(holder, Act.PLAY, Card.parse("AD"))
                    shown += 1
                if view.contract is hand.contract and view.schweinchen == hand.schweinchen:
                    assert view.order == hand.order
                    assert view.order.second_dulle == hand.order.is_trump(Card.parse("10H"))
                    compared += 1
            hand.apply(random_action(hand, rng))
    assert compared > 1000 and shown > 10
