"""`rulesengine standings` and `rulesengine plugins` end to end, through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

from rulesengine.cli import main

from fixture_data import TIEBREAK_FIXTURES as TIEBREAK
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf"


def run_json(capsys, *args: str) -> dict:
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_contract_shape_and_canonical_specs(capsys):
    data = run_json(capsys, str(TIEBREAK / "hc01_ana_bo_kai.trf"), "--tiebreaks", "bh-c1,BH#M1,BH")
    assert data["tournament"] == {"name": "Hand check 1: Ana Bo Kai", "rounds": 5}
    assert data["tiebreaks"] == ["BH/C1", "BH/M1", "BH"]
    first = data["standings"][0]
    assert set(first) == {"rank", "start_rank", "name", "points", "tiebreaks"}
    assert list(first["tiebreaks"]) == ["BH/C1", "BH/M1", "BH"]
    assert "notes" in data
    ranks = [row["rank"] for row in data["standings"]]
    assert ranks == sorted(ranks)


def test_ana_bo_kai_worked_example_domain_md_section_3(capsys):
    """domain.md 3: Ana 4,3,3,2,1 -> BH 13, C1 12, M1 8; Bo 13.5, 11.5, 7.5; Kai 12.5, 11.5, 8.5.
    Plain BH picks Bo, Cut-1 Ana, Median-1 Kai. All of their games were played."""
    by_name = lambda data: {row["name"].split(", ")[1]: row for row in data["standings"]}
    rows = by_name(run_json(capsys, str(TIEBREAK / "hc01_ana_bo_kai.trf"), "--tiebreaks", "BH,BH/C1,BH/M1"))
    assert [rows[n]["tiebreaks"]["BH"] for n in ("Ana", "Bo", "Kai")] == [13, 13.5, 12.5]
    assert [rows[n]["tiebreaks"]["BH/C1"] for n in ("Ana", "Bo", "Kai")] == [12, 11.5, 11.5]
    assert [rows[n]["tiebreaks"]["BH/M1"] for n in ("Ana", "Bo", "Kai")] == [8, 7.5, 8.5]
    for spec, winner in (("BH", "Bo"), ("BH/C1", "Ana"), ("BH/M1", "Kai")):
        tied = by_name(run_json(capsys, str(TIEBREAK / "hc01_ana_bo_kai.trf"), "--tiebreaks", spec))
        assert min(("Ana", "Bo", "Kai"), key=lambda n: tied[n]["rank"]) == winner


def test_sonneborn_berger_round_robin_worked_example(tmp_path, capsys):
    """domain.md 3: five-player round robin, Ana and Bo tied 3/4 and drew each other:
    Ana = 0.5x3 + 1x2.5 + 0.5x1.5 + 1x0 = 4.75; Bo = 0.5x3 + 0.5x2.5 + 1x1.5 + 1x0 = 4.25."""
    from rulesengine.formats.trf import write_trf
    from rulesengine.testing import tournament_from_text
    # Ana beat Di (2.5) and Ed (0), drew Bo (3) and Cy (1.5); Bo beat Cy and Ed, drew Ana and Di.
    # Each round one player is idle (no opponent), which art. 15 leaves out of SB.
    t = tournament_from_text(["Ana", "Bo", "Cy", "Di", "Ed"], [
        "1-2 =, 3-4 0-1",
        "1-3 =, 4-5 1-0",
        "1-4 1-0, 2-5 1-0",
        "1-5 1-0, 2-3 1-0",
        "2-4 =, 3-5 1-0",
    ], kind="round robin")
    assert [t.points[i] for i in range(1, 6)] == [3, 3, 1.5, 2.5, 0]
    path = tmp_path / "rr5.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    data = run_json(capsys, str(path), "--tiebreaks", "SB")
    sb = {row["name"]: row["tiebreaks"]["SB"] for row in data["standings"]}
    assert sb["Ana"] == 4.75 and sb["Bo"] == 4.25
    assert [row["name"] for row in data["standings"][:2]] == ["Ana", "Bo"]


def test_players_equal_on_everything_share_a_rank(capsys):
    data = run_json(capsys, str(TIEBREAK / "hc01_ana_bo_kai.trf"))  # no spec and no 202: points only
    assert data["tiebreaks"] == []
    by_points: dict = {}
    for row in data["standings"]:
        by_points.setdefault(row["points"], set()).add(row["rank"])
    assert all(len(ranks) == 1 for ranks in by_points.values())
    assert [row["rank"] for row in data["standings"]][:5] == [1, 2, 2, 2, 5]


def test_file_order_is_used_when_no_tiebreaks_are_given(capsys):
    data = run_json(capsys, str(EXAMPLE))
    assert data["tiebreaks"][:3] == ["BH/C1", "BH", "SB"]


def test_points_are_exact_json_numbers(capsys):
    data = run_json(capsys, str(TIEBREAK / "hc02_bye_example.trf"), "--tiebreaks", "SB")
    assert {row["start_rank"]: row["points"] for row in data["standings"]}[1] == 4.5
    text = json.dumps(data)
    assert "99999" not in text and "00000" not in text


def test_unknown_code_exits_2_with_one_line(capsys):
    assert main(["standings", str(EXAMPLE), "--tiebreaks", "BH,XYZ"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rulesengine: unknown tie-break code 'XYZ'; known codes:") and "\n" not in err


def test_malformed_file_exits_2_with_file_line_col(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1 m    A                                 2000 NOR           1 2000/01/01  1.0    1  0002 w Q\n")
    assert main(["standings", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2:99: round 1: unknown result code 'Q'" in err
    assert "Traceback" not in err


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["standings", str(tmp_path / "none.trf")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_table_and_csv_forms(capsys):
    assert main(["standings", str(EXAMPLE), "--tiebreaks", "BH/C1", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rank,SNo,Name,Pts,BH/C1"
    assert lines[1].startswith("1,1,\"Новиков, Алексей\",6,")
    assert main(["standings", str(EXAMPLE), "--tiebreaks", "BH/C1"]) == 0
    out = capsys.readouterr().out
    assert "Riverside Open 2026 (7 rounds)" in out and "العلي, سارة" in out


def test_plugins_command_lists_builtins(capsys):
    assert main(["plugins", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    fide = next(p for p in data if p["name"] == "fide")
    assert fide["distribution"] == "chess-rulesengine" and fide["builtin"] is True and "BH" in fide["tiebreaks"]
    assert main(["plugins"]) == 0
    assert "fide  (chess-rulesengine" in capsys.readouterr().out


def test_declared_points_that_differ_from_the_results_are_noted(tmp_path, capsys):
    text = (TIEBREAK / "hc02_bye_example.trf").read_text(encoding="utf-8")
    wrong = text.replace("Example, Hero                     2100 NOR     2000000 2000/01/01  4.5",
                         "Example, Hero                     2100 NOR     2000000 2000/01/01  5.0")
    assert wrong != text
    path = tmp_path / "typo.trf"
    path.write_text(wrong, encoding="utf-8")
    data = run_json(capsys, str(path))
    assert data["standings"][0]["points"] == 4.5
    assert data["notes"] == ["player 1 (Example, Hero): the file gives 5 points, the results add up to 4.5; "
                             "the results are used"]


def test_rules_option_chooses_the_text_of_art_16(capsys):
    """hc02 (fixtures README): BH 13.5 under the 2026 text (dummy capped at 2.5), 15.5 under the
    2024 text (uncapped dummy 4.5); the event's own date (2026-04-10) picks 2026."""
    path = str(TIEBREAK / "hc02_bye_example.trf")
    hero = lambda data: next(r for r in data["standings"] if r["start_rank"] == 1)["tiebreaks"]["BH"]
    assert hero(run_json(capsys, path, "--tiebreaks", "BH")) == 13.5
    assert hero(run_json(capsys, path, "--tiebreaks", "BH", "--rules", "fide-2024")) == 15.5
    assert main(["standings", path, "--tiebreaks", "BH", "--rules", "fide-1999"]) == 2
    err = capsys.readouterr().err
    # The known names come from the plugin that declares them (the core names no federation's text).
    assert "unknown tie-break rule set 'fide-1999'" in err and "fide-2024" in err and "\n" == err[-1]


def test_progressive_score_worked_example_domain_md_section_3(capsys):
    """domain.md 3: W W W L W -> 1+2+3+3+4 = 13 (Ana); L W W W W -> 0+1+2+3+4 = 10 (Bo)."""
    data = run_json(capsys, str(TIEBREAK / "hc01_ana_bo_kai.trf"), "--tiebreaks", "PS")
    ps = {row["start_rank"]: row["tiebreaks"]["PS"] for row in data["standings"]}
    assert ps[1] == 13 and ps[2] == 10
