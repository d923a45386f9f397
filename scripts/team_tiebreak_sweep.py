"""Team tie-break conformance sweep (issue 22, the bar): random team events ranked by FIDE TEC's
engine gacrux 1.11.65 and by ours, every value and every rank compared.

    python scripts/team_tiebreak_sweep.py --gacrux /work/tools/peers/bin/python --events 200 --out DIR

gacrux runs as a separate program from its own throw-away venv (never a dependency). Each event,
drawn from its seed: a Swiss (6-40 teams, 5-11 rounds) or a single or double round robin (4-12
teams, the Berger tables of C.05 Annex 1), 4-6 boards, match points 2/1/0 or 3/1/0, match or game
points primary (record 192), dated before or after 2026-03-01 (the 2024 text or the March 2026
amendments, as gacrux chooses by record 042), with what `team_swiss_sweep.play` draws: forfeited
matches (330), matches a team fields nobody for, individual forfeits and absences inside played
matches, reserves, team byes (240 F/H/Z) and withdrawals, PABs (320) in odd Swiss fields. The
Swiss pairing is a plain greedy one (score order, no repeat): a tie-break's definition does not
depend on how the pairs were made, and a greedy draw meets more odd cases than a real one.

Compared, as the shared fixtures store them (fixtures/team/README.md): every value code in one
gacrux run per primary (`-t MPTS CODE...`), each order-dependent code (TBR, BBE, the EDE family)
in a run of its own as its rank within the group tied on the primary score, and every RANK list.
Writes DIR/NAME.trf for each event that differs (all with --keep-all) and DIR/summary.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1] / "plugins")]

from team_swiss_sweep import MODELS, Event, play, write_summary  # noqa: E402

VALUE_CODES = ("GPTS", "MPvGP", "WIN:MP", "WON:MP", "PS:MP", "PS:GP", "PS:MP/C1", "KS:MP", "KS:GP", "BH:MP",
               "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/C2", "BH:MP/M1", "BH:MP/P", "BH:MP/C1/P", "FB:MP", "FB:GP",
               "FB:MP/C1", "AOB:MP", "AOB:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EMGSB/C1",
               "EGMSB/C1", "EGGSB/C1", "EMGSB/C1/P", "BC", "SSSC", "SSSC/F")
ORDER_CODES = ("TBR", "BBE", "EDE", "EDE/P")
CHAINS_2026 = ("EDET", "EDEB", "EDEBT", "EDEBB")    # C.07 art. 13.3.2, in force from 2026-03-01
RANK_LISTS = {"MP": ("MPTS,EMGSB/C1,GPTS,BH:MP/C1", "MPTS,{ede}/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP",
                     "MPTS,GPTS,EGGSB,BH:MP", "MPTS,GPTS,BC,TBR", "MPTS,{ede},EGGSB,KS:MP"),
              "GP": ("GPTS,MPvGP,EGMSB/C1,BH:GP/C1", "GPTS,{edeb}/P,EGGSB/C1,BH:GP", "GPTS,BH:GP,EGGSB,BC")}
ROUNDED = ("AOB", "SSSC")   # gacrux rounds these (fixtures/team/README.md)
DATES = ("2024/09/14", "2025/05/03", "2025/11/22", "2026/02/28", "2026/03/01", "2026/06/13", "2026/11/07")


class SweepEvent(Event):
    """A `team_swiss_sweep.Event` with a date, a system and team counts of this sweep."""

    def __init__(self, seed: int):
        super().__init__(seed)
        rng = self.rng
        self.system = rng.choice(("swiss", "swiss", "swiss", "rr", "drr"))
        if self.system == "swiss" and rng.random() < 0.4:   # bigger fields than the pairing sweep's
            self._grow(rng.randint(22, 40))
        if self.system != "swiss":
            self._shrink(rng.randint(4, 12))
            cycle = self.teams - 1 + self.teams % 2
            self.rounds = cycle * (2 if self.system == "drr" else 1)
            self.model = rng.choice(("none", "none", "nonegp"))
            self.prohibited, self.accelerated = (), False
        else:
            self.rounds = rng.randint(5, min(11, self.teams - 1))
        self.date = rng.choice(DATES)
        # the legacy TRF-16 form (013 team lines, match points primary, no forfeited match) now and then
        self.legacy = self.primary == "MP" and rng.random() < 0.15
        self.name = (f"tb{seed:05d}_{self.system}_t{self.teams}_b{self.boards}_r{self.rounds}_{self.model}"
                     f"_{self.points[0]}{self.points[1]}{self.points[2]}_{self.date[:4]}{self.date[5:7]}"
                     + ("_013" if self.legacy else ""))

    def _grow(self, teams: int) -> None:
        sno = len(self.rating)
        for team in range(self.teams + 1, teams + 1):
            size = self.boards + self.rng.choice((0, 0, 1))
            self.roster[team] = list(range(sno + 1, sno + size + 1))
            for i, p in enumerate(self.roster[team]):
                self.rating[p] = 2400 - team * 20 - 15 * i + self.rng.randint(-40, 40)
                self.blocks[p] = []
            sno += size
        self.teams = teams

    def _shrink(self, teams: int) -> None:
        if teams >= self.teams:
            return
        gone = [p for team in range(teams + 1, self.teams + 1) for p in self.roster.pop(team)]
        for p in gone:
            del self.rating[p], self.blocks[p]
        self.teams = teams

    def trf(self, upto: int) -> str:
        text = super().trf(upto)
        system = "Team Swiss" if self.system == "swiss" else "Team Round Robin"
        text = text.replace("042 2026/03/10", f"042 {self.date}").replace("052 2026/03/14", f"052 {self.date}")
        text = text.replace("092 Team Swiss", f"092 {system}")
        if self.system != "swiss":
            code = "FIDE_TEAM_DOUBLEROUNDROBIN" if self.system == "drr" else "FIDE_TEAM_ROUNDROBIN"
            text = text.replace(f"192 {MODELS[self.model]}", f"192 {code}" + ("_GP" if self.model == "nonegp" else ""))
        if self.legacy:
            # TRF-16 has no 152/192/352 nor 300 (an empty board is its players' lines alone)
            kept = [line for line in text.splitlines() if line[:3] not in ("152", "192", "352", "310", "300")]
            teams = [f"013 {'Team ' + str(team):<32}" + " ".join(f"{p:>4}" for p in players)
                     for team, players in self.roster.items()]
            first_player = next(i for i, line in enumerate(kept) if line.startswith("001"))
            text = "\n".join(kept[:first_player] + teams + kept[first_player:]) + "\n"
        return text

    @property
    def primary(self) -> str:
        return "GP" if "gp" in self.model else "MP"


def greedy_pairs(event: SweepEvent, rnd: int, absent: set[int]) -> list[tuple[int, int]] | None:
    """Score order, each team against the first it has not met; the last one a PAB (record 320)."""
    met = {team: set() for team in event.roster}
    score = dict.fromkeys(event.roster, 0.0)
    for team, players in event.roster.items():
        for p in players:
            score[team] += event.points_of(p)
            for block in event.blocks[p]:
                opponent = int(block[2:6])
                if opponent:
                    met[team].add(next(t for t, ps in event.roster.items() if opponent in ps))
    waiting = sorted((t for t in event.roster if t not in absent), key=lambda t: (-score[t], t))
    pairs: list[tuple[int, int]] = []
    if len(waiting) % 2:
        pab = next((t for t in reversed(waiting) if rnd not in event.pab and t not in event.pab.values()), waiting[-1])
        waiting.remove(pab)
        pairs.append((pab, 0))
    rest = _pair_in_order(waiting, met)
    if rest is None:
        return None
    return pairs + [(a, b) if event.rng.random() < 0.5 else (b, a) for a, b in rest]


def _pair_in_order(waiting: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    """The first team against the first it has not met, backtracking when the rest cannot pair."""
    if not waiting:
        return []
    team, others = waiting[0], waiting[1:]
    for partner in others:
        if partner not in met[team]:
            rest = _pair_in_order([t for t in others if t != partner], met)
            if rest is not None:
                return [(team, partner), *rest]
    return None


def berger_pairs(event: SweepEvent, rnd: int) -> list[tuple[int, int]]:
    from rulesengine_fide.round_robin.berger import berger_round, rounds_per_cycle
    cycle = rounds_per_cycle(event.teams)
    games = berger_round(event.teams, (rnd - 1) % cycle + 1)
    pairs = [(g.white, g.black) if rnd <= cycle else (g.black, g.white) for g in games]
    return [(w, b) for w, b in pairs if w <= event.teams and b <= event.teams]


def generate(seed: int) -> SweepEvent:
    event = SweepEvent(seed)
    rng = event.rng
    withdrawn = rng.randint(1, event.teams) if event.system == "swiss" and rng.random() < 0.15 else None
    leaves = rng.randint(3, event.rounds) if withdrawn else 0
    for rnd in range(1, event.rounds + 1):
        absent: set[int] = set()
        if event.system == "swiss":
            if withdrawn and rnd >= leaves:
                event.byes.append(("Z", rnd, withdrawn))
                absent.add(withdrawn)
            if rnd < event.rounds and rng.random() < 0.3:
                team = rng.randint(1, event.teams)
                if team not in absent:
                    event.byes.append((rng.choice("HHZF"), rnd, team))
                    absent.add(team)
            pairs = greedy_pairs(event, rnd, absent)
            if pairs is None:
                event.byes = [b for b in event.byes if b[1] < rnd]
                break
        else:
            pairs = berger_pairs(event, rnd)
        play(event, rnd, pairs, variety=True, forfeited_matches=not event.legacy)
        event.played = rnd
    return event


def gacrux(python: str, path: Path, codes: list[str]) -> list[dict]:
    out = subprocess.run([python, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t", *codes, "-F", "JSON"],
                         capture_output=True, text=True, check=False)
    return json.loads(out.stdout)["tiebreakResult"]["competitors"]


def reference(python: str, path: Path, event: SweepEvent) -> dict[str, dict[int, object]]:
    """Every key of the fixtures' form, from gacrux (fixtures/team/README.md, "Tool")."""
    primary = "MPTS" if event.primary == "MP" else "GPTS"
    values = [c for c in VALUE_CODES if c != primary]
    expected: dict[str, dict[int, object]] = {primary: {}}
    for c in gacrux(python, path, [primary, *values]):
        expected[primary][c["cid"]] = c["tiebreakScore"][0]
        for code, value in zip(values, c["tiebreakScore"][1:]):
            expected.setdefault(code, {})[c["cid"]] = value
    chains = event.date >= "2026/03/01"
    for code in ORDER_CODES + (CHAINS_2026 if chains else ()):
        expected[code] = {c["cid"]: c["tiebreakScore"][1] for c in gacrux(python, path, [primary, code])}
    for form in RANK_LISTS[event.primary]:
        spec = form.format(ede="EDET" if chains else "EDE", edeb="EDEB" if chains else "EDE")
        if event.system == "swiss" and "KS:" in spec:
            continue
        expected[f"RANK({spec})"] = {c["cid"]: c["rank"] for c in gacrux(python, path, spec.split(","))}
    return expected


