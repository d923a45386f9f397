"""Invariants of the FIDE tie-breaks on random small Swiss events with every kind of unplayed round."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine.cli.explain import explain_tiebreak
from rulesengine.registry import build_registry
from rulesengine.standings import POINTS, event_date
from rulesengine.testing import tournament_from_text
from rulesengine.tiebreak import TiebreakContext

REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})
RESULTS = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-", "-+", "--"]


@st.composite
def swiss_events(draw):
    """6-10 players, 3-6 rounds; each round some players take a bye or are absent, the rest are
    paired at random (rematches allowed: the rules do not care)."""
    players = draw(st.integers(6, 10))
    rounds = draw(st.integers(3, 6))
    lines = []
    for _ in range(rounds):
        order = draw(st.permutations(range(1, players + 1)))
        items = []
        absent = draw(st.integers(0, 2))
        for sno in order[:absent]:
            code = draw(st.sampled_from(["H", "Z", "F", ""]))
            if code:
                items.append(f"{sno} {code}")
        paired = list(order[absent:])
        if len(paired) % 2:
            items.append(f"{paired.pop()} U")
        for white, black in zip(paired[::2], paired[1::2]):
            items.append(f"{white}-{black} {draw(st.sampled_from(RESULTS))}")
        lines.append(", ".join(items))
    ratings = [2000 + 10 * i for i in range(players)]
    return tournament_from_text(players, lines, ratings=ratings)


def compute(t, text, **options):
    (spec,) = REGISTRY.resolve_specs([text])
    context = TiebreakContext(t, event_date(t), options, ((POINTS, t.points),))
    return REGISTRY.tiebreak(spec.code).compute(spec, context).values


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_cuts_only_lower_buchholz_and_caps_only_lower_the_dummy(t):
    bh, c1, c2, m1 = (compute(t, s) for s in ("BH", "BH/C1", "BH/C2", "BH/M1"))
    uncapped = compute(t, "BH", fide_rules="fide-2024")
    for p in bh:
        assert c2[p] <= c1[p] <= bh[p] <= uncapped[p]
        assert m1[p] <= c1[p]


@settings(max_examples=60, deadline=None)
@given(swiss_events())
def test_sonneborn_berger_never_exceeds_buchholz_with_one_point_wins(t):
    bh, sb = compute(t, "BH"), compute(t, "SB")
    for p in bh:
        assert 0 <= sb[p] <= bh[p]


@settings(max_examples=40, deadline=None)
@given(swiss_events())
def test_breakdown_adds_up_and_cuts_exactly_n_entries(t):
    for text, n in (("BH/C1", 1), ("BH/M2", 4), ("SB/C2", 2)):
        for p in (1, 2):
            e = explain_tiebreak(t, text, p, REGISTRY)
            assert sum(line.value for line in e.lines if not line.dropped) == e.total
            assert sum(1 for line in e.lines if line.dropped) == min(n, len(e.lines))


@settings(max_examples=40, deadline=None)
@given(swiss_events())
def test_counts_agree_with_each_other(t):
    win, won, rep, vur, num = (compute(t, s) for s in ("WIN", "WON", "REP", "VUR", "NUM"))
    for p in win:
        assert won[p] <= win[p] and won[p] <= num[p]
        assert rep[p] + vur[p] == t.rounds
