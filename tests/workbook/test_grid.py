from rulesengine.grid import Grid, MergedRange, cell_address, column_index, column_letter, parse_address, text


def test_cell_address_is_a1_from_zero_based_indexes():
    assert cell_address(0, 0) == "A1"
    assert cell_address(13, 7) == "H14"
    assert cell_address(0, 26) == "AA1"
    assert cell_address(9, 701) == "ZZ10"


def test_column_letters_round_trip():
    for i in (0, 25, 26, 51, 52, 701, 702, 16383):
        assert column_index(column_letter(i)) == i
    assert column_letter(16383) == "XFD"


def test_parse_address():
    assert parse_address("H14") == (13, 7)
    assert parse_address("$AA$1") == (0, 26)


def test_merged_block_reads_its_top_left_value():
    grid = Grid("S", [["Name", None, "Round 1", None, None]], (MergedRange.from_a1("C1:E1"),))
    assert grid.value(0, 4) is None
    assert grid.value(0, 4, merged=True) == "Round 1"
    assert grid.row(0, merged=True) == ["Name", None, "Round 1", "Round 1", "Round 1"]
    assert grid.address(0, 4) == "S!E1"


def test_text_squeezes_spaces_and_whole_floats():
    assert text("  Olsen,\u00a0 Sven ") == "Olsen, Sven"
    assert text(12.0) == "12"
    assert text(None) == ""
