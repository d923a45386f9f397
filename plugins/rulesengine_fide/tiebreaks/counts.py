"""Tie-breaks on the player's own results (FIDE C.07 art. 5, 7 and 9.2) and TieBreakServer's
helper counts.

Round robins (art. 15.2): unplayed games are treated as regular games; the March-2026 text
keeps forfeit *losses* unplayed for these (Type B) tie-breaks, so a forfeit win counts as a
game won (and, with Black, as a game played and won with Black). The text before March 2026
counts forfeits of both signs as games.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from itertools import accumulate, compress, islice
from operator import and_, ge, gt, itemgetter

from rulesengine.model import EntryKind
from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec
from rulesengine_fide.tiebreaks.event import GAME_WON, EventData, Round, event_data
from rulesengine_fide.tiebreaks.rulesets import RuleSet, is_round_robin, rule_set


# Round.win_result by position, read in C (a named tuple's attribute is a Python property).
_WIN_RESULT_AT = itemgetter(5)


def points(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 5: the score."""
    return TiebreakOutcome(dict(context.tournament.points))


def _count(context: TiebreakContext, test, every_game=None) -> TiebreakOutcome:
    """How many of each player's rounds pass `test(data, round)` (True counts 1); `every_game(data)`,
    when given, is the count of a player who played every round over the board."""
    data = event_data(context.tournament)
    passes = partial(test, data)   # called from C by map: no generator in between
    if every_game is None:
        return TiebreakOutcome({sno: sum(map(passes, data.table[sno])) for sno in data.start_ranks})
    full, count = data.all_over_the_board, every_game(data)
    return TiebreakOutcome({sno: count if sno in full else sum(map(passes, data.table[sno]))
                            for sno in data.start_ranks})


def _games_in_round_robin(spec: TiebreakSpec, context: TiebreakContext):
    """Which forfeits art. 15.2 counts as games for Type B tie-breaks (none in a Swiss)."""
    if not is_round_robin(context):
        return frozenset()
    if rule_set(spec, context) is RuleSet.FIDE_2026:
        return frozenset({EntryKind.FORFEIT_WIN})
    return frozenset({EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS})


