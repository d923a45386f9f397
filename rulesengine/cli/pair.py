"""`rulesengine pair FILE.trf`: pair the next round (or re-pair round N), check a finished
tournament's pairings, explain a round, or print the initial ranking.

Output contracts (docs/notes/pairing.md): JSON `{"round", "pairings": [{"board", "white",
"black"}], "byes": [{"player", "kind"}]}` with start ranks; `--format trf` writes the file with
the new round filled in (results blank) to stdout or `--output`; never to the input file.

A workbook (`rulesengine pair BOOK.xlsx`, docs/notes/pairbook.md) is read as `recalc` reads it
(results entered on its Pairings sheet are folded into the crosstable first), and the round is
written to its engine-owned `Pairings` sheet; the table (or `--format json`, the same shape) is
printed as for a TRF file.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from rulesengine.errors import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "pair", help="pair the next round (FIDE Dutch), check or explain pairings",
        description="Pair the next round of a Swiss tournament (FIDE Dutch system, C.04.3 2025 text), "
                    "re-pair round N from rounds 1..N-1, check every round of a finished tournament, "
                    "or print the initial ranking.")
    parser.add_argument("file", help="tournament file (TRF-16 / TRF-2026, with XXR/142 and XXC/152), or a "
                                     "crosstable workbook (.xlsx/.xlsm): the round goes to its Pairings sheet")
    parser.add_argument("--encoding", default="utf-8", help="text encoding of the file (default utf-8)")
    parser.add_argument("--input-format", default=None, help="force a file format (default: by extension)")
    parser.add_argument("--round", type=int, default=None, metavar="N",
                        help="re-pair round N from rounds 1..N-1 (default: the next round)")
    parser.add_argument("--system", default=None,
                        help="pairing system (default: berger for a round robin, else dutch)")
    parser.add_argument("--format", choices=("text", "json", "trf"), default="text", help="output form")
    parser.add_argument("--output", "-o", default=None, metavar="PATH",
                        help="write the output to PATH (a new file; never the input file)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="re-pair every round and report each round the recorded pairing differs "
                           "(exit 1 if any)")
    mode.add_argument("--explain", action="store_true", help="explain the pairing bracket by bracket")
    mode.add_argument("--rank-only", action="store_true",
                      help="print the initial ranking (rating, title, name) and stop")
    parser.add_argument("--title-order", choices=("current", "1992"), default="current",
                        help="title order of the initial ranking: current (GM IM WGM FM WIM CM WFM WCM) "
                             "or 1992 (GM WGM IM WIM FM WFM, the 1992-1998 rules)")
    parser.add_argument("--estimate", action="append", default=[], metavar="SNO=RATING",
                        help="the arbiter's rating estimate for an unrated player (repeatable); used "
                             "for the ranking and written into --format trf output")
    parser.add_argument("--max-half-point-byes", type=int, default=None, metavar="N",
                        help="the event's limit of requested half-point byes per player: a bye beyond it "
                             "is refused at the record or cell that gives it (TRF has no record for it)")
    parser.add_argument("--no-byes-in-last", type=int, default=None, metavar="K",
                        help="the event allows no requested bye (H or F) in its last K rounds")
    parser.add_argument("--late-entry", choices=("zero", "half"), default=None,
                        help="score a late entrant's missed rounds as zero-point or half-point byes (the "
                             "event's rules); --format trf writes them as Z or H")
    parser.add_argument("--draw-colour", default=None, metavar="SEED",
                        help="draw the initial colour by lot before round 1 (C.04.3 E.5), reproducibly from "
                             "SEED; --format trf writes it as record 152")
    parser.add_argument("--draw-numbers", default=None, metavar="SEED",
                        help="round robin: draw the pairing numbers by lot before round 1 (C.05; by the Varma "
                             "tables, Annex 2, for 9-24 players with federations), reproducibly from SEED; "
                             "--format trf records them on a '### Pairing numbers:' line")
    parser.add_argument("--sheet", default=None,
                        help="workbook only: the crosstable sheet (default: 'Crosstable' or detected)")
    parser.add_argument("--layout", default=None,
                        help="workbook only: the crosstable layout instead of detecting it (template, "
                             "swiss_manager, uschess_wallchart)")
    parser.add_argument("--force", action="store_true",
                        help="workbook only: replace the workbook even when openpyxl would drop parts of it")
    parser.set_defaults(handler=run)


WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def _estimates(texts: list[str]) -> dict[int, int]:
    from rulesengine.numbers import is_digits
    out = {}
    for text in texts:
        sno, sep, rating = text.partition("=")
        if not sep or not is_digits(sno.strip()) or not is_digits(rating.strip()):
            raise UsageError(f"--estimate {text!r}: want SNO=RATING, e.g. 12=1650")
        out[int(sno)] = int(rating)
    return out


def _bye_limits(args: argparse.Namespace) -> dict[str, int]:
    """The event's bye limits as pairing options (TRF-2026 has no record for them)."""
    out = {}
    for flag, key, value in (("--max-half-point-byes", "max_half_point_byes", args.max_half_point_byes),
                             ("--no-byes-in-last", "no_byes_in_last", args.no_byes_in_last)):
        if value is not None:
            if value < 0:
                raise UsageError(f"{flag} must be 0 or more, not {value}")
            out[key] = value
    return out


