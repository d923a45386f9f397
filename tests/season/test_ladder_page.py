"""The published ladder page as club members see it (issue 23 item 6): every name on the page tells
one member apart, juniors without consent stay initials, adults' full names are the club's
setting, undecided names are never published as people of their own unless the TD says so, the
history table fits a phone, `--check` names the command that rebuilds each output, and the next
`--diff` after a correction shows what it moved."""

from __future__ import annotations

import re
import shlex
from html import unescape
from pathlib import Path

import pytest

from rulesengine.season.fingerprint import input_digests
from rulesengine.season.page_names import abbreviated
from rulesengine.season.store import open_season

from .conftest import EVENINGS, evening_files, snapshot, write_event
from .test_example_season import run_the_season
from .test_ladder import store_of


def page_names_of(body: str) -> dict[str, str]:
    """{member id: name} as the ladder table of the page shows them."""
    return {m: unescape(n) for m, n in re.findall(r'<a href="#m-([^"]+)">([^<]+)</a>', body)}


def set_setting(root: Path, key: str, value: str) -> None:
    path = root / "season.txt"
    text = path.read_text(encoding="utf-8")
    text = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", text) if f"\n{key} = " in text else \
        text + f"{key} = {value}\n"
    path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------- names that tell members apart

def test_a_part_shows_more_letters_and_a_whole_part_loses_its_dot():
    assert abbreviated("Smith, John", 1, 1) == "J. S."
    assert abbreviated("Smith, John", 1, 2) == "J. Sm." and abbreviated("Stone, Jane", 1, 2) == "J. St."
    assert abbreviated("John Smith", 2, 5) == "Jo. Smith"
    assert abbreviated("O'Brien, Seán", 1, 2) == "S. O'B."           # letters are counted, not the apostrophe
    assert abbreviated("TAYLOR, Sophie", 1, 3) == "S. Tay."          # a surname typed in capitals
    assert abbreviated("J. Smith", 3, 1) == "J. S."                  # an initial typed as such stays one


NAMES = [("2026-01-08", ["Smith, John", "Stone, Jane", "Smart, Jim", "Smith, Jo", "Sims, Jay", "Lee, Kim"],
          ["1-2 1-0, 3-4 =, 5-6 0-1", "1-3 0-1, 2-5 1-0, 4-6 =", "1-4 =, 2-6 1-0, 3-5 1-0"])]


@pytest.fixture
def initials_store(tmp_path, cli) -> Path:
    """Six members, five of them J. S.: three adults (Smith, Stone, Smart) and two juniors."""
    root = store_of(tmp_path, cli, NAMES)
    for junior in ("M004", "M005"):
        cli("season", "member", root, junior, "--junior")
    return root


def test_equal_initials_are_lengthened_surname_first_until_they_differ(initials_store, tmp_path, cli):
    cli("ladder", initials_store, "--publish", tmp_path / "page.html")
    names = page_names_of((tmp_path / "page.html").read_text(encoding="utf-8"))
    assert names == {"M001": "J. Smi.", "M002": "J. St.", "M003": "J. Sma.",   # adults: as far as they need
                     "M004": "J. S.", "M005": "J. S. (2)",                       # juniors: initials, then a number
                     "M006": "K. L."}


def test_a_junior_without_consent_never_shows_more_than_initials(initials_store, tmp_path, cli):
    cli("ladder", initials_store, "--publish", tmp_path / "page.html")
    body = (tmp_path / "page.html").read_text(encoding="utf-8")
    for hidden in ("Jo.", "Jay", "Sims", "Si.", "Smith, Jo"):
        assert hidden not in body
    cli("season", "member", initials_store, "M005", "--consent")   # a guardian's consent: the full name
    cli("ladder", initials_store, "--publish", tmp_path / "page.html")
    names = page_names_of((tmp_path / "page.html").read_text(encoding="utf-8"))
    assert names["M005"] == "Sims, Jay" and names["M004"] == "J. S."


def test_the_same_store_gives_the_same_names_whatever_the_ranks(initials_store, tmp_path, cli):
    cli("ladder", initials_store, "--publish", tmp_path / "one.html")
    cli("season", "add", initials_store, write_event(tmp_path / "next.trf", ["Sims, Jay", "Smith, Jo"],
                                                      ["1-2 0-1", "2-1 0-1"], date="2026/01/15"))
    cli("names", initials_store, "--accept-exact")
    cli("ladder", initials_store, "--publish", tmp_path / "two.html")
    one, two = ((tmp_path / f"{n}.html").read_text(encoding="utf-8") for n in ("one", "two"))
    assert one != two and page_names_of(one) == page_names_of(two)   # numbered by member id, not by rank


