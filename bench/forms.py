"""`python bench/forms.py`: forms the server refuses, sent as fast as it answers from one
address, and what another player sees meanwhile.

Starts `python -m app.operations.serve` as `bench/web.py` does (a fresh database, the rate
limits counted). A bystander from another address loads its own table and the day's board in
turn, every 50 ms, through every phase of --seconds:

- quiet: nobody else;
- multipart: --clients threads post the Rules form as `multipart/form-data`, about 1,200 parts
  in 63 KiB (under the old 64 KiB cap on bodies);
- fields: the same as a URL-encoded form of 4,000 fields in 63 KiB;
- small: a short click no table sends (its version is no number).

Prints, per phase, the bystander's median and 95th percentile load time, their ratio to the
quiet phase's (the machine's speed cancels out), the attackers' requests answered by status
and the server's 5xx. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import (
    Phase,
    bystanders_table,
    flood_arguments,
    print_phases,
    run_phase,
    server_5xx,
)
from bench.web_server import running_server

ATTACKERS = "198.51.100.{}"
"""An address per phase: no phase inherits the refusals counted in another."""
BODY_BYTES = 63 * 1024
BOUNDARY = "x"


def multipart_body() -> bytes:
    part = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="preset"\r\n\r\npagat\r\n'
    return (part * (BODY_BYTES // len(part))).encode() + f"--{BOUNDARY}--\r\n".encode()


def many_fields_body() -> bytes:
    field = "f=1&"
    return (field * (BODY_BYTES // len(field))).encode()


CLICKS = "/games/0123456789abcdef0123456789abcdef/actions"
FLOODS: dict[str, tuple[str, bytes, str] | None] = {
    "quiet": None,
    "multipart": ("/rules", multipart_body(), f"multipart/form-data; boundary={BOUNDARY}"),
    "fields": ("/rules", many_fields_body(), "application/x-www-form-urlencoded"),
    "small": (CLICKS, b"version=x&action=healthy", "application/x-www-form-urlencoded"),
}


def attacker(base: str, address: str, flood: tuple[str, bytes, str], phase: Phase) -> None:
    target, body, kind = flood
    headers = {"X-Forwarded-For": address, "Content-Type": kind}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
        while phase.running():
            phase.answered(client.post(target, content=body).status_code)


def main(argv: list[str] | None = None) -> int:
    args = flood_arguments(
        "python bench/forms.py", __doc__, argv, 16, 20.0, "attacking connections"
    )
    with running_server(workers=1, rate_limits=True) as (base, log):
        seen = bystanders_table(base)
        phases = {}
        for number, (name, flood) in enumerate(FLOODS.items(), start=1):
            attack = (
                None if flood is None else partial(attacker, base, ATTACKERS.format(number), flood)
            )
            phases[name] = run_phase(base, seen, args.seconds, args.clients, attack)
        failures = server_5xx(log)
    print(f"clients: {args.clients} from one address a phase, {args.seconds:g} s a phase")
    print_phases(phases, "attackers' answers", failures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
