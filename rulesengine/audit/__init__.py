"""Audits of published results: every printed tie-break value and rank checked against the rules
in force on the event's date, each difference explained by the reading that reproduces it."""
