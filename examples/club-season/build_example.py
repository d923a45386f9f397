"""Build the example season: 12 club evenings, 44 members, names typed differently each week.

    .venv/bin/python examples/club-season/build_example.py [OUT]   (default: beside this script)

Writes `events/` (the files as the club's TDs would hand them in: TRF from the pairing program,
a Swiss-Manager export, our workbook template, a US Chess wall chart, a round-robin grid) and
`truth.tsv` (who each typed name really is: what the TD knows, used to check the suggestions).
Seeded: the same files every time.
"""

from __future__ import annotations

import random
import sys
import unicodedata
from datetime import date, timedelta
from pathlib import Path

from anyascii import anyascii

from rulesengine.formats.trf import write_trf
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook

# (surname, first names, junior)
MEMBERS = [
    ("Smith", "John", False), ("Smith", "Jane", False), ("Brown", "Anna Maria", False), ("Ødegård", "Søren", False),
    ("Łukasik", "Paweł", False), ("Weiß", "Günter", False), ("Müller", "Jürgen", False), ("O'Brien", "Seán", False),
    ("García", "José Luis", False), ("Nowak", "Ola", True), ("Nowak", "Ala", True), ("Kowalski", "Jan", True),
    ("Patel", "Priya", False), ("Patel", "Raj", True), ("Lee", "Kim", False), ("Nguyen", "Thi Lan", False),
    ("Иванов", "Иван", False), ("Petrova", "Olga", False), ("Haddad", "Yusuf", False), ("محمد", "علي", False),
    ("Taylor", "Sophie", True), ("Taylor", "Tom", True), ("Wilson", "David", False), ("Evans", "Rhys", False),
    ("Walker", "Emma", True), ("Roberts", "Gareth", False), ("Green", "Chloe", True), ("Hall", "Peter James", False),
    ("Wood", "Harriet", False), ("Jackson", "Leon", True), ("Clarke", "Martin", False), ("Novák", "Tomáš", False),
    ("Horváth", "Zsófia", False), ("Rossi", "Marco", False), ("Dvořák", "Antonín", False), ("Yilmaz", "Elif", True),
    ("Kaya", "Mert", False), ("Schmidt", "Lena", True), ("Fischer", "Bobby", False), ("Morgan", "Ffion", False),
    ("Price", "Owen", True), ("Hughes", "Megan", False), ("Davies", "Ioan", True), ("Thomas", "Dylan", False),
]
EVENINGS = [  # (format, layout or None, players, rounds, name)
    ("trf", None, 20, 5, "Thursday club night"), ("trf", None, 18, 5, "Thursday club night"),
    ("xlsx", "swiss_manager", 22, 5, "Thursday club night"), ("trf", None, 16, 4, "Thursday club night"),
    ("xlsx", "template", 20, 5, "Thursday club night"), ("trf", None, 24, 7, "Blitz night"),
    ("trf", None, 20, 5, "Thursday club night"), ("xlsx", "uschess_wallchart", 18, 5, "Thursday club night"),
    ("trf", None, 16, 3, "Bughouse social"), ("xlsx", "round_robin", 8, 7, "Club championship group A"),
    ("trf", None, 22, 5, "Thursday club night"), ("trf", None, 20, 5, "Thursday club night"),
]
FIRST_DATE = date(2026, 1, 8)


def typed(surname: str, given: str, rng: random.Random) -> str:
    """A name as one TD or program might type it this week."""
    first, *middle = given.split()
    kind = rng.random()
    if kind < 0.45:
        return f"{surname}, {given}"                              # the pairing program's "Surname, First"
    if kind < 0.55:
        return f"{given} {surname}"                               # first name first
    if kind < 0.65:
        return f"{first[0]}. {surname}"                           # an initial
    if kind < 0.72:
        return f"{surname},{first}"                               # no space, middle name dropped
    if kind < 0.80 and surname.isascii() and len(surname) > 4:
        i = rng.randrange(1, len(surname) - 1)
        return f"{surname[:i]}{surname[i + 1:]}, {given}"         # a letter missing
    if kind < 0.88 and "LATIN" in unicodedata.name(surname[0]):
        return f"{anyascii(surname)}, {anyascii(given)}"          # accents left off (Latin script only)
    return f"{surname.upper()}, {given}"


def rounds_text(players: int, rounds: int, rng: random.Random, round_robin: bool) -> list[str]:
    out = []
    if round_robin:
        ring = list(range(1, players + 1))   # the circle method: player 1 fixed, the rest rotate
        for _ in range(rounds):
            games = [(ring[i], ring[-1 - i]) for i in range(players // 2)]
            out.append(", ".join(f"{a}-{b} {rng.choice(['1-0', '0-1', '='])}" for a, b in games))
            ring = [ring[0], ring[-1], *ring[1:-1]]
        return out
    for _ in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        games = []
        if len(order) % 2:
            games.append(f"{order.pop()} U")
        for a, b in zip(order[::2], order[1::2]):
            games.append(f"{a}-{b} {rng.choices(['1-0', '0-1', '=', '+-'], [45, 35, 18, 2])[0]}")
        out.append(", ".join(games))
    return out


def build(out: Path) -> None:
    rng = random.Random(2026)
    events = out / "events"
    events.mkdir(parents=True, exist_ok=True)
    truth = ["event_file\tstart_no\ttyped\tmember_index\tsurname\tgiven\tjunior"]
    regulars = list(range(len(MEMBERS)))
    for number, (fmt, layout, size, rounds, title) in enumerate(EVENINGS, start=1):
        when = FIRST_DATE + timedelta(days=7 * (number - 1))
        chosen = rng.sample(regulars, size)
        names = [typed(MEMBERS[i][0], MEMBERS[i][1], rng) for i in chosen]
        kind = "round robin" if layout == "round_robin" else "swiss"
        t = tournament_from_text(names, rounds_text(size, rounds, rng, layout == "round_robin"),
                                 name=f"{title} {number}", start_date=when.strftime("%Y/%m/%d"), kind=kind)
        stem = f"{when.isoformat()}-{title.lower().replace(' ', '-')}"
        if fmt == "trf":
            path = events / f"{stem}.trf"
            path.write_text(write_trf(t), encoding="utf-8")
        else:
            path = events / f"{stem}.xlsx"
            settings = Grid("Settings", [["Setting", "Value"], ["Event", t.name], ["Start date", when.isoformat()]])
            write_workbook(path, [crosstable_grid(t, layout), settings])
        for sno, i in enumerate(chosen, start=1):
            surname, given, junior = MEMBERS[i]
            truth.append(f"{path.name}\t{sno}\t{names[sno - 1]}\t{i}\t{surname}\t{given}\t{'yes' if junior else 'no'}")
    (out / "truth.tsv").write_text("\n".join(truth) + "\n", encoding="utf-8")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
