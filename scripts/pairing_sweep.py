"""Random tournaments by the thousand against the endorsed Dutch engines (issue 24 items 1, 2, 5).

    .venv/bin/python scripts/pairing_sweep.py --bbp /path/to/bbpPairings.exe --count 1000 --seed 24 \
        [--text 2025|2017] [--min-players N] [--max-players N] [--first N] [--out DIR] [--keep-differing | --keep-all] \
        [--every N] [--jobs 1] [--baku-xxa]

bbpPairings (6.0.0 for the 2025 text, 5.0.1 for the 2017 text; never a project dependency: build
it from its source in a throw-away place) generates each tournament with its random tournament
generator (`-g CONFIG -o OUT -s SEED`); every round of it is bbpPairings' own pairing. Then every
round is re-paired by our engine from the rounds before it, by the procedure of
tests/data/pairing/README.md (rounds 1..r-1, plus round r's announced H/Z/F byes), and the games
with their colours and the PAB are compared. The tournaments are drawn from a seeded generator of
configurations: 5-400 players (`--max-players` caps it), 5-13 rounds, absences and requested byes
(first round included), forfeits and double forfeits, withdrawals, Baku acceleration (2025 text:
bbpPairings' model mode, as the shared fixtures were made), 3/1/0 scoring, and both initial
colours (the generator draws round 1's; `XXC` is read back from it). `--text 2017` dates the
files 2025 (record 042), so our `dutch` system pairs them by the 2017 text. bbpPairings 5.0.1 has
no `192 ..._BAKU`, but reads and keeps per-player accelerations (`XXA NNNN a1 a2 ...`):
`--text 2017 --baku-xxa` accelerates the draws that would be Baku under the 2025 text by the Baku
2016 method written as XXA lines into the model file (`baku_2016_xxa`), which both engines read.

Prints one line per differing round (file, round, what differs), a running summary every
`--every` draws and a final one: tournaments, rounds compared, rounds identical, the share, the
differing rounds by class (PAB, games, colours only, failed), and the CPU seconds of both engines
(ours: `pair_round` of every round; bbpPairings: its generator run, which pairs every round and
plays it out), in total and by field size (5-20, 21-60, 61-150, 151-400 players). `--keep-differing` keeps the differing tournaments (with their config) in --out
for study, `--keep-all` every one (a test sample); otherwise --out is a temporary folder.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "pairing"))

RATE_NONE = 1_000_000   # the generator's rates are "one in N": this is none


@dataclass(frozen=True)
class Draw:
    """One tournament to generate: its configuration and the generator's seed."""

    name: str
    config: str
    seed: int
    baku: bool                      # Baku acceleration: `192 FIDE_DUTCH_2025_BAKU` (2025), XXA lines (2017)
    players: int


# The records added to each generated file per Dutch text compared: the 2017 text is chosen by an
# event start date before 2026-02-01 (system.py), so its files say the event started in 2025.
TEXTS = {"2025": "", "2017": "042 2025/06/01\n"}


def draw_configs(count: int, seed: int, text: str = "2025", baku_xxa: bool = False) -> list[Draw]:
    rng = random.Random(seed)
    draws = []
    for index in range(count):
        players = rng.choice([rng.randint(5, 20), rng.randint(5, 60), rng.randint(20, 400)])
        rounds = rng.randint(5, 13)
        scoring = rng.random() < 0.15
        lines = [f"PlayersNumber={players}", f"RoundsNumber={rounds}",
                 f"DrawPercentage={rng.choice([0, 15, 30, 45, 100])}",
                 f"ForfeitRate={rng.choice([RATE_NONE, 50, 20, 8])}",
                 f"RetiredRate={rng.choice([RATE_NONE, 400, 100, 40])}",
                 f"HalfPointByeRate={rng.choice([RATE_NONE, 60, 20, 8])}",
                 "HighestRating=2700", "LowestRating=1200"]
        if scoring:
            lines += ["PointsForWin=3.0", "PointsForDraw=1.0", "PointsForPAB=3.0"]
        # bbpPairings: Baku's fictitious points are 1-1/2-0's; 5.0.1 has no 192 *_BAKU record,
        # only XXA lines (--baku-xxa). The same random number either way: a seed draws the same.
        baku = rng.random() < 0.2 and not scoring and (text == "2025" or baku_xxa)
        draws.append(Draw(f"s{seed}_{index:05d}_p{players}_r{rounds}", "\n".join(lines) + "\n",
                          rng.randrange(1, 2**31), baku, players))
    return draws


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def baku_2016_xxa(players: int, rounds: int) -> str:
    """The Baku 2016 acceleration (C.04.5.1, in force with the 2017 Dutch text) as XXA lines:
    group A is the first half of the pairing numbers rounded up to an even number, 2*ceil(N/4);
    the accelerated rounds are the first half, rounded up; group A has 1 virtual point in the first
    half of them (rounded up) and 1/2 in the rest. Columns as bbpPairings 5.0.1 reads them: the
    player in 5-8, then one 4-wide value every 5 characters from column 10."""
    group_a = min(players, 2 * math.ceil(players / 4))
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    values = "".join(f" {1.0 if r <= full else 0.5:4.1f}" for r in range(1, accelerated + 1))
    return "".join(f"XXA {p:4d}{values}\n" for p in range(1, group_a + 1))


