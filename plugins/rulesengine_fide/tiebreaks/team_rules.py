"""The FIDE team tie-breaks by code (C.07 art. 11-13 and 14.1.2), for the team tie-break hook.

A spec is `CODE[:MP|:GP][/mod]...` (TRF-2026 record 202 grammar): the reference score after the
colon (the event's primary score when absent), then the modifiers C (cut), M (median), P (unplayed
matches counted as played), F (Fore), K (SSSC's divisor). The text in force is the one of the
event's start date: from 1 March 2026 the amendments (art. 16.4 caps), before it the 2024 text.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine_fide.tiebreaks import team_boards, team_counts, team_direct, team_opposition
from rulesengine_fide.tiebreaks.team_table import TeamTable

_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}

# code -> (name, article): what `rulesengine tiebreaks` and the notes name
TEAM_CODES = {
    "MPTS": ("Match points", "11"), "GPTS": ("Game points", "11"), "MPVGP": ("Secondary score", "13.1"),
    "WIN": ("Number of wins", "13 (7.1)"), "WON": ("Number of wins over the board", "13 (7.2)"),
    "PS": ("Progressive score", "13 (7.4)"), "KS": ("Koya", "13 (7.5)"), "BH": ("Buchholz", "13 (8.1)"),
    "FB": ("Fore Buchholz", "13 (8.3)"), "AOB": ("Average of opponents' Buchholz", "13 (8.2)"),
    "EMMSB": ("Extended Sonneborn-Berger MP x MP", "13.2.1"), "EMGSB": ("Extended Sonneborn-Berger MP x GP", "13.2.2"),
    "EGMSB": ("Extended Sonneborn-Berger GP x MP", "13.2.3"), "EGGSB": ("Extended Sonneborn-Berger GP x GP", "13.2.4"),
    "BC": ("Board count (lower is better)", "12.1"), "TBR": ("Top board result", "12.2"),
    "BBE": ("Bottom board elimination", "12.3"), "SSSC": ("Score and schedule strength combination", "13.4"),
    "EDE": ("Extended direct encounter", "13.3.1"),
    "EDET": ("Extended direct encounter, then top board result", "13.3.2 (from 2026-03-01)"),
    "EDEB": ("Extended direct encounter, then bottom board elimination", "13.3.2 (from 2026-03-01)"),
    "EDEBT": ("Extended direct encounter, then board count and top board result", "13.3.2 (from 2026-03-01)"),
    "EDEBB": ("Extended direct encounter, then board count and bottom board elimination", "13.3.2 (from 2026-03-01)"),
}
LOWER_IS_BETTER = frozenset({"BC"})
# rank codes: the value is a rank within the groups the earlier criteria leave tied (lower is better)
RANK_CODES = frozenset({"TBR", "BBE"}) | team_direct.EDE_CODES


def parse_team_spec(text: str) -> tuple[str, str | None, dict[str, str]]:
    """`BH:MP/C1/P` -> ("BH", "MP", {"C": "1", "P": ""})."""
    head, *mods = text.strip().upper().split("/")
    code, _, reference = head.partition(":")
    if code not in TEAM_CODES:
        raise ValueError(f"team tie-break {text!r}: unknown code {code!r}; known: {', '.join(sorted(TEAM_CODES))}")
    if reference not in ("", "MP", "GP"):
        raise ValueError(f"team tie-break {text!r}: the reference score is :MP or :GP, found {reference!r}")
    modifiers = {}
    for mod in mods:
        if not mod or mod[0] not in "CMPFK" or not (mod[1:] == "" or mod[1:].isdigit()):
            raise ValueError(f"team tie-break {text!r}: {mod!r} is not a modifier (C1, M1, P, F, K3)")
        modifiers[mod[0]] = mod[1:]
    return code, reference or None, modifiers


def compute(text: str, table: TeamTable, primary: str, groups: list[list[int]]) -> dict[int, object]:
    """The values of one team tie-break for every team; `groups` are the teams the earlier
    criteria leave tied (for the rank codes)."""
    code, reference, mods = parse_team_spec(text)
    ref = reference or primary
    secondary = "GP" if primary == "MP" else "MP"
    cut = int(mods.get("C") or (1 if "C" in mods else 0))
    median = int(mods.get("M") or (1 if "M" in mods else 0))
    played_all, fore = "P" in mods, "F" in mods
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
    if code in team_direct.EDE_CODES:
        return team_direct.extended_direct_encounter(table, code, ref, "GP" if ref == "MP" else "MP",
                                                     played_all or table.round_robin, groups)
    if code in RANK_CODES:
        return team_boards.rank_within_groups(groups, team_boards.board_keys(table, bottom=code == "BBE"))
    if code in _ESB:
        opponent_ref, own_ref = _ESB[code]
        return team_opposition.opposition(table, opponent_ref, own_ref, cut_low=cut, played_all=played_all)
    bh = team_opposition.opposition(table, ref, None, cut_low=cut + median, cut_high=median, played_all=played_all,
                                    fore=fore or code == "FB")
    if code == "AOB":
        return team_opposition.average_of_opponents(table, ref, team_opposition.opposition(table, ref, None))
    if code == "SSSC":
        k = int(mods["K"]) if mods.get("K") else None
        return team_opposition.score_strength(table, primary, secondary, bh, k)
    return bh