def _event_day(system, request) -> tuple:
    return system.event_day(request) if system.event_day is not None else ()


def _late_entries(system, tournament, round_number: int, kind: str | None, estimates: dict[int, int]):
    """The tournament with late entrants' missed rounds scored as `--late-entry` says, and the
    pairing numbers (start rank -> number) C.04.2 gives when a late entrant enters: the others keep
    their order, the entrant goes before the first player the initial ranking (rating, title,
    name) puts below them (VCL4THP Q156). A note per late entrant says both."""
    from rulesengine.event_day import pairing_numbers
    from rulesengine.pairing import late_entrants, with_late_entry_byes
    late = late_entrants(tournament, round_number)
    if not late:
        return tournament, {}
    ranks = {}
    if system.initial_ranking is not None:
        ranks = {r.start_rank: r.number for r in system.initial_ranking(tournament, {"estimates": estimates})}
    numbers = pairing_numbers(tournament, {p: round_number for p in late}, ranks)
    several = round_number > 2
    missed = f"rounds 1-{round_number - 1}" if several else "round 1"
    scored = (f"scored as {'' if several else 'a '}{kind}-point bye{'s' if several else ''}" if kind
              else "not paired, scored zero (--late-entry half gives half-point byes)")
    for p in late:
        note = f"player {p} {tournament.player(p).name} enters in round {round_number}: {missed} {scored}"
        if numbers[p] != p:
            note += (f"; the initial ranking (C.04.2) gives pairing number {numbers[p]}: the round is paired with "
                     f"it (the players after move down one), and --format trf writes the file renumbered")
        print(f"rulesengine: note: {note}", file=sys.stderr)
    scored_event = with_late_entry_byes(tournament, round_number, kind) if kind else tournament
    return scored_event, numbers if any(n != p for p, n in numbers.items()) else {}


def _with_drawn_colour(tournament, seed: str):
    """The tournament with the initial colour drawn by lot as record 152, before its first 001
    line. Drawn once: refused when the file records it already or round 1 is paired."""
    from rulesengine.formats.trf import PLAYER_MARK
    from rulesengine.pairing import draw_initial_colour, next_round
    for line, (code, rest) in enumerate(tournament.header, start=1):
        if code in ("152", "XXC"):
            raise UsageError(f"--draw-colour: {tournament.source}:{line}: the initial colour is already recorded "
                             f"(record {code}{rest.rstrip()}); it is drawn once, before round 1")
    if next_round(tournament) > 1:
        raise UsageError("--draw-colour: round 1 is paired already; the initial colour is drawn before it")
    colour = draw_initial_colour(seed)
    header = list(tournament.header)
    at = next((i for i, (code, _rest) in enumerate(header) if code == PLAYER_MARK), len(header))
    header.insert(at, ("152", f" {colour}"))
    print(f"rulesengine: note: initial colour drawn with seed {seed!r}: {'white' if colour == 'W' else 'black'} "
          f"for pairing number 1 (record 152 {colour})", file=sys.stderr)
    return replace(tournament, header=tuple(header))


