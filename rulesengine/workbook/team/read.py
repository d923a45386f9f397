"""Our team template read into a `TeamTournament` (the built-in `TeamLayout`, issue 22).

    event = read({"Settings": grid, "Teams": grid, "Matches": grid})

The Teams sheet gives the teams and their players in board order; the Matches sheet one block
per match: a match row (round, home team, the typed match score, away team or a bye) and a row
per board (home player, result read home-away, away player). Every inconsistency is a problem at
its cell, all reported at once: a result on a board with no player, a player on two teams or on
two boards of a round, a team in two matches of a round, a match score the boards do not add up
to, a played round's match without results. Nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping

from rulesengine.cell_values import parse_int, parse_points, whole_number
from rulesengine.errors import InputError
from rulesengine.grid import Grid, text
from rulesengine.layout_cells import Problems
from rulesengine.limits import MAX_RATING, MIN_RATING
from rulesengine.model import STANDARD_SCORING, Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.team import (MAX_TEAM_PLAYERS, Board, ForfeitedMatch, MatchKind, Team, TeamBye, TeamRound,
                              TeamTournament)
from rulesengine.workbook.team.columns import (BYE_WORDS, M_AWAY, M_BOARD, M_COLOUR, M_HOME, M_RESULT, M_ROUND,
                                               MATCH_FORFEITS, MATCHES_SHEET, PLAYER_BOARD, PLAYER_FED, PLAYER_ID,
                                               PLAYER_NAME, PLAYER_RATING, PLAYER_TITLE, SETTINGS_SHEET, TEAM_NAME,
                                               TEAM_NICKNAME, TEAM_NO, TEAMS_SHEET, board_result, canonical_result)
from rulesengine.workbook.team.settings import TeamSettings, read_settings

LAYOUT_NAME = "team_template"


def _sheet(grids: Mapping[str, Grid], name: str) -> Grid | None:
    return next((grid for key, grid in grids.items() if key.strip().lower() == name.lower()), None)


def detect(grids: Mapping[str, Grid]) -> bool:
    """A Teams sheet headed `Team` and a Matches sheet headed `Round`."""
    teams, matches = _sheet(grids, TEAMS_SHEET), _sheet(grids, MATCHES_SHEET)
    return (teams is not None and matches is not None and text(teams.value(0, TEAM_NO)).lower() == "team"
            and text(matches.value(0, M_ROUND)).lower() == "round")


@dataclass
class _Roster:
    """A team as the Teams sheet lists it; `players` are start numbers in board order."""

    number: int
    name: str
    nickname: str
    cell: str
    players: list[int] = field(default_factory=list)


@dataclass
class _Side:
    """One side of a board row: the player (start number, None = empty board) and the cell."""

    player: int | None
    cell: str


@dataclass
class _BoardRow:
    board: int
    home: _Side
    away: _Side
    codes: tuple[ResultCode, ResultCode] | None
    result_cell: str
    home_colour: Colour


@dataclass
class _Match:
    round: int
    home: int
    away: int | None          # None: a bye
    bye: MatchKind | None
    score: tuple[Fraction, Fraction] | None
    forfeit: str = ""          # "+/-", "-/+", "--": a forfeited match (record 330)
    row: int = 0
    boards: list[_BoardRow] = field(default_factory=list)


def read(grids: Mapping[str, Grid], *, name: str = "") -> TeamTournament:
    """The team event of the book; InputError with every problem found (`Sheet!Cell: message`)."""
    teams_grid, matches_grid = _sheet(grids, TEAMS_SHEET), _sheet(grids, MATCHES_SHEET)
    if teams_grid is None or matches_grid is None:
        missing = TEAMS_SHEET if teams_grid is None else MATCHES_SHEET
        raise InputError(_problem(missing, "A1", f"no {missing} sheet: a team book has Teams and Matches sheets"))
    settings_grid = _sheet(grids, SETTINGS_SHEET)
    setting_problems = Problems(settings_grid.sheet if settings_grid is not None else SETTINGS_SHEET)
    settings = read_settings(settings_grid, setting_problems)
    players, rosters, team_problems = _read_teams(teams_grid)
    reader = _MatchReader(matches_grid, rosters, players, settings)
    matches = reader.read()
    problems = setting_problems.items + team_problems.items + reader.problems.items
    if problems:
        raise InputError(problems)
    return _build(settings, players, rosters, matches, reader, name, matches_grid.sheet)


def _problem(sheet: str, cell: str, message: str):
    problems = Problems(sheet)
    problems.at(cell, message)
    return problems.items[0]


# ---------------------------------------------------------------- Teams


def _read_teams(grid: Grid) -> tuple[dict[int, Player], list[_Roster], Problems]:
    """Teams and players, numbered 1, 2, ... in the sheet's order (team by team, board by board)."""
    problems = Problems(grid.sheet)
    rosters: list[_Roster] = []
    players: dict[int, Player] = {}
    # A player on two teams: by FIDE ID -> (team, cell), by name -> (team, cell, FIDE ID).
    seen_ids: dict[str, tuple[int, str]] = {}
    seen_names: dict[str, tuple[int, str, str]] = {}
    for r in range(1, grid.height):
        cells = [text(grid.value(r, c)) for c in range(PLAYER_ID + 1)]
        if not any(cells):
            continue
        if cells[TEAM_NO]:
            number = whole_number(grid.value(r, TEAM_NO))
            if number is None or not 1 <= number <= 9999:
                problems.add(r, TEAM_NO, f"team number {cells[TEAM_NO]!r}: want a whole number 1 to 9999")
                continue
            if not rosters or rosters[-1].number != number:
                if any(t.number == number for t in rosters):
                    problems.add(r, TEAM_NO, f"team {number} is listed twice (its players go on consecutive rows)")
                    continue
                rosters.append(_Roster(number, cells[TEAM_NAME], cells[TEAM_NICKNAME], grid.address(r, TEAM_NAME)))
        if not cells[PLAYER_NAME]:
            if any(cells[c] for c in (PLAYER_RATING, PLAYER_ID)):
                problems.add(r, PLAYER_NAME, "a player's rating or FIDE ID without the player's name")
            continue
        if not rosters:
            problems.add(r, TEAM_NO, f"player {cells[PLAYER_NAME]!r} comes before any team number")
            continue
        team = rosters[-1]
        if len(team.players) == MAX_TEAM_PLAYERS:
            problems.add(r, PLAYER_NAME, f"team {team.number} has more than {MAX_TEAM_PLAYERS} players "
                                         f"(record 310 holds 14)")
            continue
        if cells[PLAYER_BOARD] and whole_number(grid.value(r, PLAYER_BOARD)) != len(team.players) + 1:
            problems.add(r, PLAYER_BOARD, f"board {cells[PLAYER_BOARD]!r}: team {team.number}'s players are "
                                          f"listed in board order, so this one is board {len(team.players) + 1}")
        rating = None
        if cells[PLAYER_RATING]:
            rating = parse_int(grid.value(r, PLAYER_RATING))
            if rating is None or not MIN_RATING <= rating <= MAX_RATING:
                problems.add(r, PLAYER_RATING, f"rating {cells[PLAYER_RATING]!r}: want a whole number "
                                               f"{MIN_RATING} to {MAX_RATING}")
                rating = None
        fide_id = cells[PLAYER_ID]
        if fide_id and not fide_id.isdigit():
            problems.add(r, PLAYER_ID, f"FIDE ID {fide_id!r}: want digits only")
        other = seen_ids.get(fide_id) if fide_id else None
        if other is not None and other[0] != team.number:
            problems.add(r, PLAYER_ID, f"FIDE ID {fide_id} is on team {other[0]} too ({other[1]}): a player plays "
                                       f"for one team")
        named = seen_names.get(cells[PLAYER_NAME].casefold())
        # Two players of one name with different FIDE IDs are two people; without IDs, one.
        if other is None and named is not None and named[0] != team.number and not (fide_id and named[2]
                                                                                      and fide_id != named[2]):
            problems.add(r, PLAYER_NAME, f"{cells[PLAYER_NAME]!r} is on team {named[0]} too ({named[1]}): a player "
                                         f"plays for one team")
        if fide_id:
            seen_ids.setdefault(fide_id, (team.number, grid.address(r, PLAYER_ID)))
        seen_names.setdefault(cells[PLAYER_NAME].casefold(), (team.number, grid.address(r, PLAYER_NAME), fide_id))
        sno = len(players) + 1
        players[sno] = Player(sno, cells[PLAYER_NAME], title=cells[PLAYER_TITLE], rating=rating,
                              federation=cells[PLAYER_FED], player_id=fide_id, id_issuer="FIDE" if fide_id else "")
        team.players.append(sno)
    for team in rosters:
        if not team.name and team.players:
            problems.at(team.cell.rpartition("!")[2], f"team {team.number} has no name")
    # A prepared team number with neither a name nor players is a block the event did not use.
    return players, [t for t in rosters if t.name or t.players], problems


