"""Check mode: re-pair every round of a tournament and, where the recorded pairing differs,
name the first criterion (C.04.3 C1-C21) it violates or satisfies worse than the rules' pairing.
This is the report C.04.A's endorsement procedure asks for."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

from rulesengine.model import Colour, ResultCode, Tournament
from rulesengine.numbers import to_text
from rulesengine.pairing import EventDayFinding, TrfPlaces, next_round

from rulesengine_fide.pairing.criteria import criterion_text, incompatibility
from rulesengine_fide.pairing.dutch import DutchRound
from rulesengine_fide.pairing.engine import RoundPairing, pair_round
from rulesengine_fide.pairing.records import PairingSetup, read_setup
from rulesengine_fide.pairing.state_units import PairingHistory
from rulesengine_fide.pairing.texts import DutchText, text_for
from rulesengine_fide.pairing.weights import FIELDS, EdgeWeigher, Ordering

_FIELD_CRITERION = {"card": "C4", "C8p": "C8", "C8s": "C8"}


@dataclass
class RoundCheck:
    round: int
    rules: RoundPairing
    recorded_games: list[tuple[int, int]]     # (white, black) as recorded
    recorded_pab: int | None
    verdict: str = ""                         # empty when they agree
    criterion: str = ""                       # what the verdict names first: "C7", "E.1-E.5", ...
    warnings: list[EventDayFinding] = field(default_factory=list)   # forbidden pairs paired

    @property
    def agrees(self) -> bool:
        return not self.verdict


def recorded_round(tournament: Tournament, round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    games, pab = [], None
    for p in tournament.players:
        e = p.entry(round_number)
        if e.opponent is not None and e.colour is Colour.WHITE:
            games.append((p.start_rank, e.opponent))
        elif e.opponent is not None and e.colour is Colour.NONE and p.start_rank < e.opponent:
            games.append((p.start_rank, e.opponent))  # no colour recorded (some forfeits)
        if e.code is ResultCode.PAIRING_ALLOCATED_BYE:
            pab = p.start_rank
    return sorted(games), pab


def check_tournament(tournament: Tournament, setup: PairingSetup | None = None,
                     text: DutchText | None = None) -> list[RoundCheck]:
    """Every recorded round re-paired by `text` (default: `texts.text_for`, the text its type names or in force when it started)."""
    setup = setup or read_setup(tournament)
    text = text or text_for(tournament)
    last = next_round(tournament) - 1
    # Every round's player states are a prefix of one reading of rounds 1..last-1 (state_units.py):
    # read once, not once per round (O(players x rounds) instead of O(players x rounds^2)).
    history = PairingHistory(tournament, setup, text, max(0, last - 1), keep=True)
    return [_check_round(tournament, r, setup, text, history) for r in range(1, last + 1)]


def _check_round(tournament: Tournament, r: int, setup: PairingSetup, text: DutchText,
                 history: PairingHistory) -> RoundCheck:
    """Round `r` re-paired and compared with the recorded pairing."""
    rules = pair_round(tournament, r, setup, text, history)
    games, pab = recorded_round(tournament, r)
    check = RoundCheck(r, rules, games, pab)
    mine = sorted((b.white, b.black) for b in rules.boards)
    if mine != games or rules.pab != pab:
        check.criterion, check.verdict = diagnose(rules, games, pab, setup)
        if rules.text is not None and rules.text.key != "2025":
            # The criterion as the text the round was paired by numbers it (2017: C.1-C.19).
            code, check.criterion = check.criterion, rules.text.number(check.criterion)
            check.verdict = check.verdict.replace(f"{code} (", f"{check.criterion} (")
    # Only the pairing is kept: each round's player states and bracket records (every
    # player, every round) would make a long tournament's check grow with rounds x players.
    check.rules = RoundPairing(rules.round, rules.boards, rules.byes)
    check.warnings = forbidden_paired(tournament, r, games, setup)
    del rules
    # A round's pairing objects refer to each other (the round and its brackets' caches), so
    # reference counting alone does not free them: without this, a long big event's rounds
    # wait for the cyclic collector's rare full pass and pile up (9,999 x 30: 2.9 GB).
    gc.collect()
    return check


def _record_name(setup: PairingSetup, pair: frozenset[int]) -> str:
    code, line = setup.forbidding_record(pair)
    return f"record {code}" + (f", line {line}" if line else "")


def forbidden_paired(tournament: Tournament, round_number: int, games: list[tuple[int, int]],
                     setup: PairingSetup) -> list[EventDayFinding]:
    """A recorded game between a forbidden pair (XXP / 260, absolute: announced before round 1,
    C.05 5.2): a level-3 warning at the record that forbids it (VCL4THP Q66)."""
    forbidden = setup.forbidden_in(round_number)
    out = []
    for w, b in games:
        pair = frozenset((w, b))
        if pair in forbidden:
            where = TrfPlaces(tournament).record(setup.forbidding_record(pair)[1])
            out.append(EventDayFinding(3, where, f"round {round_number}: {w}-{b} is paired although "
                                                 f"{_record_name(setup, pair)} forbids the pair", round_number))
    return out


def diagnose(rules: RoundPairing, games: list[tuple[int, int]], pab: int | None,
             setup: PairingSetup) -> tuple[str, str]:
    """Why the recorded pairing is not the rules' pairing: (the first criterion it names, as
    C.04.3 numbers it, or "availability"; the reason in the words of the criteria)."""
    states = rules.states
    forbidden = setup.forbidden_in(rules.round)
    for w, b in games:
        if w not in states or b not in states:
            missing = w if w not in states else b
            return "availability", f"player {missing} is paired although not available for pairing this round"
        reason = incompatibility(states[w], states[b], forbidden)
        if reason == "C1" and b not in states[w].opponents:
            return reason, (f"{w}-{b} is a forbidden pair ({_record_name(setup, frozenset((w, b)))}), which "
                            f"{criterion_text(reason)} treats as already met")
        if reason:
            return reason, f"{w}-{b} breaks {criterion_text(reason)}"
    if pab is not None and pab in states and not states[pab].bye_eligible:
        return "C2", f"the PAB to {pab} breaks {criterion_text('C2')}"
    rule_pairs = {frozenset((b.white, b.black)) for b in rules.boards}
    if rule_pairs == {frozenset(g) for g in games} and rules.pab == pab:
        for board in rules.boards:
            if (board.white, board.black) not in games:
                return "E.1-E.5", (f"board {board.number}: colours differ; the colour allocation rules (E.1-E.5) give "
                        f"white to {board.white}, the recorded pairing to {board.black}")
    ordered = sorted(states.values(), key=lambda s: s.rank_index)
    rnd = DutchRound(ordered, forbidden, text=rules.text) if rules.text is not None else DutchRound(ordered, forbidden)
    index = {s.number: s.rank_index for s in ordered}
    partner = {}
    for w, b in games:
        partner[index[w]], partner[index[b]] = index[b], index[w]
    for record in rules.brackets:
        bracket = record.index_mdps + record.index_residents
        mine = {frozenset(p) for p in record.pairs}
        theirs = {frozenset((states_number(ordered, i), states_number(ordered, partner[i])))
                  for i in bracket if i in partner and partner[i] in bracket}
        if mine == theirs:
            continue
        rules_partner = {}
        for board in rules.boards:
            a, b = index[board.white], index[board.black]
            rules_partner[a], rules_partner[b] = b, a
        if rules.pab is not None:
            rules_partner[index[rules.pab]] = rnd.n
            rules_partner[rnd.n] = index[rules.pab]
        return _compare_bracket(rnd, record, partner, pab, index, rules_partner)
    return "D.1-D.3", "the recorded pairing has the same criteria values but comes later in the generation order (D.1-D.3)"


def states_number(ordered, i: int) -> int:
    return ordered[i].number


def _compare_bracket(rnd: DutchRound, record, partner: dict[int, int], pab: int | None,
                     index: dict[int, int], rules_partner: dict[int, int]) -> tuple[str, str]:
    mdps, residents, lower = record.index_mdps, record.index_residents, record.index_lower
    weigher = EdgeWeigher(rnd, mdps, residents, lower, rnd.group[lower[0]] if lower else None,
                          with_bye=rnd.odd)
    ordering = Ordering.mdp(mdps, len(mdps)) if mdps else Ordering.homogeneous(residents, len(residents) // 2)
    vertices = weigher.vertices
    label = f"bracket {to_text(record.score)}"

    def total(pairing: dict[int, int]) -> int | None:
        pairs = [(a, b) for a, b in pairing.items() if a < b]
        weight = weigher.weights_of(ordering, pairs)
        if len(weight) < len(pairs):
            return None
        return sum(weight.values())

    theirs = {i: partner[i] for i in vertices if i in partner}
    if pab is not None:
        theirs[index[pab]] = rnd.n
        theirs[rnd.n] = index[pab]
    bracket = set(mdps + residents)
    for a, b in list(theirs.items()):
        if a in bracket and b in bracket and a in set(mdps) and b in set(mdps):
            return "B.3", (f"{label}: {rnd.states[a].number}-{rnd.states[b].number} pairs two moved-down players "
                    f"with each other, which B.3 does not allow")
    recorded_total = total(theirs)
    rules_total = total({i: rules_partner[i] for i in vertices if i in rules_partner})
    if recorded_total is None or rules_total is None:
        return "C4", f"{label}: the recorded pairing leaves the rest of the round unpairable ({criterion_text('C4')})"
    ours, recs = weigher.fields(rules_total), weigher.fields(recorded_total)
    for name in FIELDS:
        if name.startswith("O"):
            break
        if recs[name] != ours[name]:
            code = _FIELD_CRITERION.get(name, name)
            worse = "violates" if recs[name] < ours[name] else "satisfies better (?)"
            return code, f"{label}: the recorded pairing {worse} {criterion_text(code)} more than the rules' pairing"
    return "D.1-D.3", (f"{label}: the recorded pairing meets every criterion equally well but the rules' pairing comes "
            f"first in the generation order (transpositions D.1, exchanges D.2/D.3)")


__all__ = ["check_tournament", "RoundCheck"]
