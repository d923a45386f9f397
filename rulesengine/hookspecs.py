"""The hooks a rulesengine plugin can implement (pluggy project name "rulesengine").

A plugin is a module (or object) with functions decorated by `hookimpl`, named after the specs
below, and registered in the `rulesengine` entry-point group of its distribution:

    [project.entry-points.rulesengine]
    my_federation = "my_federation_rules.plugin"

Every record type and `hookimpl` are importable from `rulesengine.plugins`. Every hook returns a
list of small typed records; the registry checks each one when it loads (type, code grammar,
modifier letters; see `rulesengine.registry`), wraps its functions so that an exception names the
plugin, and flattens them; two plugins registering the same name is an error naming both. A
function named `rulesengine_...` that is not one of these hooks marks the plugin broken, naming
the known hooks. The built-in FIDE, US Chess, club, ratings, TRF and layouts plugins use exactly
these hooks.
"""

from __future__ import annotations

import pluggy

TYPE_CHECKING = False
if TYPE_CHECKING:   # the record types only annotate the hooks: not imported at start-up
    from rulesengine.formats.base import TournamentFormat
    from rulesengine.pairing import PairingSystem
    from rulesengine.rating import RatingSystem
    from rulesengine.team_pairing import TeamPairingSystem
    from rulesengine.team_tiebreak import TeamTiebreakPreset, TeamTiebreakRule
    from rulesengine.tiebreak import TiebreakLegend, TiebreakPreset, TiebreakRule
    from rulesengine.layout import CrosstableLayout
    from rulesengine.team_layout import TeamLayout

hookspec = pluggy.HookspecMarker("rulesengine")


@hookspec
def rulesengine_tiebreaks() -> list[TiebreakRule]:
    """Return the tie-break rules this plugin provides.

    Called once when the registry loads. Each `TiebreakRule` names its code (e.g. "BH", "SB" or
    a federation's own code: a capital letter, then capitals or digits), the article it
    implements, the modifier letters it accepts (a frozenset) and a pure `compute(spec, context)`
    returning a `TiebreakOutcome` with a value for every player. `standings` calls it with the
    criteria already applied in `context.previous`; `explain` (optional) breaks one player's value
    down. A rule whose text changed over time declares `rule_sets` and `rule_set_in_force`; the
    options it reads from `context.options` are declared in `options` (others are refused).

    Example::

        from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl

        def wins_with_black(spec, context):
            t = context.tournament
            return TiebreakOutcome({p.start_rank: sum(1 for e in t.entries(p.start_rank)
                                                      if e.colour.value == "b" and e.code.value == "1")
                                    for p in t.players})

        @hookimpl
        def rulesengine_tiebreaks():
            return [TiebreakRule("XBW", "Wins with Black", "Federation X rule 4.2", wins_with_black)]
    """


@hookspec
def rulesengine_team_tiebreaks() -> list[TeamTiebreakRule]:
    """Return the team tie-break rules this plugin provides (team events, issue 22).

    Each `TeamTiebreakRule` names its code (MPTS, BH, EMGSB, ...), the article, and a pure
    `compute(spec_text, context)` returning a value per team number; the spec text is the whole
    TRF-2026 record 202 spec (`BH:MP/C1/P`), the context a `TeamTiebreakContext` (the event, the
    rules date, the teams the earlier criteria leave tied, and `scratch`, one dict per ranking for
    what the rule derives from the event). Team standings rank by these. An optional
    `explain(spec_text, context, team)` returns a `TeamExplanation` (`TeamContribution` lines, round
    by round) for `rulesengine explain TEAM.trf --team N`; without it explain shows the value alone.

    Example::

        from rulesengine.team_tiebreak import TeamTiebreakRule

        def boards_won(spec, context):
            return {team.number: sum(1 for r in team.rounds for b in r.boards if b.points == 1)
                    for team in context.event.teams}

        @hookimpl
        def rulesengine_team_tiebreaks():
            return [TeamTiebreakRule("XBW", "Boards won", "Federation X rule 7", boards_won)]
    """


