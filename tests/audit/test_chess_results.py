"""chess-results.com's tournament XML: the reader, its errors, the numbered tie-break legend, and
the audit of a published file with planted wrong values (issue 14).

`spring_open_2026.xml` is hand-written after the operator's upload specification and holds every
kind of record the text defines for an individual event; the planted exports are generated events
written by `write_chess_results` with the engine's own values except where a test plants another.
"""

from __future__ import annotations

import glob
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.audit.check import audit_event
from rulesengine.audit.sources import load_event
from rulesengine.inputs import discover
from rulesengine.batch.samples import swiss_event
from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.formats.chess_results import (PublishedTiebreak, chess_results_tournament, parse_chess_results,
                                               read_chess_results, read_chess_results_event, write_chess_results)
from rulesengine.formats.trf import read_trf
from rulesengine.model import Colour, EntryKind, ResultCode, STANDARD_SCORING
from rulesengine.numbers import to_text
from rulesengine.standings import compute_standings

DATA = Path(__file__).resolve().parent.parent / "data"
SPRING = DATA / "published" / "chess_results" / "spring_open_2026.xml"


def _entries(t, sno):
    return [(e.opponent, e.colour, e.code, e.double_forfeit) for e in t.entries(sno)]


def test_every_record_kind_of_the_specification_is_read():
    t = read_chess_results(SPRING)
    assert t.name == "Spring Open 2026" and t.rounds == 3 and t.kind == "swiss"
    assert (t.start_date, t.end_date) == ("2026-04-10", "2026-04-12")  # dd.mm.yyyy and yyyymmdd
    W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
    assert _entries(t, 1) == [(4, W, ResultCode.WIN, False), (2, B, ResultCode.WIN, False),
                              (6, N, ResultCode.FORFEIT_LOSS, True)]                        # D: double forfeit
    assert _entries(t, 3) == [(6, N, ResultCode.FORFEIT_LOSS, False),                       # K: forfeit
                              (None, N, ResultCode.PAIRING_ALLOCATED_BYE, False),           # blackno -1
                              (2, B, ResultCode.LOSS, False)]                               # "1.0" / "0.0"
    assert _entries(t, 4)[1:] == [(6, W, ResultCode.UNRATED_WIN, False),                    # U: unrated game
                                  (None, N, ResultCode.NOT_PAIRED, False)]                  # -2, no result
    assert _entries(t, 5) == [(2, W, ResultCode.DRAW, False), (None, N, ResultCode.HALF_POINT_BYE, False),
                              (None, N, ResultCode.ZERO_POINT_BYE, False)]                  # -2 with 0,5 and 0
    assert t.player(6).entry(1).kind is EntryKind.FORFEIT_WIN
    assert t.player(1).entry(3).kind is EntryKind.DOUBLE_FORFEIT
    assert t.points == {1: 2, 2: Fraction(3, 2), 3: 1, 4: 1, 5: 1, 6: 1}
    one, two, three, four = (t.player(n) for n in (1, 2, 3, 4))
    # Attribute names in any case; names round-trip; rtgfide 0 falls back to rtg; fideid 0 is none.
    assert (one.name, one.title, one.rating, one.federation, one.player_id, one.id_issuer, one.birth_date, one.sex) == \
        ("Żółć, Łukasz", "GM", 2505, "POL", "1100000", "FIDE", "1990/07/03", "m")
    assert (two.name, two.rating, two.birth_date, two.sex, two.player_id) == ("Ørsted, Zoë", 2300, "1995", "w", "")
    assert (three.name, three.player_id) == ("Иванов, Пётр", "")
    assert (four.name, four.rating, four.federation) == ("عبد الله, محمد", None, "EGY")
    assert t.player(5).name == "Nguyễn"
    assert [p.declared_points for p in t.players] == [2, Fraction(3, 2), 1, 1, 1, 1]


def test_the_published_standings_and_their_numbered_legend():
    event = read_chess_results_event(SPRING)
    table = event.table
    assert [(c.heading, c.legend) for c in table.columns] == [
        ("TB1", "chess-results tie-break 84 (0,0,1,-,-)"), ("TB2", "chess-results tie-break 84 (0,0,0,-,-)"),
        ("TB3", "chess-results tie-break 25 ()")]  # tb4no/tb5no are 0: no tie-break, no column
    first = table.rows[0]
    assert (first.start_no, first.name, first.rank, first.points, first.values) == (1, "Żółć, Łukasz", 1, "2",
                                                                                    ("3", "4", ""))
    assert first.where == f"{SPRING}:17:1"
    assert event.date.isoformat() == "2026-04-10" and event.findings == ()


