"""US Chess tie-breaks (rule 34E). Filled in by the US Chess work (issue 4)."""

RULES: list = []
PRESETS: list = []
