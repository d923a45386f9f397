"""The audit of one published team event (issue 22 item 5): map each printed team column to a team
tie-break, rank the teams under the rules in force on the event's date (`api.team_standings`),
list every value and rank that differs, and explain each difference by the reading that
reproduces it, in the plugin's words and with its article, as the individual audit does
(`audit.check`). A TRF's per-round team summaries (record 802) are checked against the results
(`audit.team_summaries`).

The columns are mapped by the plugins' team legends (`AuditExplainer.team_legends`), or named by
the auditor (`--column TB3=BH:MP`); the readings are the plugins' `team_readings` (another dated
text of the same article, a program's own variant). A printed value that is the exact value
rounded is rounding, not a difference; a difference nothing reproduces is reported unexplained.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Mapping

from rulesengine import api
from rulesengine.audit.check import (ColumnRule, Difference, EventAudit, compare_columns, compare_value, explainers,
                                     printed_rows_findings)
from rulesengine.audit.printed import roundings_giving
from rulesengine.audit.pairings import check_team_pairings
from rulesengine.audit.team_summaries import summary_findings
from rulesengine.audit_records import AuditExplainer, Explained, TeamReading
from rulesengine.errors import UsageError
from rulesengine.numbers import to_text
from rulesengine.published import Finding, PublishedColumn, PublishedTable, PublishedTeamEvent
from rulesengine.registry import Registry
from rulesengine.team import TeamTournament
from rulesengine.team_standings import spec_code
from rulesengine.team_tiebreak import TeamTiebreakContext
from rulesengine.tiebreak import TiebreakValue

KIND = "team"


def audit_team_event(published: PublishedTeamEvent, registry: Registry, rules_date: date | None = None, *,
                     given: Mapping[str, str] | None = None, pairings: bool = False) -> EventAudit:
    """Compare a team event's printed table with the engine's (see the module docstring). `given`
    maps column headings (any case) to the team tie-break spec the auditor says they print;
    `pairings` (`audit --pairings`): every recorded round re-paired by the team pairing system."""
    event = published.event
    known = explainers(registry)
    rules = registry.team_tiebreaks
    table = published.table
    named = {heading.casefold(): spec for heading, spec in (given or {}).items()}
    columns = tuple(_map_column(c, named, known, rules) for c in table.columns) if table else ()
    specs = tuple(dict.fromkeys(c.rule for c in columns if c.rule))
    run = api.team_standings(event, specs, registry, rules_date_=rules_date)
    when, day = run.rules.when, run.rules.date
    computed = {spec: {row.team.number: row.values[spec] for row in run.standings.rows} for spec in specs}
    ranked = api.team_standings(event, None, registry, rules_date_=rules_date) if published.ranked_by_file_order \
        else run   # a TRF's 310 ranks follow its record 202/212 (else the default team order)
    ranks = {row.team.number: row.rank for row in ranked.standings.rows}
    findings = list(published.findings) + [Finding(published.input, note) for note in run.notes
                                           if note not in event.notes]
    findings += summary_findings(event, published.input)   # TRF-2026 record 802 against the results
    differences: list[Difference] = []
    rank_differences: list = []
    roundings: tuple = ()
    if table is not None:
        explain = _Explainer(event, day, known)
        findings += _row_findings(event, table)
        def compare(row, i: int, places: int, where: str, rounded: list) -> Difference | None:
            spec, team = columns[i].rule, row.start_no
            return compare_value(row.values[i], computed[spec].get(team), columns[i], team, row.name, "team", None,
                                 places, lambda value: explain.explain(spec, team, value, places), where, findings,
                                 rounded)

        differences, rank_differences, roundings, more = compare_columns(table, columns, event.by_number, compare,
                                                                         ranks, "teams", "a team tie-break")
        findings += more
    checks = None
    if pairings:   # a team swiss by C.04.6, a team round robin against its teams' Berger table
        checks, pairing_findings = check_team_pairings(event, published.input, registry)
        findings += pairing_findings
    if published.ranked_by_file_order:
        findings.append(Finding(published.input, f"ranks checked under the file's order: "
                                                 f"{', '.join(ranked.standings.tiebreaks) or 'the primary score only'}"))
    texts = ", ".join(dict.fromkeys(run.rules.tiebreaks.values())) or "each team rule's own plugin, by the event's date"
    return EventAudit(published.input, event.individual.name, None if when is None or when.inferred else day, texts,
                      columns, tuple(differences), tuple(rank_differences), tuple(findings), table, computed, ranks,
                      pairings_requested=pairings, pairing_checks=checks, roundings=roundings, rules_date=when,
                      kind=KIND)


def _map_column(column: PublishedColumn, named: Mapping[str, str], known: list[AuditExplainer],
                rules: Mapping) -> ColumnRule:
    """The team tie-break a printed column names: the auditor's word, else its legend, else its
    heading, by the plugins' team legends; never guessed."""
    given = named.get(column.heading.casefold())
    if given is not None:
        return ColumnRule(column.heading, given) if spec_code(given) in rules else ColumnRule(
            column.heading, None, f"--column names {given!r}, which no loaded plugin computes for teams")
    for source in (column.legend, column.heading):
        if not source:
            continue
        for explainer in known:
            for legend in explainer.team_legends:
                if re.search(legend.pattern, source, re.IGNORECASE):
                    if spec_code(legend.spec) not in rules:
                        return ColumnRule(column.heading, None, f"legend {source!r} names {legend.spec}, which no "
                                                                f"loaded plugin computes for teams")
                    return ColumnRule(column.heading, legend.spec)
    said = f"legend {column.legend!r}" if column.legend else f"heading {column.heading!r} (no legend)"
    return ColumnRule(column.heading, None, f"no loaded plugin names a team tie-break for the {said}")


