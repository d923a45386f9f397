"""Issue 25, item 5: `ladder --publish DIR/events.tsv` overwrote the store's own input (exit 0,
no copy kept), and `--publish` to a folder was a traceback. A page inside the store must be an
.html file that is none of the store's own; a folder is refused; nothing is written then."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text


def run(capsys, *args) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def root(tmp_path, capsys) -> Path:
    root = tmp_path / "club"
    source = tmp_path / "night.trf"
    source.write_text(write_trf(tournament_from_text(["A, A", "B, B"], ["1-2 1-0"], name="Night",
                                                     start_date="2026/02/05")), encoding="utf-8")
    assert run(capsys, "season", "init", root)[0] == 0
    assert run(capsys, "season", "add", root, source)[0] == 0
    assert run(capsys, "ladder", root)[0] == 0
    return root


@pytest.mark.parametrize("inside", ["events.tsv", "roster.tsv", "decisions.tsv", "season.txt", "ladder.json",
                                    "outputs.json", "files/2026-02-05--night.trf", "files/page.html",
                                    "history/page.html", ".rulesengine-lock"])
def test_a_page_over_a_file_of_the_store_is_refused_and_nothing_is_written(inside, root, capsys):
    before = snapshot(root)
    code, err = run(capsys, "ladder", root, "--publish", root / inside)
    assert code == 2 and "inside the season store a page must be an .html file" in err and "Traceback" not in err
    assert snapshot(root) == before


def test_a_link_inside_the_store_to_a_store_file_is_refused_through_its_folder(root, tmp_path, capsys):
    (tmp_path / "linked").symlink_to(root / "files")
    before = snapshot(root)
    code, err = run(capsys, "ladder", root, "--publish", tmp_path / "linked" / "page.html")
    assert code == 2 and snapshot(root) == before


@pytest.mark.parametrize("folder", ["outside", "inside"])
def test_a_page_given_as_a_folder_is_refused_without_a_traceback(folder, root, tmp_path, capsys):
    target = tmp_path / "site" if folder == "outside" else root / "files"
    target.mkdir(exist_ok=True)
    before = snapshot(root)
    code, err = run(capsys, "ladder", root, "--publish", target)
    assert code == 2 and "that is a folder" in err and "Traceback" not in err
    assert snapshot(root) == before


def test_a_page_inside_the_store_as_its_own_html_file_or_outside_is_published(root, tmp_path, capsys):
    for target in (root / "ladder.html", root / "site" / "index.html", tmp_path / "public" / "ladder.html"):
        assert run(capsys, "ladder", root, "--publish", target, "--publish-pending")[0] == 0   # names undecided
        assert target.read_bytes().startswith(b"<!DOCTYPE html>")
    assert run(capsys, "ladder", root, "--check")[0] == 0
