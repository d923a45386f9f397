"""What the FIDE plugin tells an audit of a team event (issue 22 item 5): how chess-results'
numbers name C.07's team tie-breaks, and the other readings a publisher may have used.

chess-results' numbers (its table Tie-Breaks.xlsx, as Sharly Chess keeps it; parameters after
the number in `tbN_detail`): 13 match points 2/1/0, 40 match points 3/1/0, 44 match points
(variable), 1 game points; 84 "Buchholz Tie-Break Variable (2023)" (type 0 = GP, 1 = MP; strongest
and weakest results cut; P; Fore); 82 ESB (type 0..3 = EMMSB, EMGSB, EGMSB, EGGSB; cuts; P);
83 EDE (GP or MP; P); 78 BC; 89 TBR; 90 BBE; 91 SSSC (GP or MP; P); 86 PS and 87 KS (type 0 = GP,
1 = MP); 77 AOB. Without parameters (Swiss-Manager's team uploads leave `tbN_detail` empty) a code
reads on the event's primary score, as a record 202 spec without `:MP`/`:GP` does.

Readings of BH (C.07 art. 13 with 8.1 and 16):

* Swiss-Manager's TB84 reading: an opponent's team PAB counted as a drawn match (the 2009 text's
  "unplayed games of opponents count as draws", met on chess-results' reference team upload of
  2025: every team whose opponents had a PAB is one draw short per PAB, the team's own PAB round
  counting its own full score); C.07 art. 16.3 (2024 text, and March 2026) counts what an
  opponent contributes at face value, its PAB's match points included.
* The other dated text: the March 2026 caps of art. 16.4 applied, or not, on the other side of
  1 March 2026.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

from rulesengine.numbers import to_text
from rulesengine.plugins import Explained, TeamReading, TiebreakLegend
from rulesengine.team import MatchKind, TeamTournament
from rulesengine.team_tiebreak import TeamTiebreakContext
from rulesengine_fide.tiebreaks.team_codes import AMENDMENTS_2026, parse_team_spec

TB84 = "Swiss-Manager TB84 reading (opponent's PAB as a drawn match)"
_ART_16_3 = "FIDE C.07 art. 16.3 (since 1 September 2023, unchanged in March 2026): an opponent's score counts at face value, its team PAB included"


def _legend(number: int, parameters: str, spec: str) -> TiebreakLegend:
    """chess-results' `number` whose detail starts with `parameters` ("1,0,1"; `-` also matches
    0 or empty), every later parameter `-`, empty or 0."""
    given = parameters.split(",") if parameters else []
    lead = ",".join("(?:-|0)?" if p == "-" else re.escape(p) for p in given)
    rest = r"(?:,(?:-|0|)?)*" if given else r"(?:-|0|)?(?:,(?:-|0|)?)*"
    return TiebreakLegend(rf"^chess-results tie-break {number} \({lead}{rest}\)$", spec,
                          f"chess-results team tie-break {number} ({parameters or 'no parameters'})")


def _buchholz_legends() -> list[TiebreakLegend]:
    """84: type (0 GP, 1 MP, none: the primary score), strongest cut, weakest cut, P, Fore."""
    found = []
    for type_code, reference in (("1", ":MP"), ("0", ":GP")):
        for strongest, weakest, modifier in (("1", "1", "/M1"), ("2", "2", "/M2"), ("0", "1", "/C1"),
                                             ("0", "2", "/C2"), ("0", "0", "")):
            for played, p in (("P", "/P"), ("-", "")):
                for fore, code in (("F", "FB"), ("-", "BH")):
                    found.append(_legend(84, f"{type_code},{strongest},{weakest},{played},{fore}",
                                         f"{code}{reference}{modifier}{p}"))
    return found + [_legend(84, "", "BH")]


def _esb_legends() -> list[TiebreakLegend]:
    """82: type 0..3 = EMMSB, EMGSB, EGMSB, EGGSB; strongest cut (0), weakest cut (0 or 1: /C1); P."""
    found = []
    for type_code, code in enumerate(("EMMSB", "EMGSB", "EGMSB", "EGGSB")):
        for weakest, cut in (("1", "/C1"), ("0", "")):
            for played, p in (("P", "/P"), ("-", "")):
                found.append(_legend(82, f"{type_code},0,{weakest},{played}", f"{code}{cut}{p}"))
    return found


TEAM_LEGENDS = tuple(
    [_legend(13, "", "MPTS"), _legend(40, "", "MPTS"), _legend(44, "", "MPTS"), _legend(1, "", "GPTS")]
    + _buchholz_legends() + _esb_legends()
    + [_legend(83, f"{ref},{played}", f"EDE{':GP' if ref == 'GP' else ''}{'/P' if played == 'P' else ''}")
       for ref in ("MP", "GP") for played in ("P", "-")] + [_legend(83, "", "EDE")]
    + [_legend(91, f"{ref},{played}", f"SSSC{'/P' if played == 'P' else ''}") for ref in ("MP", "GP")
       for played in ("P", "-")] + [_legend(91, "", "SSSC")]
    + [_legend(86, f"{t},0", f"PS{ref}") for t, ref in (("1", ":MP"), ("0", ":GP"))] + [_legend(86, "", "PS")]
    + [_legend(87, f"{t},50", f"KS{ref}") for t, ref in (("1", ":MP"), ("0", ":GP"))] + [_legend(87, "", "KS")]
    + [_legend(78, "", "BC"), _legend(89, "", "TBR"), _legend(90, "", "BBE"), _legend(77, "-", "AOB")]
    # a team TRF's record 310 (TRF-2026): the totals C.07 art. 11 defines
    + [TiebreakLegend(r"^TRF-2026 record 310 match points", "MPTS", "record 310 match points (C.07 art. 11)"),
       TiebreakLegend(r"^TRF-2026 record 310 game points", "GPTS", "record 310 game points (C.07 art. 11)")])


def team_readings(spec: str, rules_date: date | None) -> list[TeamReading]:
    """The readings of a team BH (C.07 art. 13 with 8.1 and 16): Swiss-Manager's TB84, the other text."""
    try:
        code = parse_team_spec(spec)[0]
    except ValueError:
        return []
    if code != "BH":
        return []
    readings = [TeamReading(TB84, _pab_as_drawn, _explain_tb84)]
    if rules_date is not None:
        other = AMENDMENTS_2026 - timedelta(days=1) if rules_date >= AMENDMENTS_2026 else AMENDMENTS_2026
        readings.append(TeamReading(f"C.07 text in force on {other.isoformat()}", _on(other),
                                    _explain_other_text(rules_date, other)))
    return readings


