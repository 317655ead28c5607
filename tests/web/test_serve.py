"""`python -m app.serve` raises the soft limit on open files before it serves: every
connection it keeps alive between a player's clicks is an open file. Checked in a child
process started with a low limit, so the test run's own limits are left alone."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import textwrap

from tests.live import ROOT

LOW = 256


def limits_in_a_child(body: str) -> dict[str, int]:
    """Runs `body` in a Python child whose soft limit starts at `LOW`; it prints JSON."""
    script = textwrap.dedent(
        f"""
        import json, resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, ({LOW}, hard))
        """
    ) + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    found: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def expected_soft(wanted: int) -> int:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)


def test_serving_raises_the_open_files_limit_before_uvicorn_starts() -> None:
    seen = limits_in_a_child(
        """
        import uvicorn
        from app import serve
        uvicorn.run = lambda *args, **options: print(json.dumps(
            {"soft": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}))
        serve.main(["--port", "8999"])
        """
    )
    assert seen["soft"] == expected_soft(65_536) > LOW


def test_a_higher_limit_is_kept_and_the_hard_one_bounds_it() -> None:
    seen = limits_in_a_child(
        f"""
        from app.serve import allow_open_files
        lower = allow_open_files({LOW // 2})
        raised = allow_open_files(10 ** 9)
        print(json.dumps({{"lower": lower, "raised": raised,
                           "hard": resource.getrlimit(resource.RLIMIT_NOFILE)[1]}}))
        """
    )
    assert seen["lower"] == LOW
    assert seen["raised"] == expected_soft(10**9) == seen["hard"]
