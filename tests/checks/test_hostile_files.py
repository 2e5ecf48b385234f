"""Hostile files, paths and sizes in a pack (copies of Gag Grab): each gives a clean, located finding
and a non-zero exit, never a hang, a traceback or memory that grows with the hostile value.

Every size a designer controls has a stated limit (docs/pack-format.md, "Limits"); these tests hold
printkit to them. Hangs are caught with SIGALRM in process, or a subprocess timeout."""
from __future__ import annotations

import io
import json
import os
import signal
import struct
import subprocess
import sys
import zlib

import pytest
from PIL import Image

from conftest import REPO, deadline, huge_png

from printkit.core.findings import Finding
from printkit.images.prepare import ArtRenderError, prepared
from printkit.core.mm import Rect

unix_only = pytest.mark.skipif(not hasattr(signal, "SIGALRM") or not hasattr(os, "mkfifo"),
                               reason="needs SIGALRM, FIFOs and symlinks")


def findings(pack) -> list[Finding]:
    with deadline():
        return pack.findings()


def line_of(pack, text: str, name: str = "game.toml") -> int:
    """The 1-based line of ``name`` holding ``text``."""
    lines = (pack.path / name).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def one(pack, code: str, file: str, line: int) -> Finding:
    """The single finding with ``code``, located in ``file`` at ``line``."""
    found = [f for f in findings(pack) if f.code == code]
    assert len(found) == 1, found
    assert (found[0].location.file.name, found[0].location.line) == (file, line), found[0]
    return found[0]


def append(pack, text: str) -> None:
    pack.write("game.toml", (pack.path / "game.toml").read_text(encoding="utf-8") + text)


RULES_KEY = 'file = "rules.md"'


def rules_named(pack, name: str) -> int:
    pack.edit("game.toml", RULES_KEY, f'file = "{name}"')
    return line_of(pack, f'file = "{name[:20]}')


# -- 1. the rules file is confined, and every pack file is read as a bounded regular file

@pytest.mark.parametrize("name", ["/etc/passwd", "../../../../../../etc/passwd"])
def test_a_rules_file_outside_the_pack_is_d800_at_its_key(gag_grab, name):
    message = one(gag_grab, "D800", "game.toml", rules_named(gag_grab, name)).message
    assert "outside the pack folder" in message or "absolute path" in message


@unix_only
def test_a_rules_file_linked_out_of_the_pack_is_d800(gag_grab):
    (gag_grab.path / "rules.md").unlink()
    os.symlink("/etc/passwd", gag_grab.path / "rules.md")
    f = one(gag_grab, "D800", "game.toml", line_of(gag_grab, RULES_KEY))
    assert "outside the pack folder" in f.message


@unix_only
def test_a_rules_file_linked_to_dev_zero_is_refused_not_read(gag_grab):
    (gag_grab.path / "rules.md").unlink()
    os.symlink("/dev/zero", gag_grab.path / "rules.md")
    one(gag_grab, "D800", "game.toml", line_of(gag_grab, RULES_KEY))


@unix_only
def test_a_rules_file_that_is_a_fifo_does_not_hang_check(gag_grab):
    (gag_grab.path / "rules.md").unlink()
    os.mkfifo(gag_grab.path / "rules.md")
    assert "not a regular file" in one(gag_grab, "D800", "game.toml", line_of(gag_grab, RULES_KEY)).message


