"""The audit of one published event: map each printed column to a rule, recompute under the rules
in force on the event's date, list every value and rank that differs, and explain each difference
by the reading that reproduces it.

Readings come from the plugins (hook `rulesengine_audit_explainers`): other dated texts of a
federation's regulations, programs' known variants. How programs print is the one thing the core
knows itself (`audit.printed`): a value printed to fewer decimals than it has ("14.3" for 14.25,
"23.2" for 23.25) is rounding when half up, half to even or truncation prints the exact value so,
reported once per column with the rounding its values decide, never as a difference; a place
printed as a range ("1-2") is a shared place. A difference nothing reproduces is reported as
unexplained, never hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any, Callable, Container, Mapping, Sequence

from rulesengine import api
from rulesengine.audit_records import AuditExplainer, Explained, Reading
from rulesengine.audit.pairings import PairingChecks, check_pairings
from rulesengine.audit.printed import (ColumnRounding, Rounding, column_rounding, printed_number, printed_range,
                                       round_half_up, roundings_giving)
from rulesengine.published import Finding, PublishedEvent, PublishedRow, PublishedTable
from rulesengine.errors import PluginError, RulesEngineError
from rulesengine.event_date import EventDate
from rulesengine.model import EntryKind, Tournament
from rulesengine.numbers import to_json_number, to_text
from rulesengine.registry import Registry
from rulesengine.standings import Standings
from rulesengine.tiebreak import TiebreakSpec, TiebreakValue

@dataclass(frozen=True)
class ColumnRule:
    published: str
    rule: str | None
    why_unmapped: str | None = None
    spec: TiebreakSpec | None = None


@dataclass(frozen=True)
class Difference:
    start_no: int
    name: str
    column: str
    published: Any
    computed: Any
    explanation: str
    article: str | None
    cell: str = ""


@dataclass(frozen=True)
class RankDifference:
    start_no: int
    published: int
    computed: int
    where: str = ""


@dataclass(frozen=True)
class EventAudit:
    input: str
    event: str
    date: date | None
    rules: str
    columns: tuple[ColumnRule, ...]
    differences: tuple[Difference, ...]
    rank_differences: tuple[RankDifference, ...]
    findings: tuple[Finding, ...]
    table: PublishedTable | None = None
    computed: Mapping[str, Mapping[int, TiebreakValue]] = field(default_factory=dict)
    computed_ranks: Mapping[int, int] = field(default_factory=dict)
    pairings_requested: bool = False           # `--pairings`: the reports then show `pairing_checks`
    pairing_checks: PairingChecks | None = None  # None when not requested or not checked (a finding says why)
    roundings: tuple[ColumnRounding, ...] = ()   # how each rounded column was printed (not differences)
    rules_date: EventDate | None = None          # the date applied and where it came from (the one date rule)
    kind: str = "individual"                     # "team" for a team event (`audit.team_check`, issue 22)


def explainers(registry: Registry) -> list[AuditExplainer]:
    """Every loaded plugin's audit explainers."""
    found = []
    for impl in registry.manager.hook.rulesengine_audit_explainers.get_hookimpls():
        for record in impl.function() or ():
            if not isinstance(record, AuditExplainer):
                raise PluginError(f"plugin {impl.plugin_name!r}: rulesengine_audit_explainers returned "
                                  f"{type(record).__name__}, not an AuditExplainer")
            found.append(record)
    return found


