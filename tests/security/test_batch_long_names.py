"""Issue 25, item 11: `batch` died on a 230-byte input name (ENAMETOOLONG on its temporary name
`.NAME.standings.json.PID.tmp`: exit 1, no summary, the other inputs never processed). The
temporary name is short whatever the input's; an input whose result's name cannot be made is
that input's error, and the rest are done."""

from __future__ import annotations

import sys
from pathlib import Path

from rulesengine.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import litter, summary_rows, trf_file  # noqa: E402


def test_a_236_byte_name_is_processed(tmp_path, capsys):
    # Its result's name (251 bytes) fits; the old temporary name (258 and more) did not, for any pid.
    name = "a" * 232 + ".trf"
    inputs = tmp_path / "in"
    trf_file(inputs / name)
    trf_file(inputs / "b.trf")
    out = tmp_path / "out"
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert {row["status"] for row in summary_rows(out).values()} == {"ok"}
    assert (out / (name + ".standings.json")).is_file()
    assert litter(out) == []


def test_an_input_whose_result_name_is_too_long_is_its_own_error(tmp_path, capsys):
    name = "z" * 246 + ".trf"   # 250 bytes: fits, and its .standings.json (265) cannot
    inputs = tmp_path / "in"
    trf_file(inputs / name)
    trf_file(inputs / "a.trf")
    trf_file(inputs / "zz.trf")
    out = tmp_path / "out"
    assert main(["batch", str(inputs), "--out", str(out), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    rows = summary_rows(out)
    assert rows[name]["status"] == "error"
    assert rows[name]["error"] == f"{name}: cannot write its results under --out: File name too long"
    assert rows["a.trf"]["status"] == rows["zz.trf"]["status"] == "ok"
    assert (out / "zz.trf.standings.json").is_file()
    assert litter(out) == []
