"""The site's languages: which one a request gets, and its translations.

The catalogs are the `.po` files under `locales/` (English is the source language and needs
none). They are read with Babel and compiled in memory the first time a language is asked
for, so nothing compiled is kept in the repository and a changed `.po` needs no build step.
Templates get `gettext`/`ngettext` per request through the context (Jinja's i18n extension,
new-style: `%(name)s` placeholders filled and escaped by Jinja); Python code gets the same
`Translations` object and formats whole sentences with named placeholders.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale, negotiate_locale
from babel.dates import format_date, format_datetime, format_skeleton, format_time
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import Translations
from fastapi import Request, Response
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from starlette.types import Receive, Scope, Send

from app.operations.middleware import Headers, HttpMiddleware, changing_headers, with_tokens

LOCALES = Path(__file__).resolve().parents[2] / "locales"
DOMAIN = "messages"
SOURCE = "en"
NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский", "hu": "Magyar", "ro": "Română"}
"""Code → the language's own name, in the order the picker shows them."""


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


LANGUAGES = {
    code: name for code, name in NAMES.items() if code == SOURCE or catalog_path(code).exists()
}
"""The languages offered: English and every language with a catalog in `locales/`. A catalog
is put there once it is complete (tests/web/test_catalogs.py checks that it stays so)."""
LANGUAGE_COOKIE = "doko_lang"
YEAR = 365 * 24 * 3600

Translator = stdlib_gettext.NullTranslations
"""What Python code receives to put words together: `gettext`, `ngettext`, `pgettext`."""


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a message for extraction with its context (translated with `pgettext`)."""
    return message


def read_catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


@cache
def message_ids() -> frozenset[str]:
    """The site's own English messages: those its catalogs translate (every catalog holds
    all of them, `scripts/messages.sh`), as opposed to the English of a library."""
    translated = next(language for language in LANGUAGES if language != SOURCE)
    return frozenset(m.id for m in read_catalog(translated) if isinstance(m.id, str) and m.id)


@cache
def translations(language: str) -> Translator:
    """The compiled catalog of a language (fuzzy entries are left out, as gettext does)."""
    if language == SOURCE:
        return stdlib_gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, read_catalog(language))
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def language_of(request: Request) -> str:
    """The device's choice (a cookie), else the browser's `Accept-Language`, else English."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    wanted = _accepted(request.headers.get("accept-language", ""))
    return negotiate_locale(wanted, list(LANGUAGES), sep="-") or SOURCE


def _accepted(header: str) -> list[str]:
    """The header's languages, most wanted first (`de-CH, de;q=0.9, en;q=0.5`)."""
    weighted = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            weighted.append((-weight, position, tag.strip().lower()))
    tags = [tag for _, _, tag in sorted(weighted)]
    # A regional tag also asks for its language (`de-CH` → `de`), after what was named.
    return tags + [tag.split("-")[0] for tag in tags if "-" in tag]


LANGUAGE_VARY = (b"Accept-Language", b"Cookie")
"""What a page's words follow (`language_of`)."""


class LanguageVary(HttpMiddleware):
    """Names in `Vary` what a page's language follows, so that a shared cache never hands
    one reader's page to a reader of another language (or of another device's cookies)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, changing_headers(send, _varied))


def _varied(headers: Headers) -> Headers:
    """An HTML answer's headers with `LANGUAGE_VARY` added to its `Vary`."""
    html = any(
        name.lower() == b"content-type" and value.startswith(b"text/html")
        for name, value in headers
    )
    return with_tokens(headers, b"vary", LANGUAGE_VARY) if html else headers


def translator(request: Request) -> Translator:
    return translations(language_of(request))


def remember_language(response: Response, language: str) -> None:
    response.set_cookie(LANGUAGE_COOKIE, language, max_age=YEAR, httponly=True, samesite="lax")


def _new_style(translate: Any) -> Any:
    """Jinja's new-style gettext: the translated text is a format string for the named
    values given in the template, escaped like any other output. A message without values
    comes out the same every time, so it is formatted once (formatting the few dozen a
    table names was a quarter of its rendering); the cache is bounded, as a template may
    pass a message id it holds in a variable."""

    @lru_cache(maxsize=1024)
    def constant(autoescape: bool, *args: str) -> str:
        return _formatted(translate(*args), autoescape, {})

    @pass_context
    def call(context: Context, *args: Any, **variables: Any) -> str:
        autoescape = context.eval_ctx.autoescape
        if not variables:
            return constant(autoescape, *args)
        return _formatted(translate(*args), autoescape, variables)

    return call


def _new_style_plural(translate: Any) -> Any:
    @pass_context
    def call(context: Context, singular: str, plural: str, count: int, **variables: Any) -> str:
        variables.setdefault("num", count)
        text = translate(singular, plural, count)
        return _formatted(text, context.eval_ctx.autoescape, variables)

    return call


def _formatted(text: str, autoescape: bool, variables: dict[str, Any]) -> str:
    """Jinja's rule: the text is always a format string, even without values (so `%%` is
    written the same in every message)."""
    if autoescape:
        text = Markup(text)
    return text % variables


NO_BREAK = "\u00a0"


