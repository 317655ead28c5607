"""Pages are compressed only for clients that accept gzip, read with its qualities
(app.operations.compression)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


def test_a_page_is_compressed_for_a_client_that_takes_gzip(client: TestClient) -> None:
    packed = client.get("/", headers={"accept-encoding": "gzip, deflate"})
    assert packed.status_code == 200
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(packed.content)
    assert "accept-encoding" in packed.headers["vary"].lower()


@pytest.mark.parametrize("refusing", ["gzip;q=0", "identity", "br", "gzip;q=0, *;q=0.5"])
def test_a_page_is_sent_plain_to_a_client_that_refuses_gzip(
    client: TestClient, refusing: str
) -> None:
    packed = client.get("/", headers={"accept-encoding": "gzip"})
    plain = client.get("/", headers={"accept-encoding": refusing})
    assert plain.status_code == 200
    assert "content-encoding" not in plain.headers
    assert int(plain.headers["content-length"]) == len(plain.content)
    assert plain.text.startswith("<!doctype html>")
    assert len(plain.content) == len(packed.content)
    assert "accept-encoding" in plain.headers["vary"].lower()
