"""The FIDE team tie-breaks by code (C.07 art. 11-13 and 14.1.2), for the team tie-break hook.

A spec is `CODE[:MP|:GP][/mod]...` (TRF-2026 record 202 grammar): the reference score after the
colon (the event's primary score when absent), then the modifiers C (cut), M (median), P (unplayed
matches counted as played), F (Fore), K (SSSC's divisor). The text in force is the one of the
event's start date: from 1 March 2026 the amendments (art. 16.4 caps), before it the 2024 text.
"""

from __future__ import annotations

from rulesengine.team_tiebreak import TeamTiebreakContext

from rulesengine_fide.tiebreaks import team_boards, team_counts, team_direct, team_opposition
from rulesengine_fide.tiebreaks.team_codes import AMENDMENTS_2026, EDE_CODES, RANK_CODES, parse_team_spec
from rulesengine_fide.tiebreaks.team_table import TeamTable, team_table

# code -> (the opponent's score, the own score in the match) of the four ESB products (art. 13.2.1-13.2.4)
ESB_SCORES = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}


def modifiers(mods: dict[str, str]) -> tuple[int, int, bool, bool]:
    """(cut, median, played_all, fore) of a spec's modifiers: /C1 /M1 (art. 14.1), /P, /F."""
    cut = int(mods.get("C") or (1 if "C" in mods else 0))
    median = int(mods.get("M") or (1 if "M" in mods else 0))
    return cut, median, "P" in mods, "F" in mods


def compute(text: str, table: TeamTable, primary: str, groups: list[list[int]]) -> dict[int, object]:
    """The values of one team tie-break for every team; `groups` are the teams the earlier
    criteria leave tied (for the rank codes)."""
    code, reference, mods = parse_team_spec(text)
    ref = reference or primary
    secondary = "GP" if primary == "MP" else "MP"
    cut, median, played_all, fore = modifiers(mods)
    if code in ("MPTS", "GPTS"):
        return team_counts.totals(table, code[:2])
    if code == "MPVGP":
        return team_counts.totals(table, secondary)
    if code in ("WIN", "WON"):
        return team_counts.wins(table, over_the_board=code == "WON")
    if code == "PS":
        return team_counts.progressive(table, ref, cut)
    if code == "KS":
        return team_counts.koya(table, ref)
    if code == "BC":
        return team_counts.board_count(table)
    if code in EDE_CODES:
        return team_direct.extended_direct_encounter(table, code, ref, "GP" if ref == "MP" else "MP",
                                                     played_all or table.round_robin, groups)
    if code in RANK_CODES:
        return team_boards.rank_within_groups(groups, team_boards.board_keys(table, bottom=code == "BBE"))
    if code in ESB_SCORES:
        opponent_ref, own_ref = ESB_SCORES[code]
        return team_opposition.opposition(table, opponent_ref, own_ref, cut_low=cut, played_all=played_all)
    bh = team_opposition.opposition(table, ref, None, cut_low=cut + median, cut_high=median, played_all=played_all,
                                    fore=fore or code == "FB")
    if code == "AOB":
        return team_opposition.average_of_opponents(table, ref, team_opposition.opposition(table, ref, None))
    if code == "SSSC":
        k = int(mods["K"]) if mods.get("K") else None
        return team_opposition.score_strength(table, primary, secondary, bh, k)
    return bh


def compute_in_context(spec: str, context: TeamTiebreakContext) -> dict[int, object]:
    """A team tie-break's values for the hook's record (`team.TEAM_RULES`), by the text in force."""
    return compute(spec, table_in_context(spec, context), context.event.primary,
                   [list(group) for group in context.groups])


def table_in_context(spec: str, context: TeamTiebreakContext) -> TeamTable:
    """The event's team table by the text in force on the rules date. The EDE chains are computed on
    any date: the 2024 text of art. 13.3.2 already lets the tournament rules name the art. 12
    tie-breaks that follow EDE for two teams (Held's exercises 46-48 do so); March 2026 named four."""
    rules_2026 = context.rules_date is not None and context.rules_date >= AMENDMENTS_2026
    key = ("rulesengine_fide team table", rules_2026)   # built once for every code of one ranking
    table = context.scratch.get(key)
    if table is None:
        event = context.event
        table = context.scratch[key] = team_table(event, event.is_round_robin, rules_2026)
    return table
