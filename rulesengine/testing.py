"""Build small tournaments in a few lines, for tests of the engine and of third-party plugins.

    t = tournament_from_text(["Ana", "Bo", "Kai", "Dan"], [
        "1-2 1-0, 3-4 =",        # round 1: Ana beats Bo (Ana white), Kai draws Dan
        "2-3 0-1, 1-4 +-",       # round 2: Kai beats Bo; Ana wins by forfeit against Dan
        "1-3 =, 2 U, 4 H",       # round 3: pairing-allocated bye for Bo, half-point bye for Dan
    ])

A game is "W-B RESULT" (white's start rank first): `1-0`, `0-1`, `=` or `1/2`, `+-` / `-+`
(forfeits), `--` (double forfeit), and `W`/`D`/`L` style unrated results as `1-0u`, `=u`, `0-1u`.
A lone player takes a bye code: `U` (pairing-allocated), `F`, `H`, `Z`. Players not named in a
round are not paired.
"""

from __future__ import annotations

from typing import Sequence

from rulesengine.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, STANDARD_SCORING, Tournament

_GAME_RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "1/2": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "--": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    "1-0u": (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
    "0-1u": (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
    "=u": (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
}
_BYES = {"U": ResultCode.PAIRING_ALLOCATED_BYE, "F": ResultCode.FULL_POINT_BYE,
         "H": ResultCode.HALF_POINT_BYE, "Z": ResultCode.ZERO_POINT_BYE}


def tournament_from_text(players: Sequence[str] | int, rounds: Sequence[str], *,
                         ratings: Sequence[int | None] | None = None, name: str = "Test event",
                         kind: str = "swiss", scoring: ScoringSystem = STANDARD_SCORING,
                         start_date: str = "", total_rounds: int | None = None) -> Tournament:
    """A Tournament from player names (or a count) and one text line per round (see module doc)."""
    names = [f"Player {i}" for i in range(1, players + 1)] if isinstance(players, int) else list(players)
    count = len(names)
    table: dict[int, dict[int, RoundEntry]] = {i: {} for i in range(1, count + 1)}
    for round_number, line in enumerate(rounds, start=1):
        for item in filter(None, (part.strip() for part in line.split(","))):
            _add_item(item, round_number, table, count)
    n_rounds = total_rounds if total_rounds is not None else len(rounds)
    built = []
    for sno, player_name in enumerate(names, start=1):
        entries = tuple(table[sno].get(r, RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED))
                        for r in range(1, n_rounds + 1))
        rating = ratings[sno - 1] if ratings is not None else None
        built.append(Player(start_rank=sno, name=player_name, rounds=entries, rating=rating))
    return Tournament(name=name, players=tuple(built), rounds=n_rounds, scoring=scoring, kind=kind,
                      start_date=start_date)


def _add_item(item: str, round_number: int, table: dict[int, dict[int, RoundEntry]], count: int) -> None:
    parts = item.split()
    if len(parts) != 2:
        raise ValueError(f"round {round_number}: cannot read {item!r} (want 'W-B RESULT' or 'N BYE')")
    who, what = parts
    if "-" in who:
        white, black = (int(x) for x in who.split("-"))
        if what not in _GAME_RESULTS:
            raise ValueError(f"round {round_number}: unknown result {what!r} in {item!r}")
        white_code, black_code = _GAME_RESULTS[what]
        double = what == "--"
        for sno, opp, colour, code in ((white, black, Colour.WHITE, white_code), (black, white, Colour.BLACK, black_code)):
            _check(sno, count, round_number, table)
            table[sno][round_number] = RoundEntry(round_number, opp, colour, code, double_forfeit=double)
    else:
        sno = int(who)
        if what.upper() not in _BYES:
            raise ValueError(f"round {round_number}: unknown bye code {what!r} in {item!r}")
        _check(sno, count, round_number, table)
        table[sno][round_number] = RoundEntry(round_number, None, Colour.NONE, _BYES[what.upper()])


def _check(sno: int, count: int, round_number: int, table: dict[int, dict[int, RoundEntry]]) -> None:
    if not 1 <= sno <= count:
        raise ValueError(f"round {round_number}: no player {sno}")
    if round_number in table[sno]:
        raise ValueError(f"round {round_number}: player {sno} appears twice")
