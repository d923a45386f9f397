"""xlwings' JSON book, from both ends: the payload an Excel client sends, and its action list played
back on the starting sheets as the client would. No imports beyond the engine's grid helpers, so
the Pyodide runner can copy it next to its script.
"""

from __future__ import annotations

from rulesengine.grid import cell_address


def payload(sheets: dict[str, list[list]], version: str) -> dict:
    """What an Excel client sends: each sheet's values from A1 to the end of its used range."""
    out = []
    for name, rows in sheets.items():
        width = max((len(r) for r in rows), default=0)
        values = [["" if v is None else v for v in row] + [""] * (width - len(row)) for row in rows] or [[]]
        used = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v not in (None, "")]
        address = None
        if used:
            top, left = min(r for r, _ in used), min(c for _, c in used)
            bottom, right = max(r for r, _ in used), max(c for _, c in used)
            address = f"{cell_address(top, left)}:{cell_address(bottom, right)}"
        out.append({"name": name, "values": values, "pictures": [], "tables": [], "used_range_address": address})
    return {"client": "Office.js", "version": version,
            "book": {"name": "club.xlsx", "active_sheet_index": 0, "selection": "A1"},
            "names": [], "sheets": out}


def run_actions(sheets: dict[str, list[list]], actions: list[dict]) -> dict[str, list[list]]:
    """Play xlwings' action list on the starting sheets, as the Excel client would."""
    order = list(sheets)
    cells = {name: {(r, c): v for r, row in enumerate(rows) for c, v in enumerate(row) if v not in (None, "")}
             for name, rows in sheets.items()}
    for action in actions:
        func = action["func"]
        if func == "addSheet":
            position, name = action["args"]
            order.insert(position, name)
            cells[name] = {}
            continue
        if func == "setFontProperty":
            continue
        target = cells[order[action["sheet_position"]]]
        if func in ("sheetClear", "sheetClearContents"):
            target.clear()
        elif func == "setValues":
            for dr, row in enumerate(action["values"]):
                for dc, value in enumerate(row):
                    key = (action["start_row"] + dr, action["start_column"] + dc)
                    if value in (None, ""):
                        target.pop(key, None)
                    else:
                        target[key] = value
        else:
            raise AssertionError(f"unexpected action {func}")
    result = {}
    for name in order:
        if not cells[name]:
            result[name] = []
            continue
        height = max(r for r, _ in cells[name]) + 1
        width = max(c for _, c in cells[name]) + 1
        result[name] = [[cells[name].get((r, c)) for c in range(width)] for r in range(height)]
    return result