@hookspec
def rulesengine_team_tiebreak_presets() -> list[TeamTiebreakPreset]:
    """Return named team tie-break orders (team events, issue 22), usable in `--tiebreaks`.

    `specs_on(rules_date)` gives the order for the event's date; one preset may be the `default`
    (a team event whose file announces no order, record 202/212, is ranked by it). The codes are
    checked when a preset is used: an unknown one is a usage error naming the known codes.

    Example::

        from rulesengine.team_tiebreak import TeamTiebreakPreset

        @hookimpl
        def rulesengine_team_tiebreak_presets():
            return [TeamTiebreakPreset("fedx_league", "Federation X league (rule 7)",
                                       lambda rules_date: ("GPTS", "EGGSB", "BH:MP"))]
    """


@hookspec
def rulesengine_tiebreak_presets() -> list[TiebreakPreset]:
    """Return named tie-break orders, usable wherever a spec list is accepted.

    Every spec of a preset must name a code some loaded plugin provides, else the preset's plugin
    is marked broken.

    Example::

        @hookimpl
        def rulesengine_tiebreak_presets():
            return [TiebreakPreset("fedx", ("XBW", "BH/C1", "SB"), "Federation X's order (rule 4)")]
    """


@hookspec
def rulesengine_tiebreak_legends() -> list[TiebreakLegend]:
    """Return how published crosstables name this plugin's tie-breaks.

    Used to read a Swiss-Manager / chess-results legend ("Tie Break1: Buchholz Tie-Breaks (variabel
    with parameter)") into specs, and by audits to map a published column to a rule. The plugin
    that owns a code supplies its legend names; the core knows none. The pattern is a
    case-insensitive regular expression; most specific first.

    Example::

        @hookimpl
        def rulesengine_tiebreak_legends():
            return [TiebreakLegend(r"wins with black", "XBW", "Wins with Black (Federation X rule 4.2)")]
    """


@hookspec
def rulesengine_rating_systems() -> list[RatingSystem]:
    """Return the rating systems this plugin provides.

    `RatingSystem.rate(request)` is pure: from the event, the players' pre-event records and the
    event date it returns a `RatingReport` with every game's figures and the rule that decided
    each. Rules that changed over time are chosen by `request.event_date` unless
    `request.rule_set` forces one of `RatingSystem.rule_sets`. `explain(report, player)`
    (optional) returns a `RatingExplanation` with what `explain-rating` should add for this
    system (its own figures, e.g. RD); `options` declares the `--option` names it accepts.

    Example::

        from rulesengine.plugins import RatingSystem, hookimpl, lazy

        @hookimpl
        def rulesengine_rating_systems():
            return [RatingSystem("fedx", "Federation X national rating (rule 9)",
                                 lazy("fedx_rules.rating", "rate"), rule_sets=("fedx-2024", "fedx-2026"),
                                 options={"k": "K factor for juniors (default 40)"})]
    """


@hookspec
def rulesengine_pairing_systems() -> list[PairingSystem]:
    """Return the pairing systems this plugin provides (e.g. FIDE Dutch, C.04.3).

    `pair(request)` returns a tuple of `Pairing` for `request.round_number`.

    Example::

        @hookimpl
        def rulesengine_pairing_systems():
            return [PairingSystem("fedx-accelerated", "Federation X accelerated Swiss (rule 12)",
                                  lazy("fedx_rules.pairing", "pair"))]
    """


@hookspec
def rulesengine_team_pairing_systems() -> list[TeamPairingSystem]:
    """Return the team pairing systems this plugin provides (e.g. FIDE's team Swiss, C.04.6).

    Called when a team event (TRF records 310/013) is paired. Each `TeamPairingSystem` names the
    system and gives `pair_round(event, round_number)` returning a `PairedRound` of team numbers
    (white team first, the PAB and unpaired teams in `byes`), and optionally `check(event)` (one
    `RoundCheck` per recorded round) and `explain(event, round_number)` (text).

    Example::

        from rulesengine.pairing import PairedRound, Pairing
        from rulesengine.team_pairing import TeamPairingSystem

        def by_number(event, round_number):
            teams = [team.number for team in event.teams]
            return PairedRound(round_number, tuple(Pairing(a, b) for a, b in zip(teams[::2], teams[1::2])))

        @hookimpl
        def rulesengine_team_pairing_systems():
            return [TeamPairingSystem("fedx-league", "Federation X league (rule 9)", by_number)]
    """


