"""Rating one event with the five steps of Glickman & Doan (revised September 2020), section 1.

1. Temporary initial ratings for unrated players (`initial`).
2. Effective number of games N' for everyone.
3. For unrated players whom Step 1 gives N = 0: a first estimate by the special formula with N'
   set to 1, opponents at their pre-event (or Step 1) ratings.
4. Intermediate ratings for everyone (special or standard formula), opponents at their
   pre-event ratings, unrated ones at their Step 3 estimate (or Step 1 rating when N > 0).
5. Final ratings: Step 4 again from the same priors, with unrated opponents now represented by
   their Step 4 intermediate ratings [U: the 2020 wording of Step 5 was only partly readable; for
   events without unrated players Steps 4 and 5 agree].

Then floors, and the record after the event. Ratings stay floats; the published rating is the
float rounded to the nearest whole number (`extra["rating_published"]`). A special-formula player
has no K; each game's `expected` is then PWe at the new rating, so the expectations and the prior's
N' PWe term add up to the adjusted score S'.

Which games count: games played over the board in the event (TRF 1 = 0). Forfeits, byes and
unrated games (W D L) are not rated ("games in which one player makes no move are not rated").

Pre-event records (`RatingRecord`): `rating` and `games` (N) in the system being rated,
`birth_date`/`birth_year` for the age-based estimate, `highest_rating` = highest established
rating (floors). `extra` keys, all optional: `uschess_wins`, `uschess_draws`, `uschess_losses`
(lifetime totals in this system: all-wins / all-losses histories and the absolute floor),
`uschess_events_3plus`, `uschess_olm`, `uschess_prize_floor`, `uschess_other_ratings` (for the
blended initialisation: [{"rating", "games", "source"}]).

Options: `time_control` ("G/45;d5"), `system` (OTBR, OTBQ, OTBB, OLR, OLQ, OLB), `online` (bool),
`special_flat_stretch` (document or interval; see `formulas.special_rating`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from rulesengine.errors import UsageError
from rulesengine.model import GAME_CODES, EntryKind
from rulesengine.rating import (GameRating, PlayerRating, RatingRecord, RatingReport, RatingRequest, UnratedRound,
                                parse_date, rating_score, round_half_away_from_zero, rule_set_for)

from rulesengine_uschess.rating.floors import player_floor
from rulesengine_uschess.rating.formulas import (FLAT_STRETCH_RULES, effective_games, provisional_expectancy,
                                                 special_rating, standard_rating)
from rulesengine_uschess.rating.initial import InitialRating, age_based_rating, age_in_years, blended_rating
from rulesengine_uschess.rating.parameters import OPTIONS, RULE_SETS, UsChessRules  # noqa: F401 (OPTIONS re-exported)
from rulesengine_uschess.rating.time_control import SYSTEM_NAMES, parse_time_control, systems_for

SYSTEM = "uschess"
ASSUMED_GAMES_WHEN_UNKNOWN = 50


@dataclass(frozen=True)
class Game:
    round: int
    opponent: int
    score: Fraction


@dataclass
class Player:
    """Working state of one player through the five steps."""

    start_rank: int
    record: RatingRecord
    games: list[Game]
    prior: float = 0.0              # R0: pre-event rating, or the Step 1 value
    prior_games: float = 0.0        # N
    initial: InitialRating | None = None
    effective: float = 0.0          # N'
    step3: float | None = None
    step4: float | None = None
    final: float | None = None
    rules: list[str] = field(default_factory=list)
    k: float | None = None
    expected: list[float] = field(default_factory=list)
    changes: list[float | None] = field(default_factory=list)
    opponent_ratings: list[float] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)

    @property
    def unrated(self) -> bool:
        return self.record.rating is None

    @property
    def history(self) -> str | None:
        extra = self.record.extra
        wins, losses = int(extra.get("uschess_wins", 0) or 0), int(extra.get("uschess_losses", 0) or 0)
        n = int(self.record.games or 0)
        if n > 0 and wins == n:
            return "wins"
        if n > 0 and losses == n:
            return "losses"
        return None

    def uses_special(self, rules: UsChessRules) -> bool:
        return self.prior_games <= rules.special_max_games or self.history is not None


def _event_date(request: RatingRequest) -> date | None:
    """US Chess dates its rule changes by the event's end: "events ending on or after"."""
    if request.event_date is not None:
        return request.event_date
    t = request.tournament
    return parse_date(t.end_date) or parse_date(t.start_date)


