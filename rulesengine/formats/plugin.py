"""Built-in formats plugin: TRF-16 (FIDE C.04 Annex 2) with TRF-2026 and XX extensions, Vega's
published HTML result pages and chess-results.com's tournament XML (both read only)."""

from __future__ import annotations

from pathlib import Path

from rulesengine import hookimpl
from rulesengine.formats.base import TournamentFormat
from rulesengine.formats.trf import read_trf, write_trf


def _read(path: Path, encoding: str = "utf-8"):
    return read_trf(path, encoding=encoding)


def _read_vega(path: Path, encoding: str = "utf-8"):
    from rulesengine.formats.vega import read_vega  # html.parser is only loaded when a page is read
    return read_vega(path, encoding)


def _read_chess_results(path: Path, encoding: str = "utf-8"):
    from rulesengine.formats.chess_results import read_chess_results  # expat only when a file is read
    return read_chess_results(path, encoding)


@hookimpl
def rulesengine_formats() -> list[TournamentFormat]:
    return [TournamentFormat("trf", (".trf", ".txt", ".trfx"), "FIDE TRF-16 / TRF-2026 report file",
                             read=_read, write=write_trf),
            TournamentFormat("vega", (".html", ".htm"), "Vega result pages: crosstable.html with standings.html "
                                                        "beside it (read only)", read=_read_vega),
            TournamentFormat("chess-results", (".xml",), "chess-results.com tournament XML, as pairing programs "
                                                         "upload it (read only)", read=_read_chess_results)]
