"""`rulesengine batch` over an archive mixing individual and team events (issue 22 item 5): each
team event's output is the team standings document of `standings --format json`, and the
summaries end with a `kind` column (the old columns kept, in their order)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from rulesengine.batch.summary import COLUMNS
from rulesengine.cli import main

DATA = Path(__file__).resolve().parent.parent / "data"
INPUTS = {   # relative name in the archive -> fixture
    "individual/hc01_ana_bo_kai.trf": DATA / "tiebreak" / "hc01_ana_bo_kai.trf",
    "individual/spring_open_2026.xml": DATA / "published" / "chess_results" / "spring_open_2026.xml",
    "teams/rr01_t6_b4_r5.trf": DATA / "team" / "rr01_t6_b4_r5.trf",
    "teams/herbst_team_2025.xml": DATA / "published" / "chess_results" / "herbst_team_2025.xml",
}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mixed")
    for name, source in INPUTS.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, folder / name)
    (folder / "teams" / "broken_team.xml").write_text(
        INPUTS["teams/herbst_team_2025.xml"].read_text(encoding="utf-8").replace(
            'no1="3" no2="5" res1="0.5"', 'no1="3" no2="5" res1="1.0"'), encoding="utf-8")
    out = tmp_path_factory.mktemp("out") / "out"
    status = main(["batch", str(folder), "--out", str(out), "--jobs", "1", "--no-timings"])
    return folder, out, status


def _rows(out: Path) -> dict[str, dict]:
    with (out / "summary.csv").open(encoding="utf-8", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle)}


def test_the_kind_column_is_appended_after_the_old_columns(run):
    _, out, status = run
    assert status == 2   # the broken team file
    assert COLUMNS == ("file", "status", "format", "players", "rounds", "winner", "seconds", "error", "kind")
    header = (out / "summary.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "file,status,format,players,rounds,winner,seconds,error,kind"
    rows = _rows(out)
    assert {name: (row["status"], row["format"], row["kind"]) for name, row in rows.items()} == {
        "individual/hc01_ana_bo_kai.trf": ("ok", "trf", "individual"),
        "individual/spring_open_2026.xml": ("ok", "chess-results", "individual"),
        "teams/rr01_t6_b4_r5.trf": ("ok", "trf", "team"),
        "teams/herbst_team_2025.xml": ("ok", "chess-results", "team"),
        "teams/broken_team.xml": ("error", "chess-results", ""),
    }
    herbst = rows["teams/herbst_team_2025.xml"]
    assert (herbst["players"], herbst["rounds"], herbst["winner"]) == ("11", "3", "Dame West")
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [list(row) for row in summary["files"]] == [list(COLUMNS)] * 5
    assert {row["file"]: row["kind"] for row in summary["files"]}["teams/rr01_t6_b4_r5.trf"] == "team"


def test_a_broken_team_file_is_located(run):
    folder, out, _ = run
    error = _rows(out)["teams/broken_team.xml"]["error"]
    line = next(i for i, text in enumerate((folder / "teams" / "broken_team.xml").read_text(encoding="utf-8")
                                           .splitlines(), start=1) if 'no1="3" no2="5"' in text)
    assert error.startswith(f"teams/broken_team.xml:{line}:1: round 3: team 3 scores 1 in the match 3 - 5, its boards "
                            f"add up to 0.5")


@pytest.mark.parametrize("name", ["teams/rr01_t6_b4_r5.trf", "teams/herbst_team_2025.xml"])
def test_a_team_events_output_is_the_team_standings_document(run, name, capsys):
    folder, out, _ = run
    written = json.loads((out / (name + ".standings.json")).read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["standings", str(folder / name), "--format", "json"]) == 0
    assert written == json.loads(capsys.readouterr().out)
    assert list(written) == ["teams", "tiebreaks", "rules", "notes"]


def test_an_individual_events_output_is_unchanged(run, capsys):
    folder, out, _ = run
    name = "individual/hc01_ana_bo_kai.trf"
    written = json.loads((out / (name + ".standings.json")).read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["standings", str(folder / name), "--format", "json"]) == 0
    assert written == json.loads(capsys.readouterr().out)
    assert "standings" in written and "teams" not in written


def test_individual_tiebreaks_and_team_tiebreaks_each_apply_to_their_kind(run, tmp_path):
    folder = tmp_path / "in"
    shutil.copytree(run[0], folder)
    (folder / "teams" / "broken_team.xml").unlink()
    out = tmp_path / "out"
    assert main(["batch", str(folder), "--out", str(out), "--jobs", "1", "--no-timings", "--tiebreaks", "BH,SB",
                 "--team-tiebreaks", "olympiad", "--rules", "fide-2024"]) == 0
    individual = json.loads((out / "individual/hc01_ana_bo_kai.trf.standings.json").read_text(encoding="utf-8"))
    team = json.loads((out / "teams/herbst_team_2025.xml.standings.json").read_text(encoding="utf-8"))
    assert individual["tiebreaks"] == ["BH", "SB"] and individual["rules"]["rule_set"] == "fide-2024"
    assert team["tiebreaks"] == ["EMGSB/C1", "GPTS", "BH:MP/C1"]   # the Olympiad's order
    assert team["notes"][-1] == ("--rules fide-2024 applies to individual events; the team tie-breaks follow the "
                                 "C.07 text of the event's date")


def test_an_unknown_team_tiebreak_is_a_usage_error(tmp_path, capsys):
    assert main(["batch", str(DATA / "team" / "rr01_t6_b4_r5.trf"), "--out", str(tmp_path / "o"),
                 "--team-tiebreaks", "SB"]) == 2
    assert "--team-tiebreaks: unknown team tie-break(s) SB" in capsys.readouterr().err


def test_a_team_workbook_in_an_archive_gives_its_team_standings_and_a_recalculated_copy(tmp_path, capsys):
    """A team book (`new-workbook team-round-robin --from`) among the archive's files: its output
    is the team standings document of its event (the values of `standings` on the TRF it was
    filled from), its summary row says `team`, and the recalculated copy has a Team Standings."""
    import openpyxl
    folder = tmp_path / "archive"
    folder.mkdir()
    trf = DATA / "team" / "rr01_t6_b4_r5.trf"
    assert main(["new-workbook", "team-round-robin", str(folder / "league.xlsx"), "--from", str(trf)]) == 0
    before = (folder / "league.xlsx").read_bytes()
    out = tmp_path / "out"
    assert main(["batch", str(folder), "--out", str(out), "--jobs", "1", "--no-timings"]) == 0
    written = json.loads((out / "league.xlsx.standings.json").read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["standings", str(trf), "--format", "json"]) == 0
    expected = json.loads(capsys.readouterr().out)
    assert ([(t["rank"], t["team"], t["mp"], t["gp"], t["tiebreaks"]) for t in written["teams"]]
            == [(t["rank"], t["team"], t["mp"], t["gp"], t["tiebreaks"]) for t in expected["teams"]])
    row = _rows(out)["league.xlsx"]
    from rulesengine.api import load_event
    players = len(load_event(trf).individual.players)   # 6 teams of 4 boards, and their reserves
    assert (row["status"], row["kind"], row["players"], row["rounds"]) == ("ok", "team", str(players), "5")
    assert "Team Standings" in openpyxl.load_workbook(out / "league.xlsx", read_only=True).sheetnames
    assert (folder / "league.xlsx").read_bytes() == before   # the archived input is never modified
