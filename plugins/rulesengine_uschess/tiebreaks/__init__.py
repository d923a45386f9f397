"""US Chess tie-breaks (Official Rules of Chess, 7th edition, rule 34E, Swiss events).

Registry codes are global, and FIDE's plugin owns BH, SB, PS, DE and the rest, so US Chess's
systems have codes of their own:

| code  | rule  | name (WinTD / SwissSys)            | modifiers |
|-------|-------|------------------------------------|-----------|
| MM    | 34E1  | Modified Median                    | none |
| SOLK  | 34E2  | Solkoff                            | none |
| CUM   | 34E3  | Cumulative                         | none |
| MED   | 34E4  | Median (Harkness)                  | M1, M2: fix how many drop at each end |
| RBT   | 34E5  | Result between tied players        | none |
| BLK   | 34E6  | Most blacks                        | none |
| KASH  | 34E7  | Kashdan                            | none |
| USSB  | 34E8  | Sonneborn-Berger (US Chess)        | F: opponents' final instead of adjusted scores |
| OPPC  | 34E9  | Cumulative scores of opposition    | none |

The preset `uschess` is the rule book's default order (34E): Modified Median, Solkoff,
Cumulative, Cumulative of Opposition.

Unplayed games (byes, forfeits, rounds missed after withdrawing) follow 34E1, the opposite of
FIDE art. 16: an opponent's unplayed games count 1/2 each in what the opponent contributes, and a
player's own unplayed games count as opponents scored 0. See `adjusted`.
"""

from __future__ import annotations

from rulesengine.tiebreak import TiebreakPreset, TiebreakRule

from rulesengine_uschess.tiebreaks.cumulative import (cumulative, explain_cumulative, explain_opposition_cumulative,
                                                      opposition_cumulative)
from rulesengine_uschess.tiebreaks.games import (explain_kashdan, explain_most_blacks,
                                                 explain_result_between_tied_players, kashdan, most_blacks,
                                                 result_between_tied_players)
from rulesengine_uschess.tiebreaks.opposition import (opponent_contributions, sb_contributions, make_compute,
                                                      make_explain, median_drops, modified_median_drops, no_drops)



def _opposition_rule(code: str, name: str, article: str, contributions, drops, description: str,
                     modifiers: str = "") -> TiebreakRule:
    """A rule that sums per-opponent contributions after dropping some, with its breakdown."""
    return TiebreakRule(code, name, article, make_compute(contributions, drops), frozenset(modifiers),
                        explain=make_explain(contributions, drops), description=description)


RULES = (
    _opposition_rule("MM", "Modified Median", "US Chess rule 34E1", opponent_contributions, modified_median_drops,
                     "opponents' adjusted scores; plus score drops the lowest, minus score the highest, "
                     "even score both; two each from nine rounds"),
    _opposition_rule("SOLK", "Solkoff", "US Chess rule 34E2", opponent_contributions, no_drops,
                     "sum of the opponents' adjusted scores"),
    TiebreakRule("CUM", "Cumulative", "US Chess rule 34E3", cumulative, explain=explain_cumulative,
                 description="sum of the running scores, less the points of unplayed games"),
    _opposition_rule("MED", "Median (Harkness)", "US Chess rule 34E4", opponent_contributions, median_drops,
                     "opponents' adjusted scores without the highest and the lowest", modifiers="M"),
    TiebreakRule("RBT", "Result between tied players", "US Chess rule 34E5", result_between_tied_players,
                 explain=explain_result_between_tied_players, description="wins less losses in games among the players still tied"),
    TiebreakRule("BLK", "Most blacks", "US Chess rule 34E6", most_blacks, explain=explain_most_blacks,
                 description="number of games played with Black"),
    TiebreakRule("KASH", "Kashdan", "US Chess rule 34E7", kashdan, explain=explain_kashdan,
                 description="4 per win, 2 per draw, 1 per loss, 0 per unplayed game"),
    _opposition_rule("USSB", "Sonneborn-Berger (US Chess)", "US Chess rule 34E8", sb_contributions, no_drops,
                     "adjusted scores of opponents beaten plus half those of opponents drawn", modifiers="F"),
    TiebreakRule("OPPC", "Cumulative scores of opposition", "US Chess rule 34E9", opposition_cumulative,
                 explain=explain_opposition_cumulative,
                 description="sum of the opponents' cumulative tie-breaks"),
)

PRESETS = (
    TiebreakPreset("uschess", ("MM", "SOLK", "CUM", "OPPC"),
                   "US Chess default order (rule 34E): Modified Median, Solkoff, Cumulative, "
                   "Cumulative of Opposition"),
)
