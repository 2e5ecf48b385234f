"""The position-keeping CSV reader."""
from pathlib import Path

import pytest

from printkit.model.csvfile import decode, parse_csv, sniff_delimiter

F = Path("deck.csv")


def cells(text):
    table, findings = parse_csv(F, text)
    assert findings == []
    return [[(c.text, c.location.line, c.location.column) for c in r.cells]
            for r in (table.header,) + table.rows]


def test_positions_of_plain_and_padded_cells():
    assert cells("a, b ,c\nx,  y,z\n") == [
        [("a", 1, 1), ("b", 1, 4), ("c", 1, 7)],
        [("x", 2, 1), ("y", 2, 5), ("z", 2, 7)]]


def test_quoted_cells_with_doubled_quotes_and_newlines_keep_character_positions():
    table, _ = parse_csv(F, 'name,text\r\n"Big ""Fun""","one\r\ntwo"\r\nlast,x\r\n')
    big, note = table.rows[0].cells
    assert big.text == 'Big "Fun"' and note.text == "one\ntwo"
    assert big.location_at(4).column == 6  # the '"' that came from a doubled quote
    assert (note.location_at(4).line, note.location_at(4).column) == (3, 1)  # 't' of two
    assert table.rows[1].line == 3 + 1


@pytest.mark.parametrize("header, expected", [
    ("name,points", ","), ("name;points", ";"), ("name\tpoints", "\t"),
    ('"a;b",c', ","), ("name", ","), ("\n\nname;x", ";")])
def test_sniffing_reads_the_header(header, expected):
    assert sniff_delimiter(header) == expected


def test_decode_variants():
    text = "name\nSchrö’der\n"
    assert decode(F, b"\xef\xbb\xbf" + text.encode())[0] == text
    assert decode(F, text.encode("utf-16"))[0] == text
    assert decode(F, text.encode())[1] == []
    decoded, findings = decode(F, text.encode("cp1252"))
    assert decoded == text and [f.code for f in findings] == ["C200"]
    assert (findings[0].location.line, findings[0].location.column) == (2, 5)  # the ö, the first byte that is not UTF-8


def _read_every_way(text, monkeypatch):
    """What parse_csv makes of ``text`` with the one-step reading of plain lines, and without it."""
    from printkit.model import csvfile

    def table_of(parsed):
        table, findings = parsed
        rows = [] if table is None else [table.header, *table.rows]
        return ([(r.line, [(c.text, c.location, [c.location_at(k) for k in range(len(c.text) + 1)])
                           for c in r.cells]) for r in rows], [f.message for f in findings])

    fast = table_of(parse_csv(F, text))
    monkeypatch.setattr(csvfile._Scanner, "_plain_line", lambda self: None)
    slow = table_of(parse_csv(F, text))
    return fast, slow


@pytest.mark.parametrize("seed", range(40))
def test_plain_lines_read_in_one_step_give_what_reading_each_character_gives(seed, monkeypatch):
    import random

    rng = random.Random(seed)
    pieces = ["a", "Bob", " ", "  x ", "\t", ",", ";", '"', '""', "\n", "\r\n", "\r", "é", "", "12"]
    text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
    fast, slow = _read_every_way(text, monkeypatch)
    assert fast == slow, text


def test_plain_lines_past_the_limits_are_reported_as_before(monkeypatch):
    from printkit.model.csvfile import MAX_CELL_CHARS, MAX_FIELDS

    for text in ("name\n" + "x" * (MAX_CELL_CHARS + 2) + "\n", "name\n" + "," * (MAX_FIELDS + 1) + "\n",
                 "name,points\nA,1\r\nB,2"):
        fast, slow = _read_every_way(text, monkeypatch)
        assert fast == slow
