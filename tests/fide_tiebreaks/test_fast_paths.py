"""The fast paths of issue 11 give what the plain definitions give, on random small Swiss events.

Each fast path (cuts read off a sorted list, tie groups found by value identity, sort keys per
distinct value, points added in units) is checked against the straightforward computation it
replaces, so a change to one side that the other does not follow fails here.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.standings import POINTS, compute_standings, event_date
from rulesengine.tiebreak import TiebreakContext
from rulesengine_fide.tiebreaks.direct_encounter import _tied_groups
from rulesengine_fide.tiebreaks.modifiers import Contribution, apply_cuts, cut_totals
from rulesengine_fide.tiebreaks.rulesets import RuleSet
from fide_tiebreaks.test_properties import REGISTRY, swiss_events

CRITERIA = ("BH/C1", "BH", "BH/M1", "SB/C1", "DE", "WIN", "ARO/C1", "TPR", "RTNG/R")


@st.composite
def contribution_lists(draw):
    rounds = draw(st.integers(0, 9))
    entries = []
    for number in range(1, rounds + 1):
        score = draw(st.integers(0, 18))
        value = score * draw(st.integers(0, 2))
        entries.append(Contribution(score, value, number, number + 10, draw(st.booleans()), ""))
    return tuple(entries)


@settings(max_examples=200, deadline=None)
@given(st.lists(contribution_lists(), min_size=1, max_size=4), st.integers(0, 3), st.integers(0, 2),
       st.sampled_from(list(RuleSet)))
def test_cut_totals_are_the_totals_apply_cuts_keeps(lists, low, high, rule_set):
    by_player = dict(enumerate(lists, start=1))
    rounds = max(len(entries) for entries in lists)
    expected = {sno: apply_cuts(list(entries), low, high, rounds, rule_set).total for sno, entries in by_player.items()}
    assert cut_totals(by_player, low, high, rounds, rule_set) == expected


def _context(t, specs):
    previous = [(POINTS, t.points)]
    for spec in specs:
        previous.append((spec, REGISTRY.tiebreak(spec.code).compute(
            spec, TiebreakContext(t, event_date(t), {}, tuple(previous))).values))
    return TiebreakContext(t, event_date(t), {}, tuple(previous))


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_direct_encounter_finds_the_groups_the_context_finds(t):
    context = _context(t, REGISTRY.resolve_specs(["BH/C1", "WIN"]))
    assert sorted(_tied_groups(context)) == sorted(context.tied_groups())


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_points_are_the_sum_of_every_entry(t):
    for player in t.players:
        assert t.points[player.start_rank] == sum((t.scoring.points(e) for e in t.entries(player.start_rank)),
                                                  Fraction(0))


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_standings_order_and_ranks_are_those_of_comparing_the_values(t):
    specs = REGISTRY.resolve_specs(list(CRITERIA))
    standings = compute_standings(t, specs, REGISTRY)
    directions = []
    for spec in specs:
        rule = REGISTRY.tiebreak(spec.code)
        outcome = rule.compute(spec, _context(t, specs[:specs.index(spec)]))
        directions.append(rule.higher_is_better if outcome.higher_is_better is None else outcome.higher_is_better)

    def key(row):
        # The plain definition: points high first, then each value in its direction, None last.
        parts = [-row.points]
        for spec, higher in zip(specs, directions):
            value = row.tiebreaks[str(spec)]
            parts.append((1, 0) if value is None else (0, -value if higher else value))
        return tuple(parts)

    rows = sorted(standings.rows, key=lambda r: (key(r), r.start_rank))
    assert [r.start_rank for r in standings.rows] == [r.start_rank for r in rows]
    for before, after in zip(rows, rows[1:]):
        assert (after.rank == before.rank) == (key(after) == key(before))