def test_audit_of_the_hand_worked_values(registry):
    [item] = discover([str(SPRING)])
    audit = audit_event(load_event(item), registry)
    assert audit.rules == "fide-2026"
    assert [(c.published, c.rule) for c in audit.columns] == [("TB1", "BH/C1"), ("TB2", "BH"), ("TB3", None)]
    assert "chess-results tie-break 25" in audit.columns[2].why_unmapped
    assert audit.differences == ()  # player 1's BH/C1 3 and BH 4, worked by hand in the file's comment
    assert any(f.what == "no TB1 value printed for player 2 (Ørsted, Zoë)" for f in audit.findings)
    assert any("ranks not checked: the column TB3 could not be mapped" in f.what for f in audit.findings)


@pytest.mark.parametrize("detail, spec", [
    ("84 (0,0,1,-,-)", "BH/C1"), ("84 (0,0,0,,)", "BH"), ("84 (0,1,1,-,-)", "BH/M1"), ("84 (0,0,2)", "BH/C2"),
    ("84 (0,0,0,-,F)", "FB"), ("85 (0,0,0,-,-)", "SB"), ("85 (0,0,1,-,-)", "SB/C1"), ("86 (,,,,)", "PS"),
    ("79 ()", "REP"), ("81 (-,,,,)", "DE"), ("68 (0,-,,,)", "WIN"), ("68 (1,-)", "WON"), ("68 (2,-)", "BWG"),
    ("68 (3,-)", "BPG"), ("77 (-)", "AOB"), ("87 (0,50,,,)", "KS"), ("80 (0,0,1)", "ARO/C1"), ("88 (0,0,,,)", "TPR"),
    ("88 (1,0)", "APRO"), ("88 (2,0)", "PTP"), ("88 (3,0)", "APPO"), ("1 (,,,,)", "PTS"),
    # Not C.07 rules, or not known: never guessed.
    ("84 (0,0,1,P,-)", None), ("68 (0,P)", None), ("25 ()", None), ("5 (,,,,)", None), ("92 ()", None),
    ("84 (1,0,0,-,-)", None),
])
def test_chess_results_numbering_of_the_tiebreaks(registry, detail, spec):
    assert registry.spec_for_legend(f"chess-results tie-break {detail}") == spec


def _event_xml(t, standings, specs, numbers, planted, ranks, points):
    """The event as chess-results publishes it: the engine's values except the planted ones."""
    shown = {row.start_rank: row.rank for row in standings.rows} | ranks
    slots = []
    for i, (spec, (number, detail)) in enumerate(zip(specs, numbers)):
        values = {sno: to_text(v).replace(".", ",") for sno, v in standings.values[spec].items()}
        values |= {sno: text for (sno, column), text in planted.items() if column == i}
        slots.append(PublishedTiebreak(number, detail, values))
    return write_chess_results(t, shown, tuple(slots), points=points)


