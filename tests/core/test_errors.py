"""Every exit-2 message fits on one screen (issue 10 item 3): at most 20 problems then a count,
at most 25 lines, no line longer than errors.MAX_LINE characters plus a short note."""

from __future__ import annotations

from rulesengine.errors import MAX_LINE, InputError, Location, Problem, UsageError, bounded, clip, render_problems


def test_first_twenty_problems_and_a_count():
    problems = [Problem(Location("f.trf", n, 1), f"problem {n}") for n in range(1, 101)]
    lines = str(InputError(problems)).splitlines()
    assert lines[:2] == ["f.trf:1:1: problem 1", "f.trf:2:1: problem 2"]
    assert len(lines) == 21 and lines[20] == "... and 80 more problems"
    assert render_problems(problems[:20]).count("\n") == 19


def test_one_more_problem_is_singular():
    problems = [Problem(Location("f", n), "x") for n in range(21)]
    assert str(InputError(problems)).splitlines()[-1] == "... and 1 more problem"


def test_a_huge_message_is_clipped_and_says_how_much():
    text = clip("x" * 1_000_000)
    assert len(text) < MAX_LINE + 40 and text.endswith("(999,400 more characters)")
    message = str(InputError(Problem(Location("f", 1, 1), "y" * 1_000_000)))
    assert "\n" not in message and len(message) < MAX_LINE + 40


def test_any_engine_error_is_at_most_25_lines():
    assert len(str(UsageError("line\n" * 1000)).splitlines()) == 25
    assert bounded("a\nb") == "a\nb"
