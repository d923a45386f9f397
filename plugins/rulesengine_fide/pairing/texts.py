"""The two texts of the FIDE (Dutch) System the engine pairs by, as parameters of the one engine.

* **2025 text** (handbook C0403202507, in force from 1 February 2026), numbered 1.1-5.x with
  criteria C1-C21.
* **2017 text** (Baku 2016, with the Goynuk 2017 definitions and programmers' guidelines;
  handbook C0403Till2025, in force until 31 January 2026), numbered A-E with criteria C.1-C.19.

Where they pair otherwise (the rest is the same procedure, renumbered by two):
* **the PAB**: the 2025 text minimises the PAB assignee's score (C5) and then its unplayed games
  (C9); the 2017 text has neither: the PAB goes to whoever is left over in the last bracket;
* **who may not get the PAB** (C2): 2025: a player who had a PAB or scored a win's worth of
  points without playing (a full-point bye too); 2017 (C.2): a player who had a PAB or scored a
  (forfeit) win because the opponent did not show up;
* **unplayed rounds as floats**: 2025 (1.4.3): a round scored without playing for more than a
  loss is a downfloat; 2017 (A.4.b): any round the player did not play is a downfloat;
* **completion**: 2025 (C4): every bracket chooses its downfloaters so that the rest of the round
  can be paired; 2017 (C.4, A.9): only the penultimate bracket (PPB) does, and the players left
  below it form one collapsed last bracket (CLB) paired as a single bracket.
* **the bracket's scores**: the 2017 text minimises the pairing score difference (A.8, C.6: the
  score differences of the pairs and of the downfloaters, highest first); the 2025 text the
  downfloaters' scores (C7).
docs/notes/pairing_sweep.md gives what the sweeps against bbpPairings 5.0.1 and 6.0.0 found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from rulesengine.model import Tournament
from rulesengine.pairing import event_started


@dataclass(frozen=True)
class DutchText:
    """One text of C.04.3 as the engine's parameters."""

    key: str
    title: str                      # how every answer names it
    in_force_from: date
    pab_criteria: bool              # C5 and C9 (2025) or none (2017)
    full_point_bye_bars_pab: bool   # C2 (2025): any win's worth without playing; 2017: a forfeit win
    unplayed_is_downfloat: str      # "more than a loss" (2025, 1.4.3) or "always" (2017, A.4.b)
    collapsed_last_bracket: bool    # 2017 C.4/A.9: completion only at the PPB, then one CLB
    score_difference: bool          # 2017 C.6: the PSD (A.8); 2025 C7: the downfloaters' scores

    def number(self, code: str) -> str:
        """A criterion of the 2025 numbering (C1-C21, "E.1-E.5", ...) as this text numbers it."""
        if self.key == "2025":
            return code
        return _NUMBER_2017.get(code, f"{code} of the 2025 text (no counterpart)")


# The 2025 criteria as the 2017 text numbers them: C5 and C9 have no counterpart (the PAB), the
# rest shift by two (C6 maximise pairs = C.5, C7 = C.6 the PSD, C8 = C.7, C10-C21 = C.8-C.19).
_NUMBER_2017 = {"C1": "C.1", "C2": "C.2", "C3": "C.3", "C4": "C.4", "C6": "C.5", "C7": "C.6", "C8": "C.7",
                **{f"C{n}": f"C.{n - 2}" for n in range(10, 22)}, "E.1-E.5": "E.1-E.5",
                "D.1-D.3": "B.5-B.6 (D.1-D.3)", "B.3": "B.3"}


TEXT_2025 = DutchText(key="2025", title="FIDE (Dutch) System, C.04.3 (2025 text, in force 2026)",
                      in_force_from=date(2026, 2, 1), pab_criteria=True, full_point_bye_bars_pab=True,
                      unplayed_is_downfloat="more than a loss", collapsed_last_bracket=False,
                      score_difference=False)
TEXT_2017 = DutchText(key="2017", title="FIDE (Dutch) System, C.04.3 (2017 text, Baku 2016 with the 2017 "
                                        "guidelines, in force until 2026-01-31)",
                      in_force_from=date(2017, 7, 1), pab_criteria=False, full_point_bye_bars_pab=False,
                      unplayed_is_downfloat="always", collapsed_last_bracket=True,
                      score_difference=True)
TEXTS = (TEXT_2017, TEXT_2025)   # oldest first


def text_on(day: date | None) -> DutchText:
    """The text in force on `day` (None: no date known, the newest text)."""
    if day is None:
        return TEXTS[-1]
    in_force = [t for t in TEXTS if t.in_force_from <= day]
    return in_force[-1] if in_force else TEXTS[0]


# A tournament type naming the text's year (TRF-2026 record 192, or 092's free text): bbpPairings
# writes the 2025 text as FIDE_DUTCH_2025, gacrux as FIDE_DUTCH_2026 (the year it came into force)
# and the older text as FIDE_DUTCH_2017. A bare FIDE_DUTCH, or a year of no text the engine has
# (FIDE_DUTCH_2013, the Istanbul text), names none: the start date chooses.
_BY_YEAR = {"2017": TEXT_2017, "2025": TEXT_2025, "2026": TEXT_2025}
_NAMED_YEAR = re.compile(r"(?<![A-Z0-9])FIDE_DUTCH_(\d{4})(?![0-9])")


def text_named(type_text: str) -> DutchText | None:
    """The text a tournament type names by its year (`FIDE_DUTCH_2017`, `..._2025_BAKU`), else None."""
    found = _NAMED_YEAR.search(type_text.upper())
    return _BY_YEAR.get(found.group(1)) if found else None


def named_in(tournament: Tournament) -> tuple[DutchText, str] | None:
    """The text the event's tournament type names by its year, and the record naming it: TRF-2026's
    encoded type (192) first, then 092's free text (bbpPairings writes `092 FIDE_DUTCH_2025`)."""
    for code in ("192", "092"):
        for found, rest in tournament.header:
            if found == code and (text := text_named(rest)) is not None:
                return text, f"record {code} {rest.strip()!r}"
    return None


def text_for(tournament: Tournament) -> DutchText:
    """The text `tournament` is paired by: the one its type names (`FIDE_DUTCH_2017`), else the one
    in force when it started (the one date rule, `event_started`)."""
    named = named_in(tournament)
    return named[0] if named is not None else text_on(event_started(tournament))
