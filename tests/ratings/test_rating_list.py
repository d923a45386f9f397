"""Pre-event records: the tournament file's data, a rating-list CSV over it, errors as FILE:LINE:COL."""

from __future__ import annotations

from datetime import date

import pytest

from rulesengine.errors import InputError
from rulesengine.model import Player, Tournament
from rulesengine.rating_list import build_records


def event():
    players = (Player(1, "Ana", rating=2100, player_id="111", birth_date="2010/05/01"),
               Player(2, "Bo", rating=1900, player_id="222", birth_date="1980"),
               Player(3, "Kai", player_id=""))
    return Tournament("Club", players, 0)


def write(tmp_path, text, name="list.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_without_a_list_the_tournament_file_gives_rating_id_and_birth_date():
    records, notes = build_records(event())
    assert records[1].rating == 2100 and records[1].birth_date == date(2010, 5, 1) and records[1].birth_year == 2010
    assert records[2].birth_year == 1980 and records[2].birth_date is None
    assert records[3].rating is None
    assert records[1].games is None and records[1].k is None
    assert "no rating list" in notes[0]


def test_list_overrides_the_file_and_absent_columns_stay_unknown(tmp_path):
    path = write(tmp_path, "start_rank,rating,games\n1,2150,45\n3,,\n")
    records, notes = build_records(event(), path)
    assert (records[1].rating, records[1].games) == (2150, 45)
    assert records[1].highest_rating is None and records[1].k is None   # columns absent
    assert records[3].rating is None                                       # empty rating = unrated
    assert records[2].rating == 1900                                       # not in the list: file data
    assert any("no column birth_year, highest_rating, k" in n for n in notes)
    assert any("not in the rating list" in n and "2" in n for n in notes)


def test_rows_match_by_player_id_and_other_ids_are_skipped(tmp_path):
    path = write(tmp_path, "fide_id;rating;k;birth_year;highest_rating\n222;1950;40;2009;2000\n999;2500;10;1990;2500\n")
    records, notes = build_records(event(), path)
    assert (records[2].rating, records[2].k, records[2].birth_year, records[2].highest_rating) == (1950, 40, 2009, 2000)
    assert "1 row(s) with FIDE IDs not in this event skipped" in notes[0]


def test_a_listed_birth_year_replaces_a_conflicting_file_date(tmp_path):
    path = write(tmp_path, "start_rank,birth_year\n1,2005\n")
    records, _ = build_records(event(), path)
    assert records[1].birth_year == 2005 and records[1].birth_date is None


@pytest.mark.parametrize("text, message", [
    ("start_rank,rating\n1,abc\n", "list.csv:2:3: rating must be a number, found 'abc'"),
    ("start_rank,rating\n9,2000\n", "list.csv:2:1: no player with start rank 9 in the event"),
    ("rating,start_rank\n2000,1\n2010,1\n", "list.csv:3:6: player 1 is already given on line 2"),
    ("start_rank,elo\n1,2000\n", "list.csv:1:12: unknown column 'elo'"),
    ("rating\n2000\n", "list.csv:1:1: the rating list needs a start_rank or a player_id (fide_id) column"),
    ('start_rank,rating,games\n"1",2000,"x"\n', "list.csv:2:10: games must be a whole number, found 'x'"),
    ("start_rank,rating\n1,2000,5\n", "list.csv:2:8: 3 cells but the header names 2 columns"),
    ("start_rank,games\n,4\n", "list.csv:2:1: row names no player"),
])
def test_errors_name_file_line_and_column(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        build_records(event(), path)
    assert str(caught.value).replace(str(tmp_path) + "/", "").startswith(message)


def test_standard_rating_column_goes_to_the_record_extra(tmp_path):
    path = write(tmp_path, "start_rank,rating,standard_rating\n3,,1850\n")
    records, _ = build_records(event(), path)
    assert records[3].rating is None and records[3].extra == {"standard_rating": 1850}


# ---------------------------------------------------------------- bounds (issue 10)

def _event():
    from rulesengine.testing import tournament_from_text
    return tournament_from_text(2, ["1-2 1-0"])


@pytest.mark.parametrize("column, cell, message", [
    ("rating", "1e308", "rating must be a number, found '1e308'"),
    ("rating", "4001", "rating 4001 is outside 0..4,000"),
    ("rating", "³", "rating must be a number, found '³'"),
    ("k", "100000", "k 100000 is outside 0..1,000"),
    ("games", "①", "games must be a whole number, found '①'"),
    ("games", "9" * 5000, "games must be a whole number, found '9999"),
    ("deviation", "inf", "deviation must be a number, found 'inf'"),
    ("volatility", "nan", "volatility must be a number, found 'nan'"),
    ("highest_rating", "3/0", "highest_rating must be a number, found '3/0'"),
])
def test_every_column_is_bounded_with_its_location(tmp_path, column, cell, message):
    from rulesengine.errors import InputError
    from rulesengine.rating_list import read_rating_list
    path = tmp_path / "list.csv"
    path.write_text(f"start_rank,{column}\n1,{cell}\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_rating_list(path, _event())
    assert str(err.value).startswith(f"{path}:2:3: {message}")


def test_a_one_megabyte_cell_is_one_located_problem(tmp_path):
    from rulesengine.errors import InputError
    from rulesengine.rating_list import read_rating_list
    path = tmp_path / "list.csv"
    path.write_text('start_rank,rating\n1,"' + "x" * 1_000_000 + '"\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_rating_list(path, _event())
    assert str(err.value).startswith(f"{path}:2:1: cannot read this line as CSV") and len(str(err.value)) < 700