def test_a_rules_file_over_its_size_limit_is_d800(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n" + "Play well. " * 200_000)
    assert "at most 1 MB" in one(gag_grab, "D800", "game.toml", line_of(gag_grab, RULES_KEY)).message


@unix_only
def test_a_game_toml_linked_to_dev_zero_is_m101(gag_grab):
    (gag_grab.path / "game.toml").unlink()
    os.symlink("/dev/zero", gag_grab.path / "game.toml")
    assert "not a regular file" in one(gag_grab, "M101", "game.toml", 1).message


@unix_only
def test_a_game_toml_that_is_a_fifo_is_m101(gag_grab):
    (gag_grab.path / "game.toml").unlink()
    os.mkfifo(gag_grab.path / "game.toml")
    assert "not a regular file" in one(gag_grab, "M101", "game.toml", 1).message


def test_a_game_toml_over_its_size_limit_is_m101(gag_grab):
    append(gag_grab, "\n# " + "x" * (1 << 20) + "\n")
    assert "at most 1 MB" in one(gag_grab, "M101", "game.toml", 1).message


@unix_only
def test_a_deck_file_that_is_a_fifo_is_m105(gag_grab):
    (gag_grab.path / "kids.csv").unlink()
    os.mkfifo(gag_grab.path / "kids.csv")
    f = one(gag_grab, "M105", "game.toml", line_of(gag_grab, 'file = "kids.csv"'))
    assert "not a regular file" in f.message


@unix_only
def test_a_deck_file_linked_out_of_the_pack_is_m104(gag_grab):
    (gag_grab.path / "kids.csv").unlink()
    os.symlink("/dev/zero", gag_grab.path / "kids.csv")
    f = one(gag_grab, "M104", "game.toml", line_of(gag_grab, 'file = "kids.csv"'))
    assert "outside the pack folder" in f.message


def test_a_deck_file_over_its_size_limit_is_c210(gag_grab):
    text = (gag_grab.path / "kids.csv").read_text(encoding="utf-8")
    gag_grab.write("kids.csv", text + "\n" * (6 << 20))
    assert "at most 2 MB" in one(gag_grab, "C210", "kids.csv", 1).message


def test_a_row_of_half_a_million_fields_is_c210(gag_grab):
    gag_grab.edit("kids.csv", "Snoopy,SN,main,10,boy", "Snoopy,SN,main,10,boy" + ',""' * 500_000)
    f = one(gag_grab, "C210", "kids.csv", 3)
    assert "more than 200 fields" in f.message and f.location.column == len("Snoopy,SN,main,10,boy") + 2 + 3 * 195


@unix_only
def test_a_picture_that_is_a_fifo_is_refused(gag_grab):
    os.mkfifo(gag_grab.path / "cover.png")
    gag_grab.edit("game.toml", RULES_KEY, RULES_KEY + '\ncover = "cover.png"')
    assert "not a regular file" in one(gag_grab, "A100", "game.toml", line_of(gag_grab, "cover =")).message


# -- 2. link loops, NUL characters and overlong names

@unix_only
def test_a_rules_file_in_a_link_loop_is_d800(gag_grab):
    os.symlink("loop.md", gag_grab.path / "loop.md")
    line = rules_named(gag_grab, "loop.md")
    assert "loop" in one(gag_grab, "D800", "game.toml", line).message


@unix_only
def test_a_deck_file_in_a_link_loop_is_m104(gag_grab):
    (gag_grab.path / "kids.csv").unlink()
    os.symlink("kids.csv", gag_grab.path / "kids.csv")
    f = one(gag_grab, "M104", "game.toml", line_of(gag_grab, 'file = "kids.csv"'))
    assert "loop" in f.message


@unix_only
def test_a_picture_in_a_link_loop_is_a100(gag_grab):
    os.symlink("cover.png", gag_grab.path / "cover.png")
    gag_grab.edit("game.toml", RULES_KEY, RULES_KEY + '\ncover = "cover.png"')
    assert "loop" in one(gag_grab, "A100", "game.toml", line_of(gag_grab, "cover =")).message


def test_a_nul_character_in_the_rules_path_is_d800(gag_grab):
    line = rules_named(gag_grab, "ru\\u0000les.md")
    assert "NUL" in one(gag_grab, "D800", "game.toml", line).message


def test_a_nul_character_in_a_deck_path_is_m104(gag_grab):
    gag_grab.edit("game.toml", 'file = "kids.csv"', 'file = "ki\\u0000ds.csv"')
    assert "NUL" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, 'file = "ki')).message


def test_a_nul_character_in_a_picture_path_is_a100(gag_grab):
    gag_grab.edit("game.toml", RULES_KEY, RULES_KEY + '\ncover = "co\\u0000ver.png"')
    assert "NUL" in one(gag_grab, "A100", "game.toml", line_of(gag_grab, "cover =")).message


def test_a_5000_character_picture_name_is_a100_and_not_quoted_whole(gag_grab):
    gag_grab.edit("game.toml", RULES_KEY, RULES_KEY + '\ncover = "' + "a" * 5000 + '.png"')
    f = one(gag_grab, "A100", "game.toml", line_of(gag_grab, "cover ="))
    assert "at most 255" in f.message and len(f.message) < 300


def test_a_5000_character_rules_name_is_d800(gag_grab):
    line = rules_named(gag_grab, "r" * 5000 + ".md")
    assert "at most 255" in one(gag_grab, "D800", "game.toml", line).message


# -- 3. the manifest's shape

def test_arrays_nested_3000_deep_are_m101_at_their_line(gag_grab):
    append(gag_grab, "\n[extra]\ndeep = " + "[" * 3000 + "]" * 3000 + "\n")
    f = one(gag_grab, "M101", "game.toml", line_of(gag_grab, "deep = "))
    assert "too deeply" in f.message


