"""`audit --pairings`: each swiss round's recorded pairing re-paired by the event's pairing system.

Fixtures: the bbpPairings v6.0.0 tournaments of tests/data/pairing/ (every round paired by the
FIDE-endorsed engine: they must audit clean), one of them with two boards of its last round
swapped on purpose (tests/data/audit/p021_r05_swapped.trf: 11-1 is a repeat of round 1, C1),
and the two real Vega events of tests/data/published/.
"""

from __future__ import annotations

import csv
import json
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from rulesengine.audit.check import audit_event
from rulesengine.audit.pairings import check_pairings
from rulesengine.audit.sources import load_event
from rulesengine.inputs import discover
from rulesengine.cli import main
from rulesengine.formats.trf import parse_trf, write_trf
from rulesengine.model import Colour

DATA = Path(__file__).resolve().parent.parent / "data"
PAIRING = DATA / "pairing"
SWAPPED = DATA / "audit" / "p021_r05_swapped.trf"
VEGA = DATA / "published" / "vega"
SLOW = {"p301_r09_forfeits", "p400_r09_plain"}  # minutes of CPU: RULESENGINE_SLOW_TESTS=1
FIXTURES = {row["name"]: int(row["rounds"]) for row in csv.DictReader((PAIRING / "manifest.csv").open())}


def _audit(path: Path, registry, **options):
    [item] = discover([str(path)])
    return audit_event(load_event(item, unpublished=True), registry, pairings=True, **options)