ROUND_ROBIN_SYSTEM = "berger"


def _default_system(tournament, registry) -> str:
    """A round robin is paired by its table (C.05 Annex 1) when a plugin provides it, else Dutch."""
    return ROUND_ROBIN_SYSTEM if tournament.is_round_robin and ROUND_ROBIN_SYSTEM in registry.pairing_systems else "dutch"


def _with_drawn_numbers(tournament, seed: str, system):
    """The tournament with the pairing numbers drawn by lot (the system's initial ranking with
    `draw_numbers`) as a `### Pairing numbers:` line before its first 001 line. Drawn once,
    before round 1."""
    from rulesengine.formats.trf import PLAYER_MARK
    from rulesengine.pairing import next_round, pairing_numbers_record, recorded_pairing_numbers
    if not tournament.is_round_robin or system.initial_ranking is None:
        raise UsageError(f"--draw-numbers: the pairing numbers of a round robin are drawn by lot; this event is paired "
                         f"by {system.name!r} (a Swiss ranks its players, C.04.2)")
    if (found := recorded_pairing_numbers(tournament)) is not None:
        raise UsageError(f"--draw-numbers: {tournament.source}:{found[1]}: the pairing numbers are already drawn")
    if next_round(tournament) > 1:
        raise UsageError("--draw-numbers: round 1 is paired already; the pairing numbers are drawn before it")
    numbers = {r.start_rank: r.number for r in system.initial_ranking(tournament, {"draw_numbers": seed})}
    header = list(tournament.header)
    at = next((i for i, (code, _rest) in enumerate(header) if code == PLAYER_MARK), len(header))
    header.insert(at, pairing_numbers_record(numbers))
    drawn = ", ".join(f"{sno}->{numbers[sno]}" for sno in sorted(numbers))
    print(f"rulesengine: note: pairing numbers drawn with seed {seed!r} (start rank->number): {drawn}", file=sys.stderr)
    return replace(tournament, header=tuple(header))


