"""Team swiss conformance sweep (issue 24 item 4): random team events paired round by round by FIDE
TEC's engine gacrux (C.04.6), every round then checked by gacrux's checker and by ours.

    python scripts/team_swiss_sweep.py --gacrux /work/tools/gacrux/bin/python --events 60 --out DIR

gacrux is run as a separate program from its own throw-away venv (never a dependency). Each event:
6-21 teams, 4-6 boards, 5-9 rounds, colour model type A / type B / no colour (record 192), 2/1/0 or
3/1/0 match points, team byes (240 H/Z) announced before the round, forfeited matches (330),
individual forfeits inside played matches and matches of forfeits only, withdrawals (240 Z to the
end), prohibited pairs (260), PABs in odd fields, an acceleration (250) in some; game points as
the primary score and codes naming one score only. A round gacrux cannot pair (art. 3.3.3) ends
the event there, and ours is asked to pair it too.
Results are drawn from the Elo expectation. Writes DIR/NAME.trf and DIR/summary.json.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

MODELS = {"A": "FIDE_TEAM_TYPEA_MP_GP", "B": "FIDE_TEAM_TYPEB_MP_GP", "none": "FIDE_TEAM_MP_GP",
          "Agp": "FIDE_TEAM_TYPEA_GP_MP", "Bmp": "FIDE_TEAM_TYPEB_MP", "nonegp": "FIDE_TEAM_GP"}


class Event:
    def __init__(self, seed: int):
        rng = self.rng = random.Random(seed)
        self.seed = seed
        self.teams = rng.randint(6, 21)
        self.boards = rng.choice((4, 4, 5, 6))
        self.rounds = rng.randint(5, min(9, self.teams - 1))
        self.model = rng.choice(("A", "A", "B", "B", "none", "Agp", "Bmp", "nonegp"))
        self.points = rng.choice(((2, 1, 0), (2, 1, 0), (3, 1, 0)))
        self.prohibited = tuple(rng.sample(range(1, self.teams + 1), 2)) if rng.random() < 0.25 else ()
        self.accelerated = rng.random() < 0.2 and self.teams >= 10 and "gp" not in self.model
        self.sequence = "WB" * (self.boards // 2) + ("W" if self.boards % 2 else "")
        self.initial = rng.choice("WB")
        self.roster = {}            # team -> player start ranks
        self.rating = {}
        sno = 0
        for team in range(1, self.teams + 1):
            strength = 2400 - team * 20
            size = self.boards + rng.choice((0, 0, 1))
            self.roster[team] = list(range(sno + 1, sno + size + 1))
            for i, p in enumerate(self.roster[team]):
                self.rating[p] = strength - 15 * i + rng.randint(-40, 40)
            sno += size
        self.blocks = {p: [] for p in self.rating}      # per player, one 10-char block per round
        self.byes = []           # (kind, round, team)
        self.forfeits = []       # (result, round, white, black)
        self.lineups = []        # (round, team, opponent, players by board, 0 = an empty board): record 300
        self.pab = {}            # round -> team
        self.impossible = None   # the Impossible of the round gacrux could not pair
        self.played = 0          # rounds played (fewer than `rounds` after an impossible one)
        self.name = (f"ts{seed:05d}_t{self.teams}_b{self.boards}_r{self.rounds}_{self.model}"
                     + ("_acc" if self.accelerated else ""))

    def points_of(self, p: int) -> float:
        total = 0.0
        for block in self.blocks[p]:
            total += {"1": 1, "=": 0.5, "+": 1}.get(block[-1], 0)
        return total

    def trf(self, upto: int) -> str:
        lines = [f"012 Team swiss sweep {self.name}", "042 2026/03/10", "052 2026/03/14",
                 f"062 {len(self.rating)}", f"092 Team Swiss", f"142 {self.rounds}", f"152 {self.initial}",
                 f"192 {MODELS[self.model]}", f"352 {self.sequence}",
                 f"362 TW {self.points[0]:.1f}   TD {self.points[1]:.1f}   TL {self.points[2]:.1f}"]
        if self.accelerated:
            half = self.teams // 2
            lines.append(f"250 {float(self.points[1]):4.1f} {self.boards / 2:4.1f}   1   2 {1:4d} {half:4d}")
        if self.prohibited:
            lines.append(f"260 {1:>3} {self.rounds:>3} " + " ".join(f"{t:>4}" for t in self.prohibited))
        if self.pab:
            pm, pg = float(self.points[0]), float(self.boards)
            lines.append(f"320 {pm:4.1f} {pg:4.1f}" + "".join(f"{self.pab.get(r, 0):>4}" for r in range(1, upto + 1)))
        for rnd, team, opponent, players in self.lineups:
            if rnd <= upto:
                lines.append(f"300 {rnd:>3} {team:>3} {opponent:>3} " + " ".join(f"{p:>4}" for p in players))
        for result, rnd, w, b in self.forfeits:
            lines.append(f"330 {result} {rnd:>3} {w:>3} {b:>3}")
        for kind, rnd, team in self.byes:
            lines.append(f"240 {kind} {rnd:>3} {team:>4}")
        for team, players in self.roster.items():
            lines.append(f"310 {team:>3} {'Team ' + str(team):<32} {'T' + str(team):<5} {'':>6} {'':>6} {'':>6} {'':>3}  "
                         + " ".join(f"{p:>4}" for p in players))
        for p in sorted(self.rating):
            name = f"Player {p:04d}, X"
            head = f"001 {p:>4} m    {name:<33} {self.rating[p]:>4} FID {p:>11} 2000/01/01 {self.points_of(p):>4.1f} {0:>4}"
            lines.append(head + "".join(self.blocks[p][:upto]))
        return "\n".join(lines) + "\n"


class Impossible(Exception):
    """gacrux pairs no round (C.04.6 art. 3.3.3: status 505), or refuses the file."""

    def __init__(self, rnd: int, status: dict):
        super().__init__(f"round {rnd}: gacrux status {status['code']}: {status.get('error')}")
        self.round, self.status = rnd, status


def gacrux_pairs(gacrux: str, text: str, rnd: int) -> list[tuple[int, int]]:
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(text)
    out = subprocess.run([gacrux, "-m", "gacrux.pairingchecker", "-p", "-n", str(rnd), "-i", f.name, "-F", "JSON"],
                         capture_output=True, text=True, check=False)
    Path(f.name).unlink()
    data = json.loads(out.stdout)
    if data["status"]["code"] != 0:
        raise Impossible(rnd, data["status"])
    return [tuple(p) for p in data["pairingResult"]["pairs"]]


def gacrux_check(gacrux: str, path: Path) -> dict[int, bool]:
    out = subprocess.run([gacrux, "-m", "gacrux.pairingchecker", "-c", "-i", str(path), "-F", "JSON"],
                         capture_output=True, text=True, check=False)
    data = json.loads(out.stdout)
    return {p["round"]: bool(p["check"]) for p in data["pairingResult"]["roundpairing"]}


def play(event: Event, rnd: int, pairs: list[tuple[int, int]], variety: bool = False,
         forfeited_matches: bool = True) -> None:
    """Results of round `rnd` drawn from the Elo expectation. `variety` (the tie-break sweep): board
    forfeits either way and double forfeits too (no extra random draw without it: the pairing
    sweep's seeds draw what they drew). Without `forfeited_matches` (a TRF-16 file has no record
    330) a match drawn to be forfeited is played."""
    rng = event.rng
    busy = set()
    for w, b in pairs:
        if b == 0:
            event.pab[rnd] = w
            continue
        busy.update((w, b))
        if rng.random() < 0.05 and forfeited_matches:         # a forfeited match (330)
            result = rng.choice(("+-", "+-", "-+", "--"))
            event.forfeits.append((result, rnd, w, b))
            for team, sign in ((w, result[0]), (b, result[1])):
                for p in event.roster[team]:
                    event.blocks[p].append(f"  0000 - {sign}")
            continue
        no_show = rng.random() < 0.03       # the black team fields nobody: every board a forfeit win
        wp, bp = event.roster[w], event.roster[b]
        wl, bl = wp[:event.boards], bp[:event.boards]
        if len(wp) > event.boards and rng.random() < 0.3:   # a reserve plays, the last board rests
            wl = wp[:event.boards - 1] + [wp[-1]]
        if variety and not no_show and rng.random() < 0.06:   # a team leaves its last board empty (record 300)
            short = bl if rng.random() < 0.5 else wl
            short[-1] = 0
            team, opponent = (b, w) if short is bl else (w, b)
            event.lineups.append((rnd, team, opponent, list(short)))
        for i, (x, y) in enumerate(zip(wl, bl)):
            if not x or not y:                      # the other side's player wins by forfeit, no opponent
                event.blocks[x or y].append("  0000 - +")
                continue
            cx = event.sequence[i % len(event.sequence)].lower()
            cy = "b" if cx == "w" else "w"
            if no_show or rng.random() < 0.03:
                rx, ry = ("+", "-") if no_show or not variety else rng.choice((("+", "-"), ("-", "+"), ("-", "-")))
            else:
                e = 1 / (1 + 10 ** ((event.rating[y] - event.rating[x]) / 400))
                u = rng.random()
                rx, ry = ("1", "0") if u < e - 0.15 else ("=", "=") if u < e + 0.15 else ("0", "1")
            event.blocks[x].append(f"  {y:>4} {cx} {rx}")
            event.blocks[y].append(f"  {x:>4} {cy} {ry}")
        for p in set(wp + bp) - set(wl) - set(bl):
            event.blocks[p].append("  0000 - -")
    for team, players in event.roster.items():
        if team not in busy:
            for p in players:
                if len(event.blocks[p]) < rnd:
                    event.blocks[p].append("  0000 - -")


def generate(gacrux: str, seed: int) -> Event:
    event = Event(seed)
    withdrawn = event.rng.randint(1, event.teams) if event.rng.random() < 0.15 else None
    leaves = event.rng.randint(3, event.rounds) if withdrawn else 0
    for rnd in range(1, event.rounds + 1):
        if withdrawn and rnd >= leaves:                          # a team withdraws (240 Z each round)
            event.byes.append(("Z", rnd, withdrawn))
        if rnd < event.rounds and event.rng.random() < 0.3:      # a team bye announced before the round
            team = event.rng.randint(1, event.teams)
            if team != withdrawn:
                event.byes.append((event.rng.choice("HHZF"), rnd, team))
        try:
            pairs = gacrux_pairs(gacrux, event.trf(rnd - 1), rnd)
        except Impossible as exc:
            event.played, event.impossible = rnd - 1, exc
            return event
        play(event, rnd, pairs)
        event.played = rnd
    return event


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gacrux", required=True, help="the python of a venv with gacrux 1.11.65")
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))
    from rulesengine.formats.team_trf import read_team_trf
    from rulesengine_fide.team_pairing.check import check_team_event
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from rulesengine.errors import UsageError
    from rulesengine_fide.team_pairing.round import pair_team_round
    summary = {"events": 0, "rounds": 0, "identical": 0, "gacrux_accepts": 0, "accepted_alike": 0,
               "impossible": [], "differing": []}
    for seed in range(args.first_seed, args.first_seed + args.events):
        event = generate(args.gacrux, seed)
        if event.played == 0:
            summary["impossible"].append({"seed": seed, "round": 1, "gacrux": str(event.impossible)[:160]})
            continue
        path = out / f"{event.name}.trf"
        path.write_text(event.trf(event.played), encoding="utf-8")
        if event.impossible is not None:     # the round gacrux left to the Chief Arbiter: do we refuse it too?
            try:
                pair_team_round(read_team_trf(path), event.impossible.round)
                ours = "paired"
            except UsageError as exc:
                ours = str(exc)[:200]
            summary["impossible"].append({"event": event.name, "round": event.impossible.round,
                                          "gacrux": str(event.impossible)[:200], "ours": ours})
        theirs = gacrux_check(args.gacrux, path)
        ours = check_team_event(read_team_trf(path))
        summary["events"] += 1
        for c in ours:
            summary["rounds"] += 1
            summary["identical"] += not c.verdict
            summary["gacrux_accepts"] += theirs.get(c.round, False)
            summary["accepted_alike"] += (not c.verdict) == theirs.get(c.round, False)
            if c.verdict or not theirs.get(c.round, False):
                summary["differing"].append({"event": event.name, "round": c.round, "ours": c.verdict,
                                             "criterion": c.criterion, "gacrux_accepts": theirs.get(c.round)})
        print(f"{event.name}: {sum(not c.verdict for c in ours)}/{len(ours)} identical", flush=True)
    write_summary(out, summary, "rounds")
    return 0


def write_summary(out: Path, summary: dict, what: str) -> None:
    """DIR/summary.json, and the counts on the terminal (the list of what differs only in the file)."""
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in summary.items() if k != "differing"}, indent=2))
    print(f"{len(summary['differing'])} {what} to look at (summary.json)")


if __name__ == "__main__":
    sys.exit(main())
