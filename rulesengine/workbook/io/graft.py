"""Write only the engine's sheets into a copy of the TD's package; every other part stays as it was.

    write = prepare_graft(Path("event.xlsx"), plan.writes)   # everything computed in memory
    save_atomically(path, write, info)                       # write(temp) streams the new package

The engine's sheets (Standings, Explain, Ladder) are written by openpyxl into a scratch workbook
(the same `write_values` as the openpyxl route, so both look alike), and their parts are grafted
into the TD's package:

- a sheet the engine rewrites keeps its part name, its relationship id and its place among the
  tabs; the parts only it used (its last chart, drawing, notes) are replaced by the new ones;
- a new sheet gets a free part name, a relationship in xl/_rels/workbook.xml.rels, a `<sheet>`
  after the last tab in xl/workbook.xml and a content type override;
- the sheet-level print titles (`_xlnm.Print_Titles`) of the sheets we write are replaced;
- the cell formats our cells use are found or appended in xl/styles.xml (graft_styles);
- every other member of the zip is copied raw: the same bytes, the same compressed stream.

docProps/app.xml (a cached list of sheet titles for file browsers) is left as it was: Excel and
LibreOffice rebuild it and do not read it to open a workbook.

What the graft does not do raises GraftUnsupported before anything is written, and the caller
takes the openpyxl route: a write that keeps part of an existing sheet (a range clear), a chart
sheet or dialog sheet under an engine sheet's name, XML parts with namespace prefixes, zip64 or
encrypted members.
"""

from __future__ import annotations

import io
import posixpath
from datetime import date, time, timedelta
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence
from xml.sax.saxutils import quoteattr

from defusedxml import ElementTree

from rulesengine.workbook.io import graft_styles
from rulesengine.workbook.io.graft_styles import GraftUnsupported
from rulesengine.workbook.io.package_map import (NS_CT, NS_PKG_REL, REL_WORKSHEET, NS_REL, PackageMap,
                                              read_package_map, read_rels, rels_part)
from rulesengine.grid import CellValue
from rulesengine.workbook.look import CellFormat
from rulesengine.workbook.plan import CLEAR_SHEET, SheetWrite, is_cell_patch
from rulesengine.workbook.look.paper import book_paper
from rulesengine.workbook.io.sheet_data import SheetData, UnwritableValue, dimension, sheet_data
from rulesengine.workbook.io.sheet_patch import PatchUnsupported, patch_cells
from rulesengine.workbook.io.zip_parts import Member, RawCopyUnsupported, fresh, read_raw, write_members

__all__ = ["GraftUnsupported", "prepare_graft"]

_STYLE_ATTR = re.compile(rb'(<(?:c|row)\b[^>]*?\ss=")(\d+)(")|(<col\b[^>]*?\sstyle=")(\d+)(")')
_SHEET_DATA = re.compile(rb"<sheetData\s*/>|<sheetData>.*?</sheetData>", re.DOTALL)
_DIMENSION = re.compile(rb"<dimension\b[^>]*/>")
_TAB_SELECTED = re.compile(rb'\stabSelected="(?:1|true)"')
_DEFINED_NAME = re.compile(r"<definedName\b[^>]*?(?:/>|>.*?</definedName>)", re.DOTALL)
_REL_STYLES = NS_REL + "/styles"
_REL_CALC_CHAIN = NS_REL + "/calcChain"
RELS_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


@dataclass
class _Package:
    """The TD's package as the graft changes it: new texts of parts, parts removed, parts added."""

    members: dict[str, Member]
    order: list[str]
    changed: dict[str, bytes] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)

    def used(self) -> set[str]:
        return (set(self.members) - self.removed) | set(self.changed)

    def free_name(self, like: str) -> str:
        """`like` (xl/charts/chart1.xml) with the first number that no part of the package uses."""
        folder, name = posixpath.split(like)
        match = re.match(r"^(.*?)(\d*)(\.[^.]+)$", name)
        stem, ext = (match.group(1), match.group(3)) if match else (name, "")
        used = {n.lower() for n in self.used()}
        k = 1
        while posixpath.join(folder, f"{stem}{k}{ext}").lower() in used:
            k += 1
        return posixpath.join(folder, f"{stem}{k}{ext}")

    def text(self, name: str, archive: zipfile.ZipFile) -> bytes:
        return self.changed[name] if name in self.changed else archive.read(name)

    def members_out(self) -> list[Member]:
        out = []
        for name in self.order:
            if name in self.removed and name not in self.changed:
                continue
            out.append(fresh(name, self.changed[name], self.members[name]) if name in self.changed
                       else self.members[name])
        out.extend(fresh(name, data) for name, data in self.changed.items() if name not in self.members)
        return out