# ---------------------------------------------------------------- Matches


class _MatchReader:
    def __init__(self, grid: Grid, rosters: list[_Roster], players: dict[int, Player], settings: TeamSettings):
        self.grid = grid
        self.problems = Problems(grid.sheet)
        self.rosters = {t.number: t for t in rosters}
        self.players = players
        self.settings = settings
        self.pending_rounds: list[int] = []

    def read(self) -> list[_Match]:
        grid = self.grid
        matches: list[_Match] = []
        current: _Match | None = None
        for r in range(1, grid.height):
            cells = [text(grid.value(r, c)) for c in range(M_COLOUR + 1)]
            if not any(cells[c] for c in (M_ROUND, M_BOARD, M_HOME, M_RESULT, M_AWAY)):
                continue
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

    def _match_row(self, r: int, cells: list[str]) -> _Match | None:
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
        return _Match(rnd, home, away, bye, score, forfeit, r)

    def _board_row(self, r: int, cells: list[str], match: _Match) -> None:
        board = whole_number(self.grid.value(r, M_BOARD))
        top = self.settings.boards or MAX_TEAM_PLAYERS
        if board is None or not 1 <= board <= top:
            self.problems.add(r, M_BOARD, f"board {cells[M_BOARD]!r}: want a whole number 1 to {top}")
            return
        if any(b.board == board for b in match.boards):
            self.problems.add(r, M_BOARD, f"round {match.round}: board {board} twice in one match")
            return
        home = _Side(self._player(r, M_HOME, cells[M_HOME], match.home, match), self.grid.address(r, M_HOME))
        away = _Side(self._player(r, M_AWAY, cells[M_AWAY], match.away, match), self.grid.address(r, M_AWAY))
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
        match.boards.append(_BoardRow(board, home, away, codes, self.grid.address(r, M_RESULT), Colour(colour)))

    def _check_sides(self, r: int, board: int, codes, home: _Side, away: _Side, cells: list[str]) -> None:
        """A result on a board must have a player on each side whose score it gives (art. 12 intro:
        only a player present can win by forfeit)."""
        needs_home = codes[0] is not ResultCode.FORFEIT_LOSS or codes[1] is not ResultCode.FORFEIT_WIN
        needs_away = codes[1] is not ResultCode.FORFEIT_LOSS or codes[0] is not ResultCode.FORFEIT_WIN
        if codes == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS):
            needs_home = needs_away = False
        for side, needed, col in ((home, needs_home, M_HOME), (away, needs_away, M_AWAY)):
            if needed and side.player is None and not cells[col]:
                self.problems.add(r, M_RESULT, f"board {board}: result {cells[M_RESULT]!r} on a board with no "
                                               f"{'home' if col == M_HOME else 'away'} player")
        if home.player is None and away.player is None and not cells[M_HOME] and not cells[M_AWAY]:
            self.problems.add(r, M_RESULT, f"board {board}: result {cells[M_RESULT]!r} on a board with no players")

    def _player(self, r: int, c: int, raw: str, team: int | None, match: _Match) -> int | None:
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

    def _check_rounds(self, matches: list[_Match]) -> None:
        """Each team in one match a round, each player on one board; a played round's matches all
        have results; a typed match score equals the boards' sum."""
        played = {m.round for m in matches if m.forfeit or any(b.codes for b in m.boards)}
        last = max(played, default=0)
        if self.settings.rounds is not None and last > self.settings.rounds:
            self.problems.at(self.settings.cells.get("rounds", "B1").rpartition("!")[2] or "B1",
                             f"Rounds is {self.settings.rounds}, but the Matches sheet has results of round {last}")
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
                sums = _game_points(m)
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


