"""Peer runner: tiebreak-core 1.2.0 team standings from a TRF-2026 team file, as one whole process.

    PEER_PYTHON bench/peers/tiebreak_core_team_standings.py FILE.trf SPEC,SPEC,... > ranks.json

tiebreak-core reads no files, so this is the minimal reader a user of its team module would
write: the 001 records' round triples, the 310 rosters (board order = roster order of the players
fielded, as in the generated events of bench/team_event.py), the 320 team PABs and the 362 match
points. Each team round becomes a `TeamMatch` (played, or pairing_bye / unplayed with opponent
-1) and each team its board totals (art. 12 intro: a PAB a standard win on every board). Prints
{"team": [rank, {spec: value}]}, and on stderr the ranking call's own CPU time and that of the
reading plus the ranking (imports and start-up left out). Run only by
bench/team_tiebreaks.py, with the peer's Python.
"""

from __future__ import annotations

import json
import sys
import time

from tiebreak_core.team import PAIRING_BYE, PLAYED, UNPLAYED, TeamFormat, TeamMatch, TeamRecord, rank_team_standings

SCORES = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def read(path: str) -> tuple[dict[int, TeamRecord], int, TeamFormat]:
    results: dict[int, list[tuple[int, float]]] = {}   # player -> per round (opponent, score)
    rosters: dict[int, list[int]] = {}
    pab: tuple[float, float, list[int]] | None = None
    win, draw = 2.0, 1.0
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("001"):
                rounds = []
                for start in range(91, len(line), 10):
                    opponent, code = line[start:start + 4].strip(), line[start + 7:start + 8] or " "
                    rounds.append((int(opponent) if opponent and opponent != "0000" else 0,
                                   SCORES.get(code, 0.0) if code in SCORES else -1.0))
                results[int(line[4:8])] = rounds
            elif line.startswith("310"):
                rosters[int(line[4:7])] = [int(line[i:i + 5]) for i in range(72, len(line), 5) if line[i:i + 5].strip()]
            elif line.startswith("320"):
                pab = (float(line[4:8]), float(line[9:13]), [int(line[i:i + 4]) for i in range(13, len(line), 4)])
            elif line.startswith("362"):
                parts = line[4:].split()
                win, draw = float(parts[1]), float(parts[3])
    rounds = max(len(r) for r in results.values())
    team_of = {p: t for t, players in rosters.items() for p in players}
    boards = len(next(iter(results.values()))) and max(
        sum(1 for p in players if len(results[p]) >= r and results[p][r - 1][0] or
            (len(results[p]) >= r and results[p][r - 1][1] > 0)) for players in rosters.values()
        for r in range(1, rounds + 1))
    teams = {}
    for team, players in rosters.items():
        matches, per_board = [], [0.0] * boards
        for r in range(1, rounds + 1):
            fielded = [p for p in players if len(results[p]) >= r and (results[p][r - 1][0] or results[p][r - 1][1] > 0)]
            if pab and len(pab[2]) >= r and pab[2][r - 1] == team:
                matches.append(TeamMatch(-1, r, pab[0], pab[1], PAIRING_BYE))
                per_board = [v + 1.0 for v in per_board]
                continue
            if not fielded:
                matches.append(TeamMatch(-1, r, 0.0, 0.0, UNPLAYED))
                continue
            opponent = team_of[next(results[p][r - 1][0] for p in fielded if results[p][r - 1][0])]
            gp = sum(results[p][r - 1][1] for p in fielded)
            other = sum(results[q][r - 1][1] for q in rosters[opponent]
                        if len(results[q]) >= r and (results[q][r - 1][0] or results[q][r - 1][1] > 0))
            for board, p in enumerate(fielded):
                per_board[board] += results[p][r - 1][1]
            matches.append(TeamMatch(opponent, r, win if gp > other else draw if gp == other else 0.0, gp, PLAYED))
        teams[team] = TeamRecord(team, sum(m.mp for m in matches), sum(m.gp for m in matches), matches, tuple(per_board))
    return teams, rounds, TeamFormat(mp_win=win, mp_draw=draw, max_gp_per_match=float(boards))


def main() -> int:
    path, specs = sys.argv[1], sys.argv[2].split(",")
    reading = time.process_time()
    teams, rounds, fmt = read(path)
    started = time.process_time()
    result = rank_team_standings(teams, specs, rounds, fmt)
    ended = time.process_time()
    sys.stderr.write(f"ranking CPU s: {ended - started:.4f}\n")
    sys.stderr.write(f"read+rank CPU s: {ended - reading:.4f}\n")
    json.dump({row.team_id: [row.rank, dict(row.values)] for row in result.teams}, sys.stdout, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
