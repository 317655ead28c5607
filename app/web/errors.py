"""Error pages: friendly words for every refusal, a reference instead of a stack trace for
the unexpected ones."""

from __future__ import annotations

import logging
import secrets
from typing import Any
from urllib.parse import urlsplit

from babel.lists import format_list
from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from jinja2_fragments.fastapi import Jinja2Blocks
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from app.languages.i18n import N_, message_ids, translator, writing_of
from app.operations import urls
from app.operations.middleware import Headers, HttpMiddleware, changing_headers
from app.table.rules_form import LABELS

log = logging.getLogger("doko")

TITLES = {
    400: N_("Not accepted"),
    403: N_("Refused"),
    404: N_("Page not found"),
    413: N_("Too large"),
    429: N_("Slow down a little"),
    500: N_("Something went wrong on our side"),
    503: N_("Busy for a moment"),
}
SOMETHING_WRONG = N_("Something went wrong")
MESSAGES = {
    400: N_("This request is not understood."),
    404: N_("There is nothing at this address."),
    405: N_("This page cannot be asked for that way."),
    413: N_("The request is larger than the game accepts."),
    429: N_("Too many requests in a short time: wait a minute, then go on."),
}
"""Words for the refusals the framework raises itself (its details are English)."""
FIELDS = {
    "version": N_("the table’s version"),
    "action": N_("the action"),
    "cards": N_("the cards"),
    "seed": N_("the seed"),
    "nickname": N_("the nickname"),
    "back": N_("the page to go back to"),
    "preset": N_("the preset"),
    "level": N_("the opponents"),
    "day": N_("the day"),
    "rules": N_("the rules"),
    "lang": N_("the language"),
    "step": N_("the step of the review"),
    "number": N_("the hand’s number"),
    "key": N_("the restore key"),
    "replacing": N_("the key to replace"),
    "leave": N_("the games left behind"),
    **LABELS,
}
"""What the player would call each field of the site's forms, queries and paths."""
UNKNOWN_FIELD = N_("the request")
TO_THE_TABLE = N_("Back to the table")
TO_THE_PAGE = N_("Back to the page")
TO_THE_HOME_PAGE = N_("To the home page")


def message_page(
    request: Request,
    status: int,
    message: str,
    headers: dict[str, str] | None = None,
    back: str | None = None,
) -> Response:
    """The message page, or just its `main` block in the page for an htmx request; `message`
    is already in the request's words. `back`: the page its button leads to (a form's own
    page, such as a challenge's board); by default the page an htmx click came from, or the
    home page."""
    templates: Jinja2Blocks = request.app.state.templates
    title = translator(request).gettext(TITLES.get(status, SOMETHING_WRONG))
    context: dict[str, str] = {"title": title, "message": message}
    headers = dict(headers or {})
    # A shared cache must not hand htmx's fragment to a browser or the page to htmx.
    headers["Vary"] = ", ".join(filter(None, (headers.get("Vary"), "HX-Request")))
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and back is None:
        back = urls.HOME if status == 404 else page_clicked_on(request)
    if back is not None:
        context |= {"back": back, "back_words": back_words(back)}
    if htmx:
        headers |= {"HX-Retarget": "#main", "HX-Reswap": "innerHTML"}
        return templates.TemplateResponse(
            request, "message.html", context, status, headers, block_name="main"
        )
    return templates.TemplateResponse(request, "message.html", context, status, headers)


def page_clicked_on(request: Request) -> str:
    """The page an htmx click came from (its path and query only, so never another site):
    the message replaces that page's content, and its button leads back to it (the table,
    a review), not to the home page. Not after a 404: that page is gone (the game is another
    device's), and the home page is the way on."""
    try:
        current = urlsplit(request.headers.get("HX-Current-URL", ""))
    except ValueError:  # an address no browser sends (`http://[::1`): the home page
        return "/"
    return site_path(current.path + (f"?{current.query}" if current.query else ""))


def back_words(back: str) -> str:
    """What the message page's button says (a message id): it names the table only when it
    leads to one; the message page says the home page without being told."""
    if back == urls.HOME:
        return TO_THE_HOME_PAGE
    return TO_THE_TABLE if urls.is_table(back) else TO_THE_PAGE


