"""How published crosstables (Swiss-Manager, chess-results) name the FIDE C.07 tie-breaks.

Swiss-Manager prints its tie-break order under the table as "Tie Break1: <name>"; these
patterns map those names to our specs. Most specific first: "Buchholz Cut 1" must not be read as
plain Buchholz. The codes are C.07's (art. 6 DE, 7 WIN/BPG, 8-9 PS, 10 ARO/TPR, 16 BH, 17 SB, 18 KS).
"""

from __future__ import annotations

from rulesengine.tiebreak import TiebreakLegend

LEGENDS = (
    TiebreakLegend(r"buchholz.*cut ?1|buchholz.*\bc1\b", "BH/C1", "Buchholz Cut-1 (C.07 art. 16.5)"),
    TiebreakLegend(r"median.?buchholz|buchholz.*median", "BH/M1", "Median Buchholz (C.07 art. 16.5)"),
    TiebreakLegend(r"sonneborn|berger", "SB", "Sonneborn-Berger (C.07 art. 17)"),
    TiebreakLegend(r"buchholz", "BH", "Buchholz (C.07 art. 16)"),
    TiebreakLegend(r"direct encounter|direkter vergleich", "DE", "Direct encounter (C.07 art. 6)"),
    TiebreakLegend(r"greater number of victories|number of wins|most wins", "WIN", "Number of wins (C.07 art. 7.1)"),
    TiebreakLegend(r"black", "BPG", "Games played with black (C.07 art. 7.3)"),
    TiebreakLegend(r"progressive|cumulative|fortschreitende", "PS", "Progressive score (C.07 art. 8)"),
    TiebreakLegend(r"koya", "KS", "Koya system (C.07 art. 18)"),
    TiebreakLegend(r"average rating of opponents|aro\b", "ARO", "Average rating of opponents (C.07 art. 10.2)"),
    TiebreakLegend(r"performance", "TPR", "Tournament performance rating (C.07 art. 10.3)"),
)
