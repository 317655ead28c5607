"""What is refused before a form is read (`app.web.form_limits`): an outside check slowed
every other player's pages about 90 times by posting refused multipart forms from one
address (`bench/forms.py`). A multipart body is refused unread; past the refusals an
address may have in a minute, its requests with a body are refused after a pause, while
another address plays on; a new minute brings a new allowance."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from app.storage.models import GameRow
from app.web.security import MAX_BODY
from tests.web.helpers.daily import browsers, count
from tests.web.helpers.rate_limits import OTHER_ADDRESS, Clock, assert_slow_down, limited

MULTIPART = {"Content-Type": "multipart/form-data; boundary=x"}
PARTS = b'--x\r\nContent-Disposition: form-data; name="seed"\r\n\r\nabc\r\n--x--\r\n'
BAD_RULES = {"preset": "nonsense"}


def test_a_multipart_form_is_refused_unread(tmp_path: Path) -> None:
    """A well-formed multipart New-game form: the same fields URL-encoded start a game."""
    with limited(tmp_path, Clock()) as application, browsers(application, 1) as (client,):
        refused = client.post("/games", content=PARTS, headers=MULTIPART, follow_redirects=False)
        assert refused.status_code == 400
        assert "This request is not understood." in refused.text
        assert count(application, GameRow) == 0
        taken = client.post("/games", data={"seed": "abc"}, follow_redirects=False)
        assert taken.status_code == 303


def test_an_address_past_its_refusals_waits_and_is_refused(tmp_path: Path) -> None:
    clock = Clock()
    with limited(tmp_path, clock, refusals_per_ip=3) as application:
        application.state.limiter.page_pause = 0.0
        with browsers(application, 1) as (client,):
            for _ in range(3):
                assert client.post("/rules", data=BAD_RULES).status_code == 400
            too_large = client.post("/games", content=b"seed=" + b"a" * MAX_BODY)
            assert too_large.status_code == 413, "a refusal counted too"
            assert_slow_down(client.post("/games", data={"seed": "abc"}))
            assert count(application, GameRow) == 0, "a good form is refused as well"
            assert client.get("/how-to-play").status_code == 200, "pages are read on"
        with TestClient(application, client=OTHER_ADDRESS) as other:
            assert other.post("/games", follow_redirects=False).status_code == 303
        clock.now += 60
        with browsers(application, 1) as (client,):
            taken = client.post("/games", data={"seed": "abc"}, follow_redirects=False)
            assert taken.status_code == 303, "a new minute, a new allowance"


def test_without_rate_limits_nothing_is_counted(tmp_path: Path) -> None:
    """`DOKO_RATE_LIMITS=off` (load tests) switches the count off with the other limits."""
    with limited(tmp_path, Clock()) as application, browsers(application, 1) as (client,):
        application.state.limiter = None
        for _ in range(5):
            assert client.post("/rules", data=BAD_RULES).status_code == 400
        assert client.post("/games", follow_redirects=False).status_code == 303
