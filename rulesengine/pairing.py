"""What a pairing system is, as the core sees it (the `rulesengine_pairing_systems` hook)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from rulesengine.model import Tournament


@dataclass(frozen=True)
class Pairing:
    """One board of a round: `black` is None for a pairing-allocated bye."""

    white: int
    black: int | None


@dataclass(frozen=True)
class PairingRequest:
    """Pair round `round_number` of `tournament`, whose earlier rounds are complete; players with a
    bye or absence already entered for that round are not paired."""

    tournament: Tournament
    round_number: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PairingSystem:
    name: str
    description: str
    pair: Callable[[PairingRequest], tuple[Pairing, ...]]