def generate(bbp: str, draw: Draw, folder: Path, header: str = "") -> tuple[Path, float]:
    """The tournament bbpPairings generates and pairs, post-processed as the shared fixtures are:
    LF line ends, no `###` comments, `XXR` and `XXC` added (the initial colour from round 1); and
    the CPU seconds bbpPairings took to pair (and play out) the rounds of the compared file.
    A Baku draw is generated again from the first file as a model: with `192 FIDE_DUTCH_2025_BAKU`
    (2025 text, `header` empty), or with the Baku 2016 XXA lines (2017 text), which 5.0.1 keeps."""
    config = folder / f"{draw.name}.cfg"
    config.write_text(draw.config, encoding="ascii")
    raw = folder / f"{draw.name}.raw.trf"
    start = _child_cpu()
    subprocess.run([bbp, "--dutch", "-g", str(config), "-o", str(raw), "-s", str(draw.seed)], check=True,
                   capture_output=True, timeout=600)
    rounds = int(next(line.split("=")[1] for line in draw.config.splitlines() if line.startswith("RoundsNumber")))
    if draw.baku:
        model = folder / f"{draw.name}.model.trf"
        acceleration = baku_2016_xxa(draw.players, rounds) if header else "192 FIDE_DUTCH_2025_BAKU\n"
        model.write_text(_text(raw) + acceleration, encoding="utf-8")
        start = _child_cpu()   # the model run's rounds are the ones compared
        subprocess.run([bbp, "--dutch", str(model), "-g", "-o", str(raw), "-s", str(draw.seed + 1)], check=True,
                       capture_output=True, timeout=600)
    cpu = _child_cpu() - start
    text = _text(raw)
    final = folder / f"{draw.name}.trf"
    final.write_text(header + text + f"XXR {rounds}\nXXC {_initial_colour(text)}\n", encoding="utf-8")
    return final, cpu


def _text(path: Path) -> str:
    lines = path.read_bytes().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line for line in lines if line and not line.startswith("###")) + "\n"


def _initial_colour(text: str) -> str:
    """white1 or black1: round 1's colour of the highest-ranked player who played it (bbpPairings
    gives the initial colour to the highest present player, then alternates board by board; our
    `XXC` reads the same way: the shared fixtures' README, "How to re-pair round r")."""
    for line in sorted((line for line in text.split("\n") if line.startswith("001")), key=lambda l: int(l[4:8])):
        colour = line[96:97] if len(line) > 96 else ""
        if colour in ("w", "b"):
            return "white1" if colour == "w" else "black1"
    return "white1"


def compare(path: Path) -> tuple[int, list[str], float]:
    """(rounds compared, one line per differing round, our CPU seconds for pairing them)."""
    from helpers import recorded

    from rulesengine.formats.trf import read_trf
    from rulesengine_fide.pairing.engine import pair_round

    t = read_trf(path)
    differing = []
    cpu = 0.0
    for r in range(1, t.rounds + 1):
        games, pab = recorded(t, r)
        begin = time.process_time()
        try:
            result = pair_round(t, r)
        except Exception as exc:   # a crash is a difference too, and must be seen
            differing.append(f"{path.name} round {r}: our engine failed: {type(exc).__name__}: {exc}")
            continue
        finally:
            cpu += time.process_time() - begin
        ours = {(b.white, b.black) for b in result.boards}
        if ours == games and result.pab == pab:
            continue
        uncoloured = {frozenset(g) for g in ours} == {frozenset(g) for g in games}
        what = ("colours only" if uncoloured and result.pab == pab else
                f"PAB ours {result.pab}, bbp {pab}" if result.pab != pab else "games")
        differing.append(f"{path.name} round {r}: {what}: {len(ours - games)} of {len(games)} boards differ")
    return t.rounds, differing, cpu


def difference_class(line: str) -> str:
    """The class of a differing round's line: failed, colours only, PAB, games."""
    what = line.split(": ", 1)[1]
    return "failed" if what.startswith("our engine failed") else what.split(" ours")[0].split(":")[0]


@dataclass
class Outcome:
    """One draw's figures; rounds None when bbpPairings could not generate it."""

    rounds: int | None
    differing: list[str]
    ours_cpu: float = 0.0
    bbp_cpu: float = 0.0
    players: int = 0


def _one(arguments: tuple[str, Draw, str, str, str]) -> Outcome:
    bbp, draw, out, keep, header = arguments
    folder = Path(out)
    try:
        path, bbp_cpu = generate(bbp, draw, folder, header)
    except subprocess.CalledProcessError:
        # A small field can run out of legal pairings before its last round.
        for suffix in (".raw.trf", ".model.trf", ".cfg", ".trf"):
            (folder / f"{draw.name}{suffix}").unlink(missing_ok=True)
        return Outcome(None, [], players=draw.players)
    rounds, differing, ours_cpu = compare(path)
    for suffix in (".raw.trf", ".model.trf"):
        (folder / f"{draw.name}{suffix}").unlink(missing_ok=True)
    if keep != "all" and (not differing or keep != "differing"):
        path.unlink()
        (folder / f"{draw.name}.cfg").unlink()
    return Outcome(rounds, differing, ours_cpu, bbp_cpu, draw.players)


