"""JSON on stdout as every command writes it (`json_text`), in a module of its own: `plugins`
writes JSON without importing the registry, which `rulesengine.cli.common` imports."""

from __future__ import annotations

import json
import sys
from typing import Any


# One encoder for every item: `json.dumps` with arguments builds a new one per call.
#: Compact JSON with Unicode kept (names stay readable): what each item of `json_text` is.
JSON_ENCODER = json.JSONEncoder(ensure_ascii=False)


def json_text(data: Any) -> str:
    """Readable JSON for a person and a program alike: a top-level object has one key per line,
    and each item of a list of records (a standings row, a player, a plugin) is one line.

    The JSON value is the contract, not the whitespace. `indent=2` runs Python's pure encoder
    (every value of every row on its own line: 3.5 MB and 0.33 s for 10,000 players); the
    items here go through the C encoder (0.08 s), and a row stays one line a TD can read.
    """
    encode = JSON_ENCODER.encode
    if isinstance(data, list):
        return _json_list(data, encode, "") + "\n"
    if not isinstance(data, dict):
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    lines = [f"  {encode(str(key))}: {_json_list(value, encode, '  ') if isinstance(value, list) else encode(value)}"
             for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n" if lines else "{}\n"


def _json_list(items: list, encode, indent: str) -> str:
    if not any(isinstance(item, (dict, list)) for item in items):
        return encode(items)   # names, codes, numbers: one line
    inner = indent + "  "
    return "[\n" + inner + f",\n{inner}".join(map(encode, items)) + "\n" + indent + "]"


def json_text_with_items(data: dict, key: str, items: list[str]) -> str:
    """`json_text(data)` with `items` (each one record's JSON, on one line) as the list under
    `key`, whose value in `data` is an empty list: for commands that write their records' JSON
    straight from templates (standings, rate)."""
    head = json_text(data)
    if not items:
        return head
    # Each value of a top-level key is one line of JSON (strings escape their line breaks), so
    # this line can only be the key's own.
    empty = f"\n  {JSON_ENCODER.encode(key)}: [],\n"
    return head.replace(empty, f"\n  {JSON_ENCODER.encode(key)}: [\n    " + ",\n    ".join(items) + "\n  ],\n", 1)


def print_json(data: Any) -> None:
    sys.stdout.write(json_text(data))
