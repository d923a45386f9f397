"""Every recorded round of a round robin against its Berger table (C.05 Annex 1): who met whom
and with which colours, with the players' table numbers as `numbers.table_numbers` finds them.

A board of the table on which neither player has a recorded opponent (both unpaired: a
withdrawal entered as absences) is not a different pairing: it is named as not played. A game
recorded without colours (a forfeit on a result page) agrees when its two players are the
table's pair.
"""

from __future__ import annotations

from rulesengine.errors import Location
from rulesengine.model import Colour, ResultCode, Tournament
from rulesengine.pairing import EventDayFinding, PairedRound, Pairing, RoundCheck
from rulesengine_fide.round_robin.berger import PLAIN, cycle_order, event_round, table_size
from rulesengine_fide.round_robin.numbers import TableNumbers, played_rounds, recorded_opponents, table_numbers

ARTICLE = "C.05 Annex 1"
CRITERION = "Annex 1"
BYE = "BYE"   # the table's bye in an odd field: the player the highest number meets


def table_paired_round(numbers: TableNumbers, round_number: int) -> PairedRound:
    """The table's round `round_number` by start ranks: its boards in table order, the player of
    an odd field whom the highest number meets as the round's bye."""
    holder = numbers.by_number
    boards, byes = [], []
    for game in event_round(numbers.players, round_number, numbers.cycles, numbers.variant):
        white, black = holder.get(game.white), holder.get(game.black)
        if white is None or black is None:
            byes.append((white if black is None else black, BYE))
        else:
            boards.append(Pairing(white, black))
    return PairedRound(round_number, tuple(boards), tuple(byes))


def recorded_round(tournament: Tournament, round_number: int) -> PairedRound:
    """The games recorded in a round (white first; a game without colours lower start rank
    first) and the players without an opponent (PAB when so recorded, else BYE)."""
    opponents = recorded_opponents(tournament, round_number)
    boards = []
    for sno, (opponent, colour) in sorted(opponents.items()):
        if colour is Colour.WHITE or (colour is Colour.NONE and sno < opponent
                                      and opponents.get(opponent, (None, Colour.NONE))[1] is not Colour.WHITE):
            boards.append(Pairing(sno, opponent))
    byes = tuple((p.start_rank, "PAB" if p.entry(round_number).code is ResultCode.PAIRING_ALLOCATED_BYE else BYE)
                 for p in tournament.players if p.start_rank not in opponents)
    return PairedRound(round_number, tuple(boards), byes)


def _table_words(numbers: TableNumbers, round_number: int) -> str:
    table_round, reversed_colours = cycle_order(numbers.players, numbers.cycles, numbers.variant)[round_number - 1]
    where = f"round {table_round} of the table" if table_round != round_number else f"round {table_round}"
    return (f"the Berger table ({ARTICLE}, {table_size(numbers.players)} numbers, {where}"
            f"{', colours reversed' if reversed_colours else ''})")


def _verdict(tournament: Tournament, numbers: TableNumbers, rules: PairedRound,
             round_number: int) -> tuple[str, list[str]]:
    """The first board of the table the record breaks ("" when none), and boards not played."""
    opponents = recorded_opponents(tournament, round_number)
    number = numbers.numbers
    unplayed = []
    for board, game in enumerate(rules.boards, start=1):
        got_white, got_black = opponents.get(game.white), opponents.get(game.black)
        pair = f"{game.white}-{game.black} (numbers {number[game.white]}-{number[game.black]})"
        if got_white is None and got_black is None:
            unplayed.append(f"board {board}: {pair} not played (neither has an opponent recorded)")
            continue
        if got_white is None or got_white[0] != game.black:
            met = f"{game.white} met {got_white[0]}" if got_white else f"{game.white} has no opponent"
            return f"board {board}: {_table_words(numbers, round_number)} pairs {pair}; recorded: {met}", unplayed
        if got_white[1] is Colour.BLACK:
            return (f"board {board}: {_table_words(numbers, round_number)} pairs {pair}; recorded with colours "
                    f"reversed ({game.black}-{game.white})"), unplayed
    for player, _kind in rules.byes:
        if player in opponents:
            return (f"{_table_words(numbers, round_number)} gives {player} (number {number[player]}) the bye; "
                    f"recorded: {player} met {opponents[player][0]}"), unplayed
    return "", unplayed


def variant_note(numbers: TableNumbers) -> str:
    """Which first cycle a double round robin follows ("" for a single one)."""
    if numbers.cycles < 2:
        return ""
    if numbers.variant == PLAIN:
        return ("double round robin: the first cycle in table order (C.05 Annex 1 recommends swapping its last "
                "two rounds)")
    return "double round robin: the first cycle's last two rounds swapped, as C.05 Annex 1 recommends"


def table_notes(numbers: TableNumbers, source: str) -> tuple[EventDayFinding, ...]:
    """Notices on the numbering and the double round-robin variant the rounds follow."""
    return tuple(EventDayFinding(2, Location(source), text) for text in (numbers.note(), variant_note(numbers)) if text)


def check_rounds(tournament: Tournament, variant: str | None = None) -> list[RoundCheck]:
    """Each recorded round beside the table's (how the table numbers were found is said by
    `table_notes`, the system's event-day service)."""
    numbers = table_numbers(tournament, variant)
    last = min(played_rounds(tournament), len(cycle_order(numbers.players, numbers.cycles, numbers.variant)))
    source = tournament.source or "<input>"
    out = []
    for r in range(1, last + 1):
        rules = table_paired_round(numbers, r)
        verdict, unplayed = _verdict(tournament, numbers, rules, r)
        notes = [EventDayFinding(1, Location(source), text, r) for text in unplayed]
        out.append(RoundCheck(r, rules, recorded_round(tournament, r), verdict, CRITERION if verdict else "",
                              tuple(notes)))
    return out
