"""A TD running an event day through the swiss workbook, round by round (issue 23, the bar):
`new-workbook` -> type the players -> `pair` -> type the results on the Pairings sheet ->
`recalc` -> ..., with the event-day actions typed where the template says, at given rounds.

Each typing step changes one sheet's XML only, as a spreadsheet does (`patch_cells`).
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl.utils import get_column_letter

from rulesengine.cli import main
from rulesengine.workbook.io.fast_read import read_workbook_grids
from rulesengine.workbook.io.package_map import read_package_map
from rulesengine.workbook.io.sheet_patch import patch_cells
from rulesengine.workbook.sheets.pairings import read_pairings
from rulesengine.workbook.sheets.standings import standings_table

RESULTS = ["1-0", "0-1", "½-½", "1-0", "0-1", "1-0", "½-½"]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def type_into(path: Path, sheet: str, cells: dict[str, object]) -> None:
    """What a TD's spreadsheet does when cells are typed: that sheet's XML changes, nothing else."""
    with zipfile.ZipFile(path) as archive:
        part = next(s.part for s in read_package_map(archive).sheets if s.name == sheet)
        members = [(i, archive.read(i.filename)) for i in archive.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in members:
            out.writestr(info, patch_cells(data, cells) if info.filename == part else data)
    path.write_bytes(buffer.getvalue())


def grids(path: Path):
    return read_workbook_grids(path)[1]


def res_cell(sno: int, round_number: int) -> str:
    """The Crosstable's Res cell of a player's round (the template: SNo n on row n + 2)."""
    return f"{get_column_letter(5 + 3 * (round_number - 1) + 2)}{sno + 2}"


@dataclass
class Book:
    path: Path
    capsys: object
    log: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, tmp: Path, capsys, players: list[tuple[str, int]], rounds: int, settings: dict[str, object]):
        path = tmp / f"event-{len(players)}.xlsx"
        code, _, err = run(capsys, "new-workbook", "swiss", path, "--rounds", rounds, "--players", len(players) + 10)
        assert code == 0, err
        book = cls(path, capsys)
        book.type_players(players, first=1)
        rows = {str(r[0]): i for i, r in enumerate(grids(path)["Settings"].rows) if r and r[0]}
        cells, extra = {}, len(grids(path)["Settings"].rows)
        for key, value in settings.items():
            if isinstance(value, tuple):     # Forbidden pair | A | B: rows of their own
                extra += 1
                cells.update({f"A{extra}": "Forbidden pair", f"B{extra}": value[0], f"C{extra}": value[1]})
            else:
                cells[f"B{rows[key] + 1}"] = value
        type_into(path, "Settings", cells)
        return book

    def type_players(self, players: list[tuple[str, int]], first: int) -> None:
        cells = {}
        for sno, (name, rating) in enumerate(players, start=first):
            cells.update({f"A{sno + 2}": sno, f"B{sno + 2}": name, f"C{sno + 2}": rating})
        type_into(self.path, "Crosstable", cells)

    def settings_cell(self, key: str) -> str:
        rows = grids(self.path)["Settings"].rows
        return f"B{next(i for i, r in enumerate(rows) if r and r[0] == key) + 1}"

    def pair(self, *args) -> tuple[int, dict, str]:
        code, out, err = run(self.capsys, "pair", self.path, "--format", "json", *args)
        return code, json.loads(out) if code == 0 else {}, err

    def sheet(self):
        return read_pairings(grids(self.path)["Pairings"])

    def enter_results(self, round_number: int) -> None:
        sheet = self.sheet()
        type_into(self.path, "Pairings", {b.cell: RESULTS[(round_number + b.number) % len(RESULTS)]
                                          for b in sheet.boards})

    def recalc(self) -> tuple[int, str, str]:
        return run(self.capsys, "recalc", self.path)

    def standings(self) -> tuple[list, list[list]]:
        rows = grids(self.path)["Standings"].rows
        table = standings_table(rows)
        return rows, table

    def crosstable_entry(self, sno: int, round_number: int) -> tuple:
        row = grids(self.path)["Crosstable"].rows[sno + 1]
        col = 4 + 3 * (round_number - 1)
        return tuple(row[col:col + 3]) if len(row) > col else ()