def wins(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.1 (WIN): rounds in which the player obtained the points of a win,
    with or without playing (pairing-allocated bye, full-point bye, forfeit win)."""
    data = event_data(context.tournament)
    win = data.win
    return TiebreakOutcome({sno: points.count(win) for sno, points in data.round_points.items()})


def games_won(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.2 (WON): games won over the board (round robins: art. 15.2)."""
    counted = _games_in_round_robin(spec, context)
    if not counted:   # Swiss: the wins over the board, read in C
        data = event_data(context.tournament)
        return TiebreakOutcome({sno: _games_won(data, sno) for sno in data.start_ranks})
    return _count(context, lambda d, r: r.win_result or (r.kind in counted and r.kind is EntryKind.FORFEIT_WIN))


def _games_won(data: EventData, start_rank: int) -> int:
    """Wins over the board, read in C."""
    return sum(_won_flags(data, start_rank))


def _won_flags(data: EventData, start_rank: int):
    """Per round: a win over the board (from the codes when every round was a game)."""
    if start_rank in data.all_over_the_board:
        return map(GAME_WON.__getitem__, data.codes[start_rank])
    return map(_WIN_RESULT_AT, data.table[start_rank])


def black_games(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.3 (BPG): games played with Black (round robins: art. 15.2)."""
    counted = _games_in_round_robin(spec, context)
    data = event_data(context.tournament)
    full = data.all_over_the_board
    test = partial(_black_game, counted)
    # Every round a game over the board: the games with Black are the rounds with Black.
    return TiebreakOutcome({sno: sum(data.blacks[sno]) if sno in full else sum(map(test, data.table[sno]))
                            for sno in data.start_ranks})


def _black_game(counted: frozenset, r: Round) -> bool:
    return r.black and (r.over_the_board or r.kind in counted)


def black_wins(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.4 (BWG): games won with Black (round robins: art. 15.2)."""
    counted = _games_in_round_robin(spec, context)
    if not counted:   # Swiss: the wins over the board with Black, read in C
        data = event_data(context.tournament)
        return TiebreakOutcome({sno: sum(map(and_, data.blacks[sno], _won_flags(data, sno)))
                                for sno in data.start_ranks})
    return _count(context, lambda d, r: r.black and (r.win_result or (r.kind in counted
                                                                     and r.kind is EntryKind.FORFEIT_WIN)))


def rounds_elected_to_play(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.6 (REP, formerly GE): rounds that are not voluntarily unplayed --
    games, pairing-allocated byes, full-point byes and forfeit wins."""
    return _count(context, lambda d, r: not r.voluntarily_unplayed, every_game=lambda d: d.rounds)


def voluntarily_unplayed(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """Helper VUR (art. 16.2): half- and zero-point byes, absences, forfeit losses."""
    return _count(context, lambda d, r: r.voluntarily_unplayed, every_game=lambda d: 0)


def games_played(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """Helper NUM: games played over the board."""
    return _count(context, lambda d, r: r.over_the_board, every_game=lambda d: d.rounds)


def standard_points(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.7 (STD, 2026): 1 for each round the player scored more than the scheduled
    opponent (or, without an opponent, more than a draw), 1/2 for the same, 0 for less."""
    data = event_data(context.tournament)
    full = data.all_over_the_board
    points = data.round_points
    values: dict[int, Fraction] = {}
    for sno in data.start_ranks:
        if sno in full:
            # Every round against an opponent: compare the two players' points round by round, in C.
            own = points[sno]
            theirs = list(map(tuple.__getitem__, map(points.__getitem__, data.opponents[sno]), range(len(own))))
            halves = sum(map(gt, own, theirs)) + sum(map(ge, own, theirs))
        else:
            halves = sum(_standard_halves(data, r) for r in data.table[sno])
        values[sno] = _halves(halves)
    return TiebreakOutcome(values)


_HALVES: dict[int, Fraction] = {}


def _halves(count: int) -> Fraction:
    """count / 2 as a shared Fraction (few distinct values; building one is the slow part)."""
    found = _HALVES.get(count)
    if found is None:
        found = _HALVES[count] = Fraction(count, 2)
    return found


def _standard_halves(data: EventData, r: Round) -> int:
    """Art. 7.7 for one round, in half-points: 2 more, 1 the same, 0 fewer."""
    other = data.table[r.opponent][r.number - 1].points if r.opponent else data.draw
    return 2 if r.points > other else (1 if r.points == other else 0)


def pairing_number(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.8 (TPN, 2026): the tournament pairing number, lower first; ``/R``: the
    reverse order the article allows (higher first)."""
    reverse = spec.modifier("R") is not None
    return TiebreakOutcome({p.start_rank: p.start_rank for p in context.tournament.players},
                           higher_is_better=True if reverse else None)


def progressive(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 7.5 (PS): the sum of the running scores after each round; Cut-n leaves
    out the running scores after the first n rounds (art. 14.1.1.c)."""
    data = event_data(context.tournament)
    cut = spec.number("C", 1) if spec.modifier("C") is not None else 0
    return TiebreakOutcome(data.values_of({sno: sum(islice(accumulate(data.round_points[sno]), cut, None))
                                           for sno in data.start_ranks}))


def _running(data: EventData, sno: int) -> list[int]:
    """The player's score after each round (in units)."""
    return list(accumulate(data.round_points[sno]))


def explain_progressive(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    data = event_data(context.tournament)
    cut = spec.number("C", 1) if spec.modifier("C") is not None else 0
    lines = tuple(
        ContributionLine(r.number, r.opponent or None, f"{r.kind.value}: +{data.text(r.points)}, running score",
                         data.value(running), "Cut: score after an early round (art. 14.1.1.c)" if i < cut else "")
        for i, (r, running) in enumerate(zip(data.table[start_rank], _running(data, start_rank))))
    return Explanation(start_rank, str(spec), lines, progressive(spec, context).values[start_rank])


def koya_limit(spec: TiebreakSpec, context: TiebreakContext, data: EventData) -> Fraction:
    """The score an opponent needs for Koya (art. 9.2, 14.5): 50 % of the maximum possible score,
    or ``/L40`` (another percentage) or ``/L+1`` / ``/L-1`` (half-points above or below)."""
    games = data.rounds
    if is_round_robin(context):
        players = len(data.start_ranks)
        if players and data.rounds % players == 0:
            games -= data.rounds // players  # odd round robin: one idle round per cycle
        games -= sum(1 for sno in data.start_ranks if data.last_paired[sno] == 0)
    text = spec.modifier("L")
    percent, offset = Fraction(50), Fraction(0)
    if text:
        if text[0] in "+-":
            offset = Fraction(int(text), 2)
        else:
            percent = Fraction(int(text))
    return percent * data.value(data.win) * games / 100 + offset


def koya(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 9.2 (KS): points scored against the opponents who finished with at least
    50 % of the maximum possible score (limit modified by ``/L``, art. 14.5)."""
    data = event_data(context.tournament)
    limit = koya_limit(spec, context, data)
    qualified = {sno for sno in data.start_ranks if data.value(data.totals[sno]) >= limit}
    against = qualified.__contains__   # opponent 0 (none) is never qualified
    return TiebreakOutcome(data.values_of({
        sno: sum(compress(data.round_points[sno], map(against, data.opponents[sno]))) for sno in data.start_ranks}))


def explain_koya(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    data = event_data(context.tournament)
    limit = koya_limit(spec, context, data)
    lines = []
    for r in data.table[start_rank]:
        if not r.opponent:
            continue
        final = data.value(data.totals[r.opponent])
        lines.append(ContributionLine(r.number, r.opponent, f"vs {r.opponent} (final score {float(final):g}): "
                                      f"scored {data.text(r.points)}", data.value(r.points),
                                      "" if final >= limit else f"opponent below the limit {float(limit):g}"))
    return Explanation(start_rank, str(spec), tuple(lines), koya(spec, context).values[start_rank],
                       (f"limit: {float(limit):g} points (art. 9.2, 14.5)",))
