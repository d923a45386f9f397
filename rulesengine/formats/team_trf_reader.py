"""The team TRF reader (`team_trf.parse_team_trf`): the team records (310, 320, 330, 300, 352,
362, 240, 192, and the legacy TRF-16 013) checked against the players' results, read by the
individual reader (`trf.py`), and each team's matches round by round.

Two block forms exist only in team files and are set aside for the individual reader
(`_set_aside`): a forfeit win with no opponent (`0000 - +`, a board whose opponent team left it
empty, or a player of the winner of a forfeited match) and a forfeit win naming a scheduled
opponent whose own line does not answer it (`0012 w +` against `0000 - -`, a 330 match). Each is
put back in the player's results, so the file written back is the file read. Problems are
located `FILE:LINE:COL`, all at once.

Speed (issue 22 item 6): an ordinary match is read from its round's columns in C and its boards
are built only when read (`_TeamReader._ordinary_match`); `plain=True` reads every match board by
board, and tests/team/test_team_trf_fast_path.py proves the two equal.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import partial
from itertools import compress
from typing import Callable, NamedTuple

from rulesengine.errors import Location, Problem, quote
from rulesengine.formats.trf import (FIRST_ROUND_COL, PLAYER_MARK, ROUND_WIDTH, PlayerColumns, parse_trf,
                                     parse_trf_players_later, split_lines)
from rulesengine.model import GAME_CODES, UNRATED_GAME_CODES, Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.limits import MAX_NUMBER_TEXT
from rulesengine.numbers import parse_exact, parse_whole
from rulesengine.team import (MAX_TEAM_PLAYERS, Board, ForfeitedMatch, Lineup, MatchKind, Team, TeamBye, TeamPoints,
                              TeamRound, TeamTournament)

TEAM_RECORDS = frozenset({"310", "013"})   # the records that make a TRF a team file
_BLOCK_FORFEIT_WIN = re.compile(r"  ([0-9 ]{4}) ([wbWB -]) \+")
_BYE_KINDS = {"F": MatchKind.FULL_POINT_BYE, "H": MatchKind.HALF_POINT_BYE, "Z": MatchKind.ZERO_POINT_BYE}
_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK}
_COLOUR_MARKS = {Colour.WHITE: "W", Colour.BLACK: "B", Colour.NONE: "-"}
_ZERO = Fraction(0)
_PLAYED_CODES = GAME_CODES | UNRATED_GAME_CODES   # `RoundEntry.played`


def _set_aside(text: str) -> tuple[str, dict[tuple[int, int], tuple[int, int | None, Colour]]]:
    """`text` with the team-only forfeit wins written `0000 - -` for the individual reader, and
    each one found: (start rank, round) -> (line number, scheduled opponent or None, colour)."""
    text = text.lstrip("\ufeff")
    lines, endings, _ = split_lines(text)
    players: dict[int, str] = {}   # start rank -> line, filled when a forfeit win names an opponent

    def answers(opponent: int, rnd: int, sno: int) -> bool:
        """The opponent's own block of round `rnd` names `sno` (read only for a forfeit win)."""
        if not players:
            players.update((int(line[4:8]), line) for line in lines
                           if line[:3] == PLAYER_MARK and line[4:8].strip().isdigit())
        line = players.get(opponent, "")
        start = FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1)
        named = line[start + 2:start + 6].strip()
        return (int(named) if len(line) > start and named.isdigit() else 0) == sno

    found: dict[tuple[int, int], tuple[int, int | None, Colour]] = {}
    out = []
    for number, line in enumerate(lines, start=1):
        # only a line with a `+` can hold a forfeit win: the others are copied as they are
        if line[:3] == PLAYER_MARK and "+" in line and line[4:8].strip().isdigit():
            sno = int(line[4:8])
            for i in range((len(line) - FIRST_ROUND_COL) // ROUND_WIDTH):
                start = FIRST_ROUND_COL + ROUND_WIDTH * i
                if line[start + 9] != "+":
                    continue
                match = _BLOCK_FORFEIT_WIN.fullmatch(line[start:start + ROUND_WIDTH])
                if not match:
                    continue
                opponent = int(match.group(1)) if match.group(1).strip().isdigit() else 0
                if opponent and answers(opponent, i + 1, sno):
                    continue
                found[sno, i + 1] = (number, opponent or None, _COLOURS.get(match.group(2).upper(), Colour.NONE))
                line = line[:start] + "  0000 - -" + line[start + ROUND_WIDTH:]
        out.append(line)
    if not found:   # nothing set aside: the text as it was (split_lines' lines and endings join back to it)
        return text, found
    return "".join(line + ending for line, ending in zip(out, endings)), found


def _individual(text: str, source: str, plain: bool = False) -> tuple[Tournament, dict[int, PlayerColumns], dict]:
    """The players' individual event, their columns by start rank and the forfeit wins set aside
    (`_set_aside`, put back in the players' results); `plain`: the players built at once."""
    masked, forfeit_wins = _set_aside(text)
    if text.startswith("\ufeff"):
        masked = "\ufeff" + masked
    if plain:
        individual = _with_forfeit_wins(parse_trf(masked, source=source), forfeit_wins)
        columns = {p.start_rank: (p.columns.opponents, p.columns.codes) for p in individual.players}
    else:   # the players built only when read (a standings run reads none), their columns read from the lines
        individual, columns = parse_trf_players_later(masked, source, partial(_put_back, forfeit_wins))
    return individual, columns, forfeit_wins


def team_players(text: str, source: str) -> tuple[Player, ...]:
    """The players of the team file `text` as its team event holds them (`_individual`)."""
    return _individual(text, source)[0].players


def _with_forfeit_wins(t: Tournament, found: dict[tuple[int, int], tuple[int, int | None, Colour]]) -> Tournament:
    """The players' results with the set-aside forfeit wins put back."""
    if not found:
        return t
    by_player: dict[int, list[tuple[int, int | None, Colour]]] = {}
    for (sno, rnd), (_, opponent, colour) in found.items():
        by_player.setdefault(sno, []).append((rnd, opponent, colour))
    players = []
    for player in t.players:
        wins = by_player.get(player.start_rank)
        if not wins:
            players.append(player)
            continue
        rounds = list(player.rounds)
        for rnd, opponent, colour in wins:
            if rnd <= len(rounds):
                rounds[rnd - 1] = RoundEntry(rnd, opponent, colour, ResultCode.FORFEIT_WIN)
        players.append(replace(player, rounds=tuple(rounds)) if rounds != list(player.rounds) else player)
    return replace(t, players=tuple(players))


def _put_back(found: dict[tuple[int, int], tuple[int, int | None, Colour]], records: dict, rounds: int) -> None:
    """`_with_forfeit_wins` on the player records, before the players are built from them."""
    for (sno, rnd), (_, opponent, colour) in found.items():
        record = records.get(sno)
        if record is None or rnd > min(len(record.codes), rounds):
            continue
        i = rnd - 1
        records[sno] = record._replace(opponents=record.opponents[:i] + (opponent or 0,) + record.opponents[rnd:],
                                       colours=record.colours[:i] + _COLOUR_MARKS[colour] + record.colours[rnd:],
                                       codes=record.codes[:i] + "+" + record.codes[rnd:])


def _numbers(text: str, first: int, width: int) -> list[tuple[int, str]]:
    """The fixed-width fields of a record from 0-based column `first`, `width` apart:
    (column, text) for each non-blank one."""
    return [(col, text[col:col + width - 1]) for col in range(first, len(text), width)
            if text[col:col + width - 1].strip()]


class _TeamReader:
    """The team records of a parsed file, checked against the players' results."""

    def __init__(self, individual: Tournament, columns: dict[int, PlayerColumns], source: str, plain: bool = False):
        self.t = individual
        self.columns = columns   # by start rank, in start rank order: the players' columns read, not built
        self.source = source
        self.plain = plain   # every match read board by board (`_match`), for the tests of the fast path
        self.problems: list[Problem] = []
        self._code_points: dict[tuple[ResultCode, bool], tuple[Fraction, int, bool]] = {}
        self._scale = individual.scoring.units().scale   # every code's points are whole multiples of 1/scale
        # no lambdas: an event holds this reader until its boards are built, and events are pickled (batch)
        self._units_with_opponent = _Memo(self._units_of_code)
        self._game_points = _Memo(self._fraction_of_units)   # one Fraction per total
        # header index i is line i + 1: every line of the file is one header item
        self.records = [(number, code, code + rest) for number, (code, rest) in enumerate(individual.header, start=1)
                        if code and code != PLAYER_MARK]

    def bad(self, line: int, col: int, message: str) -> None:
        self.problems.append(Problem(Location(self.source, line, col), message))

    def whole(self, line: int, col: int, text: str, what: str) -> int | None:
        value = _WHOLES[text]
        if value is None or value < 0:
            self.bad(line, col + 1, f"{what} must be a whole number, found {quote(text.strip())}")
            return None
        return value

    def exact(self, line: int, col: int, text: str, what: str) -> Fraction | None:
        if not text.strip():
            return None
        value = _EXACTS[text]
        if value is None:
            self.bad(line, col + 1, f"{what} must be a number, found {quote(text.strip())}")
        return value

    # ------------------------------------------------------------ records

    def teams(self) -> tuple[list[Team], bool]:
        teams: list[Team] = []
        legacy = not any(code == "310" for _, code, _ in self.records)
        owner: dict[int, tuple[int, int]] = {}   # start rank -> (team, line)
        numbers: set[int] = set()
        _primed([line[first:end] for _, code, line in self.records if code == "310"
                 for first, end in ((4, 7), (47, 53), (68, 71))])   # number, strength, rank
        _primed_exacts([line[first:end] for _, code, line in self.records if code == "310"
                        for first, end in ((54, 60), (61, 67))])   # MP, GP
        for line_no, code, line in self.records:
            if code not in TEAM_RECORDS or (code == "013" and not legacy):
                continue
            if code == "310":
                number = self.whole(line_no, 4, line[4:7], "record 310: the team pairing number (columns 5-7)")
                name, nick = line[8:40].strip(), line[41:46].strip()
                strength = _WHOLES[line[47:53]]
                mp = self.exact(line_no, 54, line[54:60], "record 310: match points (columns 55-60)")
                gp = self.exact(line_no, 61, line[61:67], "record 310: game points (columns 62-67)")
                rank = _WHOLES[line[68:71]]
                fields = _numbers(line, 73, 5)
            else:
                number, name, nick, strength, mp, gp, rank = len(teams) + 1, line[4:36].strip(), "", None, None, None, None
                fields = _numbers(line, 36, 5)
            if number is None:
                continue
            if len(fields) > MAX_TEAM_PLAYERS:
                self.bad(line_no, fields[MAX_TEAM_PLAYERS][0] + 1,
                         f"record {code}: team {number} has {len(fields)} players, at most {MAX_TEAM_PLAYERS}")
            players = _wholes([text for _, text in fields])
            if (len(fields) <= MAX_TEAM_PLAYERS and None not in players and owner.keys().isdisjoint(players)
                    and self.columns.keys() >= set(players) and len(set(players)) == len(players)):
                fields = []   # every start rank whole, known and new (the loop below would report nothing)
                owner.update(dict.fromkeys(players, (number, line_no)))
            else:
                players = []
            for col, text in fields[:MAX_TEAM_PLAYERS]:
                sno = _WHOLES[text]
                if sno is None or sno < 0:   # `whole`, its message made only for a problem
                    self.whole(line_no, col, text, f"record {code}: a player's start rank")
                    continue
                if sno not in self.columns:
                    self.bad(line_no, col + 1, f"record {code}: team {number} names player {sno}, who has no 001 record")
                elif sno in owner:
                    self.bad(line_no, col + 1, f"record {code}: player {sno} is already on team {owner[sno][0]} "
                                               f"(line {owner[sno][1]}): a player plays for one team")
                else:
                    owner[sno] = (number, line_no)
                    players.append(sno)
            if number in numbers:
                self.bad(line_no, 5, f"record {code}: team pairing number {number} is used twice")
                continue
            numbers.add(number)
            teams.append(Team(number, name, tuple(players), nick, strength or None, mp, gp, rank))
        return teams, legacy

    def team_points(self) -> TeamPoints:
        values = {}
        for line_no, code, line in self.records:
            if code != "362":
                continue
            tokens = [(m.group(), m.start()) for m in re.finditer(r"\S+", line[3:])]
            for (key, _), (text, col) in zip(tokens[::2], tokens[1::2]):
                name = {"TW": "win", "TD": "draw", "TL": "loss"}.get(key.upper())
                value = self.exact(line_no, col + 3, text, f"record 362: {key}")
                if name and value is not None:
                    values[name] = value
        return TeamPoints(**values)

    def pab(self) -> tuple[tuple[Fraction, Fraction] | None, dict[tuple[int, int], int]]:
        """Record 320: the PAB's match and game points, and (round, team) -> line."""
        points, byes = None, {}
        for line_no, code, line in self.records:
            if code != "320":
                continue
            mp = self.exact(line_no, 4, line[4:8], "record 320: the PAB's match points (columns 5-8)")
            gp = self.exact(line_no, 9, line[9:13], "record 320: the PAB's game points (columns 10-13)")
            if mp is not None and gp is not None:
                points = (mp, gp)
            for index, col in enumerate(range(14, len(line), 4)):
                if not line[col:col + 3].strip():
                    continue   # a blank round is `000`, no PAB (TEC's Grandmommy's Cup writes blanks)
                team = self.whole(line_no, col, line[col:col + 3], "record 320: a team number")
                if team:
                    byes[index + 1, team] = line_no
        return points, byes

    def forfeits(self) -> list[tuple[ForfeitedMatch, int]]:
        found = []
        for line_no, code, line in self.records:
            if code != "330":
                continue
            result = line[4:6]
            if result not in ("+-", "-+", "--"):
                self.bad(line_no, 5, f"record 330: the result must be +-, -+ or --, found {quote(result)}")
                continue
            rnd = self.whole(line_no, 7, line[7:10], "record 330: the round (columns 8-10)")
            white = self.whole(line_no, 11, line[11:14], "record 330: the white team (columns 12-14)")
            black = self.whole(line_no, 15, line[15:18], "record 330: the black team (columns 16-18)")
            if None not in (rnd, white, black):
                found.append((ForfeitedMatch(result, rnd, white, black), line_no))
        return found

    def lineups(self) -> list[tuple[Lineup, int]]:
        found = []
        for line_no, code, line in self.records:
            if code != "300":
                continue
            rnd = self.whole(line_no, 4, line[4:7], "record 300: the round (columns 5-7)")
            team = self.whole(line_no, 8, line[8:11], "record 300: the team (columns 9-11)")
            opponent = self.whole(line_no, 12, line[12:15], "record 300: the opponent team (columns 13-15)")
            players = [self.whole(line_no, col, text, "record 300: a board's player") for col, text in _numbers(line, 16, 5)]
            if None not in (rnd, team, opponent) and None not in players:
                found.append((Lineup(rnd, team, opponent, tuple(players)), line_no))
        return found

    def team_byes(self, numbers: set[int]) -> list[tuple[TeamBye, int]]:
        found = []
        for line_no, code, line in self.records:
            if code != "240":
                continue
            kind = _BYE_KINDS.get(line[4:5].upper())
            tokens = [(m.group(), m.start() + 5) for m in re.finditer(r"\S+", line[5:])]
            if kind is None or not tokens:
                self.bad(line_no, 5, f"record 240: expected F, H or Z, a round and teams, found {quote(line[4:])}")
                continue
            rnd = self.whole(line_no, tokens[0][1], tokens[0][0], "record 240: the round")
            for text, col in tokens[1:]:
                team = self.whole(line_no, col, text, "record 240: a team number")
                if team is not None and team not in numbers:
                    self.bad(line_no, col + 1, f"record 240: team {team} has no 310/013 record")
                elif team is not None and rnd is not None:
                    found.append((TeamBye(kind, rnd, team), line_no))
        return found

    # ------------------------------------------------------------ matches

    def schedule(self) -> _Schedule:
        """The team records read and checked against each other (problems appended): what the
        matches are read with."""
        teams, legacy = self.teams()
        numbers = {team.number for team in teams}
        team_of = {sno: team.number for team in teams for sno in team.players}
        points = self.team_points()
        pab, pab_rounds = self.pab()
        forfeits = self.forfeits()
        lineups = self.lineups()
        byes = self.team_byes(numbers)
        fields = {code: line[3:].strip() for _, code, line in self.records}
        for (rnd, team), line_no in pab_rounds.items():
            if team not in numbers:
                self.bad(line_no, 15 + 4 * (rnd - 1), f"record 320: team {team} has no 310/013 record")
        for forfeit, line_no in forfeits:
            for team, col in ((forfeit.white, 12), (forfeit.black, 16)):
                if team not in numbers:
                    self.bad(line_no, col, f"record 330: team {team} has no 310/013 record")
        for lineup, line_no in lineups:
            for sno in lineup.players:
                if sno and team_of.get(sno) != lineup.team:
                    self.bad(line_no, 17, f"record 300: player {sno} is not on team {lineup.team}")
        forfeit_of = {}
        for forfeit, _ in forfeits:
            forfeit_of[forfeit.round, forfeit.white] = (forfeit, forfeit.result[0])
            forfeit_of[forfeit.round, forfeit.black] = (forfeit, forfeit.result[1])
        return _Schedule(teams, legacy, team_of, points, pab, pab_rounds, forfeits, lineups, byes, fields,
                         fields.get("352", "").upper(), forfeit_of, {(bye.round, bye.team): bye.kind for bye, _ in byes})

    def event(self, s: _Schedule, teams: list[Team], boards: int) -> TeamTournament:
        """The team event of the teams with their rounds (`_with_match_points`)."""
        kind_text = s.fields.get("092", "").upper()
        if "SWISS" in kind_text:
            kind = "swiss"
        elif "ROBIN" in kind_text or "BERGER" in kind_text or re.search(r"\bRR\b", kind_text):
            kind = "round robin"
        else:   # FIDE TEC's engine: as many teams as rounds (or one more) is a round robin
            kind = "round robin" if len(s.teams) in (self.t.rounds, self.t.rounds + 1) else "swiss"
        return TeamTournament(self.t, tuple(teams), boards, s.points, s.pab, s.sequence, s.fields.get("192", ""), kind,
                              tuple(b for b, _ in s.byes), tuple(f for f, _ in s.forfeits),
                              tuple(x for x, _ in s.lineups), s.legacy)

    def read(self, forfeit_wins: dict[tuple[int, int], tuple[int, int | None, Colour]]) -> TeamTournament:
        t = self.t
        s = self.schedule()
        teams, team_of = s.teams, s.team_of
        if self.problems:
            return TeamTournament(t, tuple(teams), len(s.sequence))
        for sno in self.columns:
            if sno not in team_of:
                self.bad(self._line_of(sno), 5, f"player {sno} is on no team (records 310/013)")
        for sno, (_, codes) in self.columns.items():   # the columns: no RoundEntry built to find a U
            if ResultCode.PAIRING_ALLOCATED_BYE not in codes:
                continue
            for rnd, code in enumerate(codes, start=1):
                if code is ResultCode.PAIRING_ALLOCATED_BYE:
                    self.bad(self._line_of(sno), FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1) + 10,
                             f"round {rnd}: player {sno} has a pairing-allocated bye (U): in a "
                             f"team event the PAB is the team's (record 320), which a TRF-16 013 file cannot express")
        lineup_of = {(lineup.round, lineup.team): lineup for lineup, _ in s.lineups}
        boards = len(s.sequence) or self._largest_lineup(teams, team_of)
        plans = {}
        unusual = {(rnd, team_of.get(sno)) for sno, rnd in forfeit_wins} | set(lineup_of)   # (round, team)
        for team in teams:
            roster = _Roster(team.players, [self.columns[sno] for sno in team.players], t.rounds)
            plans[team.number] = [self._round(team, rnd, roster, team_of, s.points, s.pab, s.pab_rounds, s.forfeit_of,
                                              s.bye_of, lineup_of, forfeit_wins, boards, unusual)
                                  for rnd in range(1, t.rounds + 1)]
        return self.event(s, self._with_match_points(teams, plans, s.points), boards)

    def _line_of(self, sno: int) -> int:
        for number, (code, rest) in enumerate(self.t.header, start=1):
            if code == PLAYER_MARK and rest == str(sno):
                return number
        return 1

    def _largest_lineup(self, teams: list[Team], team_of: dict[int, int]) -> int:
        """Without record 352: the most players one team fielded in a round."""
        counts: dict[tuple[int, int], int] = {}
        for sno, (opponents, codes) in self.columns.items():
            for rnd, (opponent, code) in enumerate(zip(opponents, codes), start=1):
                if opponent or code is ResultCode.FORFEIT_WIN:
                    key = (team_of.get(sno, 0), rnd)
                    counts[key] = counts.get(key, 0) + 1
        return max(counts.values(), default=max((len(team.players) for team in teams), default=0))

    def _round(self, team, rnd, roster, team_of, points, pab, pab_rounds, forfeit_of, bye_of, lineup_of, forfeit_wins,
               boards, unusual) -> TeamRound | _Match:
        """A team's round: a `TeamRound` for anything but a match, whose match points need the
        other side's game points (`_with_match_points`)."""
        t = self.t
        if (rnd, team.number) in pab_rounds:
            mp, gp = pab or (points.win, Fraction(boards))
            return TeamRound(rnd, None, MatchKind.PAIRING_ALLOCATED_BYE, mp, gp)
        if (rnd, team.number) in forfeit_of:
            forfeit, sign = forfeit_of[rnd, team.number]
            other = forfeit.black if forfeit.white == team.number else forfeit.white
            for sno, (_, code) in roster.cells(rnd).items():
                if code in _PLAYED_CODES:
                    self.bad(self._line_of(sno), FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1) + 10,
                             f"round {rnd}: player {sno} played a game, but record 330 says team {team.number}'s "
                             f"match against team {other} was forfeited")
                elif code is ResultCode.FORFEIT_WIN and sign != "+":
                    self.bad(self._line_of(sno), FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1) + 10,
                             f"round {rnd}: player {sno} has a forfeit win, but record 330 gives team {team.number} "
                             f"the forfeit loss against team {other} (a one-sided forfeit)")
            if sign == "+":   # art. 12 intro: a standard win on every board
                return TeamRound(rnd, other, MatchKind.FORFEIT_WIN, points.win, Fraction(boards) * t.scoring.win)
            return TeamRound(rnd, other, MatchKind.FORFEIT_LOSS, Fraction(0), Fraction(0))
        if (rnd, team.number) in bye_of:
            kind = bye_of[rnd, team.number]
            mp = {MatchKind.FULL_POINT_BYE: points.win, MatchKind.HALF_POINT_BYE: points.draw}.get(kind, Fraction(0))
            game = {MatchKind.FULL_POINT_BYE: t.scoring.win, MatchKind.HALF_POINT_BYE: t.scoring.draw}.get(kind, Fraction(0))
            return TeamRound(rnd, None, kind, mp, game * boards)
        if not self.plain and (rnd, team.number) not in unusual:
            found = self._ordinary_match(rnd, roster, team_of, boards)
            if found is not None:
                return found
        return self._match(team, rnd, roster, team_of, lineup_of, forfeit_wins, boards)

    def _ordinary_match(self, rnd: int, roster: _Roster, team_of: dict[int, int], boards: int) -> _Match | None:
        """`_match` for a round with no set-aside forfeit win and no record 300, when one team is met
        and no more players are fielded than there are boards; None otherwise. Then the players
        fielded are those with an opponent (a forfeit win or a game needs one, `parse_trf`), so
        the game points, the teams met and whether a game was played are read from the round's
        columns in C, and the boards are built only when read (the same, `_match`)."""
        opponents, codes = roster.opponents[rnd - 1], roster.codes[rnd - 1]
        met = set(map(team_of.get, opponents))
        met.discard(None)   # no opponent (0), or one on no team (reported)
        if len(met) != 1 or len(opponents) - opponents.count(0) > boards:
            return None
        units = sum(map(self._units_with_opponent.__getitem__, compress(codes, opponents)))
        played = not _PLAYED_CODES.isdisjoint(codes)   # a game played has an opponent: only fielded players
        return _Match(met.pop(), units, self._game_points[units], played, partial(self._boards_of_round, roster, boards))

    def _match(self, team, rnd, roster, team_of, lineup_of, forfeit_wins, boards) -> TeamRound | _Match:
        """A match read board by board (the plain reading): its boards, game points and the team met."""
        cells = roster.cells(rnd)
        opponents = {team_of.get(opponent) for sno, (opponent, _) in cells.items()
                     if opponent and (sno, rnd) not in forfeit_wins}
        opponents.discard(None)
        if len(opponents) > 1:
            self.bad(self._line_of(team.players[0]), FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1) + 3,
                     f"round {rnd}: team {team.number}'s players face teams {', '.join(map(str, sorted(opponents)))}: "
                     f"a team meets one team in a round")
            return TeamRound(rnd, None, MatchKind.NOT_PAIRED, Fraction(0), Fraction(0))
        if not opponents:
            for sno, (_, code) in cells.items():
                if code is ResultCode.FORFEIT_WIN:
                    self.bad(forfeit_wins.get((sno, rnd), (self._line_of(sno),))[0],
                             FIRST_ROUND_COL + ROUND_WIDTH * (rnd - 1) + 10,
                             f"round {rnd}: player {sno} has a forfeit win, but team {team.number} has neither a match "
                             f"nor a forfeited match (record 330) in that round (a one-sided forfeit)")
            return TeamRound(rnd, None, MatchKind.NOT_PAIRED, Fraction(0), Fraction(0))
        board_list, units, played = self._board_list(rnd, roster, lineup_of.get((rnd, team.number)), boards)
        return _Match(opponents.pop(), units, Fraction(units, self._scale), played, board_list)

    def _board_list(self, rnd: int, roster: _Roster, lineup: Lineup | None,
                    boards: int) -> tuple[tuple[Board, ...], int, bool]:
        """A match's boards in board order (record 300's, else the roster order of the players
        fielded: a game, or a board left empty opposite), its game points in whole units of the
        scoring system (one Fraction per match) and whether a game was played over the board."""
        cells = roster.cells(rnd)
        if lineup is not None:
            order = list(lineup.players)
        else:
            order = [sno for sno, (opponent_sno, code) in cells.items()
                     if opponent_sno or code is ResultCode.FORFEIT_WIN or code in _PLAYED_CODES]
        order += [0] * (boards - len(order))
        board_list = []
        units, any_played = 0, False
        known = self._code_points
        for number, sno in enumerate(order[:boards], start=1):
            if not sno:
                board_list.append(Board(number, None, None, _ZERO, False))
                continue
            opponent_sno, code = cells[sno]
            points_of, unit, played = known.get((code, not opponent_sno)) or self._points(code, opponent_sno)
            units += unit
            any_played = any_played or played
            board_list.append(Board(number, sno, opponent_sno or None, points_of, played))
        return tuple(board_list), units, any_played

    def _boards(self, rnd: int, roster: _Roster, lineup: Lineup | None, boards: int) -> tuple[Board, ...]:
        return self._board_list(rnd, roster, lineup, boards)[0]

    def _boards_of_round(self, roster: _Roster, boards: int, rnd: int) -> tuple[Board, ...]:
        """A match's boards as `TeamRound.with_boards_later` asks for them: by round, last."""
        return self._board_list(rnd, roster, None, boards)[0]

    def _units_of_code(self, code: ResultCode) -> int:
        return self._points(code, 1)[1]

    def _fraction_of_units(self, units: int) -> Fraction:
        return Fraction(units, self._scale)

    def _points(self, code: ResultCode, opponent: int) -> tuple[Fraction, int, bool]:
        """`Scoring.points`, the same in whole units (`Scoring.units`) and `RoundEntry.played`,
        worked out once per result code and whether an opponent is named (a forfeit loss without
        one is not paired): they read nothing else of the entry."""
        key = (code, not opponent)
        found = self._code_points.get(key)
        if found is None:
            points = self.t.scoring.points(RoundEntry(0, opponent or None, Colour.NONE, code))
            found = self._code_points[key] = (points, points.numerator * (self._scale // points.denominator),
                                              code in _PLAYED_CODES)
        return found

    def _with_match_points(self, teams: list[Team], plans: dict[int, list], points: TeamPoints) -> list[Team]:
        """The teams with their rounds; a match's points from the two sides' game points (C.07
        art. 11), a match both teams must show."""
        built = []
        for team in teams:
            rounds = []
            for i, r in enumerate(plans[team.number]):
                if type(r) is not _Match:
                    rounds.append(r)
                    continue
                theirs = plans[r.opponent][i]
                their_opponent = theirs.opponent
                if their_opponent != team.number:
                    self.bad(1, 1, f"round {i + 1}: team {team.number} meets team {r.opponent}, whose players "
                                   f"meet team {their_opponent or 'none'}")
                    mp = _ZERO
                else:
                    # game points compared in whole units (the same scale on both sides)
                    ours, other = (r.units, theirs.units) if type(theirs) is _Match else (r.game_points, theirs.game_points)
                    mp = match_points(points, ours, other, r.over_the_board or theirs.over_the_board)
                if type(r.boards) is tuple:
                    rounds.append(TeamRound(i + 1, r.opponent, MatchKind.MATCH, mp, r.game_points, r.boards))
                else:
                    rounds.append(TeamRound.with_boards_later(i + 1, r.opponent, MatchKind.MATCH, mp, r.game_points,
                                                              r.over_the_board, r.boards))
            built.append(replace(team, rounds=tuple(rounds)))
        return built


def match_points(points: TeamPoints, ours: Fraction | int, theirs: Fraction | int, played: bool) -> Fraction:
    """A match's points from the two sides' game points (C.07 art. 11): more win, equal draw when
    a point was scored; a loss, or a match with no point scored, gives `points.loss` when a game
    was played over the board, else nothing."""
    if ours > theirs:
        return points.win
    if ours < theirs:
        return points.loss if played else _ZERO
    if ours > 0:
        return points.draw
    return points.loss if played else _ZERO


class _Match(NamedTuple):
    """A match as read, before its match points: the team met, the game points, whether a game
    was played over the board, and the boards (or what builds them when read)."""

    opponent: int
    units: int   # the game points in whole units of the scoring system
    game_points: Fraction
    over_the_board: bool
    boards: tuple[Board, ...] | Callable[[], tuple[Board, ...]]


class _Schedule(NamedTuple):
    """The team records of a file, read (`_TeamReader.schedule`)."""

    teams: list[Team]
    legacy: bool
    team_of: dict[int, int]   # start rank -> team number
    points: TeamPoints
    pab: tuple[Fraction, Fraction] | None
    pab_rounds: dict[tuple[int, int], int]   # (round, team) -> line of record 320
    forfeits: list[tuple[ForfeitedMatch, int]]
    lineups: list[tuple[Lineup, int]]
    byes: list[tuple[TeamBye, int]]
    fields: dict[str, str]   # record code -> its text (the last of each code)
    sequence: str   # record 352, upper-cased
    forfeit_of: dict[tuple[int, int], tuple[ForfeitedMatch, str]]   # (round, team) -> the 330 match, the team's sign
    bye_of: dict[tuple[int, int], MatchKind]   # (round, team) -> record 240's bye


class _Memo(dict):
    """A function's values, each worked out on first use (read in C by `map(memo.__getitem__, ...)`);
    bounded: a file of ever new texts clears it now and then."""

    def __init__(self, make: Callable) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        if len(self) > 50_000:
            self.clear()
        value = self[key] = self.make(key)
        return value


# Record fields repeat the same few texts (start ranks, "  18.0"): each converted once per process.
def _whole_or_none(text: str) -> int | None:
    return parse_whole(text.strip()) if text.strip() else None


_WHOLES = _Memo(_whole_or_none)
_EXACTS = _Memo(parse_exact)
_ASCII_DIGITS = b"0123456789 "


def _digit_values(texts: list[str]) -> list[int] | None:
    """`parse_whole` of each text, by `int` in C, when every text is ASCII digits with blanks
    around them (no sign, no blank text, within parse_whole's length); None otherwise."""
    joined = "".join(texts)
    if (not joined.isascii() or joined.encode("ascii").translate(None, _ASCII_DIGITS)
            or max(map(len, texts), default=0) > MAX_NUMBER_TEXT):
        return None
    try:
        return list(map(int, texts))
    except ValueError:   # a blank text, or a blank between digits
        return None


def _wholes(texts: list[str]) -> list[int | None]:
    """`_WHOLES[text]` of each text: by `int` in C when every text is digits and blanks (a start
    rank of a 310 record: 2,200 new texts in a large event), else from the memo."""
    values = _digit_values(texts)
    return list(map(_WHOLES.__getitem__, texts)) if values is None else values


def _primed(texts: list[str]) -> None:
    """`_WHOLES` given the values of the texts that are not blank at once, in C, when all of them
    are digits (`_digit_values`): the 310 records' numbers are new texts in every file."""
    texts = list(filter(str.strip, texts))
    values = _digit_values(texts)
    if values is not None:
        if len(_WHOLES) + len(texts) > 50_000:   # the memo's bound (`_Memo`)
            _WHOLES.clear()
        _WHOLES.update(zip(texts, values))


def _primed_exacts(texts: list[str]) -> None:
    """`_EXACTS` given the value of each new text that is a plain decimal ("  74.5": ASCII digits
    and at most one point, blanks only around it), one Fraction each: `parse_exact` gives the same
    value by adding the whole and decimal parts as Fractions. Other texts are left to the memo."""
    for text in set(texts) - _EXACTS.keys():
        number = text.strip()
        whole, _, decimals = number.partition(".")
        digits = whole + decimals
        if digits and len(number) <= MAX_NUMBER_TEXT and digits.isascii() and digits.isdigit():
            if len(_EXACTS) > 50_000:   # the memo's bound (`_Memo`)
                _EXACTS.clear()
            _EXACTS[text] = Fraction(int(digits), 10 ** len(decimals))


class _Roster:
    """A team's players' columns by round (index 0 = round 1): each round's opponents (0 for
    none) and result codes, in roster order; a missing trailing round is not paired
    (`Player.entry`)."""

    def __init__(self, players: tuple[int, ...], columns: list[tuple[tuple[int, ...], tuple[ResultCode, ...]]],
                 rounds: int):
        self.players = players
        self.opponents = list(zip(*(o + (0,) * (rounds - len(o)) for o, _ in columns))) or [()] * rounds
        self.codes = (list(zip(*(c + (ResultCode.NOT_PAIRED,) * (rounds - len(c)) for _, c in columns)))
                      or [()] * rounds)

    def cells(self, rnd: int) -> dict[int, tuple[int, ResultCode]]:
        """Each player's (opponent or 0, code) in round `rnd`."""
        return dict(zip(self.players, zip(self.opponents[rnd - 1], self.codes[rnd - 1])))


