"""Pair one round of a tournament with the FIDE Dutch system: who is paired, the PAB, colours,
board order. The entry point every front end calls (`pair_round`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesengine.errors import UsageError
from rulesengine.model import ResultCode, Tournament
from rulesengine.pairing import next_round

from rulesengine_fide.pairing.colours import allocate, board_order_key, pairing_positions
from rulesengine_fide.pairing.dutch import BracketRecord, DutchRound
from rulesengine_fide.pairing.records import PairingSetup, read_setup
from rulesengine_fide.pairing.state import WHITE, PlayerState, build_states
from rulesengine_fide.pairing.state_units import PairingHistory
from rulesengine_fide.pairing.texts import DutchText, text_for

# Entries in the round being paired that mean "not to be paired" (announced before pairing).
_ANNOUNCED = {ResultCode.HALF_POINT_BYE: "HPB", ResultCode.ZERO_POINT_BYE: "ZPB",
              ResultCode.FULL_POINT_BYE: "FPB", ResultCode.FORFEIT_LOSS: "ZPB"}
_KIND_OF_LETTER = {"H": "HPB", "Z": "ZPB", "F": "FPB"}


@dataclass
class Board:
    number: int
    white: int
    black: int


@dataclass
class RoundPairing:
    round: int
    boards: list[Board]
    byes: list[tuple[int, str]]          # (player, "PAB" | "HPB" | "FPB" | "ZPB")
    brackets: list[BracketRecord] = field(default_factory=list)
    states: dict[int, PlayerState] = field(default_factory=dict)
    text: DutchText | None = None      # the text of C.04.3 it was paired by

    @property
    def pab(self) -> int | None:
        return next((p for p, kind in self.byes if kind == "PAB"), None)


def announced_byes(tournament: Tournament, round_number: int, setup: PairingSetup) -> dict[int, str]:
    """Players not to be paired in the round: H/Z/F byes entered in that round's column, TRF-2026
    240 records and JaVaFo XXZ (absent next round)."""
    out: dict[int, str] = {}
    for player in tournament.players:
        entry = player.entry(round_number)
        if entry.opponent is None and entry.code in _ANNOUNCED:
            out[player.start_rank] = _ANNOUNCED[entry.code]
    for number, letter in setup.announced.get(round_number, {}).items():
        out.setdefault(number, _KIND_OF_LETTER[letter])
    if round_number == next_round(tournament):
        for number in setup.absent:
            out.setdefault(number, "ZPB")
    return out


def pair_round(tournament: Tournament, round_number: int | None = None,
               setup: PairingSetup | None = None, text: DutchText | None = None,
               history: PairingHistory | None = None) -> RoundPairing:
    """Pair `round_number` (default: the next round) from the rounds before it, by `text`
    (default: the text its type names, else the one in force when the event started, `texts.text_for`).
    `history`: one reading of the event's rounds shared by several rounds paired (`pair --check`)."""
    setup = setup or read_setup(tournament)
    text = text or text_for(tournament)
    if round_number is None:
        round_number = next_round(tournament)
    if round_number < 1:
        raise UsageError(f"round must be 1 or more, not {round_number}")
    if setup.total_rounds and round_number > setup.total_rounds:
        raise UsageError(f"round {round_number} is after the last round ({setup.total_rounds}, record XXR/142)")
    byes = announced_byes(tournament, round_number, setup)
    unknown = sorted(n for n in byes if n not in tournament.by_start_rank)
    if unknown:
        raise UsageError(f"bye announced for unknown player(s) {', '.join(map(str, unknown))}")
    present = [p.start_rank for p in tournament.players if p.start_rank not in byes]
    states = build_states(tournament, round_number, setup, present, text, history)
    result = DutchRound(states, setup.forbidden_in(round_number), text=text).pair()
    by_number = {s.number: s for s in states}
    positions = pairing_positions(tournament, round_number, present)
    games = []
    for a, b in result.pairs:
        higher, lower = sorted((by_number[a], by_number[b]), key=lambda s: s.rank_index)
        colour = allocate(higher, lower, setup.initial_white, positions[higher.number])
        white, black = (higher, lower) if colour == WHITE else (lower, higher)
        games.append((board_order_key(higher, lower), white.number, black.number))
    games.sort()
    boards = [Board(i, w, b) for i, (_key, w, b) in enumerate(games, start=1)]
    bye_list = [(result.bye, "PAB")] if result.bye is not None else []
    bye_list += sorted(byes.items())
    return RoundPairing(round_number, boards, bye_list, result.brackets, by_number, text)
