"""Peer runner: tiebreak-core 1.2.0 standings from a TRF-16 file, as one whole process.

    PEER_PYTHON bench/peers/tiebreak_core_standings.py FILE.trf SPEC,SPEC,... > values.json

tiebreak-core reads no files ("not a TRF file parser"), so this is the minimal reader a user of
it would write: the 001 records' start rank, rating, points and round triples, mapped to its
game kinds (played, forfeit_win, forfeit_loss, pairing_bye, requested_bye). It prints each
player's rank and values as compact JSON ({"start rank": [rank, {spec: value}]}) so the
bench can compare a sample with ours. Run only by bench/tiebreaks.py, with the peer's Python.
"""

from __future__ import annotations

import json
import sys
import time

from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

#: Our spec -> tiebreak-core's criterion id. Its descriptor path (`rank_descriptors_strict`)
#: rebuilds its whole-event context once per player and value (quadratic: minutes at 2,000
#: players), so the bench uses the named-criterion path its README recommends for ranking.
CRITERIA = {"BH": "buchholz", "BH/C1": "buchholz_cut1", "BH/C2": "buchholz_cut2", "BH/M1": "median_buchholz",
            "BH/M2": "median_buchholz_2", "SB": "sonneborn_berger", "SB/C1": "sonneborn_berger_cut1",
            "SB/C2": "sonneborn_berger_cut2", "PS": "progressive", "PS/C1": "progressive_cut1", "WIN": "wins",
            "WON": "won", "BPG": "games_black", "BWG": "wins_black", "REP": "rounds_elected", "STD": "std",
            "ARO": "aro", "ARO/C1": "aro_cut1", "ARO/M1": "aro_median1", "AOB": "aob", "FB": "fore_buchholz",
            "FB/C1": "fore_buchholz_cut1", "KS": "koya", "TPR": "tpr", "PTP": "ptp", "APRO": "apro",
            "APPO": "appo", "DE": "direct_encounter", "TPN": "tpn", "RTNG": "rtng"}

SCORES = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "+": 1.0, "-": 0.0,
          "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, " ": 0.0}


def read(path: str) -> tuple[dict[int, PlayerTiebreakData], int]:
    rows = []
    ratings: dict[int, int] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("001"):
                continue
            sno = int(line[4:8])
            rating = line[48:52].strip()
            ratings[sno] = int(rating) if rating else 0
            rows.append((sno, float(line[80:84]), line))
    players: dict[int, PlayerTiebreakData] = {}
    rounds = 0
    for sno, points, line in rows:
        games = []
        for number, start in enumerate(range(91, len(line.rstrip("\n")), 10), start=1):
            opponent_text, colour, code = line[start:start + 4].strip(), line[start + 5], line[start + 7]
            opponent = int(opponent_text) if opponent_text and opponent_text != "0000" else 0
            color = "black" if colour == "b" else "white"
            score = SCORES[code]
            if opponent and code in "1=0WDL":
                kind = "played"
            elif opponent and code == "+":
                kind = "forfeit_win"
            elif opponent and code == "-":
                kind = "forfeit_loss"
            elif code in "UF":
                kind = "pairing_bye"
            else:
                kind = "requested_bye"   # H, Z, absent: art. 16.2 voluntarily unplayed
            if kind in ("pairing_bye", "requested_bye"):
                opponent = -1
            games.append(GameRecord(opponent, ratings.get(opponent, 0), score, color, number, kind=kind))
        rounds = max(rounds, len(games))
        players[sno] = PlayerTiebreakData(sno, ratings[sno], points, games)
    return players, rounds


def main() -> int:
    path, specs = sys.argv[1], sys.argv[2].split(",")
    players, rounds = read(path)
    criteria = [CRITERIA[spec] for spec in specs]
    started = time.process_time()
    result = rank_standings_strict(players, criteria, total_rounds=rounds, ruleset="fide-2026")
    # The ranking alone (no imports, no reading), for the bench's arithmetic-only comparison.
    sys.stderr.write(f"ranking CPU s: {time.process_time() - started:.6f}\n")
    names = dict(zip(criteria, specs))
    out = {str(p.player_id): [p.rank, {names[c]: v for c, v in p.values.items()}] for p in result.players}
    sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
