"""printkit check --cache: the same findings with the cache as without, and only changed cards re-checked."""
from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.checks import check_pack
from printkit.checks.cache import FILE_BYTES, open_cache, watch_folder
from printkit.commands.cli import cli
from testfonts import EMOJI, truetype_font, with_fonts

CREATURES = Path(__file__).resolve().parents[1] / "packs" / "creatures"


def cached(root: Path, folder: Path):
    """The findings of a check with the cache in ``folder``, and the cache (hits, checked)."""
    cache = open_cache(folder)
    findings = check_pack(root, cache=cache).findings
    return findings, cache


def lines(findings, root: Path) -> list[str]:
    return [f"{f.line(root)} | {f.hint}" for f in findings]


@pytest.fixture
def creatures(tmp_path: Path) -> Path:
    target = tmp_path / "creatures"
    shutil.copytree(CREATURES, target)
    return target


def test_findings_are_the_same_cold_warm_and_without(gag_grab, tmp_path):
    # Gag Grab's fronts have findings of their own: T701 once this name has a character no font has.
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {EMOJI} Snowman,")
    plain = check_pack(gag_grab.path).findings
    assert any(f.code == "T701" for f in plain)
    cold, first = cached(gag_grab.path, tmp_path / "cache")
    warm, second = cached(gag_grab.path, tmp_path / "cache")
    assert lines(cold, gag_grab.path) == lines(warm, gag_grab.path) == lines(plain, gag_grab.path)
    fronts = first.checked
    assert fronts > 20 and first.hits == 0
    assert (second.hits, second.checked) == (fronts, 0)