def _pab_as_drawn(spec: str, context: TeamTiebreakContext) -> dict[int, Fraction]:
    """BH with each team contributing its PAB rounds as drawn matches (Swiss-Manager's TB84);
    the team's own rounds, its own PAB's dummy included, as C.07 art. 16 counts them."""
    from rulesengine_fide.tiebreaks import team_opposition
    from rulesengine_fide.tiebreaks.team_table import team_table

    event = context.event
    code, reference, mods = parse_team_spec(spec)
    ref = reference or event.primary
    rules_2026 = context.rules_date is not None and context.rules_date >= AMENDMENTS_2026
    table = team_table(event, event.is_round_robin, rules_2026)
    draw_mp, draw_gp = table.draw("MP"), table.draw("GP")   # in the table's units
    # A fresh table (its caches empty): the drawn rows must not read the real table's derived values.
    drawn = team_table(event, event.is_round_robin, rules_2026)
    drawn.rows = {team.number: [row._replace(mp=draw_mp, gp=draw_gp)
                                if r.kind is MatchKind.PAIRING_ALLOCATED_BYE else row
                                for r, row in zip(team.rounds, table.rows[team.number])]
                  for team in event.teams}
    cut = int(mods.get("C") or (1 if "C" in mods else 0))
    median = int(mods.get("M") or (1 if "M" in mods else 0))
    return team_opposition.opposition(table, ref, None, cut_low=cut + median, cut_high=median,
                                      played_all="P" in mods, contributed=team_opposition.adjusted(drawn, ref))


def _explain_tb84(event: TeamTournament, team: int, spec: str) -> Explained:
    pabs = []
    for r in event.team(team).rounds:
        if r.opponent is None:
            continue
        opponent = event.team(r.opponent)
        pabs += [f"team {opponent.number} (round {o.round})" for o in opponent.rounds
                 if o.kind is MatchKind.PAIRING_ALLOCATED_BYE]
    reference = parse_team_spec(spec)[1] or event.primary
    pab_points = event.pab[0 if reference == "MP" else 1] if event.pab else None
    draw = event.team_points.draw if reference == "MP" else event.individual.scoring.draw * event.boards
    worth = f" ({to_text(draw)} {reference} instead of the PAB's {to_text(pab_points)})" if pab_points is not None else ""
    return Explained(f"published = {TB84}, C.07 art. 16 differs: the PAB of {', '.join(pabs)} counted as a drawn "
                     f"match{worth}", _ART_16_3)


def _on(day: date):
    def compute(spec: str, context: TeamTiebreakContext) -> dict:
        from rulesengine_fide.tiebreaks.team_rules import compute_in_context
        return compute_in_context(spec, replace(context, rules_date=day))
    return compute


def _explain_other_text(in_force: date, used: date):
    def explain(event: TeamTournament, team: int, spec: str) -> Explained:
        if in_force >= AMENDMENTS_2026:
            return Explained("the published value leaves the dummy opponents of the team's unplayed rounds uncapped, "
                             "as the 2024 text did; art. 16.4 as amended March 2026 caps them",
                             "FIDE C.07 art. 16.4 (March 2026)")
        return Explained("the published value caps the dummy opponents of the team's unplayed rounds as art. 16.4 "
                         "does only from 1 March 2026; on the event's date the 2024 text applied",
                         "FIDE C.07 art. 16.4 (2024 text)")
    return explain
