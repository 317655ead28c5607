"""The templates' compiled code, kept once per process for every app made in it.

Each app has its own Jinja environment (`app.web.factory`), and a new environment compiles
every template again at its first rendering: about 0.1 s for a table page and the pages
around it. A server makes its app once, so it compiles once either way; an app made again in
the same process (each web test makes its own, a bench its own) now finds the code compiled.
Every environment that shares this cache must be made with the same options (the factory's
`_templates` alone uses it), since the code depends on them; the template's name, file and
source text key the code, so an edited template is compiled afresh.
"""

from __future__ import annotations

from threading import Lock
from types import CodeType

from jinja2.bccache import Bucket, BytecodeCache


class CompiledTemplates(BytecodeCache):
    """Compiled template code by template and source, in this process's memory."""

    def __init__(self) -> None:
        self._code: dict[tuple[str, str], CodeType] = {}
        self._lock = Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            code = self._code.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            with self._lock:
                self._code[(bucket.key, bucket.checksum)] = bucket.code

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


COMPILED = CompiledTemplates()
"""Shared by the environments of every app of this process."""