def run(args: argparse.Namespace) -> int:
    if Path(args.file).suffix.lower() in WORKBOOK_SUFFIXES:
        return _run_workbook(args)
    from rulesengine.cli.common import load_tournament
    from rulesengine.pairing import (REFUSED, PairingRequest, edition_note, next_round, pairing_heading,
                                     with_announced_byes)
    from rulesengine import api
    from rulesengine.registry import default_registry

    registry = default_registry()
    from rulesengine.cli.pair_team import run_team, team_event
    if (event := team_event(args, registry)) is not None:   # a team event (records 310/013): issue 24 item 4
        return run_team(args, event, registry, _Output(args).write)
    tournament = load_tournament(args, registry)
    system = registry.pairing_system(args.system or _default_system(tournament, registry))
    if args.draw_colour is not None:
        tournament = _with_drawn_colour(tournament, args.draw_colour)
    if args.draw_numbers is not None:
        tournament = _with_drawn_numbers(tournament, args.draw_numbers, system)
    estimates = _estimates(args.estimate)
    limits = _bye_limits(args)
    out = _Output(args)
    from rulesengine.api import rules_date
    # The date the file gives, by the one rule (the pairing text is chosen by date as well).
    notes = [note] if (note := edition_note(system, rules_date(tournament).value, tournament)) else []
    if args.rank_only:
        if system.initial_ranking is None:
            raise UsageError(f"pairing system {system.name!r} has no initial ranking")
        ranking = system.initial_ranking(tournament, {"estimates": estimates, "title_order": args.title_order})
        out.write(_ranking_text(ranking, args.format, system.name == ROUND_ROBIN_SYSTEM))
        return 0
    if args.check:
        if system.check is None:
            raise UsageError(f"pairing system {system.name!r} has no check mode")
        checks = system.check(tournament)
        # The event's records as they stand after the last recorded round (who is not paired
        # next is no finding on the recorded rounds).
        findings = [f for f in _event_day(system, PairingRequest(tournament, next_round(tournament), limits))
                    if f.level > 1]
        if args.format == "trf":
            text, differing = _check_trf(tournament, checks, args.file), sum(1 for c in checks if c.verdict)
        else:
            text, differing = _check_text(tournament, checks, args.format, notes, system.name, findings)
        out.write(text)
        return 1 if differing or any(f.level >= REFUSED for f in findings) else 0
    round_number = args.round if args.round is not None else next_round(tournament)
    if round_number < 1:
        raise UsageError(f"--round must be 1 or more, not {round_number}")
    numbers: dict[int, int] = {}
    if not (args.explain or args.rank_only):
        tournament, numbers = _late_entries(system, tournament, round_number, args.late_entry, estimates)
    request = PairingRequest(with_announced_byes(tournament, round_number), round_number,
                             {"estimates": estimates, **limits})
    if not args.explain:
        findings = _event_day(system, request)
        for finding in findings:
            print(finding, file=sys.stderr)
        refused = [f for f in findings if f.level >= REFUSED and f.round >= round_number]
        if refused:
            print(f"rulesengine: round {round_number} not paired: {len(refused)} requested bye"
                  f"{'s' if len(refused) != 1 else ''} refused by the event's limits", file=sys.stderr)
            return 2
    if args.explain:
        if system.explain is None:
            raise UsageError(f"pairing system {system.name!r} cannot explain its pairings")
        out.write(system.explain(request))
        return 0
    if numbers:
        # Paired in the pairing numbers C.04.2 gives (the late entrant inserted), told in the
        # file's start ranks; the TRF written is renumbered, so the next round pairs the same.
        from rulesengine.event_day import paired_back, renumbered
        numbered = renumbered(tournament, numbers)
        options = {**request.options, "estimates": {numbers[s]: r for s, r in estimates.items()}}
        in_numbers = api.pair_round(numbered, round_number, system.name, registry, options)
        if args.format == "trf":
            out.write(_trf(numbered, in_numbers, options["estimates"]))
            return 0
        paired = paired_back(in_numbers, numbers)
    else:
        paired = api.pair_round(tournament, round_number, system.name, registry, request.options)
    if args.format == "json":
        out.write(_json(paired, notes))
    elif args.format == "trf":
        out.write(_trf(tournament, paired, estimates))
        for note in notes:   # the file stays a TRF file: the note goes to the terminal
            print(f"rulesengine: note: {note}", file=sys.stderr)
    else:
        out.write(_text(tournament, paired, pairing_heading(system, request.tournament), notes))
    return 0


class _Output:
    """stdout, or a new file that is written only once everything is computed."""

    def __init__(self, args: argparse.Namespace):
        self.path = Path(args.output) if args.output else None
        if self.path is not None and self.path.resolve() == Path(args.file).resolve():
            raise UsageError(f"--output {args.output}: refusing to overwrite the input file")

    def write(self, text: str) -> None:
        if self.path is None:
            sys.stdout.write(text)
        else:
            self.path.write_text(text, encoding="utf-8", newline="")


def _json(paired, notes: list[str]) -> str:
    import json
    data = {
        "round": paired.round,
        "pairings": [{"board": i, "white": b.white, "black": b.black}
                     for i, b in enumerate(paired.boards, start=1)],
        "byes": [{"player": p, "kind": k} for p, k in paired.byes],
    }
    if notes:
        data["notes"] = notes
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _text(tournament, paired, description: str, notes: list[str]) -> str:
    from rulesengine.cli.common import format_table
    from rulesengine.numbers import to_text
    points = {p.start_rank: tournament.points_after(p.start_rank, paired.round - 1) for p in tournament.players}
    name = {p.start_rank: p.name for p in tournament.players}
    rows = [[str(i), str(b.white), name[b.white], to_text(points[b.white]), to_text(points[b.black]),
             name[b.black], str(b.black)] for i, b in enumerate(paired.boards, start=1)]
    text = f"Round {paired.round} ({description})\n\n"
    text += format_table(["Board", "SNo", "White", "Pts", "Pts", "Black", "SNo"], rows,
                         [True, True, False, True, True, False, True])
    for player, kind in paired.byes:
        text += f"{kind}: {player} {name[player]}\n"
    return text + "".join(f"Note: {note}\n" for note in notes)


