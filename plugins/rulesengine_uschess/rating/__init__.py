"""US Chess rating system (Glickman-Doan)."""

SYSTEMS: list = []
