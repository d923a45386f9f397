"""The Matches sheet of our team template, read block by block: a match row (round, home team, the
typed match score or a forfeited match, away team or a bye), then a row per board (home player,
result read home-away, away player, home colour). Every inconsistency is a problem at its cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from rulesengine.cell_values import parse_points, whole_number
from rulesengine.errors import Location, Problem
from rulesengine.grid import Grid, text
from rulesengine.layout_cells import Problems
from rulesengine.model import STANDARD_SCORING, Colour, Player, ResultCode, RoundEntry
from rulesengine.team import MAX_TEAM_PLAYERS, MatchKind
from rulesengine.workbook.team.columns import (BYE_WORDS, DATE_SLIP, M_AWAY, M_BOARD, M_COLOUR, M_HOME, M_RESULT, M_ROUND,
                                               MATCH_FORFEITS, board_result, canonical_result)
from rulesengine.workbook.team.settings import TeamSettings


@dataclass
class Roster:
    """A team as the Teams sheet lists it; `players` are start numbers in board order."""

    number: int
    name: str
    nickname: str
    cell: str
    players: list[int] = field(default_factory=list)


@dataclass
class Side:
    """One side of a board row: the player (start number, None = empty board) and the cell."""

    player: int | None
    cell: str


@dataclass
class BoardRow:
    board: int
    home: Side
    away: Side
    codes: tuple[ResultCode, ResultCode] | None
    result_cell: str
    home_colour: Colour


@dataclass
class Match:
    round: int
    home: int
    away: int | None          # None: a bye
    bye: MatchKind | None
    score: tuple[Fraction, Fraction] | None
    forfeit: str = ""          # "+/-", "-/+", "--": a forfeited match (record 330)
    row: int = 0
    boards: list[BoardRow] = field(default_factory=list)


class MatchReader:
    def __init__(self, grid: Grid, rosters: list[Roster], players: dict[int, Player], settings: TeamSettings):
        self.grid = grid
        self.problems = Problems(grid.sheet)
        self.rosters = {t.number: t for t in rosters}
        self.players = players
        self.settings = settings
        self.pending_rounds: list[int] = []

    def read(self) -> list[Match]:
        grid = self.grid
        matches: list[Match] = []
        current: Match | None = None
        for r in range(1, grid.height):
            cells = [text(grid.value(r, c)) for c in range(M_COLOUR + 1)]
            if not any(cells[c] for c in (M_ROUND, M_BOARD, M_HOME, M_RESULT, M_AWAY)):
                continue
            if isinstance(grid.value(r, M_RESULT), (date, datetime)):
                self.problems.add(r, M_RESULT, DATE_SLIP)
                cells[M_RESULT] = ""
            if cells[M_ROUND]:
                current = self._match_row(r, cells)
                if current is not None:
                    matches.append(current)
            elif cells[M_BOARD]:
                if current is None:   # a prepared block not used yet, or under a match row reported already
                    if any(cells[c] for c in (M_HOME, M_RESULT, M_AWAY)) and not self.problems.items:
                        self.problems.add(r, M_BOARD, "a board with players or a result under a match row with "
                                                      "no teams")
                    continue
                self._board_row(r, cells, current)
            else:
                self.problems.add(r, M_ROUND, "a row with neither a Round (a match) nor a Board (a board of the "
                                              "match above)")
        self._check_rounds(matches)
        return matches

    def _team(self, r: int, c: int, raw: str) -> int | None:
        number = whole_number(self.grid.value(r, c))
        if number is not None and number in self.rosters:
            return number
        found = [t.number for t in self.rosters.values() if raw.casefold() in (t.name.casefold(),
                                                                               t.nickname.casefold())]
        if len(found) == 1:
            return found[0]
        self.problems.add(r, c, f"no team {raw!r} on the Teams sheet (a team's number, name or nickname)")
        return None

    def _match_row(self, r: int, cells: list[str]) -> Match | None:
        rnd = whole_number(self.grid.value(r, M_ROUND))
        if rnd is None or not 1 <= rnd <= 99:
            self.problems.add(r, M_ROUND, f"round {cells[M_ROUND]!r}: want a whole number 1 to 99")
            return None
        if not cells[M_HOME]:
            if cells[M_AWAY] or cells[M_RESULT]:
                self.problems.add(r, M_HOME, f"round {rnd}: the match has no home team")
            return None
        home = self._team(r, M_HOME, cells[M_HOME])
        bye = BYE_WORDS.get(cells[M_AWAY].lower())
        away = None if bye is not None or not cells[M_AWAY] else self._team(r, M_AWAY, cells[M_AWAY])
        if not cells[M_AWAY]:
            self.problems.add(r, M_AWAY, f"round {rnd}: no away team (a team, or PAB, FPB, HPB, ZPB for a bye)")
        if home is None or (away is None and bye is None):
            return None
        if home == away:
            self.problems.add(r, M_AWAY, f"round {rnd}: team {home} cannot meet itself")
            return None
        score, forfeit = None, ""
        raw = cells[M_RESULT]
        if raw and bye is not None:
            self.problems.add(r, M_RESULT, f"round {rnd}: a bye ({cells[M_AWAY]}) has no match score")
        elif raw and canonical_result(raw) in MATCH_FORFEITS:
            forfeit = canonical_result(raw)
        elif raw:
            score = _match_score(raw)
            if score is None:
                self.problems.add(r, M_RESULT, f"round {rnd}: match score {raw!r}: want the game points home-away "
                                               f"(2½-1½), or +/-, -/+, -- for a forfeited match")
        return Match(rnd, home, away, bye, score, forfeit, r)

    def _board_row(self, r: int, cells: list[str], match: Match) -> None:
        board = whole_number(self.grid.value(r, M_BOARD))
        top = self.settings.boards or MAX_TEAM_PLAYERS
        if board is None or not 1 <= board <= top:
            self.problems.add(r, M_BOARD, f"board {cells[M_BOARD]!r}: want a whole number 1 to {top}")
            return
        if any(b.board == board for b in match.boards):
            self.problems.add(r, M_BOARD, f"round {match.round}: board {board} twice in one match")
            return
        home = Side(self._player(r, M_HOME, cells[M_HOME], match.home, match), self.grid.address(r, M_HOME))
        away = Side(self._player(r, M_AWAY, cells[M_AWAY], match.away, match), self.grid.address(r, M_AWAY))
        raw = cells[M_RESULT]
        codes = board_result(raw) if raw else None
        if raw and codes is None:
            self.problems.add(r, M_RESULT, f"board {board}: result {raw!r}: want 1-0, ½-½, 0-1, +/-, -/+ or --")
        colour = cells[M_COLOUR].lower()[:1]
        if colour and colour not in "wb":
            self.problems.add(r, M_COLOUR, f"board {board}: colour {cells[M_COLOUR]!r}: want w or b")
        if not colour:
            sequence = self.settings.colours or "WB" * 7
            colour = sequence[(board - 1) % len(sequence)].lower()
        if match.bye is not None or match.forfeit:
            if raw or cells[M_HOME] or cells[M_AWAY]:
                self.problems.add(r, M_RESULT, f"round {match.round}: board {board} under a "
                                               f"{'bye' if match.bye else 'forfeited match'}, which has no boards")
            return
        if codes is not None:
            self._check_sides(r, board, codes, home, away, cells)
        match.boards.append(BoardRow(board, home, away, codes, self.grid.address(r, M_RESULT), Colour(colour)))

    def _check_sides(self, r: int, board: int, codes, home: Side, away: Side, cells: list[str]) -> None:
        """A result needs a player on each side it gives a score to; only a forfeit loss may stand
        for a side left empty (art. 12 intro: the player present wins the board by forfeit)."""
        needs = [code is not ResultCode.FORFEIT_LOSS for code in codes]
        for side, needed, col in ((home, needs[0], M_HOME), (away, needs[1], M_AWAY)):
            if needed and side.player is None and not cells[col]:
                self.problems.add(r, M_RESULT, f"board {board}: result {cells[M_RESULT]!r} on a board with no "
                                               f"{'home' if col == M_HOME else 'away'} player")
        if home.player is None and away.player is None and not cells[M_HOME] and not cells[M_AWAY]:
            self.problems.add(r, M_RESULT, f"board {board}: result {cells[M_RESULT]!r} on a board with no players")

    def _player(self, r: int, c: int, raw: str, team: int | None, match: Match) -> int | None:
        if not raw or team is None:
            return None
        roster = self.rosters[team]
        number = whole_number(self.grid.value(r, c))
        if number is not None:
            if 1 <= number <= len(roster.players):
                return roster.players[number - 1]
            self.problems.add(r, c, f"team {team} ({roster.name}) has no player {number} (its players are numbered "
                                    f"1 to {len(roster.players)} on the Teams sheet)")
            return None
        found = [sno for sno in roster.players if self.players[sno].name.casefold() == raw.casefold()]
        if len(found) == 1:
            return found[0]
        others = [t.number for t in self.rosters.values() if t.number != team
                  and any(self.players[s].name.casefold() == raw.casefold() for s in t.players)]
        where = f"; {raw!r} plays for team {others[0]}" if others else ""
        self.problems.add(r, c, f"round {match.round}: no player {raw!r} on team {team} ({roster.name}){where}")
        return None

    def _check_rounds(self, matches: list[Match]) -> None:
        """Each team in one match a round, each player on one board; a played round's matches all
        have results; a typed match score equals the boards' sum."""
        played = {m.round for m in matches if m.forfeit or any(b.codes for b in m.boards)}
        last = max(played, default=0)
        if self.settings.rounds is not None and last > self.settings.rounds:
            sheet, _, cell = self.settings.cells["rounds"].rpartition("!")
            self.problems.items.append(Problem(Location(sheet=sheet, cell=cell), f"Rounds is {self.settings.rounds}, "
                                               f"but the {self.grid.sheet} sheet has results of round {last}"))
        self.pending_rounds = sorted({m.round for m in matches if m.round > last})
        met: dict[tuple[int, int], int] = {}
        fielded: dict[tuple[int, int], str] = {}
        for m in matches:
            for team, col in ((m.home, M_HOME), (m.away, M_AWAY)):
                if team is None:
                    continue
                if (m.round, team) in met:
                    self.problems.add(m.row, col, f"round {m.round}: team {team} is in two matches (row "
                                                  f"{met[m.round, team] + 1} too)")
                met.setdefault((m.round, team), m.row)
            for b in m.boards:
                for side in (b.home, b.away):
                    if side.player is None:
                        continue
                    if (m.round, side.player) in fielded:
                        self.problems.at(side.cell.rpartition("!")[2],
                                         f"round {m.round}: {self.players[side.player].name} plays on two boards "
                                         f"({fielded[m.round, side.player]} too)")
                    fielded.setdefault((m.round, side.player), side.cell)
            if m.round > last or m.bye is not None or m.forfeit:
                continue
            for b in m.boards:
                if b.codes is None and (b.home.player or b.away.player):
                    self.problems.at(b.result_cell.rpartition("!")[2],
                                     f"round {m.round}: board {b.board} has players but no result")
            if not any(b.codes for b in m.boards):
                self.problems.add(m.row, M_RESULT, f"round {m.round}: no results typed for this match (type each "
                                                   f"board's result, or +/-, -/+, -- for a forfeited match)")
            elif m.score is not None:
                sums = game_points(m)
                if sums != m.score:
                    self.problems.add(m.row, M_RESULT, f"round {m.round}: match score {_score_text(m.score)} typed, "
                                                       f"but the boards add up to {_score_text(sums)}")


def _match_score(raw: str) -> tuple[Fraction, Fraction] | None:
    for separator in ("-", ":", "–"):
        left, mark, right = raw.replace(" ", "").partition(separator)
        if mark:
            home, away = parse_points(left), parse_points(right)
            if home is not None and away is not None and home >= 0 and away >= 0:
                return home, away
    return None


def _score_text(score: tuple[Fraction, Fraction]) -> str:
    return "-".join(f"{int(p)}½" if p.denominator == 2 and p > 1 else "½" if p == Fraction(1, 2) else str(p)
                    for p in score)


def game_points(m: Match) -> tuple[Fraction, Fraction]:
    """The boards' sums home and away (C.07 art. 12 intro: a forfeit win is a standard win)."""
    scoring = STANDARD_SCORING
    home = sum((scoring.points(RoundEntry(m.round, b.away.player, Colour.NONE, b.codes[0])) for b in m.boards
                if b.codes and b.home.player is not None), Fraction(0))
    away = sum((scoring.points(RoundEntry(m.round, b.home.player, Colour.NONE, b.codes[1])) for b in m.boards
                if b.codes and b.away.player is not None), Fraction(0))
    return home, away