def _trf(tournament, paired, estimates: dict[int, int]) -> str:
    """The input file with round N's pairings written in (results blank); rounds after N dropped."""
    from rulesengine.formats.trf import with_round_blocks, write_trf
    r = paired.round
    players = []
    for p in tournament.players:
        if not p.rating and p.start_rank in estimates:
            p = replace(p, rating=estimates[p.start_rank])
        players.append(p)
    rounds = max(tournament.rounds, r)
    text = write_trf(replace(tournament, players=tuple(players), rounds=rounds))
    padding = tournament.extra.get("opponent_padding", "0")
    blocks: dict[int, str] = {}
    for board in paired.boards:
        blocks[board.white] = f"  {board.black:{padding}>4} w  "
        blocks[board.black] = f"  {board.white:{padding}>4} b  "
    for player, kind in paired.byes:
        blocks[player] = {"PAB": "  0000 - U", "HPB": "  0000 - H", "FPB": "  0000 - F",
                          "ZPB": "  0000 - Z", "BYE": "  0000 - -"}[kind]
    return with_round_blocks(text, tournament.extra.get("newline", "\n"), r, blocks)


def _ranking_text(ranking, fmt: str, round_robin: bool = False) -> str:
    from rulesengine.cli.common import format_table
    if fmt == "json":
        import json
        return json.dumps([{"number": r.number, "start_rank": r.start_rank, "name": r.name, "rating": r.rating,
                            "title": r.title, "estimated": r.estimated} for r in ranking],
                          ensure_ascii=False, indent=2) + "\n"
    rows = [[str(r.number), str(r.start_rank), r.title, r.name,
             (str(r.rating) if r.rating else "") + (" (est.)" if r.estimated else "")] for r in ranking]
    text = format_table(["No", "SNo", "Title", "Name", "Rating"], rows, [True, True, False, False, True])
    moved = [r for r in ranking if r.number != r.start_rank]
    if moved and round_robin:
        text += (f"\nNote: {len(moved)} player(s) hold a table number different from their start rank; the table is "
                 f"paired by these numbers and written by start rank.\n")
    elif moved:
        text += (f"\nNote: {len(moved)} player(s) have a start rank in the file different from the initial "
                 f"ranking; the file's start ranks are the pairing numbers used.\n")
    return text


