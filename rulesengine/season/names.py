"""Names: normalising and matching a name typed tonight against the roster (shared/docs/domain.md
section 2: "names are the hard part"; software suggests, a human confirms every link).

Normalising (`tokens`): case, spacing, commas, dots, hyphens and apostrophes; accents and the
letters of Latin script that do not decompose (Ø, Ł, ß, Æ, ...) folded with anyascii, one letter at
a time, so Arabic, Cyrillic, Greek and other scripts are compared exactly as written.

The rules a suggestion may rest on, each with its score (100 = the same name):

    exact       the same name after normalising                                    100
    swapped     first and last name in the other order ("Smith, John" / "John Smith")  -5
    middle      a middle name present on one side only                              -10 each
    initial     a first (or middle) name reduced to its initial ("J." / "John")     -15 each
    typo        one letter wrong, missing, extra or two swapped in the surname       -20

Anything else (different surnames, different first names) is no suggestion. The hard rules are
applied by the caller (`suggest`): members who already play in the event are blocked, as are
pairs the TD rejected; when the two best candidates score the same, each says so and neither
is preferred.

Pure Python by default (the Excel Lite button runs in Pyodide); `rapidfuzz`, when installed,
computes the surname distance instead, with identical results (the same Damerau distance).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

try:  # optional speed-up: the same optimal-string-alignment distance, compiled
    from rapidfuzz.distance import OSA as _OSA
except ImportError:  # pragma: no cover - depends on the environment
    _OSA = None

SCORE_EXACT = 100
PENALTY = {"swapped": 5, "middle": 10, "initial": 15, "typo": 20}
MIN_SCORE = 50
_SEPARATORS = re.compile(r"[\s,.\-_/]+")
_DROPPED = re.compile(r"['’`\"()]")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Case, accents and Latin letters folded (Ø -> o, Ł -> l, ß -> ss); other scripts as written."""
    from anyascii import anyascii

    out = []
    latin_base = False
    for char in unicodedata.normalize("NFC", text):
        if char.isascii():
            out.append(char)
            latin_base = char.isalpha()
        elif unicodedata.combining(char):
            if not latin_base:
                out.append(char)   # a mark on a non-Latin letter is part of how it is written
        elif "LATIN" in unicodedata.name(char, ""):
            out.append(anyascii(char))
            latin_base = True
        else:
            out.append(char)
            latin_base = False
    return "".join(out).casefold()


@dataclass(frozen=True)
class Name:
    """A name as written, split into normalised tokens; `comma` is the position of the first
    comma in tokens (the surname comes first: TRF's "Surname, First names"), or None."""

    text: str
    tokens: tuple[str, ...]
    comma: int | None


@lru_cache(maxsize=65536)
def parse(text: str) -> Name:
    folded = _DROPPED.sub("", fold(text))
    before, sep, after = folded.partition(",")
    head = tuple(t for t in _SEPARATORS.split(before) if t)
    if sep:
        tail = tuple(t for t in _SEPARATORS.split(after) if t)
        return Name(text, head + tail, len(head) if head and tail else None)
    return Name(text, head, None)


def key(text: str) -> str:
    """The exact-match key: tokens in written order."""
    return " ".join(parse(text).tokens)


@dataclass(frozen=True)
class Reading:
    """One way to read a name: surname tokens, given-name tokens, and whether it was written
    surname first."""

    surname: tuple[str, ...]
    given: tuple[str, ...]
    surname_first: bool


@lru_cache(maxsize=65536)
def readings(name: Name) -> tuple[Reading, ...]:
    """With a comma there is one reading; without, every split, first-name-first and surname-first."""
    t = name.tokens
    if name.comma is not None:
        return (Reading(t[:name.comma], t[name.comma:], True),)
    found = []
    for split in range(1, len(t)):
        found.append(Reading(t[split:], t[:split], False))
        found.append(Reading(t[:split], t[split:], True))
    return tuple(found) or (Reading(t, (), True),)


