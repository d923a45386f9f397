"""`rulesengine plugins` lists the team tie-breaks and team presets beside the individual ones
(issue 22), and listing them imports none of the team computing modules (they stay lazy)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from rulesengine.cli import main


def test_the_fide_plugin_lists_its_team_codes_and_presets(capsys, monkeypatch):
    monkeypatch.setenv("RULESENGINE_CACHE_DIR", "off")
    assert main(["plugins", "--format", "json"]) == 0
    fide = next(row for row in json.loads(capsys.readouterr().out) if row["name"] == "fide")
    assert {"MPTS", "GPTS", "MPVGP", "EMGSB", "BC", "TBR", "BBE", "SSSC", "EDE", "EDET", "EDEBB"} <= set(
        fide["team_tiebreaks"])
    assert fide["team_tiebreak_presets"] == ["olympiad", "fide_team"]
    assert "DE" in fide["tiebreaks"] and "MPTS" not in fide["tiebreaks"]   # the individual list unchanged
    assert main(["plugins"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^  team tie-breaks: MPTS, GPTS, MPVGP, ", text, re.MULTILINE)
    assert "  team tie-break presets: olympiad, fide_team\n" in text


def test_listing_imports_no_team_computing_module():
    env = dict(os.environ, RULESENGINE_CACHE_DIR="off")
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "rulesengine.cli", "plugins"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    modules = set(re.findall(r"^import time:\s*\d+ \|\s*\d+ \|\s*(\S+)$", run.stderr, re.MULTILINE))
    assert "rulesengine_fide.tiebreaks.team" in modules            # the records, registered
    assert not modules & {"rulesengine.team", "rulesengine_fide.tiebreaks.team_rules",
                          "rulesengine_fide.tiebreaks.team_table", "rulesengine_fide.tiebreaks.team_explain",
                          "rulesengine.board_prizes", "rulesengine.team_standings"}
