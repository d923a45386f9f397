"""The TD's name decisions (`decisions.tsv`), one line each, with who made it and when.

Columns: `decision` (a number), `action`, `event`, `start_no`, `member`, `name` (the name as the
event file has it, so a reader sees what was decided), `by`, `at` (UTC, ISO 8601). Actions:

    link    this name in this event is that member (`names --link EVENT:SNO=MEMBER`)
    new     this name is a new member, created by the decision (`names --new EVENT:SNO`)
    exact   as link, recorded by `names --accept-exact` for a name equal to the member's
    reject  this name is NOT that member: never suggested again (`names --reject`)

Nothing is ever linked without one of these lines (shared/docs/domain.md section 2: a human
confirms every link). Removing a line (`names --undo N`, or by hand) undoes the decision; the
next replay splits the records again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from rulesengine.errors import InputError, Problem
from rulesengine.numbers import is_digits
from rulesengine.season.files import problem, read_table, table_bytes
from rulesengine.season.roster import MEMBER_ID

DECISIONS_FILE = "decisions.tsv"
COLUMNS = ("decision", "action", "event", "start_no", "member", "name", "by", "at")
LINKS = ("link", "new", "exact")
ACTIONS = (*LINKS, "reject")
_COMMENT = ("The TD's name decisions: link / new / exact say a name in an event IS a member; reject says it\n"
            "is NOT. One line each (tab-separated); delete a line, or run `rulesengine names DIR --undo N`, to\n"
            "undo one. Nothing is linked without a line here.")


@dataclass(frozen=True)
class Decision:
    number: int
    action: str
    event: str
    start_no: int
    member: str
    name: str
    by: str = ""
    at: str = ""
    line: int = 0   # where it was read (0: not yet written)

    @property
    def links(self) -> bool:
        return self.action in LINKS

    @property
    def ref(self) -> str:
        return f"{self.event}:{self.start_no}"

    def semantic(self) -> tuple[str, str, int, str, str]:
        """What the ladder depends on (not who or when): for the fingerprint."""
        return self.action, self.event, self.start_no, self.member, self.name


def read_decisions(path: Path) -> list[Decision]:
    rows = read_table(path, COLUMNS, required=COLUMNS[:6])
    found: list[Decision] = []
    problems: list[Problem] = []
    numbers: set[int] = set()
    for row in rows:
        fields = {}
        for column in ("decision", "start_no"):
            text = row[column]
            if not is_digits(text):
                problems.append(problem(path, row, column, f"{column} must be a whole number, not {text!r}"))
                break
            fields[column] = int(text)
        else:
            action = row["action"].lower()
            if action not in ACTIONS:
                problems.append(problem(path, row, "action", f"action {row['action']!r}: want {', '.join(ACTIONS)}"))
                continue
            if not MEMBER_ID.match(row["member"]):
                problems.append(problem(path, row, "member", f"member id {row['member']!r}: want M001, M002, ..."))
                continue
            if not row["event"]:
                problems.append(problem(path, row, "event", "no event id"))
                continue
            if fields["decision"] in numbers:
                problems.append(problem(path, row, "decision", f"decision number {fields['decision']} appears twice"))
                continue
            numbers.add(fields["decision"])
            found.append(Decision(fields["decision"], action, row["event"], fields["start_no"], row["member"],
                                  row["name"], row["by"], row["at"], row.line))
    if problems:
        raise InputError(problems)
    return found


def decisions_bytes(decisions: Sequence[Decision]) -> bytes:
    return table_bytes(_COMMENT, COLUMNS, [(str(d.number), d.action, d.event, str(d.start_no), d.member, d.name,
                                            d.by, d.at) for d in decisions])


def next_number(decisions: Sequence[Decision]) -> int:
    return max((d.number for d in decisions), default=0) + 1
