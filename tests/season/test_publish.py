"""The published page (issue 13, item 4; domain.md section 2, privacy): static, no JavaScript, no
external resource, noindex, phone-readable; initials unless consent is recorded, never a
non-consenting junior's full name anywhere in the file; byte-identical for the same inputs."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from tool_check import skip_unless_tool

from .conftest import write_event

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"


def publish(cli, root: Path, page: Path) -> str:
    cli("ladder", root, "--publish", page)
    return page.read_text(encoding="utf-8")


def test_a_static_page_no_script_no_external_resource_noindex_phone_readable(season_dir, tmp_path, cli):
    body = publish(cli, season_dir, tmp_path / "ladder.html")
    assert '<meta name="robots" content="noindex">' in body
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in body
    assert "<script" not in body.lower() and "javascript:" not in body.lower() and " on" not in re.sub(
        r">[^<]*<", "><", body).lower().replace(" onl", "")
    assert not re.search(r"(src|href)=\"(?!#)", body) and "http" not in body and "url(" not in body
    assert body.count("<svg") == 5 and 'stroke-dasharray="4 3"' in body


def test_initials_by_default_full_names_only_with_consent(season_dir, tmp_path, cli):
    cli("season", "member", season_dir, "M002", "--consent")                 # an adult who consented
    cli("season", "member", season_dir, "M001", "--junior")                  # a junior without consent
    cli("season", "member", season_dir, "M003", "--junior", "--consent")     # a junior with a guardian's consent
    body = publish(cli, season_dir, tmp_path / "ladder.html")
    assert "Brown, Anna" in body and "Ødegård, Søren" in body
    for hidden in ("Smith", "John", "Lee", "Newman"):                         # M001, and the adults without consent
        assert hidden not in body
    assert "<h2>J. S.</h2>" in body and "Rating history of J. S." in body and 'id="m-M001"' in body


def test_initials_for_everyone_when_the_club_says_so(season_dir, tmp_path, cli):
    cli("season", "member", season_dir, "M002", "--consent")
    path = season_dir / "season.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("initials_for_everyone = no",
                                                             "initials_for_everyone = yes"), encoding="utf-8")
    body = publish(cli, season_dir, tmp_path / "ladder.html")
    assert "Brown" not in body and "<h2>A. B.</h2>" in body


def test_the_same_inputs_give_the_same_bytes(season_dir, tmp_path, cli):
    one = publish(cli, season_dir, tmp_path / "one.html")
    two = publish(cli, season_dir, tmp_path / "two.html")
    assert one == two


def test_the_page_table_is_in_rank_order_provisional_greyed_below(season_dir, tmp_path, cli):
    cli("season", "add", season_dir, write_event(tmp_path / "late.trf", ["Smith, John", "Quinn, Q"], ["1-2 0-1"],
                                                 date="2026/02/05"))
    cli("names", season_dir, "--accept-exact", "--new", "2026-02-05:2")     # Smith is M001; Quinn is new
    body = publish(cli, season_dir, tmp_path / "ladder.html")
    data = cli.json("ladder", season_dir)
    table = body.split("<tbody>")[1].split("</tbody>")[0]
    ratings = [float(r) for r in re.findall(r'<td class="n">(\d+\.\d)</td>', table)]
    assert ratings == [r["rating"] for r in data["ladder"]]
    provisional = [r["name"] for r in data["ladder"] if r["provisional"]]
    assert table.count('<tr class="prov">') == len(provisional) == 1 and provisional == ["Quinn, Q"]
    assert table.rindex('<tr class="prov">') > table.rindex("<tr><td")


def test_in_a_real_browser_the_page_loads_clean_in_rank_order_and_hides_the_junior(season_dir, tmp_path, cli):
    """Debian's chromium, headless: no console errors, the table in rank order, and no full name
    of a non-consenting junior anywhere in what the browser loaded."""
    if not Path(CHROMIUM).exists():
        skip_unless_tool("chromium is not installed")
    cli("season", "member", season_dir, "M001", "--junior")
    page = tmp_path / "ladder.html"
    publish(cli, season_dir, page)
    with tempfile.TemporaryDirectory() as profile:
        run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                              "--disable-background-networking", "--disable-component-update", "--disable-sync",
                              "--no-first-run", f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                              "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    dom = run.stdout
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []
    names = re.findall(r'<a href="#m-[^"]+">([^<]+)</a>', dom)
    data = cli.json("ladder", season_dir)
    assert len(names) == len(data["ladder"]) and names[0] == "J. S."
    assert [r["member"] for r in data["ladder"]][0] == "M001"
    assert "Smith" not in dom and "Smith" not in page.read_text(encoding="utf-8")