def audit_event(event: PublishedEvent, registry: Registry, rules_date: date | None = None, *,
                pairings: bool = False, pairing_system: str | None = None,
                given: Mapping[str, TiebreakSpec] | None = None) -> EventAudit:
    """Compare an event's printed standings with the engine's (see the module docstring); with
    `pairings`, also re-pair each swiss round (`rulesengine.audit.pairings`). `given` maps
    column headings (any case) to the rule the user says they print, before any legend."""
    t = event.tournament
    known = explainers(registry)
    table = event.table
    findings = list(event.findings)
    named = {heading.casefold(): spec for heading, spec in (given or {}).items()}
    columns = tuple(ColumnRule(c.heading, str(named[c.heading.casefold()]), None, named[c.heading.casefold()])
                    if c.heading.casefold() in named else _map_column(c.heading, c.legend, registry)
                    for c in table.columns) if table else ()
    specs = list(dict.fromkeys(c.spec for c in columns if c.spec is not None))
    # The date only the mapped tie-breaks' texts can decide (the year in the name); a date not in
    # the input is the first of the standings' notes, so the first finding.
    when = _rules_date(event, specs, registry, rules_date)
    day = when.value
    standings = api.standings_table(t, specs, registry, when=when)
    covering = [e for e in known if any(s.code in e.codes for s in specs)]
    editions = {e.name: e.edition(day) for e in covering}
    rules = ", ".join(dict.fromkeys(editions.values())) or "each rule's own plugin, by the event's date"
    for note in standings.notes:
        findings.append(Finding(event.input, note))
    ranks = {row.start_rank: row.rank for row in standings.rows}
    differences: list[Difference] = []
    rank_differences: list[RankDifference] = []
    roundings: tuple[ColumnRounding, ...] = ()
    if table is not None:
        explain = _Explainer(t, registry, day, specs, covering, editions)
        findings += _row_findings(event, table, standings)

        def compare(row, i: int, places: int, where: str, rounded: list) -> Difference | None:
            spec, sno = columns[i].spec, row.start_no
            computed = standings.values[str(spec)].get(sno)
            return compare_value(row.values[i], computed, columns[i], sno, t.player(sno).name, "player",
                                 table.decimals, places, lambda value: explain.explain(spec, sno, computed, value, places),
                                 where, findings, rounded)

        differences, rank_differences, roundings, more = compare_columns(table, columns, t.by_start_rank, compare,
                                                                         ranks, "players", "a rule")
        findings += more
    checks = None
    if pairings:
        checks, pairing_findings = check_pairings(t, event.input, registry, pairing_system)
        findings += pairing_findings
    # `date` is the event's own (none when inferred); `rules_date` the one applied and its source.
    return EventAudit(event.input, t.name, None if when.inferred else day, rules, columns, tuple(differences), tuple(rank_differences),
                      tuple(findings), table, standings.values, ranks, pairings, checks, roundings, when)


def compare_columns(table: PublishedTable, columns: Sequence[ColumnRule], numbers: Container[int],
                    compare: Callable[[PublishedRow, int, int, str, list], Difference | None],
                    ranks: Mapping[int, int], noun: str, rule: str) -> tuple[list[Difference], list[RankDifference],
                                                                               tuple[ColumnRounding, ...], list[Finding]]:
    """Every printed value of each mapped column (`compare(row, column index, decimals printed,
    cell, rounded)` gives its difference, or None and adds a rounded value to `rounded`), how each
    rounded column was printed, and the ranks when every column is mapped. `numbers` are the
    players (or teams) the event has; `noun` and `rule` word the findings."""
    findings: list[Finding] = []
    differences: list[Difference] = []
    precision = [max((p[1] for row in table.rows if i < len(row.values)
                      for p in [printed_number(row.values[i])] if p is not None), default=0)
                 for i in range(len(columns))]
    rounded_values: list[list[tuple[Fraction, Fraction, frozenset[Rounding]]]] = [[] for _ in columns]
    for row in table.rows:
        if row.start_no not in numbers:
            continue
        for i, column in enumerate(columns):
            if column.rule is None or i >= len(row.values):
                continue
            where = row.cells[i] if i < len(row.cells) else row.where
            difference = compare(row, i, precision[i], where, rounded_values[i])
            if difference is not None:
                differences.append(difference)
    roundings = tuple(column_rounding(column.published, precision[i], rounded_values[i])
                      for i, column in enumerate(columns) if rounded_values[i])
    unmapped = [c.published for c in columns if c.rule is None]
    rank_differences: list[RankDifference] = []
    if unmapped:
        findings.append(Finding(table.source, f"ranks not checked: the column{'s' if len(unmapped) > 1 else ''} "
                                              f"{', '.join(unmapped)} could not be mapped to {rule}"))
    else:
        rank_differences, tie_findings = compare_ranks(table, ranks, noun)
        findings += tie_findings
    return differences, rank_differences, roundings, findings


def compare_ranks(table: PublishedTable, ranks: Mapping[int, int], noun: str = "players") -> tuple[list[RankDifference],
                                                                                                list[Finding]]:
    """Published ranks against computed ones. Players (or teams: `noun`) equal on points and every
    published tie-break share a rank here; a page that numbers them apart (by an unpublished
    criterion) is consistent while each published rank lies within the shared places, and that is
    a finding."""
    size: dict[int, int] = {}
    for rank in ranks.values():
        size[rank] = size.get(rank, 0) + 1
    differences, findings = [], []
    split: dict[int, list[tuple[int, int]]] = {}
    for row in table.rows:
        computed = ranks.get(row.start_no)
        if row.rank is None or computed is None or row.rank == computed and size[computed] == 1:
            continue
        if computed <= row.rank < computed + size[computed]:
            split.setdefault(computed, []).append((row.start_no, row.rank))
        else:
            differences.append(RankDifference(row.start_no, row.rank, computed, row.where))
    for computed, players in sorted(split.items()):
        if len({rank for _, rank in players}) > 1:
            listed = ", ".join(f"{sno} ({rank})" for sno, rank in sorted(players, key=lambda p: p[1]))
            findings.append(Finding(table.source, f"{noun} {listed} are equal on points and every published "
                                                  f"tie-break (shared place {computed}); the published order between "
                                                  f"them follows no published criterion"))
    return differences, findings


