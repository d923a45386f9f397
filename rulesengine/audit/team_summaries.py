"""TRF-2026 record 802, the informative per-round team summary, checked against the results the
other records give (the players' 001 lines, 310, 320, 330, 240): each team's match and game point
totals, and round by round its opponent (or `PAB`, `FPB`, `HPB`, `ZPB`), its colour, its game
points and the forfeit flag. The record is fixed-width (TRF-2026, "Informative records for
teams"): team 5-7, nickname 9-13, match points 15-20, game points 22-27, then for round 1 the
opponent 29-31, colour 33, game points 35-38, `f` 39, the next round 13 columns on. Record 801,
the longer form, has no fixed layout in the text and is not checked.

Each disagreement is a `Finding` at `FILE:LINE:COL` naming the record, the team, the round, what
it prints and what the results give; a summary never changes a result.
"""

from __future__ import annotations

from rulesengine.errors import Location, quote
from rulesengine.model import Colour, RoundEntry
from rulesengine.numbers import parse_exact, parse_whole, to_text
from rulesengine.published import Finding
from rulesengine.team import MatchKind, TeamRound, TeamTournament, match_tournament

SUMMARY = "802"
_FIRST_ROUND = 28   # 0-based column of round 1's opponent (positions 29-31)
_ROUND_WIDTH = 13
_BYE_NAMES = {MatchKind.PAIRING_ALLOCATED_BYE: "PAB", MatchKind.FULL_POINT_BYE: "FPB",
              MatchKind.HALF_POINT_BYE: "HPB", MatchKind.ZERO_POINT_BYE: "ZPB",
              MatchKind.NOT_PAIRED: "ZPB"}   # an absent team scores as a zero-point bye (TEC's example)
_SOURCES = {MatchKind.MATCH: "its players' games", MatchKind.FORFEIT_WIN: "record 330",
            MatchKind.FORFEIT_LOSS: "record 330", MatchKind.PAIRING_ALLOCATED_BYE: "record 320",
            MatchKind.FULL_POINT_BYE: "record 240", MatchKind.HALF_POINT_BYE: "record 240",
            MatchKind.ZERO_POINT_BYE: "record 240", MatchKind.NOT_PAIRED: "no match, bye or forfeit recorded"}
_COLOURS = {Colour.WHITE: "w", Colour.BLACK: "b", Colour.NONE: ""}


def summary_findings(event: TeamTournament, source: str) -> list[Finding]:
    """Every disagreement between the event's 802 records and its results (module docstring)."""
    lines = [(number, code + rest) for number, (code, rest) in enumerate(event.individual.header, start=1)
             if code == SUMMARY]
    if not lines:
        return []
    schedule = {player.start_rank: player.rounds for player in match_tournament(event).players}
    found: list[Finding] = []
    for number, line in lines:
        found += _line_findings(event, schedule, source, number, line)
    return found


def _line_findings(event: TeamTournament, schedule: dict[int, tuple[RoundEntry, ...]], source: str, number: int,
                   line: str) -> list[Finding]:
    def at(col: int, what: str, rnd: int | None = None) -> Finding:   # `col` 0-based
        said = f", round {rnd}" if rnd else ""
        return Finding(str(Location(source, number, col + 1)), f"record 802{team_text}{said}: {what}")

    team_text = ""
    team_number = parse_whole(line[4:7].strip())
    if team_number is None or team_number not in event.by_number:
        return [at(4, f"team {quote(line[4:7].strip())} has no 310/013 record")]
    team = event.team(team_number)
    team_text = f", team {team_number}"
    found = [at(col, f"{what} {quote(text.strip())}, the results give {to_text(total)}")
             for col, text, what, total in ((14, line[14:20], "match points", team.match_points),
                                            (21, line[21:27], "game points", team.game_points))
             if text.strip() and parse_exact(text) != total]
    for index, start in enumerate(range(_FIRST_ROUND, len(line.rstrip()), _ROUND_WIDTH)):
        rnd = index + 1
        if not line[start:start + 11].strip():
            continue   # a round not summarised
        if rnd > len(team.rounds):
            found.append(at(start, f"round {rnd} is summarised, the event has {len(team.rounds)} rounds"))
            break
        found += [at(start + offset, what, rnd)
                  for offset, what in _round_disagreements(team.rounds[rnd - 1], schedule[team_number][rnd - 1],
                                                           line[start:start + 11])]
    return found


def _round_disagreements(played: TeamRound, scheduled: RoundEntry, block: str) -> list[tuple[int, str]]:
    """(offset in the round's block, what disagrees) for one round: opponent 0-2, colour 4,
    game points 6-9, forfeit flag 10."""
    why = _SOURCES[played.kind]
    wrong = []
    printed = block[0:3].strip()
    if played.opponent is not None:
        if parse_whole(printed) != played.opponent:
            wrong.append((0, f"opponent {quote(printed)}, the results give team {played.opponent} ({why})"))
    elif printed.upper() != _BYE_NAMES[played.kind]:
        wrong.append((0, f"opponent {quote(printed)}, the results give {_BYE_NAMES[played.kind]} ({why})"))
    colour, printed_colour = _COLOURS[scheduled.colour], block[4:5].strip().lower()
    if played.opponent is None and printed_colour:
        wrong.append((4, f"colour {quote(printed_colour)}, the results give no match ({why})"))
    elif colour and printed_colour != colour:   # a match whose colours the boards do not tell is not checked
        wrong.append((4, f"colour {quote(printed_colour)}, the results give {colour} ({why})"))
    points = parse_exact(block[6:10]) if block[6:10].strip() else None
    if points != played.game_points:
        wrong.append((6, f"game points {quote(block[6:10].strip())}, the results give "
                         f"{to_text(played.game_points)} ({why})"))
    forfeited = played.kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS) or (
        played.kind is MatchKind.MATCH and not played.over_the_board)
    flag = block[10:11].strip().lower()
    if flag not in ("", "f"):
        wrong.append((10, f"forfeit flag {quote(flag)}: f or blank"))
    elif (flag == "f") != forfeited:
        said = ("a forfeited match" if forfeited else "a match played over the board"
                if played.kind is MatchKind.MATCH else "no forfeit")
        wrong.append((10, f"forfeit flag {quote(flag) if flag else 'blank'}, the results give {said} ({why})"))
    return wrong