# The field sizes the speed is reported by (item 5): both engines' CPU differ most by size.
BANDS = ((5, 20), (21, 60), (61, 150), (151, 400))


@dataclass
class Tally:
    draws: int = 0
    not_generated: int = 0
    rounds: int = 0
    identical: int = 0
    ours_cpu: float = 0.0
    bbp_cpu: float = 0.0
    classes: dict[str, int] = field(default_factory=dict)
    bands: dict[tuple[int, int], Tally] = field(default_factory=dict)

    def add(self, outcome: Outcome, by_band: bool = True) -> None:
        if by_band:
            band = next((b for b in BANDS if b[0] <= outcome.players <= b[1]), (outcome.players, outcome.players))
            self.bands.setdefault(band, Tally()).add(outcome, by_band=False)
        self.draws += 1
        if outcome.rounds is None:
            self.not_generated += 1
            return
        self.rounds += outcome.rounds
        self.identical += outcome.rounds - len(outcome.differing)
        self.ours_cpu += outcome.ours_cpu
        self.bbp_cpu += outcome.bbp_cpu
        for line in outcome.differing:
            kind = difference_class(line)
            self.classes[kind] = self.classes.get(kind, 0) + 1

    def summary(self) -> str:
        classes = ", ".join(f"{k} {v}" for k, v in sorted(self.classes.items())) or "none"
        ratio = self.bbp_cpu / self.ours_cpu if self.ours_cpu else 0.0
        return (f"{self.draws - self.not_generated} tournaments ({self.not_generated} the generator could not "
                f"complete), {self.rounds} rounds re-paired, {self.identical} identical "
                f"({100 * self.identical / max(self.rounds, 1):.2f} %), {self.rounds - self.identical} differ "
                f"({classes}); CPU ours {self.ours_cpu:.1f} s, bbpPairings {self.bbp_cpu:.1f} s "
                f"(x{ratio:.1f})")

    def band_summary(self) -> str:
        """Tournaments, rounds and both engines' CPU by field size."""
        return "; ".join(f"{low}-{high} players: {t.draws - t.not_generated} tournaments, {t.rounds} rounds, CPU ours "
                         f"{t.ours_cpu:.1f} s, bbpPairings {t.bbp_cpu:.1f} s "
                         f"(x{t.bbp_cpu / t.ours_cpu if t.ours_cpu else 0.0:.1f})"
                         for (low, high), t in sorted(self.bands.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bbp", required=True, help="the bbpPairings executable (6.0.0 for the 2025 text, "
                                                     "5.0.1 with --text 2017)")
    parser.add_argument("--text", choices=sorted(TEXTS), default="2025",
                        help="the Dutch text compared: 2025 (bbpPairings 6.0.0) or 2017 (5.0.1)")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--first", type=int, default=0, help="skip the first N draws (resume a sweep)")
    parser.add_argument("--max-players", type=int, default=400, help="draw fields of at most N players")
    parser.add_argument("--min-players", type=int, default=5, help="draw fields of at least N players")
    parser.add_argument("--out", help="folder for the tournaments (default: a temporary one)")
    parser.add_argument("--keep-differing", action="store_true")
    parser.add_argument("--keep-all", action="store_true", help="keep every generated tournament (a test sample)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--baku-xxa", action="store_true",
                        help="--text 2017: Baku 2016 acceleration as XXA lines in the Baku draws (5.0.1 reads XXA)")
    parser.add_argument("--every", type=int, default=100, help="print the running summary every N draws")
    args = parser.parse_args(argv)
    draws = [d for d in draw_configs(args.count, args.seed, args.text, args.baku_xxa)[args.first:]
             if args.min_players <= d.players <= args.max_players]
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(args.out or scratch)
        out.mkdir(parents=True, exist_ok=True)
        keep = "all" if args.keep_all else "differing" if args.keep_differing else ""
        work = [(os.path.abspath(args.bbp), d, str(out), keep, TEXTS[args.text]) for d in draws]
        tally = Tally()
        with ProcessPoolExecutor(args.jobs) as pool:
            for outcome in pool.map(_one, work):
                tally.add(outcome)
                for line in outcome.differing:
                    print(line, flush=True)
                if tally.draws % args.every == 0:
                    print(f"[{tally.draws} draws] {tally.summary()}", flush=True)
                    print(f"[{tally.draws} draws] by field size: {tally.band_summary()}", flush=True)
    print(tally.summary())
    print(f"by field size: {tally.band_summary()}")
    return 0 if tally.identical == tally.rounds else 1


if __name__ == "__main__":
    sys.exit(main())
