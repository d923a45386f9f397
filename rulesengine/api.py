"""The use cases, once: what the CLI, the workbook recalculation and the Excel button all call.

    t = load_tournament("event.trf")
    run = standings(t, ["BH/C1", "SB"])                     # ranked table + the rules used
    e = explain_tiebreak(t, "DE", 3)                          # within the standings' criteria
    report = rate(t, "elo", records)                          # rating changes
    report = rate_event(t, "elo", "list.csv")                 # records from the file and a rating list

Everything a front end must not decide for itself lives here: which date chooses the rules (one
date parser, `rulesengine.dates`), which earlier criteria a tie-break sees (an explanation is
computed within the same standings as the table it explains: FIDE C.07 art. 6 direct encounter
depends on the groups the earlier criteria leave tied), which options and rule sets exist (the
rules declare them; the one option parser refuses any other). No federation is named here.

Every plugin call runs with the cyclic collector paused (`rulesengine.collector`): the registry
pauses it around each call it wraps, and `standings` around the whole table (its ranking between
the tie-breaks included), so no front end pauses it itself.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from rulesengine.collector import collector_paused
from rulesengine.dates import DateReading, parse_date, read_date
from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.event_date import NO_DATED_RULES, DatedRules, EventDate, find_event_date
from rulesengine.model import Tournament
from rulesengine.registry import Registry, default_registry
from rulesengine.standings import POINTS, Standings, compute_standings
from rulesengine.tiebreak import Explanation, TiebreakContext, TiebreakRule, TiebreakSpec, TiebreakValue

if TYPE_CHECKING:   # imported by `rate` itself: `standings` and `explain` need no rating module
    from rulesengine.rating import RatingRecord, RatingReport, RatingSystem
    from rulesengine.team import TeamTournament   # by `team_standings`: individual events need no team module
    from rulesengine.team_standings import TeamStandings

__all__ = ["RulesUsed", "StandingsRun", "DateReading", "explain_tiebreak", "load_event", "load_tournament",
           "pair_round", "pair_team_round", "check_team_pairings", "parse_date", "parse_options", "rate", "rate_event", "read_date", "resolved_specs", "rules_date",
           "standings", "standings_table", "team_standings", "TeamStandingsRun", "tiebreak_options", "with_kind"]

PAIRING_KINDS = {"swiss": "swiss", "round robin": "round robin", "round-robin": "round robin", "rr": "round robin"}


# ---------------------------------------------------------------- loading


def load_tournament(path: str | Path, *, encoding: str = "utf-8", input_format: str | None = None,
                    registry: Registry | None = None) -> Tournament:
    """Read a tournament file with the format its extension (or `input_format`) names; a team
    event gives its players' individual event (each keeps her own results)."""
    event = load_event(path, encoding=encoding, input_format=input_format, registry=registry)
    return event if isinstance(event, Tournament) else event.individual


def load_event(path: str | Path, *, encoding: str = "utf-8", input_format: str | None = None,
               registry: Registry | None = None) -> Tournament | TeamTournament:
    """Read a tournament file as its format reads it: an individual event or a team event (a TRF
    with records 310/013, issue 22)."""
    registry = registry or default_registry()
    path = Path(path)
    if not path.exists():
        raise InputError(Problem(Location(str(path)), "no such file"))
    fmt = registry.format_for(path, input_format)
    if fmt.read is None:
        raise InputError(Problem(Location(str(path)), f"format {fmt.name!r} cannot be read"))
    try:
        return fmt.read(path, encoding)
    except InputError:
        # A workbook or a PDF read as text fails as "not valid utf-8 text": say what the file is.
        found = _binary_kind(path)
        if found is None:
            raise
        kind, advice = found
        raise InputError(Problem(Location(str(path)), f"{kind}, not a {fmt.name} file: {advice}")) from None


