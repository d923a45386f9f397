"""JSON on stdout (`print_json`): the value is the contract; the layout is one record per line."""

from __future__ import annotations

import json
from fractions import Fraction

from hypothesis import given, strategies as st

from rulesengine.output.json_text import json_text
from rulesengine.numbers import to_json_number

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                      max_leaves=20)


@given(values)
def test_the_json_value_is_what_indent_2_gave(value):
    text = json_text(value)
    assert text.endswith("\n")
    assert json.loads(text) == json.loads(json.dumps(value, ensure_ascii=False, indent=2))


def test_each_standings_row_is_one_line_and_names_stay_unicode():
    rows = [{"rank": 1, "start_rank": 7, "name": "Новиков, Алексей", "points": 6.5, "tiebreaks": {"BH": 24.5}},
            {"rank": 2, "start_rank": 3, "name": "العلي, سارة", "points": 6, "tiebreaks": {"BH": None}}]
    data = {"tournament": {"name": "Ö", "rounds": 7}, "tiebreaks": ["BH"], "standings": rows, "notes": []}
    lines = json_text(data).splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert lines[1] == '  "tournament": {"name": "Ö", "rounds": 7},'
    assert lines[2] == '  "tiebreaks": ["BH"],'
    assert lines[3] == '  "standings": ['
    assert json.loads(lines[4].rstrip(",")) == rows[0] and json.loads(lines[5]) == rows[1]
    assert lines[6] == "  ],"
    assert lines[7] == '  "notes": []'
    assert json_text([]) == "[]\n" and json_text({}) == "{}\n"


def _defined(value: Fraction) -> int | float:
    """to_json_number's definition for a Fraction: exact when a double holds it, else 6 decimals."""
    if value.denominator == 1:
        return value.numerator
    as_float = float(value)
    return as_float if Fraction(as_float) == value else round(as_float, 6)


@given(st.integers(-2**70, 2**70), st.sampled_from([1, 2, 3, 4, 6, 8, 10, 2**10, 2**60, 2**80, 7 * 2**5]))
def test_the_power_of_two_fast_path_gives_the_defined_number(numerator, denominator):
    value = Fraction(numerator, denominator)
    got, want = to_json_number(value), _defined(value)
    assert got == want and type(got) is type(want)
    assert to_json_number(Fraction(1, 2)) == 0.5 and to_json_number(Fraction(45, 4)) == 11.25
