"""The roster (`roster.tsv`): every member the ladder knows, and nothing else about them.

Columns: `member` (stable id, `M001`, ...), `name` (display name), `junior` (yes/no: under 18),
`consent` (yes/no: publication of the full name is consented to; for a junior, by a guardian).
Collect less (shared/docs/domain.md section 2, privacy): no birth date, address, phone or email;
a column beyond these four is refused rather than kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from rulesengine.errors import InputError, Problem
from rulesengine.season.files import Row, problem, read_table, table_bytes

ROSTER_FILE = "roster.tsv"
COLUMNS = ("member", "name", "junior", "consent")
MEMBER_ID = re.compile(r"^M(\d+)$")
_COMMENT = ("Club roster: member id, display name, junior (under 18: yes/no), publication consent (yes/no).\n"
            "Nothing else is kept about a member. Edit with `rulesengine season member`, or by hand "
            "(one tab between fields).")


@dataclass(frozen=True)
class Member:
    member: str
    name: str
    junior: bool = False
    consent: bool = False


def read_roster(path: Path) -> dict[str, Member]:
    rows = read_table(path, COLUMNS, required=COLUMNS)
    members: dict[str, Member] = {}
    problems: list[Problem] = []
    for row in rows:
        extra = [c for c in row.header if c not in COLUMNS]
        if extra:
            problems.append(problem(path, row, extra[0], f"column {extra[0]!r} is not kept on the roster "
                                                         f"(only {', '.join(COLUMNS)}: collect less)"))
            break
        member = _member(path, row, problems)
        if member is None:
            continue
        if member.member in members:
            problems.append(problem(path, row, "member", f"member id {member.member} appears twice"))
            continue
        members[member.member] = member
    if problems:
        raise InputError(problems)
    return members


def _member(path: Path, row: Row, problems: list[Problem]) -> Member | None:
    ident, name = row["member"], row["name"]
    if not MEMBER_ID.match(ident):
        problems.append(problem(path, row, "member", f"member id {ident!r}: want M followed by digits (M001)"))
        return None
    if not name:
        problems.append(problem(path, row, "name", f"member {ident} has no name"))
        return None
    flags = {}
    for column in ("junior", "consent"):
        value = row[column].lower()
        if value not in ("yes", "no", ""):
            problems.append(problem(path, row, column, f"{column} must be yes or no, not {row[column]!r}"))
            return None
        flags[column] = value == "yes"
    return Member(ident, name, **flags)


def roster_bytes(members: Mapping[str, Member]) -> bytes:
    ordered = sorted(members.values(), key=lambda m: member_number(m.member))
    return table_bytes(_COMMENT, COLUMNS, [(m.member, m.name, "yes" if m.junior else "no",
                                            "yes" if m.consent else "no") for m in ordered])


def member_number(ident: str) -> int:
    match = MEMBER_ID.match(ident)
    return int(match.group(1)) if match else 0


def next_member_id(taken: Iterable[str]) -> str:
    """The next free id, never reusing a number below the highest."""
    return f"M{max((member_number(m) for m in taken), default=0) + 1:03d}"
