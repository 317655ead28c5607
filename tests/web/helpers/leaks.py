"""What a page says about cards (every way a card can be named), the stored truth to compare it
with, and seeded deals that make the rarer moments happen. Shared by several test modules (moved
out of `tests/web/test_leaks.py`, so that no test module imports another)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from html.parser import HTMLParser
from pathlib import Path

from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGES, translations
from app.languages.words import card_name, rank_letter
from app.table.rules_form import BOOLEAN_TOGGLES
from engine import (
    CARDS,
    PAGAT,
    Action,
    Card,
    CardSet,
    Contract,
    Game,
    Hand,
    Phase,
    Rank,
    RuleSet,
    card_order,
    deal,
)
from tests.web.driver import (
    Choose,
    default_choice,
)

HUMAN = 0


def rank_letters() -> dict[str, str]:
    """Each language's letter for a rank (a German queen is a D), to the engine's letter."""
    letters: dict[str, str] = {}
    for language in LANGUAGES:
        for rank in Rank:
            letter = rank_letter(rank, translations(language))
            assert letters.setdefault(letter, rank.text) == rank.text, f"{letter}: two ranks"
    return letters


RANKS = rank_letters()

SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}

CARD_CODE = re.compile(r"(?<![\w])(10|[AKQJ9])([CSHD])(?![\w])")

CARD_SYMBOL = re.compile(
    r"(?<![\w])(" + "|".join(sorted(map(re.escape, RANKS), key=len, reverse=True)) + r")\s?([♣♠♥♦])"
)
"""A card written as on its corner, in any language's letters."""

NORMAL = card_order(Contract.NORMAL)

PAGAT_ON = tuple(name for name in BOOLEAN_TOGGLES if getattr(PAGAT, name))
"""The boolean toggles the pagat preset has on (the Rules dialog posts them as 'on')."""

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


def card_names() -> dict[str, str]:
    """Every card's name in every language of the site (lower case) → its code: a page in
    any language that names a hidden card is caught, whatever words that language uses."""
    return {
        card_name(card, translations(language)).lower(): str(card)
        for language in LANGUAGES
        for card in CARDS
    }


CARD_NAMES = card_names()

CARD_NAME = re.compile(
    r"(?<!\w)("
    + "|".join(re.escape(name) for name in sorted(CARD_NAMES, key=len, reverse=True))
    + r")(?!\w)",
    re.IGNORECASE,
)


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    @cached_property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def walk(self, skip: Callable[[Node], bool] = lambda node: False) -> Iterator[Node]:
        """This node and its descendants in document order, leaving out subtrees for which
        `skip` holds. A stack rather than nested generators: a check walks each page's tree
        many times, and a generator per level made every node cost as much as its depth."""
        waiting: list[Node] = [self]
        while waiting:
            node = waiting.pop()
            if skip(node):
                continue
            yield node
            waiting.extend(child for child in reversed(node.children) if isinstance(child, Node))

    def texts(self, skip: Callable[[Node], bool] = lambda node: False) -> Iterator[str]:
        for node in self.walk(skip):
            yield from (child for child in node.children if isinstance(child, str))

    def text(self) -> str:
        return "".join(self.texts())

    def find(self, predicate: Callable[[Node], bool]) -> list[Node]:
        return [node for node in self.walk() if predicate(node)]

    def inside(self, predicate: Callable[[Node], bool]) -> bool:
        node = self.parent
        while node is not None:
            if predicate(node):
                return True
            node = node.parent
        return False


