"""Name rules (issue 13, item 3; shared/docs/domain.md section 2: software suggests, a human
confirms every link; merging two people is far worse than splitting one)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from rulesengine.season import names
from rulesengine.season.names import compare, fold, initials, osa_distance

from .conftest import snapshot, write_event


@pytest.mark.parametrize("here, there", [
    ("Smith, John", "smith,  JOHN"),            # case, spacing
    ("Smith,John", "Smith John"),               # comma (TRF's "Surname, First" without a space)
    ("Ødegård, Søren", "Odegard, Soren"),       # Ø and å fold
    ("Łukasz Weiß", "Lukasz Weiss"),            # Ł and ß fold
    ("Müller-Lüdenscheidt, Jürgen", "Muller Ludenscheidt, Jurgen"),
    ("O'Brien, Seán", "OBrien, Sean"),
])
def test_exact_after_normalising_case_spacing_commas_and_accents(here, there):
    match = compare(here, there)
    assert match.score == 100 and match.reason == "same name after normalising case, spacing, commas and accents"


def test_other_scripts_are_compared_as_written():
    assert fold("Иванов, Иван") == "иванов, иван"       # case folds, letters are not transliterated
    assert compare("Иванов, Иван", "ИВАНОВ Иван").score == 100
    assert compare("Иванов, Иван", "Ivanov, Ivan") is None
    assert compare("محمد علي", "محمد علي").score == 100 and compare("محمد علي", "Mohamed Ali") is None


@pytest.mark.parametrize("here, there, score, words", [
    ("Smith, J.", "Smith, John", 85, "first name reduced to an initial (j / john)"),
    ("Smith, John Paul", "Smith, John", 90, "middle name paul given only here"),
    ("Smith, John", "Smith, John Paul", 90, "middle name paul given only in the roster"),
    ("Smyth, John", "Smith, John", 80, "one letter differs in the surname (smyth / smith)"),
    ("Smtih, John", "Smith, John", 80, "one letter differs in the surname (smtih / smith)"),
    ("John Smith", "Smith, John", 95, "first and last name in the other order"),
    ("J. Smith", "Smith, John", 80, "first name reduced to an initial (j / john); first and last name in the other order"),
])
def test_each_rule_scores_and_says_why(here, there, score, words):
    match = compare(here, there)
    assert (match.score, match.reason) == (score, words)


@pytest.mark.parametrize("here, there", [("Smith, Jane", "Smith, John"), ("Smith, John", "Smithers, John"),
                                         ("Lee, Kim", "Kim, Lee Ann"), ("Ng, Lan", "Ng, Lam")])
def test_no_rule_no_suggestion(here, there):
    """Different first names, surnames two letters apart, or a short surname with a typo: not offered."""
    assert compare(here, there) is None


def test_the_fields_say_what_agrees_and_what_differs():
    match = compare("J. Smyth", "Smith, John")
    assert match.fields == (("surname", "smyth", "smith", "one letter differs"), ("first name", "j", "john", "initial"),
                            ("order", "first name first", "surname first", "swapped"))


def test_pure_python_distance_equals_the_compiled_one():
    rapidfuzz = pytest.importorskip("rapidfuzz.distance")
    rng = random.Random(13)
    words = ["".join(rng.choice("abcdeéø") for _ in range(rng.randint(0, 8))) for _ in range(400)]
    for x, y in zip(words, words[1:]):
        assert osa_distance(x, y) == rapidfuzz.OSA.distance(x, y)
    assert osa_distance("smtih", "smith") == 1 and osa_distance("ca", "abc") == 3


def test_initials_first_names_first():
    assert initials("Smith, John Paul") == "J. P. S." and initials("Anna Brown") == "A. B."
    assert initials("Ødegård, Søren") == "S. Ø."


# ---------------------------------------------------------------- through the store


def two_week_store(tmp_path, cli, second_names, second_rounds):
    root = tmp_path / "club"
    cli("season", "init", root)
    one = write_event(tmp_path / "w1.trf", ["Smith, John", "Smith, Jane", "Brown, Anna", "Lee, Kim"],
                      ["1-3 1-0, 2-4 =", "1-4 1-0, 2-3 0-1"], date="2026/03/05")
    two = write_event(tmp_path / "w2.trf", second_names, second_rounds, date="2026/03/12")
    cli("season", "add", root, one, two)
    cli("names", root, *[f"--new=2026-03-05:{n}" for n in range(1, 5)])
    return root


def pending_of(cli, root, sno):
    return next(p for p in cli.json("names", root)["pending"] if p["start_no"] == sno)


def test_names_json_lists_ranked_candidates_with_score_and_reason(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, J.", "Browm, Anna", "Lee Kim", "Newman, Ned"],
                          ["1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0"])
    item = pending_of(cli, root, 2)
    assert item["event"] == "2026-03-12" and item["name"] == "Browm, Anna"
    assert item["candidates"] == [{"member": "M003", "name": "Brown, Anna", "score": 80,
                                   "reason": "one letter differs in the surname (browm / brown)",
                                   "fields": [{"field": "surname", "here": "browm", "member": "brown",
                                               "how": "one letter differs"},
                                              {"field": "first name", "here": "anna", "member": "anna",
                                               "how": "same"}]}]
    assert item["blocked"] == []
    assert [(c["member"], c["score"]) for c in pending_of(cli, root, 3)["candidates"]] == [("M004", 100)]
    assert pending_of(cli, root, 4)["candidates"] == []


def test_two_equally_good_members_are_both_named_and_neither_preferred(tmp_path, cli):
    """"Smith, J." could be John or Jane: the suggestion says so and --accept-exact leaves it alone."""
    root = two_week_store(tmp_path, cli, ["Smith, J.", "Brown, Anna"], ["1-2 1-0"])
    item = pending_of(cli, root, 1)
    assert [(c["member"], c["score"]) for c in item["candidates"]] == [("M001", 85), ("M002", 85)]
    assert all("equally good: M001 (Smith, John), M002 (Smith, Jane) - the TD must choose, neither is preferred"
               in c["reason"] for c in item["candidates"])
    out = cli("names", root, "--accept-exact")
    assert out.splitlines() == ["M003\texact 2026-03-12:2 (Brown, Anna) = M003 (Brown, Anna), decision 5"]
    assert pending_of(cli, root, 1)["candidates"][0]["score"] == 85


def test_two_names_that_played_each_other_are_never_the_same_person(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, John", "Smith, J."], ["1-2 1-0"])
    cli("names", root, "--link", "2026-03-12:1=M001")
    item = pending_of(cli, root, 2)
    assert [c["member"] for c in item["candidates"]] == ["M002"]
    assert item["blocked"] == [{"member": "M001", "why": "played this name in round 1 of 2026-03-12 (as start number "
                                                         "1, Smith, John): two names that played each other are never "
                                                         "the same person"}]
    before = snapshot(root)
    cli("names", root, "--link", "2026-03-12:2=M001", status=2)
    assert "cannot be M001" in cli.err and snapshot(root) == before


def test_two_names_of_one_event_are_never_the_same_person_even_without_a_game(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, John", "Brown, Anna", "J. Smith", "Lee, Kim"],
                          ["1-2 1-0, 3-4 =", "1-4 =, 2-3 1-0"])
    cli("names", root, "--link", "2026-03-12:1=M001")
    item = pending_of(cli, root, 3)
    assert [b["member"] for b in item["blocked"]] == ["M001"]
    assert "is start number 1 (Smith, John) of 2026-03-12: two names in one event are never the same person" \
        == item["blocked"][0]["why"]


def test_a_rejected_pair_is_never_suggested_again(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, J.", "Brown, Anna"], ["1-2 1-0"])
    out = cli("names", root, "--reject", "2026-03-12:1=M002")
    assert out.startswith("M002\treject 2026-03-12:1 (Smith, J.) = M002")
    item = pending_of(cli, root, 1)
    assert [c["member"] for c in item["candidates"]] == ["M001"] and "equally good" not in item["candidates"][0]["reason"]
    assert item["blocked"] == [{"member": "M002", "why": "rejected by the TD (decision 5): never suggested again"}]
    cli("names", root, "--link", "2026-03-12:1=M002", status=2)
    assert "undo the rejection first" in cli.err


def test_decisions_print_the_member_and_are_lines_with_who_and_when(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, John", "Newman, Ned"], ["1-2 1-0"])
    assert cli.json("names", root, "--new", "2026-03-12:2", "--by", "td-anna") == {
        "member": "M005", "decision": "new member M005 (Newman, Ned) from 2026-03-12:2, decision 5"}
    line = (root / "decisions.tsv").read_text(encoding="utf-8").splitlines()[-1].split("\t")
    assert line[:7] == ["5", "new", "2026-03-12", "2", "M005", "Newman, Ned", "td-anna"]
    assert line[7].endswith("Z") and line[7][:4] == "20" + line[7][2:4]
    cli("names", root, "--undo", "5")
    assert "M005" not in (root / "roster.tsv").read_text(encoding="utf-8")


def test_nothing_is_linked_without_a_decision(tmp_path, cli):
    """Exact matches too stay pending until the TD accepts them; the ladder counts them."""
    root = two_week_store(tmp_path, cli, ["Smith, John", "Brown, Anna"], ["1-2 1-0"])
    data = cli.json("ladder", root)
    assert data["pending_names"] == 2 and data["notice"].startswith("2 names not yet confirmed")
    assert {r["member"] for r in data["ladder"]} >= {"2026-03-12:1", "2026-03-12:2"}
    assert len(data["history"]["M001"]) == 1


def test_a_batch_of_decisions_is_recorded_all_or_none(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, John", "Smith, J."], ["1-2 1-0"])
    before = snapshot(root)
    cli("names", root, "--link", "2026-03-12:1=M001", "--link", "2026-03-12:2=M001", status=2)
    assert snapshot(root) == before


def test_the_name_module_needs_no_compiled_code(monkeypatch):
    monkeypatch.setattr(names, "_OSA", None)
    assert names.surname_distance("smyth", "smith") == 1 and compare("Smyth, John", "Smith, John").score == 80


def test_new_unmatched_creates_members_only_for_names_without_a_candidate(tmp_path, cli):
    root = two_week_store(tmp_path, cli, ["Smith, J.", "Newman, Ned", "Quinn, Q"], ["1-2 1-0, 3 U"])
    out = cli("names", root, "--new-unmatched", "2026-03-12")
    assert [line.split("\t")[0] for line in out.splitlines()] == ["M005", "M006"]
    assert [p["start_no"] for p in cli.json("names", root)["pending"]] == [1]


NAME_PARTS = st.sampled_from(["smith", "Smith", "SMYTH", "Ødegård", "Odegard", "Łukasz", "Weiß", "john", "J.", "Jon",
                              "Anna", "Maria", "Иван", "Иванов", "Lee", "van", "der", "Berg"])


@settings(max_examples=200, deadline=None)
@given(st.lists(NAME_PARTS, min_size=1, max_size=4), st.lists(NAME_PARTS, min_size=1, max_size=4),
       st.booleans(), st.booleans())
def test_a_match_scores_the_same_both_ways(a, b, comma_a, comma_b):
    """Whether "J. Smith" could be "Smith, John" does not depend on which was typed first."""
    here = f"{a[0]}, {' '.join(a[1:])}" if comma_a and len(a) > 1 else " ".join(a)
    there = f"{b[0]}, {' '.join(b[1:])}" if comma_b and len(b) > 1 else " ".join(b)
    one, other = compare(here, there), compare(there, here)
    assert (one is None) == (other is None)
    if one is not None:
        assert one.score == other.score
        assert compare(here, here).score == 100