def ours(path: Path, keys: list[str]) -> dict[str, dict[int, object]]:
    from rulesengine.dates import parse_date
    from rulesengine.formats.team_trf import read_team_trf
    from rulesengine.registry import default_registry
    from rulesengine.team_standings import rank_teams
    from rulesengine.team_tiebreak import TeamTiebreakContext
    event = read_team_trf(path)
    rules = default_registry().team_tiebreaks
    date = parse_date(event.start_date)
    primary = {t.number: (t.match_points if event.primary == "MP" else t.game_points) for t in event.teams}
    groups: dict = {}
    for team, value in primary.items():
        groups.setdefault(value, []).append(team)
    context = TeamTiebreakContext(event, date, tuple(tuple(g) for g in groups.values()))
    found: dict[str, dict[int, object]] = {}
    for key in keys:
        if key.startswith("RANK("):
            _, *tiebreaks = key[len("RANK("):-1].split(",")
            standings = rank_teams(event, tuple(tiebreaks), rules, date)
            found[key] = {row.team.number: row.rank for row in standings.rows}
        else:
            found[key] = rules[key.split("/")[0].split(":")[0].upper()].compute(key, context)
    return found


def equal(key: str, mine, theirs) -> bool:
    if mine is None or theirs is None:
        return mine is None and theirs is None
    tolerance = Fraction(1, 200) if key.startswith(ROUNDED) else Fraction(1, 10**9)
    return abs(Fraction(str(mine)) - Fraction(str(theirs))) <= tolerance


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gacrux", required=True, help="the python of a venv with gacrux 1.11.65")
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--keep-all", action="store_true", help="write every event, not only those that differ")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    summary = {"events": 0, "systems": {}, "values": 0, "values_equal": 0, "ranks": 0, "ranks_equal": 0,
               "differing": []}
    for seed in range(args.first_seed, args.first_seed + args.events):
        event = generate(seed)
        if event.played < 2:
            continue
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / f"{event.name}.trf"
            path.write_text(event.trf(event.played), encoding="utf-8")
            expected = reference(args.gacrux, path, event)
            try:
                found = ours(path, list(expected))
            except Exception as exc:   # a sweep reports every failure and goes on
                found = {}
                summary["differing"].append({"event": event.name, "error": f"{type(exc).__name__}: {exc}"[:300]})
            wrong = []
            for key, teams in expected.items():
                for team, theirs in teams.items():
                    mine = found.get(key, {}).get(team)
                    same = equal(key, mine, theirs)
                    kind = "ranks" if key.startswith("RANK(") else "values"
                    summary[kind] += 1
                    summary[f"{kind}_equal"] += same
                    if not same:
                        wrong.append((key, team, str(mine), str(theirs)))
            summary["events"] += 1
            summary["systems"][event.system] = summary["systems"].get(event.system, 0) + 1
            if wrong or args.keep_all:
                (out / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
            if wrong:
                summary["differing"].append({"event": event.name, "count": len(wrong), "first": wrong[:12]})
        print(f"{event.name}: {len(wrong)} differ", flush=True)
    write_summary(out, summary, "events")
    return 0


if __name__ == "__main__":
    sys.exit(main())