def test_decks_given_as_an_array_is_m104_at_the_key(gag_grab):
    text = (gag_grab.path / "game.toml").read_text(encoding="utf-8").replace("[decks.", "[unused.")
    gag_grab.write("game.toml", "decks = [1, 2]\n" + text)
    f = one(gag_grab, "M104", "game.toml", 1)
    assert "'decks' must be a table" in f.message


# -- 4. pictures

def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def with_cover(pack, name: str, data: bytes) -> int:
    pack.write(name, data)
    pack.edit("game.toml", RULES_KEY, RULES_KEY + f'\ncover = "{name}"')
    return line_of(pack, "cover =")


def test_a_picture_of_zero_height_is_a102(gag_grab):
    data = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 10, 0, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(b"")) + png_chunk(b"IEND", b""))
    assert "10 × 0" in one(gag_grab, "A102", "game.toml", with_cover(gag_grab, "flat.png", data)).message


def test_a_zero_size_webp_is_a102(gag_grab):
    frame = b"\x00\x00\x00\x9d\x01\x2a" + struct.pack("<HH", 0, 0)
    data = b"RIFF" + struct.pack("<I", 4 + 8 + len(frame)) + b"WEBP" + b"VP8 " + struct.pack("<I", len(frame)) + frame
    assert "0 × 0" in one(gag_grab, "A102", "game.toml", with_cover(gag_grab, "empty.webp", data)).message


def test_a_13k_square_picture_is_a103_from_its_header(gag_grab):
    f = one(gag_grab, "A103", "game.toml", with_cover(gag_grab, "big.png", huge_png(13_000, 13_000)))
    assert "13000 × 13000" in f.message


def test_a_png_cut_short_with_its_end_put_back_is_a102_at_check(gag_grab):
    image = Image.effect_noise((400, 600), 60).convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG")
    data = out.getvalue()
    cut = data[:len(data) // 2] + data[-12:]  # the IEND chunk kept: only walking the chunks finds it
    assert "cut short" in one(gag_grab, "A102", "game.toml", with_cover(gag_grab, "cut.png", cut)).message


def damaged_png() -> bytes:
    """A PNG whose chunks all line up but whose pixel data does not inflate: only decoding finds it."""
    raw = b"".join(b"\x00" + bytes(range(256))[:3 * 64] for _ in range(64))
    packed = bytearray(zlib.compress(raw))
    packed[10:40] = b"\xff" * 30
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", bytes(packed)) + png_chunk(b"IEND", b""))


def test_a_png_with_damaged_pixel_data_is_an_art_render_error_not_a_crash(tmp_path):
    path = tmp_path / "damaged.png"
    path.write_bytes(damaged_png())
    box = Rect(0, 0, 50, 50)
    with pytest.raises(ArtRenderError):
        prepared(str(path), box, box, 300.0)


# -- 5. sizes the manifest and the CSV files control

def test_players_max_of_a_million_is_m104_at_the_key(gag_grab):
    gag_grab.edit("game.toml", "players = { min = 2, max = 8 }", "players = { min = 2, max = 1000000 }")
    f = one(gag_grab, "M104", "game.toml", line_of(gag_grab, "players = {"))
    assert "from 1 to 8" in f.message


def test_nine_players_is_m104_pawns_have_eight_colours(gag_grab):
    gag_grab.edit("game.toml", "players = { min = 2, max = 8 }", "players = { min = 9, max = 9 }")
    found = [f for f in findings(gag_grab) if f.code == "M104"]
    assert len(found) == 2 and all(f.location.line == line_of(gag_grab, "players = {") for f in found)


def test_a_million_player_aids_is_m104(gag_grab):
    gag_grab.edit("game.toml", 'title = "Your turn"', 'title = "Your turn"\ncopies = 1000000')
    assert "from 1 to 8" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, "copies =")).message


def test_a_hundred_thousand_pawns_is_m104(gag_grab):
    append(gag_grab, "\n[pieces]\npawns = 100000\n")
    assert "from 0 to 8" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, "pawns =")).message


def test_a_board_a_thousand_rows_high_is_m104(gag_grab):
    gag_grab.edit("game.toml", "rows = 6", "rows = 1000")
    assert "at most 26" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, "rows = 1000")).message


def test_an_odds_hand_of_a_hundred_million_is_m104(gag_grab):
    gag_grab.edit("game.toml", "odds_hand = 4", "odds_hand = 100000000")
    assert "from 1 to 60" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, "odds_hand =")).message


