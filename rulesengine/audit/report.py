"""An audit's results as JSON (the contract of issue 14), as a readable text report, and as a
workbook with one sheet per event and the differing cells highlighted."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Sequence

from rulesengine.audit.check import EventAudit
from rulesengine.numbers import to_json_number, to_text


def audit_json(audits: Sequence[EventAudit], errors: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """`{"events": [...]}` exactly as issue 14 spells it; `cell` (where each published value is)
    and the top-level `errors` (inputs that could not be read) are additions."""
    return {
        "events": [{
            "input": a.input,
            "event": a.event,
            "date": a.date.isoformat() if a.date else None,
            "rules": a.rules,
            "columns": [{"published": c.published, "rule": c.rule, "why_unmapped": c.why_unmapped} for c in a.columns],
            "differences": [{"start_no": d.start_no, "name": d.name, "column": d.column, "published": d.published,
                             "computed": d.computed, "explanation": d.explanation, "article": d.article,
                             "cell": d.cell} for d in a.differences],
            "rank_differences": [{"start_no": r.start_no, "published": r.published, "computed": r.computed}
                                 for r in a.rank_differences],
            "findings": [{"where": f.where, "what": f.what} for f in a.findings],
        } for a in audits],
        "errors": [{"input": name, "error": message} for name, message in errors],
    }


def audit_text(audits: Sequence[EventAudit], errors: Sequence[tuple[str, str]] = ()) -> str:
    out: list[str] = []
    for a in audits:
        out.append(f"== {a.event or a.input}  ({a.input})")
        out.append(f"Date: {a.date.isoformat() if a.date else 'not in the input'}; rules applied: {a.rules}")
        out.append("Columns: " + ("; ".join(f"{c.published} = {c.rule}" if c.rule else
                                            f"{c.published} NOT MAPPED ({c.why_unmapped})" for c in a.columns)
                                  or "none published"))
        out.append(f"Differences: {len(a.differences) or 'none'}")
        for d in a.differences:
            out.append(f"  {d.column:<6} no. {d.start_no} {d.name}: published {_shown(d.published)}, computed "
                       f"{_shown(d.computed)}")
            out.append(f"         {d.explanation}" + (f" [{d.article}]" if d.article else ""))
        out.append(f"Rank differences: {len(a.rank_differences) or 'none'}")
        for r in a.rank_differences:
            out.append(f"  no. {r.start_no}: published rank {r.published}, computed {r.computed}")
        out.append(f"Findings: {len(a.findings) or 'none'}")
        for f in a.findings:
            out.append(f"  {f.where}: {f.what}")
        out.append("")
    for name, message in errors:
        out.append(f"NOT AUDITED {name}: {message}")
    differences = sum(len(a.differences) + len(a.rank_differences) for a in audits)
    out.append(f"{len(audits)} event{'s' if len(audits) != 1 else ''} audited, {differences} difference"
               f"{'s' if differences != 1 else ''}, {sum(len(a.findings) for a in audits)} findings"
               + (f", {len(errors)} input{'s' if len(errors) != 1 else ''} not readable" if errors else ""))
    return "\n".join(out) + "\n"


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else to_text(value)


def _append(ws, values: list[Any]) -> None:
    ws.append(values)
    for cell in ws[ws.max_row]:
        if isinstance(cell.value, str) and cell.value.startswith("="):
            cell.data_type = "s"  # a name or printed value that looks like a formula stays text


_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def _sheet_title(name: str, taken: set[str]) -> str:
    base = _SHEET_FORBIDDEN.sub(" ", name).strip().strip("'")[:31] or "Event"  # Excel's limit: 31
    title, n = base, 2
    while title.lower() in taken:
        title = f"{base[:31 - len(str(n)) - 1]} {n}"
        n += 1
    taken.add(title.lower())
    return title


def write_audit_workbook(path: Path, audits: Sequence[EventAudit], errors: Sequence[tuple[str, str]] = ()) -> None:
    """One sheet per event: the published standings beside the computed values, every differing
    published cell (value or rank) filled; under the table the columns' rules, the differences
    explained, and the findings. A Summary sheet comes first. Written atomically."""
    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill

    differs = PatternFill("solid", start_color="FFFF9999", end_color="FFFF9999")
    bold = Font(bold=True)
    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    _append(summary, ["Input", "Event", "Date", "Rules", "Differences", "Rank differences", "Findings", "Sheet"])
    taken = {"summary"}
    for a in audits:
        title = _sheet_title(a.event or a.input, taken)
        _append(summary, [a.input, a.event, a.date.isoformat() if a.date else None, a.rules, len(a.differences),
                        len(a.rank_differences), len(a.findings), title])
        ws = wb.create_sheet(title)
        columns = list(a.columns)
        header = ["Rank (published)", "Rank (computed)", "SNo", "Name", "Pts"]
        for c in columns:
            header += [c.published, f"{c.published} computed ({c.rule or 'not mapped'})"]
        _append(ws, header)
        different = {(d.start_no, d.column) for d in a.differences}
        rank_off = {r.start_no for r in a.rank_differences}
        for row in (a.table.rows if a.table else ()):
            cells: list[Any] = [row.rank, a.computed_ranks.get(row.start_no), row.start_no, row.name, row.points]
            for i, c in enumerate(columns):
                computed = a.computed.get(c.rule, {}).get(row.start_no) if c.rule else None
                cells += [row.values[i] if i < len(row.values) else None, to_json_number(computed)]
            _append(ws, cells)
            r = ws.max_row
            if row.start_no in rank_off:
                ws.cell(r, 1).fill = differs
            for i, c in enumerate(columns):
                if (row.start_no, c.published) in different:
                    ws.cell(r, 6 + 2 * i).fill = differs
        for cell in ws[1]:
            cell.font = bold
        ws.freeze_panes = "A2"
        _append(ws, [])
        _append(ws, ["Date", a.date.isoformat() if a.date else "not in the input", "Rules", a.rules])
        for c in columns:
            _append(ws, ["Column", c.published, "rule", c.rule or "NOT MAPPED", c.why_unmapped])
        _append(ws, [])
        _append(ws, ["Difference", "SNo", "Name", "Column", "Published", "Computed", "Explanation", "Article"])
        ws.cell(ws.max_row, 1).font = bold
        for d in a.differences:
            _append(ws, ["", d.start_no, d.name, d.column, d.published, d.computed, d.explanation, d.article])
        for rd in a.rank_differences:
            _append(ws, ["rank", rd.start_no, "", "Rank", rd.published, rd.computed, "", ""])
        _append(ws, [])
        _append(ws, ["Finding", "Where", "What"])
        ws.cell(ws.max_row, 1).font = bold
        for f in a.findings:
            _append(ws, ["", f.where, f.what])
        ws.column_dimensions["D"].width = 28
    for name, message in errors:
        _append(summary, [name, "NOT AUDITED", None, None, None, None, None, message])
    for cell in summary[1]:
        cell.font = bold
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp.xlsx")
    wb.save(temporary)
    os.replace(temporary, path)
