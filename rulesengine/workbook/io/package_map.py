"""Where things live in a workbook package: the workbook part, each sheet's part, relationships.

An .xlsx is a zip of XML parts tied together by relationship parts (ECMA-376 Part 2, Open
Packaging Conventions, clause 9). The workbook part is the target of the package's
officeDocument relationship (usually `xl/workbook.xml`); each `<sheet name r:id>` in it points,
through `xl/_rels/workbook.xml.rels`, at the sheet's part. The fast reader uses this to look at
a sheet's raw XML, the graft writer to know which parts an engine sheet owns.

Parsed with defusedxml: the package has already passed `inspect_package`, but no XML that a TD
hands us is parsed any other way.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass, field

from defusedxml import ElementTree

NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
NS_CT = "http://schemas.openxmlformats.org/package/2006/content-types"
REL_OFFICE_DOCUMENT = NS_REL + "/officeDocument"
REL_WORKSHEET = NS_REL + "/worksheet"


@dataclass(frozen=True)
class Relationship:
    id: str
    type: str
    target: str          # the part name it points at, resolved against its source (no leading "/")
    external: bool = False


@dataclass(frozen=True)
class SheetEntry:
    name: str
    sheet_id: int
    rel_id: str
    part: str            # e.g. "xl/worksheets/sheet3.xml"; "" when the relationship is missing
    kind: str            # the relationship type's last word: worksheet, chartsheet, dialogsheet, ...
    state: str = "visible"


@dataclass
class PackageMap:
    workbook_part: str
    sheets: list[SheetEntry] = field(default_factory=list)
    workbook_rels: list[Relationship] = field(default_factory=list)

    def sheet(self, name: str) -> SheetEntry | None:
        for entry in self.sheets:
            if entry.name == name:
                return entry
        return None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.sheets]


def rels_part(part: str) -> str:
    """The relationships part of `part`: xl/workbook.xml -> xl/_rels/workbook.xml.rels (OPC 9.3)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def resolve(source_part: str, target: str) -> str:
    """A relationship target as a part name, relative to the source part's folder (OPC 9.3.2)."""
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(source_part), target))


def read_rels(archive: zipfile.ZipFile, part: str) -> list[Relationship]:
    """The relationships of `part` (empty when it has none)."""
    name = rels_part(part)
    try:
        data = archive.read(name)
    except KeyError:
        return []
    root = ElementTree.fromstring(data)
    found = []
    for rel in root.iter(f"{{{NS_PKG_REL}}}Relationship"):
        external = rel.get("TargetMode", "") == "External"
        target = rel.get("Target", "")
        found.append(Relationship(rel.get("Id", ""), rel.get("Type", ""),
                                  target if external else resolve(part, target), external))
    return found


def workbook_part(archive: zipfile.ZipFile) -> str:
    for rel in read_rels(archive, ""):
        if rel.type == REL_OFFICE_DOCUMENT or rel.type.endswith("/officeDocument"):
            return rel.target
    return "xl/workbook.xml"


def read_package_map(archive: zipfile.ZipFile) -> PackageMap:
    """The workbook part, its sheets in tab order with their parts, and its relationships."""
    part = workbook_part(archive)
    rels = read_rels(archive, part)
    by_id = {r.id: r for r in rels}
    root = ElementTree.fromstring(archive.read(part))
    result = PackageMap(part, workbook_rels=rels)
    for sheet in root.iter(f"{{{NS_MAIN}}}sheet"):
        rel_id = sheet.get(f"{{{NS_REL}}}id", "")
        rel = by_id.get(rel_id)
        result.sheets.append(SheetEntry(sheet.get("name", ""), int(sheet.get("sheetId", "0") or 0), rel_id,
                                        rel.target if rel else "", rel.type.rsplit("/", 1)[-1] if rel else "",
                                        sheet.get("state", "visible")))
    return result
