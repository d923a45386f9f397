"""`rulesengine audit` on a team event (issue 22 item 5): the published team table of a
chess-results team XML checked value by value and rank by rank, each difference with the reading
and article that decide it.

`herbst_team_2025.xml` (tests/data/published/chess_results/, hand-written: no real team upload is
in the shared fixtures) publishes what Swiss-Manager prints for its tie-break 84 "Buchholz
Variable (2023)": BH:MP with an opponent's team PAB counted as a drawn match. Worked by hand
(C.07 art. 8.1 with 16, 2024 text; a team's own PAB round a dummy scoring its own MP, art. 16.4):

    team  MP  opponents (MP)            BH   TB84 (each opponent's PAB as 1 MP, not 2)
    1     3   T2 3, T5 6, T4 4          13   2 + 5 + 3 = 10
    2     3   T1 3, T3 2, own PAB 3      8   3 + 2 + 3 = 8   (its opponents had no PAB)
    3     2   T4 4, T2 3, T5 6          13   3 + 2 + 5 = 10
    4     4   T3 2, own PAB 4, T1 3      9   9
    5     6   own PAB 6, T1 3, T3 2     11   11
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.audit.sources import load_event
from rulesengine.audit.team_check import audit_team_event
from rulesengine.cli import main
from rulesengine.formats.chess_results import parse_chess_results
from rulesengine.inputs import CHESS_RESULTS, Input
from rulesengine.published import PublishedTeamEvent
from rulesengine.registry import default_registry

HERBST = Path(__file__).resolve().parent.parent / "data" / "published" / "chess_results" / "herbst_team_2025.xml"
TB84 = "published = Swiss-Manager TB84 reading (opponent's PAB as a drawn match), C.07 art. 16 differs"
ART_16_3 = "FIDE C.07 art. 16.3 (since 1 September 2023, unchanged in March 2026): an opponent's score counts at face value, its team PAB included"


def _audit(text: str | None = None, **options):
    if text is None:
        event = load_event(Input(HERBST, CHESS_RESULTS))
    else:
        event, problems = parse_chess_results(text.encode("utf-8"), "t.xml")
        assert problems == []
    assert isinstance(event, PublishedTeamEvent)
    return audit_team_event(event, default_registry(), **options)


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_the_columns_are_mapped_by_chess_results_team_numbers():
    audit = _audit()
    assert [(c.published, c.rule) for c in audit.columns] == [("TB1", "MPTS"), ("TB2", "GPTS"), ("TB3", "BH")]
    assert audit.kind == "team" and audit.rules == "fide-2024 (in force on 2025-09-20)"
    assert {team: dict(values) for team, values in audit.computed.items()}["BH"] == {1: 13, 2: 8, 3: 13, 4: 9, 5: 11}


def test_swiss_managers_tb84_reading_of_an_opponents_pab_is_named_with_art_16_3():
    audit = _audit()
    text = HERBST.read_text(encoding="utf-8")
    aurora, turm = _line_of(text, 'teamname="SK Aurora"'), _line_of(text, 'teamname="Turm Ost"')
    found = [(d.start_no, d.column, d.published, d.computed, d.explanation, d.article, d.cell)
             for d in audit.differences]
    assert found == [
        (1, "TB3", 10, 13, f"{TB84}: the PAB of team 2 (round 3), team 5 (round 1), team 4 (round 2) counted as a "
                           f"drawn match (1 MP instead of the PAB's 2)", ART_16_3,
         f"{HERBST}:{aurora}:1"),
        (3, "TB3", 10, 13, f"{TB84}: the PAB of team 4 (round 2), team 2 (round 3), team 5 (round 1) counted as a "
                           f"drawn match (1 MP instead of the PAB's 2)", ART_16_3,
         f"{HERBST}:{turm}:1"),
    ]
    # Match and game points all agree; the ranks too (MP, then GP separate every tie here).
    assert audit.rank_differences == () and audit.findings == ()
    assert audit.computed_ranks == {5: 1, 4: 2, 1: 3, 2: 4, 3: 5}


def test_a_value_no_reading_gives_is_unexplained():
    text = HERBST.read_text(encoding="utf-8").replace('teamname="Springer Süd" teamshort=" Springer Süd" rank="4" '
                                                      'points="3" tb1="3" tb2="3,0" tb3="8,0"',
                                                      'teamname="Springer Süd" teamshort=" Springer Süd" rank="4" '
                                                      'points="3" tb1="3" tb2="3,0" tb3="9,0"')
    difference = next(d for d in _audit(text).differences if d.start_no == 2)
    assert (difference.published, difference.computed, difference.article) == (9, 8, None)
    assert difference.explanation.startswith("no reading known to the engine reproduces the published value; also "
                                             "tried: Swiss-Manager TB84 reading")


def test_a_published_rank_and_points_column_that_disagree_are_reported():
    text = HERBST.read_text(encoding="utf-8")
    text = text.replace('teamname="SK Aurora" teamshort=" SK Aurora" rank="3" points="3"',
                        'teamname="SK Aurora" teamshort=" SK Aurora" rank="4" points="4"')
    text = text.replace('teamname="Springer Süd" teamshort=" Springer Süd" rank="4"',
                        'teamname="Springer Süd" teamshort=" Springer Süd" rank="3"')
    audit = _audit(text)
    assert [(r.start_no, r.published, r.computed) for r in audit.rank_differences] == [(1, 4, 3), (2, 3, 4)]
    line = _line_of(text, 'teamname="SK Aurora"')
    assert [(f.where, f.what) for f in audit.findings] == [
        (f"t.xml:{line}:1", "points column says 4 for team 1 (SK Aurora), its matches give 3 MP")]


def test_an_unmapped_team_number_leaves_the_ranks_unchecked_and_the_auditor_may_name_it(capsys):
    text = HERBST.read_text(encoding="utf-8").replace('tb3no="84"', 'tb3no="52"')
    audit = _audit(text)
    assert audit.columns[2].rule is None
    assert audit.columns[2].why_unmapped == ("no loaded plugin names a team tie-break for the legend "
                                             "'chess-results tie-break 52 ()'")
    assert audit.findings[-1].what == "ranks not checked: the column TB3 could not be mapped to a team tie-break"
    named = _audit(text, given={"tb3": "BH:MP"})
    assert named.columns[2].rule == "BH:MP" and len(named.differences) == 2


def test_the_audit_command_reports_a_team_event_in_json_and_text(tmp_path, capsys):
    assert main(["audit", str(HERBST), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    event = document["events"][0]
    assert (event["kind"], event["date"], [d["start_no"] for d in event["differences"]]) == ("team", "2025-09-20",
                                                                                            [1, 3])
    assert main(["audit", str(HERBST), "--column", "TB3=BH:MP"]) == 0
    text = capsys.readouterr().out
    assert "[team event: numbers are teams]" in text and "Columns: TB1 = MPTS; TB2 = GPTS; TB3 = BH:MP" in text
    assert f"{TB84}: the PAB of team 2 (round 3)" in text
    report = tmp_path / "audit.xlsx"
    assert main(["audit", str(HERBST), "--out", str(report)]) == 0
    from openpyxl import load_workbook
    sheet = load_workbook(report)["Herbst-Mannschaftsblitz 2025"]
    assert [cell.value for cell in sheet[1]][:5] == ["Rank (published)", "Rank (computed)", "Team", "Name", "Pts"]


def test_the_march_2026_text_is_a_reading_of_team_bh():
    from rulesengine_fide.team_audit import team_readings
    from datetime import date
    labels = [r.label for r in team_readings("BH:MP/C1", date(2026, 5, 1))]
    assert labels == ["Swiss-Manager TB84 reading (opponent's PAB as a drawn match)",
                      "C.07 text in force on 2026-02-28"]
    assert team_readings("EMGSB/C1", date(2026, 5, 1)) == []


def test_audit_pairings_re_pairs_team_events_by_their_system(capsys):
    """A team round robin against its teams' Berger table (C.05 Annex 1); a team swiss by C.04.6,
    named as re-pairing a 2025 event by a text in force from 2026-02-01."""
    team_trf = HERBST.parent.parent.parent / "team" / "rr01_t6_b4_r5.trf"
    assert main(["audit", "--pairings", str(team_trf), str(HERBST), "--format", "json"]) == 0
    events = {Path(e["input"]).name: e for e in json.loads(capsys.readouterr().out)["events"]}
    rr, swiss = events["rr01_t6_b4_r5.trf"], events[HERBST.name]
    assert (rr["kind"], rr["pairing_checks"]["system"], rr["pairing_checks"]["rounds_checked"],
            rr["pairing_checks"]["rounds_differing"]) == ("team", "berger", 5, [])
    checks = swiss["pairing_checks"]
    assert (swiss["kind"], checks["system"], checks["rounds_checked"]) == ("team", "fide_team", 3)
    assert [(d["round"], d["article"]) for d in checks["rounds_differing"]] == [
        (1, "C.04.6 3.6.2"), (2, "C.04.6 3.4"), (3, "C.04.6 C5")]
    assert any(f["what"].startswith("re-paired by FIDE Swiss Team Pairing System, C.04.6") and "2025-" in f["what"]
               for f in swiss["findings"])


def test_a_broken_team_file_is_not_audited_and_named_with_its_line(tmp_path, capsys):
    broken = tmp_path / "broken.xml"
    text = HERBST.read_text(encoding="utf-8").replace('playerperteam="2" ', "")
    broken.write_text(text, encoding="utf-8")
    assert main(["audit", str(broken), str(HERBST), "--format", "json"]) == 2
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert [e["input"] for e in document["events"]] == [str(HERBST)]
    line = _line_of(text, "<tournament ")
    assert document["errors"][0]["error"].startswith(f"{broken}:{line}:1: <tournament> has no playerperteam")


@pytest.mark.parametrize("legend, spec", [
    ("84 ()", "BH"), ("84 (1,0,1,-,-,0,0)", "BH:MP/C1"), ("84 (0,0,0,P,-)", "BH:GP/P"), ("84 (1,1,1,-,-)", "BH:MP/M1"),
    ("84 (1,0,0,-,F)", "FB:MP"), ("82 (1,0,1,-,0)", "EMGSB/C1"), ("82 (3,0,1,P,0)", "EGGSB/C1/P"),
    ("83 (GP,P)", "EDE:GP/P"), ("13 ()", "MPTS"), ("40 ()", "MPTS"), ("1 ()", "GPTS"), ("87 (1,50)", "KS:MP"),
    ("84 (1,0,1,-,-,1)", None),   # match points 3/1/0 inside BH: not read as 2/1/0
    ("52 ()", None),              # Sonneborn-Berger variable: an individual number
])
def test_chess_results_team_numbers_map_to_team_specs(legend, spec):
    from rulesengine.audit.team_check import _map_column
    from rulesengine.audit.check import explainers
    from rulesengine.published import PublishedColumn
    registry = default_registry()
    column = _map_column(PublishedColumn("TB1", f"chess-results tie-break {legend}"), {}, explainers(registry),
                         registry.team_tiebreaks)
    assert column.rule == spec


def test_after_march_2026_the_uncapped_dummy_of_the_2024_text_is_named_too():
    # Dated 2026-04-05: art. 16.4.2 (March 2026) caps a team's own PAB dummy at TD x rounds = 3 MP,
    # so T4 (own MP 4) has 2 + 3 + 3 = 8 and T5 (own MP 6) 3 + 3 + 2 = 8; the file prints the
    # uncapped 9 and 11 (the 2024 text), and TB84's 10 for T1 and T3 as before.
    text = HERBST.read_text(encoding="utf-8").replace('from="20250920" to="20250920"', 'from="20260405" to="20260405"')
    audit = _audit(text)
    assert audit.rules == "fide-2026 (in force on 2026-04-05)"
    found = {d.start_no: (d.published, d.computed, d.article) for d in audit.differences}
    assert found == {1: (10, 13, ART_16_3), 3: (10, 13, ART_16_3), 4: (9, 8, "FIDE C.07 art. 16.4 (March 2026)"),
                     5: (11, 8, "FIDE C.07 art. 16.4 (March 2026)")}
    assert next(d for d in audit.differences if d.start_no == 5).explanation.startswith(
        "the published value leaves the dummy opponents of the team's unplayed rounds uncapped")
