"""The 2017 and 2025 texts of C.04.3 as parameters of the one engine (plugins/rulesengine_fide/
pairing/texts.py): which text an event is paired by, and the player facts each text defines."""

from __future__ import annotations

from datetime import date

from rulesengine.testing import tournament_from_text
from rulesengine_fide.pairing.engine import pair_round
from rulesengine_fide.pairing.records import read_setup
from rulesengine_fide.pairing.state import build_states
from rulesengine_fide.pairing.texts import TEXT_2017, TEXT_2025, text_named, text_on

# Round 1: 1 beats 2, 3 wins by forfeit against 4, 5 takes a requested full-point bye, 6 a
# zero-point bye, 7 the PAB.
ROUNDS = ["1-2 1-0, 3-4 +-, 5 F, 6 Z, 7 U"]


def _states(text, start_date=""):
    t = tournament_from_text(7, ROUNDS, total_rounds=5, start_date=start_date)
    return {s.number: s for s in build_states(t, 2, read_setup(t), list(range(1, 8)), text)}


def test_the_text_in_force_on_the_event_date():
    assert text_on(date(2026, 1, 31)) is TEXT_2017 and text_on(date(2026, 2, 1)) is TEXT_2025
    assert text_on(None) is TEXT_2025            # no date: the newest text
    assert text_on(date(2012, 5, 1)) is TEXT_2017  # before 2017: the oldest text the engine has


def test_who_may_not_get_the_pab_c2():
    """2025 C2: a PAB, or a win's worth of points without playing (forfeit win, full-point bye);
    2017 C.2: a PAB or a forfeit win ("an opponent not showing up in time"), not a requested bye."""
    barred_2025 = {n for n, s in _states(TEXT_2025).items() if not s.bye_eligible}
    barred_2017 = {n for n, s in _states(TEXT_2017).items() if not s.bye_eligible}
    assert (barred_2025, barred_2017) == ({3, 5, 7}, {3, 7})


def test_which_unplayed_rounds_are_downfloats():
    """2025 1.4.3: a round scored without playing for more than a loss (3's forfeit win, 5's
    full-point bye, 7's PAB); 2017 A.4.b: every round not played (4's forfeit loss and 6's
    zero-point bye too). Played games float by the scores before them (1-2: equal, none)."""
    down_2025 = {n for n, s in _states(TEXT_2025).items() if s.floated(1) == 1}
    down_2017 = {n for n, s in _states(TEXT_2017).items() if s.floated(1) == 1}
    assert (down_2025, down_2017) == ({3, 5, 7}, {3, 4, 5, 6, 7})


def test_an_event_is_paired_by_the_text_in_force_when_it_started():
    t = tournament_from_text(7, ROUNDS, total_rounds=5, start_date="2025/11/02")
    assert pair_round(t, 2).text is TEXT_2017
    assert pair_round(t, 2, text=TEXT_2025).text is TEXT_2025
    later = tournament_from_text(7, ROUNDS, total_rounds=5, start_date="2026/02/01")
    assert pair_round(later, 2).text is TEXT_2025


def test_the_2017_check_names_criteria_as_that_text_numbers_them():
    assert [TEXT_2017.number(c) for c in ("C1", "C6", "C7", "C8", "C10", "C18", "C21")] == \
        ["C.1", "C.5", "C.6", "C.7", "C.8", "C.16", "C.19"]
    assert TEXT_2025.number("C18") == "C18"


def test_a_tournament_type_names_a_text_by_its_year():
    """bbpPairings writes the 2025 text as FIDE_DUTCH_2025, gacrux as FIDE_DUTCH_2026, and the
    older one as FIDE_DUTCH_2017; a bare type, or a year of no text the engine has, names none."""
    named = {t: text_named(t) for t in ("FIDE_DUTCH_2017", "fide_dutch_2017_baku", "FIDE_DUTCH_2025",
                                        "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026", "FIDE_DUTCH", "FIDE_DUTCH_BAKU",
                                        "FIDE_DUTCH_2013", "FIDE_DUTCH_20170", "Swiss Dutch 2017")}
    assert named == {"FIDE_DUTCH_2017": TEXT_2017, "fide_dutch_2017_baku": TEXT_2017, "FIDE_DUTCH_2025": TEXT_2025,
                     "FIDE_DUTCH_2025_BAKU": TEXT_2025, "FIDE_DUTCH_2026": TEXT_2025, "FIDE_DUTCH": None,
                     "FIDE_DUTCH_BAKU": None, "FIDE_DUTCH_2013": None, "FIDE_DUTCH_20170": None,
                     "Swiss Dutch 2017": None}
