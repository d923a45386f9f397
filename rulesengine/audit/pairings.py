"""`audit --pairings`: each swiss round's recorded pairing re-paired by the event's pairing system.

The system comes from the plugins (hook `rulesengine_pairing_systems`, its `check` service: re-pair
every round from the rounds before it and name the first criterion the recorded pairing breaks).
This module decides which system an event was paired with, never by guessing: `--pairing-system`,
else the system the file names (TRF-2026 record 192, else the free text of record 092), else the
default (Dutch) for a swiss event that names none; a round robin is checked against its Berger
table (the `berger` system, C.05 Annex 1: who met whom with which colours, the table numbers found
from the games when the start ranks are not them, which is a finding); an event naming a system
no plugin provides is a finding "pairings not checked: ...".

What an input cannot say is supplied from its own record, never invented:
* the initial colour (drawn by lot before round 1; TRF `XXC`/`152`) is read from round 1 when
  the input does not state it (result pages and workbooks never do): the first board with colours
  recorded tells it (C.04.3 E.5, see `_with_initial_colour`);
* a forfeited game that a page prints without colours (Vega's `cf` cell) has no colour to check:
  such a board agrees when its two players are the rules' pair, and that is a finding. A forfeit's
  colour never enters a later round (the colour history counts played games only), so the colour
  the rules give it is filled in before the round is judged again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Sequence

from rulesengine.published import Finding
from rulesengine.errors import InputError, RulesEngineError
from rulesengine.model import Colour, Player, ResultCode, Tournament
from rulesengine.pairing import PairingSystem, RoundCheck, edition_note
from rulesengine.standings import event_date
from rulesengine.registry import Registry

DEFAULT_SYSTEM = "dutch"
ROUND_ROBIN_SYSTEM = "berger"   # C.05 Annex 1 Berger tables (the FIDE plugin's round_robin package)
# Swiss systems of the FIDE Handbook (C.04.4.x) and others a file may name that no plugin of this
# engine provides: naming one means the event was NOT paired with the default.
_OTHER_SYSTEMS = {"DUBOV", "BURSTEIN", "LIM", "DOUBLESWISS", "DOUBLE", "MONRAD", "USCF", "KEIZER", "OLYMPIAD"}
_CRITERION = re.compile(r"\b(C\d{1,2})\b")
_SECTION = re.compile(r"\b([A-E])\.(\d{1,2})\b")
_REGULATION = re.compile(r"\b[A-Z]\.\d{2}(?:\.\d+)*\b")


@dataclass(frozen=True)
class BoardLine:
    """One line of a differing round's table: the rules' board and the recorded game set beside
    it (None on a side that has no game on that line); the pairing-allocated bye is `(player, 0)`."""

    board: int
    rules: tuple[int, int] | None
    recorded: tuple[int, int] | None

    @property
    def differs(self) -> bool:
        return self.rules != self.recorded


@dataclass(frozen=True)
class RoundDifference:
    round: int
    criterion: str        # "C7", "E.1-E.5", "D.1-D.3", ...: what the verdict names first
    article: str          # the criterion in the system's regulation: "C.04.3 C7"
    verdict: str          # the system's own sentence
    boards: tuple[BoardLine, ...]


@dataclass(frozen=True)
class PairingChecks:
    system: str
    description: str
    rounds_checked: int
    rounds_differing: tuple[RoundDifference, ...]


def check_pairings(tournament: Tournament, where: str, registry: Registry,
                   forced: str | None = None) -> tuple[PairingChecks | None, list[Finding]]:
    """The event's rounds re-paired, or None with the finding that says why they were not."""
    round_robin = tournament.kind == "round robin" and forced in (None, "", ROUND_ROBIN_SYSTEM)
    if round_robin:
        system, findings = _round_robin_system(where, registry)
        tournament, team_findings = _team_schedule(tournament, where)
        findings += team_findings
    else:
        system, findings = _system_for(tournament, where, registry, forced)
    if system is None:
        return None, findings
    if system.check is None:
        return None, findings + [Finding(where, f"pairings not checked: pairing system {system.name!r} offers no "
                                                f"check mode")]
    prepared, notes = (tournament, _table_notes(system, tournament, where)) if round_robin \
        else _with_initial_colour(tournament, where)
    findings += notes
    if note := edition_note(system, event_date(tournament), tournament):   # the date the file gives, by the one rule
        findings.append(Finding(where, f"re-{note}"))
    uncoloured = _uncoloured_games(prepared)
    try:
        checks = system.check(prepared)
        if any(_colours_only(c, uncoloured) and not _agrees(c, uncoloured) for c in checks):
            # The verdict may be about an uncoloured board: give those forfeits the rules' colours
            # and judge again (no later round depends on a forfeit's colour).
            prepared = _coloured(prepared, _rules_colours(checks, uncoloured))
            checks = system.check(prepared)
    except Exception as exc:  # noqa: BLE001 (a plugin's bug on one event must not stop the audit of the others)
        return None, findings + [_not_checked(exc, where, f"pairing system {system.name!r}")]
    differing = []
    for check in checks:
        games = uncoloured.get(check.round, set())
        if games:
            listed = ", ".join(f"{a}-{b}" for a, b in sorted(tuple(sorted(g)) for g in games))
            findings.append(Finding(where, f"round {check.round}: no colours recorded for {listed} (a forfeit on a "
                                           f"result page has none); their colours were not checked"))
        if round_robin:   # the table's boards neither player of which has a game recorded
            findings += [Finding(where, f"round {check.round}: {w.message}") for w in check.warnings if w.level == 1]
        if _agrees(check, uncoloured):
            continue
        # The system's own criterion; read from its sentence only when a system does not give it.
        criterion = check.criterion or _criterion(check.verdict)
        differing.append(RoundDifference(check.round, criterion, _article(system, criterion), check.verdict,
                                         _board_lines(check, games)))
    return PairingChecks(system.name, system.description, len(checks), tuple(differing)), findings