@dataclass
class _Explainer:
    """Finds the reading that reproduces a published team value; each reading computed once."""

    event: TeamTournament
    day: date | None
    known: list[AuditExplainer]
    values: dict[tuple[str, str], Mapping[int, TiebreakValue]] = field(default_factory=dict)

    def readings(self, spec: str) -> list[TeamReading]:
        return [r for e in self.known for r in e.team_readings(spec, self.day)]

    def explain(self, spec: str, team: int, published: Fraction, places: int) -> Explained:
        tried = []
        for reading in self.readings(spec):
            tried.append(reading.label)
            key = (reading.label, spec)
            if key not in self.values:
                try:
                    self.values[key] = reading.compute(spec, TeamTiebreakContext(self.event, self.day))
                except UsageError:
                    self.values[key] = {}
            value = self.values[key].get(team)
            if value is None:
                continue
            if Fraction(value) == published:
                return reading.explain(self.event, team, spec)
            giving = roundings_giving(value, published, places)
            if giving:
                explained = reading.explain(self.event, team, spec)
                return Explained(f"{explained.explanation}; printed rounded to {places} decimals (exact value "
                                 f"{to_text(value)})", explained.article)
        also = f"; also tried: {', '.join(tried)}" if tried else ""
        return Explained(f"no reading known to the engine reproduces the published value{also}")


def _row_findings(event: TeamTournament, table: PublishedTable) -> list[Finding]:
    """Printed team points against the results (C.07 art. 11: the primary score), teams missing
    on either side, empty ranks."""
    scores = {team.number: team.match_points if event.primary == "MP" else team.game_points for team in event.teams}
    found = printed_rows_findings(table, scores, "team", "is in the published table but has no matches",
                                  lambda total: f"its matches give {to_text(total)} {event.primary}")
    printed = {row.start_no for row in table.rows}
    for team in event.teams:
        if team.number not in printed:
            found.append(Finding(table.source, f"team {team.number} ({team.name}) is not in the published table"))
    return found