@dataclass(frozen=True)
class Match:
    """How well two names agree, why, and field by field."""

    score: int
    rules: tuple[str, ...]
    fields: tuple[tuple[str, str, str, str], ...]   # (field, here, there, how)

    @property
    def reason(self) -> str:
        return "; ".join(self.rules)


def compare(here: str, there: str) -> Match | None:
    """The best reading of two names as one person's, or None when no rule allows it."""
    a, b = parse(here), parse(there)
    if not a.tokens or not b.tokens:
        return None
    if a.tokens == b.tokens:
        return Match(SCORE_EXACT, ("same name after normalising case, spacing, commas and accents",),
                     (("name", here, there, "same"),))
    best: Match | None = None
    for ra in readings(a):
        for rb in readings(b):
            found = _compare_readings(ra, rb)
            if found is not None and (best is None or found.score > best.score):
                best = found
    return best if best is not None and best.score >= MIN_SCORE else None


def _compare_readings(a: Reading, b: Reading) -> Match | None:
    score, rules, fields = SCORE_EXACT, [], []
    sa, sb = " ".join(a.surname), " ".join(b.surname)
    if sa == sb:
        fields.append(("surname", sa, sb, "same"))
    elif min(len(sa), len(sb)) >= 4 and surname_distance(sa, sb) == 1:
        score -= PENALTY["typo"]
        rules.append(f"one letter differs in the surname ({sa} / {sb})")
        fields.append(("surname", sa, sb, "one letter differs"))
    else:
        return None
    given = _compare_given(a.given, b.given)
    if given is None:
        return None
    penalty, given_rules, given_fields = given
    score -= penalty
    rules += given_rules
    fields += given_fields
    if a.surname_first != b.surname_first:
        score -= PENALTY["swapped"]
        rules.append("first and last name in the other order")
        fields.append(("order", "surname first" if a.surname_first else "first name first",
                       "surname first" if b.surname_first else "first name first", "swapped"))
    if not rules:
        rules.append("same name after normalising case, spacing, commas and accents")
    return Match(score, tuple(rules), tuple(fields))


def _compare_given(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[int, list[str], list]:
    """First names must agree (or one be the other's initial); a middle name may be missing on
    one side. Returns (penalty, rules, fields) or None."""
    if not a or not b:
        return None if (a or b) else (0, [], [])
    if not _same_or_initial(a[0], b[0]):
        return None
    penalty, rules, fields = 0, [], []
    first = _token_rule("first name", a[0], b[0])
    if first:
        penalty += PENALTY["initial"]
        rules.append(first)
    fields.append(("first name", a[0], b[0], "same" if a[0] == b[0] else "initial"))
    # Middle names: the shorter list must match the longer in order; the rest are missing on one side.
    short, long_, flipped = (a[1:], b[1:], False) if len(a) <= len(b) else (b[1:], a[1:], True)
    j = 0
    for token in short:
        while j < len(long_) and not _same_or_initial(token, long_[j]):
            j += 1
        if j == len(long_):
            return None
        rule = _token_rule("middle name", token, long_[j])
        if rule:
            penalty += PENALTY["initial"]
            rules.append(rule)
        fields.append(("middle name", *((long_[j], token) if flipped else (token, long_[j])),
                       "same" if token == long_[j] else "initial"))
        j += 1
    missing = len(long_) - len(short)
    if missing:
        penalty += PENALTY["middle"] * missing
        # `long_` belongs to this name when flipped, else to the roster's.
        extra = " ".join(t for t in long_ if not any(_same_or_initial(s, t) for s in short)) or " ".join(long_)
        rules.append(f"middle name {extra} given only {'here' if flipped else 'in the roster'}")
        fields.append(("middle name", extra if flipped else "", "" if flipped else extra, "missing on one side"))
    return penalty, rules, fields


def _same_or_initial(x: str, y: str) -> bool:
    return x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))


def _token_rule(field: str, x: str, y: str) -> str:
    if x == y:
        return ""
    return f"{field} reduced to an initial ({x} / {y})"