def prepare_graft(source: Path, writes: Sequence[SheetWrite]) -> Callable[[str], None]:
    """Compute the grafted package in memory; return `write(path)` that writes it.

    Raises GraftUnsupported (nothing computed is kept) when the package or a write is beyond
    what a graft does (module docstring).
    """
    source = Path(source)
    patches = [w for w in writes if is_cell_patch(w)]
    writes = [w for w in writes if not is_cell_patch(w)]
    with zipfile.ZipFile(source) as archive:
        try:
            paper = _book_paper(archive, writes)
        except (KeyError, ValueError, SyntaxError) as exc:
            raise GraftUnsupported(f"{type(exc).__name__}: {exc}") from None
    made = _scratch_package(writes, paper)
    with zipfile.ZipFile(source) as archive, open(source, "rb") as handle:
        try:
            members = {info.filename: read_raw(source, info, handle) for info in archive.infolist()}
        except RawCopyUnsupported as exc:
            raise GraftUnsupported(str(exc)) from None
        package = _Package(members, [info.filename for info in archive.infolist()])
        with zipfile.ZipFile(io.BytesIO(made.package)) as scratch:
            try:
                _graft(archive, package, scratch, writes, made)
                _patch(archive, package, patches, {w.sheet.lower() for w in writes})
            except PatchUnsupported as exc:
                raise GraftUnsupported(f"cells of a TD's sheet: {exc}") from None
            except (KeyError, IndexError, ValueError, SyntaxError, UnicodeDecodeError) as exc:
                # a package shaped unlike the ones we know (a part missing, XML we cannot parse)
                raise GraftUnsupported(f"{type(exc).__name__}: {exc}") from None
    out = package.members_out()

    def write(path: str) -> None:
        with open(path, "wb") as target:
            write_members(target, out)

    return write


PROBE_SHEET = "rulesengine style probe"  # a scratch-only sheet; never grafted


def _patch(archive: zipfile.ZipFile, package: _Package, patches: Sequence[SheetWrite], rewritten: set[str]) -> None:
    """Type the patches' values into their sheets' XML (sheet_patch); every other byte stays."""
    if not patches:
        return
    from rulesengine.grid import cell_address, parse_address

    td_map = read_package_map(archive)
    by_sheet: dict[str, dict[str, CellValue]] = {}
    for write in patches:
        if write.sheet.lower() in rewritten:
            raise GraftUnsupported(f"cells and a whole rewrite of sheet {write.sheet!r}")
        top, left = parse_address(write.top_left)
        cells = by_sheet.setdefault(write.sheet, {})
        for i, row in enumerate(write.rows):
            for j, value in enumerate(row):
                if value is not None and value != "":
                    if isinstance(value, str) and (value.startswith("=") or _CONTROL.search(value)):
                        raise GraftUnsupported(f"text {value[:20]!r} for sheet {write.sheet!r}")
                    cells[cell_address(top + i, left + j)] = value
    for name, cells in by_sheet.items():
        entry = next((e for e in td_map.sheets if e.name.lower() == name.lower()), None)
        if entry is None or entry.kind != "worksheet" or not entry.part:
            raise GraftUnsupported(f"no worksheet {name!r} to type cells into")
        package.changed[entry.part] = patch_cells(package.text(entry.part, archive), cells)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


@dataclass
class _Scratch:
    package: bytes                 # the scratch workbook as openpyxl saved it
    sheet_data: dict[str, SheetData]   # per sheet, the `<sheetData>` to put in its part
    dimensions: dict[str, str]     # per sheet, its used range


_PAPER = re.compile(rb"<(?:\w+:)?pageSetup\b[^>]*?\bpaperSize=\"(\d+)\"")


