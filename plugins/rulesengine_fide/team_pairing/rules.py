"""What the rules of a team competition state for C.04.6, read from the event's TRF records.

Record 192 names the colour model and the scores (`FIDE_TEAM_<TYPEA|TYPEB|->_<MP_GP|GP_MP|MP|GP>
[_BAKU]`, FIDE TEC's record 192 table; `FIDE_TEAM` alone is `FIDE_TEAM_TYPEA_MP_GP`), 152 the
initial colour (art. 4.1), 142 the scheduled rounds (arts. 1.7.2, 2.3.4 and 2.3.7 read it), 250
the acceleration (C.04.7 art. 1.5: fictitious match and game points per round and team range).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulesengine.errors import UsageError
from rulesengine.numbers import parse_exact, parse_whole
from rulesengine.team import TeamTournament

TYPE_A, TYPE_B, NO_COLOUR = "type A", "type B", "no colour"


@dataclass(frozen=True)
class Acceleration:
    """One record 250: `match_points`/`game_points` added to teams first..last in rounds
    first_round..last_round (C.04.7 art. 1.5: the pairing score, never the standings)."""

    match_points: Fraction
    game_points: Fraction
    first_round: int
    last_round: int
    first_team: int
    last_team: int


@dataclass(frozen=True)
class TeamPairingRules:
    """The choices art. 1.2, 1.7 and 4.1 leave to the rules of the competition."""

    colour_model: str = TYPE_A          # art. 1.7: type A unless type B or no colour is stated
    primary: str = "MP"                 # art. 1.2.1; art. 1.2.2 default: match points
    secondary_used: bool = True         # art. 1.2.2 default: game points used for colours (4.2.2)
    initial_colour: str | None = None   # art. 4.1 "W"/"B" (record 152), None: not recorded
    planned_rounds: int = 0             # record 142 (0: not declared)
    acceleration: tuple[Acceleration, ...] = ()
    prohibited: tuple[tuple[int, int, frozenset[int]], ...] = ()   # record 260: (first, last round, teams)

    def forbidden_in(self, round_number: int) -> frozenset[frozenset[int]]:
        """[C1] with record 260: the pairs of teams that shall not meet in `round_number`."""
        return frozenset(frozenset((a, b)) for first, last, teams in self.prohibited if first <= round_number <= last
                         for a in teams for b in teams if a < b)

    @property
    def type_b(self) -> bool:
        return self.colour_model == TYPE_B

    @property
    def uses_colour(self) -> bool:
        return self.colour_model != NO_COLOUR

    def accelerated(self, team: int, round_number: int, primary: bool = True) -> Fraction:
        """The fictitious points of `team` in `round_number` (the last record 250 naming it wins,
        as FIDE TEC's engine reads a list of them); game points for the secondary score."""
        value = Fraction(0)
        for acc in self.acceleration:
            if acc.first_round <= round_number <= acc.last_round and acc.first_team <= team <= acc.last_team:
                use_mp = (self.primary == "MP") == primary
                value = acc.match_points if use_mp else acc.game_points
        return value


def read_rules(event: TeamTournament) -> TeamPairingRules:
    """The C.04.6 choices of `event` from its records; a 250 line that cannot be read is a
    UsageError naming the file and line."""
    code = event.type_code.strip().upper()
    words = code.split("_")
    model = TYPE_A
    if code.startswith("FIDE_TEAM") and code not in ("FIDE_TEAM", "FIDE_TEAM_BAKU"):
        model = TYPE_B if "TYPEB" in words else TYPE_A if "TYPEA" in words else NO_COLOUR
    if event.colour_model in (TYPE_A, TYPE_B, NO_COLOUR):   # a team book's Settings state it (art. 1.7)
        model = event.colour_model
    scores = [w for w in words if w in ("MP", "GP")]
    primary = scores[0] if scores else "MP"
    secondary_used = len(scores) != 1          # a code naming one score states the other unused
    initial, planned, acceleration, prohibited = None, 0, [], []
    source = event.individual.source or "<input>"
    for line_no, (record, rest) in enumerate(event.individual.header, start=1):
        if record in ("152", "XXC") and rest.strip()[:1].upper() in ("W", "B"):
            initial = rest.strip()[0].upper()
        elif record in ("142", "XXR") and parse_whole(rest.strip()) is not None:
            planned = parse_whole(rest.strip())
        elif record == "250":
            acceleration.append(_acceleration(record + rest, f"{source}:{line_no}"))
        elif record == "260":
            prohibited.append(_prohibited(record + rest, f"{source}:{line_no}"))
    if acceleration and primary == "GP":
        raise UsageError(f"{source}: record 250 accelerates a team event whose primary score is game points; "
                         f"C.04.7 art. 1.4.4: an acceleration cannot be used with game points as the primary score")
    return TeamPairingRules(model, primary, secondary_used, initial, planned, tuple(acceleration), tuple(prohibited))


def _acceleration(line: str, where: str) -> Acceleration:
    """Record 250 for teams: MP in columns 5-8, GP 10-13, rounds 15-17 and 19-21, teams 23-26
    and 28-31 (a blank last round or team: the first)."""
    def number(start: int, end: int, what: str, exact: bool = False):
        text = line[start:end].strip()
        value = parse_exact(text) if exact else parse_whole(text) if text else 0
        if value is None:
            raise UsageError(f"{where}: record 250: {what} (columns {start + 1}-{end}) must be a number, "
                             f"found {text!r}")
        return value
    mp, gp = number(4, 8, "the match points", True), number(9, 13, "the game points", True)
    first_round, last_round = number(14, 17, "the first round"), number(18, 21, "the last round")
    first_team, last_team = number(22, 26, "the first team"), number(27, 31, "the last team")
    return Acceleration(mp, gp, first_round, last_round or first_round, first_team, last_team or first_team)


def _prohibited(line: str, where: str) -> tuple[int, int, frozenset[int]]:
    """Record 260 for teams: rounds in columns 5-7 and 9-11 (a blank last round: the first), then
    the teams that shall not meet, 4 columns each from column 13, one apart."""
    first, last = parse_whole(line[4:7].strip()), parse_whole(line[8:11].strip() or line[4:7].strip())
    teams = [parse_whole(line[i:i + 4].strip()) for i in range(12, len(line), 5) if line[i:i + 4].strip()]
    if first is None or last is None or None in teams or len(teams) < 2:
        raise UsageError(f"{where}: record 260: want the first and last round (columns 5-7, 9-11) and two or more "
                         f"teams from column 13, found {line[3:].strip()!r}")
    return first, last, frozenset(teams)
