"""`search-v1`'s decisions and its `evaluate` API.

The same view and seed give the same decision; `evaluate` values every legal action (the
announcements included) from the view alone; forced moves cost nothing; and where the right
card is clear it is played: the Dulle before a side ace that an opponent may ruff in the last
two tricks, the small trump rather than the fox into the other side's trick, the fox smeared
into a partner's trick that nothing can beat. Small budgets keep this quick.
"""

from __future__ import annotations

import random

import pytest

from bots.levels import LEVELS, bot_for_level
from bots.registry import BOTS, bot_named
from bots.search.bot import SearchBot
from bots.search.budget import Budget
from bots.search.evaluate import evaluate
from bots.search.sampling import NoWorld
from engine import (
    PAGAT,
    Act,
    Action,
    Hand,
    Phase,
    SeatView,
    deal,
    view_of,
)
from tests.helpers.search_bot import FOX
from tests.scripting import all_healthy, rigged_hand, run

SMALL = Budget(worlds=8, playouts=40, solver_worlds=4, reservation_deals=4)
BOT = SearchBot(budget=SMALL)

# Dealer 3: seat 0 leads. Seats 1 and 2 hold the Q♣ (Re), seats 0 and 3 are Kontra.
ENDGAME_TRICKS = [
    "QH QH QD QD",
    "JC JC JS JS",
    "JH JH JD JD",
    "AD AD 10D 10D",
    "KD KD 9D 9D",
    "QS 10H QC QS",
    "AC AC 10C 10C",
    "KC KC 9C 9C",
    "AH KH AH 9H",
    "AS 9H KS 10S",
    "10H QC 9S 9S",
    "AS KH KS 10S",
]
"""The card each seat plays in each trick, seat 0 first; seat 1 shows its spade void in
trick 10, seat 0 leads trick 11 holding 10♥ and A♠."""

SMEAR = [
    "JD JD JH JH 10D KD 9D AC 10C KC 9C AH",
    "QC QS QS QH QH 10H JC JS AS 10S KS 9S",
    "QD QD JC JS AD 10D KD AH KH KH 9H 9H",
    "QC 10H AD 9D AC 10C KC 9C AS 10S KS 9S",
]
"""Seats 1 and 3 hold the Q♣: seat 3 sees its partner's Q♣ win the trick it plays last in."""


def endgame() -> Hand:
    hands = [" ".join(trick.split()[seat] for trick in ENDGAME_TRICKS) for seat in range(4)]
    hand = all_healthy(rigged_hand(hands))
    for trick in ENDGAME_TRICKS[:10]:
        cards = trick.split()
        for _ in range(4):
            seat = hand.to_act
            assert seat is not None
            hand.apply(Action.parse(seat, f"play {cards[seat]}"))
    return hand


def card_of(action: Action) -> str:
    return str(action.card)


@pytest.mark.parametrize("seed", range(3))
def test_the_dulle_goes_first_when_the_ace_may_be_ruffed(seed: int) -> None:
    hand = endgame()
    assert hand.to_act == 0 and str(hand.cards_of(0)) == "AS 10H"
    assert card_of(BOT.choose(view_of(hand, 0), random.Random(seed))) == "10H"


@pytest.mark.parametrize("seed", range(3))
def test_the_fox_stays_out_of_the_other_side_s_trick(seed: int) -> None:
    hand = run(all_healthy(rigged_hand(FOX)), "0 play JD; 1 play QC; 2 play 10D")
    assert card_of(BOT.choose(view_of(hand, 3), random.Random(seed))) == "9D"


@pytest.mark.parametrize("seed", range(3))
def test_the_fox_is_smeared_into_the_partner_s_sure_trick(seed: int) -> None:
    hand = run(all_healthy(rigged_hand(SMEAR)), "0 play JD; 1 play QC; 2 play KD")
    assert card_of(BOT.choose(view_of(hand, 3), random.Random(seed))) == "AD"


def positions(count: int) -> list[SeatView]:
    """Views of the seat to act along a hand played by heuristic-v1, every phase."""
    model = bot_named("heuristic-v1")
    dealt = deal("search-positions", 2)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    views = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        views.append(view_of(hand, seat))
        hand.apply(model.choose(views[-1], random.Random(0)))
    step = max(1, len(views) // count)
    return views[::step][:count]


def test_same_view_and_seed_give_the_same_decision() -> None:
    for view in positions(8):
        first = BOT.choose(view, random.Random(11))
        assert first in view.legal
        assert SearchBot(budget=SMALL).choose(view, random.Random(11)) == first


def test_evaluate_values_every_legal_action_best_first() -> None:
    view = next(v for v in positions(12) if v.phase is Phase.PLAY and len(v.legal) > 2)
    values = evaluate(view, random.Random(0), SMALL)
    assert sorted(v.action.notation for v in values) == sorted(a.notation for a in view.legal)
    expected = [v.expected for v in values]
    assert expected == sorted(expected, reverse=True)
    for action, value, spread in values:
        assert -30 <= value <= 30 and spread >= 0, action
    calls = [v for v in values if v.action.act is Act.ANNOUNCE]
    assert calls, "the first card of a normal game may come with Re or Kontra"


def test_evaluate_values_reservations_by_simulation() -> None:
    view = positions(1)[0]
    assert view.phase is Phase.RESERVATIONS
    actions = [Action(view.seat, Act.HEALTHY), Action(view.seat, Act.SOLO_JACKS)]
    values = evaluate(view, random.Random(0), SMALL, actions)
    assert {v.action for v in values} == set(actions)
    by_act = {v.action.act: v.expected for v in values}
    assert by_act[Act.HEALTHY] > by_act[Act.SOLO_JACKS], "a random hand loses a jack solo"


def test_a_forced_card_is_played_without_searching() -> None:
    hand = endgame()
    run(hand, "0 play 10H; 1 play QC; 2 play 9S; 3 play 9S")
    view = view_of(hand, 0)
    assert [a.notation for a in view.legal] == ["play AS"]
    assert BOT.choose(view, random.Random(0)) == view.legal[0]


def test_levels_name_registered_bots() -> None:
    assert list(LEVELS) == ["easy", "normal", "strong"]
    assert [bot_for_level(level).id for level in LEVELS] == [
        "casual-v1",
        "heuristic-v1",
        "search-v2",
    ]
    assert all(bot_id in BOTS for bot_id in LEVELS.values())
    with pytest.raises(ValueError):
        bot_for_level("expert")


def test_a_budget_is_for_search_bots_only() -> None:
    tuned = bot_named("search-v1", 6)
    assert isinstance(tuned, SearchBot) and tuned.budget.worlds == 6
    with pytest.raises(ValueError):
        bot_named("heuristic-v1", 6)


def test_a_view_without_worlds_falls_back_to_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table never stops on a gap in the sampler: the seat plays heuristic-v1's card."""

    def no_world(*_: object) -> Action:
        raise NoWorld("no deal fits")

    monkeypatch.setattr("bots.search.bot.choose_play", no_world)
    view = view_of(run(all_healthy(rigged_hand(FOX)), "0 play JD; 1 play QC; 2 play 10D"), 3)
    expected = bot_named("heuristic-v1").choose(view, random.Random(4))
    assert BOT.choose(view, random.Random(4)) == expected
