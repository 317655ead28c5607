"""What the felt shows under each name: every reservation while they are made, then only
those that shaped the game."""

from __future__ import annotations

from app.languages.i18n import translations
from app.table.table_notes import seat_infos
from engine import PAGAT, Action, Hand, Phase, deal, view_of

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
