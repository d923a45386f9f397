"""Direct encounter, FIDE C.07 art. 6.

Within each group of players still tied on every criterion before DE (``context.previous``):

* 6.1: the points each scored in the games among them (a pair that met more than once counts
  the average of their games); forfeits count only with ``/P`` (Swiss) and always in round
  robins (art. 15).
* 6.2: if they all met, they are ordered by those points; players separated from the rest are
  placed, and DE is applied again to each subgroup still tied, with only the games inside it.
* 6.3: if not all met (Swiss), a player is placed first only when no other could reach their
  points even winning every game not played among them (the "certain leader"); the next one
  likewise, and so on, until that is no longer certain.

The value is the player's place within the tied group (1, 2, ... with shared places for
players DE cannot separate) and 0 when DE separates nobody in the group -- as TieBreakServer
reports it. Smaller ranks first.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import groupby

from rulesengine.tiebreak import ContributionLine, Explanation, TiebreakContext, TiebreakOutcome, TiebreakSpec
from rulesengine_fide.tiebreaks.event import EventData, event_data
from rulesengine_fide.tiebreaks.rulesets import is_round_robin


def direct_encounter(spec: TiebreakSpec, context: TiebreakContext) -> TiebreakOutcome:
    """FIDE C.07 art. 6 (DE), incl. 6.3 "certain leader", recursively within tied groups."""
    data = event_data(context.tournament)
    round_robin = is_round_robin(context)
    forfeits_count = round_robin or spec.modifier("P") is not None
    values: dict[int, int] = {sno: 0 for sno in data.start_ranks}
    for group in _tied_groups(context):
        places = rank_group(data, sorted(group), forfeits_count, all_met_required=not round_robin)
        if len(set(places.values())) > 1:
            values.update(places)
    return TiebreakOutcome(values)


def _tied_groups(context: TiebreakContext) -> list[list[int]]:
    """The groups still tied before DE; with no criteria given, those tied on points (art. 6).

    The same groups as `context.tied_groups()`, found without hashing every player's values:
    the groups are split criterion by criterion, and a player alone in a group is not looked at
    again (after the first few criteria almost everyone is). Values are shared objects, so each
    distinct object is hashed once and stands for all equal values by its identity (every one
    stays alive in its mapping meanwhile). The groups after each prefix of the criteria are
    memoised with the event's table, so DE/P after DE (or a second DE) refines DE's groups by
    one more criterion instead of starting again.
    """
    if not context.previous:
        context = replace(context, previous=((TiebreakSpec("PTS"), context.tournament.points),))
    previous = [values for _, values in context.previous]
    memo = event_data(context.tournament).memo
    known = len(previous)
    while known and ("tied groups", tuple(map(id, previous[:known]))) not in memo:
        known -= 1
    if known:
        groups = memo["tied groups", tuple(map(id, previous[:known]))][0]
    else:
        groups = [[p.start_rank for p in context.tournament.players]]
    for count in range(known + 1, len(previous) + 1):
        groups = _split(groups, previous[count - 1]) if groups else []
        # The mappings are kept with the groups: their ids stay theirs while the memo lives.
        memo["tied groups", tuple(map(id, previous[:count]))] = (groups, tuple(previous[:count]))
    return list(groups)


#: Groups larger than this are split by sorting (C) rather than one dict append per player.
SORTED_SPLIT = 64


def _split(groups: list[list[int]], values) -> list[list[int]]:
    """Each group split by equal values of one criterion; groups of one player dropped."""
    first_equal: dict = {}
    canonical: dict[int, int] = {}
    out: list[list[int]] = []
    for group in groups:
        column = list(map(values.get, group))
        for ident, value in dict(zip(map(id, column), column)).items():
            if ident not in canonical:
                canonical[ident] = id(first_equal.setdefault(value, value))
        keys = list(map(canonical.__getitem__, map(id, column)))
        if len(group) > SORTED_SPLIT:
            # A large group (the first criteria): sorted by key in C (stable, so each part keeps
            # the players' order) and cut into runs, instead of a dict append per player.
            order = sorted(range(len(group)), key=keys.__getitem__)
            for _, run in groupby(order, key=keys.__getitem__):
                part = list(map(group.__getitem__, run))
                if len(part) > 1:
                    out.append(part)
            continue
        parts: dict[int, list[int]] = {}
        for key, start_rank in zip(keys, group):
            parts.setdefault(key, []).append(start_rank)
        out.extend(part for part in parts.values() if len(part) > 1)
    return out


def _scores_within(data: EventData, members: list[int], forfeits_count: bool
                   ) -> dict[int, tuple[Fraction, int]]:
    """Per member: points against the others (averaged per opponent) and how many of them it met."""
    inside = set(members)
    out = {}
    full = data.all_over_the_board
    for sno in members:
        by_opponent: dict[int, list[int]] = {}
        if sno in full:   # every round a game over the board: the table's columns
            for opponent, points in zip(data.opponents[sno], data.round_points[sno]):
                if opponent in inside:
                    by_opponent.setdefault(opponent, []).append(points)
        else:
            for r in data.table[sno]:
                if r.opponent in inside and (r.over_the_board or (forfeits_count and r.forfeit)):
                    by_opponent.setdefault(r.opponent, []).append(r.points)
        total = sum((Fraction(sum(p), len(p)) for p in by_opponent.values()), Fraction(0))
        out[sno] = (total, len(by_opponent))
    return out


def rank_group(data: EventData, group: list[int], forfeits_count: bool, all_met_required: bool = True
               ) -> dict[int, int]:
    """Places 1.. within a tied group (art. 6.2 / 6.3), equal places for players not separated."""
    place = {sno: 1 for sno in group}
    pending = [list(group)]
    while pending:
        next_round: list[list[int]] = []
        for members in pending:
            if len(members) < 2:
                continue
            base = place[members[0]]
            new = _separate(data, members, forfeits_count, all_met_required)
            if len(set(new.values())) == 1:
                continue  # nothing separated: this subgroup stays tied
            for sno, offset in new.items():
                place[sno] = base + offset
            subgroups: dict[int, list[int]] = {}
            for sno in members:
                subgroups.setdefault(place[sno], []).append(sno)
            next_round.extend(subgroups.values())
        pending = next_round
    return place


def _separate(data: EventData, members: list[int], forfeits_count: bool, all_met_required: bool
              ) -> dict[int, int]:
    """One application of art. 6.2 / 6.3 to a subgroup: offsets 0.. from the subgroup's place."""
    scores = _scores_within(data, members, forfeits_count)
    others = len(members) - 1
    all_met = not all_met_required or all(met == others for _, met in scores.values())
    if all_met:
        order = sorted(members, key=lambda s: (-scores[s][0], s))
        offsets, previous, current = {}, None, 0
        for position, sno in enumerate(order):
            if scores[sno][0] != previous:
                current, previous = position, scores[sno][0]
            offsets[sno] = current
        return offsets
    # Art. 6.3: the most each could still reach if every missing game among them were won.
    best = {s: scores[s][0] + (others - scores[s][1]) * data.win for s in members}
    order = sorted(members, key=lambda s: (-scores[s][0], -best[s], s))
    offsets = {order[0]: 0}
    current, certain = 0, True
    for position in range(1, len(order)):
        leader_points = scores[order[position - 1]][0]
        if certain and leader_points > max(best[s] for s in order[position:]):
            current = position
        else:
            certain = False
        offsets[order[position]] = current
    return offsets


def explain_direct_encounter(spec: TiebreakSpec, context: TiebreakContext, start_rank: int) -> Explanation:
    """The games among the players tied with this one, and the place DE gives."""
    data = event_data(context.tournament)
    forfeits_count = is_round_robin(context) or spec.modifier("P") is not None
    group = next((sorted(g) for g in _tied_groups(context) if start_rank in g), [start_rank])
    lines = []
    for r in data.table[start_rank]:
        if r.opponent in group:
            counted = r.over_the_board or (forfeits_count and r.forfeit)
            lines.append(ContributionLine(r.number, r.opponent, f"{r.kind.value} vs {r.opponent} (tied): "
                                          f"scored {data.text(r.points)}", data.value(r.points),
                                          "" if counted else "forfeit: not a game played (art. 6.1; /P counts it)"))
    place = direct_encounter(spec, context).values[start_rank]
    notes = (f"tied group: {', '.join(map(str, group))}",
             f"place within the group: {place}" if place else "direct encounter does not separate this group")
    return Explanation(start_rank, str(spec), tuple(lines), place, notes)
