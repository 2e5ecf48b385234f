"""Every rebuild of 'printkit build --watch' (and every run of 'check --watch') reads every input again.

The real command runs on a copy of the creatures pack (its own layout file,
pictures and an icon picture), with a font of its own; the watch loop runs
on a clock that moves only when slept on. After each run the next edit is
made, and the files the rebuild wrote are read back: text, the pixels of the
pictures, the widths the font gives its characters.
"""
from __future__ import annotations

import io
import os
import shutil
import string
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image
from test_watch import FakeTime
from testfonts import truetype_font

import printkit.commands.watch
from printkit.commands.build import BuildOptions, build_pack
from printkit.commands.cli import cli

CREATURES = Path(__file__).parent / "packs" / "creatures"
FONT_CHARS = "".join(c for c in string.printable if c.isprintable()) + "’‘“”–—…·×"
FONT_NAME = "TestDisplay-Regular"  # the PostScript name both versions of the pack's font give
RED, GREEN = (200, 30, 30), (30, 160, 60)


def display_font(advance: int) -> bytes:
    """The pack's display font: every character a square ``advance`` thousandths of an em wide."""
    return truetype_font(FONT_CHARS, family="Test Display", advance=advance)


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    root = tmp_path / "creatures"
    shutil.copytree(CREATURES, root)
    (root / "fonts").mkdir()
    (root / "fonts" / "Display.ttf").write_bytes(display_font(800))
    edit(root / "game.toml", "[card]", '[fonts]\ndisplay = "fonts/Display.ttf"\n\n[card]')
    return root


def later(path: Path, old_ns: int) -> None:
    """Give ``path`` a modification time clearly after ``old_ns``, as a save a second later would."""
    os.utime(path, ns=(old_ns + 5_000_000_000, old_ns + 5_000_000_000))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    before = path.stat().st_mtime_ns
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    later(path, before)


def replace_file(path: Path, data: bytes) -> None:
    before = path.stat().st_mtime_ns
    path.write_bytes(data)
    later(path, before)


def solid_png(size: tuple[int, int], colour: tuple[int, int, int], length: int | None = None) -> bytes:
    """A PNG of one colour; with ``length``, padded by a comment to exactly that many bytes."""
    image = Image.new("P", size, 0)
    image.putpalette(colour)
    out = io.BytesIO()
    image.save(out, "PNG")
    data = out.getvalue()
    if length is None:
        return data
    body = b"Comment\0" + b" " * (length - len(data) - 20)
    assert len(body) >= 8, "the picture to pad is already too long"
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    return data[:-12] + chunk + data[-12:]  # before IEND


def same_size_same_time(path: Path, data: bytes) -> None:
    """Replace the file with ``data`` of the same length, keeping its modification time: a save within
    one tick of a coarse clock, which neither the size nor the time tells apart."""
    info = path.stat()
    assert len(data) == info.st_size
    path.write_bytes(data)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))


def words(pdf: bytes) -> set[str]:
    """Every word the document prints (cards stand side by side, so their lines mix in its text)."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return {word["text"] for page in doc.pages for word in page.extract_words()}


def solid_pictures(pdf: bytes) -> set[tuple[int, int, int]]:
    """The colour of every picture in ``pdf`` whose pixels are all one colour (within rounding)."""
    found = set()
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            for picture in page.images:
                width, height = picture["srcsize"]
                pixels = Image.frombytes("RGB", (width, height), picture["stream"].get_data())
                extrema = pixels.getextrema()
                if all(high - low <= 2 for low, high in extrema):
                    found.add(tuple(round((low + high) / 2 / 10) * 10 for low, high in extrema))
    return found


def pack_font(pdf: bytes) -> tuple[set[str], set[float]]:
    """The names the pack's font goes by in ``pdf``, and the advance widths (in ems) it gives the
    upright characters it sets."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = [c for page in doc.pages for c in page.chars if f"+{FONT_NAME}" in c["fontname"]]
    return {c["fontname"] for c in chars}, {round(c["width"] / c["size"], 2) for c in chars if c["upright"]}