def _json(capsys, *args) -> dict:
    assert main(["audit", "--pairings", "--format", "json", *map(str, args)]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_bbp_pairings_fixtures_audit_clean(name, registry):
    if name in SLOW and os.environ.get("RULESENGINE_SLOW_TESTS") != "1":
        pytest.skip("slow: set RULESENGINE_SLOW_TESTS=1 to run")
    audit = _audit(PAIRING / f"{name}.trf", registry)
    checks = audit.pairing_checks
    assert checks is not None and checks.system == "dutch"
    assert checks.rounds_checked == FIXTURES[name]
    assert checks.rounds_differing == ()
    assert audit.findings == ()  # 092 FIDE_DUTCH_2025 names the system; XXC states the colour


def test_a_folder_scan_takes_trf_files_with_pairings_only(tmp_path, capsys):
    for name in ("p007_r05_plain", "p009_r07_forfeits"):
        (tmp_path / f"{name}.trf").write_bytes((PAIRING / f"{name}.trf").read_bytes())
    data = _json(capsys, tmp_path)
    assert [(Path(e["input"]).name, e["pairing_checks"]["rounds_checked"], e["pairing_checks"]["rounds_differing"])
            for e in data["events"]] == [("p007_r05_plain.trf", 5, []), ("p009_r07_forfeits.trf", 7, [])]
    assert main(["audit", str(tmp_path)]) == 2  # without --pairings a TRF is nothing to audit
    assert "nothing to audit" in capsys.readouterr().err


SWAPPED_BOARDS = [{"board": 5, "recorded": [12, 13], "rules": [12, 1], "differs": True},
                  {"board": 6, "recorded": [11, 1], "rules": [11, 13], "differs": True}]


def test_a_swapped_pairing_is_found_with_its_criterion_in_json(capsys):
    [event] = _json(capsys, SWAPPED)["events"]
    checks = event["pairing_checks"]
    assert (checks["system"], checks["rounds_checked"]) == ("dutch", 5)
    [round5] = checks["rounds_differing"]
    assert (round5["round"], round5["criterion"], round5["article"]) == (5, "C1", "C.04.3 C1")
    # Player 11 met player 1 in round 1 (tests/data/pairing/p021_r05_mixed.trf, line 12).
    assert round5["verdict"] == "11-1 breaks C1 (two players shall not play against each other more than once)"
    assert [b for b in round5["boards"] if b["differs"]] == SWAPPED_BOARDS
    agreeing = [b for b in round5["boards"] if not b["differs"]]
    assert len(agreeing) == 9 and all(b["recorded"] == b["rules"] for b in agreeing)  # 8 games, the PAB
    assert round5["boards"][-1] == {"board": 11, "recorded": [19, 0], "rules": [19, 0], "differs": False}
    assert event["columns"] == [] and event["differences"] == [] and event["findings"] == []


def test_a_swapped_pairing_in_the_text_report(capsys):
    assert main(["audit", "--pairings", str(SWAPPED)]) == 0
    out = capsys.readouterr().out
    assert "5 rounds checked, 1 differs" in out
    assert "  Round 5: C1 [C.04.3 C1]: 11-1 breaks C1 (two players shall not play against each other more than " \
           "once)\n    board 5: rules 12-1, recorded 12-13\n    board 6: rules 11-13, recorded 11-1\n" in out
    assert out.rstrip().endswith("1 event audited, 0 differences, 0 findings, 1 round paired differently from the rules")


def test_a_swapped_pairing_in_the_workbook_report(tmp_path, capsys):
    from openpyxl import load_workbook

    report = tmp_path / "audit.xlsx"
    assert main(["audit", "--pairings", str(SWAPPED), str(PAIRING / "p007_r05_plain.trf"), "--out", str(report)]) == 0
    wb = load_workbook(report)
    summary = [[c.value for c in row] for row in wb["Summary"].iter_rows()]
    assert summary[0][-1] == "Pairing rounds differing"
    assert {row[0].rsplit("/", 1)[-1]: row[-1] for row in summary[1:]} == {"p021_r05_swapped.trf": 1,
                                                                          "p007_r05_plain.trf": 0}
    sheet = next(row[7] for row in summary[1:] if row[0].endswith("p021_r05_swapped.trf"))
    ws = wb[sheet]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    at = next(i for i, r in enumerate(rows) if r[0] == "Round")
    assert rows[at][:6] == ["Round", 5, "criterion", "C1", "article", "C.04.3 C1"]
    boards = {r[1]: (r[2], r[3], ws.cell(i + 1, 3).fill.start_color.rgb)
              for i, r in enumerate(rows) if i > at + 1 and isinstance(r[1], int)}
    assert boards[5] == ("12-1", "12-13", "FFFF9999") and boards[6] == ("11-13", "11-1", "FFFF9999")
    assert boards[1][0] == boards[1][1] and boards[1][2] != "FFFF9999"


def test_the_real_vega_events_agree_with_the_dutch_rules(capsys):
    """Both Hobsons Bay events (Vega, pairing by JaVaFo) agree round by round. Their pages print
    forfeits without colours (`cf`): those colours are a finding, not a difference (the plugin's
    own check, which takes the lower number as White, sees round 1 of February as differing)."""
    data = _json(capsys, VEGA / "2025_february_blitz", VEGA / "2025_july_rapid" / "crosstable.html")
    # The folder scan takes the team's TRF conversion beside the pages too (its forfeits coloured).
    blitz, derived, rapid = data["events"]
    assert derived["input"].endswith("2025_february_blitz/derived.trf")
    assert (derived["pairing_checks"]["rounds_checked"], derived["pairing_checks"]["rounds_differing"]) == (9, [])
    assert (blitz["pairing_checks"]["rounds_checked"], blitz["pairing_checks"]["rounds_differing"]) == (9, [])
    assert (rapid["pairing_checks"]["rounds_checked"], rapid["pairing_checks"]["rounds_differing"]) == (5, [])
    what = [f["what"] for f in blitz["findings"]]
    unrecorded = "(a forfeit on a result page has none); their colours were not checked"
    assert f"round 1: no colours recorded for 22-50 {unrecorded}" in what
    assert f"round 2: no colours recorded for 32-50 {unrecorded}" in what
    assert ("the input names no pairing system: checked against 'dutch', the default (--pairing-system NAME for "
            "another)") in what
    assert f"round 1: no colours recorded for 19-39 {unrecorded}" in [f["what"] for f in rapid["findings"]]
    # The published tie-break part of the report is unchanged by --pairings.
    assert blitz["differences"] == [] and blitz["rank_differences"] == []


def test_without_the_uncoloured_forfeit_rule_round_1_would_differ(registry):
    t = load_event(discover([str(VEGA / "2025_february_blitz")])[0]).tournament
    t = replace(t, header=(("XXC", " white1"),))
    raw = {c.round: c.verdict for c in registry.pairing_system("dutch").check(t)}
    assert raw[1].startswith("board 22: colours differ") and all(not raw[r] for r in range(2, 10))


def _flip(t, round_number: int, a: int, b: int):
    """The game a-b of a round with its colours swapped."""
    players = []
    for p in t.players:
        if p.start_rank in (a, b):
            e = p.entry(round_number)
            colour = Colour.BLACK if e.colour is Colour.WHITE else Colour.WHITE
            rounds = tuple(replace(x, colour=colour) if x.round == round_number else x for x in p.rounds)
            p = replace(p, rounds=rounds)
        players.append(p)
    return replace(t, players=tuple(players))


def test_a_real_colour_difference_beside_an_uncoloured_forfeit_is_named(registry):
    # Board 23 (23-51) coloured the other way: the verdict must name board 23, not the uncoloured
    # forfeit on board 22 that the rules list first. (Later rounds, paired from the true colours,
    # differ too: colours of played games are history.)
    t = _flip(load_event(discover([str(VEGA / "2025_february_blitz")])[0]).tournament, 1, 23, 51)
    checks, findings = check_pairings(t, "feb", registry)
    round1 = checks.rounds_differing[0]
    assert round1.criterion == "E.1-E.5" and round1.article == "C.04.3 E.1-E.5"
    assert round1.verdict.startswith("board 23: colours differ; the colour allocation rules (E.1-E.5) give white to 23")
    assert [(b.board, b.rules, b.recorded) for b in round1.boards if b.differs] == [(23, (23, 51), (51, 23))]


def test_initial_colour_read_from_round_1_when_not_stated(tmp_path, registry):
    text = (PAIRING / "p007_r05_plain.trf").read_text(encoding="utf-8")
    assert "XXC black1" in text
    path = tmp_path / "p007.trf"
    path.write_text(text.replace("XXC black1\n", ""), encoding="utf-8")
    audit = _audit(path, registry)
    assert audit.pairing_checks.rounds_differing == () and audit.findings == ()
    # Stating the wrong colour is found: every coloured board of round 1 differs.
    path.write_text(text.replace("XXC black1", "XXC white1"), encoding="utf-8")
    [round1] = _audit(path, registry).pairing_checks.rounds_differing
    assert round1.round == 1 and round1.criterion == "E.1-E.5"


def test_a_swiss_manager_workbook_audits_clean(tmp_path, registry):
    from rulesengine.workbook.layouts.export import crosstable_grid
    from rulesengine.workbook.io.openpyxl_book import write_workbook

    t = parse_trf((PAIRING / "p021_r05_mixed.trf").read_text(encoding="utf-8"))
    path = tmp_path / "p021.xlsx"
    write_workbook(path, [crosstable_grid(t, "swiss_manager")])
    audit = _audit(path, registry)
    assert audit.table is None  # a crosstable with no tie-break columns: its pairings only
    assert (audit.pairing_checks.rounds_checked, audit.pairing_checks.rounds_differing) == (5, ())


def test_round_robins_are_checked_by_their_table_and_unknown_systems_are_not(tmp_path, capsys):
    from rulesengine.batch.samples import round_robin_event

    rr = tmp_path / "rr.trf"
    rr.write_text(write_trf(round_robin_event(random.Random(3), 6, "Club RR 2025")), encoding="utf-8")
    text = (PAIRING / "p007_r05_plain.trf").read_text(encoding="utf-8")
    dubov = tmp_path / "dubov.trf"
    dubov.write_text(text.replace("092 FIDE_DUTCH_2025", "192 FIDE_DUBOV"), encoding="utf-8")
    events = {Path(e["input"]).name: e for e in _json(capsys, rr, dubov)["events"]}
    # A round robin is checked against its Berger table (C.05 Annex 1, issue 24): this sample is
    # paired by the circle method with the first-named player always white, so from round 2 on
    # its colours or its pairs leave the table.
    checked = events["rr.trf"]["pairing_checks"]
    assert (checked["system"], checked["rounds_checked"]) == ("berger", 5)
    assert [d["round"] for d in checked["rounds_differing"]] == [2, 3, 4, 5]
    assert {d["article"] for d in checked["rounds_differing"]} == {"C.05 Annex 1"}
    assert events["dubov.trf"]["pairing_checks"] is None
    assert events["dubov.trf"]["findings"] == [{"where": str(dubov), "what": (
        "pairings not checked: the event names its pairing system 'FIDE_DUBOV' (record 192), which no loaded plugin "
        "provides (known: berger, dutch, dutch-2017, dutch-2025; --pairing-system NAME checks it against one of them)")}]
    forced = _json(capsys, dubov, "--pairing-system", "dutch")["events"][0]
    assert (forced["pairing_checks"]["rounds_checked"], forced["pairing_checks"]["rounds_differing"]) == (5, [])
    assert main(["audit", "--pairings", str(dubov)]) == 0
    assert "Pairings: not checked (see the findings)" in capsys.readouterr().out


def test_pairing_options_usage_errors(capsys):
    assert main(["audit", str(SWAPPED), "--pairing-system", "dutch"]) == 2
    assert "--pairing-system needs --pairings" in capsys.readouterr().err
    assert main(["audit", "--pairings", str(SWAPPED), "--pairing-system", "monrad"]) == 2
    assert "unknown pairing system 'monrad'; known: berger, dutch" in capsys.readouterr().err


def test_without_pairings_the_json_has_no_pairing_key(capsys):
    assert main(["audit", str(VEGA / "2025_july_rapid"), "--format", "json"]) == 0
    assert "pairing_checks" not in json.loads(capsys.readouterr().out)["events"][0]


def test_a_failing_pairing_system_is_a_finding_not_a_stopped_audit(registry):
    from rulesengine.errors import UsageError
    from rulesengine.pairing import PairingSystem

    def check(tournament):
        raise KeyError(7)

    def refuse(tournament):
        raise UsageError("round 6 is after the last round (5, record XXR/142)")

    t = parse_trf((PAIRING / "p007_r05_plain.trf").read_text(encoding="utf-8"))
    for fn, said in ((check, "pairings not checked: pairing system 'broken' failed on this event (KeyError: 7)"),
                     (refuse, "pairings not checked: round 6 is after the last round (5, record XXR/142)")):
        system = PairingSystem("broken", "a test double", pair=lambda request: (), check=fn)

        class OneSystem:
            pairing_systems = {"broken": system}

            def pairing_system(self, name):
                return system

        checks, findings = check_pairings(t, "p007", OneSystem(), "broken")
        assert checks is None and [f.what for f in findings] == [said]


def test_initial_colour_read_from_the_first_coloured_board_of_round_1(registry):
    # Board 1 of February round 1 (1-26) with its colours erased, as a page prints a forfeit: the
    # initial colour is read from board 2 (27-2: player 2, second among the players paired, has
    # Black, so player 1 had White) and round 1 still agrees. (Later rounds differ: the colours of
    # a played game are history they are paired from.)
    t = load_event(discover([str(VEGA / "2025_february_blitz")])[0]).tournament
    players = []
    for p in t.players:
        if p.start_rank in (1, 26):
            p = replace(p, rounds=tuple(replace(e, colour=Colour.NONE) if e.round == 1 else e for e in p.rounds))
        players.append(p)
    checks, findings = check_pairings(replace(t, players=tuple(players)), "feb", registry)
    assert checks.rounds_differing and checks.rounds_differing[0].round > 1
    assert ("round 1: no colours recorded for 1-26, 22-50 (a forfeit on a result page has none); their colours "
            "were not checked") in [f.what for f in findings]
    assert not any("initial colour" in f.what for f in findings)
