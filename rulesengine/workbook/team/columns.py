"""The team template's sheets and columns (docs/contracts.md "Team workbook (issue 22)"): one
place for the names the template writes, the reader reads and the export fills.

    Settings   Setting | Value | What it means
    Teams      Team | Name | Nickname | Board | Player | Title | FED | Rating | FIDE ID
    Matches    Round | Board | Home | Result | Away | Home colour
               a match row (Round filled): home team, match score (optional), away team or a bye;
               the board rows under it (Board filled): home player, result, away player.
"""

from __future__ import annotations

from rulesengine.model import ResultCode
from rulesengine.team import MatchKind

SETTINGS_SHEET = "Settings"
TEAMS_SHEET = "Teams"
MATCHES_SHEET = "Matches"
TEAM_STANDINGS_SHEET = "Team Standings"
INSTRUCTIONS_SHEET = "Instructions"

TEAM_COLUMNS = ("Team", "Name", "Nickname", "Board", "Player", "Title", "FED", "Rating", "FIDE ID")
(TEAM_NO, TEAM_NAME, TEAM_NICKNAME, PLAYER_BOARD, PLAYER_NAME, PLAYER_TITLE, PLAYER_FED, PLAYER_RATING,
 PLAYER_ID) = range(len(TEAM_COLUMNS))

MATCH_COLUMNS = ("Round", "Board", "Home", "Result (home-away)", "Away", "Home colour")
M_ROUND, M_BOARD, M_HOME, M_RESULT, M_AWAY, M_COLOUR = range(len(MATCH_COLUMNS))

# Settings keys (lower case, as read) -> what the template writes in column A.
SETTING_LABELS = {
    "event": "Event", "start date": "Start date", "end date": "End date", "type": "Type",
    "rounds": "Rounds", "boards": "Boards", "team points": "Team points", "primary score": "Primary score",
    "team pab": "Team PAB", "board colours": "Board colours", "tie-breaks": "Tie-breaks",
    "rules date": "Rules date", "colour model": "Colour model", "first colour": "First colour",
}
# Settings' `Colour model` (C.04.6 art. 1.7) as typed -> `TeamTournament.colour_model`.
COLOUR_MODELS = {"type a": "type A", "a": "type A", "typea": "type A", "type b": "type B", "b": "type B",
                 "typeb": "type B", "none": "no colour", "no colour": "no colour", "no color": "no colour",
                 "-": "no colour"}
# Record 192's words for the colour models (TRF-2026), as Settings writes them.
COLOUR_MODEL_WORDS = {"TYPEA": "type A", "TYPEB": "type B", "-": "none"}
# Settings' `First colour` (C.04.6 art. 4.1, record 152): team 1's colour in round 1.
FIRST_COLOURS = {"white": "W", "w": "W", "black": "B", "b": "B"}
KIND_TEXTS = {"team swiss": "swiss", "team round robin": "round robin", "swiss": "swiss",
              "round robin": "round robin"}

# A board's result, read left to right: the home player's score first (C.07 art. 12 intro: a
# forfeited game counts as a standard win for the player present).
BOARD_RESULTS: dict[str, tuple[ResultCode, ResultCode]] = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "½-½": (ResultCode.DRAW, ResultCode.DRAW),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "+/-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-/+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "--": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}
RESULT_CHOICES = tuple(BOARD_RESULTS)
# Other spellings TDs type for the same results.
RESULT_SPELLINGS = {"1:0": "1-0", "0:1": "0-1", "=": "½-½", "1/2-1/2": "½-½", "0.5-0.5": "½-½", "½:½": "½-½",
                    "+-": "+/-", "+:-": "+/-", "-+": "-/+", "-:+": "-/+", "-/-": "--", "-:-": "--"}
# A spreadsheet that reads `2-2` or `3/1/0` as a date (2 February, 1 March 2000) hands over a date.
DATE_SLIP = ("the spreadsheet turned what was typed here into a date (2-2 reads as 2 February): format the "
             "cell as Text and type it again")
# A match row's Away cell naming a team bye instead of a team (records 320 and 240).
BYE_WORDS = {"pab": MatchKind.PAIRING_ALLOCATED_BYE, "bye": MatchKind.PAIRING_ALLOCATED_BYE,
             "fpb": MatchKind.FULL_POINT_BYE, "hpb": MatchKind.HALF_POINT_BYE, "zpb": MatchKind.ZERO_POINT_BYE}
BYE_CHOICES = ("PAB", "FPB", "HPB", "ZPB")
# A forfeited match (record 330), typed as the match row's result with no boards.
MATCH_FORFEITS = ("+/-", "-/+", "--")


def board_result(raw: str) -> tuple[ResultCode, ResultCode] | None:
    """The (home, away) codes of a typed board result, or None when it is no result notation."""
    key = raw.replace(" ", "")
    return BOARD_RESULTS.get(RESULT_SPELLINGS.get(key, key))


def canonical_result(raw: str) -> str:
    """A typed result in the template's spelling (`1:0` -> `1-0`)."""
    key = raw.replace(" ", "")
    return RESULT_SPELLINGS.get(key, key)