def surname_distance(x: str, y: str) -> int:
    """Optimal string alignment distance (edits: a letter changed, missing, extra, two swapped)."""
    if _OSA is not None:
        return _OSA.distance(x, y)
    return osa_distance(x, y)


def osa_distance(x: str, y: str) -> int:
    """Pure Python optimal string alignment distance, the same figure rapidfuzz's OSA gives."""
    previous2: list[int] = []
    previous = list(range(len(y) + 1))
    for i in range(1, len(x) + 1):
        current = [i] + [0] * len(y)
        for j in range(1, len(y) + 1):
            cost = 0 if x[i - 1] == y[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and x[i - 1] == y[j - 2] and x[i - 2] == y[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(y)]


# ---------------------------------------------------------------- an index over the roster


def _deletions(word: str) -> set[str]:
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


class NameIndex:
    """Every known name of every member, indexed by each possible surname and its one-letter
    deletions, so a lookup compares only names that could match (symmetric-delete)."""

    def __init__(self, names: Iterable[tuple[str, str]]):
        self._by_key: dict[str, set[tuple[str, str]]] = {}
        for member, text in names:
            for surname in {" ".join(r.surname) for r in readings(parse(text))}:
                for variant in _deletions(surname):
                    self._by_key.setdefault(variant, set()).add((member, text))

    def candidates(self, text: str) -> set[tuple[str, str]]:
        found: set[tuple[str, str]] = set()
        for surname in {" ".join(r.surname) for r in readings(parse(text))}:
            for variant in _deletions(surname):
                found |= self._by_key.get(variant, set())
        return found


@dataclass(frozen=True)
class Candidate:
    member: str
    name: str            # the member's display name
    score: int
    reason: str
    matched: str         # the known name that matched (the display name or an earlier linked name)
    fields: tuple[tuple[str, str, str, str], ...]


def rank_candidates(text: str, index: NameIndex, display: Mapping[str, str],
                    blocked: Mapping[str, str]) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Ranked candidates for a name (best first; equal scores by member id, flagged as a tie),
    and the members that would match but a hard rule blocks, with why."""
    best: dict[str, Candidate] = {}
    for member, known in sorted(index.candidates(text)):
        match = compare(text, known)
        if match is None:
            continue
        reason = match.reason if known == display.get(member) else f"{match.reason} (as linked before: {known})"
        candidate = Candidate(member, display.get(member, known), match.score, reason, known, match.fields)
        if member not in best or candidate.score > best[member].score:
            best[member] = candidate
    ranked = sorted((c for m, c in best.items() if m not in blocked), key=lambda c: (-c.score, _member_order_id(c.member)))
    stopped = sorted(((m, blocked[m]) for m in best if m in blocked), key=lambda mw: _member_order_id(mw[0]))
    if len(ranked) >= 2 and ranked[0].score == ranked[1].score:
        tied = [c for c in ranked if c.score == ranked[0].score]
        names = ", ".join(f"{c.member} ({c.name})" for c in tied)
        ranked = [Candidate(c.member, c.name, c.score,
                            f"{c.reason}; equally good: {names} - the TD must choose, neither is preferred",
                            c.matched, c.fields) if c in tied else c for c in ranked]
    return ranked, stopped


def _member_order_id(member: str) -> tuple[int, str]:
    digits = "".join(ch for ch in member if ch.isdigit())
    return (int(digits) if digits else 0, member)


def name_parts(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(given names, surnames) as written: "Paul, John" and "John Paul" both give (("John",),
    ("Paul",)); without a comma the last part is the surname."""
    before, sep, after = text.partition(",")
    if sep:
        return (tuple(p for p in _SEPARATORS.split(after.strip()) if p),
                tuple(p for p in _SEPARATORS.split(before) if p))
    parts = tuple(p for p in _SEPARATORS.split(text) if p)
    return parts[:-1], parts[-1:]


def initials(text: str) -> str:
    """"J. P." for John Paul / "Paul, John": each name part's first letter, first names first."""
    given, surnames = name_parts(text)
    letters = [p[0].upper() + "." for p in given + surnames if p[0].isalpha()]
    return " ".join(letters) or "?"
