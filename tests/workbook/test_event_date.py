"""One date and one rule text for an event, whatever the command (issue 23 item 1, issue 27 item 3).

The issue's case: an undated chess-results export of May 2025 whose tie-breaks a program with the
2024 text of FIDE C.07 art. 16 printed; its title says 2025. recalc, audit, standings (on its TRF
form) and batch must agree on the date (the year in the name: the whole of 2025 lies under
fide-2024) and say where it came from.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

from test_looks import DATA, published_export

from rulesengine import api
from rulesengine.cli import main
from rulesengine.event_date import find_event_date
from rulesengine.formats.trf import read_trf, write_trf
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.sheets.standings import legend_of

NAME = "Spring Open 2025"
SOURCE = (f"the year 2025 in the event's name {NAME!r}, under which every tie-break follows one text (fide-2024) "
          f"all year")
NOTE = (f"no date in the file: the rules date 2025-01-01 comes from {SOURCE}; give the date with --date YYYY-MM-DD "
        f"or the Settings sheet's Rules date to be sure")


def undated_export() -> Grid:
    grid, _, _ = published_export()
    rows = [list(row) for row in grid.rows]
    rows[0] = [NAME]   # the export's title row: the event's name, no date anywhere
    return Grid(grid.sheet, rows)


def test_recalc_audit_standings_and_batch_agree_on_an_undated_2025_export(tmp_path, capsys):
    plan = recalculate({"Crosstable": undated_export()})
    assert plan.rules.date == date(2025, 1, 1) and plan.rules.date_source == SOURCE
    assert set(plan.rules.tiebreaks.values()) == {"fide-2024 (in force on 2025-01-01)"}
    assert plan.notes[0] == NOTE
    rows = plan.writes[0].rows
    assert rows[1][0].startswith("No date in the file: the rules date 2025-01-01 comes from the year")
    legend = legend_of(rows)
    assert legend["Published"] == "Every published rank and tie-break agrees with these standings."

    book = write_workbook(tmp_path / "export.xlsx", [undated_export()])
    assert main(["audit", str(book), "--format", "json"]) == 0
    (event,) = json.loads(capsys.readouterr().out)["events"]
    assert event["rules"] == "fide-2024" and event["rank_differences"] == [] and event["differences"] == []
    assert event["rules_date"] == "2025-01-01" and event["date_source"] == SOURCE and event["date"] is None
    assert event["findings"][0]["what"] == NOTE
    assert main(["audit", str(book)]) == 0
    assert f"Date: 2025-01-01 (from {SOURCE}); rules applied: fide-2024" in capsys.readouterr().out

    trf = tmp_path / "export.trf"
    trf.write_text(write_trf(replace(plan.tournament, start_date="", end_date="")), encoding="utf-8")
    assert main(["standings", str(trf), "--tiebreaks", "BH/C1,BH,SB", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["rules"]["date"] == "2025-01-01" and document["rules"]["date_source"] == SOURCE
    assert document["notes"][0] == NOTE
    assert main(["standings", str(trf), "--tiebreaks", "BH/C1,BH,SB"]) == 0
    assert capsys.readouterr().err == f"rulesengine: note: {NOTE}\n"

    out = tmp_path / "out"
    assert main(["batch", str(trf), "--out", str(out), "--tiebreaks", "BH/C1,BH,SB", "--jobs", "1"]) == 0
    batch = json.loads((out / "export.trf.standings.json").read_text(encoding="utf-8"))
    assert batch["rules"] == document["rules"] and batch["notes"][0] == NOTE


def test_a_re_ranked_export_says_by_which_text():
    """Dated in 2026 (after 1 March), the export's 2024-text values are re-ranked by fide-2026."""
    grid, _, _ = published_export()
    settings = Grid("Settings", [["Setting", "Value"], ["Start date", "2026-05-27"]])
    plan = recalculate({"Crosstable": grid, "Settings": settings})
    assert legend_of(plan.writes[0].rows)["Note"] == (
        "the published standings were re-ranked by fide-2026 (in force on 2026-05-27); the rules date: the event's "
        "start date 2026-05-27")
    assert plan.rules.note is None and not plan.notes   # dated: no date note, and the sheet's legend says it


def test_the_first_round_date_of_trf_132_decides_without_a_start_date():
    t = read_trf(DATA / "sw09_n16_r7_lastbyes.trf")
    dated = replace(t, start_date="", end_date="",
                    header=(*t.header, ("132", " " * 88 + "25/05/27  25/05/28")))
    when = find_event_date(dated)
    assert (when.value, when.source, when.inferred) == (date(2025, 5, 27),
                                                        "the first round's date 2025/05/27 (TRF 132)", False)
    run = api.standings(dated, ["BH"])
    assert run.rules.date == date(2025, 5, 27) and run.rules.tiebreaks == {"BH": "fide-2024 (in force on 2025-05-27)"}
    assert run.rules.note is None


def test_a_title_year_spanning_two_texts_takes_the_newest_and_says_so():
    """C.07 changed on 1 March 2026: a 2026 event without a date could be under either text."""
    t = replace(read_trf(DATA / "sw09_n16_r7_lastbyes.trf"), name="Spring Open 2026", start_date="", end_date="")
    run = api.standings(t, ["BH", "SB"])
    assert run.rules.date is None
    assert run.rules.date_source == ("no date in the file, and the year 2026 in the event's name 'Spring Open 2026' "
                                     "spans two texts (fide-2024 on 1 January, fide-2026 on 31 December): the "
                                     "newest rules (fide-2026) were used")
    assert run.standings.notes[0] == run.rules.date_source + ("; give the date with --date YYYY-MM-DD or the "
                                                              "Settings sheet's Rules date")
    assert set(run.rules.tiebreaks.values()) == {"fide-2026 (no event date: the newest text)"}


def test_a_given_date_and_the_start_date_still_win():
    t = replace(read_trf(DATA / "sw09_n16_r7_lastbyes.trf"), name="Spring Open 2025")
    assert api.standings(t, ["BH"]).rules.date_source == "the event's start date 2026/04/10"
    assert api.standings(t, ["BH"], rules_date_=date(2024, 6, 1)).rules.date_source == "given by the user"
    points_only = api.standings(replace(t, start_date="", end_date=""), [])
    assert points_only.rules.note is None   # no rule in use is dated: the date changes nothing
