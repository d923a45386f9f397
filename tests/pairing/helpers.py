"""Reading a fixture's recorded pairing of one round."""

from __future__ import annotations

from pathlib import Path

from rulesengine.model import Colour, ResultCode, Tournament

DATA = Path(__file__).resolve().parents[1] / "data" / "pairing"


def recorded(tournament: Tournament, round_number: int) -> tuple[set[tuple[int, int]], int | None]:
    """(white, black) games and the PAB player of a round as the file records it."""
    games, pab = set(), None
    for p in tournament.players:
        e = p.entry(round_number)
        if e.opponent is not None and e.colour is Colour.WHITE:
            games.add((p.start_rank, e.opponent))
        if e.code is ResultCode.PAIRING_ALLOCATED_BYE:
            pab = p.start_rank
    return games, pab


def cut(tournament: Tournament, round_number: int) -> Tournament:
    """The tournament as it stood before `round_number` was paired (the fixtures README's
    procedure): rounds 1..r-1, plus round r's announced H/Z/F byes."""
    from dataclasses import replace
    players = []
    for p in tournament.players:
        rounds = list(p.rounds[: round_number - 1])
        e = p.entry(round_number)
        if e.opponent is None and e.code in (ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE,
                                             ResultCode.FULL_POINT_BYE):
            rounds.append(e)
        players.append(replace(p, rounds=tuple(rounds), declared_points=None))
    return replace(tournament, players=tuple(players))


def mismatched_rounds(path: Path) -> list[int]:
    """The rounds of a file that re-pairing from the rounds before them does not reproduce
    (games with their colours, and the PAB)."""
    from rulesengine.formats.trf import read_trf
    from rulesengine_fide.pairing.engine import pair_round

    t = read_trf(path)
    bad = []
    for r in range(1, t.rounds + 1):
        games, pab = recorded(t, r)
        result = pair_round(t, r)
        if {(b.white, b.black) for b in result.boards} != games or result.pab != pab:
            bad.append(r)
    return bad


def written(tmp_path: Path, name: str, text: str) -> Path:
    """`text` written to `tmp_path / name` (UTF-8), for a command to read."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """`rulesengine ARGV...`: (exit status, stdout, stderr)."""
    from rulesengine.cli import main
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