@pytest.fixture(scope="module")
def example_store(tmp_path_factory):
    """The shipped example (12 evenings, 44 members) decided as its TD would, juniors marked from
    truth.tsv, one adult (Lee, Kim) with consent."""
    from dataclasses import replace

    from rulesengine.season.store import write_roster

    from .test_example_season import EXAMPLE

    root = tmp_path_factory.mktemp("page") / "club"
    run_the_season(root)
    truth = [r.split("\t") for r in (EXAMPLE / "truth.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    juniors = {(r[4], r[5]) for r in truth if r[6] == "yes"}
    season = open_season(root)
    roster = {}
    for ident, member in season.roster.items():
        person = next((r[4], r[5]) for r in truth if r[2] == member.name)
        roster[ident] = replace(member, junior=person in juniors, consent=person == ("Lee", "Kim"))
    write_roster(root, roster)
    return root


def test_the_example_page_names_every_member_apart(example_store, tmp_path, cli):
    """The issue's three pairs: J. Smith / Jane Smith, O'Brien / Ødegård (S. O.), Petrova / Price
    (O. P., Price a junior)."""
    cli("ladder", example_store, "--publish", tmp_path / "page.html")
    names = page_names_of((tmp_path / "page.html").read_text(encoding="utf-8"))
    assert len(names) == 44 and len(set(names.values())) == 44
    assert (names["M013"], names["M034"]) == ("J. S.", "Ja. S.")        # "J. Smith" has no more to show
    assert (names["M001"], names["M016"]) == ("S. O'B.", "S. Od.")
    assert (names["M037"], names["M038"]) == ("O. Pe.", "O. P.")        # M038 Owen Price is a junior
    assert names["M006"] == "Lee, Kim"
    assert sum(1 for n in names.values() if re.fullmatch(r"(\S\. )*\S\.", n)) == 39   # 44 less 4 lengthened, 1 named


# ---------------------------------------------------------------- adults' full names: the club's setting

def test_season_init_asks_whether_adults_are_named_and_the_page_follows(tmp_path, cli):
    root = tmp_path / "club"
    out = cli("season", "init", root, "--names", "full")
    assert "The published page shows adults by full name; juniors without recorded consent always by initials" in out
    assert "\nadult_names = full\n" in (root / "season.txt").read_text(encoding="utf-8")
    cli("season", "add", root, *evening_files(tmp_path / "in"))
    cli("names", root, *[f"--new=2026-01-08:{n}" for n in range(1, 5)], "--new=2026-01-22:5", "--accept-exact")
    for item in cli.json("names", root)["pending"]:
        cli("names", root, "--link", f"{item['event']}:{item['start_no']}={item['candidates'][0]['member']}")
    cli("season", "member", root, "M001", "--junior")
    cli("ladder", root, "--publish", tmp_path / "page.html")
    names = page_names_of((tmp_path / "page.html").read_text(encoding="utf-8"))
    assert names == {"M001": "J. S.", "M002": "Brown, Anna", "M003": "Ødegård, Søren", "M004": "Lee, Kim",
                     "M005": "Newman, Ned"}
    assert cli.json("ladder", root)["season"]["settings"]["adult_names"] == "full"


def test_the_default_is_initials_and_a_store_without_the_line_keeps_its_fingerprint(season_dir, tmp_path, cli):
    assert "\nadult_names = initials\n" in (season_dir / "season.txt").read_text(encoding="utf-8")
    with_line = input_digests(open_season(season_dir))
    path = season_dir / "season.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("adult_names = initials\n", ""), encoding="utf-8")
    without = input_digests(open_season(season_dir))
    assert with_line == without               # a store made before the setting: same fingerprint, same page
    cli("ladder", season_dir, "--publish", tmp_path / "page.html")
    assert set(page_names_of((tmp_path / "page.html").read_text(encoding="utf-8")).values()) == {
        "J. S.", "A. B.", "S. Ø.", "K. L.", "N. N."}
    set_setting(season_dir, "adult_names", "full")
    assert input_digests(open_season(season_dir))["settings"] != without["settings"]
    assert "settings changed" in cli("ladder", season_dir, "--check", status=1)


def test_a_bad_or_contradicting_setting_is_refused_where_it_is_written(season_dir, cli):
    set_setting(season_dir, "adult_names", "some")
    cli("ladder", season_dir, status=2)
    assert re.search(r"season\.txt:\d+:15: adult_names: want initials or full, not 'some'", cli.err)
    set_setting(season_dir, "adult_names", "full")
    set_setting(season_dir, "initials_for_everyone", "yes")
    cli("ladder", season_dir, status=2)
    assert "adult_names: full contradicts initials_for_everyone = yes; keep one of them" in cli.err


# ---------------------------------------------------------------- undecided names

@pytest.fixture
def pending_store(season_dir, tmp_path, cli) -> Path:
    """The four evenings decided, then a fifth with two names nobody has decided."""
    cli("season", "add", season_dir, write_event(tmp_path / "late.trf", ["J. Smith", "Quinn, Q"], ["1-2 1-0"],
                                                 date="2026/02/05", name="Club night 2026-02-05"))
    return season_dir


def test_publishing_with_undecided_names_is_refused_and_writes_nothing(pending_store, tmp_path, cli):
    before = snapshot(pending_store)
    cli("ladder", pending_store, "--publish", tmp_path / "page.html", status=2)
    assert cli.err == (f"rulesengine: 2 names are not yet decided: published now, each would be listed as a "
                       f"separate person (perhaps a member listed twice). Decide them with `rulesengine names "
                       f"{pending_store}`, or publish them listed apart as not yet confirmed with "
                       f"--publish-pending; nothing was written\n")
    assert not (tmp_path / "page.html").exists() and snapshot(pending_store) == before
    cli("ladder", pending_store, "--publish-pending", status=2)
    assert "--publish-pending goes with --publish OUT.html" in cli.err


def test_published_on_the_tds_word_undecided_names_are_listed_apart_never_as_members(pending_store, tmp_path, cli):
    cli("ladder", pending_store, "--publish", tmp_path / "page.html", "--publish-pending")
    body = (tmp_path / "page.html").read_text(encoding="utf-8")
    ladder_table = body.split("<tbody>")[1]
    assert sorted(page_names_of(body)) == ["M001", "M002", "M003", "M004", "M005"]   # members only
    assert "2026-02-05" not in ladder_table and 'id="m-2026' not in body
    ranks = re.findall(r'<tr(?: class="prov")?><td class="n">(\d*)</td>', ladder_table)
    assert ranks == ["1", "2", "3", "4", "5"]          # ranked among members, no gap for a pending name
    pending = body.split('<section id="pending">')[1].split("</section>")[0]
    assert "<h2>Not yet confirmed</h2>" in pending and "2 names from these evenings are not yet matched" in pending
    assert re.findall(r"<tr><td>2026-02-05</td><td>Club night 2026-02-05</td><td>([^<]+)</td>", pending) == [
        "J. S.", "Q. Q."]
    assert "Quinn" not in body and body.index("2 names not yet confirmed") < body.index("<table")
    assert f"current {(tmp_path / 'page.html').resolve()}" in cli("ladder", pending_store, "--check")


# ---------------------------------------------------------------- a phone's screen

def test_the_history_table_stacks_on_a_phone_each_number_labelled(season_dir, tmp_path, cli):
    cli("ladder", season_dir, "--publish", tmp_path / "page.html")
    body = (tmp_path / "page.html").read_text(encoding="utf-8")
    style = body.split("<style>")[1].split("</style>")[0]
    narrow = style.split("@media (max-width:32rem){")[1]          # 32rem = 512 px: a 390-pixel phone is under it
    assert "table.history tr{display:flex;flex-wrap:wrap;" in narrow and "table.history td{display:block;" in narrow
    assert "table.history td:nth-child(2){flex:1 0 60%}" in narrow   # date and event a line, the numbers below
    assert 'table.history td[data-label]::before{content:attr(data-label) " "' in narrow
    assert "table.history thead{position:absolute;" in narrow        # kept for screen readers, not shown
    assert body.count('<table class="history">') == 5
    for row in re.findall(r'<table class="history">.*?</table>', body, re.S)[0].split("<tr>")[2:]:
        assert re.findall(r'data-label="(\w+)"', row) == ["Games", "Score", "Before", "After"]
    assert '<div class="wrap"><table class="history">' in body and ".wrap{overflow-x:auto" in style


# ---------------------------------------------------------------- --check and --diff after a correction

def corrected(tmp_path) -> Path:
    return evening_files(tmp_path / "fixed", [(EVENINGS[3][0], EVENINGS[3][1],
                                              ["1-3 1-0, 2-5 1-0, 4 U", "4-5 1-0, 3-2 =, 1 U",
                                               "1-4 1-0, 5-2 0-1, 3 U"])])[0]


def test_check_names_the_command_that_rebuilds_each_stale_output(season_dir, tmp_path, cli):
    page, kept = tmp_path / "my page.html", tmp_path / "mine.json"
    cli("ladder", season_dir, "--publish", page)
    kept.write_text(cli("ladder", season_dir, "--format", "json"), encoding="utf-8")
    cli("season", "replace", season_dir, "2026-01-29", corrected(tmp_path))
    out = cli("ladder", season_dir, "--check", kept, status=1).splitlines()
    where = shlex.quote(str(season_dir))
    changed = "event 2026-01-29 changed (file replaced, or its date, kind or name edited)"
    assert out[1:] == [
        f"STALE {season_dir / 'ladder.json'}: {changed} (rebuild: `rulesengine ladder {where}`)",
        f"STALE {page.resolve()}: {changed} (rebuild: `rulesengine ladder {where} --publish "
        f"{shlex.quote(str(page.resolve()))}`)",
        f"STALE {kept}: {changed} (rebuild: `rulesengine ladder {where} --format json > {kept}`)"]
    cli("ladder", season_dir, "--publish", page.resolve())             # the page's command rebuilds both
    assert cli("ladder", season_dir, "--check").splitlines()[1:] == [
        f"current {season_dir / 'ladder.json'}", f"current {page.resolve()}"]


def test_a_page_published_with_undecided_names_is_rebuilt_the_same_way(pending_store, tmp_path, cli):
    page = tmp_path / "page.html"
    cli("ladder", pending_store, "--publish", page, "--publish-pending")
    cli("season", "member", pending_store, "M002", "--consent")
    assert (f"roster changed (rebuild: `rulesengine ladder {pending_store} --publish {page.resolve()} "
            f"--publish-pending`)") in cli("ladder", pending_store, "--check", status=1)


def test_the_next_diff_after_a_correction_shows_what_it_moved(season_dir, tmp_path, cli):
    """The issue's sequence: --check says stale, the TD rebuilds without --diff, then asks what moved."""
    cli("ladder", season_dir)
    before = {r["member"]: r["rating"] for r in cli.json("ladder", season_dir)["ladder"]}
    cli("season", "replace", season_dir, "2026-01-29", corrected(tmp_path))
    cli("ladder", season_dir, "--check", status=1)
    cli("ladder", season_dir)                                          # the rebuild
    assert (season_dir / "ladder.diff-base.json").exists()
    cli("ladder", season_dir)                                          # another run keeps the same base
    after = {r["member"]: r["rating"] for r in cli.json("ladder", season_dir)["ladder"]}
    out = cli("ladder", season_dir, "--diff")
    moved = out.split("Moved since the last --diff (member, old, new):\n")[1].splitlines()
    assert [line.split("\t")[0].strip() for line in moved] == ["M001", "M003"]
    for line in moved:
        member, _, old, new = line.strip().split("\t")
        assert (float(old), float(new)) == (before[member], after[member]) and before[member] != after[member]
    assert not (season_dir / "ladder.diff-base.json").exists()
    assert "Nothing moved since the last replay." in cli("ladder", season_dir, "--diff")


def test_runs_that_change_nothing_keep_no_diff_base(season_dir, cli):
    cli("ladder", season_dir)
    cli("ladder", season_dir)
    assert not (season_dir / "ladder.diff-base.json").exists()
    assert "Nothing moved since the last replay." in cli("ladder", season_dir, "--diff")


def test_every_name_and_event_name_on_the_page_is_escaped(season_dir, tmp_path, cli):
    cli("season", "member", season_dir, "M002", "--name", "<b>Brown</b> & Co, Anna", "--consent")
    cli("season", "add", season_dir, write_event(tmp_path / "late.trf", ["<i>Quinn</i>, Q", "Smith, John"],
                                                 ["1-2 1-0"], date="2026/02/05", name="Night <script>x</script>"))
    cli("ladder", season_dir, "--publish", tmp_path / "page.html", "--publish-pending")
    body = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert "<b>" not in body and "<i>" not in body and "<script" not in body
    assert page_names_of(body)["M002"] == "<b>Brown</b> & Co, Anna"              # shown, as text
    assert "&lt;b&gt;Brown&lt;/b&gt; &amp; Co, Anna" in body
    assert "<td>Night &lt;script&gt;x&lt;/script&gt;</td>" in body.split('<section id="pending">')[1]
