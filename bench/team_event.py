"""A generated team Swiss (issue 22 item 6) as TRF-2026 team records the peers read too.

    text = team_trf(teams=200, boards=10, rounds=11, seed=2026)

Seeded, so every run times the same event. Each team has `boards` + 1 players (one reserve, who
plays in place of a regular player now and then; the fielded players keep the roster order, so no
record 300 is needed), ratings by team strength. Rounds are paired by match points then game
points, neighbours that have not met (no rematch), the first-named team white on the odd boards
(record 352 `WBWB...`). Board results are drawn from the Elo expectation with draws; about 1 % of
the games are individual forfeits (`+`/`-` inside a played match). An odd number of teams gives a
team PAB each round (record 320, 2 MP and half the boards in GP). Match points 2/1/0 (362).
"""

from __future__ import annotations

import random
from fractions import Fraction

from rulesengine.formats.trf import write_trf
from rulesengine.model import Colour, Player, ResultCode, RoundEntry, Tournament

_POINTS = {ResultCode.WIN: Fraction(1), ResultCode.DRAW: Fraction(1, 2), ResultCode.FORFEIT_WIN: Fraction(1)}
_REPLY = {ResultCode.WIN: ResultCode.LOSS, ResultCode.LOSS: ResultCode.WIN, ResultCode.DRAW: ResultCode.DRAW,
          ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN}


def _number(value: Fraction) -> str:
    return f"{float(value):.1f}"


def team_trf(teams: int, boards: int, rounds: int, seed: int) -> str:
    rng = random.Random(seed)
    size = boards + 1
    roster = {t: list(range((t - 1) * size + 1, t * size + 1)) for t in range(1, teams + 1)}
    strength = sorted((rng.randint(1500, 2600) for _ in range(teams)), reverse=True)
    rating = {p: max(1000, strength[t - 1] + rng.randint(-150, 150) - 15 * i)
              for t, players in roster.items() for i, p in enumerate(players)}
    entries: dict[int, list[RoundEntry]] = {p: [] for p in rating}
    mp = {t: Fraction(0) for t in roster}
    gp = {t: Fraction(0) for t in roster}
    met: dict[int, set[int]] = {t: set() for t in roster}
    pab_rounds: list[int] = []
    pab = (Fraction(2), Fraction(boards, 2))
    for r in range(1, rounds + 1):
        order = sorted(roster, key=lambda t: (-mp[t], -gp[t], t))
        bye = 0
        if len(order) % 2:
            bye = next(t for t in reversed(order) if t not in pab_rounds)
            order.remove(bye)
            pab_rounds.append(bye)
            mp[bye] += pab[0]
            gp[bye] += pab[1]
        played: set[int] = set()   # the PAB team's players too are not paired (record 320 carries the bye)
        while order:
            home = order.pop(0)
            away = next((t for t in order[:30] if t not in met[home]), order[0])
            order.remove(away)
            met[home].add(away)
            met[away].add(home)
            score = {home: Fraction(0), away: Fraction(0)}
            for board, (white, black) in enumerate(zip(_fielded(roster[home], rng), _fielded(roster[away], rng)), 1):
                if board % 2 == 0:
                    white, black = black, white
                roll = rng.random()
                if roll < 0.01:
                    code = ResultCode.FORFEIT_WIN if rng.random() < 0.5 else ResultCode.FORFEIT_LOSS
                else:
                    expected = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
                    roll = rng.random()
                    code = (ResultCode.WIN if roll < expected - 0.15 else
                            ResultCode.DRAW if roll < expected + 0.15 else ResultCode.LOSS)
                entries[white].append(RoundEntry(r, black, Colour.WHITE, code))
                entries[black].append(RoundEntry(r, white, Colour.BLACK, _REPLY[code]))
                played |= {white, black}
                for team, player, result in ((home, white, code), (away, black, _REPLY[code])) if board % 2 else \
                        ((home, black, _REPLY[code]), (away, white, code)):
                    score[team] += _POINTS.get(result, Fraction(0))
            for team, other in ((home, away), (away, home)):
                gp[team] += score[team]
                mp[team] += 2 if score[team] > score[other] else 1 if score[team] == score[other] else 0
        for p in rating:
            if p not in played:
                entries[p].append(RoundEntry(r, None, Colour.NONE, ResultCode.NOT_PAIRED))
    team_of = {p: t for t, players in roster.items() for p in players}
    players = tuple(Player(p, f"Player {p:05d}", tuple(entries[p]), rating=rating[p], federation="NOR",
                           declared_points=sum((_POINTS.get(e.code, Fraction(0)) for e in entries[p]), Fraction(0)))
                    for p in sorted(rating, key=lambda p: (team_of[p], p)))
    header = (("012", f" Generated team Swiss {teams}x{boards}x{rounds}"), ("042", " 2026/04/10"),
              ("052", " 2026/04/20"), ("062", f" {len(players)}"), ("092", " Team Swiss"),
              ("142", f" {rounds}"), ("162", "  W 1.0    D 0.5    L 0.0"), ("192", " FIDE_TEAM_TYPEA_MP_GP"),
              ("352", " " + ("WB" * boards)[:boards]), ("362", " TW 2.0   TD 1.0   TL 0.0"))
    text = write_trf(Tournament(f"Generated team Swiss {teams}x{boards}x{rounds}", players, rounds,
                                start_date="2026/04/10", header=header))
    lines = [f"310 {t:>3} {'Team ' + str(t):<32} {'T' + str(t):<5} {strength[t - 1]:>6} {_number(mp[t]):>6} "
             f"{_number(gp[t]):>6} {'':>3} " + "".join(f"{p:>5}" for p in roster[t]) for t in roster]
    if pab_rounds:
        lines.append(f"320 {_number(pab[0]):>4} {_number(pab[1]):>4} " + "".join(f"{t:>3} " for t in pab_rounds).rstrip())
    return text + "\n".join(lines) + "\n"


def _fielded(players: list[int], rng: random.Random) -> list[int]:
    """The boards' players in roster order: the reserve (last) in for one regular now and then."""
    if rng.random() < 0.3:
        out = rng.randrange(len(players) - 1)
        return [p for i, p in enumerate(players) if i != out]
    return players[:-1]
