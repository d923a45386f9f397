"""The FIDE team tie-breaks explained match by match (`rulesengine explain TEAM.trf --team N`).

Each breakdown is computed by the functions that compute the value (team_counts,
team_opposition, team_boards, team_direct), so the lines add up to what the standings show; the
total is the value computed in the same context (the teams the earlier criteria leave tied).
The front end adds each round's opponent, match and game points and board results from the
model; the lines here say how the round counts, with the article.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.numbers import to_text
from rulesengine.team import MatchKind
from rulesengine.team_tiebreak import TeamContribution, TeamExplanation, TeamTiebreakContext

from rulesengine_fide.tiebreaks import team_counts, team_opposition
from rulesengine_fide.tiebreaks.team_codes import EDE_CODES, RANK_CODES, TEAM_CODES, parse_team_spec
from rulesengine_fide.tiebreaks.team_rules import ESB_SCORES, compute, modifiers, table_in_context
from rulesengine_fide.tiebreaks.team_table import TeamTable

Lines = list[TeamContribution]


def explain_in_context(spec: str, context: TeamTiebreakContext, team: int) -> TeamExplanation:
    """One team's value of one team tie-break, line by line (the hook record's `explain`)."""
    table = table_in_context(spec, context)
    primary = context.event.primary
    groups = [list(group) for group in context.groups]
    total = compute(spec, table, primary, groups).get(team)
    code, reference, mods = parse_team_spec(spec)
    ref = reference or primary
    secondary = "GP" if primary == "MP" else "MP"
    name, article = TEAM_CODES[code]
    notes = [f"{name}, FIDE C.07 art. {article}"]
    if code in ("MPTS", "GPTS", "MPVGP"):
        score = code[:2] if code != "MPVGP" else secondary
        lines = [TeamContribution(rnd, f"{score} earned (art. 11)", table.score(table.points(row, score), score))
                 for rnd, row in enumerate(table.rows[team], start=1)]
    elif code in ("WIN", "WON"):
        lines = _wins(table, team, code == "WON")
    elif code == "PS":
        lines = _progressive(table, team, ref, modifiers(mods)[0])
    elif code == "KS":
        lines, note = _koya(table, team, ref, spec)
        notes.append(note)
    elif code == "BC":
        lines = [TeamContribution(rnd, "board x game points: " + (" + ".join(f"{b}x{to_text(table.score(p, 'GP'))}"
                                                                             for b, p in table.boards(row))
                                                                   or "no board points (art. 12 intro)"),
                                  table.score(sum(b * p for b, p in table.boards(row)), "GP"))
                 for rnd, row in enumerate(table.rows[team], start=1)]
        notes.append("C.07 12.1 compares it between teams with equal game points")
    elif code in EDE_CODES:
        lines, note = _direct_encounter(table, team, ref, groups)
        notes.append(note)
    elif code in RANK_CODES:
        lines, note = _boards(table, team, code, groups)
        notes.append(note)
    elif code in ESB_SCORES:
        opponent_ref, own_ref = ESB_SCORES[code]
        cut, _, played_all, _ = modifiers(mods)
        lines = _opposition(table, team, opponent_ref, own_ref, cut, 0, played_all, False)
    elif code == "AOB":
        lines = _average(table, team, ref)
        notes.append("rounded half up (2 decimals under 9 rounds, 3 from 9), as FIDE TEC's engine")
    else:   # BH, FB, SSSC
        cut, median, played_all, fore = modifiers(mods)
        lines = _opposition(table, team, ref, None, cut + median, median, played_all, fore or code == "FB")
        if code == "SSSC":
            lines += _schedule_strength(table, team, primary, secondary, lines, mods)
    return TeamExplanation(team, spec, tuple(lines), total, tuple(notes))


def _kind(table: TeamTable, team: int, rnd: int) -> MatchKind:
    return table.event.team(team).rounds[rnd - 1].kind


def _wins(table: TeamTable, team: int, over_the_board: bool) -> Lines:
    """WIN (art. 7.1): a win's match points earned, played or not; WON (7.2): won against an
    opponent over the board."""
    lines = []
    for rnd, row in enumerate(table.rows[team], start=1):
        if not row.won:
            lines.append(TeamContribution(rnd, "not won", 0))
        elif over_the_board and not (row.played and row.opponent):
            lines.append(TeamContribution(rnd, "won without a match over the board: not counted (art. 7.2)", 0))
        else:
            lines.append(TeamContribution(rnd, "won" + ("" if row.played else " unplayed (art. 7.1 counts it)"), 1))
    return lines


def _progressive(table: TeamTable, team: int, reference: str, cut: int) -> Lines:
    """PS (art. 7.4): the running score after each round; /C drops the first rounds."""
    lines, running = [], 0
    for rnd, row in enumerate(table.rows[team], start=1):
        running += table.points(row, reference)
        lines.append(TeamContribution(rnd, f"{reference} after round {rnd}", table.score(running, reference),
                                      "cut: first rounds (/C)" if rnd <= cut else ""))
    return lines


def _koya(table: TeamTable, team: int, reference: str, spec: str) -> tuple[Lines, str]:
    """KS (art. 7.5): the points scored against opponents who reached half the maximum."""
    scores = team_counts.totals(table, reference)
    limit = table.score(team_counts.koya_limit(table, reference), reference)
    lines = []
    for rnd, row in enumerate(table.rows[team], start=1):
        if not row.opponent:
            lines.append(TeamContribution(rnd, "no opponent: not counted", 0))
        elif scores[row.opponent] >= limit:
            lines.append(TeamContribution(rnd, f"opponent scored {to_text(scores[row.opponent])} >= "
                                               f"{to_text(limit)}: counted",
                                          table.score(table.points(row, reference), reference)))
        else:
            lines.append(TeamContribution(rnd, f"opponent scored {to_text(scores[row.opponent])} < {to_text(limit)}: "
                                               "not counted", 0))
    return lines, f"{spec}: the limit is 50 % of the maximum {reference}, {to_text(limit)}"


def _opposition(table: TeamTable, team: int, opponent_ref: str, own_ref: str | None, cut_low: int, cut_high: int,
                played_all: bool, fore: bool) -> Lines:
    """BH / FB / ESB round by round (art. 8, 13.2, unplayed rounds by art. 16 as FIDE TEC's engine
    applies it to matches; round robins by art. 15), with what a cut or median dropped (14.1)."""
    contributed = team_opposition.adjusted(table, opponent_ref, fore)
    unit = team_opposition.contribution_unit(table, opponent_ref, own_ref)
    items = team_opposition.round_items(table, team, contributed, opponent_ref, own_ref, played_all, fore)
    _, dropped = team_opposition.cut_items(table, items, cut_low, cut_high)
    cuts = {item[0]: ("cut: lowest (art. 14.1)" if index < min(cut_low, table.rounds) else "median: highest (art. 14.1)")
            for index, item in enumerate(dropped)}
    counted = {item[0] for item in items}
    lines = []
    for rnd, row in enumerate(table.rows[team], start=1):
        if rnd not in counted:
            lines.append(TeamContribution(rnd, "no opponent in a round robin: left out (art. 15)", None))
            continue
        _, _, units, value, how = next(item for item in items if item[0] == rnd)
        score = table.score(units, opponent_ref)
        if how == "opponent":
            raw = table.score(table.total(row.opponent, opponent_ref), opponent_ref)
            text = f"team {row.opponent} scored {to_text(raw)} {opponent_ref}"
            if score != raw:
                text += (f", counted {to_text(score)} (its unplayed rounds after its last played one as drawn, "
                         "art. 16.3" + ("; Fore Buchholz: the last round as drawn, art. 8.3" if fore else "") + ")")
            if not row.played:
                text += " (unplayed, counted as played" + (": round robin, art. 15)" if table.round_robin else ": /P)")
        else:
            text = f"unplayed: a dummy opponent with the team's own {to_text(score)} {opponent_ref} (art. 16.4"
            text += ", capped: 16.4.1/16.4.2 of March 2026)" if how == "dummy capped" else ")"
        if own_ref:
            text += f" x {to_text(table.score(table.points(row, own_ref), own_ref))} {own_ref} scored in the round " \
                    "(art. 13.2)"
        lines.append(TeamContribution(rnd, text, Fraction(value, unit), cuts.get(rnd, "")))
    return lines


def _average(table: TeamTable, team: int, reference: str) -> Lines:
    """AOB (art. 8.2): the opponents' BH, over the matches played over the board."""
    bh = team_opposition.opposition(table, reference, None)
    return [TeamContribution(rnd, f"team {row.opponent}'s BH:{reference}", bh[row.opponent]) if row.played and row.opponent
            else TeamContribution(rnd, "no match over the board: not in the average", None)
            for rnd, row in enumerate(table.rows[team], start=1)]


