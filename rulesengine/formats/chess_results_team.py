"""chess-results.com's XML of a team event (types 2 and 3, issue 22): a `TeamTournament`, the same
model the team TRF gives, read from the operator's text ("Uploading a chess tournament to the
Chess-Results.com database", H. Herzog, last updated 2026-01-10) and the shape of Swiss-Manager's
own reference uploads.

    <players><player no="7" .. board="2" teamno="2" pts="6,0" .. /></players>
    <teams><team no="2" teamname=".." teamshort=".." rank="4" points="9" tb1="9" tb2="17,0" .. /></teams>
    <playerpairings><playerpairing round="1" pairing="2" board="2" whiteno="29" blackno="7"
                                   reswhite="0.0" resblack="1.0" forfeit="" /> ..</playerpairings>
    <teampairings><teampairing round="1" pairing="2" no1="7" no2="2" res1="0.0" res2="4.0" /> ..
    </teampairings>

A team's players are those whose `teamno` names it, in the order of their `board`. A team pairing
`no2="-1"` is the team PAB of `no1` (its game points in `res1`; C.07 art. 12 intro scores each
board a win), `no2="-2"` an unpaired team (`res1` 0 a zero-point bye, half the boards a half-point
bye, all the boards a full-point bye, nothing: not paired). A match's boards are the player
pairings with its round and `pairing` index; a match without any is a forfeited match (TRF
record 330) when `res1`-`res2` is all the boards to none (or 0-0, both forfeited). Match points
come from the game points (C.07 art. 11): 2/1/0, or 3/1/0 when the file's tie-breaks say so
(chess-results' tie-break 40).

Checked, each problem located `FILE:LINE:COL` at its element: a player on no team that plays, a
player who plays for a team not hers, two players on one board, a match result that its boards
do not add up to, a team in two pairings of a round, a player's `pts` that neither her results
nor her results with her team's byes give (Swiss-Manager gives a team PAB's points to the players
of boards 1..n of the roster, which the individual results leave out, as the team TRF does).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from rulesengine.errors import Problem
from rulesengine.formats.chess_results_xml import (FORMAT, TIEBREAK_SLOTS, _at, _birth_date, _Element, _iso_date, _name, _pairings, _rating,
                                                   _whole)
from rulesengine.limits import MAX_PLAYERS, MAX_ROUNDS
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.numbers import is_digits, parse_exact, to_text
from rulesengine.published import Finding, PublishedColumn, PublishedRow, PublishedTable, PublishedTeamEvent
from rulesengine.team import (MAX_TEAM_PLAYERS, Board, ForfeitedMatch, MatchKind, Team, TeamBye, TeamPoints,
                              TeamRound, TeamTournament)

TEAM_TYPES = {"2": "round robin", "3": "swiss"}
MAX_TEAMS = 999
PAB, NOT_PAIRED = -1, -2
THREE_ONE_ZERO = "40"   # chess-results' tie-break 40: match points 3/1/0


@dataclass(frozen=True)
class _Pairing:
    """One `<teampairing>`: the round, its index, the white (home) and black team, their points."""

    element: _Element
    round: int
    index: int
    white: int
    black: int          # a team, PAB (-1) or NOT_PAIRED (-2)
    white_points: Fraction | None
    black_points: Fraction | None


def is_team_file(head: _Element, elements: list[_Element]) -> bool:
    return head.attributes.get("type", "") in TEAM_TYPES or any(e.name == "team" for e in elements)


def parse_team_event(elements: list[_Element], head: _Element, source: str) -> tuple[PublishedTeamEvent,
                                                                                       list[Problem]]:
    """The team event of a parsed chess-results file, and the problems that make it unreadable."""
    return _Reader(elements, head, source).read()


class _Reader:
    def __init__(self, elements: list[_Element], head: _Element, source: str):
        self.elements, self.head, self.source = elements, head, source
        self.problems: list[Problem] = []
        self.notes: list[Finding] = []

    def bad(self, element: _Element, message: str) -> None:
        self.problems.append(Problem(_at(element, self.source), message))

    def of(self, name: str, parent: str) -> list[_Element]:
        return [e for e in self.elements if e.name == name and e.parent == parent]

    def points(self, element: _Element, name: str, high: Fraction) -> Fraction | None:
        text = element.attributes.get(name, "")
        if text == "":
            return None
        value = parse_exact(text)
        if value is None or not 0 <= value <= high:
            self.bad(element, f"<{element.name}> {name}={text!r}: want points from 0 to {to_text(high)}")
            return None
        return value

    # ------------------------------------------------------------ the whole event

    def read(self) -> tuple[PublishedTeamEvent, list[Problem]]:
        head, source = self.head, self.source
        kind = TEAM_TYPES.get(head.attributes.get("type", ""))
        if kind is None:
            self.bad(head, f"type={head.attributes.get('type', '')!r}: a file with <teams> wants type 2 (team round "
                           f"robin) or 3 (team swiss)")
            kind = "swiss"
        boards = _whole(head, "playerperteam", source, self.problems, low=1, high=MAX_TEAM_PLAYERS, required=True) or 0
        rounds = self.rounds()
        team_elements = self.teams_by_number()
        players = self.players(set(team_elements))
        rosters = self.rosters(players, team_elements)
        pairings = self.pairings(rounds, set(team_elements), boards)
        records = [r for r in self.of("playerpairing", "playerpairings")
                   if is_digits(r.attributes.get("round", ""), 3) and int(r.attributes["round"]) <= rounds]
        individual = self.individual(players, records, rounds, kind)
        points = TeamPoints(Fraction(3), Fraction(1), Fraction(0)) if THREE_ONE_ZERO in self.slot_numbers() \
            else TeamPoints()
        teams, byes, forfeits, pab = self.matches(individual, rosters, team_elements, pairings, records, boards, points,
                                                  rounds)
        if not self.problems:   # points against matches that were read whole (no echo of an earlier problem)
            self.check_points(individual, players, teams, boards)
        event = TeamTournament(individual, tuple(teams), boards, points, pab, self.colour_sequence(boards),
                               self.type_code(), kind, tuple(byes), tuple(forfeits),
                               notes=tuple(note.what for note in self.notes))
        start = _iso_date(head.attributes.get("from", ""))
        table = self.published(team_elements)
        findings = tuple(Finding(str(p.location), p.message) for p in self.problems) + tuple(self.notes)
        return PublishedTeamEvent(source, event, table, date.fromisoformat(start) if start else None,
                                  findings), self.problems

    def rounds(self) -> int:
        declared = _whole(self.head, "rounds", self.source, self.problems, high=MAX_ROUNDS)
        ranking = _whole(self.head, "rankinground", self.source, self.problems, high=MAX_ROUNDS)
        recorded = max((int(p.attributes["round"]) for p in self.of("teampairing", "teampairings")
                        if is_digits(p.attributes.get("round", ""), 3)), default=0)
        rounds = ranking or recorded
        if declared and rounds > declared:
            self.bad(self.head, f"results for round {rounds} of a {declared}-round event")
        return rounds

    def slot_numbers(self) -> list[str]:
        return [self.head.attributes.get(f"tb{n}no", "") for n in range(1, TIEBREAK_SLOTS + 1)]

    def type_code(self) -> str:
        """No record 192 in the file: the primary score is chess-results' first tie-break slot,
        game points (its number 1) or match points (C.07 art. 11's default, written as no code)."""
        first = next((n for n in self.slot_numbers() if n not in ("", "0")), "")
        return "CUSTOM_TEAM_SWISS_GP" if first == "1" else ""

    def colour_sequence(self, boards: int) -> str:
        """The first-named (home) team's board colours: `homecolor` w = White on board 1 (s =
        Black), then alternating unless `samecolor` is J."""
        first = "B" if self.head.attributes.get("homecolor", "w").lower() == "s" else "W"
        other = first if self.head.attributes.get("samecolor", "").upper() == "J" else "BW"[first == "B"]
        return "".join(first if board % 2 == 0 else other for board in range(boards))

    # ------------------------------------------------------------ teams and players

    def teams_by_number(self) -> dict[int, _Element]:
        found: dict[int, _Element] = {}
        for element in self.of("team", "teams")[:MAX_TEAMS + 1]:
            number = _whole(element, "no", self.source, self.problems, low=1, high=MAX_TEAMS, required=True)
            if number is None:
                continue
            if number in found:
                self.bad(element, f"team number {number} is given twice (also at line {found[number].line})")
                continue
            found[number] = element
        if not found:
            self.bad(self.head, "a team event with no <team> in <teams>")
        return found

    def players(self, teams: set[int]) -> dict[int, tuple[_Element, int]]:
        """start number -> (element, team number); players of no team who play no game are left out
        (Swiss-Manager writes its unused start numbers so), with a note."""
        elements = self.of("player", "players")[:MAX_PLAYERS + 1]
        playing = {int(r.attributes[side]) for r in self.of("playerpairing", "playerpairings")
                   for side in ("whiteno", "blackno") if is_digits(r.attributes.get(side, ""), 6)}
        found: dict[int, tuple[_Element, int]] = {}
        idle = []
        for element in elements:
            number = _whole(element, "no", self.source, self.problems, low=1, high=MAX_PLAYERS, required=True)
            team = _whole(element, "teamno", self.source, self.problems, high=MAX_TEAMS)
            if number is None:
                continue
            if number in found:
                self.bad(element, f"start number {number} is given twice (also at line {found[number][0].line})")
                continue
            if not team:
                if number in playing:
                    self.bad(element, f"player {number} ({_name(element) or 'no name'}) plays but is on no team "
                                      f"(teamno={element.attributes.get('teamno', '')!r})")
                else:
                    idle.append(number)
                continue
            if team not in teams:
                self.bad(element, f"player {number} is on team {team}, which has no <team> record")
                continue
            found[number] = (element, team)
        if idle:
            self.notes.append(Finding(self.source, f"player{'s' if len(idle) > 1 else ''} "
                                                   f"{', '.join(map(str, idle))} belong to no team and play no game: "
                                                   f"left out"))
        return found

    def rosters(self, players: dict[int, tuple[_Element, int]], teams: dict[int, _Element]) -> dict[int, list[int]]:
        """Each team's players in board order (`board`), at most 14 (TRF record 310 holds 14)."""
        boards: dict[int, dict[int, int]] = {number: {} for number in teams}
        for number, (element, team) in players.items():
            board = _whole(element, "board", self.source, self.problems, low=1, high=99, required=True)
            if board is None:
                continue
            if board in boards[team]:
                self.bad(element, f"player {number} and player {boards[team][board]} both hold board {board} of team "
                                  f"{team}")
                continue
            boards[team][board] = number
        rosters = {}
        for team, by_board in boards.items():
            roster = [by_board[b] for b in sorted(by_board)]
            if len(roster) > MAX_TEAM_PLAYERS:
                self.bad(teams[team], f"team {team} has {len(roster)} players, at most {MAX_TEAM_PLAYERS}")
            rosters[team] = roster[:MAX_TEAM_PLAYERS]
        return rosters

    def individual(self, players: dict[int, tuple[_Element, int]], records: list[_Element], rounds: int,
                   kind: str) -> Tournament:
        """The players' own event, from the player pairings (every board a game of its own)."""
        games = []
        for record in records:
            a = record.attributes
            if a.get("reswhite", "") == "" and a.get("resblack", "") == "" and a.get("forfeit", "") == "":
                # A board with no result (the reference upload of a team round robin has one, its
                # match scored without it): unplayed for both, as a double forfeit (0-0).
                self.notes.append(Finding(str(_at(record, self.source)),
                                          f"round {a.get('round')}: board {a.get('board')} "
                                          f"({a.get('whiteno')} - {a.get('blackno')}) has no result: read as "
                                          f"unplayed, 0-0"))
                record = _Element(record.name, {**a, "reswhite": "0", "resblack": "0", "forfeit": "D"},
                                  record.parent, record.line, record.column)
            games.append(record)
        sides = _pairings(games, set(players), rounds, self.source, self.problems)
        built = []
        for number, (element, _) in sorted(players.items()):
            a = element.attributes
            entries = tuple(sides[number].entries.get(r) or RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED)
                            for r in range(1, rounds + 1))
            fide_id = a.get("fideid", "")
            fide_id = fide_id if is_digits(fide_id, 15) and fide_id.strip("0") else ""
            built.append(Player(number, _name(element), entries, sex={"w": "w", "m": "m"}.get(a.get("sex", "").lower(), ""),
                                title=a.get("title", "")[:3], rating=_rating(element, self.source, self.problems),
                                federation=a.get("fed", "")[:3].upper(), player_id=fide_id,
                                birth_date=_birth_date(a.get("dob", "")), id_issuer="FIDE" if fide_id else "",
                                declared_rank=_whole(element, "rank", self.source, self.problems, high=MAX_PLAYERS)))
        start, end = _iso_date(self.head.attributes.get("from", "")), _iso_date(self.head.attributes.get("to", ""))
        return Tournament(name=self.head.attributes.get("name", "") or Path(self.source).stem, players=tuple(built),
                          rounds=rounds, kind=kind, start_date=start, end_date=end or start, source=self.source,
                          extra={"format": FORMAT})

    # ------------------------------------------------------------ team pairings

    def pairings(self, rounds: int, teams: set[int], boards: int) -> dict[tuple[int, int], _Pairing]:
        """(round, pairing index) -> the team pairing; a team twice in a round is refused."""
        found: dict[tuple[int, int], _Pairing] = {}
        seen: dict[tuple[int, int], _Element] = {}
        high = Fraction(boards or MAX_TEAM_PLAYERS)
        for element in self.of("teampairing", "teampairings"):
            count = len(self.problems)
            rnd = _whole(element, "round", self.source, self.problems, low=1, high=MAX_ROUNDS, required=True)
            index = _whole(element, "pairing", self.source, self.problems, low=1, high=MAX_TEAMS, required=True)
            white = _whole(element, "no1", self.source, self.problems, low=1, high=MAX_TEAMS, required=True)
            black = _whole(element, "no2", self.source, self.problems, low=-2, high=MAX_TEAMS, required=True)
            res1, res2 = self.points(element, "res1", high), self.points(element, "res2", high)
            if len(self.problems) > count or None in (rnd, index, white, black):
                continue
            if rnd > rounds:
                continue   # beyond the ranking round: not part of the published standings
            if black == 0 or black == white:
                self.bad(element, f"round {rnd}: no2={black} (want a team, -1 for the team PAB or -2 for not paired)")
                continue
            unknown = [t for t in (white, black) if t > 0 and t not in teams]
            if unknown:
                self.bad(element, f"round {rnd}: team {unknown[0]} has no <team> record")
                continue
            clash = [t for t in (white, black) if t > 0 and (rnd, t) in seen]
            if clash:
                self.bad(element, f"round {rnd}: team {clash[0]} is already paired at line {seen[rnd, clash[0]].line}")
                continue
            if (rnd, index) in found:
                self.bad(element, f"round {rnd}: pairing {index} is given twice (also at line "
                                  f"{found[rnd, index].element.line})")
                continue
            for t in (white, black):
                if t > 0:
                    seen[rnd, t] = element
            found[rnd, index] = _Pairing(element, rnd, index, white, black, res1, res2)
        return found

    def matches(self, t: Tournament, rosters: dict[int, list[int]], team_elements: dict[int, _Element],
                pairings: dict[tuple[int, int], _Pairing], records: list[_Element], boards: int, points: TeamPoints,
                rounds: int):
        """Each team's rounds (C.07 art. 11: match points from the game points of the two sides)."""
        team_of = {sno: team for team, roster in rosters.items() for sno in roster}
        by_match: dict[tuple[int, int], list[_Element]] = {}
        for record in records:
            key = (int(record.attributes["round"]), _whole(record, "pairing", self.source, self.problems, low=1,
                                                            high=MAX_TEAMS, required=True) or 0)
            by_match.setdefault(key, []).append(record)
        for key, found in by_match.items():
            if key not in pairings and key[1]:
                self.bad(found[0], f"round {key[0]}: pairing {key[1]} has boards but no <teampairing>")
        played: dict[int, dict[int, TeamRound]] = {team: {} for team in rosters}
        byes, forfeits, pab = [], [], None
        for (rnd, index), pairing in sorted(pairings.items()):
            if pairing.black < 0 and by_match.get((rnd, index)):
                self.bad(by_match[rnd, index][0], f"round {rnd}: pairing {index} is team {pairing.white}'s "
                                                  f"{'PAB' if pairing.black == PAB else 'unpaired round'}, but has boards")
                continue
            if pairing.black == PAB:
                gp = pairing.white_points if pairing.white_points is not None else t.scoring.win * boards
                if pab is not None and pab[1] != gp:
                    self.bad(pairing.element, f"round {rnd}: the team PAB scores {to_text(gp)} game points, an "
                                              f"earlier one {to_text(pab[1])} (one PAB score per event, TRF record 320)")
                pab = pab or (points.win, gp)
                played[pairing.white][rnd] = TeamRound(rnd, None, MatchKind.PAIRING_ALLOCATED_BYE, points.win, gp)
            elif pairing.black == NOT_PAIRED:
                played[pairing.white][rnd] = self.unpaired(pairing, boards, points, t, byes)
            else:
                self.match(pairing, by_match.get((rnd, pairing.index), []), team_of, t, boards, points, played,
                           forfeits)
        teams = []
        for number, element in sorted(team_elements.items()):
            a = element.attributes
            rounds_of = tuple(played[number].get(r) or TeamRound(r, None, MatchKind.NOT_PAIRED, Fraction(0), Fraction(0))
                              for r in range(1, rounds + 1))
            rank = a.get("rank", "")
            teams.append(Team(number, a.get("teamname", "").strip(), tuple(rosters[number]), a.get("teamshort", "").strip(),
                              None, parse_exact(a.get("points", "")), None, int(rank) if is_digits(rank, 4) else None,
                              rounds_of))
        return teams, byes, forfeits, pab

    def unpaired(self, pairing: _Pairing, boards: int, points: TeamPoints, t: Tournament, byes: list) -> TeamRound:
        """`no2="-2"`: a team bye by the game points it gave (as TRF record 240 F/H/Z), or not paired."""
        gp, rnd = pairing.white_points, pairing.round
        if gp is None:
            return TeamRound(rnd, None, MatchKind.NOT_PAIRED, Fraction(0), Fraction(0))
        kinds = {Fraction(0): (MatchKind.ZERO_POINT_BYE, Fraction(0)),
                 t.scoring.draw * boards: (MatchKind.HALF_POINT_BYE, points.draw),
                 t.scoring.win * boards: (MatchKind.FULL_POINT_BYE, points.win)}
        if gp not in kinds:
            self.bad(pairing.element, f"round {rnd}: team {pairing.white} is not paired and scores {to_text(gp)}: want "
                                      f"0, {to_text(t.scoring.draw * boards)} or {to_text(t.scoring.win * boards)} "
                                      f"(a zero-, half- or full-point bye)")
            return TeamRound(rnd, None, MatchKind.NOT_PAIRED, Fraction(0), Fraction(0))
        kind, mp = kinds[gp]
        byes.append(TeamBye(kind, rnd, pairing.white))
        return TeamRound(rnd, None, kind, mp, gp)

    def match(self, pairing: _Pairing, records: list[_Element], team_of: dict[int, int], t: Tournament, boards: int,
              points: TeamPoints, played: dict[int, dict[int, TeamRound]], forfeits: list) -> None:
        rnd, white, black = pairing.round, pairing.white, pairing.black
        if not records:
            self.forfeited(pairing, t, boards, points, played, forfeits)
            return
        sides: dict[int, dict[int, Board]] = {white: {}, black: {}}
        for record in records:
            board = _whole(record, "board", self.source, self.problems, low=1, high=boards or MAX_TEAM_PLAYERS,
                           required=True)
            numbers = [int(record.attributes[s]) for s in ("whiteno", "blackno") if is_digits(record.attributes.get(s, ""), 6)]
            if board is None:
                continue
            if len(numbers) != 2:
                self.bad(record, f"round {rnd}: board {board} of the match {white} - {black} names "
                                 f"whiteno={record.attributes.get('whiteno', '')!r} blackno="
                                 f"{record.attributes.get('blackno', '')!r}: a team match's board is two players")
                continue
            teams = [team_of.get(n) for n in numbers]
            if sorted(map(str, teams)) != sorted(map(str, (white, black))):
                wrong = next(n for n, team in zip(numbers, teams) if team not in (white, black) or teams.count(team) > 1)
                self.bad(record, f"round {rnd}: player {wrong} (team {team_of.get(wrong, 'none')}) plays board {board} "
                                 f"of the match {white} - {black}: a player plays for her own team, on one team")
                continue
            for sno, team in zip(numbers, teams):
                if board in sides[team]:
                    self.bad(record, f"round {rnd}: board {board} of team {team} is given twice in the match "
                                     f"{white} - {black}")
                    continue
                entry = t.player(sno).entry(rnd)
                opponent = numbers[1] if sno == numbers[0] else numbers[0]
                sides[team][board] = Board(board, sno, opponent, t.scoring.points(entry), entry.played)
        rows = {}
        for team, given in ((white, pairing.white_points), (black, pairing.black_points)):
            board_list = tuple(sides[team].get(b) or Board(b, None, None, Fraction(0), False) for b in range(1, boards + 1))
            gp = sum((b.points for b in board_list), Fraction(0))
            if given is not None and given != gp:
                self.bad(pairing.element, f"round {rnd}: team {team} scores {to_text(given)} in the match {white} - "
                                          f"{black}, its boards add up to {to_text(gp)}")
            rows[team] = (gp, board_list)
        over_the_board = any(b.over_the_board for _, board_list in rows.values() for b in board_list)
        for team, other in ((white, black), (black, white)):
            gp, board_list = rows[team]
            mp = _match_points(gp, rows[other][0], over_the_board, points)
            played[team][rnd] = TeamRound(rnd, other, MatchKind.MATCH, mp, gp, board_list)

    def forfeited(self, pairing: _Pairing, t: Tournament, boards: int, points: TeamPoints,
                  played: dict[int, dict[int, TeamRound]], forfeits: list) -> None:
        """A match without boards: forfeited (TRF record 330), all boards to none or 0-0 (C.07 art. 12
        intro: the winner scores a standard win on every board)."""
        full = t.scoring.win * boards
        result = {(full, Fraction(0)): "+-", (Fraction(0), full): "-+", (Fraction(0), Fraction(0)): "--"}.get(
            (pairing.white_points or Fraction(0), pairing.black_points or Fraction(0)))
        rnd, white, black = pairing.round, pairing.white, pairing.black
        if result is None:
            self.bad(pairing.element, f"round {rnd}: the match {white} - {black} is scored "
                                      f"{to_text(pairing.white_points)}-{to_text(pairing.black_points)} but has no "
                                      f"board (<playerpairing> with pairing=\"{pairing.index}\")")
            return
        forfeits.append(ForfeitedMatch(result, rnd, white, black))
        for team, other, sign in ((white, black, result[0]), (black, white, result[1])):
            played[team][rnd] = (TeamRound(rnd, other, MatchKind.FORFEIT_WIN, points.win, full) if sign == "+"
                                 else TeamRound(rnd, other, MatchKind.FORFEIT_LOSS, Fraction(0), Fraction(0)))

    # ------------------------------------------------------------ checks and the printed table

    def check_points(self, t: Tournament, players: dict[int, tuple[_Element, int]], teams: list[Team],
                     boards: int) -> None:
        """A player's `pts` is her results, or (Swiss-Manager) her results with her team's PAB and
        byes scored on boards 1..n of the roster; anything else is refused."""
        totals = t.points
        for team in teams:
            bonus = sum((r.game_points / boards for r in team.rounds if r.opponent is None and boards
                         and r.kind is not MatchKind.NOT_PAIRED), Fraction(0))
            for place, sno in enumerate(team.players):
                element = players[sno][0]
                text = element.attributes.get("pts", "")
                declared = parse_exact(text)
                if text == "" or declared in (totals[sno], totals[sno] + (bonus if place < boards else 0)):
                    continue
                with_byes = f" ({to_text(totals[sno] + bonus)} with the team's byes)" if bonus and place < boards else ""
                self.bad(element, f"player {sno} ({_name(element)}) has pts={text!r}, her results give "
                                  f"{to_text(totals[sno])}{with_byes}")

    def published(self, teams: dict[int, _Element]) -> PublishedTable | None:
        """The printed team table: each tie-break slot that names a tie-break or holds a value."""
        if not teams:
            return None
        slots = []
        for n in range(1, TIEBREAK_SLOTS + 1):
            number = self.head.attributes.get(f"tb{n}no", "")
            used = number not in ("", "0")
            if not used and not any(t.attributes.get(f"tb{n}", "") for t in teams.values()):
                continue
            detail = self.head.attributes.get(f"tb{n}_detail", "")
            slots.append((n, PublishedColumn(f"TB{n}", f"chess-results tie-break {number} ({detail})" if used else "")))
        rows = []
        for number, element in sorted(teams.items()):
            a = element.attributes
            where = str(_at(element, self.source))
            rank = a.get("rank", "")
            rows.append(PublishedRow(number, a.get("teamname", "").strip(), int(rank) if is_digits(rank, 4) else None,
                                     a.get("points", ""), tuple(a.get(f"tb{n}", "") for n, _ in slots), where,
                                     (where,) * len(slots)))
        return PublishedTable(self.source, tuple(column for _, column in slots), tuple(rows))


def _match_points(own: Fraction, theirs: Fraction, over_the_board: bool, points: TeamPoints) -> Fraction:
    """C.07 art. 11: a match won, drawn or lost on game points; a match nobody played or scored in
    (0-0 without a game) earns nothing."""
    if own > theirs:
        return points.win
    if own < theirs:
        return points.loss
    if own > 0:
        return points.draw
    return points.loss if over_the_board else Fraction(0)
