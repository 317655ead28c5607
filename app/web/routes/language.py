"""The language picker: every page links here with the language and the page to go back to."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import RedirectResponse

from app.languages.i18n import LANGUAGES, N_, remember_language
from app.operations.urls import LANGUAGE
from app.web.errors import site_path

router = APIRouter(tags=["language"])

BACK_LENGTH = 2_000
"""The longest page address a language link returns to: any the site makes (a board's day
and rules, a review's step), with room to spare."""


@router.get(LANGUAGE)
def choose_language(
    lang: Annotated[str, Query(max_length=5)],
    back: Annotated[str, Query(max_length=BACK_LENGTH)] = "/",
) -> RedirectResponse:
    """Remembers the language on this device and shows the same page again (only a path on
    this site: never a redirect elsewhere)."""
    if lang not in LANGUAGES:
        raise HTTPException(404, N_("That language is not offered."))
    response = RedirectResponse(site_path(back), status_code=303)
    remember_language(response, lang)
    return response
