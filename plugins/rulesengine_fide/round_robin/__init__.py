"""Round robins by the FIDE Berger tables (C.05 Annex 1) with the drawing of pairing numbers
(by lot, or restricted by the Varma tables, C.05 Annex 2).

`berger` the tables themselves (pure arithmetic on table numbers), `varma` the restricted drawing,
`numbers` which table number each player holds (a drawn record, the start ranks, or found from
the games played), `check` every recorded round against the table, `system` the `PairingSystem`
record, `team` the Berger round of a team event.
"""