def test_audit_finds_every_planted_difference_with_its_article(tmp_path, registry):
    t = swiss_event(random.Random(21), 30, 7, "Summer Open 2026", "2026-06-12")
    specs = ["BH/C1", "BH", "SB"]
    parsed = registry.resolve_specs(specs)
    old = compute_standings(t, parsed, registry, options={"fide_rules": "fide-2024"}).values
    new = compute_standings(t, parsed, registry).values
    bye = next(s for s, p in t.by_start_rank.items() if new["BH"][s] != old["BH"][s]
               and {e.kind for e in p.rounds if not e.played} == {EntryKind.HALF_POINT_BYE})
    typo = next(s for s in t.by_start_rank if s != bye)
    planted = {(bye, 1): to_text(old["BH"][bye]).replace(".", ","), (typo, 2): to_text(new["SB"][typo] + 3)}
    standings = compute_standings(t, parsed, registry)
    top, last = standings.rows[0].start_rank, standings.rows[-1].start_rank
    wrong_points = standings.rows[2].start_rank
    ranks = {top: standings.rows[-1].rank, last: standings.rows[0].rank}
    text = _event_xml(t, standings, specs, [(84, "0,0,1,-,-"), (84, "0,0,0,-,-"), (85, "0,0,0,-,-")], planted,
                      ranks, {wrong_points: "99"})
    path = tmp_path / "summer.xml"
    path.write_text(text, encoding="utf-8")

    out = tmp_path / "report.json"
    assert main(["audit", str(path), "--format", "json", "--out", str(out)]) in (0, 1)
    [event] = json.loads(out.read_text(encoding="utf-8"))["events"]
    assert (event["event"], event["date"], event["rules"]) == ("Summer Open 2026", "2026-06-12", "fide-2026")
    assert event["columns"] == [{"published": "TB1", "rule": "BH/C1", "why_unmapped": None},
                                {"published": "TB2", "rule": "BH", "why_unmapped": None},
                                {"published": "TB3", "rule": "SB", "why_unmapped": None}]
    found = {(d["start_no"], d["column"]): d for d in event["differences"]}
    assert set(found) == {(bye, "TB2"), (typo, "TB3")}
    assert found[(bye, "TB2")]["published"] == float(old["BH"][bye])
    assert found[(bye, "TB2")]["computed"] == float(new["BH"][bye])
    assert found[(bye, "TB2")]["article"] == "FIDE C.07 art. 16.4.2 (March 2026)"
    assert found[(bye, "TB2")]["explanation"].startswith("art. 16.4.2 as amended March 2026: dummy opponent capped")
    assert found[(typo, "TB3")]["article"] is None
    assert {(r["start_no"], r["published"], r["computed"]) for r in event["rank_differences"]} >= {
        (top, standings.rows[-1].rank, standings.rows[0].rank), (last, standings.rows[0].rank, standings.rows[-1].rank)}
    whats = [f["what"] for f in event["findings"]]
    assert any(w.startswith(f"points column says 99 for player {wrong_points}") for w in whats)


@pytest.mark.parametrize("path", sorted(glob.glob(str(DATA / "tiebreak" / "*.trf"))))
def test_a_written_file_reads_back_as_the_same_event(path):
    t = read_trf(path)
    if t.scoring != STANDARD_SCORING:
        pytest.skip("chess-results records game points only")
    back = chess_results_tournament(write_chess_results(t, {}).encode("utf-8"), "back.xml")
    # An absent round reads as not paired whichever code the TRF gave it (`0000 -` or blank).
    def same(u, sno):
        return [(e.opponent, e.kind if e.opponent is None else e.code, e.double_forfeit, e.played and e.colour)
                for e in u.entries(sno)]
    assert [p.name for p in back.players] == [p.name for p in t.players]
    assert all(same(back, p.start_rank) == same(t, p.start_rank) for p in t.players)
    assert back.points == t.points


def _problem(text: str) -> str:
    with pytest.raises(InputError) as caught:
        chess_results_tournament(text.encode("utf-8"), "bad.xml")
    return str(caught.value)


_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<chessresults>\n<tournamentdata><tournament name="E" type="0" '
         'rounds="1" rankinground="1" /></tournamentdata>\n<players>\n<player no="1" lastname="A" />\n'
         '<player no="2" lastname="B" />\n</players>\n<playerpairings>\n')


@pytest.mark.parametrize("body, message", [
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="1" forfeit="" />',
     "bad.xml:9:1: round 1: 1 - 2 scored 1 - 1 is not a result"),
    ('<playerpairing round="1" whiteno="1" blackno="3" reswhite="1" resblack="0" />',
     "bad.xml:9:1: round 1: player 3 is not in <players>"),
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0" forfeit="H" />',
     "bad.xml:9:1: round 1: the game 1 - 2 is adjourned (H)"),
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0" />\n'
     '<playerpairing round="1" whiteno="2" blackno="-2" reswhite="" />',
     "bad.xml:10:1: round 1: player 2 already has a record at line 9"),
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1½" resblack="0" />',
     "bad.xml:9:1: <playerpairing> reswhite='1½': want a result 1, 0,5 or 0"),
    ('<playerpairing round="1" whiteno="1" blackno="-1" reswhite="0,5" />',
     "bad.xml:9:1: round 1: player 1's pairing-allocated bye scores 0,5"),
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0" forfeit="X" />',
     "bad.xml:9:1: round 1: forfeit='X' is not a code chess-results defines"),
    ('<playerpairing round="1" whiteno="2" blackno="2" reswhite="1" resblack="0" />',
     "bad.xml:9:1: round 1: player 2 is paired with themself"),
    ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="0">',
     "bad.xml:10:3: not well-formed XML: mismatched tag"),
])
def test_bad_records_are_refused_with_their_location(body, message):
    text = _HEAD + body + "\n</playerpairings>\n</chessresults>\n"
    assert message in _problem(text)


