"""`rulesengine standings TEAM.trf` (issue 22 item 4): the JSON of every fixture gives gacrux
1.11.65's ranks (every stored RANK list) and values (every stored value key); CSV and table show
the same columns; the default order is the file's record 202, presets are named."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fixture_data import fixture_files
from rulesengine.cli import main
from rulesengine_fide.tiebreaks.team_codes import RANK_CODES

TEAM_FILES = fixture_files("team", "*.trf")
ROUNDED = ("AOB", "SSSC")   # rounded by gacrux (fixtures README: within half a unit of the last decimal)


def _json(capsys, path, *args):
    assert main(["standings", str(path), "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _expected(path):
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def _equal(key: str, ours, theirs) -> bool:
    tolerance = Fraction(1, 200) if key.startswith(ROUNDED) else Fraction(1, 10**6)   # JSON: 6 decimals at most
    return abs(Fraction(str(ours)) - Fraction(str(theirs))) <= tolerance


def _code(key: str) -> str:
    return key.split("/")[0].split(":")[0].upper()


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_the_json_gives_every_stored_rank(capsys, path):
    for key, ranks in _expected(path).items():
        if key.startswith("RANK("):
            primary, *specs = key[len("RANK("):-1].split(",")
            document = _json(capsys, path, "--tiebreaks", ",".join(specs))
            assert document["tiebreaks"] == specs
            assert {str(row["team"]): row["rank"] for row in document["teams"]} == ranks, key


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_the_json_gives_every_stored_value(capsys, path):
    expected = {key: values for key, values in _expected(path).items() if not key.startswith("RANK(")}
    # Value codes do not depend on the order before them: one run; each rank code alone after the primary score.
    values = [key for key in expected if _code(key) not in RANK_CODES]
    runs = [values, *([key] for key in expected if _code(key) in RANK_CODES)]
    compared = 0
    for specs in runs:
        document = _json(capsys, path, "--tiebreaks", ",".join(specs))
        for key in specs:
            ours = {str(row["team"]): row["tiebreaks"][key] for row in document["teams"]}
            assert all(_equal(key, ours[team], stored) for team, stored in expected[key].items()), key
            compared += len(expected[key])
    assert compared == sum(map(len, expected.values()))


def test_the_document_shape_and_the_default_order(capsys):
    path = next(p for p in TEAM_FILES if p.stem == "sw01_t8_b4_r5_clean")
    document = _json(capsys, path)
    assert list(document) == ["teams", "tiebreaks", "rules", "notes"]
    assert document["tiebreaks"] == ["EMGSB/C1", "GPTS", "BH:MP/C1"]   # its record 202
    assert list(document["rules"]) == ["date", "date_source", "rule_set", "tiebreaks"]
    assert document["rules"]["date"] == "2026-04-10"
    assert document["rules"]["tiebreaks"]["GPTS"] == "fide-2026 (in force on 2026-04-10)"
    first = document["teams"][0]
    assert first == {"rank": 1, "team": 4, "name": "SK Galway", "mp": 7, "gp": 11.5,
                     "tiebreaks": {"EMGSB/C1": 51.5, "GPTS": 11.5, "BH:MP/C1": 24}}
    assert document["notes"] == []


def test_presets_by_name_and_the_default_preset(capsys):
    path = next(p for p in TEAM_FILES if p.stem == "lg01_t8_b4_r5_013")   # no record 202, dated before 2026-03
    assert _json(capsys, path)["tiebreaks"] == ["EDE/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    assert _json(capsys, path, "--tiebreaks", "Olympiad")["tiebreaks"] == ["EMGSB/C1", "GPTS", "BH:MP/C1"]


def test_csv_and_table_show_the_json_columns(capsys):
    path = next(p for p in TEAM_FILES if p.stem == "sw01_t8_b4_r5_clean")
    assert main(["standings", str(path), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rank,Team,Name,MP,GP,EMGSB/C1,GPTS,BH:MP/C1"
    assert lines[1] == "1,4,SK Galway,7,11.5,51.5,11.5,24"
    assert lines[-1] == "# Rules: date 2026-04-10 (the event's start date 2026/04/10); EMGSB/C1, GPTS, BH:MP/C1: " \
                        "fide-2026 (in force on 2026-04-10)"
    assert main(["standings", str(path)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "Generated team event sw01_t8_b4_r5_clean (5 rounds, 8 teams)"
    assert table[2].split() == ["Rank", "Team", "Name", "MP", "GP", "EMGSB/C1", "GPTS", "BH:MP/C1"]
    assert table[4].split() == ["1", "4", "SK", "Galway", "7", "11.5", "51.5", "11.5", "24"]


def test_an_unknown_team_code_and_individual_flags_are_refused(capsys):
    path = next(p for p in TEAM_FILES if p.stem == "sw01_t8_b4_r5_clean")
    assert main(["standings", str(path), "--tiebreaks", "XYZ"]) != 0
    assert "unknown team tie-break(s) XYZ" in capsys.readouterr().err
    assert main(["standings", str(path), "--rules", "fide-2024"]) != 0
    assert "apply to individual events" in capsys.readouterr().err