def _choose_system(request: RatingRequest) -> tuple[str, bool, list[str]]:
    """The system to rate, whether the event is dual-rated (for OTBR's K), and notes."""
    options = request.options
    online = str(options.get("online", "")).lower() in ("1", "true", "yes")
    forced = (options.get("system") or "").upper() or None
    notes = []
    text = options.get("time_control") or _declared_time_control(request.tournament)
    if text:
        control = parse_time_control(str(text))
        systems = systems_for(control, online)
        dual = "OTBR" in systems and "OTBQ" in systems
        if forced and forced not in systems:
            raise UsageError(f"time control {control.text!r} (mm+ss = {control.total:g}) is rated in "
                             f"{', '.join(systems)}, not {forced}")
        system = forced or systems[0]
        if dual:
            notes.append(f"{control.text} (mm+ss = {control.total:g}) is dual-rated: OTB Regular and OTB Quick; "
                         f"this report is {SYSTEM_NAMES[system]}")
        return system, dual, notes
    system = forced or ("OLR" if online else "OTBR")
    if forced is None:
        notes.append(f"no time control given: rated as {SYSTEM_NAMES[system]} (assumed)")
    return system, False, notes


def _declared_time_control(tournament) -> str:
    """The time control the tournament file declares (TRF record 122), if any."""
    for code, text in tournament.header:
        if code == "122" and text.strip():
            return text.strip()
    return ""


def _initial(player: Player, on: date | None) -> None:
    """Step 1."""
    record = player.record
    if not player.unrated:
        player.prior = float(record.rating)
        if record.games is None:
            # Most rated players are established; N = 50 makes N' = N*(R0), the most any N gives.
            player.prior_games = float(ASSUMED_GAMES_WHEN_UNKNOWN)
            player.assumed.append(f"games count unknown: established, N = {ASSUMED_GAMES_WHEN_UNKNOWN} assumed")
        else:
            player.prior_games = float(record.games)
        return
    blended = blended_rating(record.extra.get("uschess_other_ratings") or ())
    if blended is None:
        birth = record.birth_date or (date(record.birth_year, 7, 1) if record.birth_year else None)
        age = age_in_years(birth, on) if birth and on else None
        blended = age_based_rating(age)
    player.initial = blended
    player.prior, player.prior_games = blended.rating, blended.games
    player.rules.append(f"step 1: initial rating {blended.rule}")


def _rated_games(request: RatingRequest, start_rank: int) -> tuple[list[Game], list[GameRating], list[UnratedRound]]:
    games, not_rated, unrated_rounds = [], [], []
    for entry in request.tournament.entries(start_rank):
        if entry.code in GAME_CODES and entry.opponent is not None:
            games.append(Game(entry.round, entry.opponent, rating_score(entry)))
        elif entry.opponent is not None:
            reason = ("unrated game (W/D/L): not to be rated" if entry.kind is EntryKind.UNRATED_GAME
                      else f"{entry.kind.value}: not rated (a game in which a player makes no move is not rated)")
            points = rating_score(entry) if entry.kind is EntryKind.UNRATED_GAME else request.tournament.scoring.points(entry)
            not_rated.append(GameRating(entry.round, entry.opponent, None, None, points, False, reason))
        else:
            unrated_rounds.append(UnratedRound(entry.round, entry.kind.value, "no game: not rated"))
    return games, not_rated, unrated_rounds