def in_utc(moment: datetime) -> datetime:
    """A stored time as the pages write it: in UTC, and saying so. A time from SQLite carries
    no zone and is UTC already; one from PostgreSQL carries the session's zone."""
    return moment.astimezone(UTC) if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Writing:
    """How a language writes what is not a message: dates, times and numbers (Babel), for
    templates and for Python code that puts labels together (the history's charts)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.words = translations(language)
        self.locale = Locale.parse(language)

    def day(self, day: date) -> str:
        return format_date(day, DAY.get(self.language, "medium"), locale=self.locale)

    def short_day(self, day: date) -> str:
        """Day and month (`14 Mar`), as a chart's axis labels a game."""
        if self.language in SHORT_DAY:
            return format_date(day, SHORT_DAY[self.language], locale=self.locale)
        return format_skeleton("MMMd", day, locale=self.locale)

    def month(self, day: date) -> str:
        """A month's name and year, as a calendar heads it (`March 2024`)."""
        return format_skeleton("yMMMM", day, locale=self.locale)

    def weekdays(self) -> tuple[str, ...]:
        """Monday to Sunday, abbreviated, as a calendar's column heads."""
        names = self.locale.days["stand-alone"]["abbreviated"]
        return tuple(names[index] for index in range(7))

    def time(self, moment: datetime) -> str:
        """Times are always UTC (the daily game's clock), and say so. The day is written as
        `day` writes it (German's short form has a two-digit year the boards' days do not),
        joined to the clock the language's way."""
        moment = in_utc(moment)
        if self.language in MOMENT:
            text = format_datetime(moment, MOMENT[self.language], tzinfo=None, locale=self.locale)
        else:
            joined = self.locale.datetime_formats["medium"]
            text = joined.format(self.clock(moment), self.day(moment.date()))
        return self.words.gettext("%(time)s UTC") % {"time": text}

    def clock(self, moment: datetime) -> str:
        """The time of day alone (UTC), where the day is shown already."""
        return format_time(in_utc(moment), CLOCK.get(self.language, "short"), locale=self.locale)

    def clock_on(self, moment: datetime, day: date) -> str:
        """The time of day alone (UTC) where it falls on `day`, else with its own day (`1 Jan,
        00:30`): a daily game begun before midnight may be finished after it. A narrow column
        breaks the line between the day and the time only."""
        moment = in_utc(moment)
        if moment.date() == day:
            return self.clock(moment)
        joined = self.locale.datetime_formats["short"]
        parts = (self.clock(moment), self.short_day(moment.date()))
        return str(joined.format(*(part.replace(" ", NO_BREAK) for part in parts)))

    def number(self, number: float, digits: int = 0) -> str:
        return _decimal(_rounded(number, digits), _pattern(digits), self.locale)

    def grouped(self, number: int) -> str:
        """A large whole number with the language's grouping (`1,000,000`, `1.000.000`):
        its digits would be hard to count."""
        return _decimal(Decimal(number), "#,##0", self.locale)

    def signed(self, number: float, digits: int = 0) -> str:
        """With its sign, plus included (`+2`, `-1.5`), as a score is written; a zero with
        none (`0`, as a score sheet writes a hand worth nothing, not `+0`)."""
        pattern = _pattern(digits)
        shown = _rounded(number, digits)  # -0.04 to one digit is 0.0, not -0.0
        signs = pattern if shown.is_zero() else f"+{pattern};-{pattern}"
        return _decimal(shown, signs, self.locale)

    def percent(self, share: float) -> str:
        return format_percent(share, PERCENT.get(self.language), locale=self.locale)


def _rounded(number: float, digits: int) -> Decimal:
    """`number` to `digits` places, a half away from zero, as players round: -17/8 is -2.13
    (Python's and Babel's rounding to even wrote -2.12). A zero has no sign (-0.001 is 0.00:
    as the cache's key it equals 0, so a signed one would be shown for every later zero)."""
    exact = Decimal(repr(number))
    if not exact.is_finite():
        return exact
    rounded = exact.quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP)
    return rounded.copy_abs() if rounded.is_zero() else rounded


@lru_cache(maxsize=4096)
def _decimal(number: Decimal, pattern: str, locale: Locale) -> str:
    """Babel reads the pattern again on every call (30 us each; a table writes four seat
    totals per click), while the same few scores come up again and again."""
    return format_decimal(number, pattern, locale=locale)


def _pattern(digits: int) -> str:
    """No grouping: scores and points stay short, and `1234` is read the same everywhere."""
    return "0" + ("." + "0" * digits if digits else "")


@cache
def writing(language: str) -> Writing:
    return Writing(language)


def writing_of(request: Request) -> Writing:
    return writing(language_of(request))


@cache
def template_words(language: str) -> dict[str, object]:
    """What every template needs to speak `language`: the gettext functions and formatters."""
    words = translations(language)
    written = writing(language)
    return {
        "lang": language,
        "translator": words,
        "writing": written,
        "languages": LANGUAGES,
        "gettext": _new_style(words.gettext),
        "ngettext": _new_style_plural(words.ngettext),
        "pgettext": _new_style(words.pgettext),
        "format_day": written.day,
        "format_time": written.time,
        "format_number": written.number,
        "format_signed": written.signed,
    }


DAY = {"en": "yyyy-MM-dd"}
"""English keeps the ISO dates the site always showed; other languages write theirs."""
MOMENT = {"en": "yyyy-MM-dd HH:mm"}
SHORT_DAY = {"en": "d MMM"}
CLOCK = {"en": "HH:mm"}
PERCENT = {"en": "0 %"}
