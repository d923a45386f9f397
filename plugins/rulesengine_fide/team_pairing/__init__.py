"""The FIDE Swiss Team Pairing System, C.04.6 (approved 28/10/2025, applied from 1 February 2026).

`rules` reads the event's choices (colour model, scores, initial colour, acceleration), `state`
what each team brings to a round, `colours` art. 1.7 and art. 4, `brackets` art. 3.4-3.6 and the
criteria of art. 2, `round` the pairing process of art. 3.3.2, `check` and `explain` the front
ends' services; `system` is the core's `TeamPairingSystem` record.
"""