def site_path(address: str) -> str:
    r"""`address` when it is a path on this site, else the home page. A browser reads a
    backslash as a slash and drops tabs and line breaks, so `/\elsewhere.example`, or a tab
    between two slashes, leads to another site as `//elsewhere.example` does."""
    on_site = address.startswith("/") and not address.startswith("//")
    if not on_site or any(char == "\\" or not char.isprintable() for char in address):
        return "/"
    return address


async def http_error(request: Request, error: Exception) -> Response:
    """The routes raise `HTTPException` with an English message id (marked `N_`): it is
    translated here. Any other detail (the framework's and its form parser's English, such
    as "Missing boundary in multipart.") is replaced by words per status."""
    assert isinstance(error, HTTPException)
    headers = dict(error.headers or {})
    if error.status_code in (429, 503):
        headers["Retry-After"] = "60"
    t = translator(request)
    detail = str(error.detail)
    if detail in message_ids():
        return message_page(request, error.status_code, t.gettext(detail), headers)
    if error.status_code == 400:
        mark_malformed(request)  # the form parser's refusal: no page sends such a form
    own = MESSAGES.get(error.status_code, TITLES.get(error.status_code, SOMETHING_WRONG))
    return message_page(request, error.status_code, t.gettext(own), headers)


async def bad_request(request: Request, error: Exception) -> Response:
    """A form, query or path the routes cannot read: which field. The framework's reasons
    are English, so only the fields are named, in the player's words."""
    assert isinstance(error, RequestValidationError)
    mark_malformed(request)
    writing = writing_of(request)
    named = dict.fromkeys(writing.words.gettext(_field(item)) for item in error.errors())
    fields = format_list(list(named), locale=writing.locale)
    text = writing.words.gettext("This request is not understood (%(fields)s).")
    return message_page(request, 400, text % {"fields": fields})


def mark_malformed(request: Request) -> None:
    """Marks a request refused as no page of the site sends it (a form the routes cannot
    read), for `app.web.form_limits` to count against its address."""
    request.state.malformed = True


def malformed(scope: Scope) -> bool:
    """Whether the request of `scope` was marked by `mark_malformed`."""
    return bool(scope.get("state", {}).get("malformed"))


def _field(item: dict[str, Any]) -> str:
    """The message id naming the field a validation error is about."""
    name = str(item["loc"][-1]) if item.get("loc") else ""
    return FIELDS.get(name, UNKNOWN_FIELD)


class UnexpectedErrors(HttpMiddleware):
    """Gives every request an id (`X-Request-ID`); an error nobody foresaw is logged with that
    id and answered with the friendly 500 page that shows it, never with a stack trace."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        request_id = secrets.token_hex(8)
        scope.setdefault("state", {})["request_id"] = request_id
        started = False

        def with_id(headers: Headers) -> Headers:
            nonlocal started
            started = True
            return [*headers, (b"x-request-id", request_id.encode())]

        send_with_id = changing_headers(send, with_id)
        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unexpected error, request %s: %s %s", request_id, *_line(scope))
            if started:
                raise
            request = Request(scope, receive)
            text = N_("The server could not answer this request. Reference: %(reference)s.")
            message = translator(request).gettext(text) % {"reference": request_id}
            response = message_page(request, 500, message)
            await response(scope, receive, send_with_id)


def _line(scope: Scope) -> tuple[str, str]:
    return scope.get("method", "?"), scope.get("path", "?")


async def database_unavailable(request: Request, error: Exception) -> Response:
    """The database did not answer (restarting, or too busy to take the write in time), or
    no pooled connection was free within the pool's timeout (every one busy with other
    requests): nothing was stored, and the player may simply try again."""
    request_id = request.scope.get("state", {}).get("request_id", "?")
    log.warning("database unavailable, request %s: %s", request_id, error)
    text = N_("The game’s database is busy or restarting; nothing was changed. Try again.")
    return message_page(request, 503, translator(request).gettext(text), {"Retry-After": "5"})
