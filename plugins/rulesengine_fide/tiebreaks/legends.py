"""How published crosstables (Swiss-Manager, chess-results) name the FIDE C.07 tie-breaks.

Swiss-Manager prints its tie-break order under the table as "Tie Break1: <name>"; these
patterns map those names to our specs. Most specific first: "Buchholz Cut 1" must not be read as
plain Buchholz. The codes are C.07's (art. 6 DE, 7 WIN/BPG/PS, 8 BH, 9 SB/KS, 10 ARO/TPR; art. 14 the cuts).

Column headings that are codes themselves (Vega's "BH-C1" and "BH/C1", the heading of our own
Standings sheet) come first: a heading is matched whole, so "BH" never swallows "BH-C1".
Swiss-Manager's 2026 names ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)") name the cut
in the text and are read by the same patterns.
"""

from __future__ import annotations

from rulesengine.tiebreak import TiebreakLegend

# Specs published under their own code (C.07 art. 6-10 codes with the usual modifiers).
_CODE_HEADINGS = ("BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH", "FB/C1", "FB", "AOB", "SB/C1", "SB", "PS/C1", "PS",
                  "DE", "WIN", "WON", "BPG", "BWG", "REP", "KS", "ARO/C1", "ARO", "TPR", "PTP", "APRO", "APPO")


def _heading(spec: str) -> TiebreakLegend:
    code, _, modifier = spec.partition("/")
    separator = r"\s*[-/#]\s*" if modifier else ""
    pattern = rf"^\s*{code}{separator}{modifier}\s*\*?\s*$"
    return TiebreakLegend(pattern, spec, f"the code {spec} as a column heading")


LEGENDS = tuple(_heading(spec) for spec in _CODE_HEADINGS) + (
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
