"""VCL4THP Q170: a withdrawn player is marked in the standings. In TRF a withdrawal is a 001 line
that stops (entries up to round W-1, none from round W on) while later rounds are recorded for
others; the standings (text and JSON) name each such player in a note."""

from __future__ import annotations

import json

from rulesengine.cli import main

WITHDRAWN = """012 Withdrawal
001    1      Alpha, Anna                       2300                             2.0    1     3 w 1     2 b 1
001    2      Beta, Ben                         2250                             0.0    4     4 b 0     1 w 0
001    3      Gamma, Cai                        2200                             0.0    3     1 b 0
001    4      Delta, Dan                        2150                             2.0    2     2 w 1  0000 - U
001    5      Late, Lea                         2100
"""
NOTE = "player 3 (Gamma, Cai) withdrew: no entries from round 2 on; ranked with the rounds played"


def test_a_trf_withdrawal_is_named_in_the_standings_q170(tmp_path, capsys):
    path = tmp_path / "withdrawn.trf"
    path.write_text(WITHDRAWN, encoding="utf-8")
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "json"]) == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    # Gamma's line stops after round 1 while round 2 is recorded; Lea's line is empty: a late
    # entrant who never played, not a withdrawal.
    assert [n for n in notes if "withdrew" in n] == [NOTE]
    assert main(["standings", str(path), "--tiebreaks", "BH"]) == 0
    assert f"Note: {NOTE}" in capsys.readouterr().out


def _plain_withdrawal_notes(tournament) -> list[str]:
    """The definition read from the entries (`Player.rounds`), as the docstring states it."""
    recorded = max((e.round for p in tournament.players for e in p.rounds if e.opponent is not None), default=0)
    return [f"player {p.start_rank} ({p.name}) withdrew: no entries from round {len(p.rounds) + 1} on; ranked with "
            f"the rounds played" for p in tournament.players if 0 < len(p.rounds) < recorded]


def test_the_column_reading_equals_the_plain_definition_on_every_fixture(tmp_path):
    """`withdrawal_notes` reads the round columns (no entries built); the plain reading of the
    entries gives the same notes, on the example above, on it cut short and on every TRF fixture."""
    from fixture_data import all_trf_fixtures
    from rulesengine.formats.trf import read_trf
    from rulesengine.standings import withdrawal_notes
    path = tmp_path / "withdrawn.trf"
    path.write_text(WITHDRAWN, encoding="utf-8")
    # Round 2 cut from Alpha and Beta: only Delta's PAB is left in it, and a PAB has no opponent,
    # so round 2 is not "recorded for others" and nobody withdrew.
    cut = tmp_path / "cut.trf"
    cut.write_text(WITHDRAWN.replace("     3 w 1     2 b 1", "     3 w 1").replace("     4 b 0     1 w 0", "     4 b 0"),
                   encoding="utf-8")
    withdrawn = [withdrawal_notes(read_trf(p)) for p in (path, cut)]
    assert withdrawn == [[NOTE], []]
    for p in (path, cut, *all_trf_fixtures()):
        event = read_trf(p)
        assert withdrawal_notes(event) == _plain_withdrawal_notes(read_trf(p)), p.name
