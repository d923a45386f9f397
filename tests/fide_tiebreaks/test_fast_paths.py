"""The fast paths of issue 11 give what the plain definitions give, on random small Swiss events.

Each fast path (cuts read off a sorted list, tie groups found by value identity, sort keys per
distinct value, points added in units) is checked against the straightforward computation it
replaces -- the articles as written, `rulesengine_fide.tiebreaks.reference` -- so a change to one
side that the other does not follow fails here.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulesengine.standings import POINTS, compute_standings, event_date
from rulesengine.tiebreak import TiebreakContext
from rulesengine_fide.tiebreaks.direct_encounter import _tied_groups
from rulesengine_fide.tiebreaks.modifiers import Contribution, apply_cuts, cut_totals
from rulesengine_fide.tiebreaks import rating_based, reference
from rulesengine_fide.tiebreaks.event import event_data
from rulesengine_fide.tiebreaks.opposition import opposition_totals, oppositions, treatment
from rulesengine_fide.tiebreaks.rulesets import RuleSet
from rulesengine_fide.tiebreaks.unplayed import adjusted_score, contributed_points
from fide_tiebreaks.test_properties import REGISTRY, compute, swiss_events

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


@settings(max_examples=40, deadline=None)
@given(swiss_events(), st.permutations(["PS", "BH/C1", "WIN", "SB", "TPN"]))
def test_direct_encounter_groups_of_longer_lists_refine_the_memoised_shorter_ones(t, order):
    """Each prefix of the criteria, asked for in an order that hits the memo both ways."""
    full = _context(t, REGISTRY.resolve_specs(order))
    prefixes = [replace(full, previous=full.previous[:n]) for n in range(1, len(full.previous) + 1)]
    for context in prefixes[::2] + prefixes[1::2] + prefixes:
        assert sorted(_tied_groups(context)) == sorted(context.tied_groups())


@settings(max_examples=40, deadline=None)
@given(swiss_events())
def test_direct_encounter_groups_split_by_sorting_are_the_same(t):
    from rulesengine_fide.tiebreaks import direct_encounter
    context = _context(t, REGISTRY.resolve_specs(["PS", "WIN", "BPG"]))
    threshold = direct_encounter.SORTED_SPLIT
    direct_encounter.SORTED_SPLIT = 0      # every group through the sorting path
    try:
        assert sorted(direct_encounter._split([[p.start_rank for p in t.players]], t.points)) == \
            reference.tied_groups([p.start_rank for p in t.players], t.points)
        event_data(t).memo.clear()
        assert sorted(_tied_groups(context)) == sorted(context.tied_groups())
    finally:
        direct_encounter.SORTED_SPLIT = threshold


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


# --- players who played every round over the board (EventData.all_over_the_board) -------------

@st.composite
def events_with_full_players(draw):
    """Random Swiss events where some players play every round and others have unplayed ones
    (the fast paths cover the first, the plain definitions the second)."""
    t = draw(swiss_events())
    assume(event_data(t).all_over_the_board)
    return t


TREATMENTS = [("BH", {}), ("BH/P", {}), ("FB", {}), ("BH", {"fide_rules": "fide-2024"}),
              ("BH", {"fide_rules": "fide-2017-virtual-opponent"}), ("BH", {"pairing_kind": "round robin"})]


@settings(max_examples=80, deadline=None)
@given(events_with_full_players(), st.sampled_from(TREATMENTS), st.booleans(), st.integers(0, 3),
       st.integers(0, 2))
def test_opposition_totals_are_cut_totals_of_every_contribution(t, treated, weighted, low, high):
    text, options = treated
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), options, ((POINTS, t.points),))
    tr = treatment(spec, context, fore=spec.code == "FB")
    expected = cut_totals(oppositions(tr, weighted), low, high, tr.data.rounds, tr.rule_set)
    assert opposition_totals(tr, low, high, weighted) == expected


def _definition(t, text):
    """A rating-based or counting tie-break through its plain definition (`reference`)."""
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), {}, ((POINTS, t.points),))
    data = event_data(t)
    if text.startswith("ARO"):
        return reference.average_rating_of_opponents(spec, context, data)
    if text in ("TPR", "PTP"):
        return reference.performances(spec, data, perfect=text == "PTP")
    if text in ("PS", "PS/C1"):
        return reference.progressive(data, cut=1 if text == "PS/C1" else 0)
    return {"WIN": reference.wins, "BPG": reference.black_games, "STD": reference.standard_points,
            "REP": reference.rounds_elected_to_play, "VUR": reference.voluntarily_unplayed,
            "NUM": reference.games_played}[text](data)


@settings(max_examples=80, deadline=None)
@given(events_with_full_players(), st.sampled_from(["ARO", "ARO/C1", "ARO/M1", "ARO/C2", "TPR", "PTP", "WIN", "BPG",
                                                   "PS", "PS/C1", "STD", "REP", "VUR", "NUM"]))
def test_fast_paths_of_players_who_played_every_round_give_the_definition(t, text):
    assert compute(t, text) == _definition(t, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4000), min_size=1, max_size=9), st.data())
def test_perfect_performance_is_the_lowest_rating_reaching_the_score(ratings, data):
    """Art. 10.3 by its definition: the lowest R whose expected score (table 8.1.2) reaches the
    score; the table read in C when the differences fit it, the function beyond (4,000)."""
    score100 = data.draw(st.integers(0, 2 * len(ratings))) * 50
    assert rating_based._perfect(ratings, score100) == reference.lowest_rating_reaching(ratings, score100)


@settings(max_examples=80, deadline=None)
@given(swiss_events(), st.sampled_from(list(RuleSet)), st.booleans(), st.booleans())
def test_adjusted_scores_are_the_sum_of_the_contributed_points(t, rule_set, round_robin, fore):
    """Art. 16.3: the shortcut (a player with no round to adjust contributes the total) agrees."""
    data = event_data(t)
    for sno in data.start_ranks:
        assert adjusted_score(data, sno, rule_set, round_robin, fore) == sum(
            contributed_points(data, sno, rule_set, round_robin, fore))


def test_the_expected_score_table_is_table_8_1_2_at_every_difference():
    from rulesengine_fide.tiebreaks.fide_tables import BY_DIFFERENCE, LARGEST_DIFFERENCE, expected_score_hundredths
    assert BY_DIFFERENCE == [expected_score_hundredths(d, 0)
                             for d in range(-LARGEST_DIFFERENCE, LARGEST_DIFFERENCE + 1)]


@settings(max_examples=60, deadline=None)
@given(swiss_events(), st.sampled_from(["AOB", "AOB/F", "KS", "WON", "BWG", "APRO", "APPO"]))
def test_the_other_column_paths_give_the_definition(t, text):
    """AOB, KS, WON, BWG, APRO, APPO through C-level reads of the table's columns, against the
    plain per-round definitions (Swiss: no forfeit counts as a game)."""
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), {}, ((POINTS, t.points),))
    data = event_data(t)
    got = compute(t, text)
    if text.startswith("AOB"):
        expected = reference.average_of_opponents_buchholz(data, compute(t, "FB" if text == "AOB/F" else "BH"))
    elif text == "KS":
        expected = reference.koya(spec, context, data)
    elif text in ("WON", "BWG"):
        expected = (reference.games_won if text == "WON" else reference.black_wins)(data)
    else:
        expected = reference.average_performance_of_opponents(spec, data, perfect=text == "APPO")
    assert got == expected


def test_the_shared_table_goes_with_its_tournament():
    """A long-running process (batch, the workbook add-in) keeps no table of an event it dropped."""
    import gc
    from rulesengine_fide.tiebreaks import event
    from rulesengine.formats.trf import parse_trf
    text = (Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf").read_text(encoding="utf-8")
    t = parse_trf(text)
    data = event.event_data(t)
    assert event.event_data(t) is data
    key = id(t)
    del t, data
    gc.collect()
    assert key not in event._CACHE