def _binary_kind(path: Path) -> tuple[str, str] | None:
    """What a file no text format reads is, by its first bytes, and which command reads it."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return None
    recalc = "then `rulesengine recalc FILE` computes its standings"
    if head.startswith(b"PK\x03\x04"):
        if b"mimetypeapplication/vnd.oasis.opendocument.spreadsheet" in head:
            return "an OpenDocument spreadsheet (.ods)", f"save it as .xlsx, {recalc}"
        if b"[Content_Types].xml" in head or b"xl/" in head or path.suffix.lower() in (".xlsx", ".xlsm"):
            return "an Excel workbook", "`rulesengine recalc FILE` computes its standings (batch and audit read it too)"
        return "a zip archive", "unpack it and name the tournament files inside"
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "an Excel 97-2003 workbook (.xls)", f"save it as .xlsx, {recalc}"
    if head.startswith(b"%PDF-"):
        return "a PDF document", "export the event as TRF (or its result pages as HTML) from the program that made it"
    return None


def with_kind(tournament: Tournament, kind: str | None) -> Tournament:
    """The tournament treated as a Swiss or a round robin whatever its file says (None: as it says)."""
    if not kind:
        return tournament
    wanted = PAIRING_KINDS.get(kind.strip().lower().replace("_", " "))
    if wanted is None:
        raise UsageError(f"pairing kind {kind!r}: want swiss or round-robin")
    return replace(tournament, kind=wanted)


# ---------------------------------------------------------------- dates and options


def rules_date(tournament: Tournament, forced: date | None = None,
               rules: DatedRules = NO_DATED_RULES) -> EventDate:
    """The date whose rules apply and where it came from ("the event's start date 2025/10/31"):
    the one rule of `rulesengine.event_date` (given, the start date, TRF 132 round dates, the end
    date, the year in the name when it decides `rules`, else the newest rules), for every command."""
    return find_event_date(tournament, forced, rules)


def tiebreak_rules(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry, *,
                   rule_set: str | None = None, options: Mapping[str, Any] | None = None) -> DatedRules:
    """The tie-breaks' dated texts, as the date rule asks them: each rule's `rule_set_in_force` on a day."""
    rules = [(spec, rule) for spec in specs for rule in (registry.tiebreak(spec.code),)
             if rule.rule_set_in_force is not None]

    def texts_on(day: date | None) -> tuple[str, ...]:
        context = _context(tournament, day, options or {}, rule_set)
        return tuple(_text_name(rule, rule.rule_set_in_force(spec, context)) for spec, rule in rules)
    return DatedRules("every tie-break", texts_on)


def _text_name(rule: TiebreakRule, worded: str) -> str:
    """The rule set a `rule_set_in_force` text names ("<rule set> (in force on ...)")."""
    named = [name for name in rule.rule_sets if worded.lower().startswith(name.lower())]
    return max(named, key=len) if named else worded.split(" (", 1)[0]


def rating_rules(tournament: Tournament, system: RatingSystem, records: Mapping[int, RatingRecord] | None = None,
                 rule_set: str | None = None, options: Mapping[str, Any] | None = None) -> DatedRules:
    """The rating system's dated rule sets, as the date rule asks them: the set it rates by on a day."""
    from rulesengine.rating import RatingRequest  # noqa: PLC0415 (see the imports above)
    if not system.rule_sets:
        return NO_DATED_RULES

    def texts_on(day: date | None) -> tuple[str, ...]:
        request = RatingRequest(replace(tournament, start_date="", end_date=""), records or {}, day, rule_set,
                                dict(options or {}), detail=False)
        return (system.rate(request).rule_set,)
    return DatedRules(f"the rating system {system.name}", texts_on)


def parse_options(texts: Iterable[str], known: Mapping[str, str], what: str) -> dict[str, str]:
    """`NAME=VALUE` texts into a dict; a name not in `known` is an error listing the known ones.

    `what` names whose options these are in messages ("rating system 'glicko2'", "the tie-breaks
    BH/C1, SB"). Names are matched without regard to case; values keep theirs.
    """
    by_lower = {name.lower(): name for name in known}
    options: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {text!r}: want NAME=VALUE")
        key = by_lower.get(name.strip().lower())
        if key is None:
            listing = ", ".join(f"{n} ({d})" if d else n for n, d in known.items()) or "none"
            raise UsageError(f"{what} has no option {name.strip()!r}; its options: {listing}")
        options[key] = value.strip()
    return options


