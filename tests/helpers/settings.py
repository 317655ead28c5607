"""A setting read from the environment and refused when wrong. Shared by the tests of the
settings of several modules."""

from __future__ import annotations

import pytest

from app.operations.settings import Settings, SettingsError


def assert_refused(monkeypatch: pytest.MonkeyPatch, name: str, *wrong: str) -> None:
    """Each of `wrong` in the environment variable `name` stops the settings with an error
    that names the variable."""
    for value in wrong:
        monkeypatch.setenv(name, value)
        with pytest.raises(SettingsError, match=name):
            Settings.from_env()