def test_hostile_and_foreign_files_are_refused_before_any_work():
    laughs = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
              '<chessresults>&lol2;</chessresults>')
    assert _problem(laughs).startswith("bad.xml:1:37: refused: a DOCTYPE declaration is not allowed")
    external = '<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><chessresults/>'
    assert "refused: a DOCTYPE declaration is not allowed" in _problem(external)
    assert "bad.xml:1:1: not a chess-results file: its root is <html>" in _problem("<html></html>")
    team = _HEAD.replace('type="0"', 'type="3"') + "</playerpairings></chessresults>"
    # A team event is read as one (issue 22, tests/team/test_team_chess_results.py): this one has no teams.
    assert "a team event with no <team> in <teams>" in _problem(team)


def test_command_line_and_batch_read_it(tmp_path, capsys):
    assert main(["standings", str(SPRING), "--tiebreaks", "BH/C1,BH", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["start_rank"], r["tiebreaks"]["BH"]) for r in rows][:2] == [(1, 4), (2, 4.5)]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "spring.xml").write_bytes(SPRING.read_bytes())
    (folder / "feed.xml").write_text('<?xml version="1.0"?><rss></rss>', encoding="utf-8")  # not an input
    bad = folder / "broken.xml"
    bad.write_text(_HEAD + '<playerpairing round="1" whiteno="1" blackno="2" reswhite="9" resblack="0" />'
                   "</playerpairings></chessresults>", encoding="utf-8")
    assert [(i.relative, i.kind) for i in discover([str(folder)])] == [("broken.xml", "chess-results"),
                                                                       ("spring.xml", "chess-results")]
    out = tmp_path / "out"
    assert main(["batch", str(folder), "--out", str(out), "--tiebreaks", "BH/C1,BH", "--jobs", "1"]) == 2
    summary = {r["file"]: r for r in json.loads((out / "summary.json").read_text(encoding="utf-8"))["files"]}
    assert summary["spring.xml"]["status"] == "ok" and summary["spring.xml"]["format"] == "chess-results"
    assert summary["spring.xml"]["winner"] == "Żółć, Łukasz" and summary["spring.xml"]["players"] == 6
    assert summary["broken.xml"]["error"].startswith("broken.xml:9:1: <playerpairing> reswhite='9'")
    standings = json.loads((out / "spring.xml.standings.json").read_text(encoding="utf-8"))["standings"]
    assert standings == rows


def test_an_unreadable_record_is_a_finding_in_the_audit_not_a_stop(tmp_path, registry):
    text = _HEAD + ('<playerpairing round="1" whiteno="1" blackno="2" reswhite="1" resblack="1" />'
                    "</playerpairings></chessresults>")
    event, problems = parse_chess_results(text.encode("utf-8"), "bad.xml")
    assert [str(p) for p in problems] == ["bad.xml:9:1: round 1: 1 - 2 scored 1 - 1 is not a result"]
    assert [(f.where, f.what) for f in event.findings] == [("bad.xml:9:1", "round 1: 1 - 2 scored 1 - 1 is not a result")]


def test_the_auditor_names_a_column_the_legend_cannot(tmp_path, capsys):
    out = tmp_path / "report.json"
    assert main(["audit", str(SPRING), "--column", "tb3=SB", "--format", "json", "--out", str(out)]) == 0
    [event] = json.loads(out.read_text(encoding="utf-8"))["events"]
    assert event["columns"][2] == {"published": "TB3", "rule": "SB", "why_unmapped": None}
    assert not any("ranks not checked" in f["what"] for f in event["findings"])  # every column has its rule now
    assert main(["audit", str(SPRING), "--column", "TB3"]) == 2
    assert "--column 'TB3': want HEADING=SPEC" in capsys.readouterr().err


def test_numbers_in_exponent_form_are_not_numbers(tmp_path, registry):
    """Found by fuzzing: "1e9999" as points or a tie-break must not reach exact arithmetic."""
    text = SPRING.read_text(encoding="utf-8").replace('pts="2" tb1="3"', 'pts="1e9999" tb1="1e9999"')
    path = tmp_path / "exponent.xml"
    path.write_text(text, encoding="utf-8")
    event = read_chess_results_event(path)
    assert event.tournament.player(1).declared_points is None
    audit = audit_event(event, registry)
    [difference] = audit.differences
    assert (difference.start_no, difference.column, difference.published) == (1, "TB1", "1e9999")
    assert difference.explanation == "the printed value '1e9999' is not a number"
    assert any(f.what.startswith("points column says 1e9999 for player 1") for f in audit.findings)
