"""The one-pass team reader (`formats.team_trf_bulk.read_bulk`, issue 22 item 6) gives the team
reader's event, or declines and leaves the file to it.

On every team file of the repository (and ../shared's) and on generated events (the bench's and
the tie-break sweep's), an event it reads
must equal the plain reading (`plain=True`: every match board by board) and the team reader's own
(`one_pass=False`), with the same stored game points and `over_the_board`, and be written back as
the file read. Bad or unusual input must either be declined or read the same; either way
`parse_team_trf` gives the located errors of the plain reading. A mutant of the one-pass reader
(its mirror table, its points table) is caught by these checks.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fixture_data import DATA, EXTRA_FIXTURES, fixture_files
from rulesengine.errors import InputError
from rulesengine.formats import team_trf_bulk
from rulesengine.formats.team_trf import parse_team_trf, write_team_trf
from rulesengine.team import MatchKind, TeamTournament

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the module below, under --import-mode=importlib
from test_team_trf_fast_path import generated_text  # noqa: E402 (bench/team_event.py's events)

TEAM_FILES = [*fixture_files("team", "*.trf"), *fixture_files("team_swiss", "*.trf"),
              *fixture_files("team_sweep", "*.trf"), *sorted((DATA / "team").glob("*/*.trf")),
              *sorted((EXTRA_FIXTURES / "fixtures" / "team").glob("*.trf"))]
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SIZES = [(200, 10, 11, 2026), (40, 6, 9, 2026), (21, 6, 7, 2026), (20, 4, 5, 7), (33, 10, 11, 11), (9, 4, 5, 3)]


def stored(event: TeamTournament) -> list:
    """What the reader stored for each round before any board is built, and each team's MP and GP
    (the one-pass reader adds them up as it reads; `Team` sums its rounds)."""
    return [(team.match_points, team.game_points, type(team.match_points), type(team.game_points))
            for team in event.teams] + [(r.kind, r.opponent, r.match_points, r.game_points, r.over_the_board)
                                        for team in event.teams for r in team.rounds]


def assert_read_as_plain(text: str) -> bool:
    """`read_bulk(text)` is None, or the plain and the team reader's event; True when it read it."""
    bulk = team_trf_bulk.read_bulk(text, "in.trf")
    if bulk is None:
        return False
    values = stored(bulk)
    plain = parse_team_trf(text, "in.trf", plain=True)
    assert values == stored(plain)
    assert bulk == plain == parse_team_trf(text, "in.trf", one_pass=False)   # builds every board and player
    assert write_team_trf(bulk) == write_team_trf(plain)
    for team in bulk.teams:
        for r in team.rounds:   # the stored flag is the property's definition from the boards
            assert r.over_the_board == (r.kind is MatchKind.MATCH and any(b.over_the_board for b in r.boards))
    return True


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_team_file_reads_as_the_plain_reading_or_is_declined(path):
    text = path.read_text(encoding="utf-8")
    if assert_read_as_plain(text):
        assert write_team_trf(team_trf_bulk.read_bulk(text, "in.trf")) == text   # the file read, written back


def test_every_team_file_is_read_in_one_pass():
    """Records 320, 330, 240, 300, legacy 013, forfeits either way and double, individual byes,
    `0000 - +` boards, padded opponents: all of the common shape."""
    read = [path.stem for path in TEAM_FILES if assert_read_as_plain(path.read_text(encoding="utf-8"))]
    assert len(read) == len(TEAM_FILES) >= 30