def _round_robin_system(where: str, registry: Registry) -> tuple[PairingSystem | None, list[Finding]]:
    """A round robin is checked against its table (C.05 Annex 1: the `berger` system)."""
    systems = registry.pairing_systems
    if ROUND_ROBIN_SYSTEM in systems:
        return systems[ROUND_ROBIN_SYSTEM], []
    return None, [Finding(where, f"pairings not checked: a round robin is paired by its round-robin table and no loaded "
                                 f"plugin provides {ROUND_ROBIN_SYSTEM!r} (known: {', '.join(sorted(systems)) or 'none'})")]


TEAM_RECORDS = ("310", "013")


def _team_schedule(t: Tournament, where: str) -> tuple[Tournament, list[Finding]]:
    """For the players of a team round robin, the teams' matches as a tournament of teams
    (`rulesengine.team.match_tournament`): the table pairs teams, not players."""
    if not any(code in TEAM_RECORDS for code, _ in t.header) or not t.source:
        return t, []
    from rulesengine.api import load_event
    from rulesengine.team import TeamTournament, match_tournament
    try:
        event = load_event(t.source, input_format="trf")
    except RulesEngineError:
        return t, []
    if not isinstance(event, TeamTournament):
        return t, []
    return match_tournament(event), [Finding(where, "a team round robin: the teams' matches are checked against the "
                                                    "table (team numbers; white the first-named team)")]


def _table_notes(system: PairingSystem, t: Tournament, where: str) -> list[Finding]:
    """What the table system says of the event's numbering (the table numbers found from the
    games when the start ranks are not them; the double round-robin variant followed)."""
    from rulesengine.pairing import PairingRequest, next_round
    if system.event_day is None:
        return []
    try:
        return [Finding(where, f.message) for f in system.event_day(PairingRequest(t, next_round(t)))]
    except RulesEngineError as exc:   # a malformed numbers record: `system.check` will say where
        return [Finding(where, f"the table numbers could not be read: {exc}")]


def _system_for(t: Tournament, where: str, registry: Registry,
                forced: str | None) -> tuple[PairingSystem | None, list[Finding]]:
    if forced:
        return registry.pairing_system(forced), []
    records = {code: rest.strip() for code, rest in t.header if code in ("092", "192") and rest.strip()}
    systems = registry.pairing_systems
    for code in ("192", "092"):
        text = records.get(code)
        if not text:
            continue
        words = set(re.split(r"[^A-Z]+", text.upper()))
        named = [s for name, s in systems.items() if name.upper() in words]
        if named:
            return named[0], []
        if code == "192" or words & _OTHER_SYSTEMS:
            return None, [Finding(where, f"pairings not checked: the event names its pairing system {text!r} "
                                         f"(record {code}), which no loaded plugin provides (known: "
                                         f"{', '.join(sorted(systems)) or 'none'}; --pairing-system NAME checks it "
                                         f"against one of them)")]
    if DEFAULT_SYSTEM not in systems:
        return None, [Finding(where, f"pairings not checked: the input names no pairing system and the default "
                                     f"{DEFAULT_SYSTEM!r} is not loaded (known: {', '.join(sorted(systems)) or 'none'})")]
    return systems[DEFAULT_SYSTEM], [Finding(where, f"the input names no pairing system: checked against "
                                                    f"{DEFAULT_SYSTEM!r}, the default (--pairing-system NAME for another)")]