def _rules_of(specs: Sequence[TiebreakSpec], registry: Registry) -> list[TiebreakRule]:
    return list({spec.code: registry.tiebreak(spec.code) for spec in specs}.values())


def tiebreak_options(texts: Iterable[str], specs: Sequence[TiebreakSpec], registry: Registry) -> dict[str, str]:
    """The options of `--option NAME=VALUE` for these tie-breaks: each must be declared by one of them."""
    known: dict[str, str] = {}
    for rule in _rules_of(specs, registry):
        for name, description in rule.options.items():
            known.setdefault(name, description)
    names = ", ".join(str(s) for s in specs) or "none"
    return parse_options(texts, known, f"the tie-breaks used ({names})")


def check_rule_set(name: str | None, specs: Sequence[TiebreakSpec], registry: Registry) -> str | None:
    """`--rules NAME`: one of the rule sets the tie-breaks used declare (the names come from the plugins)."""
    if not name:
        return None
    declared = [r for rule in _rules_of(specs, registry) for r in rule.rule_sets]
    for known in declared:
        if known.lower() == name.strip().lower():
            return known
    everywhere = sorted({r for rule in registry.tiebreaks.values() for r in rule.rule_sets})
    used = ", ".join(dict.fromkeys(declared)) or "none"
    raise UsageError(f"unknown tie-break rule set {name!r}: the tie-breaks used "
                     f"({', '.join(str(s) for s in specs) or 'none'}) declare {used}"
                     + (f"; all plugins declare {', '.join(everywhere)}"
                        if everywhere and set(everywhere) != set(declared) else ""))


# ---------------------------------------------------------------- standings


@dataclass(frozen=True)
class RulesUsed:
    """Which date chose the rules and which text each tie-break followed; every output says it."""

    date: date | None
    date_source: str
    rule_set: str | None = None
    tiebreaks: Mapping[str, str] = field(default_factory=dict)
    when: EventDate | None = None   # the date as the one rule found it (`rules_date`)

    @property
    def note(self) -> str | None:
        """The date was not in the file (`EventDate.note`): said at the top of every output."""
        return self.when.note if self.when is not None else None

    def to_json(self) -> dict:
        return {"date": self.date.isoformat() if self.date else None, "date_source": self.date_source,
                "rule_set": self.rule_set, "tiebreaks": dict(self.tiebreaks)}

    def text(self) -> str:
        """One line: "Rules: date 2026-05-02 (the event's start date ...); BH/C1, SB: <rule set> (...)"."""
        when = self.date.isoformat() if self.date else "none"
        parts = [f"date {when} ({self.date_source})"]
        grouped: dict[str, list[str]] = {}
        for spec, used in self.tiebreaks.items():
            grouped.setdefault(used, []).append(spec)
        parts += [f"{', '.join(specs)}: {used}" for used, specs in grouped.items()]
        return "Rules: " + "; ".join(parts)


@dataclass(frozen=True)
class StandingsRun:
    """A ranked table and everything it was computed with, so that an explanation uses the same."""

    standings: Standings
    rules: RulesUsed
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def tournament(self) -> Tournament:
        return self.standings.tournament

    @property
    def specs(self) -> tuple[TiebreakSpec, ...]:
        return self.standings.specs


@functools.lru_cache(maxsize=64)
def resolved_specs(registry: Registry, texts: tuple[str, ...]) -> tuple[TiebreakSpec, ...]:
    """The specs of tie-break texts, parsed and validated once per registry and texts: a run over
    many files names the same few orders (a bad one raises every time: not cached)."""
    return tuple(registry.resolve_specs(texts))


def resolve(tournament: Tournament, texts: Sequence[str] | None, registry: Registry) -> list[TiebreakSpec]:
    """Tie-break specs from texts, or the order the file announces when `texts` is None (a bad code
    there is reported at the file's line: TRF record 202/212)."""
    if texts is not None:
        return list(resolved_specs(registry, tuple(texts)))
    try:
        return list(resolved_specs(registry, tuple(tournament.tiebreak_order)))
    except UsageError as exc:
        line = tournament.extra.get("tiebreak_order_line")
        if not line:
            raise
        where = Location(tournament.source, int(line), 5)
        raise InputError(Problem(where, f"the tie-break order this file announces: {exc}")) from None


