"""The club ladder policy (shared/docs/domain.md section 2), one rule per function.

* Everyone starts at 1200.
* K = 40 for a player's first 20 rated games, then 20.
* A player is provisional until 5 rated games.
* Protection rule: a provisional opponent cannot move an established player's rating; when both
  are provisional the game counts fully for both.
* Each event is computed from the ratings held before it; K and provisional status are fixed for
  the whole event from the games before it (product decision).
* A game that did not move a player's rating (an established player against a provisional one)
  does not count toward that player's games; the provisional player moves by its full K and the
  game counts for it (product decision).
* Expected scores use the exact logistic formula, never rounded before summing (product
  decision); ratings are stored at full precision and shown to one decimal, half away from zero.
* Never rated: byes, forfeits and no-shows, games the organiser marked unrated (TRF W/D/L).
  "Against opponents who have ratings" never excludes a game here: everyone on the ladder has a
  rating, a newcomer's being the start rating 1200.

The guide itself rounds each expected score to two decimals; `EXPECTED_TWO_DECIMAL` reproduces
its hand method for a club that wants to check the guide's figures (option
`expected_scores=two-decimal`), never by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rulesengine.model import EntryKind, RoundEntry
from rulesengine.rating import RatingRecord, round_half_away_from_zero

START_RATING = 1200.0
K_FIRST_GAMES = 40
K_AFTER = 20
FIRST_GAMES = 20          # K 40 for the first 20 rated games
PROVISIONAL_GAMES = 5     # provisional until 5 rated games
SHOWN_DECIMALS = 1

EXPECTED_EXACT = "exact"
EXPECTED_TWO_DECIMAL = "two-decimal"
EXPECTED_MODES = (EXPECTED_EXACT, EXPECTED_TWO_DECIMAL)

POLICY = "club ladder policy, shared/docs/domain.md section 2"


@dataclass(frozen=True)
class Settings:
    """The club's own numbers for the policy's rules; the defaults are the guide's (section 2).

    A club may choose another start rating, other K steps or another provisional threshold (the
    season store records them, rating option names in brackets); the rules stay the same.
    """

    start_rating: float = START_RATING      # start_rating
    k_first: float = K_FIRST_GAMES          # k_first: K for the first `first_games` rated games
    first_games: int = FIRST_GAMES          # first_games
    k_after: float = K_AFTER                # k_after: K from then on
    provisional_games: int = PROVISIONAL_GAMES  # provisional_games: provisional until this many

    def describe(self) -> str:
        return (f"start {self.start_rating:g}, K {self.k_first:g} for the first {self.first_games} rated games then "
                f"{self.k_after:g}, provisional until {self.provisional_games} rated games")


DEFAULT_SETTINGS = Settings()


def k_factor(games_before: int, settings: Settings = DEFAULT_SETTINGS) -> float:
    """K 40 for a player's first 20 rated games, then 20; fixed for an event by the games before it."""
    k = settings.k_first if games_before < settings.first_games else settings.k_after
    return int(k) if float(k).is_integer() else k