def _solve(player: Player, opponents: list[float], rules: UsChessRules, dual: bool, effective: float,
           flat_stretch: str) -> float:
    scores = [float(g.score) for g in player.games]
    if player.uses_special(rules):
        result = special_rating(player.prior, effective, opponents, sum(scores),
                                player.history, rules, flat_stretch)
        player.k = None
        player.expected = [provisional_expectancy(result.rating, o) for o in opponents]
        player.changes = [None] * len(opponents)
        why = "N <= 8" if player.prior_games <= rules.special_max_games else f"all previous games {player.history}"
        player.rules = [r for r in player.rules if not r.startswith(("special", "standard", "bonus"))]
        player.rules.append(f"special formula ({why}), N' = {effective:.4f}, section 4.1"
                            + (f"; all-{player.history} prior R0' = {result.adjusted_prior:g}"
                               if player.history else "")
                            + ("; flat stretch: prior kept" if result.flat_stretch else "")
                            + ("; capped at 2700" if result.capped else ""))
        return result.rating
    meetings = max(Counter(g.opponent for g in player.games).values())
    result = standard_rating(player.prior, effective, opponents, scores, dual, meetings, rules)
    player.k = result.k
    player.expected = list(result.expected)
    player.changes = [result.k * (s - e) for s, e in zip(scores, result.expected)]
    player.rules = [r for r in player.rules if not r.startswith(("special", "standard", "bonus"))]
    player.rules.append(f"standard formula, K = 800/(N' + m) = {result.k:.4f}"
                        + (" x dual-rated OTBR factor" if dual and player.prior > rules.dual_k_threshold else "")
                        + ", section 4.2")
    if result.bonus > 0:
        player.rules.append(f"bonus {result.bonus:.4f} (B = {rules.bonus_threshold:g}, rule set {rules.name})")
    elif not result.bonus_applies:
        player.rules.append("bonus not applicable (fewer than 3 games, or an opponent met more than twice)")
    return result.rating


def rate(request: RatingRequest) -> RatingReport:
    on = _event_date(request)
    rules, why = rule_set_for(RULE_SETS, on, request.rule_set)
    system, dual, notes = _choose_system(request)
    dual_regular = dual and system == "OTBR"
    flat_stretch = str(request.options.get("special_flat_stretch") or "document").lower()
    if flat_stretch not in FLAT_STRETCH_RULES:
        raise UsageError(f"special_flat_stretch must be one of {', '.join(FLAT_STRETCH_RULES)}, not {flat_stretch!r}")
    t = request.tournament

    players: dict[int, Player] = {}
    extras: dict[int, tuple[list[GameRating], list[UnratedRound]]] = {}
    for p in t.players:
        games, not_rated, unrated_rounds = _rated_games(request, p.start_rank)
        players[p.start_rank] = Player(p.start_rank, request.record(p.start_rank), games)
        extras[p.start_rank] = (not_rated, unrated_rounds)

    for player in players.values():                                   # Step 1
        _initial(player, on)
    for player in players.values():                                   # Step 2
        player.effective = effective_games(player.prior, player.prior_games, rules)

    def pre_event(sno: int) -> float:
        return players[sno].prior

    for player in players.values():                                   # Step 3
        if player.unrated and player.prior_games == 0 and player.games:
            opponents = [pre_event(g.opponent) for g in player.games]
            player.step3 = special_rating(player.prior, 1.0, opponents, float(sum(g.score for g in player.games)),
                                          None, rules, flat_stretch).rating

    def step4_opponent(sno: int) -> float:
        opponent = players[sno]
        return opponent.step3 if opponent.step3 is not None else opponent.prior

    for player in players.values():                                   # Step 4
        if player.games:
            opponents = [step4_opponent(g.opponent) for g in player.games]
            player.step4 = _solve(player, opponents, rules, dual_regular, player.effective, flat_stretch)

    def step5_opponent(sno: int) -> float:
        opponent = players[sno]
        if opponent.unrated and opponent.step4 is not None:
            return opponent.step4
        return opponent.prior

    results = []
    for player in players.values():                                   # Step 5
        not_rated, unrated_rounds = extras[player.start_rank]
        if player.games:
            player.opponent_ratings = [step5_opponent(g.opponent) for g in player.games]
            player.final = _solve(player, player.opponent_ratings, rules, dual_regular, player.effective,
                                  flat_stretch)
        results.append(_player_rating(t, player, players, rules, system, not_rated, unrated_rounds))

    report_notes = tuple(notes) + ("effective games, special and standard formulas per Glickman & Doan, "
                                   "The US Chess Rating System (revised September 2020)",)
    return RatingReport(SYSTEM, f"US Chess {SYSTEM_NAMES[system]}, rule set {rules.name} ({why}): {rules.note}",
                        tuple(results), report_notes, rules.name, on)


