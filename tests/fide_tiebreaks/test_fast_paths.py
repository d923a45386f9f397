"""The fast paths of issue 11 give what the plain definitions give, on random small Swiss events.

Each fast path (cuts read off a sorted list, tie groups found by value identity, sort keys per
distinct value, points added in units) is checked against the straightforward computation it
replaces, so a change to one side that the other does not follow fails here.
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
from rulesengine_fide.tiebreaks import rating_based
from rulesengine_fide.tiebreaks.event import event_data
from rulesengine_fide.tiebreaks.fide_tables import expected_by_difference
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
            _plain_split([p.start_rank for p in t.players], t.points)
        event_data(t).memo.clear()
        assert sorted(_tied_groups(context)) == sorted(context.tied_groups())
    finally:
        direct_encounter.SORTED_SPLIT = threshold


def _plain_split(group, values):
    parts: dict = {}
    for sno in group:
        parts.setdefault(values[sno], []).append(sno)
    return sorted(part for part in parts.values() if len(part) > 1)


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
    """A rating-based or counting tie-break through its plain definition (records per game)."""
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), {}, ((POINTS, t.points),))
    data = event_data(t)
    ratings = rating_based._ratings(spec, data)
    if text.startswith("ARO"):
        return {s: rating_based.average_rating(rating_based.cut_games(spec, context, data,
                                                                       rating_based._games(data, ratings, s))[0])
                for s in data.start_ranks}
    if text in ("TPR", "PTP"):
        compute = rating_based.performance if text == "TPR" else rating_based.perfect_performance
        return {s: compute(rating_based._games(data, ratings, s)) for s in data.start_ranks}
    if text == "WIN":
        return {s: sum(r.points == data.win for r in data.table[s]) for s in data.start_ranks}
    if text == "BPG":
        return {s: sum(r.black and r.over_the_board for r in data.table[s]) for s in data.start_ranks}
    if text == "STD":
        def halves(r):
            other = data.table[r.opponent][r.number - 1].points if r.opponent else data.draw
            return 2 if r.points > other else (1 if r.points == other else 0)
        return {s: Fraction(sum(map(halves, data.table[s])), 2) for s in data.start_ranks}
    if text in ("REP", "VUR"):
        return {s: sum((not r.voluntarily_unplayed) == (text == "REP") for r in data.table[s]) for s in data.start_ranks}
    if text == "NUM":
        return {s: sum(r.over_the_board for r in data.table[s]) for s in data.start_ranks}
    assert text in ("PS", "PS/C1")
    cut = 1 if text == "PS/C1" else 0
    return {s: data.value(sum([sum(r.points for r in data.table[s][:n]) for n in range(1, data.rounds + 1)][cut:]))
            for s in data.start_ranks}


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
    got = rating_based._perfect(ratings, score100)
    if score100 == 0:
        assert got == min(ratings) - 800
        return
    reaches = [r for r in range(min(ratings) - 800, max(ratings) + 801)
               if sum(expected_by_difference(r - o) for o in ratings) >= score100]
    assert got == reaches[0]


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
    from rulesengine_fide.tiebreaks.counts import koya_limit
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), {}, ((POINTS, t.points),))
    data = event_data(t)
    got = compute(t, text)
    if text.startswith("AOB"):
        bh = compute(t, "FB" if text == "AOB/F" else "BH")
        for s in data.start_ranks:
            played = [bh[r.opponent] for r in data.table[s] if r.over_the_board and r.opponent]
            assert got[s] == (sum(played, Fraction(0)) / len(played) if played else None)
    elif text == "KS":
        limit = koya_limit(spec, context, data)
        qualified = {s for s in data.start_ranks if data.value(data.totals[s]) >= limit}
        assert got == {s: data.value(sum(r.points for r in data.table[s] if r.opponent in qualified))
                       for s in data.start_ranks}
    elif text in ("WON", "BWG"):
        assert got == {s: sum(r.win_result and (text == "WON" or r.black) for r in data.table[s])
                       for s in data.start_ranks}
    else:
        inner = rating_based.performance if text == "APRO" else rating_based.perfect_performance
        ratings = rating_based._ratings(spec, data)
        own = {s: inner(rating_based._games(data, ratings, s)) for s in data.start_ranks}
        for s in data.start_ranks:
            found = [own[r.opponent] for r in data.table[s]
                     if r.over_the_board and r.opponent and own[r.opponent] is not None]
            assert got[s] == (rating_based.half_up(sum(found), len(found)) if found else None)


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
