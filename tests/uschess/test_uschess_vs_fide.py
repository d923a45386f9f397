"""One tournament, two rule books: US Chess 34E and FIDE C.07 (2026) rank the same tie differently.

The event is the Riverbend Open of `test_uschess_tiebreaks` (7 players, 5 rounds, byes, forfeits,
a withdrawal). Ana, Cy and Gus tie on 3 points. Gus's 3 includes a pairing-allocated bye in R1;
Cy's opponent Fay withdrew after R3; Ana's opponent Di forfeited R5.

US Chess (34E1: opponents' unplayed games count 1/2; own unplayed games count 0):
    adjusted scores: Ana 3, Bo 3.5, Cy 3, Di 1.5, Ed 1.5, Fay 2.5, Gus 2.5
    Ana: Di 1.5, Cy 3, Bo 3.5, Ed 1.5, Gus 2.5 -> Solkoff 12, Modified Median (plus: drop 1.5) 10.5
    Cy:  Fay 2.5, Ana 3, Gus 2.5, Di 1.5, Bo 3.5 -> Solkoff 13, Modified Median 11.5
    Gus: bye 0, Ed 1.5, Cy 3, Bo 3.5, Ana 3 -> Solkoff 11, Modified Median (drop the bye's 0) 11
    Cumulative (34E3): Ana 9, Cy 8.5, Gus 1+2+2.5+3+3 - 1 (bye) = 10.5
    => Modified Median order: Cy, Gus, Ana.

FIDE C.07 as amended March 2026 (art. 16; events from 1 March 2026):
    16.3 contributions to opponents: face value, except a voluntarily unplayed round (VUR) with no
    later non-VUR round contributes 1/2; a forfeit loss contributes 0. So Ana 3, Bo 4 (forfeit win
    at face value), Cy 3, Di 1 (half-point bye 1/2, R5 forfeit loss 0), Ed 2.5 (bye and forfeit
    win at face value), Fay 2 (R2 forfeit loss 0; R4 and R5 absent, trailing: 1/2 each), Gus 3.
    16.4 own unplayed rounds: a dummy opponent scored min(own score, n/2 = 2.5) for a round
    without an opponent: Gus's R1 bye gives 2.5.
    BH:  Ana 1 + 3 + 4 + 2.5 + 3 = 13.5;  Cy 2 + 3 + 3 + 1 + 4 = 13;  Gus 2.5 + 2.5 + 3 + 4 + 3 = 15
    BH/C1 (16.5: no VUR here, so the lowest goes): Ana 12.5, Cy 12, Gus 15 - 2.5 = 12.5
    SB (BH entry x points): Ana 1 + 1.5 + 0 + 1.25 + 3 = 6.75; Cy 1 + 1.5 + 1.5 + 1 + 2 = 7;
        Gus 2.5 + 2.5 + 1.5 + 2 + 0 = 8.5
    PS (art. 7.5, raw running scores): Ana 9, Cy 8.5, Gus 1+2+2.5+3+3 = 11.5
    => Buchholz order: Gus, Ana, Cy; US Chess puts Cy first and Ana last.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from rulesengine.standings import compute_standings

ANA, CY, GUS = 1, 3, 7
F = Fraction
FIDE_2026 = date(2026, 6, 1)


def _table(registry, specs, t):
    standings = compute_standings(t, registry.resolve_specs(specs), registry, rules_date=FIDE_2026)
    return standings, {row.start_rank: row.tiebreaks for row in standings.rows}


def test_us_chess_values_of_the_tie(registry, riverbend):
    standings, values = _table(registry, ["MM", "SOLK", "CUM"], riverbend)
    assert [values[p]["MM"] for p in (ANA, CY, GUS)] == [F(21, 2), F(23, 2), 11]
    assert [values[p]["SOLK"] for p in (ANA, CY, GUS)] == [12, 13, 11]
    assert [values[p]["CUM"] for p in (ANA, CY, GUS)] == [9, F(17, 2), F(21, 2)]
    tied = [row.name for row in standings.rows if row.points == 3]
    assert tied == ["Cy", "Gus", "Ana"]


def test_fide_2026_values_of_the_same_tie(registry, riverbend):
    standings, values = _table(registry, ["BH", "BH/C1", "SB", "PS"], riverbend)
    assert [values[p]["BH"] for p in (ANA, CY, GUS)] == [F(27, 2), 13, 15]
    assert [values[p]["BH/C1"] for p in (ANA, CY, GUS)] == [F(25, 2), 12, F(25, 2)]
    assert [values[p]["SB"] for p in (ANA, CY, GUS)] == [F(27, 4), 7, F(17, 2)]
    assert [values[p]["PS"] for p in (ANA, CY, GUS)] == [9, F(17, 2), F(23, 2)]
    tied = [row.name for row in standings.rows if row.points == 3]
    assert tied == ["Gus", "Ana", "Cy"]
