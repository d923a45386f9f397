"""Test the plugin in-process: register it beside the built-ins, nothing to install."""

from rulesengine import api
from rulesengine.plugins import TiebreakContext, parse_spec
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text

import rulesengine_quality_wins as plugin

# Round 1: 1 beats 2, 3 beats 4; round 2: 1 beats 3, 2 beats 4; round 3: 1 beats 4, 3 beats 2.
# Final scores 3, 1, 2, 0: only player 3 finished above 50 % (1.5 of 3).
EVENT = tournament_from_text(4, ["1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 1-0", "1-4 1-0, 3-2 1-0"])


def test_the_rule_on_its_own():
    assert plugin.quality_wins(parse_spec("QW"), TiebreakContext(EVENT)).values == {1: 1, 2: 0, 3: 0, 4: 0}


def test_the_plugin_registers_cleanly():
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("quality_wins", plugin)])
    assert not registry.infos["quality_wins"].broken  # a bad record or a misspelled hook would say why here
    assert registry.tiebreak("QW").article == "Example Federation rule 7.3"


def test_the_tiebreak_in_standings():
    registry = build_registry({"RULESENGINE_PLUGINS": "builtin"}, extra_plugins=[("quality_wins", plugin)])
    run = api.standings(EVENT, ["QW", "BH"], registry)
    assert [(row.start_rank, row.tiebreaks["QW"]) for row in run.standings.rows] == [(1, 1), (3, 0), (2, 0), (4, 0)]