def is_provisional(games_before: int, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Provisional until 5 rated games (shown greyed and listed below established players)."""
    return games_before < settings.provisional_games


def logistic_expected(own: float, opponent: float) -> float:
    """E = 1 / (1 + 10^((R_opp - R_own) / 400)), shared/docs/domain.md section 1; never rounded."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - own) / 400.0))


def expected_score(own: float, opponent: float, mode: str) -> float | Fraction:
    """The expected score of one game: exact (the ladder's rule), or to two decimals (the guide's
    hand method, half away from zero), kept as exact hundredths so the sum has no binary noise."""
    exact = logistic_expected(own, opponent)
    if mode == EXPECTED_TWO_DECIMAL:
        return Fraction(repr(round_half_away_from_zero(exact, 2)))
    return exact


def shown(rating: float) -> float:
    """A rating as the ladder shows it: one decimal, half away from zero (stored at full precision).

    The same figure as `round_half_away_from_zero(rating, 1)`, faster: a float can only be a tie
    for one decimal when its shortest decimal form ends in 5 at the second decimal (a tie point
    between the float and its shortest form would itself be a shorter form); every other float
    rounds the same to nearest either way, and the built-in round does that exactly.
    """
    text = repr(rating)
    point = text.find(".")
    if point < 0 or "e" in text or (len(text) - point == 3 and text[-1] == "5"):
        return round_half_away_from_zero(rating, SHOWN_DECIMALS)
    return round(rating, SHOWN_DECIMALS) + 0.0


@dataclass(frozen=True)
class Standing:
    """A player's ladder standing for one event, fixed from the games before it.

    `games` is None when the rated games before the event are unknown (a rating was given without
    a games count): the player is then taken as established with K 20, and `assumed` says so.
    """

    rating: float
    games: int | None
    k: float
    provisional: bool
    assumed: tuple[str, ...]
    rules: tuple[str, ...]


def standing(record: RatingRecord, settings: Settings = DEFAULT_SETTINGS) -> Standing:
    """The rating, K and provisional status an event uses for a player, and what was assumed."""
    assumed = list(record.assumed)
    rating, games = record.rating, record.games
    start = f"{settings.start_rating:g}"
    if rating is None:
        rating = settings.start_rating
        if games is None:
            games = 0
            assumed.append(f"no ladder rating: a newcomer, starts at {start} with no rated games (club ladder policy)")
        else:
            assumed.append(f"no ladder rating given ({games} rated games): {start} assumed, the ladder's start")
    elif games is None:
        assumed.append(f"rated games before the event unknown: assumed {settings.first_games} or more "
                       f"(established, K {settings.k_after:g})")
    count = settings.first_games if games is None else games
    provisional = is_provisional(count, settings)
    if record.k is not None:
        k: float = int(record.k) if float(record.k).is_integer() else float(record.k)
    else:
        k = k_factor(count, settings)
    rules = _rules(k, record.k is not None, count < settings.first_games, provisional, settings)
    return Standing(float(rating), games, k, provisional, tuple(assumed), rules)


@lru_cache(maxsize=256)
def _rules(k: float, explicit: bool, first_games: bool, provisional: bool, settings: Settings) -> tuple[str, ...]:
    """The words for the K and status rules (a handful of distinct texts; built once each)."""
    steps = f"K {settings.k_first:g} for the first {settings.first_games} rated games, then {settings.k_after:g}"
    if explicit:
        first = f"K {k:g} given explicitly (overrides the ladder's K {settings.k_first:g} then {settings.k_after:g})"
    else:
        first = (f"K {k:g}: " + (f"fewer than {settings.first_games} rated games before the event" if first_games
                                 else f"{settings.first_games} or more rated games before the event")
                 + f" ({steps}; fixed for the whole event)")
    status = (f"provisional: fewer than {settings.provisional_games} rated games before the event" if provisional
              else f"established: {settings.provisional_games} or more rated games before the event")
    return first, status


def unrated_reason(entry: RoundEntry) -> str | None:
    """Why an entry with an opponent is never rated, or None for a game played over the board.

    Rule of thumb of the policy: rate games that were played, by who played them.
    """
    kind = entry.kind
    if kind in (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.DOUBLE_FORFEIT):
        return f"unplayed game ({kind.value}): forfeits and no-shows are never rated ({POLICY})"
    if kind is EntryKind.UNRATED_GAME:
        return "played but marked not to be rated (TRF W/D/L result)"
    if kind is not EntryKind.GAME:
        return f"no game ({kind.value}): never rated"
    return None


def protection(own: Standing, opponent: Standing) -> tuple[bool, str]:
    """Whether a played game moves this player's rating under the protection rule, and why."""
    if not own.provisional and opponent.provisional:
        return False, ("protection rule: a provisional opponent cannot move an established player's rating; "
                       "the game does not count toward this player's games")
    if own.provisional and opponent.provisional:
        return True, "rated: both players provisional, the game counts fully for both"
    if own.provisional:
        return True, "rated: provisional against an established opponent, moves by its full K and the game counts"
    return True, "rated: game played between established players"