def _with_initial_colour(t: Tournament, where: str) -> tuple[Tournament, list[Finding]]:
    """The tournament with its initial colour stated (TRF `XXC white1|black1`), read from round 1
    when the input does not state it. C.04.3 E.5: in round 1 the higher-ranked player of each board
    gets the initial colour when his position among the players paired (the A.2 order, start
    ranks in round 1) is odd, the other colour when it is even; so the first board whose colours
    are recorded tells it (a forfeit printed without colours does not)."""
    if any(code in ("XXC", "152") for code, _ in t.header):
        return t, []
    paired = [p for p in sorted(t.players, key=lambda p: p.start_rank)
              if p.entry(1).opponent is not None or p.entry(1).code is ResultCode.PAIRING_ALLOCATED_BYE]
    for position, player in enumerate(paired, start=1):
        entry = player.entry(1)
        if entry.opponent is None or entry.opponent < player.start_rank or entry.colour is Colour.NONE:
            continue
        white = (entry.colour is Colour.WHITE) == (position % 2 == 1)
        return replace(t, header=t.header + (("XXC", " white1" if white else " black1"),)), []
    if not paired:
        return t, []  # no game in round 1: nothing to colour
    return t, [Finding(where, "the initial colour is not stated and no game of round 1 records colours: white for "
                              "the first player assumed")]


def _uncoloured_games(t: Tournament) -> dict[int, set[frozenset[int]]]:
    """Per round, the games recorded without colours (forfeits on result pages)."""
    out: dict[int, set[frozenset[int]]] = {}
    for p in t.players:
        for e in p.rounds:
            if e.opponent is not None and e.colour is Colour.NONE:
                out.setdefault(e.round, set()).add(frozenset((p.start_rank, e.opponent)))
    return out


def _oriented(check: RoundCheck, uncoloured: dict[int, set[frozenset[int]]]) -> set[tuple[int, int]]:
    """The recorded games, an uncoloured one turned the way the rules colour it."""
    rules = {(b.white, b.black) for b in check.rules.boards}
    games = uncoloured.get(check.round, set())
    out = set()
    for b in check.recorded.boards:
        pair = (b.white, b.black)
        if frozenset(pair) in games and pair not in rules and (b.black, b.white) in rules:
            pair = (b.black, b.white)
        out.add(pair)
    return out


def _pab(paired) -> int | None:
    return next((p for p, kind in paired.byes if kind == "PAB"), None)


def _agrees(check: RoundCheck, uncoloured: dict[int, set[frozenset[int]]]) -> bool:
    if not check.verdict:
        return True
    return (_oriented(check, uncoloured) == {(b.white, b.black) for b in check.rules.boards}
            and _pab(check.recorded) == _pab(check.rules))


def _colours_only(check: RoundCheck, uncoloured: dict[int, set[frozenset[int]]]) -> bool:
    """The round has uncoloured games and the same pairs and PAB as the rules' pairing (so its
    verdict is about colours)."""
    return (bool(uncoloured.get(check.round)) and _pab(check.recorded) == _pab(check.rules)
            and {frozenset((b.white, b.black)) for b in check.recorded.boards}
            == {frozenset((b.white, b.black)) for b in check.rules.boards})


def _rules_colours(checks: Sequence[RoundCheck],
                   uncoloured: dict[int, set[frozenset[int]]]) -> dict[int, set[tuple[int, int]]]:
    """Per round, the uncoloured games the rules pair too, as the rules colour them: (white, black)."""
    out: dict[int, set[tuple[int, int]]] = {}
    for check in checks:
        games = uncoloured.get(check.round, set())
        for b in check.rules.boards:
            if frozenset((b.white, b.black)) in games:
                out.setdefault(check.round, set()).add((b.white, b.black))
    return out


def _coloured(t: Tournament, colours: dict[int, set[tuple[int, int]]]) -> Tournament:
    white_of = {(r, w): Colour.WHITE for r, games in colours.items() for w, _ in games}
    white_of.update({(r, b): Colour.BLACK for r, games in colours.items() for _, b in games})

    def entries(p: Player):
        # Forfeits only: the colours of a game played are history later rounds are paired from,
        # which the rules' colours must not invent.
        return tuple(replace(e, colour=white_of[(e.round, p.start_rank)])
                     if e.colour is Colour.NONE and not e.played and (e.round, p.start_rank) in white_of else e
                     for e in p.rounds)
    return replace(t, players=tuple(replace(p, rounds=entries(p)) for p in t.players))


