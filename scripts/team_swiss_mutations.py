"""Team swiss checkers on pairings that are not the rules' (issue 24 item 4): every event of a
sweep folder (scripts/team_swiss_sweep.py) gets, in one round drawn by its name, two mutants cut
after that round: two matches exchange opponents, and one match's colours are swapped. gacrux's
checker and ours must both reject the mutated round and both accept the rounds before it.

    python scripts/team_swiss_mutations.py --gacrux /work/tools/gacrux/bin/python DIR
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _cut(lines: list[str], rnd: int, start_col: int) -> list[str]:
    """The file's lines with rounds after `rnd` dropped (001 blocks, 330/300/240 records, 320 columns)."""
    out = []
    for line in lines:
        code = line[:3]
        if code == "001":         # the blocks kept, and the points column (81-84) they give
            line = line[:start_col + 10 * rnd].rstrip()
            points = sum({"1": 1, "+": 1, "=": 0.5}.get(line[i + 9:i + 10], 0)
                         for i in range(start_col, len(line), 10))
            line = line[:80] + f"{points:>4.1f}" + line[84:]
        elif code == "330" and int(line[7:10]) > rnd or code == "300" and int(line[4:7]) > rnd:
            continue
        elif code == "240" and int(line.split()[2]) > rnd:
            continue
        elif code == "320":
            line = line[:14 + 4 * rnd].rstrip()
        out.append(line)
    return out


def mutants(path: Path, rnd: int) -> dict[str, str]:
    """The two mutated texts of round `rnd` ({} when the round has fewer than two full matches)."""
    from rulesengine.formats.team_trf import read_team_trf
    from rulesengine.formats.trf import FIRST_ROUND_COL
    from rulesengine.team import MatchKind
    event = read_team_trf(path)
    full = []
    seen = set()
    for team in event.teams:
        r = team.rounds[rnd - 1]
        if r.kind is MatchKind.MATCH and team.number not in seen and r.opponent is not None:
            theirs = event.team(r.opponent).rounds[rnd - 1]
            if all(b.player and b.opponent and b.over_the_board for b in r.boards + theirs.boards):
                full.append((team.number, r.opponent))
            seen.update((team.number, r.opponent))
    if len(full) < 2:
        return {}
    lines = path.read_text().splitlines()
    index = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}
    start = FIRST_ROUND_COL + 10 * (rnd - 1)

    def block(sno: int) -> str:
        return lines[index[sno]][start:start + 10]

    def put(text: list[str], sno: int, opponent: int, colour: str, result: str) -> None:
        line = text[index[sno]]
        text[index[sno]] = line[:start] + f"  {opponent:>4} {colour} {result}" + line[start + 10:]

    def boards(team: int) -> list[int]:
        return [b.player for b in event.team(team).rounds[rnd - 1].boards]

    (a, b), (c, d) = full[0], full[1]
    exchanged = list(lines)
    for x, y in ((a, d), (c, b)):           # x keeps its boards' colours and results, y mirrors them
        for px, py in zip(boards(x), boards(y)):
            colour, result = block(px)[7], block(px)[9]
            put(exchanged, px, py, colour, result)
            put(exchanged, py, px, "b" if colour == "w" else "w", MIRROR[result])
    swapped = list(lines)
    for team in (a, b):
        for p in boards(team):
            old = block(p)
            put(swapped, p, int(old[2:6]), "b" if old[7] == "w" else "w", old[9])
    return {"exchanged": "\n".join(_cut(exchanged, rnd, FIRST_ROUND_COL)) + "\n",
            "colours": "\n".join(_cut(swapped, rnd, FIRST_ROUND_COL)) + "\n"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gacrux", required=True)
    parser.add_argument("folder")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from team_swiss_sweep import gacrux_check
    from rulesengine.formats.team_trf import parse_team_trf, read_team_trf
    from rulesengine_fide.team_pairing.check import check_team_event
    counts = {"mutants": 0, "rejected_by_both": 0, "earlier_rounds": 0, "earlier_accepted_by_both": 0,
              "our_criteria": {}, "disagreements": []}
    for path in sorted(Path(args.folder).glob("*.trf")):
        played = max((r.round for t in read_team_trf(path).teams for r in t.rounds if r.opponent), default=0)
        if played < 2:
            continue
        rnd = random.Random(path.stem).randint(2, played)
        for kind, text in mutants(path, rnd).items():
            with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
                f.write(text)
            theirs = gacrux_check(args.gacrux, Path(f.name))
            ours = {c.round: c for c in check_team_event(parse_team_trf(text, f.name))}
            Path(f.name).unlink()
            counts["mutants"] += 1
            rejected = not theirs.get(rnd, True) and bool(ours[rnd].verdict)
            counts["rejected_by_both"] += rejected
            criterion = ours[rnd].criterion or "accepted"
            counts["our_criteria"][criterion] = counts["our_criteria"].get(criterion, 0) + 1
            for r in range(1, rnd):
                counts["earlier_rounds"] += 1
                counts["earlier_accepted_by_both"] += theirs.get(r, False) and not ours[r].verdict
            if not rejected:
                counts["disagreements"].append({"event": path.stem, "round": rnd, "mutant": kind,
                                                "gacrux_accepts": theirs.get(rnd), "ours": ours[rnd].verdict})
    print(json.dumps(counts, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
