"""Templates are compiled once per process, however many apps are made in it
(`app.web.template_cache`): each web test makes its own app, and compiling the pages again
for each took about 0.15 s of a core per test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest
from fastapi.testclient import TestClient

from app.web.factory import create_app
from app.web.template_cache import CompiledTemplates
from tests.web.driver import start_game
from tests.web.helpers.daily import daily_settings

PAGES = ("/", "/how-to-play", "/history", "/leaderboard")


def test_a_second_app_compiles_no_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = daily_settings(tmp_path)
    compiled: list[str | None] = []
    compile_template = jinja2.Environment.compile

    def counted(self: jinja2.Environment, source: Any, name: str | None = None, *args: Any) -> Any:
        compiled.append(name)
        return compile_template(self, source, name, *args)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    for _ in range(2):
        compiled.clear()
        application = create_app(settings)
        with TestClient(application) as client:
            url = start_game(client, "template-cache")
            for page in (url, *PAGES):
                assert client.get(page).status_code == 200
        application.state.engine.dispose()
    assert compiled == [], "the first app compiled them all"


def test_an_edited_template_is_compiled_afresh() -> None:
    """Keyed by the source too: a template changed on disk between two apps of one process
    (a test writing one, an operator's edit before a reload) is not served stale."""
    cache = CompiledTemplates()
    sources = {"page.html": "one {{ x }}"}

    def environment() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.DictLoader(sources), bytecode_cache=cache)

    assert environment().get_template("page.html").render(x=1) == "one 1"
    sources["page.html"] = "two {{ x }}"
    assert environment().get_template("page.html").render(x=2) == "two 2"
    sources["page.html"] = "one {{ x }}"
    assert environment().get_template("page.html").render(x=3) == "one 3"