def _check_text(tournament, checks, fmt: str, notes: list[str], system: str = "",
                findings=()) -> tuple[str, int]:
    from rulesengine.cli.common import format_table
    differing = [c for c in checks if c.verdict]
    if fmt == "json":
        import json
        rounds = []
        for c in differing:
            data = {"round": c.round, "verdict": c.verdict,
                    "rules": [[b.white, b.black] for b in c.rules.boards]
                    + [[p, 0] for p, k in c.rules.byes if k == "PAB"],
                    "recorded": [[b.white, b.black] for b in c.recorded.boards]
                    + [[p, 0] for p, k in c.recorded.byes if k == "PAB"]}
            if c.warnings:
                data["warnings"] = [str(w) for w in c.warnings]
            rounds.append(data)
        data = {"rounds": len(checks), "differing": rounds}
        if findings:
            data["event_day"] = [str(f) for f in findings]
        if notes:
            data["notes"] = notes
        return json.dumps(data, indent=2) + "\n", len(differing)
    lines = []
    for c in differing:
        lines.append(f"Round {c.round}: the recorded pairing differs from the rules' pairing")
        lines.append(f"  first criterion: {c.verdict}")
        lines += [f"  {w}" for w in c.warnings]
        rules = [f"{b.white}-{b.black}" for b in c.rules.boards] + [f"{p} PAB" for p, k in c.rules.byes if k == "PAB"]
        recorded_set = {(b.white, b.black) for b in c.recorded.boards}
        rules_set = {(b.white, b.black) for b in c.rules.boards}
        # Recorded boards in the rules' board order where they agree, the others after.
        recorded = [f"{w}-{b}" for w, b in ((x.white, x.black) for x in c.rules.boards) if (w, b) in recorded_set]
        recorded += [f"{w}-{b}" for w, b in sorted(recorded_set - rules_set)]
        recorded += [f"{p} PAB" for p, k in c.recorded.byes if k == "PAB"]
        size = max(len(rules), len(recorded))
        rows = [[str(i + 1), rules[i] if i < len(rules) else "", recorded[i] if i < len(recorded) else "",
                 "" if i < len(rules) and i < len(recorded) and rules[i] == recorded[i] else "*"]
                for i in range(size)]
        table = format_table(["Board", "Rules", "Recorded", ""], rows, [True, False, False, False])
        lines.append("  " + table.replace("\n", "\n  ").rstrip())
        lines.append("")
    if differing:
        lines.append(f"{len(differing)} of {len(checks)} round(s) differ from the rules' pairing")
        if other := _paired_otherwise(tournament, system):
            lines.append(other)
    else:
        lines.append(f"All {len(checks)} round(s) agree with the rules' pairing")
    lines += [str(f) for f in findings]
    lines += [f"Note: {note}" for note in notes]
    return "\n".join(lines) + "\n", len(differing)


MPA_MARK = " MPA @ Round "
IMPORT_MARK = " Import @ Round "
FPB_MARK = " FPB @ Round "
PROHIBITION_MARK = " Prohibition @ Round "
# C.04.3's absolute criteria (2025 numbering C1-C3; the 2017 text's C.1-C.3): a round that breaks
# one breaks the pairing rules, where one that only pairs otherwise is a manual pairing.
ABSOLUTE_CRITERIA = frozenset({"C1", "C2", "C3", "C.1", "C.2", "C.3"})


def _check_trf(tournament, checks, source: str = "") -> str:
    """The file with one `### MPA @ Round n: <rules' pairs> => <recorded pairs>` line per round
    that differs from the rules' pairing (VCL4THP Q68-69, the openpairings wording), or, for a
    round that breaks an absolute criterion, `### Import @ Round n: <recorded pairs> breaks C1:
    <verdict>` (Q55, with a stderr warning naming `source`: the TD confirms the round or corrects
    it), and one `### FPB @ Round r: n=FPB` line per full-point bye (Q179), at the end; the file's
    earlier such lines are replaced, so a round that now agrees has none."""
    from rulesengine.formats.trf import write_trf
    from rulesengine.model import ResultCode
    from rulesengine.pairing import late_prohibitions

    def pairs(paired) -> str:
        return " ".join([f"{b.white}-{b.black}" for b in paired.boards]
                        + [f"{p}-PAB" for p, kind in paired.byes if kind == "PAB"])

    header = [(code, rest) for code, rest in tournament.header
              if not (code == "###" and rest.startswith((MPA_MARK, IMPORT_MARK, FPB_MARK, PROHIBITION_MARK)))]
    for c in checks:
        if c.verdict and c.criterion in ABSOLUTE_CRITERIA:
            header.append(("###", f"{IMPORT_MARK}{c.round}: {pairs(c.recorded)} breaks {c.criterion}: {c.verdict}"))
            print(f"{source or tournament.source}: warning: round {c.round} breaks {c.criterion}, an absolute criterion "
                  f"of C.04.3: confirm the round as recorded, or correct it (VCL4THP Q55); written as '###"
                  f"{IMPORT_MARK}{c.round}'", file=sys.stderr)
        elif c.verdict:
            header.append(("###", f"{MPA_MARK}{c.round}: {pairs(c.rules)} => {pairs(c.recorded)}"))
    # VCL4THP Q196: a prohibition entered after round 1, as `### Prohibition @ Round r: a-b`.
    header += [("###", f"{PROHIBITION_MARK}{first}: {'-'.join(map(str, players))}")
               for _line, first, players in late_prohibitions(tournament)]
    # VCL4THP Q179: each individual full-point bye as `### FPB @ Round r: n=FPB` (openpairings' wording).
    header += [("###", f"{FPB_MARK}{e.round}: {p.start_rank}=FPB") for p in tournament.players for e in p.rounds
               if e.opponent is None and e.code is ResultCode.FULL_POINT_BYE]
    return write_trf(replace(tournament, header=tuple(header)))


