"""FIDE tie-breaks (C.07 Play-Off and Tie-Break Regulations, 2023 text as amended March 2026).

Each tie-break is a pure function of (spec, context); this module only registers them with
their official code, article, the modifiers the article allows and the explanation function.
Every rule declares the C.07 texts a user may force (``rulesets.RULE_SET_NAMES``), says which one
a computation followed (``rulesets.rule_set_in_force``) and declares the options it reads from
``context.options``: ``fide_rules`` (``fide-2026`` | ``fide-2024`` | ``fide-2017-virtual-opponent``)
and ``pairing_kind`` (``round robin`` | ``swiss``).

The arithmetic modules are imported when a rule is first computed (``lazy``), so loading the
plugin (every command does) costs little.
"""

from __future__ import annotations

from rulesengine.errors import UsageError
from rulesengine.plugins import lazy
from rulesengine.tiebreak import TiebreakRule, TiebreakSpec
from rulesengine_fide.tiebreaks.legends import LEGENDS
from rulesengine_fide.tiebreaks.rulesets import (OPTIONS, PAIRING_KIND_OPTION, RULE_SET_NAMES, RULES_OPTION, RuleSet,
                                                 check_version, rule_set_in_force)

_PACKAGE = "rulesengine_fide.tiebreaks."


def _checks(*, cut: bool = False, median: bool = False, article: str = ""):
    def check(spec: TiebreakSpec) -> None:
        if cut or median:
            from rulesengine_fide.tiebreaks.modifiers import check_cut_median  # noqa: PLC0415 (lazy)
            check_cut_median(spec, article, median=median)
        check_version(spec)
        rating = spec.modifier("U")
        if rating is not None and not rating.isdigit():
            raise UsageError(f"tie-break {spec}: /U needs the rating given to unrated players, e.g. /U1400")
        limit = spec.modifier("L")
        if limit is not None and not limit:
            raise UsageError(f"tie-break {spec}: /L needs a limit: a percentage (L40) or half-points (L+1, L-1) "
                             f"(FIDE C.07 art. 14.5)")
    return check


def _function(path: str | None):
    """"buchholz.buchholz" -> that function of this package, imported on first call."""
    if path is None:
        return None
    module, name = path.split(".")
    return lazy(_PACKAGE + module, name)


def _rule(code, name, article, compute, modifiers="", explain=None, higher_is_better=True, cut=False,
          median=False, description=""):
    return TiebreakRule(code, name, f"FIDE C.07 art. {article}", _function(compute), frozenset(modifiers),
                        higher_is_better, _function(explain),
                        _checks(cut=cut, median=median, article=f"FIDE C.07 art. {article}"), description,
                        rule_sets=RULE_SET_NAMES, options=OPTIONS, rule_set_in_force=rule_set_in_force)


RULES = (
    _rule("PTS", "Points", "5", "counts.points"),
    _rule("DE", "Direct encounter", "6", "direct_encounter.direct_encounter", "P",
          "direct_encounter.explain_direct_encounter", higher_is_better=False,
          description="place within the group still tied (0: not separated); /P counts forfeits"),
    _rule("WIN", "Number of wins (incl. unplayed wins)", "7.1", "counts.wins"),
    _rule("WON", "Games won over the board", "7.2", "counts.games_won", "V"),
    _rule("BPG", "Games played with Black", "7.3", "counts.black_games", "V"),
    _rule("BWG", "Games won with Black", "7.4", "counts.black_wins", "V"),
    _rule("PS", "Progressive score", "7.5", "counts.progressive", "CM", "counts.explain_progressive", cut=True),
    _rule("REP", "Rounds elected to play", "7.6", "counts.rounds_elected_to_play"),
    _rule("GE", "Rounds elected to play (former name of REP)", "7.6", "counts.rounds_elected_to_play"),
    _rule("STD", "Standard points", "7.7", "counts.standard_points"),
    _rule("TPN", "Tournament pairing number", "7.8", "counts.pairing_number", "R", higher_is_better=False,
          description="/R: reverse order (highest pairing number first)"),
    _rule("BH", "Buchholz", "8.1", "buchholz.buchholz", "CMPV", "buchholz.explain_buchholz", cut=True, median=True),
    _rule("AOB", "Average of opponents' Buchholz", "8.2", "buchholz.average_of_opponents_buchholz", "FPV",
          "buchholz.explain_average_of_buchholz", description="exact mean; /F averages Fore Buchholz"),
    _rule("FB", "Fore Buchholz", "8.3", "buchholz.fore_buchholz", "CMPV", "buchholz.explain_buchholz", cut=True,
          median=True),
    _rule("SB", "Sonneborn-Berger", "9.1", "sonneborn.sonneborn_berger", "CMPV", "sonneborn.explain_sonneborn_berger",
          cut=True),
    _rule("KS", "Koya system", "9.2", "counts.koya", "L", "counts.explain_koya"),
    _rule("ARO", "Average rating of opponents", "10.1", "rating_based.average_rating_of_opponents", "CMUV",
          "rating_based.explain_average_rating", cut=True, median=True),
    _rule("TPR", "Tournament performance rating", "10.2", "rating_based.tournament_performance", "U",
          "rating_based.explain_average_rating"),
    _rule("PTP", "Perfect tournament performance", "10.3", "rating_based.perfect_tournament_performance", "U",
          "rating_based.explain_average_rating"),
    _rule("APRO", "Average performance rating of opponents", "10.4",
          "rating_based.average_performance_of_opponents", "U"),
    _rule("APPO", "Average perfect performance of opponents", "10.5",
          "rating_based.average_perfect_performance_of_opponents", "U"),
    _rule("RTNG", "Rating", "10.6", "rating_based.rating", "RU", description="/R: reverse order (lowest first)"),
    # Helpers (TieBreakServer's codes), useful to check art. 16 by hand; not FIDE tie-breaks.
    _rule("VUR", "Voluntarily unplayed rounds (helper)", "16.2", "counts.voluntarily_unplayed"),
    _rule("NUM", "Games played over the board (helper)", "16.2", "counts.games_played"),
    _rule("ABH", "Adjusted score contributed to opponents' Buchholz (helper)", "16.3", "buchholz.adjusted_score", "V",
          "buchholz.explain_contributed"),
    _rule("AFB", "Adjusted score contributed to opponents' Fore Buchholz (helper)", "16.3",
          "buchholz.adjusted_fore_score", "V", "buchholz.explain_contributed"),
)

__all__ = ["LEGENDS", "OPTIONS", "RULES", "RULE_SET_NAMES", "RULES_OPTION", "PAIRING_KIND_OPTION", "RuleSet"]