@pytest.mark.parametrize("key", ["warn_dpi", "min_dpi", "target_dpi"])
def test_art_resolutions_past_2400_dpi_are_m104(gag_grab, key):
    append(gag_grab, f"\n[art]\n{key} = 1e308\n")
    assert "at most 2400" in one(gag_grab, "M104", "game.toml", line_of(gag_grab, f"{key} =")).message


def test_a_deck_of_more_than_2000_cards_is_c210_at_the_row_that_passes_it(gag_grab):
    lines = (gag_grab.path / "kids.csv").read_text(encoding="utf-8").splitlines()
    for n in (1, 2, 3):  # three rows of 999 copies: the third takes the deck past 2,000
        lines[n] = lines[n].replace(",10,", ",999,")
    gag_grab.write("kids.csv", "\n".join(lines) + "\n")
    f = one(gag_grab, "C210", "kids.csv", 4)
    assert f.location.column == lines[3].index(",999,") + 2 and "at most 2,000" in f.message


def test_a_count_of_99999999999_is_an_error_at_its_cell_not_a_memory_error(gag_grab):
    gag_grab.edit("kids.csv", "Snoopy,SN,main,10,boy", "Snoopy,SN,main,99999999999,boy")
    found = [f for f in findings(gag_grab) if f.location.file.name == "kids.csv" and f.location.line == 3
             and f.is_error]
    assert found and found[0].location.column == len("Snoopy,SN,main,") + 1


def test_a_one_megabyte_cell_is_c210_at_the_cell(gag_grab):
    gag_grab.edit("kids.csv", "Snoopy,SN,main,10,boy", "Snoopy,SN," + "m" * (1 << 20) + ",10,boy")
    f = one(gag_grab, "C210", "kids.csv", 3)
    assert f.location.column == len("Snoopy,SN,") + 1 and "10,000 characters" in f.message


@pytest.mark.parametrize("quotes", [200_000, 200_001])
def test_a_field_of_200k_double_quotes_is_c210_quickly(gag_grab, quotes):
    gag_grab.edit("kids.csv", "Snoopy,SN,main,10,boy", "Snoopy,SN," + '"' * quotes + ",10,boy")
    one(gag_grab, "C210", "kids.csv", 3)


def test_quotes_inside_a_long_plain_cell_cost_linear_time(gag_grab):
    gag_grab.edit("kids.csv", "Snoopy,SN,main,10,boy", "Snoopy,SN,main,10," + ' x"' * 3000)
    assert [f for f in findings(gag_grab) if f.code == "V301" and f.location.line == 3]


def test_more_than_2000_rows_is_c210_at_the_first_row_past_it(gag_grab):
    rows = "".join(f"Kid {n},,gallery,1,boy\n" for n in range(2100))
    gag_grab.write("kids.csv", "name,code,kind,count,gender\n" + rows)
    assert "more than 2,000 rows" in one(gag_grab, "C210", "kids.csv", 2002).message


# -- the command line: a located finding and exit status 1, from check and from build

def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True,
                          timeout=120, cwd=REPO)


@unix_only
def test_check_and_build_exit_1_with_a_located_finding_for_a_fifo_rules_file(gag_grab, tmp_path):
    (gag_grab.path / "rules.md").unlink()
    os.mkfifo(gag_grab.path / "rules.md")
    checked = run("check", str(gag_grab.path), "--format", "json")
    assert checked.returncode == 1
    report = json.loads(checked.stdout)
    assert [(d["code"], d["line"]) for d in report["diagnostics"] if d["severity"] == "error"] == [
        ("D800", line_of(gag_grab, RULES_KEY))]
    built = run("build", str(gag_grab.path), "--out", str(tmp_path / "out"))
    assert built.returncode == 1 and "D800" in built.stdout + built.stderr
    assert "Traceback" not in built.stderr and not (tmp_path / "out" / "gag-grab" / "rules.pdf").exists()


def test_build_reports_a_png_with_damaged_pixel_data_as_a102(gag_grab, tmp_path):
    data = damaged_png()
    gag_grab.write("back.png", data)
    gag_grab.edit("game.toml", 'label = "Kid"', 'label = "Kid"\nart = "back.png"')
    gag_grab.write("game.toml", (gag_grab.path / "game.toml").read_text(encoding="utf-8")
                   + "\n[art]\nwarn_dpi = 1\nmin_dpi = 1\n")
    assert not [f for f in findings(gag_grab) if f.is_error]  # the header and chunks look fine
    built = run("build", str(gag_grab.path), "--out", str(tmp_path / "out"))
    assert built.returncode == 1, built.stdout + built.stderr
    assert "A102" in built.stdout + built.stderr and "Traceback" not in built.stderr
