"""`pair --explain` for a team Swiss: the teams' states, then the PAB and each bracket with the
criteria that chose it (C.04.6 art. 3.4-3.6), then the colours with the art. 4.3 rule applied."""

from __future__ import annotations

from rulesengine.numbers import to_text
from rulesengine.team import TeamTournament

from rulesengine_fide.team_pairing.round import TeamRoundPairing


def explain_round(event: TeamTournament, result: TeamRoundPairing) -> str:
    states, rules = result.states, result.rules
    lines = [f"Round {result.round}: FIDE Swiss Team Pairing System C.04.6, colour model {rules.colour_model}, "
             f"primary score {rules.primary}"
             + ("" if rules.secondary_used else " (secondary score not used, art. 1.2.1)")]
    if rules.initial_colour is None:
        lines.append("initial colour (art. 4.1, record 152) not recorded: White assumed")
    lines += ["", "Team  Score  Pairing score  Played  Colours  Float  PAB allowed"]
    paired = {t for b in result.boards for t in (b.white, b.black)} | ({result.pab} if result.pab else set())
    for number in sorted(paired):
        s = states[number]
        lines.append(f"{number:>4}  {to_text(s.score):>5}  {to_text(s.pairing_score):>13}  {s.played:>6}  "
                     f"{(s.colours.upper() or '-'):<7}  {(s.float or '-'):<5}  {'yes' if s.may_get_pab else 'no (2.1.2)'}")
    for team, kind in result.absent:
        lines.append(f"{team:>4}  not paired: {kind}")
    lines.append("")
    if result.pab is not None:
        lines.append(f"PAB (art. 3.4): team {result.pab}: the lowest score, the most matches played, the largest "
                     f"TPN among the teams [C2] allows that leave the others pairable")
    for bracket in result.brackets:
        score = to_text(states[bracket.residents[0]].pairing_score)
        ups = ", ".join(map(str, bracket.upfloaters)) or "none"
        c = bracket.criteria
        lines.append(f"Bracket {score}: residents {', '.join(map(str, bracket.residents))}; upfloaters {ups} "
                     f"([C4] {c.get('C4', 0)}, [C6] {'met' if bracket.c6 else 'not met'}, [C7] {bracket.c7}); "
                     f"pairs {', '.join(f'{a}-{b}' for a, b in bracket.pairs)} "
                     f"([C8] {c.get('C8', 0)}, [C9] {c.get('C9', 0)}, [C10] {c.get('C10', 0)})")
    lines.append("")
    for i, board in enumerate(result.boards, start=1):
        lines.append(f"Board {i}: {board.white} - {board.black}  (colours by art. {board.rule})")
    return "\n".join(lines) + "\n"
