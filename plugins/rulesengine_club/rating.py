"""The club rating ladder as a rating system, `club` (club ladder policy, shared/docs/domain.md
section 2; the rules themselves are in `rulesengine_club.policy`).

One event is rated from the records everyone held before it; every change is applied at its end,
so the order in which boards finished never matters. A season is a replay: `record_after` of one
event is the record before the next (`rulesengine.rating.next_records`), with the rating at full
precision and `games` counting only the games that moved the player's rating.

Figures per player: `rating_before` and `rating_after` are the stored ratings (full precision);
`change` is K x (score - sum of E), unrounded; `change_published` is the change between the
ratings as shown (one decimal, half away from zero), so shown before + shown change = shown after.
`extra` holds the shown ratings, the games and provisional status before and after the event.

Option `expected_scores`: `exact` (default, the ladder's rule) or `two-decimal` (each E rounded to
two decimals before summing, the guide's hand method, for checking figures against it).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Mapping

from rulesengine.errors import UsageError
from rulesengine.model import DRAW_CODES, LOSS_CODES, WIN_CODES, EntryKind, RoundEntry, Tournament
from rulesengine.rating import (GameRating, PlayerRating, RatingReport, RatingRequest, RatingSystem, UnratedRound,
                                event_date_of, rating_score)
from rulesengine_club import policy
from rulesengine_club.policy import Standing

NAME = "club"
OPTIONS = {"expected_scores": "exact (default: the ladder's rule) or two-decimal (each E rounded to two decimals "
                              "before summing, as the guide's hand method)",
           "start_rating": "a newcomer's rating (default 1200)",
           "k_first": "K for a player's first rated games (default 40)",
           "first_games": "how many rated games K k_first lasts (default 20)",
           "k_after": "K after those games (default 20)",
           "provisional_games": "rated games before a player is established (default 5)"}
# The club's own numbers (policy.Settings): option name -> (field, type).
SETTING_OPTIONS = {"start_rating": float, "k_first": float, "first_games": int, "k_after": float,
                   "provisional_games": int}


def rate(request: RatingRequest) -> RatingReport:
    """Rate one club event from everyone's pre-event ladder record (club ladder policy,
    shared/docs/domain.md section 2)."""
    mode = _expected_mode(request.options)
    settings = club_settings(request.options)
    tournament = request.tournament
    standings = {p.start_rank: policy.standing(request.record(p.start_rank), settings) for p in tournament.players}
    players = tuple(_rate_player(tournament, p.start_rank, p.name, request, standings, mode, settings)
                    for p in tournament.players)
    return RatingReport(NAME, _description(mode, settings), players, notes=_notes(request, standings, settings),
                        event_date=event_date_of(request))


def club_settings(options: Mapping) -> policy.Settings:
    """The club's numbers from the rating options (start_rating, k_first, ...); the guide's by default."""
    values = {}
    for name, kind in SETTING_OPTIONS.items():
        if name not in options:
            continue
        raw = options[name]
        try:
            value = kind(raw) if not isinstance(raw, str) else kind(raw.strip())
        except (TypeError, ValueError):
            raise UsageError(f"option {name} must be a {'whole ' if kind is int else ''}number, not {raw!r}") from None
        # A rating may be any finite number; K must move a rating; game counts cannot be negative.
        bad = (not math.isfinite(value) or (name in ("k_first", "k_after") and value <= 0)
               or (kind is int and value < 0))
        if bad:
            raise UsageError(f"option {name} must be a {'positive number' if kind is float else 'count'}, "
                             f"not {raw!r}")
        values[name] = value
    return policy.Settings(**values) if values else policy.DEFAULT_SETTINGS


def _expected_mode(options: Mapping) -> str:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise UsageError(f"rating system {NAME!r} has no option {unknown[0]!r}; its options: {', '.join(OPTIONS)}")
    mode = str(options.get("expected_scores", policy.EXPECTED_EXACT)).strip().lower()
    if mode not in policy.EXPECTED_MODES:
        raise UsageError(f"option expected_scores must be {' or '.join(policy.EXPECTED_MODES)}, not {mode!r}")
    return mode


def _rate_player(tournament: Tournament, start_rank: int, name: str, request: RatingRequest,
                 standings: Mapping[int, Standing], mode: str, settings: policy.Settings) -> PlayerRating:
    own = standings[start_rank]
    games: list[GameRating] = []
    byes: list[UnratedRound] = []
    protected = halves = 0
    two_decimal = mode == policy.EXPECTED_TWO_DECIMAL
    for entry in tournament.entries(start_rank):
        if entry.opponent is None:
            byes.append(UnratedRound(entry.round, entry.kind.value,
                                     "no game played: byes and absences are never rated "
                                     f"({policy.POLICY})"))
            continue
        opponent = standings[entry.opponent]
        reason = policy.unrated_reason(entry)
        if reason is not None:
            games.append(GameRating(entry.round, entry.opponent, None, None, _entry_score(entry), False, reason,
                                    opponent_rating=opponent.rating))
            continue
        score = rating_score(entry)
        counts, reason = policy.protection(own, opponent)
        if not counts:
            protected += 1
            games.append(GameRating(entry.round, entry.opponent, None, None, score, False, reason,
                                    opponent_rating=opponent.rating))
            continue
        expected = policy.expected_score(own.rating, opponent.rating, mode)
        halves += _HALVES[entry.code]
        if two_decimal:
            change = _times_k(own.k, score - expected)
        else:
            change = own.k * (_HALVES[entry.code] / 2 - expected)
        games.append(GameRating(entry.round, entry.opponent, opponent.rating, expected, score, True, reason,
                                change=change, opponent_rating=opponent.rating))
    counted = [g for g in games if g.rated]
    # Scores are halves: counted as whole halves, one Fraction at the end (adding Fractions one by
    # one is most of the cost of a season's replay).
    score_total = Fraction(halves, 2)
    if mode == policy.EXPECTED_TWO_DECIMAL:
        expected_total = sum((g.expected for g in counted), Fraction(0))
        change = _times_k(own.k, score_total - expected_total)
    else:
        # fsum is correctly rounded: the total does not depend on the order the games are added in.
        expected_total = math.fsum(g.expected for g in counted)
        change = _times_k(own.k, float(score_total) - expected_total)
    rating_after = own.rating + float(change)
    games_after = None if own.games is None else own.games + len(counted)
    shown_before, shown_after = policy.shown(own.rating), policy.shown(rating_after)
    record = request.record(start_rank)
    record_after = replace(record, rating=rating_after, games=games_after, assumed=())
    notes = []
    if not counted:
        notes.append("no rated game in this event: rating unchanged")
    if protected:
        notes.append(f"{protected} game(s) against provisional opponents did not move this rating (protection "
                     f"rule) and do not count toward this player's games")
    return PlayerRating(
        start_rank=start_rank, name=name, rating_before=own.rating, k=own.k, games=tuple(games),
        expected_total=expected_total, score_total=score_total, change=float(change),
        change_published=policy.shown(shown_after - shown_before),
        rating_after=rating_after, initial_rating=False,
        rules=own.rules + (_expected_rule(mode), "change = K x sum(S - E), applied at the end of the event",
                           "stored at full precision, shown to one decimal (half away from zero)"),
        notes=tuple(notes), record_after=record_after, assumed=own.assumed, unrated_rounds=tuple(byes),
        extra={"rating_before_shown": shown_before, "rating_after_shown": shown_after,
               "games_before": own.games, "games_after": games_after, "provisional": own.provisional,
               "provisional_after": policy.is_provisional(settings.first_games if games_after is None else games_after,
                                                        settings),
               "protected_games": protected})


# A rated game's score in half points, by result code (1 = 2, = = 1, 0 = 0).
_HALVES = {**{code: 2 for code in WIN_CODES}, **{code: 1 for code in DRAW_CODES}, **{code: 0 for code in LOSS_CODES}}


def _entry_score(entry: RoundEntry) -> Fraction:
    """The score of an entry with an opponent; a forfeit scores 1 or 0 (it is never rated)."""
    score = rating_score(entry)
    if score is not None:
        return score
    return Fraction(1) if entry.kind is EntryKind.FORFEIT_WIN else Fraction(0)


def _times_k(k: float, delta: float | Fraction) -> float | Fraction:
    """K x delta; exact when delta is (two-decimal expected scores are exact hundredths)."""
    return Fraction(k) * delta if isinstance(delta, Fraction) else k * delta


def _expected_rule(mode: str) -> str:
    if mode == policy.EXPECTED_TWO_DECIMAL:
        return ("E = 1 / (1 + 10^(-D/400)) rounded to two decimals before summing (option expected_scores="
                "two-decimal, the guide's hand method; the ladder's rule is exact)")
    return "E = 1 / (1 + 10^(-D/400)), exact, never rounded before summing"


def _description(mode: str, settings: policy.Settings = policy.DEFAULT_SETTINGS) -> str:
    text = f"club ladder (shared/docs/domain.md section 2): {settings.describe()}, protection rule"
    return text + (", expected scores to two decimals (option)" if mode == policy.EXPECTED_TWO_DECIMAL else "")


def _notes(request: RatingRequest, standings: Mapping[int, Standing],
           settings: policy.Settings = policy.DEFAULT_SETTINGS) -> tuple[str, ...]:
    """Event-level notes: the defaults assumed (so a plain table output says so too)."""
    notes = []
    newcomers = [sno for sno, s in standings.items() if request.record(sno).rating is None]
    if newcomers:
        notes.append(f"no rating for {_players(newcomers)}: started at {settings.start_rating:g}, the ladder's start rating")
    unknown_games = [sno for sno, s in standings.items() if s.games is None]
    if unknown_games:
        notes.append(f"rated games before the event unknown for {_players(unknown_games)}: assumed "
                     f"{settings.first_games} or more (established, K {settings.k_after:g}); give them with "
                     f"--rating-list (games column) or the Players sheet")
    if request.rule_set:
        notes.append(f"rule set {request.rule_set!r} ignored: the club ladder has no dated rule sets")
    return tuple(notes)


def _players(start_ranks: list[int]) -> str:
    listed = ", ".join(str(sno) for sno in sorted(start_ranks))
    return f"player{'s' if len(start_ranks) > 1 else ''} {listed}"


SYSTEM = RatingSystem(NAME, "the club rating ladder: start 1200, K 40 then 20, provisional until 5 games, "
                            "protection rule (shared/docs/domain.md section 2)", rate, options=OPTIONS)

SYSTEMS = [SYSTEM]
