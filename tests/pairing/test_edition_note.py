"""An event is paired (and checked) by the Dutch text in force when it started: the 2017 text
before 1 February 2026, the 2025 text from then on (system `dutch`), and every answer about an
event paired by the older text says so: `pair` (text, JSON, TRF), `pair --check`, `--explain`,
`audit --pairings` and the workbook's Pair next round. A system of one text (`dutch-2025`)
pairs by it whatever the date and notes an earlier event."""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.pairing import edition_note
from rulesengine.registry import default_registry

sys.path.insert(0, str(Path(__file__).resolve().parent))

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "pairing" / "p009_r07_forfeits.trf"
TEXT_2017 = ("FIDE (Dutch) System, C.04.3 (2017 text, Baku 2016 with the 2017 guidelines, in force until "
             "2026-01-31)")
NOTE = f"paired by {TEXT_2017}, the text in force when this event started (2025-10-04)"
NOTE_2025_ONLY = ("paired by FIDE (Dutch) System, C.04.3 (2025 text, in force 2026), Baku acceleration C.04.7, in "
                  "force from 2026-02-01; this event started 2025-10-04, under the text before it: rounds may "
                  "differ where the 2017 text pairs otherwise (it has no C5 and C9 for the pairing-allocated bye, "
                  "counts every unplayed round as a downfloat, A.4.b, and collapses the brackets below the "
                  "penultimate one, A.9)")


def _dated(tmp_path: Path, start: str) -> Path:
    """The fixture cut after round 5, with a start date (record 042) after its name and without
    the type bbpPairings wrote (`092 FIDE_DUTCH_2025`, which would choose the text)."""
    lines = [line for line in FIXTURE.read_text(encoding="utf-8").splitlines() if not line.startswith("092")]
    cut = [line[:89 + 50].rstrip() if line.startswith("001") else line for line in lines]
    path = tmp_path / f"dated-{start.replace('/', '')}.trf"
    path.write_text("\n".join([cut[0], f"042 {start}", *cut[1:]]) + "\n", encoding="utf-8")
    return path


def test_the_note_names_the_text_the_event_was_paired_by() -> None:
    registry = default_registry()
    dutch = registry.pairing_system("dutch")
    assert (dutch.in_force_from, dutch.newest_text_from) == (date(2017, 7, 1), date(2026, 2, 1))
    assert edition_note(dutch, date(2025, 10, 4)) == NOTE
    for start in (date(2026, 2, 1), date(2026, 11, 30), None):   # the newest text, or no date: no note
        assert edition_note(dutch, start) is None, start
    assert edition_note(dutch, date(2016, 5, 1)).endswith("rounds may differ where the Istanbul 2012 text pairs otherwise")
    only_2025 = registry.pairing_system("dutch-2025")
    assert edition_note(only_2025, date(2025, 10, 4)) == NOTE_2025_ONLY
    assert edition_note(only_2025, date(2026, 3, 7)) is None


