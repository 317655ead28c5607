"""The installable app's addresses: the manifest, the service worker at the site's root (its
scope is the folder it is served from) and the offline pages it keeps (app/web/install.py)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from app.languages.i18n import LANGUAGES, N_, language_of
from app.operations.urls import MANIFEST, OFFLINE, SERVICE_WORKER
from app.web.install import OfflineKit, manifest

router = APIRouter(tags=["install"])

REVALIDATED = "no-cache"
"""The browser asks again each time (they are small): a release reaches it at once."""


@router.get(MANIFEST)
def web_manifest(
    request: Request, lang: Annotated[str | None, Query(max_length=5)] = None
) -> Response:
    """The manifest in the language a page names (its link carries it: browsers fetch a
    manifest without cookies), else in the request's."""
    language = lang if lang in LANGUAGES else language_of(request)
    asset_url = request.app.state.templates.env.globals["asset_url"]
    body = json.dumps(manifest(language, asset_url), ensure_ascii=False, indent=1)
    headers = {"Cache-Control": REVALIDATED, "Vary": "Accept-Language, Cookie"}
    return Response(body, media_type="application/manifest+json", headers=headers)


@router.get(SERVICE_WORKER)
def service_worker(request: Request) -> Response:
    headers = {"Cache-Control": REVALIDATED, "Service-Worker-Allowed": "/"}
    return Response(offline_kit(request).worker, media_type="text/javascript", headers=headers)


@router.get(OFFLINE)
def offline_page(request: Request, language: str) -> Response:
    """A language's offline page, as the worker keeps it."""
    page = offline_kit(request).pages.get(language)
    if page is None:
        raise HTTPException(404, N_("That language is not offered."))
    return Response(page, media_type="text/html", headers={"Cache-Control": REVALIDATED})


def offline_kit(request: Request) -> OfflineKit:
    """Rendered at the first request that needs it, then kept for the process's life."""
    state = request.app.state
    if getattr(state, "offline_kit", None) is None:
        env = state.templates.env
        state.offline_kit = OfflineKit.of(env, env.globals["asset_url"])
    kit: OfflineKit = state.offline_kit
    return kit