@pytest.mark.parametrize("seed", range(7000, 7030))
def test_the_tie_break_sweep_events_are_read_in_one_pass_as_the_plain_reading(seed):
    """scripts/team_tiebreak_sweep.py's events (the ones compared with gacrux): withdrawals, team
    byes, forfeited matches, PABs, round robins, 013 files."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        from team_tiebreak_sweep import generate
    finally:
        sys.path.remove(str(SCRIPTS))
    event = generate(seed)
    text = event.trf(event.played)
    assert assert_read_as_plain(text)
    assert write_team_trf(team_trf_bulk.read_bulk(text, "in.trf")) == text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s[:3])))
def test_generated_events_are_read_in_one_pass_as_the_plain_reading(size):
    text = generated_text(*size)
    assert assert_read_as_plain(text)
    assert write_team_trf(team_trf_bulk.read_bulk(text, "in.trf")) == text


def test_the_bench_event_holds_matches_of_every_kind_of_board():
    """200 x 10 x 11 (the bench's): individual forfeits, reserves, matches lost, drawn and won."""
    event = team_trf_bulk.read_bulk(generated_text(200, 10, 11, 2026), "in.trf")
    kinds = {r.match_points for team in event.teams for r in team.rounds}
    assert kinds == {0, 1, 2}
    codes = {b.points for r in event.teams[0].rounds for b in r.boards}
    assert len(event.teams) == 200 and codes >= {0, 1}


# ---------------------------------------------------------------- anything unusual: declined or the same

def _lines(size=(21, 6, 7, 2026)) -> tuple[list[str], dict[int, int]]:
    lines = generated_text(*size).split("\n")
    return lines, {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}


def _block(lines: list[str], i: int, rnd: int, block: str) -> None:
    start = 89 + 10 * (rnd - 1)
    lines[i] = lines[i][:start] + block + lines[i][start + 10:]


def _mutations() -> dict[str, str]:
    """Texts that break the common shape or the rules, each one way."""
    found = {}

    def mutant(name: str, change) -> None:
        lines, index = _lines()
        change(lines, index)
        found[name] = "\n".join(lines)

    mutant("both won", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 w 1"), _block(ls, ix[8], 1, "  0001 b 1")))
    mutant("same colour", lambda ls, ix: _block(ls, ix[8], 1, "  0001 w 0"))
    mutant("no such opponent", lambda ls, ix: _block(ls, ix[1], 2, "  0999 w 1"))
    mutant("paired with herself", lambda ls, ix: _block(ls, ix[1], 1, "  0001 w -"))
    mutant("double forfeit", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 w -"), _block(ls, ix[8], 1, "  0001 b -")))
    mutant("double forfeit, no colours", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 - -"),
                                                        _block(ls, ix[8], 1, "  0001 - -")))
    mutant("forfeit win on an empty board", lambda ls, ix: (_block(ls, ix[1], 1, "  0000 - +"),
                                                           _block(ls, ix[8], 1, "  0000 - -")))
    mutant("unanswered", lambda ls, ix: _block(ls, ix[8], 1, "  0000 - -"))
    mutant("forfeit win alone", lambda ls, ix: _block(ls, ix[1], 1, "  0000 - +"))
    mutant("a PAB for a player", lambda ls, ix: _block(ls, ix[1], 1, "  0000 - U"))
    mutant("a player's bye", lambda ls, ix: (_block(ls, ix[1], 1, "  0000 - H"), _block(ls, ix[8], 1, "  0000 - +")))
    mutant("forfeit, one colour", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 w +"), _block(ls, ix[8], 1, "  0001 w -")))
    mutant("two forfeit wins", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 w +"), _block(ls, ix[8], 1, "  0001 b +")))
    mutant("pending result", lambda ls, ix: (_block(ls, ix[1], 7, "  0008 w  "), _block(ls, ix[8], 7, "  0001 b  ")))
    mutant("bad code", lambda ls, ix: _block(ls, ix[1], 1, "  0008 w X"))
    mutant("bad opponent", lambda ls, ix: _block(ls, ix[1], 1, "  00x8 w 1"))
    mutant("blank inside", lambda ls, ix: _block(ls, ix[1], 1, "  0 08 w 1"))
    mutant("padded opponent", lambda ls, ix: (_block(ls, ix[1], 1, "     8 w 1"), _block(ls, ix[8], 1, "     1 b 0")))
    mutant("lower case", lambda ls, ix: (_block(ls, ix[1], 1, "  0008 W 1"), _block(ls, ix[8], 1, "  0001 B 0")))
    mutant("short line", lambda ls, ix: ls.__setitem__(ix[3], ls[ix[3]][:-10]))
    mutant("bad rating", lambda ls, ix: ls.__setitem__(ix[3], ls[ix[3]][:48] + "12x4" + ls[ix[3]][52:]))
    mutant("rating too high", lambda ls, ix: ls.__setitem__(ix[3], ls[ix[3]][:48] + "9999" + ls[ix[3]][52:]))
    mutant("bad points", lambda ls, ix: ls.__setitem__(ix[3], ls[ix[3]][:80] + " x.5" + ls[ix[3]][84:]))
    mutant("start rank used twice", lambda ls, ix: ls.__setitem__(ix[3], ls[ix[3]][:4] + "   2" + ls[ix[3]][8:]))
    mutant("fewer rounds declared", lambda ls, ix: ls.__setitem__(ls.index("142 7"), "142 6"))
    mutant("more rounds declared", lambda ls, ix: ls.__setitem__(ls.index("142 7"), "142 9"))
    mutant("a player on no team", lambda ls, ix: ls.__setitem__(
        next(i for i, line in enumerate(ls) if line.startswith("310   1")),
        next(line for line in ls if line.startswith("310   1"))[:73]))
    mutant("record 300", lambda ls, ix: ls.insert(3, "300   1   1   2    1    2    3    4    5    6"))
    mutant("bad 362", lambda ls, ix: ls.__setitem__(next(i for i, line in enumerate(ls) if line.startswith("362")),
                                                    "362 TW x.0   TD 1.0   TL 0.0"))
    lines, _ = _lines()
    found["crlf"] = "\r\n".join(lines)
    found["bom"] = "\ufeff" + "\n".join(lines)
    found["no final newline"] = "\n".join(lines).rstrip("\n")
    return found


MUTATIONS = _mutations()


def outcome(text: str, **how) -> tuple[str, object]:
    try:
        return "event", stored(parse_team_trf(text, "in.trf", **how))
    except InputError as exc:
        return "error", str(exc)


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_unusual_input_is_declined_or_read_the_same_and_errors_are_the_plain_ones(name):
    text = MUTATIONS[name]
    if _reads(text):
        assert_read_as_plain(text)
    assert outcome(text) == outcome(text, plain=True) == outcome(text, one_pass=False)


def _reads(text: str) -> bool:
    try:
        parse_team_trf(text, "in.trf", plain=True)
    except InputError:
        assert team_trf_bulk.read_bulk(text, "in.trf") is None   # what the plain reader refuses is declined
        return False
    return True


def test_the_mutations_exercise_both_outcomes():
    read = {name for name, text in MUTATIONS.items() if team_trf_bulk.read_bulk(text, "in.trf") is not None}
    refused = {name for name, text in MUTATIONS.items() if outcome(text, plain=True)[0] == "error"}
    assert {"padded opponent", "lower case", "no final newline", "more rounds declared", "double forfeit",
            "forfeit, one colour", "a player's bye", "forfeit win on an empty board", "record 300"} <= read
    assert {"both won", "same colour", "no such opponent", "unanswered", "a player on no team",
            "two forfeit wins", "a PAB for a player"} <= refused


# ---------------------------------------------------------------- mutants of the one-pass reader are caught

def test_a_mirror_table_with_one_wrong_entry_is_caught(monkeypatch):
    """A mutant that answers an unrated draw (`D`) with an unrated win (`W`): it reads a file the
    plain reader refuses."""
    bits = team_trf_bulk._COLOUR_BITS, team_trf_bulk._CODE_BITS
    draw, win = bits[0]["W"] | bits[1]["D"], bits[0]["B"] | bits[1]["W"]
    mirror = bytearray(team_trf_bulk._MIRROR)
    mirror[draw], mirror[win] = win, draw
    lines, index = _lines()
    _block(lines, index[1], 1, "  0008 w D")
    _block(lines, index[8], 1, "  0001 b W")
    text = "\n".join(lines)
    assert outcome(text, plain=True)[0] == "error"
    assert team_trf_bulk.read_bulk(text, "in.trf") is None
    monkeypatch.setattr(team_trf_bulk, "_MIRROR", bytes(mirror))
    assert team_trf_bulk.read_bulk(text, "in.trf") is not None
    with pytest.raises(AssertionError):
        _reads(text)


def test_a_points_table_that_scores_a_draw_as_a_loss_is_caught(monkeypatch):
    """A mutant that reads a draw as nothing: the match points and game points differ."""
    real = team_trf_bulk._TeamPass._units

    def units(self, combined):
        draw = {team_trf_bulk._COLOUR_BITS[c] | team_trf_bulk._CODE_BITS["="] for c in "WB"}
        table = bytearray(real(self, combined))
        return bytes(0 if bits in draw else value for bits, value in zip(combined, table))

    monkeypatch.setattr(team_trf_bulk._TeamPass, "_units", units)
    with pytest.raises(AssertionError):
        assert_read_as_plain(generated_text(21, 6, 7, 2026))
