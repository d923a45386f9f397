"""Hostile and careless TRF input (issue 10): every number is read with ASCII digits and a sane
bound (limits.py), every problem is located FILE:LINE:COL, and mixed line endings are accepted."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.formats.trf import parse_trf, write_trf
from rulesengine.limits import MAX_ROUNDS

HEADER = "012 Bounds\n042 2026/04/10\n092 Swiss\n"


def player_line(sno: str, points: str = "1.0", rounds=("0002 w 1",), rating: str = "2000", rank: str = "1") -> str:
    line = f"001 {sno:>4} m    {'Name ' + sno:<33} {rating:>4} NOR {'':>11} 2000/01/01 {points:>4} {rank:>4}"
    return line + "".join("  " + block for block in rounds)


def two_players(**first) -> str:
    return (HEADER + player_line("1", **first) + "\n"
            + player_line("2", points="0.0", rounds=("0001 b 0",), rank="2") + "\n")


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as err:
        parse_trf(text, source="t.trf")
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize("digit", ["³", "₂", "①", "٣"])
def test_unicode_digits_are_refused_with_their_column(digit: str):
    """`"³".isdigit()` is True but int("³") fails: only ASCII digits are numbers in TRF."""
    assert any(m.startswith("t.trf:4:5: start rank") for m in problems(
        HEADER + player_line(digit) + "\n" + player_line("2", rounds=("0001 b 0",)) + "\n"))
    assert any(m.startswith("t.trf:4:49: rating") for m in problems(two_players(rating="20" + digit)))
    assert any(m.startswith("t.trf:4:86: rank") for m in problems(two_players(rank=digit)))
    assert any(m.startswith("t.trf:4:92: round 1: opponent") for m in problems(two_players(rounds=("000" + digit + " w 1",))))
    assert any(m.startswith("t.trf:4:81: points") for m in problems(two_players(points="1." + digit)))
    assert problems(two_players().replace("092 Swiss", "092 Swiss\nXXR " + digit)) == \
        [f"t.trf:4:5: record XXR: number of rounds must be a whole number, found '{digit}'"]


def test_points_three_over_zero_is_a_located_problem_not_a_division():
    assert problems(two_players(points="3/0")) == ["t.trf:4:81: points must be a number in columns 81-84, found '3/0'"]


@pytest.mark.parametrize("record, column", [
    ("162  W 3.0    D 1e9999", 17),
    ("162  W 1e999999999", 8),
    ("BBW " + "9" * 400, 5),
    ("BBW 1.0e-99999999", 5),
    ("XXS WW=1e99999999", 8),
    ("XXS WW=1/0", 8),
    ("162  W 101", 8),
])
def test_huge_or_exponent_points_are_refused_at_once(record: str, column: int):
    started = time.process_time()
    found = problems(HEADER + record + "\n" + two_players()[len(HEADER):])
    assert time.process_time() - started < 1
    assert len(found) == 1 and found[0].startswith(f"t.trf:4:{column}: record {record[:3]}: points must be a number")
    assert len(found[0]) < 200


def test_points_records_within_bounds_are_read_exactly():
    t = parse_trf(HEADER + "162  W 3.0    D 1.5    L -1\n" + two_players()[len(HEADER):])
    assert (t.scoring.win, t.scoring.draw, t.scoring.loss) == (3, Fraction(3, 2), -1)
    t = parse_trf(HEADER + "XXS WW=2 WD=1/2\n" + two_players()[len(HEADER):])
    assert (t.scoring.win, t.scoring.draw) == (2, Fraction(1, 2))


@pytest.mark.parametrize("rounds", ["1000000", "999999999999"])
def test_absurd_number_of_rounds_is_refused_quickly(rounds: str):
    started = time.process_time()
    found = problems(two_players().replace("092 Swiss", "092 Swiss\nXXR " + rounds))
    assert time.process_time() - started < 1
    assert found == [f"t.trf:4:5: record XXR: {int(rounds):,} rounds is more than {MAX_ROUNDS}"]


def test_rating_beyond_any_scale_is_refused():
    assert problems(two_players(rating="9999")) == ["t.trf:4:49: rating 9999 is outside 0..4000 (columns 49-52)"]


def test_a_one_megabyte_line_gives_one_bounded_message():
    line = player_line("1") + "  0002 w Q" * 100_000
    found = problems(HEADER + line + "\n" + player_line("2", rounds=("0001 b 0",)) + "\n")
    assert found[0].startswith("t.trf:4:") and "more than 999 rounds" in found[0]
    with pytest.raises(InputError) as err:
        parse_trf(HEADER + line + "\n", source="t.trf")
    assert len(str(err.value).splitlines()) <= 25 and max(map(len, str(err.value).splitlines())) <= 700


def test_many_problems_are_listed_up_to_twenty_then_counted():
    lines = [player_line(str(n), rounds=("0002 w Q",)) for n in range(1, 60)]
    with pytest.raises(InputError) as err:
        parse_trf(HEADER + "\n".join(lines) + "\n", source="t.trf")
    shown = str(err.value).splitlines()
    assert err.value.count == 59 and len(err.value.problems) == 20   # the rest only counted (issue 25 item 9)
    assert len(shown) == 21 and shown[-1] == "... and 39 more problems"
    assert all(line.startswith("t.trf:") for line in shown[:20])


def test_mixed_line_endings_are_read_with_right_line_numbers_and_kept():
    text = two_players()
    mixed = text.replace("012 Bounds\n", "012 Bounds\r\n").replace("092 Swiss\n", "092 Swiss\r\n")
    t = parse_trf(mixed)
    assert t.points == {1: 1, 2: 0}
    assert write_trf(t) == mixed
    bad = mixed.replace("0002 w 1", "0002 w Q")
    assert problems(bad)[0].startswith("t.trf:4:99: round 1: unknown result code 'Q'")


def test_non_ascii_in_round_columns_is_refused_not_misread():
    """upper() of "ß" is "SS" (two characters): such a line must not slip through the fast path."""
    found = problems(two_players(rounds=("0002 w ß",)))
    assert found and found[0].startswith("t.trf:4:99:")


def test_bad_tiebreak_code_in_record_202_names_its_line(tmp_path, capsys):
    from rulesengine.cli import main
    path = tmp_path / "tb.trf"
    path.write_text(two_players().replace("092 Swiss\n", "092 Swiss\n202 BH,NOSUCH\n"), encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulesengine: {path}:4:5: the tie-break order this file announces: ") and "NOSUCH" in err


def test_an_announced_order_of_thousands_of_tiebreaks_is_refused():
    assert problems(two_players().replace("092 Swiss\n", "092 Swiss\n202 " + "BH," * 3000 + "\n")) == \
        ["t.trf:4:5: record 202: 3,000 tie-breaks is more than 50"]