def _rules_date(event: PublishedEvent, specs: Sequence[TiebreakSpec], registry: Registry,
                forced: date | None) -> EventDate:
    """The date whose rules apply, by the rule every command uses (`api.rules_date`, asking the
    mapped tie-breaks): given (`--date`), else what the event's file gives, else the year in its
    name when that decides the texts, else none. A date the input printed apart from its games
    (a workbook's Settings Rules date, `audit.sources`) is given by the TD as well."""
    dated = api.tiebreak_rules(event.tournament, specs, registry)
    if forced is None:
        found = api.rules_date(event.tournament, None, dated)
        if event.date is None or event.date == found.value:
            return found
        forced = event.date
    return api.rules_date(event.tournament, forced, dated)


def _map_column(heading: str, legend: str, registry: Registry) -> ColumnRule:
    """The rule a published column names: by its legend line, else by its heading; never guessed."""
    for source in (legend, heading):
        if not source:
            continue
        spec_text = registry.spec_for_legend(source)
        if spec_text:
            try:
                spec = registry.resolve_specs([spec_text])[0]
            except RulesEngineError as exc:
                return ColumnRule(heading, None, f"legend {source!r} names {spec_text}, which is not usable: {exc}")
            return ColumnRule(heading, str(spec), None, spec)
    said = f"legend {legend!r}" if legend else f"heading {heading!r} (no legend)"
    return ColumnRule(heading, None, f"no loaded plugin names a tie-break for the {said}")


class _Explainer:
    """Finds the reading that reproduces a published value; each reading is computed once."""

    def __init__(self, t: Tournament, registry: Registry, day: date | None, specs: list[TiebreakSpec],
                 covering: list[AuditExplainer], editions: dict[str, str]):
        self.t, self.registry, self.day, self.specs = t, registry, day, specs
        self.covering, self.editions = covering, editions
        self.values: dict[str, Standings] = {}

    def readings(self, spec: TiebreakSpec) -> list[Reading]:
        return [r for e in self.covering if spec.code in e.codes for r in e.readings(spec, self.editions[e.name])]

    def _computed(self, reading: Reading, spec: TiebreakSpec, sno: int) -> TiebreakValue:
        standings = self.values.get(reading.label)
        if standings is None:
            standings = self.values[reading.label] = api.standings_table(self.t, self.specs, self.registry,
                                                                         rules_date_=self.day,
                                                                         options=reading.options)
        return standings.values[str(spec)].get(sno)

    def explain(self, spec: TiebreakSpec, sno: int, computed: TiebreakValue, published: Fraction,
                places: int) -> Explained:
        """`places`: the decimals the column is printed to (its most precise value), the only
        precision a rounding reading may assume."""
        readings = [(r, self._computed(r, spec, sno)) for r in self.readings(spec)]
        tried = [r.label for r, _ in readings]
        for reading, value in readings:
            if value is not None and Fraction(value) == published:
                return reading.explain(self.t, sno, spec)
        for reading, value in readings:
            giving = roundings_giving(value, published, places) if value is not None else frozenset()
            if giving:
                explained = reading.explain(self.t, sno, spec)
                return Explained(f"{explained.explanation}; {_rounding(places, value, giving)}", explained.article)
        also = f"; also tried: {', '.join(tried)}" if tried else ""
        return Explained(f"no reading known to the engine reproduces the published value (computed under "
                         f"{', '.join(self.editions.values()) or 'the rules by date'}{also})")


def _rounding(places: int, exact: TiebreakValue, giving: frozenset[Rounding]) -> str:
    how = " or ".join(r.value for r in Rounding if r in giving)
    return f"printed rounded to {places} decimal{'s' if places != 1 else ''}, {how} (exact value {to_text(exact)})"