@hookspec
def rulesengine_formats() -> list[TournamentFormat]:
    """Return the tournament file formats this plugin can read and/or write (e.g. TRF-16).

    `read(path, encoding)` returns a Tournament (raising InputError with `FILE:LINE:COL` for bad
    input); `write(tournament)` returns the file's text. A file is given to the format whose
    `extensions` include its suffix.

    Example::

        @hookimpl
        def rulesengine_formats():
            return [TournamentFormat("fedx-csv", (".fxc",), "Federation X result CSV",
                                     read=lazy("fedx_rules.csv_format", "read"))]
    """


@hookspec
def rulesengine_crosstable_layouts() -> list[CrosstableLayout]:
    """Return the workbook crosstable layouts this plugin provides (e.g. a federation's own sheet).

    Each `CrosstableLayout` (`rulesengine.layout`) carries every operation the engine needs on its
    sheets. `detect(grid)` must be cheap and say whether a sheet's grid is in this layout;
    `read(grid, *, scoring, name, kind)` returns the Tournament or raises InputError naming cells
    (`Sheet!Cell: message`). Optional, `None` when the layout lacks them: `locate(grid)` where each
    player's rounds live (`CrosstableCells`), `entry(cells, start_number, round)` what a round's
    cells hold (a `RawEntry`, None when empty) and `write(cells, start_number, entry, result_only)`
    the cells of a round's entry in the layout's notation (NoNotation for what it cannot express):
    with these three `pair BOOK` pairs into the sheet and Recalculate folds the results of the
    Pairings sheet into it; `export(tournament, sheet)` the tournament as a grid `read` reads back;
    `published(grid)` the standings columns the sheet printed (`PrintedStandings`), which the
    Standings sheet and `audit` compare with ours. Built-in layouts are tried first, then the
    plugins' in load order. `rulesengine.layout_cells` has the helpers the built-ins read with.

    Example::

        import re
        from rulesengine.grid import Grid, cell_address, text
        from rulesengine.layout import CrosstableCells, NoNotation, RawEntry
        from rulesengine.layout_cells import Problems, RawPlayer, build_tournament, numbered_rows

        # Federation X: `Nr | Name | Runde 1 | Runde 2 ...`, a round `5w1` (opponent, colour, result).
        FEDX_CELL = re.compile(r"([0-9]+)([wb])([10½])")
        FEDX_CODES = {"1": ResultCode.WIN, "0": ResultCode.LOSS, "½": ResultCode.DRAW}
        FEDX_LETTERS = {code: letter for letter, code in FEDX_CODES.items()}

        def fedx_detect(grid):
            return grid.height > 0 and text(grid.value(0, 2)) == "Runde 1"

        def fedx_locate(grid):
            rounds = {c - 1: (c,) for c in range(2, grid.width) if text(grid.value(0, c)).startswith("Runde")}
            return CrosstableCells(grid, numbered_rows(grid, range(1, grid.height), 0), rounds)

        def fedx_entry(cells, start_number, round_number):
            r, (c,) = cells.rows[start_number], cells.rounds[round_number]
            found = FEDX_CELL.fullmatch(text(cells.grid.value(r, c)))  # a real layout reports a bad cell
            return found and RawEntry(round_number, int(found[1]), Colour(found[2]), FEDX_CODES[found[3]],
                                      cell_address(r, c))

        def fedx_read(grid, *, scoring=STANDARD_SCORING, name="", kind="swiss"):
            cells = fedx_locate(grid)
            players = [RawPlayer(sno, text(grid.value(r, 1)), r, cell_address(r, 1),
                                 [e for n in cells.rounds if (e := fedx_entry(cells, sno, n))])
                       for sno, r in cells.rows.items()]
            return build_tournament(players, len(cells.rounds), Problems(grid.sheet), name=name, kind=kind,
                                    scoring=scoring, layout="fedx_sheet")

        def fedx_write(cells, start_number, entry, result_only=False):
            if entry.code not in FEDX_LETTERS or entry.opponent is None:
                raise NoNotation("a Federation X sheet has no notation for byes, forfeits or unrated games")
            r, (c,) = cells.rows[start_number], cells.rounds[entry.round]
            return {cell_address(r, c): f"{entry.opponent}{entry.colour.value}{FEDX_LETTERS[entry.code]}"}

        def fedx_export(tournament, sheet):  # an event of games only: the notation has no byes
            return Grid(sheet, [["Nr", "Name", *(f"Runde {n}" for n in range(1, tournament.rounds + 1))]]
                        + [[p.start_rank, p.name, *(f"{e.opponent}{e.colour.value}{FEDX_LETTERS[e.code]}"
                                                    for e in tournament.entries(p.start_rank))]
                           for p in tournament.players])

        @hookimpl
        def rulesengine_crosstable_layouts():
            return [CrosstableLayout("fedx_sheet", "a Federation X result sheet (Runde 1, Runde 2, ...)",
                                     fedx_detect, fedx_read, aliases=("fedx",), locate=fedx_locate,
                                     entry=fedx_entry, write=fedx_write, export=fedx_export,
                                     round_columns="column (Runde {n})")]
    """