def watch_command(monkeypatch, args: list[str], edits: list[Callable[[], object]],
                  after_run: Callable[[], object]) -> tuple[list, str]:
    """Run the command with --watch: after each run, ``after_run()`` is kept and the next edit made;
    Ctrl-C once the edits are done. (what each run left, the command's output)"""
    real_watch, fake, seen = printkit.commands.watch.watch, FakeTime(), []
    todo = iter(edits)

    def driven(roots, run, **kwargs):
        def run_then_edit(changed):
            run(changed)
            seen.append(after_run())
            step = next(todo, None)
            if step is None:
                raise KeyboardInterrupt
            step()
        return real_watch(roots, run_then_edit, clock=fake.clock, sleep=fake.sleep, max_cycles=20 * len(edits),
                          **kwargs)

    monkeypatch.setattr(printkit.commands.watch, "watch", driven)
    result = CliRunner().invoke(cli, [*args, "--watch"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert len(seen) == len(edits) + 1, result.output  # one run at the start, one after each edit
    return seen, result.output


def test_each_rebuild_shows_every_kind_of_edit(pack, tmp_path, monkeypatch):
    out = tmp_path / "out"
    fox = pack / "art" / "fox.png"
    edits = {
        "csv": lambda: edit(pack / "creatures.csv", "It has sat on the same stone for a hundred years.",
                            "It moved to Zanzibar."),
        "game.toml": lambda: edit(pack / "game.toml", 'title = "Thicket Market"', 'title = "Bramble Market"'),
        "layout": lambda: edit(pack / "layouts" / "spell.toml", 'text = "Spell"', 'text = "Charm"'),
        # A picture replaced within one tick of the clock; a new file next to it sets the rebuild off.
        "picture": lambda: (same_size_same_time(fox, solid_png((1400, 700), RED, fox.stat().st_size)),
                            (pack / "notes.txt").write_text("red fox\n")),
        "font": lambda: replace_file(pack / "fonts" / "Display.ttf", display_font(500)),
        "rules": lambda: edit(pack / "rules.md", "## Playing", "## How to play"),
        "icon": lambda: replace_file(pack / "icons" / "claw.png", solid_png((256, 256), GREEN)),
    }

    def outputs() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in (out / "creatures").glob("*.pdf")}

    seen, output = watch_command(monkeypatch, ["build", str(pack), "--out", str(out)], list(edits.values()), outputs)
    assert output.count("changed; building creatures") == len(edits)
    before = dict(zip(edits, seen))  # what was built before each edit
    after = dict(zip(edits, seen[1:]))  # and what its rebuild wrote

    cards = lambda built: words(built["cards.pdf"])  # noqa: E731
    rules = lambda built: words(built["rules.pdf"])  # noqa: E731
    assert "Zanzibar." not in cards(before["csv"]) and "Zanzibar." in cards(after["csv"])
    assert "hundred" in cards(before["csv"]) and "hundred" not in cards(after["csv"])
    assert "Bramble" not in rules(before["game.toml"]) and "Bramble" in rules(after["game.toml"])
    assert "Thicket" not in rules(after["game.toml"])
    assert "CHARM" not in cards(before["layout"]) and "CHARM" in cards(after["layout"])
    assert RED not in solid_pictures(before["picture"]["cards.pdf"])
    assert RED in solid_pictures(after["picture"]["cards.pdf"])
    (old_name,), old_widths = pack_font(before["font"]["cards.pdf"])
    (new_name,), new_widths = pack_font(after["font"]["cards.pdf"])
    assert (old_widths, new_widths) == ({0.8}, {0.5})  # the font's new metrics and glyphs...
    assert new_name != old_name  # ...under a name of its own, though the file gives the same one
    assert "How" not in rules(before["rules"]) and {"How", "to", "play"} <= rules(after["rules"])
    assert GREEN not in solid_pictures(before["icon"]["cards.pdf"])
    assert GREEN in solid_pictures(after["icon"]["cards.pdf"])


def test_check_watch_reads_a_picture_replaced_within_one_tick(pack, monkeypatch):
    fox = pack / "art" / "fox.png"

    def break_the_fox():
        same_size_same_time(fox, b"not a picture".ljust(fox.stat().st_size, b"!"))
        edit(pack / "rules.md", "## Playing", "## How to play")  # what sets the run off

    seen, output = watch_command(monkeypatch, ["check", str(pack)], [break_the_fox], lambda: None)
    first, second = output.split("changed; checking creatures")
    assert "A102" not in first
    assert "A102" in second and "'art/fox.png' cannot be used: it is not a PNG, JPEG or WebP image" in second


def test_building_twice_in_one_process_gives_the_same_bytes_as_another_process(pack, tmp_path):
    font = pack / "fonts" / "Display.ttf"
    final = font.read_bytes()
    replace_file(font, display_font(500))  # an earlier version of the font, built first
    build_pack(pack, BuildOptions(tmp_path / "earlier"))
    replace_file(font, final)
    files = []
    for run in ("a", "b"):
        result = build_pack(pack, BuildOptions(tmp_path / run))
        files.append({p.name: p.read_bytes() for p in result.files})
    assert files[0] == files[1]
    subprocess.run([sys.executable, "-m", "printkit", "build", str(pack), "--out", str(tmp_path / "c")],
                   check=True, capture_output=True)
    assert {p.name: p.read_bytes() for p in (tmp_path / "c" / "creatures").iterdir()} == files[0]


# Files rewritten while a build reads them (issue 24): the watch waits for the writes to settle, and a file
# that changes during or right after a run is read again by another run.

def test_a_file_finished_after_the_build_read_it_half_written_is_built_again(pack, tmp_path, monkeypatch):
    out, cards = tmp_path / "out", pack / "creatures.csv"
    final = cards.read_text(encoding="utf-8").replace("It has sat on the same stone for a hundred years.",
                                                       "It moved to Zanzibar.")
    cut = final.index("Slow, but")  # inside the quoted text of the first card
    # As a writer that sets the file's length first: the rest is blank until written, so a quote never closes.
    half = final[:cut] + " " * (len(final) - cut)

    def outputs() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in (out / "creatures").glob("*.pdf")}

    # The second half lands after the build read the first, within the same tick of the clock: same size,
    # same time, so only the file's bytes tell.
    seen, output = watch_command(monkeypatch, ["build", str(pack), "--out", str(out)],
                                 [lambda: replace_file(cards, half.encode("utf-8")),
                                  lambda: same_size_same_time(cards, final.encode("utf-8"))], outputs)
    first, half_built, finished = output.split("changed; building creatures")
    assert "not built because of the errors above" in half_built  # the half-written file, as it was
    assert "creatures.csv:2:" in half_built
    assert "error" not in finished and "not built" not in finished and "wrote" in finished
    assert "Zanzibar." not in words(seen[1]["cards.pdf"])  # the refused build left the old files
    assert "Zanzibar." in words(seen[2]["cards.pdf"]) and "hundred" not in words(seen[2]["cards.pdf"])


