"""A `TeamTournament` from what the Teams and Matches sheets hold: the players' own results board
by board, and each team's rounds (matches with their boards, forfeited matches, byes) with the
match points C.07 art. 11 gives them.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.model import STANDARD_SCORING, Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.team import Board, ForfeitedMatch, MatchKind, Team, TeamBye, TeamRound, TeamTournament
from rulesengine.workbook.team.matches import Match, MatchReader, Roster
from rulesengine.workbook.team.settings import TeamSettings

LAYOUT_NAME = "team_template"


def build_event(settings: TeamSettings, players: dict[int, Player], rosters: list[Roster], matches: list[Match],
                reader: MatchReader, name: str, sheet: str,
                records: tuple[tuple[str, str], ...] = ()) -> TeamTournament:
    """The event; `records`: the 260 and 250 records of Settings' pairing rows (pairing_rows.py)."""
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
             **({"rounds_cell": cells["rounds"]} if "rounds" in cells else {}),
             **({"rules_date": settings.rules_date.isoformat(), "rules_date_cell": cells["rules date"]}
                if settings.rules_date else {})}
    individual = Tournament(settings.event or name, people, rounds, scoring, settings.kind,
                            settings.start_date.isoformat() if settings.start_date else "",
                            settings.end_date.isoformat() if settings.end_date else "", settings.tiebreaks,
                            header=pairing_records(settings) + records, source=sheet, extra=extra)
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
    return TeamTournament(individual, teams, boards, points, settings.pab, settings.colours, type_code(settings),
                          settings.kind, tuple(byes), tuple(forfeits), notes=notes,
                          colour_model=settings.colour_model if settings.kind == "swiss" else "")


def type_code(settings: TeamSettings) -> str:
    """The primary score as record 192's code words it (`TeamTournament.primary` reads the first
    of MP and GP there): `GP_MP` when game points rank first (the other score still used, C.04.6
    art. 1.2.2), else nothing (match points, C.07 art. 11)."""
    return "GP_MP" if settings.primary == "GP" else ""


def pairing_records(settings: TeamSettings) -> tuple[tuple[str, str], ...]:
    """The records the team pairing systems read, as Settings gives them: 142 the scheduled rounds
    (C.04.6 arts. 2.3.4 and 2.3.7 read the last two), 152 the initial colour (art. 4.1)."""
    records = [("142", f" {settings.rounds}")] if settings.rounds else []
    return tuple(records + ([("152", f" {settings.first_colour}")] if settings.first_colour else []))


def _bye_round(m: Match, settings: TeamSettings, boards: int) -> TeamRound:
    """A team bye: the PAB's points from Settings (record 320; a win on every board when not given),
    a full- or half-point bye a win or a draw on every board, a zero-point bye nothing (record 240)."""
    points = settings.team_points
    if m.bye is MatchKind.PAIRING_ALLOCATED_BYE:
        mp, gp = settings.pab or (points.win, Fraction(boards))
        return TeamRound(m.round, None, m.bye, mp, gp)
    mp = {MatchKind.FULL_POINT_BYE: points.win, MatchKind.HALF_POINT_BYE: points.draw}.get(m.bye, Fraction(0))
    game = {MatchKind.FULL_POINT_BYE: Fraction(1), MatchKind.HALF_POINT_BYE: Fraction(1, 2)}.get(m.bye, Fraction(0))
    return TeamRound(m.round, None, m.bye, mp, game * boards)


def _boards(m: Match, boards: int, entries: dict[tuple[int, int], RoundEntry], scoring) -> tuple[tuple[Board, ...],
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


def _with_match_points(m: Match, home: tuple[Board, ...], away: tuple[Board, ...], points) -> tuple[TeamRound,
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
