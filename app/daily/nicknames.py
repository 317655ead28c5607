"""Nicknames on the leaderboard: readable, visible, and never a disguise of another name.

A name is normalised (NFKC) before it is checked and stored, so that look-alike forms of the
same letters (full-width, ligatures, …) become one. Whether two names look alike is decided on
Unicode's confusable skeletons (UTS #39: NFD, each character mapped to its prototype by the
confusables data, NFD again), which ICU computes (the `pyicu` package) for the whole name, so
that a prototype of several letters (`m` is `rn`) meets those letters. Letters of one script
passing for another's come from the same data (the `confusable_homoglyphs` package), invisible
characters from the Unicode property Default_Ignorable_Code_Point (the `regex` package).

The skeletons follow the ICU data of the machine (ICU 72, Unicode 15, on Debian 12): a server
whose ICU is upgraded should recompute the stored keys as migration 0013 does.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from itertools import pairwise

import icu
import regex
from confusable_homoglyphs import categories, confusables

from app.languages.i18n import LANGUAGES, N_, translations
from app.languages.words import ANONYMOUS, BOT_NAMES, HUMAN_NAME, PAR
from app.storage.models import NICKNAME_KEY_LENGTH

MAX_LENGTH = 24
RESERVED = (
    *BOT_NAMES,
    *dict.fromkeys(
        translations(language).gettext(word)
        for language in LANGUAGES
        for word in (ANONYMOUS, HUMAN_NAME, PAR)
    ),
)
"""The bots' names, and the names the boards give a player without a nickname, the human's
seat and a challenge's par, in every language the site speaks: whoever took one would pass
for another (a player named "Par" stood beside the par on a challenge's board)."""
_ALLOWED_PUNCTUATION = frozenset(" ._-")
MAX_MARKS = 3
"""Marks on one letter: enough for any script's letters (a Thai vowel and tone, a Devanagari
vowel sign and nasal), not for the tower of accents that draws over the names above."""
ACCENTS = frozenset(
    chr(code) for code in (*range(0x300, 0x30D), 0x323, 0x324, 0x325, 0x326, 0x327, 0x328, 0x331)
)
"""The marks of no script of their own (Unicode's Inherited) that the alphabets' own
spellings put on a letter beyond what NFKC joins to it (Vietnamese, Yoruba, Lithuanian):
grave to caron, and the dot, diaeresis, ring, comma, cedilla, ogonek and macron below.
Any other such mark draws a speck or a stroke over a name the board already shows."""
_STACKED_MARKS = regex.compile(rf"[\p{{Mn}}\p{{Mc}}]{{{MAX_MARKS + 1},}}")
_INVISIBLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


class NicknameError(ValueError):
    """A nickname the board will not show, with the reason: an English message id and its
    values, so the page can say it in the player's language."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message % values)
        self.message = message
        self.values = values


def clean_nickname(text: str) -> str:
    """The name as stored, or `NicknameError` saying what is wrong with it."""
    name = unicodedata.normalize("NFKC", text).strip()
    if _INVISIBLE.search(name):
        raise NicknameError(N_("Invisible characters are not allowed in a nickname."))
    if not 1 <= len(name) <= MAX_LENGTH:
        raise NicknameError(N_("A nickname has 1 to %(max)d characters."), max=MAX_LENGTH)
    base = " "
    for previous, char in pairwise(" " + name):
        if char not in _ALLOWED_PUNCTUATION and not _letter_or_digit(char) and not _mark(char):
            raise NicknameError(
                N_("%(char)s is not allowed: use letters, digits, spaces, '.', '_' or '-'."),
                char=repr(char),
            )
        if _mark(char) and not (_letter(previous) or _mark(previous)):
            raise NicknameError(N_("An accent or other mark in a nickname must follow a letter."))
        if _mark(char) and not _belongs_to(char, base):
            raise NicknameError(
                N_("%(char)s is not a mark of that letter’s alphabet."), char=repr(char)
            )
        base = base if _mark(char) else char
    if _STACKED_MARKS.search(name):
        raise NicknameError(
            N_("A letter in a nickname carries at most %(max)d marks."), max=MAX_MARKS
        )
    if not any(_letter_or_digit(char) for char in name):
        raise NicknameError(N_("A nickname needs at least one letter or digit."))
    if _imitates_another_script(name):
        raise NicknameError(N_("Letters of one alphabet may not pass for another’s in a nickname."))
    if any(_looks_like(name, reserved) for reserved in RESERVED):
        raise NicknameError(
            N_("%(name)s is reserved (or looks like a reserved name)."), name=repr(name)
        )
    if max(map(len, nickname_keys(name))) > NICKNAME_KEY_LENGTH:
        raise NicknameError(N_("This nickname is too long: use fewer characters."))
    return name


def nickname_keys(name: str) -> tuple[str, str]:
    """The name's two keys (`nickname_key`, `shape_key`): a nickname that shares either with
    another passes for it. One player holds each key; a board never shows two players under
    one name."""
    return nickname_key(name), shape_key(name)


@lru_cache(maxsize=1024)
def _keys_of_shown(name: str) -> frozenset[str]:
    """`nickname_keys` of a name shown beside others: a board compares each of its names
    with every other."""
    return frozenset(nickname_keys(name))


def passes_for(name: str, other: str) -> bool:
    """Whether a reader could take one name for the other: they share a key."""
    return not _keys_of_shown(name).isdisjoint(_keys_of_shown(other))


def nickname_key(name: str) -> str:
    """The name with case set aside, then punctuation and look-alike letters: `Alice`,
    `alice.` and `ALICE` share it, and `rnallory` shares `Mallory`'s (`m` looks like `rn`)."""
    return _skeleton(_as_read(name).casefold())


def shape_key(name: str) -> str:
    """The name as it looks where it is written: the skeleton of the name as typed (a capital
    `I` is an `l`, a `0` an `O`), then case set aside, then look-alikes again. `MaIlory`
    shares `Mallory`'s. Case-folding first, as `nickname_key` does, makes the capital `I` an
    `i`, which passes for nothing; so the two keys are checked side by side."""
    return _skeleton(_skeleton(_as_read(name)).casefold())


_DOT_ON_DOTTED = regex.compile(r"(?<=\p{Soft_Dotted}\p{Mn}*)\u0307")
_DOTLESS_UNDER_A_MARK = regex.compile(r"[\u0131\u0237](?=\p{ccc=230})")
"""A dotless `ı` or `ȷ` under a mark drawn above it (canonical combining class 230)."""
_DOTTED = {"\u0131": "i", "\u0237": "j"}
_MARK_AGAIN = regex.compile(r"(\p{Mn})\1+")


def _as_read(name: str) -> str:
    """The name as a reader takes it. A dotless `ı` or `ȷ` under a mark above is the `i` or
    `j` under it, whose dot the mark takes the place of: `ȷ̂ulia` is `ĵulia`. A dot above (one of
    the `ACCENTS`) on an `i` or a `j` vanishes into the letter's own dot: `Ali̇ce` and `Alı̇ce`
    are `Alice`. A mark repeated is drawn on itself: `Alicé́` is `Alicé`. In a name written
    in capitals a small `l` reads as the capital `I` it looks like: `ALlCE` is `ALICE`, and
    so `Alice`. (Mixed case keeps its `l`: `MaIlory` is caught the other way round, by
    `shape_key`.)"""
    text = _DOTLESS_UNDER_A_MARK.sub(
        lambda letter: _DOTTED[letter[0]], unicodedata.normalize("NFD", name)
    )
    text = _MARK_AGAIN.sub(r"\1", _DOT_ON_DOTTED.sub("", text))
    others = [char for char in text if char != "l" and (char.isupper() or char.islower())]
    if others and all(char.isupper() for char in others):
        text = text.replace("l", "I")
    return unicodedata.normalize("NFC", text)


def _letter_or_digit(char: str) -> bool:
    """Of any script: a name needs one to be read as a name (marks alone show nothing, and
    `...` is no name)."""
    return unicodedata.category(char)[0] in "LN"


def _letter(char: str) -> bool:
    return unicodedata.category(char)[0] == "L"


def _mark(char: str) -> bool:
    """The marks that belong to letters in many scripts (Devanagari vowel signs, accents NFKC
    cannot join to their letter, …); on anything but a letter they draw over the page."""
    return unicodedata.category(char) in ("Mn", "Mc")


_SCRIPTLESS = frozenset({"COMMON", "INHERITED"})


def _belongs_to(mark: str, letter: str) -> bool:
    """A mark of the letter's own script (a Devanagari vowel sign on a Devanagari letter),
    or one of the `ACCENTS`: a Hebrew point or a stray dot on a Latin letter passes for no
    letter's spelling, only for a speck on a name already taken (`Mallory` with U+0358)."""
    script: str = categories.alias(mark)
    letters: str = categories.alias(letter)
    if script == "INHERITED":
        return mark in ACCENTS or letters not in _ACCENTED
    return script == letters


_ACCENTED = frozenset({"LATIN", "GREEK", "CYRILLIC"})
"""The alphabets whose letters take the `ACCENTS` and no other mark of no script."""


def _imitates_another_script(name: str) -> bool:
    """A name of several scripts that looks like a name of one of them: every letter of the
    other scripts has a look-alike in it (the Cyrillic `е` of `Lеna`). Scripts that merely
    stand side by side (`田中Tanaka`, `Ωmega`) are fine."""
    scripts = categories.unique_aliases(name) - _SCRIPTLESS
    return len(scripts) > 1 and any(_passes_for(name, script) for script in scripts)


def _passes_for(name: str, script: str) -> bool:
    found = confusables.is_confusable(name, greedy=True, preferred_aliases=[script]) or []
    disguised = {entry["character"] for entry in found}
    foreign = {c for c in name if categories.alias(c) not in _SCRIPTLESS | {script}}
    return foreign <= disguised


def _looks_like(name: str, reserved: str) -> bool:
    """Equal but for case, look-alike characters or the punctuation a name may have
    (`Lena_`, `You.` and `A-nonymous` read as the names they copy): a key in common."""
    return any(a == b for a, b in zip(nickname_keys(name), nickname_keys(reserved), strict=True))


def _unpunctuated(name: str) -> str:
    return "".join(char for char in name if char not in _ALLOWED_PUNCTUATION)


_SPOOF_CHECKER = icu.SpoofChecker()
SEQUENCES = {"w": "vv", "W": "VV", "d": "cl"}
"""Letters that pass for two others in common fonts, which Unicode's confusables data leaves
out (it maps `m` to `rn`, but not `w` to `vv` nor `d` to `cl`), mapped as it maps `m`: to the
pair. Applied to the skeleton, whose `w` and `d` also stand for their look-alikes."""


def _skeleton(text: str) -> str:
    """The UTS #39 skeleton of the whole text, with `SEQUENCES`, punctuation left out (a
    letter whose prototype is `_` or `.` reads as the punctuation it looks like)."""
    skeleton = _SPOOF_CHECKER.getSkeleton(0, text)
    return _unpunctuated("".join(SEQUENCES.get(char, char) for char in skeleton))
