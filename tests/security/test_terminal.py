"""Control characters in names reach a terminal escaped, never obeyed (issue 25 item 13); a file
or a pipe gets every name unchanged."""

from __future__ import annotations

import io
import json

from rulesengine.cli import main
from rulesengine.cli.terminal import shown

PAYLOAD = "Eve\x1b[2J\x1b]0;pwn\x07"
EVENT = ("012 Terminal test\n042 2026/05/02\n"
         f"001    1 m    {PAYLOAD:<33} 2000 NOR           1 2000/01/01  1.0    1     2 w 1\n"
         "001    2 m    Ζωή Παπαδοπούλου                  2000 NOR           2 2000/01/01  0.0    2     1 b 0\n")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_shown_escapes_c0_del_and_c1_but_not_line_breaks_tabs_or_letters():
    assert shown("a\x1b[2J\x07\x7f\x85\r") == "a\\x1b[2J\\x07\\x7f\\x85\\x0d"
    assert shown("Ζωή\tЖанна\nعلي é") == "Ζωή\tЖанна\nعلي é"


def test_a_table_on_a_terminal_shows_the_escape_sequence_as_text(tmp_path, monkeypatch):
    event = tmp_path / "event.trf"
    event.write_text(EVENT, encoding="utf-8")
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    assert main(["standings", str(event)]) == 0
    out = terminal.getvalue()
    assert "Eve\\x1b[2J\\x1b]0;pwn\\x07" in out and "\x1b" not in out and "\x07" not in out
    assert "Ζωή Παπαδοπούλου" in out


def test_an_error_line_on_a_terminal_is_escaped_too(tmp_path, monkeypatch):
    bad = tmp_path / "bad\x1b]0;pwn\x07.trf"
    bad.write_text("001 oops\n", encoding="utf-8")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["standings", str(bad)]) == 2
    err = terminal.getvalue()
    assert "bad\\x1b]0;pwn\\x07.trf" in err and "\x1b" not in err


def test_json_to_a_pipe_keeps_every_name_as_it_is(tmp_path, capsys):
    event = tmp_path / "event.trf"
    event.write_text(EVENT, encoding="utf-8")
    assert main(["standings", str(event), "--format", "json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)["standings"]}
    assert names == {PAYLOAD, "Ζωή Παπαδοπούλου"}


def test_the_escaped_characters_are_exactly_unicode_s_controls_but_line_break_and_tab():
    import unicodedata
    from rulesengine.cli.terminal import ESCAPES
    controls = {c for c in range(0x110000) if unicodedata.category(chr(c)) == "Cc"}
    assert set(ESCAPES) == controls - {ord("\n"), ord("\t")}
