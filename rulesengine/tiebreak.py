"""What a tie-break rule is, as the core sees it: a spec, a context, a registration record.

The core knows no tie-break's arithmetic; plugins register `TiebreakRule` records (see
`hookspecs.rulesengine_tiebreaks`). A spec such as `BH/C1` names a rule by its code plus
modifiers; `BH-C1`, `BH#C1` and `bh/c1` mean the same and print as `BH/C1`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Mapping, Union

from rulesengine.errors import UsageError
from rulesengine.model import Tournament

TiebreakValue = Union[Fraction, Decimal, int, None]

# "/" and "#" always separate; "-" separates only before a letter, so Koya's "L-2" survives.
_SEPARATOR = re.compile(r"[/#]|-(?=[A-Za-z])")
_MODIFIER = re.compile(r"^([A-Z])([+-]?[0-9]*)$")


@dataclass(frozen=True)
class TiebreakSpec:
    """A requested tie-break: its code and its modifiers in the order given (`BH/C1/P`)."""

    code: str
    modifiers: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "/".join((self.code, *self.modifiers))

    def modifier(self, letter: str) -> str | None:
        """The value after a modifier letter ("1" for C1, "" for P), or None when absent."""
        for token in self.modifiers:
            if token[0] == letter:
                return token[1:]
        return None

    def number(self, letter: str, default: int = 0) -> int:
        """A numeric modifier (C1 -> 1); `default` when the modifier is absent or bare."""
        text = self.modifier(letter)
        return int(text) if text else default

    @property
    def letters(self) -> frozenset[str]:
        return frozenset(token[0] for token in self.modifiers)


def parse_spec(text: str) -> TiebreakSpec:
    """Parse `BH-C1`, `BH/C1`, `bh#c1` alike into TiebreakSpec("BH", ("C1",))."""
    raw = text.strip()
    if not raw:
        raise UsageError("empty tie-break spec")
    parts = [p.strip().upper() for p in _SEPARATOR.split(raw)]
    code, modifiers = parts[0], parts[1:]
    if not re.fullmatch(r"[A-Z][A-Z0-9]*", code):
        raise UsageError(f"tie-break spec {text!r}: {code!r} is not a tie-break code")
    for token in modifiers:
        if not _MODIFIER.match(token):
            raise UsageError(f"tie-break spec {text!r}: {token!r} is not a modifier (like C1, M2, P)")
    return TiebreakSpec(code, tuple(modifiers))


@dataclass(frozen=True)
class TiebreakContext:
    """Everything a tie-break may look at besides its spec.

    `previous` holds the criteria already applied in the requested list, in order, each with its
    values per start rank (points come first as spec PTS): direct encounter (C.07 art. 6) works
    within the groups these leave tied. `rules_date` is the date whose regulations apply (the
    event's start date unless the user forces another); `rule_set` is a rule-set name the user
    forced (`--rules`, the Settings sheet), one of the `rule_sets` some rule declares: a rule that
    declares it follows that text, the others ignore it; `options` carries the options the rules
    declare (`TiebreakRule.options`), already checked by the front end.
    """

    tournament: Tournament
    rules_date: date | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    previous: tuple[tuple[TiebreakSpec, Mapping[int, TiebreakValue]], ...] = ()
    rule_set: str | None = None

    def tied_groups(self) -> list[list[int]]:
        """Start ranks grouped by equal values on every previous criterion (groups of 2+)."""
        groups: dict[tuple, list[int]] = {}
        for player in self.tournament.players:
            key = tuple(values.get(player.start_rank) for _, values in self.previous)
            groups.setdefault(key, []).append(player.start_rank)
        return [g for g in groups.values() if len(g) > 1]


@dataclass(frozen=True)
class TiebreakOutcome:
    """Values per start rank (None = cannot be computed for that player) and notes saying why.

    `higher_is_better`, when set, overrides the rule's direction for this spec (a reverse-order
    modifier such as FIDE's TPN/R or RTNG/R).
    """

    values: Mapping[int, TiebreakValue]
    notes: tuple[str, ...] = ()
    higher_is_better: bool | None = None


@dataclass(frozen=True)
class ContributionLine:
    """One line of a tie-break breakdown: a round's contribution and whether it was dropped."""

    round: int | None
    opponent: int | None
    description: str
    value: TiebreakValue
    dropped: str = ""  # why it was cut ("Cut-1: lowest", "art. 16.5: voluntarily unplayed first")


@dataclass(frozen=True)
class Explanation:
    """A tie-break value broken down the way a TD shows it to a player."""

    start_rank: int
    spec: str
    lines: tuple[ContributionLine, ...]
    total: TiebreakValue
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TiebreakRule:
    """A tie-break a plugin provides (returned by the `rulesengine_tiebreaks` hook).

    `compute` returns values for every player at once. `modifiers` lists the modifier letters the
    rule accepts; any other letter is refused. `check_spec` may refuse combinations the article
    forbids. `higher_is_better` is False for rules where a smaller value ranks first (e.g. a rank).

    Rules whose text changed over time declare it the way `RatingSystem` does: `rule_sets` names
    the dated texts a user may force (`--rules NAME`, `TiebreakContext.rule_set`), and
    `rule_set_in_force(spec, context)` says which one a computation used and why, for the output
    ("<rule set> (in force on 2025-10-31)"). `options` maps each option the rule
    reads from `context.options` to a one-line description; front ends refuse any other.
    """

    code: str
    name: str
    article: str
    compute: Callable[[TiebreakSpec, TiebreakContext], TiebreakOutcome]
    modifiers: frozenset[str] = frozenset()
    higher_is_better: bool = True
    explain: Callable[[TiebreakSpec, TiebreakContext, int], Explanation] | None = None
    check_spec: Callable[[TiebreakSpec], None] | None = None
    description: str = ""
    rule_sets: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    rule_set_in_force: Callable[[TiebreakSpec, TiebreakContext], str] | None = None

    def validate(self, spec: TiebreakSpec) -> None:
        unknown = sorted(spec.letters - self.modifiers)
        if unknown:
            allowed = ", ".join(sorted(self.modifiers)) or "none"
            raise UsageError(f"tie-break {spec}: modifier {'/'.join(unknown)} is not allowed for {self.code} "
                             f"({self.article}); allowed: {allowed}")
        if self.check_spec is not None:
            self.check_spec(spec)


@dataclass(frozen=True)
class TiebreakLegend:
    """How published results name a tie-break (returned by `rulesengine_tiebreak_legends`).

    `pattern` is a case-insensitive regular expression searched in a legend line such as
    Swiss-Manager's "Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"; `spec` is the
    tie-break spec it stands for ("BH/C1"). Legends are tried in the order the plugins give them,
    so a plugin lists its most specific patterns first.
    """

    pattern: str
    spec: str
    description: str = ""


@dataclass(frozen=True)
class TiebreakPreset:
    """A named list of tie-breaks, e.g. `uschess` for US Chess's default order."""

    name: str
    specs: tuple[str, ...]
    description: str = ""