def _schedule_strength(table: TeamTable, team: int, primary: str, secondary: str, bh_lines: Lines,
                       mods: dict[str, str]) -> Lines:
    """SSSC (art. 13.4): the secondary score plus BH on the primary score divided by K."""
    k = int(mods["K"]) if mods.get("K") else team_opposition.sssc_divisor(table, primary)
    bh = sum((line.value for line in bh_lines if line.value is not None and not line.dropped), Fraction(0))
    return [TeamContribution(0, f"schedule strength: BH {to_text(bh)} / K {k} (art. 13.4)", bh / max(k, 1)),
            TeamContribution(0, f"secondary score {secondary}", table.score(table.total(team, secondary), secondary))]


def _boards(table: TeamTable, team: int, code: str, groups: list[list[int]]) -> tuple[Lines, str]:
    """TBR / BBE (art. 12.2, 12.3): the board points compared within the tied group."""
    lines = [TeamContribution(rnd, "board points " + (" ".join(f"b{b}:{to_text(table.score(p, 'GP'))}"
                                                              for b, p in table.boards(row)) or "none"))
             for rnd, row in enumerate(table.rows[team], start=1)]
    totals = table.board_points[team]
    lines.append(TeamContribution(0, "totals by board: " + " ".join(f"b{b}:{to_text(table.score(totals.get(b, 0), 'GP'))}"
                                                                   for b in range(1, table.event.boards + 1))))
    group = next((g for g in groups if team in g), [team])
    how = "board 1, then 2, ..." if code == "TBR" else "all boards, then without the bottom one, ..."
    return lines, (f"a rank within the teams tied before it ({', '.join(map(str, sorted(group)))}), compared {how}; "
                   "0: the group is not separated")


def _direct_encounter(table: TeamTable, team: int, reference: str, groups: list[list[int]]) -> tuple[Lines, str]:
    """EDE (art. 13.3.1; chains 13.3.2): the matches among the teams tied before it."""
    group = next((g for g in groups if team in g), [team])
    inside = set(group) - {team}
    lines = []
    for rnd, row in enumerate(table.rows[team], start=1):
        if row.opponent in inside:
            lines.append(TeamContribution(rnd, f"direct encounter with team {row.opponent} (tied)",
                                          table.score(table.points(row, reference), reference)))
        else:
            lines.append(TeamContribution(rnd, "opponent not among the tied teams", None))
    return lines, (f"a rank within the teams tied before it ({', '.join(map(str, sorted(group)))}): direct "
                   "encounter on the primary score, then the secondary (art. 6, 13.3); 0: not separated")
