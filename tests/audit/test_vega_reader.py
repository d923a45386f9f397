"""The Vega HTML reader on the two real events (tests/data/published/README.md) and on broken pages."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.formats.trf import read_trf
from rulesengine.formats.vega import parse_vega_pages, read_vega, read_vega_event
from rulesengine.model import ResultCode

VEGA = Path(__file__).resolve().parent.parent / "data" / "published" / "vega"
EVENTS = ["2025_february_blitz", "2025_july_rapid"]


@pytest.mark.parametrize("event", EVENTS)
def test_games_and_names_match_the_teams_trf_conversion(event):
    published = read_vega_event(VEGA / event)
    derived = read_trf(VEGA / event / "derived.trf")
    t = published.tournament
    assert t.rounds == derived.rounds
    assert [p.start_rank for p in t.players] == [p.start_rank for p in derived.players]
    for ours, theirs in zip(t.players, derived.players):
        assert ours.name == theirs.name
        assert [(e.opponent, e.code) for e in ours.rounds] == [(e.opponent, e.code) for e in theirs.rounds]
        assert ours.declared_points == theirs.declared_points
    assert published.findings == ()


def test_february_blitz_header_legend_and_first_row():
    event = read_vega_event(VEGA / "2025_february_blitz")
    assert event.tournament.name == "2025 Hobsons Bay February Blitz"
    assert event.date == date(2025, 2, 25)
    assert [(c.heading, c.legend) for c in event.table.columns] == [
        ("BH", "Buchholz Total *"), ("BH-C1", "Buchholz Cut 1 *"), ("SB", "Sonneborn-Berger *")]
    first = event.table.rows[0]
    assert (first.start_no, first.name, first.rank, first.points, first.values) == (
        1, "Annapureddy, Rheyansh Reddy", 1, "9.0", ("53.0", "49.0", "53.00"))
    assert first.cells[0].endswith("standings.html:51:234")
    # Truncated crosstable names and "(W)" marks give the standings' full name.
    assert event.tournament.player(33).name == "Marasinghe, Claire"
    assert event.tournament.player(1).title == "CM"
    assert event.tournament.player(1).rating == 2058


def test_july_rapid_has_no_date_on_its_pages_and_the_newer_layout():
    event = read_vega_event(VEGA / "2025_july_rapid" / "standings.html")
    assert event.date is None
    assert event.tournament.name == "2025 Hobsons Bay July Rapid"
    assert [c.heading for c in event.table.columns] == ["BH", "BH/C1", "SB"]
    assert event.table.rows[0].values == ("15.5", "13.5", "14.3")
    p1 = event.tournament.player(1)
    assert p1.rounds[0].code is ResultCode.HALF_POINT_BYE and p1.rating == 1866 and p1.federation == "AUS"
    assert event.tournament.player(19).rounds[0].code is ResultCode.FORFEIT_WIN
    assert event.tournament.player(37).rounds[2].code is ResultCode.PAIRING_ALLOCATED_BYE


def test_standings_page_without_its_crosstable_is_refused_with_its_location(tmp_path):
    shutil.copy(VEGA / "2025_july_rapid" / "standings.html", tmp_path / "standings.html")
    with pytest.raises(InputError) as caught:
        read_vega(tmp_path / "standings.html")
    assert str(caught.value).startswith(f"{tmp_path / 'standings.html'}:1:1: no crosstable.html")


def _crosstable(event: str) -> str:
    return (VEGA / event / "crosstable.html").read_text(encoding="utf-8")


def test_one_sided_result_is_a_located_finding_and_an_error_for_the_format():
    text = _crosstable("2025_july_rapid")
    # Player 3 beat 20 in round 1; make 20's side say 20 won too.
    marker = '<span class="idn"> 20 </span>'
    start = text.index(marker)
    cell = text.index('<div class="res">0</div><div class="cb">3   </div>', start)
    broken = text[:cell] + '<div class="res">1</div><div class="cb">3   </div>' + text[cell + 50:]
    line = broken[:cell].count("\n") + 1
    event = parse_vega_pages(broken, crosstable_source="ct.html")
    assert any(f.where.startswith("ct.html:") and "player 3 has game (1) against 20" in f.what
               for f in event.findings)
    wheres = {f.where.split(":")[1] for f in event.findings}
    assert str(line) in wheres
    with pytest.raises(InputError):
        from rulesengine.formats.vega import vega_tournament
        vega_tournament(broken, crosstable_source="ct.html")


def test_unreadable_round_cell_names_file_line_and_column():
    text = _crosstable("2025_july_rapid")
    at = text.index('<div class="res">1</div><div class="cb">32  </div>')
    broken = text[:at] + '<div class="res">7</div><div class="cb">32  </div>' + text[at + 50:]
    with pytest.raises(InputError) as caught:
        from rulesengine.formats.vega import vega_tournament
        vega_tournament(broken, crosstable_source="ct.html")
    first = caught.value.problems[0]
    assert first.location.file == "ct.html" and first.location.line == broken[:at].count("\n") + 1
    assert "round 2: cannot read" in first.message


def test_not_a_vega_page_is_refused():
    with pytest.raises(InputError) as caught:
        parse_vega_pages("<html><body><p>hello</p></body></html>", crosstable_source="x.html")
    assert str(caught.value) == "x.html:1:1: no Vega crosstable found (a table headed Player, Pts, 1, 2, ... " \
                                "with one row per player)"


def test_unicode_names_round_trip(tmp_path):
    text = _crosstable("2025_july_rapid").replace("Lingineni,Khushal", "Łukasz Żółć, Zoë 李")
    standings = (VEGA / "2025_july_rapid" / "standings.html").read_text(encoding="utf-8")
    standings = standings.replace("Lingineni,Khushal", "Łukasz Żółć, Zoë 李")
    event = parse_vega_pages(text, standings)
    assert event.tournament.player(1).name == "Łukasz Żółć, Zoë 李"


def test_registered_as_the_vega_format(registry):
    fmt = registry.format_for(VEGA / "2025_july_rapid" / "crosstable.html")
    assert fmt.name == "vega"
    t = fmt.read(VEGA / "2025_july_rapid" / "crosstable.html", "utf-8")
    assert len(t.players) == 39


def test_a_score_in_exponent_form_is_no_score_not_a_crawl(tmp_path):
    """Found by fuzzing: "1e9999" read as a Fraction made printing the note about it fail."""
    import random
    import re
    from rulesengine.batch.samples import swiss_event, vega_pages
    from rulesengine.cli import main

    t = swiss_event(random.Random(1), 8, 3, "Exponent Cup", "2026-01-01")
    cross, stand = vega_pages(t)
    cross = re.sub(r'<td class="score">\s*[0-9.]+', '<td class="score"> 1e9999', cross, count=1)
    (tmp_path / "crosstable.html").write_text(cross, encoding="utf-8")
    (tmp_path / "standings.html").write_text(stand, encoding="utf-8")
    assert main(["standings", str(tmp_path / "crosstable.html")]) == 0
    assert main(["audit", str(tmp_path)]) == 0
