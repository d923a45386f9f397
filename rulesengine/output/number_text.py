"""The text of a number in an output: its JSON (`number_json`: exact values as the shortest
decimal, floats to 6 decimals, by `rulesengine.numbers.to_json_number`), and the texts of many
numbers kept by identity (`TextsByIdentity`), for outputs of thousands of rows.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import repeat
from operator import is_, itemgetter
from typing import Callable

from rulesengine.numbers import to_json_number
from rulesengine.output.json_text import scalar_json


def number_json(value: object) -> str:
    """The JSON text of a number (or None) in every output: `json.dumps(to_json_number(value))`."""
    return scalar_json(to_json_number(value))


class TextsByIdentity:
    """`text(value)` of each value, kept across outputs by the value's identity.

    A value's text depends on the value alone, and the engine hands out shared value objects
    (each scoring system's Fractions in the tie-breaks, an opponent's rating in all their games),
    so most of a large event's values are a few hundred objects. Kept by identity, not value:
    equal numbers of different types may be written differently (a float is rounded to 6
    decimals, the Fraction of the same value is not), and a Fraction's hash is slow Python code.
    An entry holds its value, whose id therefore stays its own; only immutable values are kept,
    and the whole store starts afresh past `limit` entries.
    """

    KEPT_TYPES = frozenset({Fraction, int, float, Decimal, bool, type(None)})

    def __init__(self, text: Callable[[object], str], limit: int = 50_000):
        self.text = text
        self.limit = limit
        self._kept: dict[int, tuple[object, str]] = {}

    def column(self, values: list) -> list[str]:
        """The text of each value, in order: a column whose every value is kept is read in C."""
        kept = self._kept
        if len(kept) >= self.limit:
            kept.clear()
        found = list(map(kept.get, map(id, values), repeat(_UNKNOWN)))
        if all(map(is_, map(_KEPT_VALUE, found), values)):
            return list(map(_KEPT_TEXT, found))
        return list(map(self.of, values))

    def of(self, value: object) -> str:
        """The text of one value."""
        entry = self._kept.get(id(value), _UNKNOWN)
        if entry[0] is value:
            return entry[1]
        text = self.text(value)
        if type(value) in self.KEPT_TYPES:
            if len(self._kept) >= self.limit:
                self._kept.clear()
            self._kept[id(value)] = (value, text)
        return text


_UNKNOWN = (object(), "")   # what a value not kept is found as: its first item is no value
_KEPT_VALUE, _KEPT_TEXT = itemgetter(0), itemgetter(1)

#: The JSON text of every number the standings and rating documents hold.
NUMBER_JSON = TextsByIdentity(number_json)
