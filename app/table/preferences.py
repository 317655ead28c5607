"""The rule set and the level chosen on this device, kept in long-lived cookies."""

from __future__ import annotations

from functools import lru_cache

from fastapi import Request, Response

from app.table.levels import DEFAULT_LEVEL, LEVELS
from engine import PAGAT, RulesError, RuleSet

RULES_COOKIE = "doko_rules"
LEVEL_COOKIE = "doko_level"
YEAR = 365 * 24 * 3600


def rules_preference(request: Request) -> RuleSet:
    """The remembered rules, or pagat when none (or an unreadable key) is stored."""
    key = request.cookies.get(RULES_COOKIE)
    return _rules_named(key) if key else PAGAT


@lru_cache(maxsize=256)
def _rules_named(key: str) -> RuleSet:
    """A key is parsed once: every page reads it for its Rules dialog, and a rule set is
    immutable. The cache is bounded, as the cookie is the browser's to write."""
    try:
        return RuleSet.from_key(key)
    except RulesError:
        return PAGAT


def remember_rules(response: Response, rules: RuleSet) -> None:
    response.set_cookie(RULES_COOKIE, rules.key, max_age=YEAR, httponly=True, samesite="lax")


def level_preference(request: Request) -> str:
    """The remembered level, or the default when none (or an unknown one) is stored."""
    level = request.cookies.get(LEVEL_COOKIE, DEFAULT_LEVEL)
    return level if level in LEVELS else DEFAULT_LEVEL


def remember_level(response: Response, level: str) -> None:
    response.set_cookie(LEVEL_COOKIE, level, max_age=YEAR, httponly=True, samesite="lax")
