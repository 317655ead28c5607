"""The cards the rules name (the Q♣, the fox, Charlie, the Dulle) are made once, in
`engine.cards`, and imported everywhere else: a copy (issue 28 found the fox made five times,
the Q♣ four, Charlie three) could drift from the one the scoring counts."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMED = {("CLUBS", "QUEEN"), ("DIAMONDS", "ACE"), ("CLUBS", "JACK"), ("HEARTS", "TEN")}
MADE = re.compile(r"Card\(\s*Suit\.([A-Z]+),\s*Rank\.([A-Z]+)\s*\)")
PARSED = re.compile(r"Card\.parse\(\s*[\"'](QC|AD|JC|10H)[\"']\s*\)")
OWNER = Path("engine/cards.py")


def copies(root: Path) -> list[str]:
    """Each place outside `engine/cards.py` that makes a named card itself."""
    found = []
    for top in ("engine", "bots", "app"):
        for path in sorted((root / top).rglob("*.py")):
            if path.relative_to(root) == OWNER:
                continue
            text = path.read_text(encoding="utf-8")
            made = [m.group(0) for m in MADE.finditer(text) if m.groups() in NAMED]
            parsed = [m.group(0) for m in PARSED.finditer(text)]
            found += [f"{path.relative_to(root)}: {copy}" for copy in made + parsed]
    return found


def test_the_named_cards_are_made_only_in_engine_cards() -> None:
    assert copies(ROOT) == []


def test_a_copy_is_found(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "cards.py").write_text("FOX = Card(Suit.DIAMONDS, Rank.ACE)\n")
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "policy.py").write_text(
        "fox = Card(Suit.DIAMONDS, Rank.ACE)\n"
        "ace = Card(Suit.CLUBS, Rank.ACE)\n"
        'queen = Card.parse("QC")\n'
    )
    assert copies(tmp_path) == [
        "bots/policy.py: Card(Suit.DIAMONDS, Rank.ACE)",
        'bots/policy.py: Card.parse("QC")',
    ]
