"""How far an event has got: how many rounds it has, and after which round to rank it.

A TD recalculates after every round. Round columns left empty at the end are rounds not yet
played; a round whose pairings are typed without results is the round being played. The
standings are those after the last finished round, computed as FIDE C.07 computes the
tie-breaks of any event: over the rounds played so far, exactly as a TRF cut after that round
(an unplayed round of the future is not a round missed; art. 16 applies only to rounds held).

- the number of rounds M: `Rounds` on Settings when given, else the last round with any entry;
- the round N the standings are after: `After round` on Settings or `recalc --after-round N`,
  else the last round with any entry, less one when that round still has games without result.
Games without a result in a round up to N are problems (the result was forgotten).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulesengine.errors import Location, Problem, UsageError
from rulesengine.model import Tournament

ROUNDS_FROM_SETTINGS = "Settings"
ROUNDS_FROM_ENTRIES = "the last round with any entry"


@dataclass(frozen=True)
class Progress:
    """`after_round` of `rounds` (M), where M came from, and the round still being played."""

    after_round: int
    rounds: int
    rounds_from: str
    round_in_play: int | None = None  # pairings typed, results (partly) missing
    chosen: bool = False               # after_round asked for (flag or Settings), not inferred

    @property
    def final(self) -> bool:
        return self.after_round >= self.rounds and self.round_in_play is None

    def title(self) -> str:
        """`after round 5 of 9`, the words of the Standings title."""
        return f"after round {self.after_round} of {self.rounds}"

    def describe(self) -> str:
        """One line for the legend: which rounds count and why."""
        rounds = (f"{self.rounds} rounds (from Settings)" if self.rounds_from == ROUNDS_FROM_SETTINGS
                  else f"{self.rounds} rounds ({ROUNDS_FROM_ENTRIES}; set 'Rounds' on Settings to say how many)")
        if self.chosen:
            why = f"standings after round {self.after_round}, as asked"
        elif self.round_in_play is not None:
            why = (f"standings after round {self.after_round}: round {self.round_in_play} has pairings "
                   f"without results yet")
        else:
            why = f"standings after round {self.after_round}"
        return f"{rounds}; {why}"


def pending_cells(tournament: Tournament) -> list[tuple[int, str]]:
    """(round, cell) of each pairing typed without a result (set by `rulesengine.layout_cells.build_tournament`)."""
    found = []
    for word in str(tournament.extra.get("pending", "")).split():
        number, _, cell = word.partition(":")
        found.append((int(number), cell))
    return found


def event_progress(tournament: Tournament, rounds: int | None = None, after_round: int | None = None, *,
                   rounds_cell: str = "", after_round_cell: str = "",
                   after_round_flag: bool = False) -> tuple[Progress, list[Problem]]:
    """Where the event stands, and the problems that stop the recalculation.

    `rounds_cell` / `after_round_cell` locate the Settings values (`Settings!B7`) for messages;
    an `after_round` given on the command line (`after_round_flag`) is a usage error when wrong.
    """
    pending = pending_cells(tournament)
    sheet = str(tournament.extra.get("sheet", tournament.source or "Crosstable"))
    last_entry = max([tournament.rounds, *(number for number, _ in pending)])
    in_play = last_entry if any(number == last_entry for number, _ in pending) else None
    problems: list[Problem] = []
    total = rounds or last_entry
    if rounds is not None and rounds < last_entry:
        problems.append(_at(rounds_cell, sheet, f"Rounds is {rounds} but the crosstable has entries in round "
                                                f"{last_entry}"))
    if after_round is not None:
        wrong = (f"after round {after_round}: the event has only {total} rounds" if after_round > total else
                 f"after round {after_round}: the crosstable has entries up to round {last_entry} only"
                 if after_round > last_entry else "")
        if wrong and after_round_flag:
            raise UsageError(f"--after-round {after_round}: {wrong.split(': ', 1)[1]}")
        if wrong:
            problems.append(_at(after_round_cell, sheet, wrong))
        counted = min(after_round, last_entry)
    else:
        counted = last_entry - 1 if in_play is not None else last_entry
    for number, cell in pending:
        if number <= counted:
            problems.append(Problem(Location(sheet=sheet, cell=cell),
                                    f"round {number}: an opponent is given but no result"
                                    + (f" (only round {in_play}, the round being played, may wait for results)"
                                       if in_play is not None and after_round is None else "")))
    progress = Progress(after_round=counted, rounds=total,
                        rounds_from=ROUNDS_FROM_SETTINGS if rounds is not None else ROUNDS_FROM_ENTRIES,
                        round_in_play=in_play if in_play is not None and in_play > counted else None,
                        chosen=after_round is not None)
    return progress, problems


def cut_after_round(tournament: Tournament, round_number: int) -> Tournament:
    """The event as it stood after `round_number`: later rounds dropped, as a TRF cut there.

    The totals and ranks the sheet declared belong to the uncut event, so they are dropped too.
    """
    if round_number >= tournament.rounds:
        return tournament
    players = tuple(replace(p, rounds=p.rounds[:round_number], declared_points=None, declared_rank=None)
                    for p in tournament.players)
    return replace(tournament, players=players, rounds=round_number)


def _at(cell: str, sheet: str, message: str) -> Problem:
    where, _, address = cell.partition("!")
    return Problem(Location(sheet=where or sheet, cell=address or "A1"), message)
