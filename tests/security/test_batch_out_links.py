"""Issue 25, item 14: `batch` followed links planted inside `--out`: a linked sub-folder received
the results, a linked manifest was appended to. Nothing is written through a link inside the
output folder: a linked folder is that input's error, a linked manifest stops the run before
anything is written, a link where a result or summary goes is replaced, never followed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from rulesengine.batch.manifest import MANIFEST_NAME
from rulesengine.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch_inputs import litter, summary_rows, trf_file  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")


@pytest.fixture
def archive(tmp_path) -> Path:
    inputs = tmp_path / "in"
    trf_file(inputs / "a.trf")
    trf_file(inputs / "club" / "b.trf")
    trf_file(inputs / "club" / "deep" / "c.trf")
    return inputs


def batch(capsys, inputs: Path, out: Path) -> tuple[int, str]:
    code = main(["batch", str(inputs), "--out", str(out), "--jobs", "1"])
    return code, capsys.readouterr().err


def test_a_linked_sub_folder_receives_nothing(tmp_path, capsys, archive):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(elsewhere, out / "club")
    code, err = batch(capsys, archive, out)
    assert code == 2 and "Traceback" not in err
    assert list(elsewhere.iterdir()) == []
    rows = summary_rows(out)
    for name in ("club/b.trf", "club/deep/c.trf"):
        assert rows[name]["status"] == "error"
        assert rows[name]["error"] == (f"{name}: cannot write its results under --out: {out / 'club'} is a symbolic "
                                       f"link: results are never written through a link inside --out")
    assert rows["a.trf"]["status"] == "ok"
    assert os.path.islink(out / "club") and litter(out) == []


def test_a_link_deeper_down_is_refused_too(tmp_path, capsys, archive):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    (out / "club").mkdir(parents=True)
    os.symlink(elsewhere, out / "club" / "deep")
    code, _ = batch(capsys, archive, out)
    assert code == 2
    assert list(elsewhere.iterdir()) == []
    rows = summary_rows(out)
    assert rows["club/deep/c.trf"]["status"] == "error"
    assert rows["club/b.trf"]["status"] == rows["a.trf"]["status"] == "ok"


@pytest.mark.parametrize("plant", ["symlink", "hardlink"])
def test_a_linked_manifest_is_never_appended_to(tmp_path, capsys, archive, plant):
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's own file\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (os.symlink if plant == "symlink" else os.link)(victim, out / MANIFEST_NAME)
    code, err = batch(capsys, archive, out)
    assert code == 2 and "Traceback" not in err
    what = "a symbolic link" if plant == "symlink" else "a file with 2 names (a hard link)"
    assert f"the manifest {MANIFEST_NAME} is {what}, which rulesengine never makes" in err
    assert victim.read_text(encoding="utf-8") == "the user's own file\n"
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST_NAME]


def test_links_where_results_and_summaries_go_are_replaced_not_followed(tmp_path, capsys, archive):
    out = tmp_path / "out"
    out.mkdir()
    victims = {}
    for name in ("a.trf.standings.json", "summary.csv", "summary.json"):
        victims[name] = tmp_path / f"victim-{name}"
        victims[name].write_text("the user's own file\n", encoding="utf-8")
        os.symlink(victims[name], out / name)
    code, _ = batch(capsys, archive, out)
    assert code == 0
    for name, victim in victims.items():
        assert victim.read_text(encoding="utf-8") == "the user's own file\n"
        assert not os.path.islink(out / name) and (out / name).stat().st_size > 20


def test_the_out_folder_itself_may_be_a_link(tmp_path, capsys, archive):
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "out")
    code, _ = batch(capsys, archive, tmp_path / "out")
    assert code == 0
    assert (real / "club" / "deep" / "c.trf.standings.json").is_file()
