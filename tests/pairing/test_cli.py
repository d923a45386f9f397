"""`rulesengine pair` and `rulesengine convert-rating` end to end."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import read_trf, write_trf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import DATA, cut, recorded  # noqa: E402

P009 = DATA / "p009_r07_forfeits.trf"


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def p009_before_round6(tmp_path) -> Path:
    path = tmp_path / "before6.trf"
    path.write_text(write_trf(cut(read_trf(P009), 6)), encoding="utf-8")
    return path


def test_pair_next_round_json_contract(capsys, p009_before_round6):
    code, out, _ = _run(capsys, "pair", str(p009_before_round6), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"round", "pairings", "byes"}
    assert data["round"] == 6
    assert [p["board"] for p in data["pairings"]] == [1, 2, 3, 4]
    games, pab = recorded(read_trf(P009), 6)
    assert {(p["white"], p["black"]) for p in data["pairings"]} == games
    assert data["byes"] == [{"player": pab, "kind": "PAB"}]
    # C.04.2 board order: higher score first (1 and 3 have 3.5, 5 has 3, 6 has 2).
    assert [p["white"] for p in data["pairings"]] == [1, 3, 5, 6]


def test_round_option_repairs_a_played_round(capsys):
    code, out, _ = _run(capsys, "pair", str(P009), "--round", "6", "--format", "json")
    assert code == 0
    assert json.loads(out)["byes"] == [{"player": 2, "kind": "PAB"}]


def test_trf_output_fills_in_the_round_and_leaves_the_input_alone(capsys, p009_before_round6, tmp_path):
    before = p009_before_round6.read_bytes()
    target = tmp_path / "out.trf"
    code, _, _ = _run(capsys, "pair", str(p009_before_round6), "--format", "trf", "--output", str(target))
    assert code == 0
    assert p009_before_round6.read_bytes() == before
    lines = {line[4:8].strip(): line for line in target.read_text().splitlines() if line.startswith("001")}
    start = 89 + 10 * 5
    assert lines["1"][start:start + 10] == "     7 w  "
    assert lines["7"][start:start + 10] == "     1 b  "
    assert lines["2"][start:start + 10] == "  0000 - U"


def test_output_never_overwrites_the_input(capsys, p009_before_round6):
    code, _, err = _run(capsys, "pair", str(p009_before_round6), "--output", str(p009_before_round6))
    assert code == 2 and "refusing to overwrite" in err


def test_check_agrees_on_a_fixture(capsys):
    code, out, _ = _run(capsys, "pair", str(DATA / "p021_r05_mixed.trf"), "--check")
    assert code == 0
    assert "All 5 round(s) agree" in out


def _with_last_round(t, games):
    """The tournament with its last round replaced by `games` (white, black, white's result)."""
    from rulesengine.model import Colour, ResultCode, RoundEntry
    last = t.rounds
    mirror = {"1": "0", "0": "1", "=": "="}
    entries = {}
    for w, b, res in games:
        entries[w] = RoundEntry(last, b, Colour.WHITE, ResultCode(res))
        entries[b] = RoundEntry(last, w, Colour.BLACK, ResultCode(mirror[res]))
    players = []
    for p in t.players:
        if p.start_rank in entries:
            p = replace(p, rounds=p.rounds[: last - 1] + (entries[p.start_rank],), declared_points=None)
        players.append(p)
    return replace(t, players=tuple(players))


def test_check_finds_a_swapped_pairing_and_the_criterion_it_breaks(capsys, tmp_path):
    t = read_trf(P009)
    # Last round recorded 8-1 and 2-5; swapped to 1-2 and 5-8, but 1 and 2 met in round 3 (C1).
    path = tmp_path / "swapped.trf"
    path.write_text(write_trf(_with_last_round(t, [(1, 2, "1"), (5, 8, "1")])), encoding="utf-8")
    code, out, _ = _run(capsys, "pair", str(path), "--check")
    assert code == 1
    assert f"Round {t.rounds}: the recorded pairing differs" in out
    assert "1-2 breaks C1 (two players shall not play against each other more than once)" in out
    assert f"1 of {t.rounds} round(s) differ" in out


def test_check_names_the_quality_criterion_a_legal_swap_breaks(tmp_path):
    from rulesengine_fide.pairing.check import check_tournament
    t = read_trf(DATA / "p015_r09_plain.trf")
    games, _ = recorded(t, t.rounds)
    # Last round: 2-6 and 7-12 swapped to 2-12 and 7-6. Both are new pairs, but 2 (4.5 points)
    # now plays down to 12 instead of inside the 4.5 bracket: a higher-scored downfloater (C7).
    swapped = [(w, b, "1") for w, b in games if w not in (2, 7)] + [(2, 12, "1"), (7, 6, "1")]
    verdicts = {c.round: c.verdict for c in check_tournament(_with_last_round(t, swapped))}
    assert all(v == "" for r, v in verdicts.items() if r < t.rounds)
    assert verdicts[t.rounds] == ("bracket 4.5: the recorded pairing violates C7 (minimise the scores of the "
                                  "downfloaters, highest first) more than the rules' pairing")


def test_explain_names_brackets_and_criteria(capsys, p009_before_round6):
    code, out, _ = _run(capsys, "pair", str(p009_before_round6), "--explain")
    assert code == 0
    assert "Bracket 3.5 (homogeneous)" in out
    assert "1-5: they have already played (C1" in out
    assert "Pairing-allocated bye: 2" in out


def test_rank_only_orders_by_rating_title_name(capsys, tmp_path):
    lines = [
        "012 Ranking test",
        "001    1 m IM Zeta, Anna                        2400 GER",
        "001    2 wWGM Alpha, Berta                      2400 GER",
        "001    3 m    Beta, Carl                        2400 GER",
        "001    4 m    Gamma, Dora                       2450 GER",
        "001    5 m    Ünal, Émile",
        "XXR 5",
    ]
    path = tmp_path / "rank.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = _run(capsys, "pair", str(path), "--rank-only", "--format", "json",
                        "--estimate", "5=2420")
    assert code == 0
    order = [r["start_rank"] for r in json.loads(out)]
    assert order == [4, 5, 1, 2, 3]          # current order: IM before WGM before untitled
    assert json.loads(out)[1]["name"] == "Ünal, Émile" and json.loads(out)[1]["estimated"]
    code, out, _ = _run(capsys, "pair", str(path), "--rank-only", "--format", "json", "--title-order", "1992")
    assert [r["start_rank"] for r in json.loads(out)] == [4, 2, 1, 3, 5]   # 1992-1998: WGM before IM


def test_convert_rating(capsys):
    assert _run(capsys, "convert-rating", "--from", "ingo", "150")[1] == "1640\n"
    assert _run(capsys, "convert-rating", "--from", "bcf", "150")[1] == "1800\n"
    code, _, err = _run(capsys, "convert-rating", "--from", "bcf", "abc")
    assert code == 2 and "not a number" in err


def test_bad_inputs_exit_2(capsys, tmp_path):
    code, _, err = _run(capsys, "pair", str(tmp_path / "missing.trf"))
    assert code == 2 and "no such file" in err
    code, _, err = _run(capsys, "pair", str(P009), "--round", "9")
    assert code == 2 and "after the last round" in err
    bad = tmp_path / "bad250.trf"
    bad.write_text(P009.read_text() + "250 x y\n", encoding="utf-8")
    code, _, err = _run(capsys, "pair", str(bad), "--round", "2")
    assert code == 2 and "bad250.trf:" in err and "record 250" in err