@hookspec
def rulesengine_team_layouts() -> list[TeamLayout]:
    """Return the team-event workbook layouts this plugin provides (issue 22: a federation's own
    team sheets).

    A team event spans several sheets, so a `TeamLayout` (`rulesengine.team_layout`) sees the
    whole book: `detect(grids)` says cheaply whether the book (sheet name -> `Grid`) holds a team
    event in this layout; `read(grids, *, name)` returns the `TeamTournament` or raises
    InputError naming `Sheet!Cell` for every inconsistency; `export(event)` (optional) gives the
    event as the layout's sheets, which `read` reads back. `rulesengine recalc` then writes the
    Team Standings sheet (the engine's, whatever the layout). Built-in layouts are tried first.

    Example::

        from fractions import Fraction
        from rulesengine.grid import Grid, text
        from rulesengine.team import MatchKind, Team, TeamRound, TeamTournament
        from rulesengine.team_layout import TeamLayout

        # Federation X: a `Liga` sheet, one row per team: number, name, then its match points
        # and game points round by round (`2/3.5`), no boards (a club league's summary sheet).
        def fedx_detect(grids):
            return "Liga" in grids and text(grids["Liga"].value(0, 0)) == "Nr"

        def fedx_read(grids, *, name=""):
            grid = grids["Liga"]
            teams = []
            for r in range(1, grid.height):
                cells = [text(v) for v in grid.rows[r]]
                rounds = tuple(TeamRound(n, None, MatchKind.MATCH, Fraction(mp), Fraction(gp))
                               for n, cell in enumerate(cells[2:], start=1) for mp, _, gp in (cell.partition("/"),))
                teams.append(Team(int(cells[0]), cells[1], (), rounds=rounds))
            return TeamTournament(Tournament(name, (), max(len(t.rounds) for t in teams)), tuple(teams), 0)

        @hookimpl
        def rulesengine_team_layouts():
            return [TeamLayout("fedx_liga", "a Federation X league sheet (Liga: Nr, Team, rounds)",
                               fedx_detect, fedx_read, sheets=("Liga",))]
    """


@hookspec
def rulesengine_audit_explainers() -> list:
    """Return what this plugin knows about how published tie-break values come to differ.

    Used by `rulesengine audit`. Each `AuditExplainer` (`rulesengine.plugins`) names the tie-break
    codes it covers, the rules edition in force on a date, and the alternative readings
    of a rule (other dated texts of the regulations, known program variants) that the audit
    recomputes a column under, with the article explaining the difference in words when one of
    them reproduces the published value. The core audit knows no federation's rules. For team
    events (issue 22) an explainer also maps published team columns (`team_legends`, a tuple of
    `TiebreakLegend` giving team specs such as `BH:MP`) and offers `team_readings(spec, date)`:
    `TeamReading(label, compute(spec, TeamTiebreakContext), explain(event, team, spec))`.

    Example::

        @hookimpl
        def rulesengine_audit_explainers():
            # Federation X printed its Wins-with-Black column before 2020 counting forfeits too.
            def readings(spec, edition):
                return [Reading("fedx-forfeits-count", {"fedx_forfeits": "count"},
                                lambda t, start_no, spec: Explained("forfeit wins counted (pre-2020 rule 4.2)",
                                                                    "Federation X rule 4.2 (2019)"))]
            return [AuditExplainer("fedx", frozenset({"XBW"}), lambda day: "fedx-2020", readings)]
    """
