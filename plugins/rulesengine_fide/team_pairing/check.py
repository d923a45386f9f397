"""`pair --check` for a team Swiss: every recorded round re-paired from the rounds before it, and
the first criterion (C.04.6 art. 2 and 3.4, then art. 4 for colours) on which the recorded round
differs from the system's.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.errors import UsageError
from rulesengine.team import MatchKind, TeamTournament

from rulesengine.numbers import to_text

from rulesengine_fide.team_pairing.brackets import Bracket, Field, complies_c6, pair_criteria
from rulesengine_fide.team_pairing.round import TeamRoundPairing, build_field, pair_team_round
from rulesengine_fide.team_pairing.rules import read_rules
from rulesengine_fide.team_pairing.state import team_colour

_ARTICLE = {"C1": "2.1.1", "C2": "2.1.2", "C3": "2.2.1", "C4": "2.3.1", "C5": "2.3.2", "C6": "2.3.3",
            "C7": "2.3.4", "C8": "2.3.5", "C9": "2.3.6", "C10": "2.3.7"}


@dataclass(frozen=True)
class RecordedRound:
    round: int
    boards: tuple[tuple[int, int], ...]     # (white, black) as recorded
    pab: int | None


@dataclass(frozen=True)
class TeamRoundCheck:
    round: int
    rules: TeamRoundPairing | None
    recorded: RecordedRound
    verdict: str = ""
    criterion: str = ""


def recorded_round(event: TeamTournament, round_number: int) -> RecordedRound:
    """The matches of a round as the file records them (forfeited ones by their 330 colours)."""
    boards, seen, pab = [], set(), None
    forfeits = {frozenset((f.white, f.black)): (f.white, f.black) for f in event.forfeits if f.round == round_number}
    for team in event.teams:
        r = team.rounds[round_number - 1]
        if r.kind is MatchKind.PAIRING_ALLOCATED_BYE:
            pab = team.number
        if r.opponent is None or team.number in seen:
            continue
        seen.update((team.number, r.opponent))
        pair = frozenset((team.number, r.opponent))
        if pair in forfeits:
            boards.append(forfeits[pair])
            continue
        colour = team_colour(event, team.number, round_number)
        boards.append((team.number, r.opponent) if colour != "b" else (r.opponent, team.number))
    return RecordedRound(round_number, tuple(boards), pab)


def check_team_event(event: TeamTournament) -> list[TeamRoundCheck]:
    """Each recorded round beside the system's pairing of it, with the verdict."""
    out = []
    for number in range(1, event.rounds + 1):
        recorded = recorded_round(event, number)
        if not recorded.boards and recorded.pab is None:
            continue
        present = {t for b in recorded.boards for t in b} | ({recorded.pab} if recorded.pab else set())
        try:
            ours = pair_team_round(event, number, present, planned_rounds=max(read_rules(event).planned_rounds, event.rounds))
        except UsageError as exc:
            out.append(TeamRoundCheck(number, None, recorded, f"not paired by the system: {exc}", "3.3.3"))
            continue
        verdict, criterion = compare(event, ours, recorded)
        out.append(TeamRoundCheck(number, ours, recorded, verdict, criterion))
    return out


def compare(event: TeamTournament, ours: TeamRoundPairing, recorded: RecordedRound) -> tuple[str, str]:
    """("", "") when the recorded round is the system's; else a sentence and the criterion."""
    mine = {frozenset((b.white, b.black)): b for b in ours.boards}
    theirs = {frozenset(b): b for b in recorded.boards}
    states = ours.states
    forbidden = ours.rules.forbidden_in(recorded.round)
    for pair in theirs:
        a, b = sorted(pair)
        if a in states[b].met:
            return f"teams {a} and {b} met before (C.04.6 art. 2.1.1 [C1])", "C1"
        if pair in forbidden:
            return f"teams {a} and {b} shall not meet in round {recorded.round} (record 260, [C1])", "C1"
    if recorded.pab is not None and not states[recorded.pab].may_get_pab:
        return (f"team {recorded.pab} may not receive the pairing-allocated bye: it had one, won a match by "
                f"forfeit or had a full-point bye (art. 2.1.2 [C2])"), "C2"
    if recorded.pab != ours.pab:
        return (f"art. 3.4 gives the pairing-allocated bye to team {ours.pab}, the recorded round to team "
                f"{recorded.pab}"), "3.4"
    if set(mine) != set(theirs):
        return _bracket_difference(event, ours, recorded)
    for pair, (white, black) in theirs.items():
        board = mine[pair]
        if (board.white, board.black) != (white, black):
            return (f"teams {white}-{black}: art. {board.rule} gives White to team {board.white}",
                    f"4.3 ({board.rule})")
    return "", ""


