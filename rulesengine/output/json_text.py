"""JSON as every command writes it: `json_text` (one key per line, one record per line) for a
person and a program alike, and `one_line_json` for files a program reads (batch's outputs).

The JSON value is the contract, not the whitespace. Commands with many records (standings, rate)
write each record's text from a template (`compact_template`) and put the lines under their key
(`json_text_with_items`, `json_line_with_items`); the text is the same as the encoder's.
"""

from __future__ import annotations

import json
import math
from json.encoder import encode_basestring
from typing import Any, Iterable

# One encoder for every item: `json.dumps` with arguments builds a new one per call.
#: Compact JSON with Unicode kept (names stay readable): what each item of `json_text` is.
JSON_ENCODER = json.JSONEncoder(ensure_ascii=False)


def one_line_json(data: Any) -> str:
    """`json.dumps(data, ensure_ascii=False)`, byte for byte, without building a new encoder for
    every call as `dumps` does for any non-default argument (a tenth of a small file's JSON)."""
    return JSON_ENCODER.encode(data)


def json_text(data: Any) -> str:
    """Readable JSON for a person and a program alike: a top-level object has one key per line,
    and each item of a list of records (a standings row, a player, a plugin) is one line.

    `indent=2` runs Python's pure encoder (every value of every row on its own line: 3.5 MB and
    0.33 s for 10,000 players); the items here go through the C encoder (0.08 s), and a row
    stays one line a TD can read.
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
    `key`, whose value in `data` is an empty list."""
    head = json_text(data)
    if not items:
        return head
    # Each value of a top-level key is one line of JSON (strings escape their line breaks), so
    # this line can only be the key's own.
    empty = f"\n  {JSON_ENCODER.encode(key)}: [],\n"
    return head.replace(empty, f"\n  {JSON_ENCODER.encode(key)}: [\n    " + ",\n    ".join(items) + "\n  ],\n", 1)


def json_line_with_items(data: dict, key: str, items: list[str]) -> str:
    """`one_line_json(data)` with `items` (each one record's JSON) as the list under `key`, whose
    value in `data` is an empty list. `key` must come before any string value that could hold
    the text `"key": []`: in one line of JSON a string's quotes are escaped, so the first such
    text after the keys before it can only be the key's own."""
    head = JSON_ENCODER.encode(data)
    if not items:
        return head
    empty = f"{JSON_ENCODER.encode(key)}: []"
    return head.replace(empty, f"{JSON_ENCODER.encode(key)}: [" + ", ".join(items) + "]", 1)


def compact_template(keys: Iterable[str]) -> str:
    """`{"key": %s, ...}`: an object as the encoder writes it, each value's JSON text to be put in
    by `%` (the keys' own `%` escaped)."""
    return "{" + ", ".join(f"{JSON_ENCODER.encode(key).replace('%', '%%')}: %s" for key in keys) + "}"


def scalar_json(value: str | int | float | bool | None) -> str:
    """A str, int, float, bool or None as the encoder writes it (the common kinds without it)."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)   # what the encoder writes for a str (ensure_ascii=False), in C
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float and math.isfinite(value):
        return float.__repr__(value)
    return JSON_ENCODER.encode(value)   # NaN, Infinity, subclasses