def _book_paper(archive: zipfile.ZipFile, writes: Sequence[SheetWrite]) -> int | None:
    """The paper of the TD's sheets (`pageSetup/@paperSize`), else of the engine sheets the writes
    replace (a TD may have set it there), else None: the locale's paper (look.paper).

    Sheets are looked at smallest first and the first paper found is the book's: a large
    crosstable part is not unpacked for one attribute when Settings already says it.
    """
    td_map = read_package_map(archive)
    written = {w.sheet.lower() for w in writes}
    sizes = {info.filename: info.file_size for info in archive.infolist()}
    sheets = [e for e in td_map.sheets if e.kind == "worksheet" and sizes.get(e.part, _PAPER_READ_LIMIT) < _PAPER_READ_LIMIT]
    for own in (False, True):
        for entry in sorted((e for e in sheets if (e.name.lower() in written) == own), key=lambda e: sizes[e.part]):
            found = book_paper(m.group(1).decode() for m in _PAPER.finditer(archive.read(entry.part)))
            if found:
                return found
    return None


_PAPER_READ_LIMIT = 8 << 20   # bytes of sheet XML unpacked to look for its paper


def _scratch_package(writes: Sequence[SheetWrite], paper: int | None = None) -> _Scratch:
    """The engine's sheets in a new workbook: openpyxl writes all but their cells (sheet_data does those).

    The cells' formats are made once each on a probe sheet, so their cellXfs indexes are the
    ones openpyxl would give them, and styles.xml holds each format the cells use.
    """
    from openpyxl import Workbook

    from rulesengine.workbook.io.openpyxl_book import CellStyles, apply_layout

    by_sheet: dict[str, SheetWrite] = {}
    for write in writes:
        if write.sheet in by_sheet or write.sheet == PROBE_SHEET:
            raise GraftUnsupported(f"more than one write to sheet {write.sheet!r}")
        by_sheet[write.sheet] = write
    wb = Workbook()
    probe = wb.active
    probe.title = PROBE_SHEET
    styles = CellStyles()
    ids: dict[tuple, int] = {}

    def style_id(fmt: CellFormat, value: CellValue) -> int:
        kind = type(value) if isinstance(value, (date, time, timedelta)) else None
        key = (fmt, kind)
        if key not in ids:
            cell = probe.cell(row=len(ids) + 1, column=1)
            if kind is not None:
                cell.value = value  # openpyxl gives a date its date format
            if not fmt.plain:
                styles.apply(cell, fmt)
            ids[key] = cell.style_id if cell.has_style else 0
        return ids[key]

    data, dims = {}, {}
    for name, write in by_sheet.items():
        ws = wb.create_sheet(name)
        apply_layout(ws, write, paper)
        rows = {r: dict(d) for r, d in ws.row_dimensions.items() if dict(d)}
        try:
            data[name] = sheet_data(write, style_id, rows)
        except UnwritableValue as exc:
            raise GraftUnsupported(str(exc)) from None
        dims[name] = dimension(write)
    buffer = io.BytesIO()
    wb.save(buffer)
    return _Scratch(buffer.getvalue(), data, dims)


