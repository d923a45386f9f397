"""The Berger tables as the core's `PairingSystem` record (hook `rulesengine_pairing_systems`).

Request options: `double_round_robin` ("swap", the C.05 Annex 1 recommendation and the default,
or "plain") when the rounds played do not tell; `draw_numbers` (a seed: the drawing of pairing
numbers for `initial_ranking`, by the Varma tables when the field has them and its players
federations, else by lot) and `draw_method` ("varma" default, or "lot").
"""

from __future__ import annotations

from typing import Any, Mapping

from rulesengine.errors import InputError, Location, Problem
from rulesengine.model import Tournament
from rulesengine.pairing import EventDayFinding, PairedRound, Pairing, PairingRequest, PairingSystem, RankedPlayer, RoundCheck
from rulesengine_fide.round_robin.berger import cycle_order, event_round
from rulesengine_fide.round_robin.numbers import FROM_GAMES, TableNumbers, table_numbers

DESCRIPTION = "Berger tables, FIDE C.05 Annex 1 (round robin)"


TEAM_RECORDS = ("310", "013")


def _team_event(tournament: Tournament) -> bool:
    """The players of a team event (records 310/013): the table pairs its teams, not them."""
    return any(code in TEAM_RECORDS for code, _ in tournament.header)


def _numbers(request: PairingRequest) -> TableNumbers:
    """The table numbers to pair the request's round with; refused when the rounds played fit
    several numberings (after round 1 of a file whose start ranks are not the table numbers)."""
    tournament = request.tournament
    if _team_event(tournament):
        raise InputError(Problem(Location(tournament.source or "<input>"),
                                 "a team event: the Berger table pairs its teams, not its players "
                                 "(`round_robin.team.team_berger_round`, the team pairing route)"))
    variant = request.options.get("double_round_robin")
    numbers = table_numbers(tournament, variant)
    if numbers.source == FROM_GAMES and numbers.following < numbers.played:
        raise InputError(Problem(Location(tournament.source or "<input>"),
                                 f"the rounds played do not follow the Berger table ({numbers.following} of "
                                 f"{numbers.played} do under the best numbering): `pair --check` names the rounds"))
    if numbers.source == FROM_GAMES and numbers.ambiguous:
        raise InputError(Problem(Location(tournament.source or "<input>"),
                                 "the start ranks are not the Berger table numbers and the rounds played do not tell "
                                 "them apart: record the numbers drawn (`pair --draw-numbers SEED` before round 1 "
                                 "writes a `### Pairing numbers:` line; or type that line: START_RANK=NUMBER ...)"))
    return numbers


def _round_numbers(request: PairingRequest) -> TableNumbers:
    """`_numbers`, refused when the event has no such round."""
    numbers = _numbers(request)
    total = len(cycle_order(numbers.players, numbers.cycles, numbers.variant))
    if request.round_number > total:
        raise InputError(Problem(Location(request.tournament.source or "<input>"),
                                 f"round {request.round_number}: this round robin of {numbers.players} players has "
                                 f"{total} rounds ({numbers.cycles} cycle{'s' if numbers.cycles > 1 else ''})"))
    return numbers


def _pair_round(request: PairingRequest) -> PairedRound:
    from rulesengine_fide.round_robin.check import table_paired_round
    return table_paired_round(_round_numbers(request), request.round_number)


def _pair(request: PairingRequest) -> tuple[Pairing, ...]:
    """The table's games (an odd field's bye is no pairing-allocated bye: it is not listed)."""
    return _pair_round(request).boards


def _check(tournament: Tournament) -> list[RoundCheck]:
    from rulesengine_fide.round_robin.check import check_rounds
    return check_rounds(tournament)


def _explain(request: PairingRequest) -> str:
    from rulesengine_fide.round_robin.check import variant_note
    numbers = _round_numbers(request)
    table_round, reversed_colours = cycle_order(numbers.players, numbers.cycles, numbers.variant)[request.round_number - 1]
    holder = numbers.by_number
    lines = [f"Round {request.round_number}: {DESCRIPTION}, {numbers.players} players, table round {table_round}"
             + (" with colours reversed (second cycle)" if reversed_colours else "")]
    lines += [text for text in (numbers.note() or "table numbers = start ranks", variant_note(numbers)) if text]
    for game in event_round(numbers.players, request.round_number, numbers.cycles, numbers.variant):
        white, black = holder.get(game.white), holder.get(game.black)
        if white is None or black is None:
            lines.append(f"  number {game.white if white is None else game.black} is the bye: "
                         f"{white or black} does not play")
        else:
            lines.append(f"  board {game.board}: numbers {game.white}-{game.black} = start ranks {white}-{black}")
    return "\n".join(lines) + "\n"


def _initial_ranking(tournament: Tournament, options: Mapping[str, Any]) -> list[RankedPlayer]:
    """The players by table number: drawn from `options["draw_numbers"]` when given (C.05 Annex
    2), else as the file holds them (`numbers.table_numbers`)."""
    from rulesengine_fide.round_robin.varma import Entrant, draw_by_lot, draw_varma
    seed = options.get("draw_numbers")
    if seed is not None:
        entrants = [Entrant(p.start_rank, p.name, p.federation) for p in tournament.players]
        draw = draw_by_lot if options.get("draw_method") == "lot" else draw_varma
        numbers = draw(entrants, str(seed)).numbers
    else:
        numbers = table_numbers(tournament).numbers
    rows = [RankedPlayer(numbers[p.start_rank], p.start_rank, p.name, p.rating or None, p.title)
            for p in tournament.players]
    return sorted(rows, key=lambda r: r.number)


def _event_day(request: PairingRequest) -> tuple[EventDayFinding, ...]:
    """How the table numbers were found and which double round-robin variant the rounds follow."""
    from rulesengine_fide.round_robin.check import table_notes
    if _team_event(request.tournament):
        return ()   # `_numbers` refuses it, naming the team route
    numbers = table_numbers(request.tournament, request.options.get("double_round_robin"))
    return table_notes(numbers, request.tournament.source or "<input>")


def _heading(tournament: Tournament) -> str:
    return DESCRIPTION


BERGER = PairingSystem(
    name="berger",
    description=DESCRIPTION,
    heading=_heading,
    pair=_pair,
    pair_round=_pair_round,
    check=_check,
    explain=_explain,
    initial_ranking=_initial_ranking,
    event_day=_event_day,
)

SYSTEMS = [BERGER]
