"""The FIDE team tie-break codes (C.07 art. 11-13, 14.1.2), their articles and the spec grammar:
what registering the team tie-breaks needs, without the modules that compute them (a command
that ranks no team event does not import those)."""

from __future__ import annotations

from datetime import date

AMENDMENTS_2026 = date(2026, 3, 1)   # C.07 as amended by the FIDE Council, in force from 1 March 2026
# art. 13.3.2: EDE then art. 12 tie-breaks for two teams (the rules choose them in the 2024 text;
# March 2026 names these four chains)
CHAIN_CODES = frozenset({"EDET", "EDEB", "EDEBT", "EDEBB"})
EDE_CODES = frozenset({"EDE"}) | CHAIN_CODES


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
    "EDET": ("Extended direct encounter, then top board result", "13.3.2"),
    "EDEB": ("Extended direct encounter, then bottom board elimination", "13.3.2"),
    "EDEBT": ("Extended direct encounter, then board count and top board result", "13.3.2"),
    "EDEBB": ("Extended direct encounter, then board count and bottom board elimination", "13.3.2"),
}
LOWER_IS_BETTER = frozenset({"BC"})
# rank codes: the value is a rank within the groups the earlier criteria leave tied (lower is better)
RANK_CODES = frozenset({"TBR", "BBE"}) | EDE_CODES


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
