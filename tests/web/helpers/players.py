"""A player's restore key made the way the key page makes it, for tests of what a browser may
do once it plays as another player (`app.play.players`)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

KEY_PAGE = "/players/key"
RESTORE = "/players/restore"


def restore_key_of(client: TestClient) -> str:
    """A new restore key for the client's player, as its key page's button makes it."""
    page = client.get(KEY_PAGE).text
    version = re.search(r'name="replacing" value="([^"]*)"', page)
    assert version is not None, page[:2000]
    made = client.post(KEY_PAGE, data={"replacing": version.group(1)})
    key = re.search(r'data-restore-key value="([A-Z2-7-]+)"', made.text)
    assert made.status_code == 200 and key is not None, made.text[:2000]
    return key.group(1)


def restore(client: TestClient, key: str) -> int:
    """The status of the client's restore of `key`, leaving its own games behind."""
    return client.post(RESTORE, data={"key": key, "leave": "yes"}).status_code
