"""What the felt shows under each name: every reservation while they are made, then only the one
that shaped the game."""

from __future__ import annotations

from app.languages.i18n import translations
from app.table.table_notes import seat_infos
from engine import PAGAT, Act, Action, Contract, Hand, Phase, deal, view_of

ENGLISH = translations("en")
HUMAN = 0


def shown(hand: Hand) -> list[str | None]:
    return [info.declaration for info in seat_infos(view_of(hand, HUMAN), [0] * 4, ENGLISH)]


def test_healthy_is_shown_during_the_reservations_and_dropped_once_play_begins() -> None:
    dealt = deal("seat-infos-1", 0)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    first = hand.to_act
    hand.apply(Action.parse(first, "healthy"))
    assert shown(hand)[first] == "Healthy"
    for _ in range(3):
        hand.apply(Action.parse(hand.to_act, "healthy"))
    assert hand.phase is Phase.PLAY
    assert shown(hand) == [None] * 4


def test_a_solo_stays_under_its_players_name_through_the_play() -> None:
    dealt = deal("seat-infos-1", 0)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    soloist = hand.to_act
    hand.apply(Action.parse(soloist, "solo-jacks"))
    for _ in range(3):
        hand.apply(Action.parse(hand.to_act, "healthy"))
    assert hand.phase is Phase.PLAY
    declared = shown(hand)
    assert declared[soloist] is not None and "Jack" in declared[soloist]
    assert [d for seat, d in enumerate(declared) if seat != soloist] == [None] * 3


def test_a_hochzeit_an_armut_outranked_is_not_shown_beside_the_armuts_partner() -> None:
    """A found confusion: the Hochzeit player who took the Armut kept "Hochzeit" under his
    name all hand, as if he played one."""
    dealt = deal("seat-infos-85", 0)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    bride, poor = 2, 1
    assert hand.may_declare(bride, Act.HOCHZEIT) and hand.may_declare(poor, Act.ARMUT)
    wishes = {bride: "hochzeit", poor: "armut"}
    while hand.phase is Phase.RESERVATIONS:
        hand.apply(Action.parse(hand.to_act, wishes.get(hand.to_act, "healthy")))
    assert shown(hand)[bride] is None
    while hand.phase is not Phase.PLAY:
        legal = view_of(hand, hand.to_act).legal
        taken = [action for action in legal if action.act is Act.ARMUT_ACCEPT]
        declined = [action for action in legal if action.act is Act.ARMUT_DECLINE]
        hand.apply(taken[0] if hand.to_act == bride and taken else (declined or legal)[0])
    assert hand.contract is Contract.ARMUT and hand.armut_acceptor == bride
    assert shown(hand) == [None, "Armut", None, None]
