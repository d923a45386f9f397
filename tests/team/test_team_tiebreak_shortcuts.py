"""The team tie-breaks' shortcuts (issue 22 item 6) give the values of the plain steps.

* BH / FB / ESB (`team_opposition.opposition`) add up a team whose every round is a played match
  without `Item`s (`_kept_total`): equal to `round_items` then `cut_items` (C.07 art. 13, Cut and
  Median of art. 14.1, art. 16) for every team, reference score, own score, Cut, Median, /P and
  Fore, on every team file and on generated events.
* What a team contributes (`team_opposition.adjusted`, art. 16.3) is its total when its last
  round is not voluntarily unplayed: equal to the round-by-round sum, with and without Fore.
* EDE (`team_direct.extended_direct_encounter`, art. 13.3) skips a (step, group) a pass left as it
  was: equal to the loop that works every group out in every pass, for every EDE code.

Mutants caught: Median not dropped in `_kept_total` (the slice's end), the total taken whatever
the last round, and the EDE key without its step (a group left by P never tried on S) each make a
test below fail.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from fixture_data import DATA, EXTRA_FIXTURES, fixture_files
from rulesengine.formats.team_trf import parse_team_trf
from rulesengine.team import TeamTournament
from rulesengine_fide.tiebreaks import team_direct, team_opposition
from rulesengine_fide.tiebreaks.team_codes import EDE_CODES
from rulesengine_fide.tiebreaks.team_table import TeamTable, team_table

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the module below, under --import-mode=importlib
from test_team_trf_fast_path import generated_text  # noqa: E402 (bench/team_event.py's events)

TEAM_FILES = [*fixture_files("team", "*.trf"), *fixture_files("team_swiss", "*.trf"),
              *fixture_files("team_sweep", "*.trf"), *sorted((DATA / "team").glob("*/*.trf")),
              *sorted((EXTRA_FIXTURES / "fixtures" / "team").glob("*.trf"))]
SIZES = [(200, 10, 11, 2026), (40, 6, 9, 2026), (21, 6, 7, 2026), (20, 4, 5, 7), (9, 4, 5, 3)]
# (opponent's score, own score) of BH:MP, BH:GP and the four ESB products (art. 13.2)
SCORES = [("MP", None), ("GP", None), ("MP", "MP"), ("MP", "GP"), ("GP", "MP"), ("GP", "GP")]
CUTS = [(0, 0), (1, 0), (2, 0), (1, 1), (0, 1), (2, 2), (11, 0)]


def events() -> list[tuple[str, TeamTournament]]:
    found = [(f"{p.parent.name}/{p.stem}", parse_team_trf(p.read_text(encoding="utf-8"), str(p))) for p in TEAM_FILES]
    found += [("x".join(map(str, size[:3])), parse_team_trf(generated_text(*size), "generated.trf")) for size in SIZES]
    return found


EVENTS = events()


def plain_opposition(table: TeamTable, opponent_ref: str, own_ref: str | None, cut_low: int, cut_high: int,
                     played_all: bool, fore: bool) -> dict[int, Fraction]:
    """`opposition` by its plain steps for every team: `round_items`, `cut_items`, the sum."""
    contributed = team_opposition.adjusted(table, opponent_ref, fore)
    unit = team_opposition.contribution_unit(table, opponent_ref, own_ref)
    values = {}
    for team in table.numbers:
        items = team_opposition.round_items(table, team, contributed, opponent_ref, own_ref, played_all, fore)
        kept, _ = team_opposition.cut_items(table, items, cut_low, cut_high)
        values[team] = Fraction(sum(item[3] for item in kept), unit)
    return values


@pytest.mark.parametrize("name, event", EVENTS, ids=[name for name, _ in EVENTS])
def test_opposition_equals_round_items_then_cut_items(name, event):
    for rules_2026 in (False, True):
        table = team_table(event, event.is_round_robin, rules_2026)
        for opponent_ref, own_ref in SCORES:
            for cut_low, cut_high in CUTS:
                for played_all, fore in ((False, False), (True, False), (False, True)):
                    assert (team_opposition.opposition(table, opponent_ref, own_ref, cut_low=cut_low,
                                                       cut_high=cut_high, played_all=played_all, fore=fore)
                            == plain_opposition(table, opponent_ref, own_ref, cut_low, cut_high, played_all, fore))


def plain_adjusted(table: TeamTable, reference: str, fore: bool) -> dict[int, int]:
    """`_adjusted` round by round for every team (art. 16.3; art. 8.3 for Fore)."""
    draw, rounds, result = table.draw(reference), table.rounds, {}
    for team in table.numbers:
        rows = table.rows[team]
        last = rounds if fore and table.last_met(team) == rounds else table.last_not_vur(team)
        value = sum(table.points(row, reference) if rnd <= last or row.opponent else 0 if table.round_robin else draw
                    for rnd, row in enumerate(rows, start=1))
        if fore and table.last_met(team) == rounds and rows and rows[-1].opponent:
            value += draw - table.points(rows[-1], reference)
        result[team] = value
    return result


@pytest.mark.parametrize("name, event", EVENTS, ids=[name for name, _ in EVENTS])
def test_adjusted_equals_the_round_by_round_sum(name, event):
    table = team_table(event, event.is_round_robin, False)
    for reference in ("MP", "GP"):
        for fore in (False, True):
            assert team_opposition._adjusted(table, reference, fore) == plain_adjusted(table, reference, fore)


def test_the_shortcut_covers_most_teams_of_the_bench_event():
    """The bench's 200 x 10 x 11 event: the teams with every round a played match take the
    shortcut (else the test above would not test it), and their BH/C1 is a real spread."""
    event = dict(EVENTS)["200x10x11"]
    table = team_table(event, event.is_round_robin, False)
    met = team_opposition.matches_every_round(table)
    assert len(met) >= 150
    bh = team_opposition.opposition(table, "MP", None, cut_low=1)
    assert len({bh[team] for team in met}) > 20


def tied_on(table: TeamTable, reference: str) -> list[list[int]]:
    """The teams tied on the reference score (what EDE receives as first tie-break)."""
    by_total: dict[int, list[int]] = {}
    for team in table.numbers:
        by_total.setdefault(table.total(team, reference), []).append(team)
    return list(by_total.values())


@pytest.mark.parametrize("name, event", EVENTS, ids=[name for name, _ in EVENTS])
def test_ede_equals_every_group_in_every_pass(name, event):
    table = team_table(event, event.is_round_robin, True)
    for primary, secondary in (("MP", "GP"), ("GP", "MP")):
        groups = tied_on(table, primary)
        for code in sorted(EDE_CODES):
            for forfeits_count in (False, True):
                assert (team_direct.extended_direct_encounter(table, code, primary, secondary, forfeits_count, groups)
                        == team_direct.extended_direct_encounter(table, code, primary, secondary, forfeits_count, groups,
                                                                 skip_settled=False))


def test_ede_separates_teams_of_the_bench_event():
    """Not a test of zeros: on 200 x 10 x 11, EDET on GP places teams within groups tied on GP."""
    event = dict(EVENTS)["200x10x11"]
    table = team_table(event, event.is_round_robin, True)
    values = team_direct.extended_direct_encounter(table, "EDET", "GP", "MP", False, tied_on(table, "GP"))
    assert sum(1 for value in values.values() if value) >= 10
