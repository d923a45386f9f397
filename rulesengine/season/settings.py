"""The club's settings for a season (`season.txt`): `key = value`, one a line, `#` comments.

    name = Riverside Chess Club ladder 2026
    start_rating = 1200        # a newcomer's rating
    k_first = 40               # K for the first `first_games` rated games ...
    first_games = 20
    k_after = 20               # ... then this K
    provisional_games = 5      # provisional until this many rated games
    initials_for_everyone = no # yes: the published page shows initials for every member
    adult_names = initials     # full: adults' full names on the page without recorded consent

`adult_names` is the club's choice `season init --names` asks for; a store whose file has no
such line (made before the setting existed) reads `initials`, as it always did. Juniors without
recorded consent are shown by initials whatever it says (domain.md section 2, privacy), and
`full` together with `initials_for_everyone = yes` is refused as a contradiction.

Lines end at `\n` alone and ASCII white space is padding, as in every store file (files.py);
`season_name` refuses a name the file cannot hold. The defaults are the club ladder policy's (shared/docs/domain.md section 2). The rating numbers are
passed to the `club` rating system as its options, so the arithmetic has one home.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem, UsageError
from rulesengine.season.files import PADDING, text_lines

SETTINGS_FILE = "season.txt"
YES, NO = ("yes", "true", "1", "y"), ("no", "false", "0", "n")
ADULT_NAMES = ("initials", "full")


@dataclass(frozen=True)
class SeasonSettings:
    name: str = "Club ladder"
    start_rating: float = 1200.0
    k_first: float = 40.0
    first_games: int = 20
    k_after: float = 20.0
    provisional_games: int = 5
    initials_for_everyone: bool = False
    adult_names: str = "initials"

    @property
    def adults_by_full_name(self) -> bool:
        return self.adult_names == "full"

    def rating_options(self) -> dict[str, str]:
        """The `club` system's options for these numbers."""
        return {"start_rating": _number(self.start_rating), "k_first": _number(self.k_first),
                "first_games": str(self.first_games), "k_after": _number(self.k_after),
                "provisional_games": str(self.provisional_games)}

    def as_json(self) -> dict:
        return {"start_rating": _json(self.start_rating), "k_first": _json(self.k_first),
                "first_games": self.first_games, "k_after": _json(self.k_after),
                "provisional_games": self.provisional_games, "initials_for_everyone": self.initials_for_everyone,
                "adult_names": self.adult_names}

    def text(self) -> str:
        return (f"# Club ladder settings (rulesengine season); edit, then run `rulesengine ladder`.\n"
                f"name = {self.name}\n"
                f"# a newcomer's rating\nstart_rating = {_number(self.start_rating)}\n"
                f"# K for a player's first `first_games` rated games, then k_after\n"
                f"k_first = {_number(self.k_first)}\nfirst_games = {self.first_games}\n"
                f"k_after = {_number(self.k_after)}\n"
                f"# provisional (greyed, below the established, no rank) until this many rated games\n"
                f"provisional_games = {self.provisional_games}\n"
                f"# yes: the published page shows initials for every member, consent or not\n"
                f"initials_for_everyone = {'yes' if self.initials_for_everyone else 'no'}\n"
                f"# full: adults' full names on the page without recorded consent; initials: only with it\n"
                f"# (juniors without recorded consent are always shown by initials)\n"
                f"adult_names = {self.adult_names}\n")


def season_name(text: str) -> str:
    """A season's name as `season.txt` keeps it; UsageError for one it cannot (a line break
    would start another setting, an empty name is refused when read)."""
    if any(ch in text for ch in "\r\n") or not text.strip(PADDING):
        raise UsageError(f"--name {text!r}: want a name on one line, not empty")
    return text.strip(PADDING)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _json(value: float) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def read_settings(path: Path) -> SeasonSettings:
    """The settings file, every problem named as FILE:LINE:COL; a missing file gives the defaults."""
    if not path.exists():
        return SeasonSettings()
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(Problem(Location(str(path), 1), f"not UTF-8 text ({exc.reason})")) from None
    types = {f.name: f.type for f in fields(SeasonSettings)}
    values: dict[str, object] = {}
    where: dict[str, Location] = {}
    problems: list[Problem] = []
    for number, line in enumerate(text_lines(text), start=1):
        body = line.split("#", 1)[0] if not line.lstrip(PADDING).startswith("name") else line
        if not body.strip(PADDING) or line.lstrip(PADDING).startswith("#"):
            continue
        key, sep, value = body.partition("=")
        key, value = key.strip(PADDING).lower().replace(" ", "_"), value.strip(PADDING)
        column = len(line) - len(line.lstrip(PADDING)) + 1
        if not sep:
            problems.append(Problem(Location(str(path), number, column), "want `key = value`"))
            continue
        if key not in types:
            problems.append(Problem(Location(str(path), number, column),
                                    f"unknown setting {key!r}; known: {', '.join(types)}"))
            continue
        after = line.index("=") + 1
        at = Location(str(path), number, after + len(line[after:]) - len(line[after:].lstrip(PADDING)) + 1)
        try:
            values[key], where[key] = _parse(key, types[key], value), at
        except ValueError as exc:
            problems.append(Problem(at, f"{key}: {exc}"))
    if values.get("adult_names") == "full" and values.get("initials_for_everyone") is True:
        problems.append(Problem(where["adult_names"], "adult_names: full contradicts initials_for_everyone = yes; "
                                                      "keep one of them"))
    if problems:
        raise InputError(problems)
    return SeasonSettings(**values)


def _parse(key: str, kind: str, value: str) -> object:
    if kind == "str":
        if not value:
            raise ValueError("must not be empty")
        if key == "adult_names" and value.lower() not in ADULT_NAMES:
            raise ValueError(f"want {' or '.join(ADULT_NAMES)}, not {value!r}")
        return value.lower() if key == "adult_names" else value
    if kind == "bool":
        if value.lower() in YES:
            return True
        if value.lower() in NO:
            return False
        raise ValueError(f"want yes or no, not {value!r}")
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"want a number, not {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"want a number, not {value!r}")
    if kind == "int":
        if not number.is_integer() or number < 0:
            raise ValueError(f"want a whole number of games, not {value!r}")
        return int(number)
    if key != "start_rating" and number <= 0:
        raise ValueError(f"K must be positive, not {value!r}")
    return number
