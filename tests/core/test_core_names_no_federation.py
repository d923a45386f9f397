"""The core knows no federation (issue 9): no FIDE or US Chess rule constant, option or rule-set
name in `rulesengine/`. Those belong to the plugins that declare them (`TiebreakRule.rule_sets`
and `options`, `RatingSystem.rule_sets`), and front ends learn them from the registry.
"""

from __future__ import annotations

import re
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "rulesengine"

FORBIDDEN = (
    (re.compile(r"\bFIDE_[A-Z0-9_]+\b"), "a FIDE constant"),
    (re.compile(r"\b(?:USCF|US_?CHESS)_[A-Z0-9_]+\b"), "a US Chess constant"),
    (re.compile(r"\b(?:fide|uschess|uscf)-(?:19|20)\d\d\b", re.IGNORECASE), "a dated rule-set name"),
    (re.compile(r"\bfide_rules\b"), "the FIDE plugin's option name"),
)


def test_the_core_names_no_federation_s_rule_constant():
    found = []
    for path in sorted(CORE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for pattern, what in FORBIDDEN:
                for match in pattern.finditer(line):
                    found.append(f"{path.relative_to(CORE.parent)}:{number}: {what}: {match.group(0)}")
    assert not found, "\n".join(found)


def test_the_check_would_catch_one():
    """The patterns match what they are meant to (a check that cannot fail checks nothing)."""
    samples = ["FIDE_RULES_OPTION = 1", "USCF_K = 3", "default 'fide-2024'", "options['fide_rules']"]
    assert all(any(p.search(s) for p, _ in FORBIDDEN) for s in samples)
    assert not any(p.search("player_id issued by FIDE") for p, _ in FORBIDDEN)
