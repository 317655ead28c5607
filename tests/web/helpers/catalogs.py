"""The site's message ids as the code and templates use them. Shared by several test modules
(moved out of `tests/web/test_catalogs.py`, so that no test module imports another)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

ROOT = Path(__file__).resolve().parents[3]

KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NC_": ((1, "c"), 2)}


def site_messages() -> set[str | tuple[str, str]]:
    """Message ids (with their context, for `pgettext`) as the code and templates use them."""
    with (ROOT / "babel.cfg").open() as config:
        from babel.messages.frontend import parse_mapping_cfg

        method_map, options_map = parse_mapping_cfg(config)
    found: set[str | tuple[str, str]] = set()
    for _, _, message, _, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple | list) else message
        found.add((context, msgid) if context else msgid)
    return found
