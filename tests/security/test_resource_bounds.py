"""Bounds that hold at any input size (issue 25 items 9 and 18)."""

from __future__ import annotations

import pytest

from rulesengine.errors import MAX_SHOWN_PROBLEMS, InputError
from rulesengine.formats.trf import parse_trf

BAD_LINES = 3_500_000


def test_millions_of_bad_trf_lines_keep_twenty_problems_and_count_the_rest():
    """A 21 MB file of 3.5M bad player lines: the reader keeps what the message shows, counts the
    rest (it once kept 3.5M Problems: 1.7 GB)."""
    text = "012 Bad\nXXR 3\n" + "001 ab\n" * BAD_LINES
    with pytest.raises(InputError) as err:
        parse_trf(text, source="bad.trf")
    assert len(err.value.problems) == MAX_SHOWN_PROBLEMS
    assert err.value.count == BAD_LINES and err.value.unlisted == BAD_LINES - MAX_SHOWN_PROBLEMS
    shown = str(err.value).splitlines()
    assert shown[0] == "bad.trf:3:5: start rank must be a positive whole number in columns 5-8, found 'ab'"
    assert shown[-1] == f"... and {BAD_LINES - MAX_SHOWN_PROBLEMS:,} more problems" and len(shown) == 21


def _crosstable_row_template(tmp_path) -> tuple[bytes, bytes, bytes]:
    """(the sheet part before its rows, one full player row of a 30-round template export with
    `{n}` for its number, the part after the rows)."""
    import random
    import re
    import zipfile

    from rulesengine.testing import tournament_from_text
    from rulesengine.workbook.io.openpyxl_book import write_workbook
    from rulesengine.workbook.layouts.export import crosstable_grid

    players, rng = 32, random.Random(30)
    rounds = []
    for _ in range(30):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        rounds.append(", ".join(f"{order[i]}-{order[i + 1]} {rng.choice(['1-0', '0-1', '='])}"
                                for i in range(0, players, 2)))
    names = [f"Player Number{i:05d}, Firstname" for i in range(players)]
    path = write_workbook(tmp_path / "export.xlsx", [crosstable_grid(tournament_from_text(names, rounds), "template")])
    with zipfile.ZipFile(path) as package:
        xml = package.read("xl/worksheets/sheet1.xml")
    rows = re.findall(rb"<row .*?</row>", xml)
    head, tail = xml[:xml.index(rows[0])], xml[xml.index(rows[-1]) + len(rows[-1]):]
    last = rows[-1]
    number = re.search(rb'<row r="(\d+)"', last)[1]
    return head, re.sub(rb'r="([A-Z]*)' + number + rb'"', rb'r="\1{n}"', last), tail


def test_a_50000_player_30_round_crosstable_passes_the_package_bounds(tmp_path):
    """A real 50,000 x 30 crosstable (issue 25 item 18): one sheet part of about 175 MiB once
    inflated, once refused as "a zip bomb?" by a 128 MiB part bound."""
    import zipfile

    from rulesengine.workbook.io.package import inspect_package

    head, row, tail = _crosstable_row_template(tmp_path)
    path = tmp_path / "open.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as package:
        package.writestr("[Content_Types].xml", b'<?xml version="1.0"?><Types/>')
        with package.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as stream:
            stream.write(head)
            for start in range(3, 50_003, 1_000):
                stream.write(b"".join(row.replace(b"{n}", b"%d" % n) for n in range(start, start + 1_000)))
            stream.write(tail)
    with zipfile.ZipFile(path) as package:
        inflated = package.getinfo("xl/worksheets/sheet1.xml").file_size
    assert inflated > 160 * 1024 * 1024   # what such a sheet inflates to
    info = inspect_package(path)
    assert info.rows["xl/worksheets/sheet1.xml"] == 50_000
    assert info.cells["xl/worksheets/sheet1.xml"] > 4_500_000


def test_a_trf_start_rank_of_five_digits_says_the_format_stops_at_9999(tmp_path):
    line = f"001 10000 m    {'Last Player':<33} 2000 NOR {'':>11} 2000/01/01  0.0 9999"
    with pytest.raises(InputError) as err:
        parse_trf("012 Big open\n" + line + "\n", source="big.trf")
    assert str(err.value) == ("big.trf:2:5: start rank '10000' has five digits: TRF-16 and TRF-2026 give it four "
                              "columns (5-8), so a TRF file holds at most 9,999 players (a workbook holds up to "
                              "100,000)")


def test_a_trf_larger_than_any_real_one_is_refused_before_it_is_read(tmp_path, capsys, monkeypatch):
    """`standings` bounds its memory whatever the file (issue 25 item 10, the TRF reader's side):
    the size is checked before a byte is read."""
    from rulesengine import limits
    from rulesengine.cli import main
    from rulesengine.formats import trf

    monkeypatch.setattr(trf, "MAX_TRF_BYTES", 1_000)
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 Big\n" + b"x" * 2_000)
    assert main(["standings", str(big)]) == 2
    assert f"{big}:1:1: refused: 2,008 bytes (limit 1,000: larger than any real TRF)" in capsys.readouterr().err
    assert limits.MAX_TRF_BYTES == 128 * 1024 * 1024