def test_a_change_arriving_during_a_build_starts_another(pack, tmp_path, monkeypatch):
    import printkit.commands.build

    out, real_build = tmp_path / "out", printkit.commands.build.build_pack
    builds = []

    def build_then_edit(root, options, *args, **kwargs):
        result = real_build(root, options, *args, **kwargs)  # every input read, the files written
        builds.append(words((out / "creatures" / "rules.pdf").read_bytes()))
        if len(builds) == 2:  # the second build: a save arrives before it is over
            edit(pack / "rules.md", "## Playing", "## How to play")
        return result

    monkeypatch.setattr(printkit.commands.build, "build_pack", build_then_edit)
    seen, output = watch_command(monkeypatch, ["build", str(pack), "--out", str(out)],
                                 [lambda: edit(pack / "game.toml", 'title = "Thicket Market"',
                                               'title = "Bramble Market"'),
                                  lambda: None],  # nothing more: the save during the second build starts the third
                                 lambda: None)
    assert len(builds) == 3  # the first, the one the title started, the one the rules started
    assert "Bramble" in builds[1] and "How" not in builds[1]
    assert "Bramble" in builds[2] and {"How", "to", "play"} <= builds[2]
    assert output.count("changed; building creatures") == 2 and "rules.md changed; building" in output
