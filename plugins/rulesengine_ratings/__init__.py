"""Built-in generic rating systems: logistic Elo, Glicko, Glicko-2 (not tied to a federation)."""