class TreeBuilder(HTMLParser):
    """Builds a `Node` tree; the app's templates close their elements, so no repair is
    needed beyond void elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {name: value or "" for name, value in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(
            Node(tag, {name: value or "" for name, value in attrs}, self.current)
        )

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(body: str) -> Node:
    builder = TreeBuilder()
    builder.feed(body)
    builder.close()
    return builder.root


def has_class(name: str) -> Callable[[Node], bool]:
    return lambda node: name in node.classes


def is_summary(node: Node) -> bool:
    return node.tag == "section" and "summary" in node.classes


def named_cards(text: str) -> list[str]:
    return [CARD_NAMES[name.lower()] for name in CARD_NAME.findall(text)]


def coded_cards(text: str) -> list[str]:
    return [rank + suit for rank, suit in CARD_CODE.findall(text)]


def attribute_cards(node: Node) -> list[str]:
    """Cards named by the element's own attributes: `data-card`, accessible names, titles,
    action strings and checkbox values."""
    found: list[str] = []
    for name, value in node.attrs.items():
        if name in ("aria-label", "title", "alt"):
            found += named_cards(value)
        elif name in ("data-card", "data-action", "value"):
            found += coded_cards(value)
    return found


def corner_card(node: Node) -> str | None:
    """The card drawn by a `.corner` (rank and suit symbol in two spans)."""
    if "corner" not in node.classes:
        return None
    rank = "".join(n.text() for n in node.find(has_class("rank"))).strip()
    suit = "".join(n.text() for n in node.find(has_class("suit"))).strip()
    assert rank in RANKS and suit in SYMBOLS, f"unreadable card corner {rank!r}{suit!r}"
    return RANKS[rank] + SYMBOLS[suit]


def every_card_mentioned(root: Node, skip: Callable[[Node], bool] = is_summary) -> set[str]:
    """Every card named anywhere under `root`, outside the end-of-hand summary (or what
    `skip` leaves out)."""
    found: set[str] = set()
    for node in root.walk(skip=skip):
        found.update(attribute_cards(node))
        if (card := corner_card(node)) is not None:
            found.add(card)
    for text in root.texts(skip=skip):
        found.update(named_cards(text))
        found.update(coded_cards(text))
        found.update(RANKS[rank] + SYMBOLS[suit] for rank, suit in CARD_SYMBOL.findall(text))
    return found


@dataclass(frozen=True)
class Truth:
    """The stored game replayed by the engine, at the moment of one response."""

    version: int
    hand: Hand

    @property
    def over(self) -> bool:
        return self.hand.phase is Phase.DONE

    def holding(self) -> Counter[str]:
        return codes(self.hand.cards_of(HUMAN))

    def trick(self, number: int) -> Counter[tuple[int, str]]:
        """(seat, card) of trick `number` (1-based): finished, or the one being played."""
        tricks = self.hand.tricks
        if number <= len(tricks):
            plays = tricks[number - 1].plays()
        else:
            assert number == len(tricks) + 1, f"trick {number} shown, {len(tricks)} played"
            plays = self.hand.current_trick()
        return Counter((seat, str(card)) for seat, card in plays)

    def played(self) -> Counter[str]:
        cards = [card for trick in self.hand.tricks for _, card in trick.plays()]
        cards += [card for _, card in self.hand.current_trick()]
        return Counter(str(card) for card in cards)

    def armut_seen(self) -> Counter[str]:
        """Cards of an Armut exchange the human took part in (passed, received, returned)."""
        hand = self.hand
        if hand.armut_given is None or HUMAN not in (hand.declarer, hand.armut_acceptor):
            return Counter()
        seen = codes(hand.armut_given)
        return seen + codes(hand.armut_returned) if hand.armut_returned is not None else seen

    def allowed(self) -> Counter[str]:
        """Every card seat 0 may have seen: its own, played, and its Armut exchange."""
        return self.holding() + self.played() + self.armut_seen()


def codes(cards: CardSet) -> Counter[str]:
    return Counter(str(card) for card in cards)


def stored_truth(database: Path, game_id: str) -> Truth:
    """Replays the stored action log with the engine alone (not the app's code)."""
    with sqlite3.connect(database) as connection:
        row = connection.execute(
            "SELECT rules_key, seed, version FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        hands = connection.execute(
            "SELECT actions FROM game_hands WHERE game_id = ? ORDER BY number", (game_id,)
        ).fetchall()
    assert row is not None
    rules_key, seed, version = row
    game = Game(RuleSet.from_key(rules_key), seed)
    for number, (actions,) in enumerate(hands):
        if number:
            game.next_hand()
        for entry in json.loads(actions):
            game.hand.apply(Action.from_record(entry))
    return Truth(version, game.hand)


def preferring(*wanted: str) -> Choose:
    """Takes the first of `wanted` whenever offered (e.g. `armut`, `armut-decline`)."""

    def choose(actions: list[str]) -> str:
        return next((action for action in wanted if action in actions), default_choice(actions))

    return choose


def trumps(cards: CardSet) -> int:
    return sum(1 for card in cards if NORMAL.is_trump(card))


def first_seed(prefix: str, fits: Callable[[tuple[CardSet, ...]], bool]) -> str:
    """The first seed `prefix-N` whose first deal fits (found from the engine's deal)."""
    for number in range(5000):
        seed = f"{prefix}-{number}"
        if fits(deal(seed, 0).hands):
            return seed
    raise AssertionError(f"no {prefix} seed")


def use_rules(client: TestClient, preset: str, on: tuple[str, ...], hands: int) -> None:
    """Chooses rules as the Rules dialog does (this also starts a game, left unplayed)."""
    form = {"preset": preset, "hands_per_game": str(hands), **{name: "on" for name in on}}
    assert client.post("/rules", data=form, follow_redirects=False).status_code == 303


def poor_human(hands: tuple[CardSet, ...]) -> bool:
    return trumps(hands[0]) <= 3


def poor_east_only(hands: tuple[CardSet, ...]) -> bool:
    """Only Emma (seat 3) may declare Armut; the human is the first to be asked."""
    return trumps(hands[3]) <= 3 and all(trumps(hands[seat]) > 3 for seat in (0, 1, 2))


def human_with_both_queens(hands: tuple[CardSet, ...]) -> bool:
    return sum(1 for card in hands[0] if card == Card.parse("QC")) == 2