def compare_value(printed: str, computed: TiebreakValue, column: ColumnRule, number: int, name: str, noun: str,
                  decimals: int | None, places: int, explain: Callable[[Fraction], Explained], where: str,
                  findings: list[Finding], rounded_values: list) -> Difference | None:
    """None when the printed value is the computed one (exactly, rounded in print, or a shared place
    printed as a range); else the difference, explained (`explain(published value)`). Rounded
    values are added to `rounded_values` as (exact, printed, the roundings that print it so).
    `number` and `name` are the player's (or the team's: `noun`)."""
    who = f"{noun} {number} ({name})"
    if printed == "":
        findings.append(Finding(where, f"no {column.published} value printed for {who}"))
        return None
    shared = printed_range(printed)
    if shared is not None and computed is not None:
        # "1-2": places 1 and 2 shared, which the engine's value (DE as a rank, C.07 art. 6) gives as 1.
        if Fraction(computed) == shared[0]:
            return None
        explained = explain(Fraction(shared[0]))
        return Difference(number, name, column.published, printed, to_json_number(computed),
                          explained.explanation, explained.article, where)
    parsed = printed_number(printed)
    if parsed is None:
        return Difference(number, name, column.published, printed, to_json_number(computed),
                          f"the printed value {printed!r} is not a number", None, where)
    value = parsed[0]
    if computed is None:
        findings.append(Finding(where, f"{column.published} is printed for {who} but the rule gives no value (see the "
                                       f"notes)"))
        return None
    if value == Fraction(computed) or decimals is not None and round_half_up(computed, decimals) == value:
        return None
    giving = roundings_giving(computed, value, places)
    if giving:
        rounded_values.append((Fraction(computed), value, giving))
        return None
    explained = explain(value)
    return Difference(number, name, column.published, to_json_number(value), to_json_number(computed),
                      explained.explanation, explained.article, where)


def printed_rows_findings(table: PublishedTable, totals: Mapping[int, Fraction], noun: str, absent: str,
                          gives: Callable[[Fraction], str]) -> list[Finding]:
    """Each printed row's points against the computed total, a row of a number the event lacks
    (`absent` says so), an empty rank; `noun` names a row's number (player or team)."""
    found: list[Finding] = []
    for row in table.rows:
        who = f"{noun} {row.start_no} ({row.name})"
        if row.start_no not in totals:
            found.append(Finding(row.where, f"{who} {absent}"))
            continue
        points = printed_number(row.points) if row.points else None
        if row.points and (points is None or points[0] != totals[row.start_no]):
            found.append(Finding(row.where, f"points column says {row.points} for {who}, {gives(totals[row.start_no])}"))
        if row.rank is None:
            found.append(Finding(row.where, f"empty rank for {who}"))
    return found


def _row_findings(event: PublishedEvent, table: PublishedTable, standings: Standings) -> list[Finding]:
    """Data-quality findings: printed points against the results, players missing on either side,
    empty ranks, and forfeits that look like byes."""
    t = event.tournament
    printed = {row.start_no for row in table.rows}
    found = printed_rows_findings(table, t.points, "player", "is in the standings but not in the crosstable",
                                  lambda total: f"the results add up to {to_text(total)}")
    for player in t.players:
        if player.start_rank not in printed:
            found.append(Finding(table.source, f"player {player.start_rank} ({player.name}) of the crosstable is not "
                                               f"in the published standings"))
        declared = player.declared_points
        if declared is not None and declared != t.points[player.start_rank]:
            found.append(Finding(t.source or event.input, f"the crosstable gives player {player.start_rank} "
                                                          f"({player.name}) {to_text(declared)} points, the results add "
                                                          f"up to {to_text(t.points[player.start_rank])}"))
    found += _forfeits_like_byes(event)
    return found


def _forfeits_like_byes(event: PublishedEvent) -> list[Finding]:
    t = event.tournament
    never_played = {p.start_rank for p in t.players if not any(e.played for e in p.rounds)}
    found = []
    for player in t.players:
        for entry in player.rounds:
            if entry.kind is not EntryKind.FORFEIT_WIN:
                continue
            if entry.opponent is None:
                found.append(Finding(f"{t.source or event.input}: player {player.start_rank}, round {entry.round}",
                                     "a forfeit win without an opponent: a bye coded as a forfeit?"))
            elif entry.opponent in never_played:
                found.append(Finding(f"{t.source or event.input}: player {player.start_rank}, round {entry.round}",
                                     f"forfeit win against player {entry.opponent} "
                                     f"({t.player(entry.opponent).name}), who played no game in the event: "
                                     f"perhaps an absence or bye recorded as a forfeit"))
    return found