def _graft(archive: zipfile.ZipFile, package: _Package, scratch: zipfile.ZipFile,
           writes: Sequence[SheetWrite], made: _Scratch) -> None:
    td_map = read_package_map(archive)
    scratch_map = read_package_map(scratch)
    workbook = archive.read(td_map.workbook_part).decode("utf-8")
    if not re.search(r"<workbook\b", workbook) or "</sheets>" not in workbook:
        raise GraftUnsupported("workbook part with a namespace prefix")
    styles_part = next((r.target for r in td_map.workbook_rels if r.type == _REL_STYLES), None)
    if styles_part is None or styles_part not in package.members:
        raise GraftUnsupported("workbook without a styles part")
    types = archive.read("[Content_Types].xml").decode("utf-8")
    if "</Types>" not in types:
        raise GraftUnsupported("content types part with a namespace prefix")
    scratch_types = _content_types(scratch.read("[Content_Types].xml"))
    all_rels = _all_relationships(archive, package)

    first_writes: dict[str, SheetWrite] = {}
    for write in writes:
        first_writes.setdefault(write.sheet, write)
    sheets = []  # (TD sheet entry or None, scratch part bytes, scratch part name, name)
    for name, first in first_writes.items():
        entry = next((s for s in td_map.sheets if s.name.lower() == name.lower()), None)
        if entry is not None and (entry.kind != "worksheet" or not entry.part or first.clear != CLEAR_SHEET):
            raise GraftUnsupported(f"sheet {name!r} is not one the engine rewrites whole")
        scratch_entry = scratch_map.sheet(name)
        sheets.append((entry, scratch_entry.part, name))

    used_xfs: set[int] = set()
    sheet_xml = {}
    for _, part, name in sheets:
        data = scratch.read(part)
        if b"<worksheet" not in data[:200]:
            raise GraftUnsupported("scratch sheet not as expected")
        layout = _SHEET_DATA.sub(b"<sheetData />", data, count=1)  # openpyxl's own cells: notes' anchors
        layout = _DIMENSION.sub(f'<dimension ref="{made.dimensions[name]}" />'.encode(), layout, count=1)
        used_xfs.update(int(m.group(2) or m.group(5)) for m in _STYLE_ATTR.finditer(layout))
        used_xfs.update(made.sheet_data[name].used)
        sheet_xml[part] = (layout, name)
    new_styles, xf_map = graft_styles.merge(archive.read(styles_part).decode("utf-8"),
                                            scratch.read("xl/styles.xml").decode("utf-8"), used_xfs)
    if new_styles is not None:
        package.changed[styles_part] = new_styles.encode("utf-8")

    new_entries = []
    calc_chain_stale = False
    for entry, scratch_part, name in sheets:
        layout, _ = sheet_xml[scratch_part]
        cells = made.sheet_data[name].render(xf_map)
        data = _SHEET_DATA.sub(lambda _: cells, _restyle(layout, xf_map), count=1)
        if entry is not None:
            old = archive.read(entry.part)
            calc_chain_stale = calc_chain_stale or bool(re.search(rb"<f[\s>/]", old))
            data = _tab_selected(data, bool(_TAB_SELECTED.search(old)))
            types = _without_overrides(types, _drop_owned(package, entry.part, all_rels))
            part = entry.part
        else:
            data = _tab_selected(data, False)
            part = package.free_name("xl/worksheets/sheet1.xml")
            new_entries.append((name, part))
        package.changed[part] = data
        types = _ensure_type(types, part, scratch_types.get("/" + scratch_part) or "")
        types = _graft_relationships(scratch, scratch_part, part, package, scratch_types, types)

    if new_entries:
        book_rels = rels_part(td_map.workbook_part)
        workbook, rels_text = _add_sheets(workbook, package.text(book_rels, archive).decode("utf-8"), td_map,
                                          new_entries)
        package.changed[book_rels] = rels_text.encode("utf-8")
    order = td_map.names + [name for name, _ in new_entries]
    workbook = _print_titles(workbook, scratch.read(scratch_map.workbook_part).decode("utf-8"), scratch_map,
                             order, [name for _, _, name in sheets], td_map)
    if calc_chain_stale:
        types = _drop_calc_chain(package, td_map, archive, types)
    if workbook.encode("utf-8") != archive.read(td_map.workbook_part):
        package.changed[td_map.workbook_part] = workbook.encode("utf-8")
    if types.encode("utf-8") != archive.read("[Content_Types].xml"):
        package.changed["[Content_Types].xml"] = types.encode("utf-8")


def _restyle(data: bytes, xf_map: dict[int, int]) -> bytes:
    def swap(match: re.Match) -> bytes:
        if match.group(1):
            return match.group(1) + str(xf_map[int(match.group(2))]).encode() + match.group(3)
        return match.group(4) + str(xf_map[int(match.group(5))]).encode() + match.group(6)
    return _STYLE_ATTR.sub(swap, data)


def _tab_selected(data: bytes, selected: bool) -> bytes:
    """The scratch's active sheet is marked selected; two selected tabs would group the sheets."""
    data = _TAB_SELECTED.sub(b"", data)
    if selected:
        data = re.sub(rb"<sheetView\b", b'<sheetView tabSelected="1"', data, count=1)
    return data


