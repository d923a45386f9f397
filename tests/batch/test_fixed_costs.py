"""The per-event shortcuts batch throughput relies on give exactly what the plain definitions give.

`ranking_keys.sort_keys` turns exact values into whole-number keys in C and
`standings.declared_points_notes` compares (numerator, denominator) pairs: both must order and
compare as the Fractions themselves do (FIDE C.07 art. 4: ranked by points, then each tie-break
in turn; a value that cannot be computed ranks last).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rulesengine.api import resolved_specs
from rulesengine.errors import UsageError
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament
from rulesengine.registry import default_registry
from rulesengine.ranking_keys import sort_keys
from rulesengine.standings import declared_points_notes

EXACT = st.one_of(st.none(), st.integers(-50, 50),
                  st.builds(Fraction, st.integers(-200, 200), st.sampled_from([1, 2, 3, 4, 8, 100])))


def _reference_order(values: list, higher_is_better: bool) -> list[list[int]]:
    """Groups of positions, best first, by the values themselves; None last."""
    present = sorted({v for v in values if v is not None}, reverse=higher_is_better)
    groups = [[i for i, v in enumerate(values) if v is not None and v == value] for value in present]
    missing = [i for i, v in enumerate(values) if v is None]
    return groups + ([missing] if missing else [])


def _key_order(keys: list) -> list[list[int]]:
    return [[i for i, k in enumerate(keys) if k == key] for key in sorted(set(keys))]


@given(st.lists(EXACT, min_size=1, max_size=30), st.booleans())
def test_sort_keys_order_exact_values_as_the_values_do_none_last(values, higher_is_better):
    start_ranks = list(range(1, len(values) + 1))
    keys = sort_keys(dict(zip(start_ranks, values)), start_ranks, higher_is_better)
    assert _key_order(keys) == _reference_order(values, higher_is_better)


def test_sort_keys_of_shared_and_equal_fractions_and_decimals():
    half = Fraction(1, 2)
    values = {1: half, 2: Fraction(2, 4), 3: half, 4: 3, 5: Fraction(7, 2), 6: None}
    keys = sort_keys(values, [1, 2, 3, 4, 5, 6], True)
    assert keys == [-1, -1, -1, -6, -7, float("inf")]  # over the denominator 2, higher first
    decimals = sort_keys({1: Decimal("1.25"), 2: None, 3: Decimal("2.5")}, [1, 2, 3], False)
    assert decimals == [Decimal("1.25"), float("inf"), Decimal("2.5")]


def _event(declared: list[Fraction | int | None]) -> Tournament:
    """Player 1 beats player 2, player 3 has a full-point bye: 1, 0 and 1 point from the results."""
    entries = {1: (RoundEntry(1, 2, Colour.WHITE, ResultCode.WIN),),
               2: (RoundEntry(1, 1, Colour.BLACK, ResultCode.LOSS),),
               3: (RoundEntry(1, None, Colour.NONE, ResultCode.FULL_POINT_BYE),)}
    players = tuple(Player(n, f"Spieler {n} Ødegård", entries[n], declared_points=d)
                    for n, d in zip((1, 2, 3), declared))
    return Tournament("Declared", players, 1)


def test_declared_points_that_differ_are_noted_those_that_agree_are_not():
    assert declared_points_notes(_event([Fraction(1), 0, None])) == []
    assert declared_points_notes(_event([1, Fraction(0), Fraction(2, 2)])) == []
    assert declared_points_notes(_event([Fraction(3, 2), Fraction(0), Fraction(1)])) == [
        "player 1 (Spieler 1 Ødegård): the file gives 1.5 points, the results add up to 1; the results are used"]


def test_specs_resolved_once_per_run_and_a_bad_spec_still_refused_every_time():
    registry = default_registry()
    first = resolved_specs(registry, ("BH/C1", "BH", "SB"))
    assert first is resolved_specs(registry, ("BH/C1", "BH", "SB"))
    assert [str(s) for s in first] == ["BH/C1", "BH", "SB"]
    for _ in range(2):  # an error is not cached as an answer
        with pytest.raises(UsageError, match="Q"):
            resolved_specs(registry, ("BH/Q9",))


def _small_archive(tmp_path, seed):
    """Three generated inputs, discovered, and the bytes of every file (an input is never changed)."""
    from rulesengine.inputs import discover
    from rulesengine.batch.samples import write_archive

    folder = tmp_path / "in"
    write_archive(folder, 3, broken=0, seed=seed)
    return folder, discover([str(folder)]), {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_output_folder_whose_results_would_land_on_inputs_is_refused_even_through_a_link(tmp_path):
    from rulesengine.batch.out_dir import check_out_dir

    folder, inputs, before = _small_archive(tmp_path, 2)
    link = tmp_path / "link"
    link.symlink_to(folder, target_is_directory=True)
    for out in (folder, link):
        with pytest.raises(UsageError, match="results would overwrite the input"):
            check_out_dir(out, inputs)
    check_out_dir(tmp_path / "out", inputs)  # a fresh folder is fine
    (tmp_path / "out").mkdir()
    check_out_dir(tmp_path / "out", inputs)  # and an existing one that holds no input
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


def test_an_empty_output_folder_is_used_and_the_input_folder_is_still_refused(tmp_path):
    from rulesengine.batch.job import BatchOptions
    from rulesengine.batch.runner import InlineExecutor, run_batch

    folder, inputs, before = _small_archive(tmp_path, 4)
    empty = tmp_path / "out"
    empty.mkdir()
    outcome = run_batch(inputs, empty, BatchOptions(tiebreaks="BH,SB"), InlineExecutor(), timings=False)
    assert outcome.count("ok") == 3
    with pytest.raises(UsageError, match="results would overwrite the input"):
        run_batch(inputs, folder, BatchOptions(tiebreaks="BH,SB"), InlineExecutor(), timings=False)
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


def test_sort_keys_of_fractions_only_read_through_their_slots_are_the_common_denominator_keys():
    # No None and Fractions only: the route that reads each Fraction's terms in C.
    values = {1: Fraction(1, 2), 2: Fraction(3, 4), 3: Fraction(3, 4), 4: Fraction(2)}
    assert sort_keys(values, [1, 2, 3, 4], True) == [-2, -3, -3, -8]   # over the denominator 4
    assert sort_keys(values, [4, 3, 1], False) == [8, 3, 2]


@given(st.lists(st.builds(Fraction, st.integers(-200, 200), st.sampled_from([1, 2, 3, 4, 8, 100])),
                min_size=1, max_size=30), st.booleans())
def test_sort_keys_of_fractions_only_order_as_the_values_do(values, higher_is_better):
    start_ranks = list(range(1, len(values) + 1))
    keys = sort_keys(dict(zip(start_ranks, values)), start_ranks, higher_is_better)
    assert _key_order(keys) == _reference_order(values, higher_is_better)


def test_declared_points_given_as_fractions_and_as_whole_numbers_compare_alike():
    fractions = _event([Fraction(1), Fraction(1, 2), Fraction(1)])
    ints = _event([1, Fraction(1, 2), 1])
    want = ["player 2 (Spieler 2 Ødegård): the file gives 0.5 points, the results add up to 0; the results are used"]
    assert declared_points_notes(fractions) == declared_points_notes(ints) == want


def test_tied_rows_share_the_rank_of_the_first_and_the_next_row_takes_its_position():
    from rulesengine.standings import compute_standings

    # 1 and 2 draw, 3 and 4 draw: two pairs tied on points and (with no tie-break) share a rank.
    entries = {1: (RoundEntry(1, 2, Colour.WHITE, ResultCode.DRAW),),
               2: (RoundEntry(1, 1, Colour.BLACK, ResultCode.DRAW),),
               3: (RoundEntry(1, 4, Colour.WHITE, ResultCode.WIN),),
               4: (RoundEntry(1, 3, Colour.BLACK, ResultCode.LOSS),),
               5: (RoundEntry(1, None, Colour.NONE, ResultCode.HALF_POINT_BYE),)}
    event = Tournament("Ties", tuple(Player(n, f"P{n}", entries[n]) for n in entries), 1)
    rows = compute_standings(event, [], default_registry()).rows
    assert [(r.rank, r.start_rank, r.points) for r in rows] == [
        (1, 3, 1), (2, 1, Fraction(1, 2)), (2, 2, Fraction(1, 2)), (2, 5, Fraction(1, 2)), (5, 4, 0)]
    assert all(type(r.rank) is int and r.tiebreaks == {} for r in rows)


def test_the_one_line_json_of_rows_with_every_kind_of_value_is_the_encoders_own_even_when_values_recur():
    import json
    from rulesengine.output.standings import standings_document, standings_json_line
    from rulesengine.standings import Standings, StandingRow
    from rulesengine.tiebreak import TiebreakSpec

    event = _event([None, None, None])
    specs = (TiebreakSpec("A"), TiebreakSpec("B"), TiebreakSpec("C%s"))
    kinds = [Fraction(7, 2), Fraction(1, 3), Decimal("1.5"), Decimal("2"), Decimal("NaN"), None, True, 3, 2 ** 60,
             Fraction(2 ** 60 + 1, 2), 2.0, 1.25]
    for _ in range(2):   # the second time every value's text is one kept from the first
        rows = tuple(StandingRow(i + 1, 1 + i % 3, ['Ødegård "x"', "a\\b\n", "%s %d"][i % 3], kinds[i],
                                 {"A": kinds[-1 - i], "B": kinds[(i * 5) % len(kinds)], "C%s": kinds[i]})
                     for i in range(len(kinds)))
        standings = Standings(event, specs, rows, ("a note",))
        assert standings_json_line(standings) == json.dumps(standings_document(standings), ensure_ascii=False)
