"""How published crosstables (Swiss-Manager, chess-results) name the FIDE C.07 tie-breaks.

Swiss-Manager prints its tie-break order under the table as "Tie Break1: <name>"; these
patterns map those names to our specs. Most specific first: "Buchholz Cut 1" must not be read as
plain Buchholz. The codes are C.07's (art. 6 DE, 7 WIN/BPG/PS, 8 BH, 9 SB/KS, 10 ARO/TPR; art. 14 the cuts).

Column headings that are codes themselves (Vega's "BH-C1" and "BH/C1", the heading of our own
Standings sheet) come first: a heading is matched whole, so "BH" never swallows "BH-C1".
Swiss-Manager's 2026 names ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)") name the cut
in the text and are read by the same patterns.

chess-results.com's XML names each tie-break by a number and up to five parameters (its table
Tie-Breaks-1.xlsx; the reader's legend is "chess-results tie-break 84 (0,0,1,-,-)"). The numbers
below are those chess-results' uploaders write for C.07's rules (as Sharly Chess's exporter
documents them): for Buchholz (84), Sonneborn-Berger (85) and ARO (80) the parameters are
(0, highest values cut, lowest values cut, played-games modifier `P`, `F` for Fore Buchholz);
for the performances (88) the first parameter picks TPR, APRO, PTP or APPO; for wins (68) WIN,
WON, BWG or BPG. A number or parameter not listed (a `P` modifier, Sum of Buchholz 25, a manual
value 5) is left unmapped and the audit says so.
"""

from __future__ import annotations

import re

from rulesengine.tiebreak import TiebreakLegend

# Specs published under their own code (C.07 art. 6-10 codes with the usual modifiers).
_CODE_HEADINGS = ("BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH", "FB/C1", "FB", "AOB", "SB/C1", "SB", "PS/C1", "PS",
                  "DE", "WIN", "WON", "BPG", "BWG", "REP", "KS", "ARO/C1", "ARO", "TPR", "PTP", "APRO", "APPO")


def _heading(spec: str) -> TiebreakLegend:
    code, _, modifier = spec.partition("/")
    separator = r"\s*[-/#]\s*" if modifier else ""
    pattern = rf"^\s*{code}{separator}{modifier}\s*\*?\s*$"
    return TiebreakLegend(pattern, spec, f"the code {spec} as a column heading")


def _chess_results(number: int, parameters: str, spec: str) -> TiebreakLegend:
    """chess-results' tie-break `number` with these leading `parameters` ("0,0,1"; "-" stands for
    "-" or empty); any parameters after them must be "-" or empty."""
    given = parameters.split(",") if parameters else []
    while given and given[-1] == "-":
        given.pop()  # a trailing "-" is as good as no parameter at all
    lead = ",".join("-?" if p == "-" else re.escape(p) for p in given) if given else "-?"
    return TiebreakLegend(rf"^chess-results tie-break {number} \({lead}(?:,-?)*\)$", spec,
                          f"chess-results tie-break {number} ({parameters or 'no parameters'})")


# chess-results' numbering of C.07's tie-breaks (art. 5 PTS, 6 DE, 7 WIN/WON/BWG/BPG/PS/REP, 8 BH/FB/AOB,
# 9 SB/KS, 10 ARO/TPR/PTP/APRO/APPO; art. 14 the cuts and medians).
_CHESS_RESULTS = (
    (1, "", "PTS"), (81, "-", "DE"),
    (68, "0,-", "WIN"), (68, "1,-", "WON"), (68, "2,-", "BWG"), (68, "3,-", "BPG"), (86, "", "PS"), (79, "", "REP"),
    (84, "0,0,0,-,-", "BH"), (84, "0,0,1,-,-", "BH/C1"), (84, "0,0,2,-,-", "BH/C2"), (84, "0,1,1,-,-", "BH/M1"),
    (84, "0,2,2,-,-", "BH/M2"), (84, "0,0,0,-,F", "FB"), (84, "0,0,1,-,F", "FB/C1"), (77, "-", "AOB"),
    (85, "0,0,0,-,-", "SB"), (85, "0,0,1,-,-", "SB/C1"), (87, "0,50", "KS"),
    (80, "0,0,0", "ARO"), (80, "0,0,1", "ARO/C1"),
    (88, "0,0", "TPR"), (88, "1,0", "APRO"), (88, "2,0", "PTP"), (88, "3,0", "APPO"),
)

LEGENDS = tuple(_heading(spec) for spec in _CODE_HEADINGS) + tuple(
    _chess_results(number, parameters, spec) for number, parameters, spec in _CHESS_RESULTS) + (
    TiebreakLegend(r"buchholz.*median ?2|median.?buchholz ?2", "BH/M2", "Median-2 Buchholz (C.07 art. 8.1, 14)"),
    TiebreakLegend(r"buchholz.*cut ?2|buchholz.*\bc2\b", "BH/C2", "Buchholz Cut-2 (C.07 art. 8.1, 14)"),
    TiebreakLegend(r"buchholz.*cut ?1|buchholz.*\bc1\b", "BH/C1", "Buchholz Cut-1 (C.07 art. 8.1, 14)"),
    TiebreakLegend(r"median.?buchholz|buchholz.*median", "BH/M1", "Median Buchholz (C.07 art. 8.1, 14)"),
    TiebreakLegend(r"sonneborn|berger", "SB", "Sonneborn-Berger (C.07 art. 9.1)"),
    TiebreakLegend(r"buchholz", "BH", "Buchholz (C.07 art. 8.1)"),
    TiebreakLegend(r"direct encounter|direkter vergleich", "DE", "Direct encounter (C.07 art. 6)"),
    TiebreakLegend(r"greater number of victories|number of wins|most wins", "WIN", "Number of wins (C.07 art. 7.1)"),
    TiebreakLegend(r"black", "BPG", "Games played with black (C.07 art. 7.3)"),
    TiebreakLegend(r"progressive|cumulative|fortschreitende", "PS", "Progressive score (C.07 art. 7.5)"),
    TiebreakLegend(r"koya", "KS", "Koya system (C.07 art. 9.2)"),
    TiebreakLegend(r"average rating of opponents|aro\b", "ARO", "Average rating of opponents (C.07 art. 10.1)"),
    TiebreakLegend(r"performance", "TPR", "Tournament performance rating (C.07 art. 10.2)"),
)
