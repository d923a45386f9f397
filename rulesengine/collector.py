"""Pausing Python's cyclic garbage collector while a whole-event computation runs.

Standings and rating runs build hundreds of thousands of small acyclic records (tuples, frozen
dataclasses). Each allocation burst triggers collections that rescan every object alive -- the
whole event -- and at 10,000 players those scans cost as much as the arithmetic. Nothing these
computations make forms a reference cycle, so nothing is lost by letting the collector catch up
afterwards. The collector's state is restored as found, so nesting and callers that disabled it
themselves are safe.

The registry pauses it around every call into a plugin (`registry._guarded`): plugins never do
it themselves.
"""

from __future__ import annotations

import gc


class collector_paused:   # noqa: N801 (used as a function: `with collector_paused():`)
    """`with collector_paused(): ...` runs the block with the cyclic collector off, then restores it.

    A class rather than a generator context manager: the registry enters it on every plugin call."""

    __slots__ = ("_enabled",)

    def __enter__(self) -> None:
        self._enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self._enabled:
            gc.enable()
