"""A hand rebuilt from one seat's view and a guess of what that seat cannot see.

A bot that searches deals the unseen cards to the other seats ("a world"), rebuilds the hand
that world and the view describe, and plays it out. The view's history holds every public
action in order, so the rebuild is a replay: the dealt hands are worked out backwards from the
cards each seat holds now, the cards it played and the Armut exchange, then the history is
applied to them. A guess that contradicts the view makes the checked replay fail.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Act, Action
from engine.cards import CardSet, deck, mask_add, mask_remove
from engine.errors import EngineError
from engine.hand import Hand
from engine.view import SeatView


class GuessError(EngineError):
    """Hidden cards that cannot be what the view shows (wrong counts, illegal plays)."""


@dataclass(frozen=True)
class Hidden:
    """Everything a seat cannot see, as one guess."""

    held: tuple[CardSet, CardSet, CardSet, CardSet]
    """The cards each seat holds now (the viewing seat's own are its view's hand)."""
    armut_given: CardSet | None = None
    """The cards the poor player handed over, where the view does not show them."""
    armut_returned: CardSet | None = None
    """The cards the acceptor gave back, where the view does not show them."""


def hand_from_view(view: SeatView, hidden: Hidden, checked: bool = True) -> Hand:
    """The hand that agrees with `view` in every public fact and holds the guessed cards.

    `checked` replays through `Hand.apply` and raises `GuessError` for a guess the history
    refutes; unchecked is the search's fast path for guesses a sampler built consistent."""
    given, returned = _exchange(view, hidden)
    dealt = list(dealt_hands(view, hidden))
    if checked:
        _check_deck(view, dealt)
    hand = Hand(view.rules, dealt, view.dealer)
    for action in view.history:
        _replay(hand, with_exchange(action, given, returned), checked)
    return hand


def dealt_hands(view: SeatView, hidden: Hidden) -> tuple[CardSet, ...]:
    """The hands each seat was dealt if the guess is right: what it holds and played, the
    Armut exchange undone (what a bot weighs a seat's reservation by)."""
    given, returned = _exchange(view, hidden)
    return tuple(CardSet(mask) for mask in _dealt(view, hidden.held, given, returned))


def _exchange(view: SeatView, hidden: Hidden) -> tuple[CardSet | None, CardSet | None]:
    """The Armut cards given and returned: from the history where the seat saw them, else
    from the guess."""
    given = returned = None
    for action in view.history:
        if action.act is Act.ARMUT_GIVE:
            given = CardSet.of(action.cards) if action.cards else hidden.armut_given
        elif action.act is Act.ARMUT_RETURN:
            returned = CardSet.of(action.cards) if action.cards else hidden.armut_returned
    if any(act is Act.ARMUT_GIVE for act in _acts(view)) and given is None:
        raise GuessError("the guess lacks the cards given in the Armut")
    if any(act is Act.ARMUT_RETURN for act in _acts(view)) and returned is None:
        raise GuessError("the guess lacks the cards returned in the Armut")
    return given, returned


def _acts(view: SeatView) -> list[Act]:
    return [action.act for action in view.history]


def _dealt(
    view: SeatView,
    held: tuple[CardSet, ...],
    given: CardSet | None,
    returned: CardSet | None,
) -> list[int]:
    """Each seat's dealt cards: what it holds and played, the Armut exchange undone."""
    if held[view.seat] != view.hand:
        raise GuessError(f"seat {view.seat} holds {view.hand}, not {held[view.seat]}")
    dealt = [cards.mask for cards in held]
    for action in view.history:
        if action.act is Act.PLAY and action.card is not None:
            dealt[action.seat] = mask_add(dealt[action.seat], action.card.index)
    poor, acceptor = _armut_seats(view)
    empty = CardSet()
    if poor is not None and given is not None:
        # Undone in reverse order: the return, then the give.
        back = returned if returned is not None and acceptor is not None else empty
        dealt[poor] = _plus(_minus(dealt[poor], back), given)
        if acceptor is not None:
            dealt[acceptor] = _minus(_plus(dealt[acceptor], back), given)
    return dealt


def _check_deck(view: SeatView, dealt: list[CardSet]) -> None:
    """The dealt hands must be the deck, the rule set's number of cards each."""
    everything = sorted(card.index for cards in dealt for card in cards)
    if everything != sorted(card.index for card in deck(view.rules.without_nines)):
        raise GuessError("the guessed hands and the played cards are not the deck")
    if any(len(cards) != view.rules.cards_per_seat for cards in dealt):
        raise GuessError(f"a guessed deal is not {view.rules.cards_per_seat} cards a seat")


def _armut_seats(view: SeatView) -> tuple[int | None, int | None]:
    """The poor player (who gave) and the acceptor (who accepted), as far as it happened."""
    poor = acceptor = None
    for action in view.history:
        if action.act is Act.ARMUT_GIVE:
            poor = action.seat
        elif action.act is Act.ARMUT_ACCEPT:
            acceptor = action.seat
    return poor, acceptor


def _plus(mask: int, cards: CardSet) -> int:
    for card in cards:
        if CardSet(mask).count(card) == 2:
            raise GuessError(f"{card} would be in one hand three times")
        mask = mask_add(mask, card.index)
    return mask


def _minus(mask: int, cards: CardSet) -> int:
    for card in cards:
        if not CardSet(mask).count(card):
            raise GuessError(f"{card} cannot have been passed in the Armut")
        mask = mask_remove(mask, card.index)
    return mask


def with_exchange(action: Action, given: CardSet | None, returned: CardSet | None) -> Action:
    """The history's action with the guessed Armut cards where the seat did not see them
    (a seat's view hides the cards passed between two others)."""
    if action.cards or action.act not in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        return action
    cards = given if action.act is Act.ARMUT_GIVE else returned
    assert cards is not None
    return Action(action.seat, action.act, cards=tuple(cards))


def _replay(hand: Hand, action: Action, checked: bool) -> None:
    if not checked:
        hand.apply(action, checked=False)
        return
    try:
        hand.apply(action)
    except EngineError as error:
        raise GuessError(f"the guess contradicts the history: {error}") from None


def hidden_of(hand: Hand) -> Hidden:
    """The true hidden cards of a hand: the guess that rebuilds it exactly (for tests and
    for reviewing a finished hand against what the seats really held)."""
    a, b, c, d = (hand.cards_of(seat) for seat in range(4))
    return Hidden((a, b, c, d), hand.armut_given, hand.armut_returned)
