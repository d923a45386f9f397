"""A file written by `pair --format trf` (the round paired, results blank) is a valid input again:
pairing it once more gives the same round, its announced byes and absences included, and the
same file; standings rank it after the round before."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main
from rulesengine.formats.trf import parse_trf, read_trf, write_trf
from rulesengine.model import ResultCode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers import DATA, cut  # noqa: E402


def _run(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _announced(tournament, round_number):
    return sorted((p.start_rank, p.entry(round_number).code.value) for p in tournament.players
                  if len(p.rounds) >= round_number and p.entry(round_number).opponent is None)


# Fixture rounds whose players announced byes or absences for the round being paired.
CASES = [(name, r) for name, r in (("p019_r09_absences.trf", 4), ("p019_r09_absences.trf", 7),
                                   ("p013_r07_mixed.trf", 5), ("p021_r05_mixed.trf", 3),
                                   ("p009_r07_forfeits.trf", 6))]


@pytest.mark.parametrize("name,round_number", CASES)
def test_a_paired_file_pairs_again_to_the_same_round_and_the_same_file(capsys, tmp_path, name, round_number):
    before = tmp_path / "before.trf"
    before.write_text(write_trf(cut(read_trf(DATA / name), round_number)), encoding="utf-8")
    first = json.loads(_run(capsys, "pair", before, "--format", "json"))
    paired = tmp_path / "paired.trf"
    _run(capsys, "pair", before, "--format", "trf", "--output", paired)

    pending = read_trf(paired).pending_round
    assert pending is not None and pending.number == round_number == first["round"]
    assert sorted(pending.games) == sorted((b["white"], b["black"]) for b in first["pairings"])

    again = json.loads(_run(capsys, "pair", paired, "--format", "json"))
    assert again == first  # the announced byes came back from the pending round
    assert _run(capsys, "pair", paired, "--format", "trf") == paired.read_text(encoding="utf-8")


def test_the_announced_byes_of_the_case_list_are_real(capsys):
    # The cases above are only worth something if some of them announce byes for the round.
    announced = [_announced(cut(read_trf(DATA / name), r), r) for name, r in CASES]
    assert sum(1 for a in announced if a) >= 2


def test_standings_of_a_paired_file_are_those_of_the_round_before(capsys, tmp_path):
    before = tmp_path / "before.trf"
    before.write_text(write_trf(cut(read_trf(DATA / "p019_r09_absences.trf"), 7)), encoding="utf-8")
    paired = tmp_path / "paired.trf"
    _run(capsys, "pair", before, "--format", "trf", "--output", paired)
    table = json.loads(_run(capsys, "standings", paired, "--tiebreaks", "BH/C1,SB", "--format", "json"))
    six_rounds = parse_trf(write_trf(cut(read_trf(DATA / "p019_r09_absences.trf"), 7)).replace("\r", ""))
    assert all(len(p.rounds) <= 7 for p in six_rounds.players)
    base = tmp_path / "six.trf"
    # the same file without the round-7 entries at all: cut to round 7 then drop the announced byes
    from dataclasses import replace
    stripped = replace(six_rounds, players=tuple(replace(p, rounds=p.rounds[:6]) for p in six_rounds.players))
    base.write_text(write_trf(stripped), encoding="utf-8")
    expected = json.loads(_run(capsys, "standings", base, "--tiebreaks", "BH/C1,SB", "--format", "json"))
    assert table["pending_round"] == 7
    assert table["standings"] == expected["standings"]
    assert any(e.code is ResultCode.NOT_PAIRED for es in read_trf(paired).pending_round.entries.values() for e in es)