def _game_points(m: _Match) -> tuple[Fraction, Fraction]:
    """The boards' sums home and away (C.07 art. 12 intro: a forfeit win is a standard win)."""
    scoring = STANDARD_SCORING
    home = sum((scoring.points(RoundEntry(m.round, b.away.player, Colour.NONE, b.codes[0])) for b in m.boards
                if b.codes and b.home.player is not None), Fraction(0))
    away = sum((scoring.points(RoundEntry(m.round, b.home.player, Colour.NONE, b.codes[1])) for b in m.boards
                if b.codes and b.away.player is not None), Fraction(0))
    return home, away


# ---------------------------------------------------------------- the model


def _build(settings: TeamSettings, players: dict[int, Player], rosters: list[_Roster], matches: list[_Match],
           reader: _MatchReader, name: str, sheet: str) -> TeamTournament:
    last = max((m.round for m in matches if m.forfeit or any(b.codes for b in m.boards)), default=0)
    rounds = last
    played = [m for m in matches if m.round <= last]
    scoring = STANDARD_SCORING
    entries: dict[tuple[int, int], RoundEntry] = {}
    for m in played:
        for b in m.boards:
            if b.codes is None:
                continue
            double = b.codes == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
            away_colour = Colour.BLACK if b.home_colour is Colour.WHITE else Colour.WHITE
            if b.home.player is not None:
                entries[b.home.player, m.round] = RoundEntry(m.round, b.away.player, b.home_colour, b.codes[0],
                                                             double and b.away.player is not None)
            if b.away.player is not None:
                entries[b.away.player, m.round] = RoundEntry(m.round, b.home.player, away_colour, b.codes[1],
                                                             double and b.home.player is not None)
    people = tuple(Player(p.start_rank, p.name,
                          tuple(entries.get((sno, r), RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED))
                                for r in range(1, rounds + 1)),
                          title=p.title, rating=p.rating, federation=p.federation, player_id=p.player_id,
                          id_issuer=p.id_issuer) for sno, p in players.items())
    cells = settings.cells
    extra = {"layout": LAYOUT_NAME, **({"tiebreaks_cell": cells["tie-breaks"]} if "tie-breaks" in cells else {}),
             **({"rules_date": settings.rules_date.isoformat(), "rules_date_cell": cells["rules date"]}
                if settings.rules_date else {})}
    individual = Tournament(settings.event or name, people, rounds, scoring, settings.kind,
                            settings.start_date.isoformat() if settings.start_date else "",
                            settings.end_date.isoformat() if settings.end_date else "", settings.tiebreaks,
                            source=sheet, extra=extra)
    boards = settings.boards or max((b.board for m in played for b in m.boards), default=0) \
        or max((len(t.players) for t in rosters), default=0)
    points = settings.team_points
    rounds_of: dict[int, dict[int, TeamRound]] = {t.number: {} for t in rosters}
    byes, forfeits = [], []
    for m in played:
        if m.bye is not None:
            rounds_of[m.home][m.round] = _bye_round(m, settings, boards)
            if m.bye is not MatchKind.PAIRING_ALLOCATED_BYE:
                byes.append(TeamBye(m.bye, m.round, m.home))
            continue
        if m.forfeit:   # record 330; art. 12 intro: the match won by forfeit is a standard win on every board
            forfeits.append(ForfeitedMatch(m.forfeit.replace("/", ""), m.round, m.home, m.away))
            for team, sign in ((m.home, m.forfeit[0]), (m.away, m.forfeit[-1])):
                won = sign == "+"
                rounds_of[team][m.round] = TeamRound(
                    m.round, m.away if team == m.home else m.home,
                    MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS,
                    points.win if won else Fraction(0), Fraction(boards) * scoring.win if won else Fraction(0))
            continue
        home_boards, away_boards = _boards(m, boards, entries, scoring)
        home, away = _with_match_points(m, home_boards, away_boards, points)
        rounds_of[m.home][m.round], rounds_of[m.away][m.round] = home, away
    teams = tuple(Team(t.number, t.name, tuple(t.players), t.nickname,
                       rounds=tuple(rounds_of[t.number].get(r) or TeamRound(r, None, MatchKind.NOT_PAIRED, Fraction(0),
                                                                            Fraction(0))
                                    for r in range(1, rounds + 1)))
                  for t in rosters)
    notes = ()
    if reader.pending_rounds:
        listed = ", ".join(map(str, reader.pending_rounds))
        notes = (f"round{'s' if len(reader.pending_rounds) > 1 else ''} {listed} on the {sheet} sheet "
                 f"{'have' if len(reader.pending_rounds) > 1 else 'has'} no results yet: the standings are "
                 f"after round {rounds}",)
    return TeamTournament(individual, teams, boards, points, settings.pab, settings.colours,
                          "GP" if settings.primary == "GP" else "", settings.kind, tuple(byes), tuple(forfeits),
                          notes=notes)