def test_pair_says_it_in_every_format(tmp_path, capsys) -> None:
    old = _dated(tmp_path, "2025/10/04")
    assert main(["pair", str(old), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 6 and data["notes"] == [NOTE]
    assert main(["pair", str(old)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Round 6 ({TEXT_2017})") and out.rstrip().endswith(f"Note: {NOTE}")
    assert main(["pair", str(old), "--explain"]) == 0
    assert capsys.readouterr().out.startswith(f"Round 6: 9 players to pair ({TEXT_2017})")
    assert main(["pair", str(old), "--system", "dutch-2025", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == [NOTE_2025_ONLY]
    assert main(["pair", str(old), "--format", "trf"]) == 0
    out, err = capsys.readouterr()
    assert NOTE not in out and err.strip() == f"rulesengine: note: {NOTE}"
    new = _dated(tmp_path, "2026/03/07")
    assert main(["pair", str(new), "--format", "json"]) == 0
    assert "notes" not in json.loads(capsys.readouterr().out)   # the JSON of a current event is as before


def test_check_and_audit_say_it(tmp_path, capsys) -> None:
    old = _dated(tmp_path, "2025/10/04")
    assert main(["pair", str(old), "--check", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == [NOTE]
    assert main(["pair", str(old), "--check"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"Note: {NOTE}")
    assert main(["audit", "--pairings", "--format", "json", str(old)]) == 0
    [event] = json.loads(capsys.readouterr().out)["events"]
    assert event["pairing_checks"]["rounds_differing"] == []
    assert {"where": str(old), "what": f"re-{NOTE}"} in event["findings"]


@pytest.mark.parametrize("start, noted", [("2025-10-04", True), ("2026-03-07", False)])
def test_the_workbook_route_says_it(tmp_path, capsys, start, noted) -> None:
    import openpyxl

    from rulesengine.workbook import templates

    book = tmp_path / "event.xlsx"
    templates.swiss(book, 7, 20)
    wb = openpyxl.load_workbook(book)
    for i in range(8):
        wb["Crosstable"].cell(row=3 + i, column=1, value=i + 1)
        wb["Crosstable"].cell(row=3 + i, column=2, value=f"Игрок {i + 1}")
        wb["Crosstable"].cell(row=3 + i, column=3, value=2400 - 10 * i)
    settings = {row[0].value: row[1] for row in wb["Settings"].iter_rows()}
    settings["Start date"].value, settings["Rounds"].value = start, 7
    wb.save(book)
    assert main(["pair", str(book)]) == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and (f"Note: {NOTE.replace('2025-10-04', start)}" in out) is noted


# Issue 24: a tournament type naming the text's year chooses it over the start date.
SWEEP = Path(__file__).resolve().parents[1] / "data" / "pairing_sweep"
TITLE_2025 = "FIDE (Dutch) System, C.04.3 (2025 text, in force 2026)"


def _retyped(tmp_path: Path, source: Path, drop: tuple[str, ...], add: tuple[str, ...]) -> Path:
    """`source` without its header lines starting with `drop`, with the lines `add` after its first."""
    lines = [line for line in source.read_text(encoding="utf-8").splitlines() if not line.startswith(drop)]
    path = tmp_path / f"{source.stem}-{len(add)}.trf"
    path.write_text("\n".join([lines[0], *add, *lines[1:]]) + "\n", encoding="utf-8")
    return path


def _check_notes(path: Path, capsys, status: int = 0) -> list[str]:
    """`pair --check`'s notes (`status`: 0 every round agrees, 1 one differs)."""
    assert main(["pair", str(path), "--check", "--format", "json"]) == status
    return json.loads(capsys.readouterr().out).get("notes", [])


def test_a_type_naming_2017_chooses_the_2017_text_without_a_date(tmp_path, capsys) -> None:
    """s517_00020 (bbpPairings 5.0.1): round 6 pairs by A.9's collapsed last bracket, which the
    2025 text does not have. Undated, the newest text pairs it otherwise; with gacrux's
    `192 FIDE_DUTCH_2017` the 2017 text pairs every round as 5.0.1 did, and the note says why."""
    from helpers import mismatched_rounds
    source = SWEEP / "s517_00020_p16_r9.trf"
    undated = _retyped(tmp_path, source, ("042",), ())
    assert mismatched_rounds(undated) == [6, 9]
    typed = _retyped(tmp_path, source, ("042",), ("192 FIDE_DUTCH_2017",))
    assert mismatched_rounds(typed) == []
    assert _check_notes(typed, capsys) == [f"paired by {TEXT_2017}, the text its tournament type names (record 192 "
                                           f"'FIDE_DUTCH_2017')"]
    dated = _retyped(tmp_path, source, (), ("192 FIDE_DUTCH_2017",))   # 042 2025/06/01: both agree
    assert _check_notes(dated, capsys) == [f"paired by {TEXT_2017}, the text its tournament type names (record 192 "
                                           f"'FIDE_DUTCH_2017'), in force when this event started (2025-06-01)"]


def test_a_type_naming_2025_chooses_the_2025_text_over_an_older_date(tmp_path, capsys) -> None:
    """s2501_00061 (bbpPairings 6.0.0, which writes `092 FIDE_DUTCH_2025` and, Baku, `192
    FIDE_DUTCH_2025_BAKU`), dated 2025: by the date alone round 6 would be paired by the 2017
    text, otherwise; its type keeps the 2025 text, 192 before 092. A bare type names no text."""
    from helpers import mismatched_rounds
    source = SWEEP / "sample_2025" / "s2501_00061_p9_r7.trf"
    dated = _retyped(tmp_path, source, (), ("042 2025/06/01",))
    assert mismatched_rounds(dated) == []
    assert _check_notes(dated, capsys) == [f"paired by {TITLE_2025}, the text its tournament type names (record "
                                           f"192 'FIDE_DUTCH_2025_BAKU'), not {TEXT_2017}, in force when this "
                                           f"event started (2025-06-01)"]
    bare = _retyped(tmp_path, source, ("092", "192"), ("042 2025/06/01", "192 FIDE_DUTCH_BAKU"))
    assert mismatched_rounds(bare) == [6]
    assert _check_notes(bare, capsys, status=1) == [NOTE.replace("2025-10-04", "2025-06-01")]
    assert _check_notes(source, capsys) == []   # undated, the newest text named: nothing to say
