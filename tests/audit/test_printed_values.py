"""How programs print values (issue 27): rounding of any common kind is rounding, told once per
column with the rounding its values decide, and a place printed as a range is a shared place."""

from __future__ import annotations

import random
from fractions import Fraction

from rulesengine.audit.check import audit_event
from rulesengine.audit.printed import (Rounding, column_rounding, printed_number, printed_range, rounded,
                                       roundings_giving)
from rulesengine.audit.sources import load_event
from rulesengine.inputs import discover
from rulesengine.batch.samples import swiss_event, vega_pages
from rulesengine.numbers import to_text
from rulesengine.standings import compute_standings

F = Fraction
# Vega's SB to one decimal (issue 27): exact binary halves to even, as C and Delphi format them.
VEGA_HALF_EVEN = [(F(93, 4), F(232, 10)), (F(65, 4), F(162, 10)), (F(37, 4), F(92, 10)),
                  (F(83, 4), F(208, 10)), (F(71, 4), F(178, 10))]


def test_each_rounding_prints_the_issue_s_values_as_it_should():
    assert [rounded(e, 1, Rounding.HALF_EVEN) for e, _ in VEGA_HALF_EVEN] == [p for _, p in VEGA_HALF_EVEN]
    assert [rounded(e, 1, Rounding.HALF_UP) for e, _ in VEGA_HALF_EVEN] == [F(233, 10), F(163, 10), F(93, 10),
                                                                            F(208, 10), F(178, 10)]
    assert [rounded(e, 1, Rounding.TRUNCATED) for e, _ in VEGA_HALF_EVEN] == [F(232, 10), F(162, 10), F(92, 10),
                                                                              F(207, 10), F(177, 10)]
    assert roundings_giving(F(93, 4), F(232, 10), 1) == {Rounding.HALF_EVEN, Rounding.TRUNCATED}
    assert roundings_giving(F(83, 4), F(208, 10), 1) == {Rounding.HALF_EVEN, Rounding.HALF_UP}
    assert roundings_giving(F(93, 4), F(93, 4), 2) == frozenset()          # exact is not rounding
    assert roundings_giving(F(93, 4), F(240, 10), 1) == frozenset()        # nothing prints 23.25 as 24.0


def test_a_column_s_rounding_is_what_every_value_agrees_with():
    values = [(e, p, roundings_giving(e, p, 1)) for e, p in VEGA_HALF_EVEN]
    column = column_rounding("SB", 1, values)
    assert column.roundings == (Rounding.HALF_EVEN,) and column.values == 5 and len(column.decided_by) == 5
    assert column.describe() == ("SB printed to 1 decimal, rounded half to even (5 values rounded; decided by "
                                 "23.25 -> 23.2, 16.25 -> 16.2, 9.25 -> 9.2, ...)")
    truncated = [(F(1, 3), F(3, 10)), (F(2, 3), F(6, 10)), (F(83, 4), F(207, 10))]
    assert column_rounding("ARO", 1, [(e, p, roundings_giving(e, p, 1)) for e, p in truncated]).roundings == (
        Rounding.TRUNCATED,)
    # 1/3 -> 0.3 is printed so by every rounding: it decides nothing and is not shown as deciding.
    undecided = column_rounding("X", 1, [(F(1, 3), F(3, 10), roundings_giving(F(1, 3), F(3, 10), 1))])
    assert undecided.roundings == tuple(Rounding) and undecided.decided_by == ()
    assert "no value decides between them" in undecided.describe()


def test_printed_texts_read_as_numbers_and_ranges():
    assert printed_number("16,5") == (F(33, 2), 1) and printed_number("53.00") == (53, 2)
    assert printed_number("1e9999") is None and printed_number("1-2") is None
    assert printed_range("1-2") == (1, 2) and printed_range(" 3 - 5 ") == (3, 5) and printed_range("3–4") == (3, 4)
    assert printed_range("2") is None and printed_range("2-2") is None and printed_range("-1") is None


def _audit(folder, registry, given=None):
    [item] = discover([str(folder)])
    return audit_event(load_event(item), registry, given=given)


def test_a_vega_page_rounding_half_to_even_and_printing_shared_places_reports_only_the_planted_ones(
        tmp_path, registry):
    t = swiss_event(random.Random(27), 40, 7, "Winter Rapid 2026", "2026-06-02")
    specs = registry.resolve_specs(["BH", "SB", "DE"])
    values = compute_standings(t, specs, registry).values
    bh, sb, de = values["BH"], values["SB"], values["DE"]
    published = {"BH": {s: to_text(bh[s]) for s in t.by_start_rank},
                 "SB": {s: f"{float(rounded(sb[s], 1, Rounding.HALF_EVEN)):.1f}" for s in t.by_start_rank},
                 "DE": {}}
    halves = [s for s in t.by_start_rank if (sb[s] * 10).denominator == 2]
    assert halves, "the generated event has SB values ending in .25 or .75"
    # DE places shared by players equal on points: printed "a-b" as Vega does.
    groups: dict[tuple, list[int]] = {}
    for s in t.by_start_rank:
        groups.setdefault((t.points[s], de[s]), []).append(s)
    shared = [players for players in groups.values() if len(players) > 1]
    assert shared, "the generated event has a shared direct-encounter place"
    for (points, place), players in groups.items():
        for s in players:
            published["DE"][s] = f"{place}-{place + len(players) - 1}" if len(players) > 1 else to_text(place)
    typo = next(s for s in t.by_start_rank if s not in halves)
    published["BH"][typo] = to_text(bh[typo] + 3)
    wrong_place = shared[0][0]
    published["DE"][wrong_place] = f"{de[wrong_place] + 1}-{de[wrong_place] + 2}"
    cross, stand = vega_pages(t, published)
    folder = tmp_path / "winter"
    folder.mkdir()
    (folder / "crosstable.html").write_text(cross, encoding="utf-8")
    (folder / "standings.html").write_text(stand, encoding="utf-8")

    audit = _audit(folder, registry, given={"BH": specs[0], "SB": specs[1], "DE": specs[2]})

    assert {(d.start_no, d.column) for d in audit.differences} == {(typo, "BH"), (wrong_place, "DE")}
    place = next(d for d in audit.differences if d.column == "DE")
    assert place.published == f"{de[wrong_place] + 1}-{de[wrong_place] + 2}" and place.computed == de[wrong_place]
    (sb_rounding,) = audit.roundings
    assert sb_rounding.column == "SB" and sb_rounding.roundings == (Rounding.HALF_EVEN,)
    assert sb_rounding.values == sum(1 for s in t.by_start_rank if sb[s] * 10 % 1)