def _bye_round(m: _Match, settings: TeamSettings, boards: int) -> TeamRound:
    """A team bye: the PAB's points from Settings (record 320; a win on every board when not given),
    a full- or half-point bye a win or a draw on every board, a zero-point bye nothing (record 240)."""
    points = settings.team_points
    if m.bye is MatchKind.PAIRING_ALLOCATED_BYE:
        mp, gp = settings.pab or (points.win, Fraction(boards))
        return TeamRound(m.round, None, m.bye, mp, gp)
    mp = {MatchKind.FULL_POINT_BYE: points.win, MatchKind.HALF_POINT_BYE: points.draw}.get(m.bye, Fraction(0))
    game = {MatchKind.FULL_POINT_BYE: Fraction(1), MatchKind.HALF_POINT_BYE: Fraction(1, 2)}.get(m.bye, Fraction(0))
    return TeamRound(m.round, None, m.bye, mp, game * boards)


def _boards(m: _Match, boards: int, entries: dict[tuple[int, int], RoundEntry], scoring) -> tuple[tuple[Board, ...],
                                                                                                  tuple[Board, ...]]:
    """Each side's boards 1..boards in board order (a board without a row: empty on both sides)."""
    by_number = {b.board: b for b in m.boards}
    sides: tuple[list[Board], list[Board]] = ([], [])
    for number in range(1, boards + 1):
        row = by_number.get(number)
        for index, (mine, theirs) in enumerate(((row.home, row.away), (row.away, row.home)) if row else ()):
            if mine.player is None or row.codes is None:
                sides[index].append(Board(number, None, None, Fraction(0), False))
                continue
            entry = entries[mine.player, m.round]
            sides[index].append(Board(number, mine.player, theirs.player, scoring.points(entry), entry.played))
        if row is None:
            for side in sides:
                side.append(Board(number, None, None, Fraction(0), False))
    return tuple(sides[0]), tuple(sides[1])


def _with_match_points(m: _Match, home: tuple[Board, ...], away: tuple[Board, ...], points) -> tuple[TeamRound,
                                                                                                     TeamRound]:
    """Match points from the two sides' game points (C.07 art. 11; TRF-2026 record 362): more game
    points win, equal ones (some scored) draw; a match with no game over the board and no point
    earns the loser nothing, as FIDE TEC's engine reads it (and our TRF reader)."""
    gp_home = sum((b.points for b in home), Fraction(0))
    gp_away = sum((b.points for b in away), Fraction(0))
    played = any(b.over_the_board for b in home + away)

    def mp(mine: Fraction, theirs: Fraction) -> Fraction:
        if mine > theirs:
            return points.win
        if mine < theirs or mine == 0:
            return points.loss if played else Fraction(0)
        return points.draw

    return (TeamRound(m.round, m.away, MatchKind.MATCH, mp(gp_home, gp_away), gp_home, home),
            TeamRound(m.round, m.home, MatchKind.MATCH, mp(gp_away, gp_home), gp_away, away))
