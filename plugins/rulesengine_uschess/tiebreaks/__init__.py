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

from rulesengine.plugins import lazy
from rulesengine.tiebreak import TiebreakPreset, TiebreakRule

# The arithmetic modules are imported when a rule is first computed or explained: loading the
# plugin (every command does, to know every code) then costs little.
_PACKAGE = "rulesengine_uschess.tiebreaks."


def _cumulative(name: str):
    return lazy(_PACKAGE + "cumulative", name)


def _games(name: str):
    return lazy(_PACKAGE + "games", name)


def _opposition(maker: str, contributions: str, drops: str):
    """`opposition.make_compute` or `make_explain` of the named contributions and drops, built on
    the first call."""
    built = []

    def call(*args):
        if not built:
            from rulesengine_uschess.tiebreaks import opposition  # noqa: PLC0415 (on first use)
            built.append(getattr(opposition, maker)(getattr(opposition, contributions), getattr(opposition, drops)))
        return built[0](*args)
    return call


def _opposition_rule(code: str, name: str, article: str, contributions: str, drops: str, description: str,
                     modifiers: str = "") -> TiebreakRule:
    """A rule that sums per-opponent contributions after dropping some, with its breakdown."""
    return TiebreakRule(code, name, article, _opposition("make_compute", contributions, drops),
                        frozenset(modifiers), explain=_opposition("make_explain", contributions, drops),
                        description=description)


RULES = (
    _opposition_rule("MM", "Modified Median", "US Chess rule 34E1", "opponent_contributions",
                     "modified_median_drops", "opponents' adjusted scores; plus score drops the lowest, minus "
                     "score the highest, even score both; two each from nine rounds"),
    _opposition_rule("SOLK", "Solkoff", "US Chess rule 34E2", "opponent_contributions", "no_drops",
                     "sum of the opponents' adjusted scores"),
    TiebreakRule("CUM", "Cumulative", "US Chess rule 34E3", _cumulative("cumulative"),
                 explain=_cumulative("explain_cumulative"),
                 description="sum of the running scores, less the points of unplayed games"),
    _opposition_rule("MED", "Median (Harkness)", "US Chess rule 34E4", "opponent_contributions", "median_drops",
                     "opponents' adjusted scores without the highest and the lowest", modifiers="M"),
    TiebreakRule("RBT", "Result between tied players", "US Chess rule 34E5", _games("result_between_tied_players"),
                 explain=_games("explain_result_between_tied_players"),
                 description="wins less losses in games among the players still tied"),
    TiebreakRule("BLK", "Most blacks", "US Chess rule 34E6", _games("most_blacks"),
                 explain=_games("explain_most_blacks"), description="number of games played with Black"),
    TiebreakRule("KASH", "Kashdan", "US Chess rule 34E7", _games("kashdan"), explain=_games("explain_kashdan"),
                 description="4 per win, 2 per draw, 1 per loss, 0 per unplayed game"),
    _opposition_rule("USSB", "Sonneborn-Berger (US Chess)", "US Chess rule 34E8", "sb_contributions", "no_drops",
                     "adjusted scores of opponents beaten plus half those of opponents drawn", modifiers="F"),
    TiebreakRule("OPPC", "Cumulative scores of opposition", "US Chess rule 34E9", _cumulative("opposition_cumulative"),
                 explain=_cumulative("explain_opposition_cumulative"),
                 description="sum of the opponents' cumulative tie-breaks"),
)

PRESETS = (
    TiebreakPreset("uschess", ("MM", "SOLK", "CUM", "OPPC"),
                   "US Chess default order (rule 34E): Modified Median, Solkoff, Cumulative, "
                   "Cumulative of Opposition"),
)
