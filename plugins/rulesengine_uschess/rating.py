"""US Chess rating system (Glickman-Doan). Filled in by the US Chess work (issue 4)."""

SYSTEMS: list = []