def _paired_otherwise(tournament, system: str) -> str:
    """A line saying that the file does not claim to be paired by `system` (its TRF record 092 or
    192, the type of tournament, does not name it), so that differences are no verdict on it."""
    types = [(code, rest.strip()) for code, rest in tournament.header if code in ("092", "192") and rest.strip()]
    claimed = system == ROUND_ROBIN_SYSTEM and tournament.is_round_robin   # a round robin is paired by its table
    if not system or claimed or any(system.lower() in text.lower() for _code, text in types):
        return ""
    said = "; ".join(f"record {code}: {text!r}" for code, text in types) or "no record 092 or 192"
    return (f"Note: the file does not say it was paired by the {system} system ({said}): an event paired by "
            f"another system, or by hand, differs from these rules without breaking its own")


def _run_workbook(args: argparse.Namespace) -> int:
    """`pair BOOK.xlsx`: pair the next round and write the Pairings sheet (and the recalculation)."""
    from rulesengine.errors import InputError
    from rulesengine.workbook.route import pair_workbook
    from rulesengine.workbook.inputs.settings import settings_from_options

    overrides = settings_from_options(layout=args.layout, crosstable_sheet=args.sheet)
    if args.check or args.explain:
        from rulesengine.workbook.route import team_book
        try:
            book = team_book(Path(args.file), overrides=overrides)
        except InputError as exc:
            return _not_changed(args, exc)
        if book is not None:   # a team book: its rounds checked or explained as a team TRF's
            return _team_book_report(args, book)
    if args.check:
        return _check_workbook(args, overrides)
    for flag, given in (("--explain", args.explain), ("--rank-only", args.rank_only),
                        ("--format trf", args.format == "trf"), ("--output", args.output is not None),
                        ("--estimate", bool(args.estimate)), ("--input-format", args.input_format),
                        ("--draw-numbers", args.draw_numbers is not None)):
        if given:
            raise UsageError(f"{flag} is for TRF files; a workbook is paired into its Pairings sheet "
                             f"(export the event as TRF for {flag})")
    try:
        result = pair_workbook(Path(args.file), round_number=args.round, system=args.system or "dutch", overrides=overrides,
                               force=args.force)
    except InputError as exc:
        return _not_changed(args, exc)
    from rulesengine.workbook.team.pair import TeamBookPairing
    if isinstance(result.outcome, TeamBookPairing):
        return _team_book_paired(args, result)
    outcome, saved = result.outcome, result.save
    paired, tournament = outcome.paired, outcome.tournament
    tell = sys.stderr if args.format == "json" else sys.stdout
    if args.format == "json":
        sys.stdout.write(_json(paired, []))
    else:
        sys.stdout.write(_text(tournament, paired, outcome.system, []))   # notes follow, below
    sheets = " and ".join(dict.fromkeys(w.sheet for w in outcome.writes))
    _tell_saved(args, saved, paired.round, sheets, "Enter the results in the Result column, then Recalculate.", tell)
    for note in (*outcome.notes, *outcome.plan.notes):
        print(f"Note: {note}", file=tell)
    for warning in result.warnings:   # the round folded now had a board changed by hand (VCL4THP Q66-69)
        print(f"{args.file}: {warning}", file=sys.stderr)
    return 0