def _criterion(verdict: str) -> str:
    """For a pairing system that gives no `RoundCheck.criterion`, the first criterion its verdict names: a C-criterion ("C7"), else its sections ("E.1-E.5",
    "D.1-D.3", "B.3"); "availability" for a player paired who was not to be paired."""
    found = _CRITERION.search(verdict)
    if found:
        return found.group(1)
    sections = _SECTION.findall(verdict)
    if sections:
        letter = sections[0][0]
        numbers = [int(n) for s, n in sections if s == letter]
        low, high = min(numbers), max(numbers)
        return f"{letter}.{low}" if low == high else f"{letter}.{low}-{letter}.{high}"
    return "availability"


def _article(system: PairingSystem, criterion: str) -> str:
    """The criterion within the regulation the system's description cites ("C.04.3 C7")."""
    found = _REGULATION.search(system.description)
    regulation = found.group(0) if found else system.name
    return regulation if criterion == "availability" else f"{regulation} {criterion}"


def _board_lines(check: RoundCheck, uncoloured: set[frozenset[int]]) -> tuple[BoardLine, ...]:
    """The rules' boards in their order, each beside the recorded game that matches it, else the one
    that holds its white (else its black) player; recorded games left over follow. Every recorded
    game appears once. An uncoloured recorded game is shown the way the rules colour it."""
    rules = [(b.white, b.black) for b in check.rules.boards]
    recorded = sorted(_oriented(check, {check.round: uncoloured}))
    pab_rules, pab_recorded = _pab(check.rules), _pab(check.recorded)
    if pab_rules is not None:
        rules.append((pab_rules, 0))
    if pab_recorded is not None:
        recorded.append((pab_recorded, 0))
    unused = list(recorded)
    beside: dict[int, tuple[int, int] | None] = {}
    for i, pair in enumerate(rules):
        if pair in unused:
            beside[i] = pair
            unused.remove(pair)
    for i, pair in enumerate(rules):
        if i in beside:
            continue
        match = next((g for g in unused if pair[0] in g), None) or next((g for g in unused if pair[1] in g and pair[1]), None)
        beside[i] = match
        if match is not None:
            unused.remove(match)
    lines = [BoardLine(i + 1, pair, beside[i]) for i, pair in enumerate(rules)]
    lines += [BoardLine(len(rules) + k + 1, None, pair) for k, pair in enumerate(unused)]
    return tuple(lines)


def _not_checked(exc: Exception, where: str, system: str) -> Finding:
    """Why a system's check gave no verdict: the input's problem (the first three), or the
    plugin's own failure named, so one event's trouble never stops the audit of the others."""
    if isinstance(exc, RulesEngineError):
        problems = exc.problems if isinstance(exc, InputError) else ()
        message = "; ".join(str(p) for p in problems[:3]) or str(exc)
        return Finding(where, f"pairings not checked: {message}")
    return Finding(where, f"pairings not checked: {system} failed on this event "
                          f"({type(exc).__name__}: {str(exc)[:200]})")


TEAM_ROUND_ROBIN_NOTE = "a team round robin: the teams' matches are checked against the table (team numbers; white " \
                        "the first-named team)"


def check_team_pairings(event, where: str, registry: Registry) -> tuple[PairingChecks | None, list[Finding]]:
    """A team event's rounds re-paired (`audit --pairings`): a team round robin against its teams'
    table, by the individual route on the matches (`rulesengine.team.match_tournament`); a team
    swiss by the team pairing system (hook `rulesengine_team_pairing_systems`, the team swiss by
    default)."""
    from rulesengine import api
    from rulesengine.team import match_tournament
    if event.is_round_robin:
        checks, findings = check_pairings(match_tournament(event), where, registry)
        note = Finding(where, TEAM_ROUND_ROBIN_NOTE)
        return checks, ([note] if note not in findings else []) + findings
    systems = registry.team_pairing_systems
    if api.TEAM_SWISS not in systems:
        return None, [Finding(where, f"pairings not checked: no loaded plugin provides the team pairing system "
                                     f"{api.TEAM_SWISS!r} (known: {', '.join(sorted(systems)) or 'none'})")]
    system = systems[api.TEAM_SWISS]
    findings = []
    started = event_date(event.individual)
    if system.in_force_from is not None and started is not None and started < system.in_force_from:
        findings.append(Finding(where, f"re-paired by {system.description}; the event started on "
                                       f"{started.isoformat()}, before that text was in force"))
    try:
        checks = api.check_team_pairings(event, system.name, registry)
    except Exception as exc:  # noqa: BLE001 (a plugin's bug on one event must not stop the audit of the others)
        return None, findings + [_not_checked(exc, where, f"team pairing system {system.name!r}")]
    differing = tuple(RoundDifference(c.round, c.criterion or _criterion(c.verdict),
                                      _article(system, c.criterion or _criterion(c.verdict)), c.verdict,
                                      _board_lines(c, set()))
                      for c in checks if not _agrees(c, {}))
    return PairingChecks(system.name, system.description, len(checks), differing), findings
