"""The rule set chosen on this device, kept in a long-lived cookie."""

from __future__ import annotations

from fastapi import Request, Response

from engine import PAGAT, RulesError, RuleSet

RULES_COOKIE = "doko_rules"
YEAR = 365 * 24 * 3600


def rules_preference(request: Request) -> RuleSet:
    """The remembered rules, or pagat when none (or an unreadable key) is stored."""
    key = request.cookies.get(RULES_COOKIE)
    if not key:
        return PAGAT
    try:
        return RuleSet.from_key(key)
    except RulesError:
        return PAGAT


def remember_rules(response: Response, rules: RuleSet) -> None:
    response.set_cookie(RULES_COOKIE, rules.key, max_age=YEAR, httponly=True, samesite="lax")