def _tell_saved(args: argparse.Namespace, saved, round_number: int, sheets: str, next_step: str, tell) -> None:
    """Where the round was written (and the backup), or why it went beside the book instead."""
    if saved.replaced:
        print(f"Wrote round {round_number} to {sheets} of {saved.written} (backup: {saved.backup}). {next_step}",
              file=tell)
    else:
        print(f"Wrote {sheets} to {saved.written}, NOT to {args.file}: saving with openpyxl would have lost "
              + "; ".join(saved.lost) + ". Your workbook is unchanged; rerun with --force to accept the loss.",
              file=sys.stderr)


def _not_changed(args: argparse.Namespace, exc) -> int:
    """One `Sheet!Cell: message` line per problem (as recalc prints them); nothing was written."""
    print(exc, file=sys.stderr)
    print(f"rulesengine: {args.file} was not changed ({exc.count} problem{'s' if exc.count != 1 else ''})",
          file=sys.stderr)
    return 2


def _team_book_paired(args: argparse.Namespace, result) -> int:
    """`pair BOOK` on a team book: the round as `pair TEAM.trf` prints it, then where it was written."""
    from rulesengine.cli.pair_team import paired_json, paired_text
    outcome, saved = result.outcome, result.save
    tell = sys.stderr if args.format == "json" else sys.stdout
    if args.format == "json":
        sys.stdout.write(paired_json(outcome.paired, outcome.system))
    else:
        sys.stdout.write(paired_text(outcome.event, outcome.paired, outcome.description))
    _tell_saved(args, saved, outcome.paired.round, "Matches", "Correct the lineups where they differ, type each "
                "board's result, then Recalculate.", tell)
    for note in outcome.notes:
        print(f"Note: {note}", file=tell)
    return 0


def _team_book_report(args: argparse.Namespace, book) -> int:
    """`pair --check|--explain BOOK` on a team book (nothing written)."""
    from rulesengine import api
    from rulesengine.cli.pair_team import check_or_explain
    for flag, given in (("--format trf", args.format == "trf"), ("--estimate", bool(args.estimate)),
                        ("--input-format", args.input_format)):
        if given:
            raise UsageError(f"{flag}: not for a team book")
    system = api.team_pairing_system(book.event, args.system)
    return check_or_explain(args, book.event, system, book.next_round, _Output(args).write)


def _check_workbook(args: argparse.Namespace, overrides) -> int:
    """`pair --check BOOK`: the workbook's rounds re-paired, reported as for a TRF file (text,
    JSON, or `--format trf`: the event as TRF with `### MPA` lines); nothing is written to BOOK."""
    from rulesengine.errors import InputError
    from rulesengine.workbook.route import check_workbook_pairings
    args.system = args.system or "dutch"   # a workbook names no system: the Dutch, as `pair BOOK` pairs it
    try:
        found = check_workbook_pairings(Path(args.file), system=args.system, overrides=overrides)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return 2
    if found is None:
        raise UsageError(f"{args.file}: no round is paired yet, or the {args.system} system has no check mode")
    checks = [replace(c, verdict=found.told(c.verdict),
                      warnings=tuple(replace(w, message=found.told(w.message)) for w in c.warnings))
              for c in found.checks]
    out = _Output(args)
    if args.format == "trf":
        # The file's start ranks are the pairing numbers (C.04.2): the book's late entrants in place.
        out.write(_check_trf(found.tournament, found.numbered, args.file))
        if found.renumbered:
            moved = ", ".join(f"{sno} is {n}" for sno, n in sorted(found.numbers.items()) if sno != n)
            print(f"rulesengine: note: the TRF is numbered by the pairing numbers (C.04.2), not the book's SNo: "
                  f"{moved}", file=sys.stderr)
        return 1 if any(c.verdict for c in checks) else 0
    text, differing = _check_text(found.tournament, checks, args.format, [], args.system)
    out.write(text)
    return 1 if differing else 0
