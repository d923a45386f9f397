"""What the FIDE plugin tells an audit: the C.07 text in force on a date and the other readings a
publisher may have used (hook `rulesengine_audit_explainers`).

The three texts of art. 16 (see `tiebreaks.rulesets`) differ only in how unplayed rounds count:

* 1 March 2026 on: the dummy opponent of art. 16.4 is capped (16.4.1 forfeits at the scheduled
  opponent's adjusted score, 16.4.2 rounds without an opponent at draw points x rounds).
* 1 September 2023 to 28 February 2026: the dummy opponent scores the player's own final score.
* Until 31 August 2023: the virtual opponent of the 2009 text; programs that still compute it
  after that date run a legacy variant.

A published value reproduced by another text is explained by the article that changed between
the two, in words, with the figures of the player concerned.
"""

from __future__ import annotations

from datetime import date
from functools import partial

from rulesengine.model import EntryKind, Tournament
from rulesengine.numbers import to_text
from rulesengine.plugins import AuditExplainer, Explained, Reading
from rulesengine.tiebreak import TiebreakSpec
from rulesengine_fide.tiebreaks.rulesets import RULES_OPTION
from rulesengine_fide.tiebreaks.rulesets import RuleSet, rule_set_for_date

# Tie-breaks whose value depends on the art. 16 text (opponents' scores, dummy opponents).
UNPLAYED_SENSITIVE = frozenset({"BH", "FB", "AOB", "SB", "ARO", "APRO", "APPO", "ABH", "AFB"})
COVERED = UNPLAYED_SENSITIVE | frozenset({"PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "GE", "STD", "TPN",
                                          "KS", "TPR", "PTP", "RTNG", "VUR", "NUM"})

_FORFEITS = (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT)


def edition(day: date | None) -> str:
    """The C.07 text in force on the event's date (the newest text when the date is unknown)."""
    return rule_set_for_date(day).value


def readings(spec: TiebreakSpec, in_force: str) -> list[Reading]:
    """The other texts of art. 16, for the tie-breaks that depend on them."""
    if spec.code not in UNPLAYED_SENSITIVE or spec.modifier("V") is not None:
        return []
    current = RuleSet(in_force)
    return [Reading(other.value, {RULES_OPTION: other.value}, partial(_explain, current, other))
            for other in RuleSet if other is not current]


def _explain(in_force: RuleSet, used: RuleSet, tournament: Tournament, start_no: int, spec: TiebreakSpec) -> Explained:
    unplayed = [e for e in tournament.entries(start_no) if not e.played]
    if used.virtual_opponent:
        return Explained("legacy program variant: the virtual opponent of the 2009 text (each unplayed round a draw "
                         "for opponents, a virtual opponent for the player's own), replaced by the dummy opponent of "
                         "art. 16 from 1 September 2023",
                         "FIDE C.07 art. 16 (in force since 1 September 2023)")
    if in_force.virtual_opponent:
        return Explained(f"the published value uses the dummy opponent of art. 16.4 ({used.value} text), which "
                         f"replaced the virtual opponent only from 1 September 2023; on the event's date the 2009 "
                         f"text applied", "FIDE C.07 art. 16 (2009 text: virtual opponent)")
    rounds = [e.round for e in unplayed]
    byes = [e for e in unplayed if e.kind not in _FORFEITS]
    forfeits = [e for e in unplayed if e.kind in _FORFEITS]
    cap = tournament.scoring.draw * tournament.rounds
    where = f" (round{'s' if len(rounds) != 1 else ''} {', '.join(map(str, rounds))})" if rounds else \
        " (an opponent's unplayed round)"
    if in_force.caps_dummy:
        # Published uncapped (2024 text) where the March 2026 text caps the dummy opponent.
        parts = []
        if byes:
            parts.append(f"art. 16.4.2 as amended March 2026: dummy opponent capped at {to_text(cap)}")
        if forfeits:
            parts.append("art. 16.4.1 as amended March 2026: dummy opponent capped at the scheduled opponent's "
                         "adjusted score")
        if not parts:
            parts.append("art. 16.4 as amended March 2026: dummy opponents capped")
        article = "FIDE C.07 art. 16.4.2 (March 2026)" if byes else "FIDE C.07 art. 16.4.1 (March 2026)" if forfeits \
            else "FIDE C.07 art. 16.4 (March 2026)"
        return Explained("; ".join(parts) + f"{where}; the published value leaves the dummy uncapped, as the "
                                            f"2024 text did", article)
    # In force: the 2024 text; published with the March 2026 caps, not yet in force.
    return Explained(f"the published value caps the dummy opponent{where} as art. 16.4 does only from 1 March 2026 "
                     f"(at {to_text(cap)} for a round without opponent); on the event's date the dummy scored the "
                     f"player's own final score, uncapped", "FIDE C.07 art. 16.4 (September 2023 text)")


def _team_readings(spec: str, rules_date: date | None):
    from rulesengine_fide.team_audit import team_readings   # the team tie-break modules only for team events
    return team_readings(spec, rules_date)


def _team_legends():
    from rulesengine_fide.team_audit import TEAM_LEGENDS
    return TEAM_LEGENDS


EXPLAINER = AuditExplainer("fide", COVERED, edition, readings, _team_legends(), _team_readings)
