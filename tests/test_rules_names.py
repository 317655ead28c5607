"""A rule set named in words (`app.languages.rules_names`): the preset's name, then what the
set changes of it, in field order; the hands per game are left out (every page counts them
beside the name), and a key that names no rule set is shown as it is."""

from __future__ import annotations

import pytest

from app.languages.i18n import translations
from app.languages.rules_names import CHANGES, CHOSEN, rules_name
from engine import RuleSet

NAMES = [
    ("pagat", "en", "pagat.com rules"),
    ("ddv", "en", "German club rules (DDV)"),
    ("pagat+hands_per_game=1", "en", "pagat.com rules"),
    ("pagat+schweinchen", "en", "pagat.com rules + Schweinchen"),
    ("pagat+armut=off+scoring=ddv", "en", "pagat.com rules + no Armut, DDV scoring"),
    (
        "ddv+hands_per_game=2+schweinchen+without_nines",
        "en",
        "German club rules (DDV) + Schweinchen, without nines",
    ),
    (
        "ddv+late_reply_allows_more",
        "de",
        "Clubregeln (DDV) + weitere Absagen nach verspäteter Antwort",
    ),
    ("ddv+armut", "ru", "правила немецких клубов (DDV) + Armut"),
    ("pagat+without_nines", "hu", "pagat.com szabályai + kilencesek nélkül"),
    ("pagat+armut=off", "ro", "regulile pagat.com + fără Sărăcie"),
    ("pagat+nonsense", "en", "pagat+nonsense"),
]


@pytest.mark.parametrize(("key", "language", "name"), NAMES)
def test_a_rule_set_is_named_in_words(key: str, language: str, name: str) -> None:
    assert rules_name(key, translations(language)) == name


def test_every_toggle_but_the_hands_has_its_words() -> None:
    """A toggle added to the rules without words here would go unnamed: the set would read
    as its preset."""
    named = {*CHANGES, "scoring", "hochzeit_deadline_shift"}
    assert named == {name for name in RuleSet.__dataclass_fields__} - {"hands_per_game"}
    assert set(CHOSEN) >= {RuleSet().scoring, RuleSet().hochzeit_deadline_shift}
