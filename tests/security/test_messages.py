"""A value echoed whole by any reader is shown in part where the message is rendered (issue 26
item 2's rule, and its bar: no message line over 300 characters)."""

from __future__ import annotations

from rulesengine.errors import InputError, Location, Problem, UsageError


def test_a_long_quoted_value_is_cut_to_60_characters_and_its_length():
    problem = Problem(Location(sheet="Crosstable", cell="B7"), "rating must be a number, found '" + "x" * 5000 + "'")
    assert str(problem) == "Crosstable!B7: rating must be a number, found '" + "x" * 60 + "'... (5,000 characters)"


def test_a_number_of_hundreds_of_digits_is_cut_to_its_first_digits():
    total = "-1" + "0" * 308   # a points total of -1e308, read exactly
    error = InputError(Problem(Location(sheet="Crosstable", cell="N14"), f"points total {total} for player 3 (Ana) "
                                                                        f"does not match 2 counted from the results"))
    assert str(error) == ("Crosstable!N14: points total -10000000000000000000... (309 digits) for player 3 (Ana) "
                          "does not match 2 counted from the results")


def test_apostrophes_of_words_are_not_quotes():
    text = "the player's colour and the opponent's colour differ: " + "w" * 80
    assert str(UsageError(text)) == text
