"""Pausing Python's cyclic garbage collector while a whole-event computation runs.

Standings and rating runs build hundreds of thousands of small acyclic records (tuples, frozen
dataclasses). Each allocation burst triggers collections that rescan every object alive -- the
whole event -- and at 10,000 players those scans cost as much as the arithmetic. Nothing these
computations make forms a reference cycle, so nothing is lost by letting the collector catch up
afterwards. The collector's state is restored as found, so nesting and callers that disabled it
themselves are safe.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
