"""Bring the cell formats of grafted sheets into the TD's styles part (ECMA-376 Part 1, 18.8).

A cell's `s` attribute indexes `cellXfs` in xl/styles.xml; each xf points at a font, a fill, a
border (by index) and a number format (by id; ids below 164 are built in, 18.8.30). The scratch
workbook that wrote the engine's sheets has its own lists; each xf our cells use is rebuilt
against the TD's lists: a font, fill, border or custom number format already there (the same XML,
e.g. appended by the last recalculation) is reused, anything else is appended. So a second
recalculation of the same book finds every format in place and leaves styles.xml byte for byte
as it was. The TD's own entries are never changed or reordered, so every index their sheets use
still means what it meant.

This works on the part's text (the exact bytes of what is kept), with patterns for the few
elements it touches; a styles part it does not recognise (a namespace prefix, a missing list)
raises GraftUnsupported and the recalculation takes the openpyxl route.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

FIRST_CUSTOM_NUMFMT = 164
_SECTIONS = ("numFmts", "fonts", "fills", "borders", "cellXfs")
DEFAULTS = {"fonts": 1, "fills": 2, "borders": 1}  # entries 18.8 requires first; the scratch's mean the same
_CHILD = {"numFmts": "numFmt", "fonts": "font", "fills": "fill", "borders": "border", "cellXfs": "xf"}


class GraftUnsupported(Exception):
    """This package cannot be grafted safely; the caller takes the openpyxl route."""


@dataclass
class _Section:
    name: str
    start: int          # where the section element starts in the text
    end: int            # where it ends (after its closing tag)
    items: list[str]    # each child element's exact text


def _section(text: str, name: str) -> _Section | None:
    match = re.search(rf"<{name}\b[^>]*?(/>|>(.*?)</{name}>)", text, re.DOTALL)
    if match is None:
        return None
    child = _CHILD[name]
    body = match.group(2) or ""
    items = re.findall(rf"<{child}\b[^>]*?/>|<{child}\b[^>]*?[^/]>.*?</{child}>|<{child}>.*?</{child}>", body,
                       re.DOTALL)
    return _Section(name, match.start(), match.end(), items)


def _render(name: str, items: list[str]) -> str:
    return f'<{name} count="{len(items)}">{"".join(items)}</{name}>'


def _attr(element: str, name: str) -> str | None:
    match = re.search(rf'\s{name}="([^"]*)"', element[:element.find(">") + 1])
    return match.group(1) if match else None


def _set_attr(element: str, name: str, value: str) -> str:
    head_end = element.find(">")
    head = element[:head_end]
    if re.search(rf'\s{name}="[^"]*"', head):
        head = re.sub(rf'(\s{name}=")[^"]*(")', rf"\g<1>{value}\g<2>", head)
    else:
        head = head.rstrip("/") + f' {name}="{value}"' + ("/" if head.endswith("/") else "")
    return head + element[head_end:]


def parse(text: str) -> dict[str, _Section | None]:
    if not re.match(r"\s*(<\?xml[^>]*\?>\s*)?<styleSheet\b", text):
        raise GraftUnsupported("styles part with a namespace prefix or without a styleSheet")
    sections = {name: _section(text, name) for name in _SECTIONS}
    for name in _SECTIONS[1:]:
        if sections[name] is None:
            raise GraftUnsupported(f"styles part without {name}")
    return sections


def merge(td_text: str, scratch_text: str, used: set[int]) -> tuple[str | None, dict[int, int]]:
    """(the TD's new styles text, or None when nothing was added; scratch xf index -> TD xf index)."""
    td = parse(td_text)
    scratch = parse(scratch_text)
    lists = {name: list(td[name].items) if td[name] else [] for name in _SECTIONS}

    def place(name: str, index: int) -> int:
        if index < DEFAULTS[name]:
            return index  # the defaults every styles part starts with (no font/fill/border, gray125)
        item = scratch[name].items[index]
        return _place(lists[name], canonical_font(item) if name == "fonts" else item)

    td_formats = {_attr(f, "formatCode"): int(_attr(f, "numFmtId") or 0) for f in lists["numFmts"]}
    scratch_formats = {int(_attr(f, "numFmtId") or 0): f for f in (scratch["numFmts"].items if scratch["numFmts"] else [])}
    next_id = max([FIRST_CUSTOM_NUMFMT - 1, *td_formats.values()]) + 1

    def number_format(scratch_id: int) -> int:
        nonlocal next_id
        if scratch_id < FIRST_CUSTOM_NUMFMT:
            return scratch_id
        element = scratch_formats[scratch_id]
        code = _attr(element, "formatCode")
        if code not in td_formats:
            lists["numFmts"].append(_set_attr(element, "numFmtId", str(next_id)))
            td_formats[code] = next_id
            next_id += 1
        return td_formats[code]

    mapping = {0: 0}  # the default format: the TD's own default, whatever it is
    for index in sorted(used - {0}):
        xf = scratch["cellXfs"].items[index]
        for attr, section in (("fontId", "fonts"), ("fillId", "fills"), ("borderId", "borders")):
            xf = _set_attr(xf, attr, str(place(section, int(_attr(xf, attr) or 0))))
        xf = _set_attr(xf, "numFmtId", str(number_format(int(_attr(xf, "numFmtId") or 0))))
        xf = _set_attr(xf, "xfId", "0")  # on the TD's Normal cell style
        mapping[index] = _place(lists["cellXfs"], xf)
    if all(lists[n] == (td[n].items if td[n] else []) for n in _SECTIONS):
        return None, mapping
    return _rebuild(td_text, td, lists), mapping


# CT_Font's children in the order of the schema's sequence as the Open XML SDK validates it
# (openpyxl writes name and family first, which Excel accepts and validators flag).
FONT_ORDER = ("b", "i", "strike", "condense", "extend", "outline", "shadow", "u", "vertAlign", "sz", "color",
              "name", "family", "charset", "scheme")
_FONT_CHILD = re.compile(r"<(\w+)\b[^>]*?/>|<(\w+)\b[^>]*>.*?</\2>", re.DOTALL)


def canonical_font(font: str) -> str:
    """A `<font>` element with its children in FONT_ORDER (same meaning, valid order)."""
    opening = font[:font.find(">") + 1]
    if opening.endswith("/>"):
        return font
    body = font[len(opening):font.rfind("</font>")]
    children = [m.group(0) for m in _FONT_CHILD.finditer(body)]
    if "".join(children) != body.strip():
        return font  # something we did not parse: keep it as written
    rank = {name: i for i, name in enumerate(FONT_ORDER)}
    tag = lambda child: re.match(r"<(\w+)", child).group(1)  # noqa: E731
    return opening + "".join(sorted(children, key=lambda child: rank.get(tag(child), len(rank)))) + "</font>"


def _place(items: list[str], item: str) -> int:
    if item in items:
        return items.index(item)
    items.append(item)
    return len(items) - 1


def _rebuild(text: str, sections: dict[str, _Section | None], lists: dict[str, list[str]]) -> str:
    """The TD's text with the changed lists re-rendered in place (numFmts inserted first if new)."""
    edits = []
    for name in _SECTIONS:
        section = sections[name]
        if section is None:
            if lists[name]:  # only numFmts may be missing: it comes first in CT_Stylesheet (18.8.39)
                opening = re.search(r"<styleSheet\b[^>]*>", text)
                edits.append((opening.end(), opening.end(), _render(name, lists[name])))
        elif lists[name] != section.items:
            opening = re.match(rf"<{name}\b[^>]*?(?=/?>)", text[section.start:section.end]).group(0)
            opening = _set_attr(opening + ">", "count", str(len(lists[name])))
            edits.append((section.start, section.end, f"{opening}{''.join(lists[name])}</{name}>"))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text
