"""Which files a run over many inputs reads (`batch`, `audit`): files, folders (recursively) and
glob patterns, of every format the engine reads, and the kind of each.

In a folder, a file is an input when its extension says so (`.trf`, `.trfx`, workbooks), a `.txt`
when it starts like a TRF file (a README beside the archive is not a tournament), an `.xml` when
it is a chess-results file (its root element `<chessresults>`), and a Vega event by its
`crosstable.html` (its `standings.html` belongs to it; Vega's other pages are not inputs).
A file named on the command line is always an input. Every input gets a relative name under the
folder the inputs have in common, which the output folder mirrors.
"""

from __future__ import annotations

import glob
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterable

from rulesengine.errors import UsageError
from rulesengine.formats.chess_results import looks_like_chess_results
from rulesengine.formats.vega import CROSSTABLE_PAGE, STANDINGS_PAGE

#: The kinds of input, each read its own way (`Input.kind`).
TRF = "trf"
WORKBOOK = "workbook"
VEGA = "vega"
CHESS_RESULTS = "chess-results"
KINDS = (TRF, WORKBOOK, VEGA, CHESS_RESULTS)

TRF_SUFFIXES = (".trf", ".trfx")
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
HTML_SUFFIXES = (".html", ".htm")
XML_SUFFIX = ".xml"
_XML_SNIFF_BYTES = 4096  # an XML declaration and comments may come before the root element
_TRF_START = re.compile(rb"^\s*(?:\xef\xbb\xbf)?(?:0[0-9]{2}|1[0-9]{2}|XX[A-Z]) ")


@dataclass(frozen=True)
class Input:
    """An input file (for a Vega event: its crosstable page) and the pages that go with it."""

    path: Path
    kind: str
    companions: tuple[Path, ...] = ()
    relative: str = ""  # set by `discover`: POSIX path under the inputs' common folder


def _kind(path: Path, named: bool) -> str | None:
    suffix = path.suffix.lower()
    if suffix in TRF_SUFFIXES:
        return TRF
    if suffix in WORKBOOK_SUFFIXES:
        return None if path.name.startswith(("~$", ".~lock.")) else WORKBOOK
    if suffix == ".txt":
        if named:
            return TRF
        with path.open("rb") as handle:
            return TRF if _TRF_START.match(handle.read(16)) else None
    if suffix == XML_SUFFIX:
        if named:
            return CHESS_RESULTS
        with path.open("rb") as handle:
            return CHESS_RESULTS if looks_like_chess_results(handle.read(_XML_SNIFF_BYTES)) else None
    if suffix in HTML_SUFFIXES:
        if path.name.lower() == CROSSTABLE_PAGE or (named and path.name.lower() != STANDINGS_PAGE):
            return VEGA
        if named and path.name.lower() == STANDINGS_PAGE:
            return VEGA  # the event is read from the crosstable beside it
    return None


def _as_input(path: Path, named: bool) -> Input | None:
    kind = _kind(path, named)
    if kind is None:
        if named:
            raise UsageError(f"{path}: not a format batch reads (TRF .trf/.txt, workbooks .xlsx/.xlsm, "
                             f"Vega crosstable.html, chess-results .xml)")
        return None
    if kind == VEGA:
        crosstable = path.with_name(CROSSTABLE_PAGE) if path.name.lower() == STANDINGS_PAGE else path
        standings = crosstable.with_name(STANDINGS_PAGE)
        return Input(crosstable, VEGA, (standings,) if standings.is_file() else ())
    return Input(path, kind)


def _expand(pattern: str) -> list[tuple[Path, bool]]:
    """(path, named by the user) for one command-line argument."""
    path = Path(pattern)
    if path.is_file():
        return [(path, True)]
    if path.is_dir():
        found = []
        for folder, dirs, files in os.walk(path):
            dirs.sort()
            found += [(Path(folder) / name, False) for name in sorted(files)]
        return found
    if glob.has_magic(pattern):
        matches = sorted(glob.glob(pattern, recursive=True))
        out: list[tuple[Path, bool]] = []
        for match in matches:
            out += _expand(match) if Path(match).is_dir() else [(Path(match), False)]
        if not out:
            raise UsageError(f"{pattern}: no file matches")
        return out
    raise UsageError(f"{pattern}: no such file or folder")


def discover(arguments: Iterable[str], out_dir: Path | None = None) -> list[Input]:
    """Every input the arguments name, once each, sorted by relative name; the output folder and
    anything inside it are never inputs."""
    out = out_dir.resolve() if out_dir is not None else None
    chosen: dict[Path, Input] = {}
    for argument in arguments:
        for path, named in _expand(argument):
            try:
                resolved = path.resolve()
            except (OSError, RuntimeError):   # Python 3.11 raises RuntimeError on a link loop
                raise UsageError(f"{path}: a symbolic link that leads back to itself (a link loop); remove it "
                                 f"or name the inputs one by one") from None
            if out is not None and (resolved == out or out in resolved.parents):
                if named:
                    raise UsageError(f"--out {out_dir}: the input {path} is inside it and results would overwrite "
                                     f"it; choose another folder")
                continue  # results of an earlier run into this folder
            found = _as_input(path, named)
            if found is not None:
                chosen.setdefault(found.path.resolve(), found)
    if not chosen:
        raise UsageError("no inputs found (TRF .trf/.txt, workbooks .xlsx/.xlsm, Vega crosstable.html, "
                         "chess-results .xml)")
    common = Path(os.path.commonpath([str(p.parent) for p in chosen]))
    placed = [Input(i.path, i.kind, i.companions, PurePosixPath(*p.relative_to(common).parts).as_posix())
              for p, i in chosen.items()]
    return sorted(placed, key=lambda i: i.relative)
