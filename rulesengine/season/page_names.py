"""The names the published page shows: who may be named in full, and initials that tell members apart
(issue 23 item 6; shared/docs/domain.md section 2, privacy).

Full name: a member with recorded consent (a guardian's, for a junior), or an adult when the club
chose `adult_names = full`; never anyone when the club chose initials for everyone. Everyone else
is shown by initials ("J. S."), and a junior without consent by initials only, always.

Initials must identify a member on the page. Members whose initials are equal are told apart by
showing more letters, surname first ("J. Sm." / "J. St."), then the given names ("Ja. S."), one
letter at a time, only as far as a group needs; a junior without consent never shows more than
initials. Whoever is still equal (two juniors "J. S.", two members of the same name) is told apart
by a neutral number in member-id order: "J. S.", "J. S. (2)". The same roster and settings always
give the same names.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Iterator, Sequence

from rulesengine.season.ladder import SeasonLadder, member_order
from rulesengine.season.names import initials, name_parts


@dataclass(frozen=True)
class Shown:
    member: str
    name: str                    # the full name (`full`) or the name the initials are made from
    full: bool
    may_lengthen: bool           # False: a junior without consent, initials only


def shown_as(ladder: SeasonLadder, identity: str) -> Shown:
    """How the page may show one member of the ladder (a pending name is never a member here)."""
    settings = ladder.season.settings
    member = ladder.season.roster[identity]
    adult = not member.junior
    full = not settings.initials_for_everyone and (member.consent or (adult and settings.adults_by_full_name))
    return Shown(identity, member.name, full, member.consent or adult)


def page_names(ladder: SeasonLadder, members: Sequence[str]) -> dict[str, str]:
    """{member: the name the page shows}, every one different."""
    shown = [shown_as(ladder, m) for m in members]
    names = {s.member: s.name for s in shown if s.full}
    by_initials = sorted((s for s in shown if not s.full), key=lambda s: (initials(s.name), member_order(s.member)))
    for label, group in groupby(by_initials, key=lambda s: initials(s.name)):
        names.update(_told_apart(list(group), (1, 1), label))
    return _numbered(names)


def abbreviated(name: str, given_letters: int, surname_letters: int) -> str:
    """"J. Sm." for ("John Smith", 1, 2); a part shown whole loses its dot ("J. Smith")."""
    given, surnames = name_parts(name)
    parts = [_part(p, given_letters) for p in given] + [_part(p, surname_letters) for p in surnames]
    return " ".join(p for p in parts if p) or "?"


def _part(part: str, letters: int) -> str:
    if not part[0].isalpha():
        return ""                       # as `initials`: a part that does not start with a letter is left out
    word = part.capitalize() if part.isupper() else part[0].upper() + part[1:]
    seen, end = 0, 0
    for end, char in enumerate(word, start=1):
        seen += char.isalpha()
        if seen == letters:
            break
    return word if end == len(word) and len(word) > 1 and letters > 1 else word[:end] + "."


def _told_apart(group: list[Shown], level: tuple[int, int], label: str) -> dict[str, str]:
    """Names for a group that all show `label` at `level`: the next level at which some differ
    splits it, and each part that is still equal goes on from there."""
    if len(group) == 1:
        return {group[0].member: label}
    for step in _levels_after(level, group):
        labels = {s.member: abbreviated(s.name, *step) if s.may_lengthen else label for s in group}
        if len(set(labels.values())) > 1:
            out: dict[str, str] = {}
            ordered = sorted(group, key=lambda s: (labels[s.member], member_order(s.member)))
            for shown, part in groupby(ordered, key=lambda s: labels[s.member]):
                out.update(_told_apart(list(part), step, shown))
            return out
    return {s.member: label for s in group}   # equal however far: numbered by `_numbered`


def _levels_after(level: tuple[int, int], group: Sequence[Shown]) -> Iterator[tuple[int, int]]:
    """(given letters, surname letters) by the letters they add, the surname first at a tie,
    up to the longest part of the group."""
    longest = [max((len(p) for s in group for p in name_parts(s.name)[side]), default=1) for side in (0, 1)]
    for total in range(sum(level) + 1, sum(longest) + 1):
        for surname in range(min(total - 1, longest[1]), 0, -1):
            given = total - surname
            if given <= longest[0] and given >= level[0] and surname >= level[1]:
                yield given, surname


def _numbered(names: dict[str, str]) -> dict[str, str]:
    """Names still equal get " (2)", " (3)", ... in member-id order; the first keeps the name."""
    out = {}
    ordered = sorted(names, key=lambda m: (names[m], member_order(m)))
    for name, members in groupby(ordered, key=lambda m: names[m]):
        for n, member in enumerate(members, start=1):
            out[member] = name if n == 1 else f"{name} ({n})"
    return out