def _context(tournament: Tournament, when: date | None, options: Mapping[str, Any], rule_set: str | None,
             previous: Sequence[tuple[TiebreakSpec, Mapping[int, TiebreakValue]]] = ()) -> TiebreakContext:
    return TiebreakContext(tournament, when, dict(options), tuple(previous) or ((POINTS, tournament.points),),
                           rule_set)


def rules_used(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry, *,
               forced_date: date | None = None, rule_set: str | None = None,
               options: Mapping[str, Any] | None = None, when: EventDate | None = None) -> RulesUsed:
    """What `standings` would say it used, without computing the table; `when` is the event's date
    found already (a recalculation with a rating system asks both rules), else found here."""
    if when is None:
        when = rules_date(tournament, forced_date,
                          tiebreak_rules(tournament, specs, registry, rule_set=rule_set, options=options))
    context = _context(tournament, when.value, options or {}, rule_set)
    used = {}
    for spec in specs:
        rule = registry.tiebreak(spec.code)
        if rule.rule_set_in_force is not None:
            used[str(spec)] = rule.rule_set_in_force(spec, context)
    return RulesUsed(when.value, when.source, rule_set, used, when)


def standings(tournament: Tournament, specs: Sequence[TiebreakSpec | str] | None = None,
              registry: Registry | None = None, *, rules_date_: date | None = None, rule_set: str | None = None,
              options: Mapping[str, Any] | None = None, also: Sequence[TiebreakSpec] = (),
              when: EventDate | None = None) -> StandingsRun:
    """Rank by points and the tie-breaks in order (None: the file's order), saying which rules were used.

    `rules_date_` forces the date whose rules apply (default: the event's own, `rules_date`;
    `when`: that date found already); `rule_set` forces a text one of the tie-breaks (or of
    `also`, a spec explained within these standings) declares; `options` are already checked
    (`tiebreak_options`). A date not in the file is the first of the standings' notes.
    """
    registry = registry or default_registry()
    if specs is None or any(isinstance(s, str) for s in specs):
        specs = resolve(tournament, None if specs is None else [str(s) for s in specs], registry)
    rule_set = check_rule_set(rule_set, [*specs, *also], registry)
    options = dict(options or {})
    if when is None:   # the year in the name asks every tie-break these standings compute or explain
        when = rules_date(tournament, rules_date_,
                          tiebreak_rules(tournament, [*specs, *also], registry, rule_set=rule_set, options=options))
    rules = rules_used(tournament, specs, registry, rule_set=rule_set, options=options, when=when)
    with collector_paused():   # acyclic records by the hundred thousand: see rulesengine.collector
        table = compute_standings(tournament, specs, registry, rules_date=rules.date, options=options,
                                  rule_set=rule_set)
    if rules.note:
        table = replace(table, notes=(rules.note, *table.notes))
    return StandingsRun(table, rules, options)


def standings_table(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry | None = None, *,
                    rules_date_: date | None = None, rule_set: str | None = None,
                    options: Mapping[str, Any] | None = None, when: EventDate | None = None) -> Standings:
    """`standings(...).standings`, the same table, for callers that show no rules used (an audit,
    which words its own): the texts each tie-break followed are not worded. `specs` are resolved
    already."""
    registry = registry or default_registry()
    rule_set = check_rule_set(rule_set, specs, registry)
    if when is None:
        when = rules_date(tournament, rules_date_,
                          tiebreak_rules(tournament, specs, registry, rule_set=rule_set, options=options))
    with collector_paused():
        table = compute_standings(tournament, specs, registry, rules_date=when.value, options=dict(options or {}),
                                  rule_set=rule_set)
    return replace(table, notes=(when.note, *table.notes)) if when.note else table


# ---------------------------------------------------------------- team standings (issue 22)