def _player_rating(t, player: Player, players: dict[int, Player], rules: UsChessRules, system: str,
                   not_rated: list[GameRating], unrated_rounds: list[UnratedRound]) -> PlayerRating:
    record = player.record
    extra = record.extra
    m = len(player.games)
    wins = sum(1 for g in player.games if g.score == 1)
    draws = sum(1 for g in player.games if g.score == Fraction(1, 2))
    losses = m - wins - draws
    total_wins = int(extra.get("uschess_wins", 0) or 0) + wins
    total_draws = int(extra.get("uschess_draws", 0) or 0) + draws
    total_losses = int(extra.get("uschess_losses", 0) or 0) + losses
    events3 = int(extra.get("uschess_events_3plus", 0) or 0) + (1 if m >= 3 else 0)
    games_after = int(player.prior_games) + m
    rules_used = list(player.rules)

    before = None if player.unrated else float(record.rating)
    after = player.final if player.final is not None else before
    if after is not None and m:
        established_before = not player.unrated and player.prior_games > rules.established_after
        peak = record.highest_rating
        if established_before:
            peak = max(peak or 0.0, float(record.rating))
        floor, floor_kind = player_floor(wins=total_wins, draws=total_draws, events_with_three_games=events3,
                                         highest_established=peak, olm=bool(extra.get("uschess_olm")),
                                         prize_floor=extra.get("uschess_prize_floor"), regular=system == "OTBR",
                                         rules=rules)
        if after < floor:
            rules_used.append(f"{floor_kind} {floor:g} raised {after:.2f} to {floor:g}")
            after = floor

    games = [GameRating(g.round, g.opponent, o, e, g.score, True,
                        "played game: rated", c, opponent_rating=players[g.opponent].record.rating)
             for g, o, e, c in zip(player.games, player.opponent_ratings, player.expected, player.changes)]
    games += not_rated
    games.sort(key=lambda g: g.round)

    published_after = round_half_away_from_zero(after) if after is not None else None
    published_before = round_half_away_from_zero(before) if before is not None else None
    change = (after - before) if (after is not None and before is not None) else 0.0
    change_published = (published_after - published_before) if before is not None and after is not None else 0
    established_after = games_after > rules.established_after
    highest = record.highest_rating
    if established_after and after is not None:
        highest = max(highest or 0.0, after)
    record_after = replace(record, rating=after, games=games_after, highest_rating=highest, assumed=(),
                           extra={**extra, "uschess_wins": total_wins, "uschess_draws": total_draws,
                                  "uschess_losses": total_losses, "uschess_events_3plus": events3,
                                  "uschess_established": established_after})
    notes = []
    if player.unrated and m:
        notes.append("first rating: US Chess does not publish the initialised pre-event rating")
    status = (f"established ({games_after} games)" if established_after else f"provisional (P{games_after})")
    return PlayerRating(
        start_rank=player.start_rank, name=t.player(player.start_rank).name, rating_before=before, k=player.k,
        games=tuple(games), expected_total=sum(player.expected),
        score_total=sum((g.score for g in player.games), Fraction(0)),
        change=change, change_published=change_published, rating_after=after,
        initial_rating=player.unrated and after is not None, rules=tuple(rules_used), notes=tuple(notes),
        record_after=record_after,
        extra={"rating_published": published_after, "effective_games": player.effective, "status": status,
               "intermediate_rating": player.step4, "system": system,
               "prior_used": player.prior},
        unrated_rounds=tuple(unrated_rounds), assumed=tuple(player.assumed))

