"""The output contracts (docs/contracts.md), each written in one place: what every front end
(the CLI, batch, audit, the workbook) prints or saves.

- `json_text`: the JSON layout of every `--format json` (one key per line, one record per line)
  and its one-line form (batch's files).
- `number_text`: the JSON text of a number (exact halves and quarters, floats to 6 decimals).
- `csv_text`: CSV for spreadsheets, with formula-like cells neutralised.
- `standings`: the document of `standings --format json`, its CSV and table cells.
- `ratings`: the document of `rate --format json`, its CSV and table cells.

Each contract has a plain definition (a dict the encoder writes) beside the fast text written
from templates; tests hold the two to the same text (tests/output, tests/ratings/test_rate_json_text.py).
"""
