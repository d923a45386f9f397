"""The shipped example season (examples/club-season): 12 evenings in five file layouts, 44 members
typed differently week to week. A TD's season is replayed here: each week the file is added, the
suggestions are read, and the TD (who knows the players: truth.tsv) links, creates or rejects.
The suggestions must rank the right member first whenever one is offered, and must never offer
a member the hard rules forbid."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesengine.season.decide import Decider
from rulesengine.season.identity import resolve
from rulesengine.season.ladder import compute, ladder_json, load_tournaments
from rulesengine.season.store import add_events, init_store, open_season
from rulesengine.season.suggest import suggest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club-season"


def truth() -> dict[tuple[str, int], int]:
    rows = (EXAMPLE / "truth.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return {(r.split("\t")[0], int(r.split("\t")[1])): int(r.split("\t")[3]) for r in rows}


def run_the_season(root: Path) -> dict:
    """Week by week: add the file, read the suggestions, decide as the TD would."""
    init_store(root, "Riverside Chess Club ladder 2026")
    known = truth()
    member_of: dict[int, str] = {}
    figures = {"offered": 0, "right_first": 0, "tied": 0, "none_offered_for_a_member": 0, "new": 0}
    for source in sorted((EXAMPLE / "events").iterdir()):
        (event,) = add_events(root, [source])
        season = open_season(root)
        tournaments = load_tournaments(season)
        decider = Decider(season, by="example-td", tournaments=tournaments)
        identities = resolve([(e.id, tournaments[e.id]) for e in season.in_replay_order], season.decisions, root)
        for s in suggest(season.roster, tournaments, identities):
            person = known[(source.name, s.pending.start_no)]
            right = member_of.get(person)
            if right is None:
                member_of[person] = decider.new(event.id, s.pending.start_no).member
                figures["new"] += 1
                continue
            assert right not in {m for m, _ in s.blocked} or "rejected" in dict(s.blocked)[right]
            if not s.candidates:
                figures["none_offered_for_a_member"] += 1
            else:
                figures["offered"] += 1
                top = [c.member for c in s.candidates if c.score == s.candidates[0].score]
                figures["right_first"] += right in top
                figures["tied"] += len(top) > 1
            decider.link(event.id, s.pending.start_no, right)
        decider.save()
    return figures


@pytest.fixture(scope="module")
def example_store(tmp_path_factory):
    root = tmp_path_factory.mktemp("example") / "club"
    figures = run_the_season(root)
    return root, figures


def test_the_example_is_a_real_season(example_store):
    root, figures = example_store
    season = open_season(root)
    assert len(season.events) == 12 and len(season.roster) >= 40
    suffixes = {Path(e.file).suffix for e in season.events}
    assert suffixes == {".trf", ".xlsx"}
    assert {e.kind for e in season.events} == {"standard", "blitz", "bughouse"}
    data = ladder_json(compute(season))
    assert data["pending_names"] == 0 and len(data["ladder"]) == len(season.roster)
    assert all(r["rank"] is not None for r in data["ladder"] if not r["provisional"])


def test_the_suggestions_put_the_right_member_first(example_store):
    """Every typed variant of a known member gets a suggestion with that member at the top score
    (alone, or tied with another member and said so); none is missed."""
    _, figures = example_store
    assert figures["new"] == 44
    assert figures["none_offered_for_a_member"] == 0
    assert figures["right_first"] == figures["offered"] > 100


def test_the_published_example_shows_no_junior_by_name(example_store, tmp_path):
    """Juniors flagged from truth.tsv, consent recorded for two adults: the page names only those two."""
    from dataclasses import replace

    from rulesengine.season.publish import page_bytes
    from rulesengine.season.store import write_roster

    root, _ = example_store
    season = open_season(root)
    rows = [r.split("\t") for r in (EXAMPLE / "truth.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    juniors = {(r[4], r[5]) for r in rows if r[6] == "yes"}
    roster = dict(season.roster)
    for ident, member in roster.items():
        typed_as = [r for r in rows if r[2] == member.name]
        person = (typed_as[0][4], typed_as[0][5])
        roster[ident] = replace(member, junior=person in juniors, consent=person in {("Lee", "Kim"),
                                                                                       ("Fischer", "Bobby")})
    write_roster(root, roster)
    body = page_bytes(compute(open_season(root))).decode("utf-8")
    for surname, given in juniors:
        assert surname not in body and given not in body
    named = [m.name for m in roster.values() if m.consent]
    assert named and all(name in body for name in named)
