"""The common team TRF read in one pass over the whole text (issue 22 item 6: team standings).

`read_bulk(text)` gives the same `TeamTournament` as the team reader (`team_trf_reader`) for a
file of the common shape, and None for anything else, which the team reader then reads (and
locates every problem of). The common shape: "\\n" line ends, no byte-order mark; every 001 line
as long as the others, ending on a whole round block (`"  oooo c r"`, at most as many as the
rounds record XXR/142 declares); each block a game between two lines that name each other with
opposite colours and mirrored codes (1/0, =/=, W/L, D/D), a forfeit answered by a forfeit (+/-,
-/-), or no opponent (`0000 - -`, blank, a bye `0000 - H`/`F`/`Z`, a forfeit win `0000 - +`);
fixed columns the individual reader takes; every player on one team; in each round a team's
players meeting one team, on no more boards than a match has. The rounds of records 320, 330 and
240 are read by the team reader's own `_round`, a round of record 300 or with a `0000 - +` board
by its `_match`, as the team reader reads them.

How: the players' lines are put in team order (each team's players a run of rows), their round
blocks joined into one text, and every column taken from it with a strided slice in C: the
opponents (`_opponents`), one byte per block for its colour and code together (`_combined`),
and from that byte, by `bytes.translate`, the block's mirror, its points in whole units, whether
a game was played and whether a board was fielded. A round's pairing is checked as an involution
over the rows (`_paired_both_ways`); a team's round is a strided slice of the rows. Nothing is
built per board: the boards of a match are built when read (`TeamRound.with_boards_later`) by
the team reader from the same columns, and the players when read (`Tournament.with_players_later`)
by the team reader's individual reading of the text.

tests/team/test_team_trf_bulk.py proves the events equal to the team reader's plain reading.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from functools import partial
from operator import itemgetter

from rulesengine.formats.team_trf_reader import (_PLAYED_CODES, _digit_values, _Match, _Roster, _Schedule, _TeamReader,
                                                 _wholes, match_points, team_players)
from rulesengine.formats.trf import (_POINTS, _WHOLES, FIRST_ROUND_COL, MAX_PLAYER_LINE, PLAYER_MARK, ROUND_WIDTH,
                                     _event_kind, _points, _scoring, _tiebreak_codes, _tournament_fields)
from rulesengine.limits import MAX_RATING, MAX_ROUNDS, MAX_TIEBREAKS, MIN_RATING
from rulesengine.model import ResultCode, Tournament
from rulesengine.numbers import parse_whole
from rulesengine.team import MatchKind, Team, TeamRound, TeamTournament

# 001 columns (0-based slices, C.04 Annex 2): start rank, the column after it, rating, points, rank.
_START, _AFTER_START, _RATING, _POINTS_COLUMN, _RANK = (itemgetter(slice(first, end)) for first, end in
                                                        ((4, 8), (8, 9), (48, 52), (80, 84), (85, 89)))

# One byte per round block: its colour in the high half, its code in the low half (TRF-2026:
# letters in either case).
_COLOUR_BITS = {" ": 0x00, "-": 0x10, "W": 0x20, "B": 0x30}
_CODE_BITS = {code.value: index for index, code in enumerate(ResultCode)}   # 13 codes: 0..12
_CODE_OF_BITS = {bits: ResultCode(code) for code, bits in _CODE_BITS.items()}
_BLANK, _ABSENT, _ALONE = 0x00 | _CODE_BITS[" "], 0x10 | _CODE_BITS["-"], 0x10 | _CODE_BITS["+"]   # `0000 - +`
_BYES = tuple(0x10 | _CODE_BITS[code] for code in "HFZ")   # a player's own bye (`0000 - H`): on no board
_NO_OPPONENT = (_BLANK, _ABSENT, _ALONE, *_BYES)   # the blocks without an opponent this pass takes
_OTHER = 0xFF   # any other block mirrors to this, which no block is
_MIRRORED = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}   # C.04 Annex 2
_GAMES = {_COLOUR_BITS[colour] | _CODE_BITS[code]: _COLOUR_BITS[other] | _CODE_BITS[_MIRRORED[code]]
          for colour, other in (("W", "B"), ("B", "W")) for code in _MIRRORED}   # a game or forfeit -> its mirror


def _table(values: dict[int, int], other: int = _OTHER) -> bytes:
    """A `bytes.translate` table: each byte in `values` to its value, any other to `other`."""
    return bytes(values.get(byte, other) for byte in range(256))


def _letters(bits: dict[str, int]) -> bytes:
    """A `bytes.translate` table of characters (either case) to their bits."""
    both = {**bits, **{letter.lower(): value for letter, value in bits.items()}}
    return _table({ord(letter): value for letter, value in both.items()})


_COLOURS_TO_BITS, _CODES_TO_BITS = _letters(_COLOUR_BITS), _letters(_CODE_BITS)
_MIRROR = _table({**_GAMES, **{bits: bits for bits in _NO_OPPONENT}})
_FIELDED = _table(dict.fromkeys((*_GAMES, _ALONE), 1), 0)   # a board of the match (`_largest_lineup`)
_PLAYED = _table({bits: 1 for bits in _GAMES if _CODE_OF_BITS[bits & 0x0F] in _PLAYED_CODES}, 0)
# `_forfeits_answered`: a forfeit with an opponent (W or B) as 1 (`+`) or 2 (`-`), its answer's as 4 or 8.
_FORFEIT_CODES = {bits: 1 if bits & 0x0F == _CODE_BITS["+"] else 2 for bits in _GAMES
                  if bits & 0x0F in (_CODE_BITS["+"], _CODE_BITS["-"])}
_MY_FORFEIT = _table(_FORFEIT_CODES, 0)
_THEIR_FORFEIT = _table({bits: value * 4 for bits, value in _FORFEIT_CODES.items()}, 0)
_FORFEITS_ANSWERED = _table({1 | 8: 0xFF, 2 | 4: 0xFF, 2 | 8: 0xFF}, 0)   # + by -, - by +, - by -
_DIGITS = bytes.maketrans(b" 0123456789", bytes([0, *range(10)]))   # a blank is a leading 0
_IS_BLANK = bytes.maketrans(b" 0123456789", b"\x01" + bytes(10))


def read_bulk(text: str, source: str) -> TeamTournament | None:
    """The team event in `text`, as the team reader reads it, or None when the file is not of the
    common shape (module docstring)."""
    if "\r" in text or text.startswith("\ufeff"):
        return None
    lines = text.split("\n")
    final_newline = lines[-1] == ""
    if final_newline:
        lines.pop()
    marks = [line[:3] for line in lines]
    player_lines = [line for line, mark in zip(lines, marks) if mark == PLAYER_MARK]
    starts = _start_ranks(player_lines)
    if starts is None:
        return None
    # `trf._parse`'s header: every line in order, a player's as her start rank, a blank line as itself
    ranks = iter(map(str, starts))
    header = [(PLAYER_MARK, next(ranks)) if mark == PLAYER_MARK else (mark, line[3:]) if line.strip() else ("", line)
              for line, mark in zip(lines, marks)]
    other_records = [(code, rest, number) for number, (code, rest) in enumerate(header, start=1)
                     if code and code != PLAYER_MARK]   # (code, text after it, line number)
    individual = _individual(text, source, header, other_records, final_newline, player_lines)
    if individual is None:
        return None
    return _TeamPass(individual, dict(zip(starts, player_lines)), source).event()


def _start_ranks(player_lines: list[str]) -> list[int] | None:
    """The start ranks of the 001 lines when all of them are as long as each other, ending on a
    whole round block, with fixed columns the individual reader takes (`_read_player_line`)."""
    if not player_lines or len(set(map(len, player_lines))) != 1:
        return None
    length = len(player_lines[0])
    if length > MAX_PLAYER_LINE or length <= FIRST_ROUND_COL or (length - FIRST_ROUND_COL) % ROUND_WIDTH:
        return None
    starts = _wholes(list(map(_START, player_lines)))   # `trf._WHOLES`' values for these texts
    if (None in starts or min(starts) <= 0 or len(set(starts)) != len(starts)
            or "".join(map(_AFTER_START, player_lines)).strip()):   # a fifth digit of a start rank
        return None
    ratings = list(filter(str.strip, set(map(_RATING, player_lines))))   # blank: no rating
    values = _digit_values(ratings)   # in C when all are digits: no sign, whole
    if values is None:
        for text in {text.strip() for text in ratings}:
            value = _WHOLES[text]
            if value is None or text[0] in "+-" or not MIN_RATING <= value <= MAX_RATING:
                return None
    elif values and not MIN_RATING <= min(values) <= max(values) <= MAX_RATING:
        return None
    for text in {text.strip() for text in set(map(_POINTS_COLUMN, player_lines))}:
        if text and (_POINTS[text] if text in _POINTS else _points(text)) is None:
            return None
    ranks = list(filter(str.strip, set(map(_RANK, player_lines))))
    if _digit_values(ranks) is None:   # digits only: whole, no sign
        for text in {text.strip() for text in ranks}:
            if _WHOLES[text] is None or text[0] in "+-":
                return None
    return starts


def _individual(text: str, source: str, header: list[tuple[str, str]], other_records: list[tuple[str, str, int]],
                final_newline: bool, player_lines: list[str]) -> Tournament | None:
    """The players' individual event as the team reader reads it, its players built by it when
    read; None when a record would be a problem (the number of rounds, the scoring, the tie-breaks)."""
    fields = {code: rest.strip() for code, rest, _ in other_records}
    header_lines = {code: number for code, _, number in other_records}   # the last of each code
    rounds = (len(player_lines[0]) - FIRST_ROUND_COL) // ROUND_WIDTH
    for code in ("XXR", "142"):   # `_declared_rounds`: no fewer than the lines have
        if code in fields:
            declared = fields[code]
            value = parse_whole(declared)
            if value is None or value < rounds or declared[0] in "+-" or value > MAX_ROUNDS:
                return None
            rounds = value
            break
    problems: list = []
    scoring = _scoring(other_records, source, problems)
    tiebreaks, tiebreak_code = _tiebreak_codes(header)
    if problems or len(tiebreaks) > MAX_TIEBREAKS:
        return None
    extra = {"newline": "\n", "final_newline": "1" if final_newline else "", "bom": "",
             "opponent_padding": _opponent_padding(player_lines)}
    if tiebreak_code:
        extra["tiebreak_order_line"] = str(header_lines[tiebreak_code])
    values = _tournament_fields(fields, rounds, scoring, _event_kind(fields), tiebreaks, tuple(header), source, extra,
                                None)
    return Tournament.with_players_later(partial(team_players, text, source), **values)


def _opponent_padding(player_lines: list[str]) -> str:
    """`trf._opponent_padding`: how the first opponent below 1,000, in file order, is written
    ("0012", or "  12" as bbpPairings writes it)."""
    for line in player_lines:
        for start in range(FIRST_ROUND_COL + 2, len(line), ROUND_WIDTH):
            text = line[start:start + 4].strip()
            if text.isdigit() and 0 < int(text) < 1000:
                return "0" if line[start] == "0" else " "
    return "0"


_new = object.__new__
_MATCH = MatchKind.MATCH


class _TeamPass:
    """The teams' rounds of a file read from its players' round columns (module docstring)."""

    def __init__(self, individual: Tournament, line_of: dict[int, str], source: str) -> None:
        self.reader = _TeamReader(individual, dict.fromkeys(line_of), source)
        self.line_of = line_of
        self.rounds = individual.rounds
        self.columns = (len(next(iter(line_of.values()))) - FIRST_ROUND_COL) // ROUND_WIDTH   # round blocks a line has

    def event(self) -> TeamTournament | None:
        reader, rounds, width = self.reader, self.rounds, self.columns
        s = reader.schedule()
        if reader.problems or len(s.team_of) != len(self.line_of) or 0 in s.team_of.values():
            return None
        rows = [sno for team in s.teams for sno in team.players]   # team by team, in roster order
        blocks = "".join([line[FIRST_ROUND_COL:] for line in itemgetter(*rows)(self.line_of)]) if len(rows) > 1 else ""
        if not blocks.isascii():
            return None
        encoded = blocks.encode("ascii")
        opponents = _opponents(encoded)
        if opponents is None:
            return None
        combined = _combined(encoded)
        if combined is None or not _paired_both_ways(rows, opponents, combined, width):
            return None
        units = self._units(combined)
        if units is None:
            return None
        played = combined.translate(_PLAYED)
        alone = _ALONE in combined   # a forfeit win with no opponent (`0000 - +`)
        team_of = [0] * (max(self.line_of) + 1)   # start rank -> team (0: no player)
        for sno, number in s.team_of.items():
            team_of[sno] = number
        met = itemgetter(*opponents)(team_of)   # the team of each block's opponent (0: none), in C; 2 rows or more
        columns = _Columns(reader, opponents, encoded[9::ROUND_WIDTH].decode().upper(), width)
        boards = len(s.sequence) or self._largest_lineup(s.teams, combined.translate(_FIELDED))
        special = {*s.pab_rounds, *s.forfeit_of, *s.bye_of}   # (round, team)
        lineup_of = {(lineup.round, lineup.team): lineup for lineup, _ in s.lineups}   # record 300
        no_game = reader._game_points[0]
        # team by team, round by round: a TeamRound, or the match read (team met, units, played, and
        # the `_Match` the team reader read board by board for a round of record 300, else None)
        plans: list = []
        first = 0   # the team's first row
        for team in s.teams:
            number, last = team.number, first + len(team.players)
            for rnd in range(1, rounds + 1):
                if special and (rnd, number) in special:
                    roster = _Roster(team.players, columns.of_rows(first, last), rounds)
                    plans.append(reader._round(team, rnd, roster, s.team_of, s.points, s.pab, s.pab_rounds,
                                               s.forfeit_of, s.bye_of, {}, {}, boards, set()))
                    continue
                cells = slice(first * width + rnd - 1, last * width, width) if rnd <= width else slice(0)
                if (lineup_of and (rnd, number) in lineup_of) or (alone and _ALONE in combined[cells]):
                    # boards out of the default order (record 300), or a forfeit win on a board the
                    # other team left empty (`0000 - +`): read board by board by the team reader
                    roster = _Roster(team.players, columns.of_rows(first, last), rounds)
                    match = reader._match(team, rnd, roster, s.team_of, lineup_of, {}, boards)
                    plans.append((match.opponent, match.units, match.over_the_board, match)
                                 if type(match) is _Match else match)
                    continue
                teams_met = met[cells]   # the team's blocks of round rnd: the team each opponent plays for
                fielded = len(teams_met) - teams_met.count(0)
                if not fielded:   # `_match`: nobody fielded, no match
                    plans.append(TeamRound(rnd, None, MatchKind.NOT_PAIRED, no_game, no_game))
                    continue
                opponent = max(teams_met)
                if teams_met.count(opponent) != fielded or fielded > boards:
                    return None   # a second team met, or more boards than a match has: the team reader's
                plans.append((opponent, sum(units[cells]), 1 in played[cells], None))
            first = last
        teams = self._teams(s, plans, columns, boards)
        return None if teams is None or reader.problems else reader.event(s, teams, boards)

    def _teams(self, s: _Schedule, plans: list, columns: _Columns, boards: int) -> list[Team] | None:
        """The teams with their rounds, a match's points from both sides' game points
        (`_TeamReader._with_match_points`); None when a match is not the opponent's match too.
        Each team's MP and GP totals (`Team.match_points`, `game_points`) are added here in whole
        units: the ranking reads them all."""
        rounds, game_points, points, boards_of = self.rounds, self.reader._game_points, s.points, columns.boards
        mp_units = _Units(math.lcm(points.win.denominator, points.draw.denominator, points.loss.denominator))
        gp_units = _Units(self.reader._scale)
        at = {team.number: i * rounds for i, team in enumerate(s.teams)}   # a team's first plan
        # (our units, their units, played) -> (match points, in units): a few keys, each worked out once
        mp_of: dict[tuple[int, int, bool], tuple[Fraction, int]] = {}
        mp_totals: dict[int, Fraction] = {}
        built = []
        first = 0
        for team in s.teams:
            number, players, team_rounds = team.number, team.players, []
            last, mine = first + len(players), at[number]
            team_boards = partial(boards_of, players, first, last, boards)   # a round's: team_boards(round)
            mp_total = gp_total = 0
            for rnd, plan in enumerate(plans[mine:mine + rounds], start=1):
                if type(plan) is not tuple:
                    team_rounds.append(plan)
                    mp_total += mp_units[plan.match_points]
                    gp_total += gp_units[plan.game_points]
                    continue
                opponent, units, played, match = plan
                theirs = plans[at[opponent] + rnd - 1]
                if type(theirs) is not tuple or theirs[0] != number:
                    return None   # the team reader reports it
                key = (units, theirs[1], played or theirs[2])
                found = mp_of.get(key)
                if found is None:
                    mp = match_points(points, *key)
                    found = mp_of[key] = (mp, mp_units[mp])
                mp, units_mp = found
                mp_total += units_mp
                gp_total += units
                if match is not None:   # its boards read already (`_with_match_points`)
                    team_rounds.append(TeamRound(rnd, opponent, MatchKind.MATCH, mp, match.game_points, match.boards))
                    continue
                team_round = _new(TeamRound)   # `TeamRound.with_boards_later`, inline: one per team and round
                vars(team_round).update(round=rnd, opponent=opponent, kind=_MATCH, match_points=mp,
                                        game_points=game_points[units], over_the_board=played,
                                        boards_later=team_boards)
                team_rounds.append(team_round)
            built.append(Team(number, team.name, players, team.nickname, team.strength, team.declared_match_points,
                              team.declared_game_points, team.declared_rank, tuple(team_rounds)))
            if mp_units.whole and gp_units.whole:   # the sums `Team`'s cached properties make (`fraction_sum`)
                mp = mp_totals.get(mp_total)   # teams share totals: one Fraction each
                if mp is None:
                    mp = mp_totals[mp_total] = Fraction(mp_total, mp_units.scale)
                vars(built[-1]).update(match_points=mp, game_points=game_points[gp_total])
            first = last
        return built

    def _units(self, combined: bytes) -> bytes | None:
        """Each block's points in whole units of the scoring system (`_TeamReader._points`) for a
        game or a forfeit, 0 for no opponent; None when one does not fit a byte."""
        values = dict.fromkeys(_NO_OPPONENT, 0)
        for bits in (bits for bits in _GAMES if bits in combined):   # a search in C for each kind of game
            value = values[bits] = self.reader._points(_CODE_OF_BITS[bits & 0x0F], 1)[1]
            if not 0 <= value < _OTHER:
                return None
        return combined.translate(_table(values))

    def _largest_lineup(self, teams: list[Team], fielded: bytes) -> int:
        """`_TeamReader._largest_lineup` (no record 352): the most boards a team fielded in a round."""
        width, most, first = self.columns, 0, 0
        for team in teams:
            last = first + len(team.players)
            for rnd in range(width):
                most = max(most, sum(fielded[first * width + rnd:last * width:width]))
            first = last
        return most or max((len(team.players) for team in teams), default=0)


def _opponents(encoded: bytes) -> list[int] | None:
    """Each block's opponent (0 for none), or None when a block is not `"  oooo c r"` with four
    digits, a number with leading blanks, or four blanks as the opponent. The four digit columns
    are added as the 16-bit lanes of one integer (9,999 fits a lane: no lane carries into the
    next) and read back as a list."""
    blocks = len(encoded) // ROUND_WIDTH
    if any(encoded[col::ROUND_WIDTH] != b" " * blocks for col in (0, 1, 6, 8)):
        return None
    digits = [encoded[col::ROUND_WIDTH] for col in range(2, 6)]
    if any(column.translate(None, b" 0123456789") for column in digits):
        return None
    blank = [int.from_bytes(column.translate(_IS_BLANK), "big") for column in digits]
    if any(later & ~earlier for earlier, later in zip(blank, blank[1:])):   # a blank after a digit
        return None
    total = 0
    for column, weight in zip(digits, (1000, 100, 10, 1)):
        lanes = bytearray(2 * blocks)
        lanes[0 if sys.byteorder == "little" else 1::2] = column.translate(_DIGITS)
        total += int.from_bytes(lanes, sys.byteorder) * weight
    return memoryview(total.to_bytes(2 * blocks, sys.byteorder)).cast("H").tolist()


def _combined(encoded: bytes) -> bytes | None:
    """One byte per block: its colour's bits or its code's (the two halves never overlap); None
    for a colour or code TRF does not have."""
    colours = encoded[7::ROUND_WIDTH].translate(_COLOURS_TO_BITS)
    codes = encoded[9::ROUND_WIDTH].translate(_CODES_TO_BITS)
    if _OTHER in colours or _OTHER in codes:
        return None
    return (int.from_bytes(colours, "big") | int.from_bytes(codes, "big")).to_bytes(len(codes), "big")


def _paired_both_ways(rows: list[int], opponents: list[int], combined: bytes, width: int) -> bool:
    """`trf._cross_check` with no problem and no double forfeit: in every round, each player's
    opponent names her back (the round's pairing, over the rows, is its own inverse) with the
    opposite colour and the mirrored code; a player with no opponent has a block of no game (its
    own mirror), and only she does."""
    # A row whose opponent is 0, herself or no player maps to herself, so her block must be its own
    # mirror (no opponent); and no more blocks are than the rows with opponent 0.
    if opponents.count(0) != sum(map(combined.count, _NO_OPPONENT)):
        return False
    if len(rows) < 2:   # itemgetter of one index gives the item, not a tuple
        return False
    row_of = {sno: row for row, sno in enumerate(rows)}
    everyone = range(len(rows))
    same = tuple(everyone)
    for rnd in range(width):
        partners = itemgetter(*map(row_of.get, opponents[rnd::width], everyone))   # each row's partner, in C
        blocks = combined[rnd::width]
        if partners(partners(same)) != same:
            return False
        answers = bytes(partners(blocks))
        if answers != blocks.translate(_MIRROR) and not _forfeits_answered(blocks, answers):
            return False
    return True


def _forfeits_answered(blocks: bytes, answers: bytes) -> bool:
    """Every block its answer does not mirror is a forfeit answered by a forfeit as `trf._cross_check`
    takes it: `+` by `-`, `-` by `+` or by `-` (a double forfeit), whatever the colours (a forfeit
    has none to check). Byte by byte in C: the two forfeit codes in separate bits, then a table."""
    mine = int.from_bytes(blocks.translate(_MY_FORFEIT), "big")
    theirs = int.from_bytes(answers.translate(_THEIR_FORFEIT), "big")
    pair = (mine | theirs).to_bytes(len(blocks), "big").translate(_FORFEITS_ANSWERED)   # 0xFF: taken
    mirrored = int.from_bytes(answers, "big") ^ int.from_bytes(blocks.translate(_MIRROR), "big")   # 0: mirrored
    return not mirrored & ~int.from_bytes(pair, "big")


class _Units(dict):
    """A score object -> its points in whole units of `scale`, by identity (a reader shares a few
    objects among all rounds; the event holds each one); `whole` turns False at the first score
    that is not a whole number of units (0 stands in for it)."""

    def __init__(self, scale: int) -> None:
        super().__init__()
        self.scale, self.whole = scale, True

    def __getitem__(self, value: Fraction) -> int:
        units = self.get(id(value))
        if units is None:
            units = value * self.scale
            if units.denominator != 1:
                self.whole = False
                return 0
            units = self[id(value)] = units.numerator
        return units


class _Columns:
    """The rows' opponents and codes, round by round (`width` blocks a row): a match's boards are
    built from them when read, by the team reader (`_boards`), as from `parse_trf`'s columns."""

    def __init__(self, reader: _TeamReader, opponents: list[int], codes: str, width: int) -> None:
        self.reader, self.opponents, self.codes, self.width = reader, opponents, codes, width

    def of_rows(self, first: int, last: int) -> list[tuple[tuple[int, ...], tuple[ResultCode, ...]]]:
        n = self.width
        return [(tuple(self.opponents[row * n:row * n + n]), tuple(map(ResultCode, self.codes[row * n:row * n + n])))
                for row in range(first, last)]

    def boards(self, players: tuple[int, ...], first: int, last: int, boards: int, rnd: int) -> tuple:
        rounds = self.reader.t.rounds
        return self.reader._boards(rnd, _Roster(players, self.of_rows(first, last), rounds), None, boards)