def _content_types(data: bytes) -> dict[str, str]:
    """{"/part": type} for overrides and {"ext": type} for defaults."""
    root = ElementTree.fromstring(data)
    found = {}
    for element in root:
        if element.tag == f"{{{NS_CT}}}Override":
            found[element.get("PartName", "")] = element.get("ContentType", "")
        elif element.tag == f"{{{NS_CT}}}Default":
            found[element.get("Extension", "").lower()] = element.get("ContentType", "")
    return found


def _ensure_type(types: str, part: str, content_type: str) -> str:
    """An override for `part` unless the TD's defaults already give it this content type."""
    current = _content_types(types.encode("utf-8"))
    if not content_type:
        return types
    if current.get("/" + part) == content_type:
        return types
    if "/" + part not in current and current.get(posixpath.splitext(part)[1][1:].lower()) == content_type:
        return types
    types = _without_overrides(types, [part])
    return types.replace("</Types>", f'<Override PartName={quoteattr("/" + part)} '
                                     f'ContentType={quoteattr(content_type)}/></Types>')


def _without_overrides(types: str, parts: Sequence[str]) -> str:
    for part in parts:
        types = re.sub(rf'<Override\b[^>]*PartName="/{re.escape(part)}"[^>]*/>', "", types)
    return types


def _all_relationships(archive: zipfile.ZipFile, package: _Package) -> dict[str, list]:
    """{source part: its relationships} for every relationships part of the package."""
    found = {}
    for name in package.order:
        if name.endswith(".rels") and "/_rels/" in "/" + name:
            folder, base = posixpath.split(name)
            source = posixpath.join(posixpath.dirname(folder), base[:-len(".rels")])
            found[source] = read_rels(archive, source)
    return found


def _drop_owned(package: _Package, sheet_part: str, all_rels: dict[str, list]) -> list[str]:
    """Remove the parts only `sheet_part` reaches (its drawing, charts, notes) and its rels; say which."""
    owned: set[str] = set()
    stack = [sheet_part]
    while stack:
        source = stack.pop()
        for rel in all_rels.get(source, []):
            if not rel.external and rel.target not in owned and rel.target in package.members:
                owned.add(rel.target)
                stack.append(rel.target)
    outside = {rel.target for source, rels in all_rels.items() if source != sheet_part and source not in owned
               for rel in rels if not rel.external}
    dropped = sorted(owned - outside)
    for part in dropped:
        package.removed.update((part, rels_part(part)))
    package.removed.add(rels_part(sheet_part))
    package.removed &= set(package.members)
    return dropped


def _graft_relationships(scratch: zipfile.ZipFile, scratch_source: str, source: str, package: _Package,
                         scratch_types: dict[str, str], types: str) -> str:
    """Copy the parts `scratch_source` reaches into the package under free names, with their rels."""
    rels = read_rels(scratch, scratch_source)
    if not rels:
        return types
    lines = []
    for rel in rels:
        if rel.external:
            target = rel.target
        else:
            part = package.free_name(rel.target)
            data = scratch.read(rel.target)
            package.changed[part] = data
            types = _ensure_type(types, part, scratch_types.get("/" + rel.target)
                                 or scratch_types.get(posixpath.splitext(part)[1][1:].lower(), ""))
            types = _graft_relationships(scratch, rel.target, part, package, scratch_types, types)
            target = posixpath.relpath(part, posixpath.dirname(source))
        mode = ' TargetMode="External"' if rel.external else ""
        lines.append(f"<Relationship Id={quoteattr(rel.id)} Type={quoteattr(rel.type)} "
                     f"Target={quoteattr(target)}{mode}/>")
    package.changed[rels_part(source)] = (RELS_HEADER + f'<Relationships xmlns="{NS_PKG_REL}">'
                                          + "".join(lines) + "</Relationships>").encode("utf-8")
    return types


