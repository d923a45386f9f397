"""TRF-16 reading and writing (FIDE C.04 Annex 2, TRF-2026 additions)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.formats.trf import parse_trf, read_trf, write_trf
from rulesengine.model import Colour, EntryKind, ResultCode

from fixture_data import all_trf_fixtures, fixture_path

ALL_FIXTURE_TRFS = all_trf_fixtures()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

HEADER = "012 Code test\n042 2026/04/10\n092 Swiss\n"


def player_line(sno: int, name: str, points: str, rounds: list[str], rating: str = "2000") -> str:
    """A 001 record with the TRF-16 columns; `rounds` are 8-character 'oooo c r' blocks."""
    line = f"001 {sno:>4} m    {name:<33} {rating:>4} NOR {sno:>11} 2000/01/01 {points:>4} {sno:>4}"
    return line + "".join("  " + block for block in rounds)


def every_code_trf() -> str:
    """Seven players, two rounds, using every TRF result code once at least."""
    lines = [
        player_line(1, "One", "2.0", ["0002 w 1", "0003 b +"]),
        player_line(2, "Two", "0.0", ["0001 b 0", "0004 w L"]),
        player_line(3, "Three", "0.5", ["0004 w =", "0001 w -"]),
        player_line(4, "Four", "1.5", ["0003 b =", "0002 b W"]),
        player_line(5, "Five", "1.5", ["0006 w D", "0000 - F"]),
        player_line(6, "Six", "1.0", ["0005 b D", "0000 - H"]),
        player_line(7, "Seven", "1.0", ["0000 - U", "0000 - Z"]),
        player_line(8, "Eight", "0.0", ["0009 w -", "0000 - -"]),
        player_line(9, "Nine", "0.0", ["0008 b -", "        "]),
    ]
    return HEADER + "\n".join(lines) + "\nXXR 2\n"


def test_every_result_code_is_read_with_its_meaning():
    t = parse_trf(every_code_trf())
    kinds = {(p.start_rank, r): t.player(p.start_rank).entry(r).kind for p in t.players for r in (1, 2)}
    assert kinds[(1, 1)] is EntryKind.GAME
    assert kinds[(1, 2)] is EntryKind.FORFEIT_WIN
    assert kinds[(3, 2)] is EntryKind.FORFEIT_LOSS
    assert kinds[(2, 2)] is EntryKind.UNRATED_GAME and kinds[(4, 2)] is EntryKind.UNRATED_GAME
    assert kinds[(5, 1)] is EntryKind.UNRATED_GAME
    assert kinds[(5, 2)] is EntryKind.FULL_POINT_BYE
    assert kinds[(6, 2)] is EntryKind.HALF_POINT_BYE
    assert kinds[(7, 1)] is EntryKind.PAIRING_ALLOCATED_BYE
    assert kinds[(7, 2)] is EntryKind.ZERO_POINT_BYE
    assert kinds[(8, 1)] is EntryKind.DOUBLE_FORFEIT and kinds[(9, 1)] is EntryKind.DOUBLE_FORFEIT
    assert kinds[(8, 2)] is EntryKind.NOT_PAIRED  # 0000 - -
    assert kinds[(9, 2)] is EntryKind.NOT_PAIRED  # blank block
    assert t.player(1).entry(1).colour is Colour.WHITE
    assert t.player(3).entry(2).opponent == 1  # the scheduled opponent of a forfeit is kept


def test_points_follow_the_standard_scoring():
    t = parse_trf(every_code_trf())
    assert t.points == {1: 2, 2: 0, 3: Fraction(1, 2), 4: Fraction(3, 2), 5: Fraction(3, 2),
                        6: 1, 7: 1, 8: 0, 9: 0}


def test_every_code_file_round_trips_byte_identical():
    text = every_code_trf()
    assert write_trf(parse_trf(text)) == text


@pytest.mark.parametrize("path", ALL_FIXTURE_TRFS, ids=lambda p: p.name)
def test_fixture_round_trips_byte_identical(path: Path):
    original = path.read_bytes()
    assert write_trf(read_trf(path)).encode("utf-8") == original


@pytest.mark.parametrize("path", ALL_FIXTURE_TRFS, ids=lambda p: p.name)
def test_fixture_totals_match_the_points_column(path: Path):
    t = read_trf(path)
    assert all(p.declared_points == t.points[p.start_rank] for p in t.players)


def test_three_one_zero_scoring_from_record_162():
    t = read_trf(fixture_path("pairing", "p041_r07_score310.trf"))
    assert t.scoring.win == 3 and t.scoring.draw == 1 and t.scoring.loss == 0
    assert t.player(1).declared_points == 15 == t.points[1]


def test_crlf_and_bom_are_kept():
    text = "\ufeff" + every_code_trf().replace("\n", "\r\n")
    assert write_trf(parse_trf(text)) == text


def test_unicode_names_round_trip(tmp_path: Path):
    source = EXAMPLES / "riverside-open-2026.trf"
    t = read_trf(source)
    names = {p.name for p in t.players}
    assert {"Новиков, Алексей", "العلي, سارة", "Øvergaard, Sølvi", "Kowalczyk, Łukasz"} <= names
    assert write_trf(t) == source.read_text(encoding="utf-8")


def test_latin1_file_is_read_with_encoding(tmp_path: Path):
    text = HEADER + player_line(1, "Müller, Jürgen", "1.0", ["0002 w 1"]) + "\n" + \
        player_line(2, "Ñúñez, Inés", "0.0", ["0001 b 0"]) + "\n"
    path = tmp_path / "latin.trf"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(InputError) as err:
        read_trf(path)
    assert "latin-1" in str(err.value) and ":2" in str(err.value).split(": ")[0] + ":2"
    t = read_trf(path, encoding="latin-1")
    assert t.player(1).name == "Müller, Jürgen" and t.player(2).name == "Ñúñez, Inés"


def test_asymmetric_result_names_both_lines():
    text = HEADER + player_line(1, "A", "1.0", ["0002 w 1"]) + "\n" + player_line(2, "B", "0.5", ["0001 b ="]) + "\n"
    with pytest.raises(InputError) as err:
        parse_trf(text, source="event.trf")
    messages = [str(p) for p in err.value.problems]
    assert any(m.startswith("event.trf:4:") and "does not match" in m and "line 5" in m for m in messages)


def test_unknown_code_and_bad_opponent_are_reported_with_columns_all_at_once():
    text = HEADER + player_line(1, "A", "1.0", ["0002 w Q"]) + "\n" + \
        player_line(2, "B", "0.0", ["00x1 b 0"]) + "\n"
    with pytest.raises(InputError) as err:
        parse_trf(text, source="bad.trf")
    messages = [str(p) for p in err.value.problems]
    assert "bad.trf:4:99: round 1: unknown result code 'Q' (known: 1 = 0 + - W D L H F U Z or blank)" in messages
    assert any(m.startswith("bad.trf:5:92: round 1: opponent must be a start rank") for m in messages)


def test_opponent_without_record_and_self_pairing():
    text = HEADER + player_line(1, "A", "1.0", ["0007 w 1"]) + "\n" + player_line(2, "B", "0.0", ["0002 b 0"]) + "\n"
    with pytest.raises(InputError) as err:
        parse_trf(text, source="x.trf")
    text_all = str(err.value)
    assert "opponent 7 has no 001 record" in text_all
    assert "paired with themself" in text_all


def test_duplicate_start_rank_and_bad_rating():
    text = HEADER + player_line(1, "A", "0.0", [], rating="20x0") + "\n" + player_line(1, "B", "0.0", []) + "\n"
    with pytest.raises(InputError) as err:
        parse_trf(text, source="d.trf")
    text_all = str(err.value)
    assert "d.trf:4:49: rating must be a whole number" in text_all
    assert "d.trf:5:5: start rank 1 already used on line 4" in text_all


def test_results_after_declared_rounds_are_refused():
    text = HEADER + "XXR 1\n" + player_line(1, "A", "1.5", ["0002 w 1", "0000 - H"]) + "\n" + \
        player_line(2, "B", "0.0", ["0001 b 0"]) + "\n"
    with pytest.raises(InputError, match="results after round 1"):
        parse_trf(text)


def test_bye_with_an_opponent_is_refused():
    text = HEADER + player_line(1, "A", "1.0", ["0002 - U"]) + "\n" + player_line(2, "B", "0.0", ["0001 - U"]) + "\n"
    with pytest.raises(InputError, match="must have opponent 0000"):
        parse_trf(text)


def test_trf2026_lowercase_codes_and_blank_opponent_are_accepted():
    text = HEADER + player_line(1, "A", "1.5", ["0002 W 1", "     - h"]) + "\n" + \
        player_line(2, "B", "0.0", ["0001 b 0", "0000 - z"]) + "\n"
    t = parse_trf(text)
    assert t.player(1).entry(2).code is ResultCode.HALF_POINT_BYE
    assert t.player(2).entry(2).code is ResultCode.ZERO_POINT_BYE
    assert t.points[1] == Fraction(3, 2)


def test_header_and_extension_records_are_kept_in_order():
    t = read_trf(fixture_path("pairing", "p024_r07_baku.trf"))
    codes = [code for code, _ in t.header if code != "001"]
    assert "250" in codes and "XXC" in codes and "192" in codes
    assert t.rounds == 7


def test_round_robin_is_recognised_from_record_092():
    t = read_trf(fixture_path("tiebreak", "rr05_n4_double.trf"))
    assert t.is_round_robin
    assert not read_trf(fixture_path("tiebreak", "sw01_n8_r5_clean.trf")).is_round_robin


def test_announced_tiebreak_order_from_record_202():
    t = parse_trf(HEADER + "202 BH/C1,BH,SB\n" + player_line(1, "A", "0.0", []) + "\n")
    assert t.tiebreak_order == ("BH/C1", "BH", "SB")
    t = parse_trf(HEADER + "212 PTS,SB\n" + player_line(1, "A", "0.0", []) + "\n")
    assert t.tiebreak_order == ("SB",)
