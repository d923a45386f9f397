"""An audit's results as JSON (the contract of issue 14), as a readable text report, and as a
workbook with one sheet per event and the differing cells highlighted."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, Sequence

from rulesengine.audit.check import EventAudit
from rulesengine.audit.pairings import PairingChecks
from rulesengine.new_files import write_atomically
from rulesengine.numbers import to_json_number, to_text


def pairings_json(checks: PairingChecks | None) -> dict[str, Any] | None:
    """`pairing_checks` of an event (`audit --pairings`); None when its pairings were not checked."""
    if checks is None:
        return None
    return {"system": checks.system, "description": checks.description, "rounds_checked": checks.rounds_checked,
            "rounds_differing": [{"round": d.round, "criterion": d.criterion, "article": d.article,
                                  "verdict": d.verdict,
                                  "boards": [{"board": b.board, "recorded": list(b.recorded) if b.recorded else None,
                                              "rules": list(b.rules) if b.rules else None, "differs": b.differs}
                                             for b in d.boards]}
                                 for d in checks.rounds_differing]}


def _event_json(a: EventAudit) -> dict[str, Any]:
    data = {
        "input": a.input,
        "event": a.event,
        "kind": a.kind,
        "date": a.date.isoformat() if a.date else None,
        "rules_date": a.rules_date.value.isoformat() if a.rules_date and a.rules_date.value else None,
        "date_source": a.rules_date.source if a.rules_date else None,
        "rules": a.rules,
        "columns": [{"published": c.published, "rule": c.rule, "why_unmapped": c.why_unmapped} for c in a.columns],
        "differences": [{"start_no": d.start_no, "name": d.name, "column": d.column, "published": d.published,
                         "computed": d.computed, "explanation": d.explanation, "article": d.article,
                         "cell": d.cell} for d in a.differences],
        "rank_differences": [{"start_no": r.start_no, "published": r.published, "computed": r.computed}
                             for r in a.rank_differences],
        "findings": [{"where": f.where, "what": f.what} for f in a.findings],
        "rounding": [{"column": r.column, "decimals": r.places, "values": r.values,
                      "rounding": [mode.value for mode in r.roundings],
                      "decided_by": [{"exact": to_json_number(e), "printed": to_json_number(p)}
                                     for e, p in r.decided_by]} for r in a.roundings],
    }
    if a.pairings_requested:
        data["pairing_checks"] = pairings_json(a.pairing_checks)
    return data


def audit_json(audits: Sequence[EventAudit], errors: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """`{"events": [...]}` exactly as issue 14 spells it; `cell` (where each published value is),
    `kind` (individual | team: a team event's `start_no` are team numbers, issue 22),
    `pairing_checks` (with `--pairings`) and the top-level `errors` (inputs that could not be read)
    are additions."""
    return {"events": [_event_json(a) for a in audits],
            "errors": [{"input": name, "error": message} for name, message in errors]}


def audit_text(audits: Sequence[EventAudit], errors: Sequence[tuple[str, str]] = ()) -> str:
    out: list[str] = []
    for a in audits:
        out.append(f"== {a.event or a.input}  ({a.input})" + ("  [team event: numbers are teams]" if a.kind == "team" else ""))
        out.append(f"Date: {_date_line(a)}; rules applied: {a.rules}")
        out.append("Columns: " + ("; ".join(f"{c.published} = {c.rule}" if c.rule else
                                            f"{c.published} NOT MAPPED ({c.why_unmapped})" for c in a.columns)
                                  or "none published"))
        for r in a.roundings:
            out.append(f"Rounding: {r.describe()}")
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
        if a.pairings_requested:
            out += _pairings_text(a.pairing_checks)
        out.append("")
    for name, message in errors:
        out.append(f"NOT AUDITED {name}: {message}")
    differences = sum(len(a.differences) + len(a.rank_differences) for a in audits)
    rounds = sum(len(a.pairing_checks.rounds_differing) for a in audits if a.pairing_checks)
    out.append(f"{len(audits)} event{'s' if len(audits) != 1 else ''} audited, {differences} difference"
               f"{'s' if differences != 1 else ''}, {sum(len(a.findings) for a in audits)} findings"
               + (f", {rounds} round{'s' if rounds != 1 else ''} paired differently from the rules"
                  if any(a.pairings_requested for a in audits) else "")
               + (f", {len(errors)} input{'s' if len(errors) != 1 else ''} not readable" if errors else ""))
    return "\n".join(out) + "\n"


def _date_line(a: EventAudit) -> str:
    """The date the rules were applied by and where it came from (issue 27 item 3):
    "2025-05-27 (from the event's start date 2025/05/27)", "none (no date in the file: ...)"."""
    when = a.rules_date
    if when is None:
        return a.date.isoformat() if a.date else "not in the input"
    shown = when.value.isoformat() if when.value else "none"
    return f"{shown} ({'from ' if when.origin not in ('', 'given') else ''}{when.source})"


def _pairings_text(checks: PairingChecks | None) -> list[str]:
    """The pairing check of one event: a line per differing round, then its differing boards."""
    if checks is None:
        return ["Pairings: not checked (see the findings)"]
    differing = checks.rounds_differing
    out = [f"Pairings ({checks.system}: {checks.description}): {checks.rounds_checked} round"
           f"{'s' if checks.rounds_checked != 1 else ''} checked, "
           + (f"{len(differing)} differ{'s' if len(differing) == 1 else ''}" if differing else "all agree")]
    for d in differing:
        out.append(f"  Round {d.round}: {d.criterion} [{d.article}]: {d.verdict}")
        for b in d.boards:
            if b.differs:
                out.append(f"    board {b.board}: rules {_pair_text(b.rules)}, recorded {_pair_text(b.recorded)}")
    return out


def _pair_text(pair: tuple[int, int] | None) -> str:
    if pair is None:
        return "-"
    return f"{pair[0]} PAB" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"


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


def _pairings_section(ws, checks: PairingChecks | None, bold, differs) -> None:
    """Under an event's findings: the pairing check, and each differing round's board table with
    the differing boards filled."""
    _append(ws, [])
    if checks is None:
        _append(ws, ["Pairings", "not checked (see the findings)"])
        ws.cell(ws.max_row, 1).font = bold
        return
    _append(ws, ["Pairings", checks.system, checks.description, "rounds checked", checks.rounds_checked,
                 "rounds differing", len(checks.rounds_differing)])
    ws.cell(ws.max_row, 1).font = bold
    for d in checks.rounds_differing:
        _append(ws, ["Round", d.round, "criterion", d.criterion, "article", d.article, d.verdict])
        ws.cell(ws.max_row, 1).font = bold
        _append(ws, ["", "Board", "Rules", "Recorded"])
        for b in d.boards:
            _append(ws, ["", b.board, _pair_text(b.rules), _pair_text(b.recorded)])
            if b.differs:
                for c in (3, 4):
                    ws.cell(ws.max_row, c).fill = differs


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
    pairings = any(a.pairings_requested for a in audits)
    _append(summary, ["Input", "Event", "Date", "Rules", "Differences", "Rank differences", "Findings", "Sheet"]
            + (["Pairing rounds differing"] if pairings else []))
    taken = {"summary"}
    for a in audits:
        title = _sheet_title(a.event or a.input, taken)
        _append(summary, [a.input, a.event, a.date.isoformat() if a.date else None, a.rules, len(a.differences),
                          len(a.rank_differences), len(a.findings), title]
                + ([len(a.pairing_checks.rounds_differing) if a.pairing_checks else "not checked"] if pairings else []))
        ws = wb.create_sheet(title)
        columns = list(a.columns)
        header = ["Rank (published)", "Rank (computed)", "Team" if a.kind == "team" else "SNo", "Name", "Pts"]
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
        for rounding in a.roundings:
            _append(ws, ["Rounding", rounding.column, rounding.describe()])
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
        if a.pairings_requested:
            _pairings_section(ws, a.pairing_checks, bold, differs)
        ws.column_dimensions["D"].width = 28
    for name, message in errors:
        _append(summary, [name, "NOT AUDITED", None, None, None, None, None, message])
    for cell in summary[1]:
        cell.font = bold
    buffer = io.BytesIO()
    wb.save(buffer)
    write_atomically(path, buffer.getvalue())   # a fresh name beside it, never a link, then a rename
