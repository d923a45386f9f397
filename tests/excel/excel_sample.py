"""A small event as a TD keeps it in a workbook, and what the engine must make of it.

Four players, three rounds, in our template's layout (Opp | Col | Res per round):
round 1: Ana-Bo 1-0, Kai-Dan =; round 2: Kai beats Bo, Ana wins by forfeit against Dan;
round 3: Ana-Kai =, Bo gets the pairing-allocated bye, Dan a half-point bye.
Used by the fake-xlwings, xlwings JSON-book, LibreOffice and Pyodide tests alike (no imports, so
the Pyodide runner can copy it next to its script).
"""

_ = None

CROSSTABLE = [
    ["SNo", "Name", "Rtg", "FED", "Round 1", _, _, "Round 2", _, _, "Round 3", _, _, "Pts"],
    [_, _, _, _, "Opp", "Col", "Res", "Opp", "Col", "Res", "Opp", "Col", "Res", _],
    [1, "Ana", 2100, "NOR", 2, "w", "1", 4, "w", "+", 3, "w", "½", 2.5],
    [2, "Bo", 1900, "SWE", 1, "b", "0", 3, "w", "0", _, _, "U", 1],
    [3, "Kai", 2000, "DEN", 4, "w", "½", 2, "b", "1", 1, "b", "½", 2],
    [4, "Dan", 1800, "FIN", 3, "b", "½", 1, "b", "-", _, _, "H", 1],
]

SETTINGS = [
    ["Setting", "Value"],
    ["Tie-breaks", "BH/C1, SB"],
]

SHEETS = {"Crosstable": CROSSTABLE, "Settings": SETTINGS}

# The same event in `rulesengine.testing.tournament_from_text` form: tie-break values are checked
# against the engine's own result for it, so these tests follow the FIDE plugin as it evolves.
PLAYERS = ["Ana", "Bo", "Kai", "Dan"]
RATINGS = [2100, 1900, 2000, 1800]
ROUNDS = ["1-2 1-0, 3-4 =", "2-3 0-1, 1-4 +-", "1-3 =, 2 U, 4 H"]
TIEBREAKS = ["BH/C1", "SB"]
STANDINGS_HEADER = ["Rank", "SNo", "Name", "Pts", "BH/C1", "SB"]
POINTS = {"Ana": 2.5, "Kai": 2, "Bo": 1, "Dan": 1}
