"""`rulesengine pair TEAM.trf` (issue 24 item 4): the next round (text, JSON, TRF with the round
written in), `--check` with a verdict per round, `--explain`; through the core hook
`rulesengine_team_pairing_systems` and `api.pair_team_round`."""

from __future__ import annotations

import json

import pytest

from fixture_data import fixture_files, fixture_path
from rulesengine import api
from rulesengine.cli import main
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.formats.trf import FIRST_ROUND_COL, ROUND_WIDTH
from rulesengine.registry import default_registry
from rulesengine_fide.team_pairing.check import RecordedRound, compare, recorded_round
from rulesengine_fide.team_pairing.round import pair_team_round

SAMPLE = "ts00005_t14_b5_r9_A.trf"      # 14 teams, 9 rounds, a PAB, a team bye, forfeited matches


def _sample():
    return fixture_path("team_swiss", SAMPLE)


def test_the_fide_plugin_registers_the_team_swiss_through_the_core_hook():
    system = default_registry().team_pairing_system("fide_team")
    assert system.in_force_from.isoformat() == "2026-02-01" and "C.04.6" in system.description


@pytest.mark.parametrize("round_number", range(1, 10))
def test_pair_round_n_as_json_gives_the_recorded_round(capsys, round_number):
    """Re-pairing round N from rounds 1..N-1 gives the round gacrux paired (colours included)."""
    path = _sample()
    assert main(["pair", str(path), "--round", str(round_number), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    recorded = recorded_round(read_team_trf(path), round_number)
    assert data["round"] == round_number and data["system"] == "fide_team"
    assert {(p["white"], p["black"]) for p in data["pairings"]} == set(recorded.boards)
    assert [b["team"] for b in data["byes"] if b["kind"] == "PAB"] == ([recorded.pab] if recorded.pab else [])
    assert [p["board"] for p in data["pairings"]] == list(range(1, len(data["pairings"]) + 1))


def test_api_pair_team_round_names_requested_byes():
    event = read_team_trf(_sample())
    paired = api.pair_team_round(event, 5)
    assert (4, "ZPB") in paired.byes        # record 240 Z 5 4
    assert all(4 not in (b.white, b.black) for b in paired.boards)


def test_check_gives_a_verdict_per_round_and_exit_0(capsys):
    assert main(["pair", str(_sample()), "--check", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 9 and [v["round"] for v in data["verdicts"]] == list(range(1, 10))
    assert data["differing"] == [] and all(v["verdict"] == "" for v in data["verdicts"])


def test_check_names_the_criterion_a_changed_round_breaks():
    """Two matches of a round re-matched, or one match's colours swapped: the verdict names the
    criterion (art. 2.1.1 [C1], a criterion of art. 2.3 or the order of 3.5.4/3.6.2, or the
    colour rule of art. 4.3) that the system's pairing complies with better."""
    event = read_team_trf(_sample())
    for number in range(2, 10):
        recorded = recorded_round(event, number)
        ours = pair_team_round(event, number, planned_rounds=9)
        (a, b), (c, d), *rest = recorded.boards
        verdict, criterion = compare(event, ours, RecordedRound(number, ((a, d), (c, b), *rest), recorded.pab))
        assert verdict and criterion in ("C1", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "3.5.4", "3.6.2")
        verdict, criterion = compare(event, ours, RecordedRound(number, ((b, a), (c, d), *rest), recorded.pab))
        assert criterion.startswith("4.3 (4.3.") and f"teams {b}-{a}" in verdict
    assert compare(event, pair_team_round(event, 3, planned_rounds=9), recorded_round(event, 3)) == ("", "")


def test_explain_shows_the_pab_brackets_and_colour_rules(capsys):
    assert main(["pair", str(_sample()), "--round", "5", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "C.04.6" in out and "Bracket" in out and "[C4]" in out and "colours by art. 4.3." in out
    assert "not paired: ZPB" in out


def test_trf_output_writes_the_round_and_the_pab_record(tmp_path, capsys):
    """`--format trf`: the round's board pairings, results blank, the PAB in record 320; the file
    reads back and checks clean."""
    path = _sample()
    event = read_team_trf(path)
    pab_round = next(r for r in range(1, 10) if recorded_round(event, r).pab)
    out = tmp_path / "next.trf"
    assert main(["pair", str(path), "--round", str(pab_round), "--format", "trf", "--output", str(out)]) == 0
    written = out.read_text()
    record = next(line for line in written.splitlines() if line.startswith("320"))
    column = 14 + 4 * (pab_round - 1)
    assert int(record[column:column + 3]) == recorded_round(event, pab_round).pab
    assert main(["pair", str(out), "--check"]) == 0
    capsys.readouterr()
    assert main(["pair", str(out), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == pab_round


def test_a_team_round_robin_is_paired_by_its_teams_berger_table_not_the_team_swiss(capsys):
    path = fixture_files("team", "rr*.trf")[0]
    assert main(["pair", str(path), "--round", "2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["system"] == "team_berger"


def test_individual_only_options_are_refused_for_a_team_event(capsys):
    assert main(["pair", str(_sample()), "--late-entry", "zero"]) == 2
    assert "individual events" in capsys.readouterr().err


def test_an_individual_file_is_paired_as_before(capsys):
    path = fixture_files("pairing", "*.trf")[0]
    assert main(["pair", str(path), "--round", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 2 and "system" not in data and all("player" in b for b in data["byes"])


def test_a_round_no_pairing_can_complete_is_left_to_the_chief_arbiter_art_3_3_3(capsys):
    """Six teams after four rounds in which gacrux could pair no fifth: neither can we, and say so."""
    path = fixture_path("team_swiss", "ts02001_t6_b5_r5_A.trf")
    assert main(["pair", str(path)]) == 2
    assert "3.3.3" in capsys.readouterr().err
    assert main(["pair", str(path), "--check"]) == 0
    assert "0 of 4 round(s) differ" in capsys.readouterr().out


def test_a_federation_registers_its_own_team_pairing_system():
    import types

    from rulesengine import hookimpl
    from rulesengine.pairing import PairedRound, Pairing
    from rulesengine.registry import build_registry
    from rulesengine.team_pairing import TeamPairingSystem

    def by_number(event, round_number):
        teams = [team.number for team in event.teams]
        return PairedRound(round_number, tuple(Pairing(a, b) for a, b in zip(teams[::2], teams[1::2])))

    @hookimpl
    def rulesengine_team_pairing_systems():
        return [TeamPairingSystem("fedx-league", "Federation X league (rule 9)", by_number)]

    plugin = types.SimpleNamespace(rulesengine_team_pairing_systems=rulesengine_team_pairing_systems)
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("fedx", plugin)])
    paired = api.pair_team_round(read_team_trf(_sample()), 1, "fedx-league", registry)
    assert paired.boards[0] == Pairing(1, 2) and len(paired.boards) == 7
    assert sorted(registry.team_pairing_systems) == ["fedx-league", "fide_team", "team_berger"]
