"""The format plugin's quick test for a team record equals the plain multiline regex it replaced."""

import re

import pytest

from fixture_data import all_trf_fixtures, fixture_files
from rulesengine.formats.plugin import _has_team_record

PLAIN = re.compile(r"^(?:310|013)", re.MULTILINE)

TEXTS = [
    "", "310", "013 x", "012 x\n310 1", "012 x\r\n013 y", "012 x\r310 y",   # \r alone starts no line for ^
    "001    1 m    Name 310", " 310", "012 x\n 310", "012 x\n31 0", "0013", "\n\n013",
    "001    1 m    A  2000 FID  12310 2000/01/01", "012 x\n3100", "012 x\n0130",
]


@pytest.mark.parametrize("text", TEXTS)
def test_equals_the_regex_on_edge_texts(text):
    assert _has_team_record(text) == bool(PLAIN.search(text))


def test_equals_the_regex_on_every_fixture():
    paths = [*all_trf_fixtures(), *fixture_files("team", "*.trf"), *fixture_files("team_swiss", "*.trf")]
    answers = [(_has_team_record(t), bool(PLAIN.search(t)))
               for t in (p.read_text(encoding="utf-8", errors="replace") for p in paths)]
    assert any(a for a, _ in answers) and not all(a for a, _ in answers)   # both kinds are met
    assert all(a == b for a, b in answers)