def _bracket_difference(event: TeamTournament, ours: TeamRoundPairing, recorded: RecordedRound) -> tuple[str, str]:
    """The recorded pairs cut into brackets as the system cuts its own (a pair belongs to the
    bracket of its higher-scored team), compared bracket by bracket, criterion by criterion."""
    teams = sorted(ours.states[t].number for b in ours.boards for t in (b.white, b.black))
    if ours.pab is not None:
        teams = sorted([*teams, ours.pab])
    planned = max(ours.rules.planned_rounds, event.rounds)
    fld = build_field(ours.states, teams, ours.rules, ours.round, planned, ours.rules.forbidden_in(ours.round))
    remaining = [t for t in teams if t != recorded.pab]
    pairs = [tuple(sorted(b)) for b in recorded.boards]
    for bracket in ours.brackets:
        level = bracket.level
        theirs = [p for p in pairs if max(fld.level[p[0]], fld.level[p[1]]) == level and p[0] in remaining
                  and p[1] in remaining]
        ups = sorted(t for p in theirs for t in p if fld.level[t] < level)
        rest = [t for t in remaining if all(t not in p for p in theirs)]
        mine_vector = _vector(fld, bracket.level, bracket.upfloaters, bracket.pairs, bracket.c6)
        their_vector = _vector(fld, level, ups, theirs, complies_c6(fld, level, rest))
        for (name, a), (_, b) in zip(mine_vector, their_vector):
            if a != b:
                worse = b > a
                at = f"in the bracket of score {_score(ours, bracket)}"
                if worse:
                    return (f"{at}, the recorded pairing complies less with {name} (art. {_ARTICLE[name]}) than "
                            f"the system's {_pairs_text(bracket.pairs)}"), name
                return (f"{at}, the recorded pairing complies better with {name} (art. {_ARTICLE[name]}) than the "
                        f"system's {_pairs_text(bracket.pairs)}: an engine defect to report"), name
        if sorted(theirs) != sorted(bracket.pairs):
            article = "3.5.4" if ups != sorted(bracket.upfloaters) else "3.6.2"
            return (f"in the bracket of score {_score(ours, bracket)}, the system's pairing "
                    f"{_pairs_text(bracket.pairs)} comes first in the order of art. {article}"), article
        remaining = rest
    return "the recorded round pairs teams the system pairs in no bracket", "3.3.2"


def _vector(fld: Field, level: int, ups: list[int], pairs: list[tuple[int, int]], c6: bool) -> list[tuple[str, object]]:
    """A bracket's criteria, each smaller-is-better: [C4] the upfloaters, [C5] their levels
    (ascending, negated), [C6], [C7], [C8], [C9], [C10]."""
    q = {"C8": 0, "C9": 0, "C10": 0}
    for a, b in pairs:
        for key, value in pair_criteria(fld, level, a, b).items():
            if key in q:
                q[key] += value
    c7 = 0 if fld.last_two_rounds else sum(fld.floated[t] for t in ups)
    return [("C4", len(ups)), ("C5", [-fld.level[t] for t in sorted(ups, key=lambda t: fld.level[t])]),
            ("C6", int(not c6)), ("C7", c7), ("C8", q["C8"]), ("C9", q["C9"]), ("C10", q["C10"])]


def _score(ours: TeamRoundPairing, bracket: Bracket) -> str:
    return to_text(ours.states[bracket.residents[0]].pairing_score)


def _pairs_text(pairs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs)