def test_a_one_card_edit_re_checks_that_card_only(gag_grab, tmp_path):
    cached(gag_grab.path, tmp_path / "cache")
    gag_grab.edit("gags.csv", "Melting Snowman,", "Melting Snowmen,")
    found, cache = cached(gag_grab.path, tmp_path / "cache")
    assert cache.checked == 1
    assert lines(found, gag_grab.path) == lines(check_pack(gag_grab.path).findings, gag_grab.path)
    # A card whose row moves (a line inserted above it) points elsewhere now: re-checked too.
    text = (gag_grab.path / "kids.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    gag_grab.write("kids.csv", "".join(text[:1] + ["\n"] + text[1:]))
    found, cache = cached(gag_grab.path, tmp_path / "cache")
    kid_fronts = len(text) - 1
    assert cache.checked == kid_fronts
    assert lines(found, gag_grab.path) == lines(check_pack(gag_grab.path).findings, gag_grab.path)


def test_a_pack_checked_from_another_folder_reuses_its_entries(gag_grab, tmp_path):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {EMOJI} Snowman,")  # a finding on a front
    _, first = cached(gag_grab.path, tmp_path / "cache")
    moved = shutil.copytree(gag_grab.path, tmp_path / "elsewhere" / "gag-grab")
    found, cache = cached(moved, tmp_path / "cache")
    assert (cache.hits, cache.checked) == (first.checked, 0)
    t701 = [f for f in found if f.code == "T701"]
    assert t701 and all(moved in f.location.file.parents for f in t701)
    assert [(f.location, f.message, f.hint) for f in found] == \
        [(f.location, f.message, f.hint) for f in check_pack(moved).findings]


def test_a_font_changed_in_place_re_checks_every_front(gag_grab, tmp_path):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {EMOJI} Snowman,")
    with_fonts(gag_grab, '[fonts]\nfallback = ["emoji"]\nemoji = "fonts/Emoji.ttf"', **{"Emoji.ttf": truetype_font("AB ")})
    found, _ = cached(gag_grab.path, tmp_path / "cache")
    assert [f.code for f in found].count("T701") == 1
    (gag_grab.path / "fonts" / "Emoji.ttf").write_bytes(truetype_font(EMOJI))  # same name, now with the emoji
    found, cache = cached(gag_grab.path, tmp_path / "cache")
    assert cache.hits == 0
    assert [f for f in found if f.code == "T701"] == []


def test_a_picture_changed_in_place_re_checks_the_cards_showing_it(creatures, tmp_path):
    found, first = cached(creatures, tmp_path / "cache")
    assert [f for f in found if f.code == "A105"] == []
    small = io.BytesIO()
    Image.new("RGB", (20, 20), "orange").save(small, "PNG")
    (creatures / "art" / "fox.png").write_bytes(small.getvalue())  # prints far below the pack's dpi
    found, cache = cached(creatures, tmp_path / "cache")
    assert cache.checked == 2  # the two cards showing the fox; the stag's are unchanged
    assert sorted(f.message.split(" on ")[1].split(" prints")[0] for f in found if f.code == "A105") \
        == ["'Ember Fox'", "'Ember Storm'"]
    assert lines(found, creatures) == lines(check_pack(creatures).findings, creatures)


def test_damaged_and_foreign_files_are_ignored_and_replaced(gag_grab, tmp_path):
    folder = tmp_path / "cache"
    plain = lines(check_pack(gag_grab.path).findings, gag_grab.path)
    cached(gag_grab.path, folder)
    files = sorted(folder.glob("check-*.json"))
    assert files
    damage = [b"\x00not json", b'{"printkit": "check cache", "format": 99, "entries": {}}', b"[1, 2]",
              b"[" * 100_000, b" " * (FILE_BYTES + 1)]
    for n, path in enumerate(files):
        if n % 2:  # every entry there mangled instead: a wrong shape, a code printkit does not know
            kept = json.loads(path.read_bytes())
            kept["entries"] = {key: [0, [], [["X999", "m", "f", 1, 1, None]], [], [], []] if n % 4 == 1
                               else [0, "pictures", 5] for key in kept["entries"]}
            path.write_text(json.dumps(kept))
        else:
            path.write_bytes(damage[n // 2 % len(damage)])
    os.mkfifo(folder / "check-3f.json.tmp")  # not ours: left alone
    files[0].unlink()
    os.mkfifo(files[0])  # one of ours, but a FIFO: never opened (it would block), never replaced
    found, cache = cached(gag_grab.path, folder)
    assert lines(found, gag_grab.path) == plain
    assert cache.hits == 0 and cache.problem and "not a plain file" in cache.problem
    files[0].unlink()
    found, cache = cached(gag_grab.path, folder)  # the other files were written again, whole
    assert 0 < cache.checked < cache.hits and lines(found, gag_grab.path) == plain
    found, cache = cached(gag_grab.path, folder)  # and now the FIFO's, too
    assert cache.checked == 0 and lines(found, gag_grab.path) == plain


def test_cli_cache_option(gag_grab, tmp_path):
    runner = CliRunner()
    args = ["check", str(gag_grab.path), "--format", "json"]
    plain = runner.invoke(cli, args)
    first = runner.invoke(cli, [*args, "--cache", str(tmp_path / "made" / "here")])
    second = runner.invoke(cli, [*args, "--cache", str(tmp_path / "made" / "here")])
    assert plain.output == first.output == second.output
    assert (plain.exit_code, first.exit_code, second.exit_code) == (0, 0, 0)
    assert sorted(p.name for p in (tmp_path / "made" / "here").iterdir() if p.name.startswith("check-"))


def test_cli_cache_folder_that_cannot_be_one(gag_grab, tmp_path):
    runner = CliRunner()
    a_file = tmp_path / "a-file"
    a_file.write_text("mine")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in (a_file, fifo, a_file / "below"):
        result = runner.invoke(cli, ["check", str(gag_grab.path), "--cache", str(target)])
        assert result.exit_code == 2, result.output
        assert "--cache" in result.output and str(target) in result.output
        assert "Traceback" not in result.output
    long = tmp_path / ("x" * 250) / ("y" * 250) / ("z" * 5000)  # past any system's limit of a name
    result = runner.invoke(cli, ["check", str(gag_grab.path), "--cache", str(long)])
    assert result.exit_code == 2 and "as the cache folder: File name too long" in result.output
    assert len(result.output) < 600
    assert a_file.read_text() == "mine"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_cli_cache_folder_not_writable(gag_grab, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    result = CliRunner().invoke(cli, ["check", str(gag_grab.path), "--cache", str(folder)])
    assert result.exit_code == 2 and "cannot write into the cache folder" in result.output


def test_watch_keeps_the_cache_in_the_users_cache_folder(monkeypatch, tmp_path):
    if os.name == "nt" or os.uname().sysname == "Darwin":
        pytest.skip("the XDG folder is for other systems")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert watch_folder() == tmp_path / "xdg" / "printkit" / "check"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    assert watch_folder() == Path.home() / ".cache" / "printkit" / "check"


def test_check_watch_keeps_its_cache_in_the_users_cache_folder(monkeypatch, gag_grab, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))

    def stop(seconds):
        raise KeyboardInterrupt
    monkeypatch.setattr("printkit.commands.watch.time.sleep", stop)
    result = CliRunner().invoke(cli, ["check", str(gag_grab.path), "--watch"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "xdg" / "printkit" / "check").glob("check-*.json"))
    # A user cache folder that cannot be one: the watch goes on without it, and says so.
    monkeypatch.setenv("XDG_CACHE_HOME", str(gag_grab.path / "game.toml"))
    result = CliRunner().invoke(cli, ["check", str(gag_grab.path), "--watch"], catch_exceptions=False)
    assert result.exit_code == 0 and "note: not keeping checks between runs" in result.output
    assert "checked 1 pack" in result.output


def test_packs_share_a_folder_and_it_stays_within_its_limit(gag_grab, mini, tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    _, first = cached(gag_grab.path, folder)
    cached(mini.path, folder)  # writes into the same files, keeping what is there
    _, again = cached(gag_grab.path, folder)
    assert (again.hits, again.checked) == (first.checked, 0)
    monkeypatch.setattr("printkit.checks.cache.FILE_BYTES", 160)  # one or two entries a file
    folder = tmp_path / "small"
    cached(gag_grab.path, folder)
    toml = (gag_grab.path / "game.toml").read_text(encoding="utf-8")
    gag_grab.write("game.toml", "# one line more\n" + toml)  # game.toml's places move: every front's key changes
    found, _ = cached(gag_grab.path, folder)
    assert lines(found, gag_grab.path) == lines(check_pack(gag_grab.path).findings, gag_grab.path)
    sizes = [p.stat().st_size for p in folder.glob("check-*.json")]
    assert sizes and max(sizes) <= 160
    found, last = cached(gag_grab.path, folder)  # the newest entries were kept, the oldest dropped
    assert last.hits > 0 and last.checked > 0
    assert lines(found, gag_grab.path) == lines(check_pack(gag_grab.path).findings, gag_grab.path)


def test_sheet_page_lint_is_kept_and_a_new_sheet_defect_still_found(gag_grab, tmp_path, monkeypatch):
    # Under 7 pt, every sheet's 6.5 pt label is a T705 on cards.pdf, on the pages that print it.
    gag_grab.edit("game.toml", "[claims]", "[lint]\nmin_type = 7\n\n[claims]")
    plain = check_pack(gag_grab.path).findings
    assert any(f.code == "T705" and "cards.pdf pages" in f.message for f in plain)
    cold, _ = cached(gag_grab.path, tmp_path / "cache")
    from printkit.kit.sheets import SheetPages
    laid_out = []
    real = SheetPages._page
    monkeypatch.setattr(SheetPages, "_page", lambda self, run, n: laid_out.append(n) or real(self, run, n))
    warm, _ = cached(gag_grab.path, tmp_path / "cache")
    assert laid_out == []  # each paper's sheets' lint came from the cache
    assert lines(cold, gag_grab.path) == lines(warm, gag_grab.path) == lines(plain, gag_grab.path)
    # Another card: the gags' sheets change (a card more, a sheet more maybe): laid out and linted again.
    gag_grab.edit("gags.csv", "Football Kick,4,CB + LU\n", "Football Kick,4,CB + LU\nFootball Kick Again,4,CB + LU\n")
    edited, _ = cached(gag_grab.path, tmp_path / "cache")
    assert laid_out
    monkeypatch.undo()
    assert lines(edited, gag_grab.path) == lines(check_pack(gag_grab.path).findings, gag_grab.path)
    assert lines(edited, gag_grab.path) != lines(plain, gag_grab.path)