def _add_sheets(workbook: str, rels: str, td_map: PackageMap, entries: list[tuple[str, str]]) -> tuple[str, str]:
    """New `<sheet>` elements after the last tab, and their relationships."""
    if "</Relationships>" not in rels:
        raise GraftUnsupported("workbook relationships with a namespace prefix")
    ids = {r.id for r in td_map.workbook_rels}
    sheet_id = max((s.sheet_id for s in td_map.sheets), default=0)
    prefix = re.search(rf'xmlns:(\w+)="{re.escape(NS_REL)}"', workbook[:workbook.find("<sheets")])
    elements, relationships = [], []
    for name, part in entries:
        n = len(ids) + 1
        while f"rId{n}" in ids:
            n += 1
        rel_id = f"rId{n}"
        ids.add(rel_id)
        sheet_id += 1
        target = posixpath.relpath(part, posixpath.dirname(td_map.workbook_part))
        relationships.append(f'<Relationship Id="{rel_id}" Type="{REL_WORKSHEET}" Target={quoteattr(target)}/>')
        ns = f"{prefix.group(1)}:id" if prefix else f'xmlns:r="{NS_REL}" r:id'
        elements.append(f'<sheet name={quoteattr(name)} sheetId="{sheet_id}" {ns}="{rel_id}"/>')
    workbook = workbook.replace("</sheets>", "".join(elements) + "</sheets>", 1)
    rels = rels.replace("</Relationships>", "".join(relationships) + "</Relationships>", 1)
    return workbook, rels


def _print_titles(workbook: str, scratch_workbook: str, scratch_map: PackageMap, order: list[str],
                  written: list[str], td_map: PackageMap) -> str:
    """Replace the built-in names (print titles, print area) local to the sheets we write.

    A sheet-level name says which sheet by its index among the tabs (`localSheetId`, 18.2.5):
    the scratch's indexes are renumbered to the TD's.
    """
    lowered = [n.lower() for n in order]
    targets = {lowered.index(name.lower()) for name in written}
    kept = []
    for element in _DEFINED_NAME.findall(_defined_names_body(workbook)):
        local = re.search(r'\slocalSheetId="(\d+)"', element)
        name = re.search(r'\sname="([^"]*)"', element)
        if local and int(local.group(1)) in targets and name and name.group(1).startswith("_xlnm."):
            continue
        kept.append(element)
    scratch_names = scratch_map.names
    for element in _DEFINED_NAME.findall(_defined_names_body(scratch_workbook)):
        local = re.search(r'\slocalSheetId="(\d+)"', element)
        if not local:
            continue
        sheet = scratch_names[int(local.group(1))]
        kept.append(element.replace(local.group(0), f' localSheetId="{lowered.index(sheet.lower())}"'))
    body = "".join(kept)
    old = re.search(r"<definedNames\b[^>]*?(?:/>|>.*?</definedNames>)", workbook, re.DOTALL)
    if old is not None:
        if _DEFINED_NAME.findall(old.group(0)) == kept:
            return workbook
        new = f"<definedNames>{body}</definedNames>" if kept else ""
        return workbook[:old.start()] + new + workbook[old.end():]
    if not kept:
        return workbook
    # CT_Workbook: sheets, functionGroups?, externalReferences?, definedNames, calcPr, ... (18.2.27)
    at = max(m.end() for m in re.finditer(r"</sheets>|</functionGroups>|<functionGroups\b[^>]*/>|"
                                          r"</externalReferences>|<externalReferences\b[^>]*/>", workbook))
    return workbook[:at] + f"<definedNames>{body}</definedNames>" + workbook[at:]


def _defined_names_body(workbook: str) -> str:
    match = re.search(r"<definedNames\b[^>]*>(.*?)</definedNames>", workbook, re.DOTALL)
    return match.group(1) if match else ""


def _drop_calc_chain(package: _Package, td_map: PackageMap, archive: zipfile.ZipFile, types: str):
    """The calculation chain lists formula cells by sheet; ours replaced some: Excel rebuilds it."""
    rel = next((r for r in td_map.workbook_rels if r.type == _REL_CALC_CHAIN), None)
    if rel is None or rel.target not in package.members:
        return types
    package.removed.add(rel.target)
    name = rels_part(td_map.workbook_part)
    rels = package.text(name, archive).decode("utf-8")
    rels = re.sub(rf'<Relationship\b[^>]*Id="{re.escape(rel.id)}"[^>]*/>', "", rels)
    package.changed[name] = rels.encode("utf-8")
    return _without_overrides(types, [rel.target])