@dataclass(frozen=True)
class TeamStandingsRun:
    """A ranked team table, the rules it used, and its notes (the date not in the file first)."""

    event: TeamTournament
    standings: TeamStandings
    rules: RulesUsed
    notes: tuple[str, ...] = ()


def team_standings(event: TeamTournament, texts: Sequence[str] | None = None, registry: Registry | None = None, *,
                   rules_date_: date | None = None) -> TeamStandingsRun:
    """Rank a team event (C.07 art. 11, then the tie-breaks in order), saying which rules were used.

    `texts` are team tie-break specs or team preset names (`olympiad`); None: the order the file
    announces (record 202/212), else the plugins' default team preset. The date is the event's
    own by the one rule (`rules_date`) unless `rules_date_` forces it."""
    from rulesengine.team_standings import rank_teams, spec_code  # noqa: PLC0415 (see the imports above)
    registry = registry or default_registry()
    rules = registry.team_tiebreaks
    announced = texts is None and bool(event.individual.tiebreak_order)
    chosen = event.individual.tiebreak_order if texts is None else tuple(texts)

    def specs_on(day: date | None) -> tuple[str, ...]:
        if chosen:
            return _team_specs(chosen, day, registry)
        default = next((p for p in registry.team_presets.values() if p.default), None)
        return default.specs_on(day) if default is not None else ()

    def texts_on(day: date | None) -> tuple[str, ...]:
        return tuple(rule.rule_set_in_force(spec, day).split(" (", 1)[0] for spec in specs_on(day)
                     for rule in (rules.get(spec_code(spec)),) if rule is not None and rule.rule_set_in_force)
    when = rules_date(event.individual, rules_date_, DatedRules("every team tie-break", texts_on))
    specs = specs_on(when.value)
    try:
        with collector_paused():
            table = rank_teams(event, specs, rules, when.value)
    except UsageError as exc:
        line = event.individual.extra.get("tiebreak_order_line")
        if not announced or not line:
            raise
        where = Location(event.individual.source, int(line), 5)
        raise InputError(Problem(where, f"the tie-break order this file announces: {exc}")) from None
    used = {spec: rule.rule_set_in_force(spec, when.value) for spec in specs
            for rule in (rules[spec_code(spec)],) if rule.rule_set_in_force is not None}
    from rulesengine.standings import abnormal_points_notes
    notes = (*((when.note,) if when.note else ()), *event.notes, *abnormal_points_notes(event.individual))
    return TeamStandingsRun(event, table, RulesUsed(when.value, when.source, None, used, when), notes)


def _team_specs(texts: Sequence[str], day: date | None, registry: Registry) -> tuple[str, ...]:
    """Team specs from texts, each team preset name replaced by its order on `day`."""
    presets = registry.team_presets
    specs: list[str] = []
    for text in (t.strip() for t in texts if t.strip()):
        preset = presets.get(text.lower())
        specs.extend(preset.specs_on(day) if preset is not None else (text,))
    return tuple(specs)


# ---------------------------------------------------------------- explain


def explain_tiebreak(tournament: Tournament, spec_text: str, start_rank: int, registry: Registry | None = None, *,
                     within: StandingsRun | Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
                     rules_date: date | None = None, rule_set: str | None = None) -> Explanation:
    """The breakdown of one player's value for one tie-break, as the standings computed it.

    `within` is the standings the explanation belongs to: a `StandingsRun` (its criteria are
    reused as computed), or the spec texts of its order; None means the order the file announces.
    The tie-break sees the criteria before it in that order (`context.previous`), so explain and
    standings agree; a spec not in the order is explained as if it came after all of them.
    """
    registry = registry or default_registry()
    specs = registry.resolve_specs([spec_text])
    if len(specs) != 1:
        raise UsageError(f"explain takes one tie-break spec, got {spec_text!r}")
    spec = specs[0]
    if start_rank not in tournament.by_start_rank:
        raise UsageError(f"no player with start rank {start_rank} (the event has {len(tournament.players)} players)")
    if isinstance(within, StandingsRun):
        run = within
        appended = spec not in run.specs
        position = len(run.specs) if appended else list(run.specs).index(spec)
    else:
        order = resolve(tournament, None if within is None else list(within), registry)
        appended = spec not in order
        position = len(order) if appended else order.index(spec)
        # Only the criteria before it matter to the value explained (context.previous).
        run = standings(tournament, order[:position], registry, rules_date_=rules_date, rule_set=rule_set,
                        options=options, also=(spec,))
    previous = [(POINTS, tournament.points)] + [(s, run.standings.values[str(s)]) for s in run.specs[:position]]
    context = _context(run.tournament, run.rules.date, run.options, run.rules.rule_set, previous)
    rule = registry.tiebreak(spec.code)
    notes: tuple[str, ...] = ()
    if appended and position:
        notes = (f"{spec} is not among the standings' tie-breaks ({', '.join(str(s) for s in run.specs)}); "
                 f"explained as if it came after them",)
    if rule.explain is not None:
        explanation = rule.explain(spec, context, start_rank)
        return replace(explanation, notes=tuple(explanation.notes) + notes)
    outcome = rule.compute(spec, context)
    return Explanation(start_rank, str(spec), (), outcome.values.get(start_rank),
                       ("no per-round breakdown for this tie-break", *outcome.notes, *notes))


