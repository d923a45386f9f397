"""`rulesengine pair TEAM.trf` for a team event (TRF records 310/013, issue 24 item 4): the next
round by the team pairing system (text, JSON, or TRF with the round written in: the board
pairings of the players in roster order, colours by record 352, and the PAB in record 320),
`--check` (every recorded round re-paired, a verdict per round with its criterion) and
`--explain`. Contract: docs/contracts.md "Team swiss pairing (issue 24 item 4)".
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from rulesengine import api
from rulesengine.errors import InputError, UsageError
from rulesengine.registry import Registry

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament

# Options of `pair` that concern individual events only.
_INDIVIDUAL_ONLY = ("estimate", "max_half_point_byes", "no_byes_in_last", "late_entry", "draw_colour", "sheet",
                    "layout", "rank_only")


def team_event(args: argparse.Namespace, registry: Registry) -> TeamTournament | None:
    """The team event of `args.file`, or None for an individual event (no 310/013 record)."""
    from pathlib import Path

    from rulesengine.formats.team_trf import is_team_text
    from rulesengine.formats.trf import read_text
    path = Path(args.file)
    if path.suffix.lower() not in (".trf", ".txt", "") and args.input_format is None:
        return None
    try:
        if not is_team_text(read_text(path, args.encoding)):
            return None
    except (InputError, OSError):   # unreadable: the individual path reports it as it always has
        return None
    return api.load_event(path, encoding=args.encoding, input_format=args.input_format, registry=registry)


def run_team(args: argparse.Namespace, event: TeamTournament, registry: Registry, write) -> int:
    """The `pair` command on a team event; `write` puts the output where `--output` says."""
    used = [name for name in _INDIVIDUAL_ONLY if getattr(args, name, None) not in (None, False, [])]
    if used:
        raise UsageError(f"--{used[0].replace('_', '-')} applies to individual events, not to a team event")
    system = api.team_pairing_system(event, args.system, registry)
    if args.check or args.explain:
        return check_or_explain(args, event, system, _next_round(event), write, registry)
    round_number = args.round if args.round is not None else _next_round(event)
    if round_number < 1:
        raise UsageError(f"--round must be 1 or more, not {round_number}")
    paired = api.pair_team_round(event, round_number, system.name, registry)
    if args.format == "json":
        write(paired_json(paired, system.name))
    elif args.format == "trf":
        write(_trf(event, paired))
    else:
        write(paired_text(event, paired, system.description))
    return 0


def check_or_explain(args: argparse.Namespace, event: TeamTournament, system, next_round: int, write,
                     registry: Registry | None = None) -> int:
    """`pair --check` (every recorded round re-paired; exit 1 when one differs) or `pair --explain`
    (round `--round`, else `next_round`) of a team event, a team TRF's or a team book's."""
    if args.check:
        checks = api.check_team_pairings(event, system.name, registry)
        write(_check_json(checks) if args.format == "json" else _check_text(checks, system.description))
        return 1 if any(c.verdict for c in checks) else 0
    round_number = args.round if args.round is not None else next_round
    if round_number < 1:
        raise UsageError(f"--round must be 1 or more, not {round_number}")
    if system.explain is None:
        raise UsageError(f"team pairing system {system.name!r} cannot explain its pairings")
    write(system.explain(event, round_number))
    return 0


def paired_json(paired, system: str) -> str:
    """The JSON of a paired team round (docs/contracts.md "Team swiss pairing")."""
    return json.dumps({"round": paired.round, "system": system,
                       "pairings": [{"board": i, "white": b.white, "black": b.black}
                                    for i, b in enumerate(paired.boards, start=1)],
                       "byes": [{"team": t, "kind": k} for t, k in paired.byes]}, ensure_ascii=False, indent=2) + "\n"


def _next_round(event: TeamTournament) -> int:
    """The round after the last one in which a team has a match (a round written by `pair
    --format trf`, results blank, holds none yet, so it is paired again)."""
    return 1 + max((r.round for team in event.teams for r in team.rounds if r.opponent is not None), default=0)


def _score_before(event: TeamTournament, number: int, round_number: int) -> Fraction:
    rounds = event.team(number).rounds[:round_number - 1]
    if event.primary == "GP":
        return sum((r.game_points for r in rounds), Fraction(0))
    return sum((r.match_points for r in rounds), Fraction(0))


def paired_text(event: TeamTournament, paired, description: str) -> str:
    from rulesengine.cli.common import format_table
    from rulesengine.numbers import to_text
    score = {t.number: to_text(_score_before(event, t.number, paired.round)) for t in event.teams}
    name = {t.number: t.name for t in event.teams}
    rows = [[str(i), str(b.white), name[b.white], score[b.white], score[b.black], name[b.black], str(b.black)]
            for i, b in enumerate(paired.boards, start=1)]
    text = f"Round {paired.round} ({description})\n\n"
    text += format_table(["Match", "No", "White team", event.primary, event.primary, "Black team", "No"], rows,
                         [True, True, False, True, True, False, True])
    for team, kind in paired.byes:
        text += f"Team {team} {name[team]}: {kind}\n"
    return text


def _check_text(checks, description: str) -> str:
    lines = [f"{description}: every recorded round re-paired", ""]
    for c in checks:
        if not c.verdict:
            lines.append(f"Round {c.round}: as the rules pair it")
            continue
        lines.append(f"Round {c.round}: differs ({c.criterion}): {c.verdict}")
        lines.append("  rules:    " + ", ".join(f"{b.white}-{b.black}" for b in c.rules.boards)
                     + "".join(f", {t} {k}" for t, k in c.rules.byes if k == "PAB"))
        lines.append("  recorded: " + ", ".join(f"{b.white}-{b.black}" for b in c.recorded.boards)
                     + "".join(f", {t} {k}" for t, k in c.recorded.byes if k == "PAB"))
    differing = sum(1 for c in checks if c.verdict)
    lines += ["", f"{differing} of {len(checks)} round(s) differ from the rules' pairing"]
    return "\n".join(lines) + "\n"


def _check_json(checks) -> str:
    def pairs(paired):
        return [[b.white, b.black] for b in paired.boards] + [[t, 0] for t, k in paired.byes if k == "PAB"]
    return json.dumps({"rounds": len(checks),
                       "verdicts": [{"round": c.round, "verdict": c.verdict, "criterion": c.criterion}
                                    for c in checks],
                       "differing": [{"round": c.round, "verdict": c.verdict, "criterion": c.criterion,
                                      "rules": pairs(c.rules), "recorded": pairs(c.recorded)}
                                     for c in checks if c.verdict]}, indent=2) + "\n"


def _trf(event: TeamTournament, paired) -> str:
    """The file with the round written in, results blank: each match's boards pair the two teams'
    first players in roster order, the first-named team's player on board i taking colour i of
    record 352 (alternating, board 1 White, without it), the first-named team the one that has
    White on board 1 (`team.first_named`); the PAB team in record 320; every other player of the
    round `0000 - -`."""
    from dataclasses import replace

    from rulesengine.formats.trf import with_round_blocks, write_trf
    from rulesengine.team import first_named
    t = event.individual
    r = paired.round
    sequence = (event.colour_sequence or "WB").lower()
    padding = t.extra.get("opponent_padding", "0")
    blocks: dict[int, str] = {}
    for board in paired.boards:
        first, second = first_named(event, board.white, board.black)
        white, black = event.team(first).players, event.team(second).players
        for i, (w, b) in enumerate(zip(white[:event.boards], black[:event.boards])):
            colour = sequence[i % len(sequence)]
            other = "b" if colour == "w" else "w"
            blocks[w] = f"  {b:{padding}>4} {colour}  "
            blocks[b] = f"  {w:{padding}>4} {other}  "
    # records of round r and later are what this pairing replaces (the round's 240 byes stay)
    header = [(code, rest) for code, rest in t.header
              if not (code in ("330", "300") and _round_field(code, rest) >= r)]
    header = [(code, rest[:11 + 4 * (r - 1)].rstrip()) if code == "320" else (code, rest) for code, rest in header]
    pab = next((team for team, kind in paired.byes if kind == "PAB"), None)
    if pab is not None:
        at = next((i for i, (code, _) in enumerate(header) if code == "320"), None)
        if at is None:
            mp, gp = event.pab or (event.team_points.win, t.scoring.win * event.boards)
            line = f" {float(mp):>4.1f} {float(gp):>4.1f}"
            header.insert(next((i for i, (code, _) in enumerate(header) if code == "001"), len(header)),
                          ("320", line))
            at = next(i for i, (code, _) in enumerate(header) if code == "320")
        start = 11 + 4 * (r - 1)    # columns 15-17 hold round 1, 4 apart (`rest` follows the code)
        rest = header[at][1].ljust(start)[:start] + f"{pab:>3}"
        header[at] = ("320", rest.rstrip())
    text = write_trf(replace(t, header=tuple(header), rounds=max(t.rounds, r)))
    return with_round_blocks(text, t.extra.get("newline", "\n"), r, blocks, missing="  0000 - -")


def _round_field(code: str, rest: str) -> int:
    """The round of a 330 (columns 8-10) or 300 (columns 5-7) record; `rest` follows the code."""
    text = rest[4:7] if code == "330" else rest[1:4]
    return int(text) if text.strip().isdigit() else 0
