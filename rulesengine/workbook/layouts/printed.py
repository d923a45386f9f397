"""The tie-break columns a crosstable printed (a chess-results export's `TB1`, `TB2`, ...), as the
Standings sheet compares them with ours (`workbook.inputs.published`)."""

from __future__ import annotations

from rulesengine.cell_values import parse_points
from rulesengine.grid import Grid, text
from rulesengine.layout import CrosstableLayout
from rulesengine.workbook.inputs.published import PublishedNumber


def printed_tiebreaks(grid: Grid, layout: CrosstableLayout) -> list[tuple[str, dict[int, PublishedNumber]]]:
    """Each printed tie-break column (its heading, then the values by start number), as printed."""
    printed = layout.published(grid) if layout.published is not None else None
    if printed is None:
        return []
    found: list[tuple[str, dict[int, PublishedNumber]]] = []
    for number, c in printed.tiebreak_cols:
        values: dict[int, tuple[object, str]] = {}
        for sno, r in printed.rows.items():
            value = parse_points(grid.value(r, c))
            if value is not None:
                values[sno] = (value, text(grid.value(r, c)).replace(",", "."))
        # The column's precision is its most precise cell: "29" beside "28,5" is a whole 29.
        decimals = max((len(t.split(".", 1)[1]) if "." in t else 0 for _, t in values.values()), default=0)
        found.append((text(grid.value(printed.header_row, c)) or f"TB{number}",
                      {sno: PublishedNumber(value, decimals) for sno, (value, _) in values.items()}))
    return found