# ---------------------------------------------------------------- ratings


def rating_system(name: str | None, registry: Registry | None = None, *, source: str = "--system") -> RatingSystem:
    """The rating system named; no name is an error listing the systems (the core has no default)."""
    registry = registry or default_registry()
    if not name:
        known = ", ".join(sorted(registry.rating_systems)) or "none installed"
        raise UsageError(f"no rating system chosen: give {source} NAME (known: {known})")
    return registry.rating_system(name)


def rating_system_for(tournament: Tournament, name: str | None, registry: Registry | None = None) -> RatingSystem:
    """The system named, else the one the file records (`Tournament.extra["rating_system"]`, set by a
    format that carries it), else a usage error listing the systems: the core has no default."""
    return rating_system(name or tournament.extra.get("rating_system"), registry)


def rate(tournament: Tournament, system: RatingSystem | str | None, records: Mapping[int, RatingRecord], *,
         event_date: date | None = None, rule_set: str | None = None, options: Mapping[str, Any] | None = None,
         option_texts: Iterable[str] = (), registry: Registry | None = None, detail: bool = True,
         detail_players: frozenset[int] = frozenset(), when: EventDate | None = None) -> RatingReport:
    """Rate one event with a system; `option_texts` are `NAME=VALUE` checked against its options.

    `event_date` None: the event's date by the one rule (`rules_date`, asking the system's dated
    rule sets; `when`: found already, as a recalculation asks its tie-breaks too), said first in
    the notes when the file does not give it. `detail` False: the caller reads no per-game records
    but those of `detail_players` (see `RatingRequest.detail`)."""
    report, note = _rate(tournament, system, records, event_date, rule_set, options, option_texts, registry, detail,
                         detail_players, when)
    return replace(report, notes=(note, *report.notes)) if note else report


def _rate(tournament: Tournament, system: RatingSystem | str | None, records: Mapping[int, RatingRecord],
          event_date: date | None, rule_set: str | None, options: Mapping[str, Any] | None,
          option_texts: Iterable[str], registry: Registry | None, detail: bool,
          detail_players: frozenset[int], when: EventDate | None = None) -> tuple[RatingReport, str | None]:
    """`rate`'s report, and the note on its date when the file does not give it."""
    from rulesengine.rating import RatingRequest, RatingSystem  # noqa: PLC0415 (see the imports above)
    if not isinstance(system, RatingSystem):
        system = rating_system(system, registry)
    chosen = dict(options or {})
    chosen.update(parse_options(option_texts, system.options, f"rating system {system.name!r}"))
    # Rule-set names are matched in any case, as `rating.rule_set_for` matches them.
    if rule_set and system.rule_sets and rule_set.lower() not in {name.lower() for name in system.rule_sets}:
        raise UsageError(f"rating system {system.name!r} has no rule set {rule_set!r}; "
                         f"known: {', '.join(system.rule_sets)}")
    note = None
    if event_date is None:
        when = when or rules_date(tournament, None, rating_rules(tournament, system, records, rule_set, chosen))
        note = when.note
        # A system reads the file's start and end dates itself, each as its regulation dates its
        # changes (B.02 by the start, US Chess by the end); a date found elsewhere is given to it.
        if when.origin in ("round", "name"):
            event_date = when.value
    return system.rate(RatingRequest(tournament, records, event_date, rule_set, chosen, detail, detail_players)), note


