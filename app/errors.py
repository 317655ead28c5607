"""Error pages: friendly words for every refusal, a reference instead of a stack trace for
the unexpected ones."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from jinja2_fragments.fastapi import Jinja2Blocks
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from app.middleware import Headers, HttpMiddleware, changing_headers

log = logging.getLogger("doko")

TITLES = {
    403: "Refused",
    404: "Page not found",
    413: "Too large",
    429: "Slow down a little",
    500: "Something went wrong on our side",
    503: "Busy for a moment",
}


def message_page(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    """The message page, or just its `main` block in the page for an htmx request."""
    templates: Jinja2Blocks = request.app.state.templates
    context = {"title": TITLES.get(status, "Something went wrong"), "message": message}
    headers = dict(headers or {})
    if request.headers.get("HX-Request") == "true":
        headers |= {"HX-Retarget": "#main", "HX-Reswap": "innerHTML"}
        return templates.TemplateResponse(
            request, "message.html", context, status, headers, block_name="main"
        )
    return templates.TemplateResponse(request, "message.html", context, status, headers)


async def http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    headers = {"Retry-After": "60"} if error.status_code in (429, 503) else {}
    return message_page(request, error.status_code, str(error.detail), headers)


async def bad_request(request: Request, error: Exception) -> Response:
    """A form, query or path the routes cannot read: which field, and why, in words."""
    assert isinstance(error, RequestValidationError)
    problems = "; ".join(_problem(item) for item in error.errors())
    return message_page(request, 400, f"This request is not understood: {problems}.")


def _problem(item: dict[str, Any]) -> str:
    field = str(item["loc"][-1]) if item.get("loc") else "request"
    return f"{field}: {str(item.get('msg', 'not valid')).lower()}"


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
            message = f"The server could not answer this request. Reference: {request_id}."
            response = message_page(Request(scope, receive), 500, message)
            await response(scope, receive, send_with_id)


def _line(scope: Scope) -> tuple[str, str]:
    return scope.get("method", "?"), scope.get("path", "?")


async def database_unavailable(request: Request, error: Exception) -> Response:
    """The database did not answer (restarting, or too busy to take the write in time):
    nothing was stored, and the player may simply try again."""
    request_id = request.scope.get("state", {}).get("request_id", "?")
    log.warning("database unavailable, request %s: %s", request_id, error)
    message = "The game's database is busy or restarting; nothing was changed. Try again."
    return message_page(request, 503, message, {"Retry-After": "5"})