def rate_event(tournament: Tournament, system: RatingSystem | str | None, rating_list: str | Path | None = None, *,
               encoding: str = "utf-8", event_date: date | None = None, rule_set: str | None = None,
               option_texts: Iterable[str] = (), registry: Registry | None = None, detail: bool = True,
               detail_players: frozenset[int] = frozenset()) -> RatingReport:
    """`rate` with everyone's pre-event records from the tournament file, overridden by
    `rating_list` (a CSV); the report's notes begin with the note on its date (when the file
    gives none), then where the records came from."""
    from rulesengine.rating_list import build_records  # noqa: PLC0415 (see `rate`)
    records, notes = build_records(tournament, rating_list, encoding)
    report, note = _rate(tournament, system, records, event_date, rule_set, None, option_texts, registry, detail,
                         detail_players)
    return replace(report, notes=(*([note] if note else []), *notes, *report.notes))


# ---------------------------------------------------------------- pairing


def pair_round(tournament: Tournament, round_number: int, system: str = "dutch", registry: Registry | None = None,
               options: Mapping[str, Any] | None = None):
    """Pair `round_number` with the pairing system named (the `rulesengine_pairing_systems` hook):
    a `PairedRound` with boards in the system's order and the byes with their kind."""
    from rulesengine.pairing import PairedRound, PairingRequest, with_announced_byes

    registry = registry or default_registry()
    chosen = registry.pairing_system(system)
    request = PairingRequest(with_announced_byes(tournament, round_number), round_number, dict(options or {}))
    if chosen.pair_round is not None:
        with collector_paused():   # `pair_round` is not wrapped by the registry, as `pair` is
            return chosen.pair_round(request)
    boards = chosen.pair(request)
    return PairedRound(round_number, tuple(b for b in boards if b.black is not None),
                       tuple((b.white, "PAB") for b in boards if b.black is None))


# ---------------------------------------------------------------- team pairing (issue 24 item 4)

TEAM_SWISS = "fide_team"
TEAM_ROUND_ROBIN = "team_berger"   # C.05 Annex 1: the Berger tables of a team round robin


def team_pairing_system(event: TeamTournament, name: str | None = None, registry: Registry | None = None):
    """The team pairing system that pairs `event`: a round robin's Berger tables (C.05 Annex 1)
    whatever is asked, else `name` (None or the individual default "dutch": the team swiss,
    C.04.6). One rule for `pair TEAM.trf` and `pair BOOK` on a team book."""
    registry = registry or default_registry()
    if event.is_round_robin:
        if TEAM_ROUND_ROBIN not in registry.team_pairing_systems:
            raise UsageError("this team event is a round robin: team round robins are paired by the Berger tables "
                             "(C.05 Annex 1), which no loaded plugin provides for team events")
        return registry.team_pairing_system(TEAM_ROUND_ROBIN)
    return registry.team_pairing_system(TEAM_SWISS if name in (None, "dutch") else name)


def pair_team_round(event: TeamTournament, round_number: int, system: str = TEAM_SWISS,
                    registry: Registry | None = None):
    """Pair `round_number` of a team event with the team pairing system named (hook
    `rulesengine_team_pairing_systems`): a `PairedRound` of team numbers."""
    chosen = (registry or default_registry()).team_pairing_system(system)
    with collector_paused():
        return chosen.pair_round(event, round_number)


def check_team_pairings(event: TeamTournament, system: str = TEAM_SWISS, registry: Registry | None = None):
    """Every recorded round of a team event re-paired: one `RoundCheck` per round."""
    chosen = (registry or default_registry()).team_pairing_system(system)
    if chosen.check is None:
        raise UsageError(f"team pairing system {chosen.name!r} has no check mode")
    with collector_paused():
        return chosen.check(event)
