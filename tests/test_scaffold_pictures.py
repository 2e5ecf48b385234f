"""`printkit new --from`: the pictures a list names are copied into the pack, and only those a pack
may use: relative paths inside the list's folder, real PNG, JPEG or WebP files, within the limits."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.scaffold import pictures as scaffold_pictures
from printkit.commands.cli import cli
from printkit.scaffold.pack import new_pack


def picture(path: Path, size=(700, 450)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, (30, 110, 170)).save(path, format="PNG")
    return path


def listing(folder: Path, paths: list[str]) -> Path:
    source = folder / "list.csv"
    lines = ["name,art"] + [f"Card {i},{p}" for i, p in enumerate(paths)]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return source


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_pictures_beside_the_list_are_copied_to_the_same_paths(tmp_path):
    src = tmp_path / "src"
    picture(src / "art" / "fox.png")
    picture(src / "art" / "deep" / "owl.png")
    made = new_pack(tmp_path / "g", listing(src, ["art/fox.png", "art/deep/owl.png", "art/fox.png", ""]))
    assert files_under(tmp_path / "g") == ["README.md", "art/deep/owl.png", "art/fox.png", "game.toml",
                                           "list.csv", "rules.md"]
    assert (tmp_path / "g" / "art" / "fox.png").read_bytes() == (src / "art" / "fox.png").read_bytes()
    assert made.pictures == (tmp_path / "g" / "art" / "fox.png", tmp_path / "g" / "art" / "deep" / "owl.png")
    assert any(n.startswith("copied 2 pictures") for n in made.notes)
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "g")], catch_exceptions=False)
    assert result.exit_code == 0 and " 0 errors" in result.output, result.output


def test_paths_outside_the_list_folder_are_never_followed(tmp_path):
    src = tmp_path / "src"
    outside = picture(tmp_path / "elsewhere" / "out.png")
    src.mkdir()
    (src / "art").mkdir()
    os.symlink(outside, src / "art" / "link.png")  # inside by name, outside once followed
    made = new_pack(tmp_path / "g", listing(src, [str(outside), "../elsewhere/out.png", "art/link.png"]))
    assert files_under(tmp_path / "g") == ["README.md", "game.toml", "list.csv", "rules.md"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "g", "src"]  # nothing written beside
    note = next(n for n in made.notes if "outside" in n)
    assert note.startswith("3 pictures outside") and "'../elsewhere/out.png'" in note and "'art/link.png'" in note


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_files_that_are_not_usable_pictures_are_left_with_a_note(tmp_path):
    src = tmp_path / "src"
    (src / "art").mkdir(parents=True)
    (src / "art" / "fake.png").write_text("not a picture")
    (src / "art" / "folder.png").mkdir()
    os.mkfifo(src / "art" / "pipe.png")  # opening it for reading would wait for a writer
    with open(src / "art" / "huge.png", "wb") as f:
        f.truncate(51 << 20)  # sparse: larger than a pack's picture may be, without writing it
    made = new_pack(tmp_path / "g", listing(src, ["art/fake.png", "art/folder.png", "art/pipe.png",
                                                  "art/huge.png", "art/gone.png"]))
    assert files_under(tmp_path / "g") == ["README.md", "game.toml", "list.csv", "rules.md"]
    unusable = next(n for n in made.notes if "cannot use" in n)
    assert unusable.startswith("4 pictures printkit cannot use")
    assert "'art/fake.png' (it is not a PNG, JPEG or WebP image)" in unusable
    assert "'art/folder.png' (it is not a regular file)" in unusable
    assert "1 more" in unusable
    missing = next(n for n in made.notes if "not found" in n)
    assert missing == (f"1 picture not found beside the spreadsheet: 'art/gone.png'; put it into "
                       f"{tmp_path / 'g'} at the paths the list gives")


def test_a_picture_may_not_replace_the_packs_own_files(tmp_path):
    src = tmp_path / "src"
    picture(src / "rules.md")  # a real PNG, under the name of a file the pack writes
    picture(src / "a.png")
    made = new_pack(tmp_path / "g", listing(src, ["a.png", "rules.md"]))
    assert (tmp_path / "g" / "rules.md").read_text(encoding="utf-8").startswith("# {{title}}")
    assert any("'rules.md' (the pack's own file has that name)" in n for n in made.notes)


def test_copying_stops_at_the_count_and_size_limits(tmp_path, monkeypatch):
    src = tmp_path / "src"
    for i in range(5):
        picture(src / f"p{i}.png")
    monkeypatch.setattr(scaffold_pictures, "MAX_FILES", 3)
    made = new_pack(tmp_path / "g", listing(src, [f"p{i}.png" for i in range(5)]))
    assert files_under(tmp_path / "g") == ["README.md", "game.toml", "list.csv", "p0.png", "p1.png", "p2.png",
                                           "rules.md"]
    assert any(n.startswith("2 pictures past the limit of 3 files") and "'p3.png', 'p4.png'" in n
               for n in made.notes)
    size = (src / "p0.png").stat().st_size
    monkeypatch.setattr(scaffold_pictures, "MAX_FILES", 1000)
    monkeypatch.setattr(scaffold_pictures, "MAX_TOTAL_BYTES", 2 * size)
    new_pack(tmp_path / "h", listing(src, [f"p{i}.png" for i in range(5)]))
    assert len([p for p in (tmp_path / "h").iterdir() if p.suffix == ".png"]) == 2


def test_without_pictures_to_copy_the_cli_says_where_they_go(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    listing(tmp_path, ["art/a.png"])
    result = CliRunner().invoke(cli, ["new", "g", "--from", "list.csv"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "note: 1 picture not found beside the spreadsheet: 'art/a.png'; put it into g" in result.output
    checked = CliRunner().invoke(cli, ["check", "g"], catch_exceptions=False)
    assert "A101" in checked.output  # check names the missing picture until it is copied in
    picture(tmp_path / "g" / "art" / "a.png")
    checked = CliRunner().invoke(cli, ["check", "g"], catch_exceptions=False)
    assert checked.exit_code == 0 and "0 errors" in checked.output, checked.output


if sys.platform == "win32":  # pragma: no cover
    pytestmark = pytest.mark.skip(reason="symbolic links need privileges on Windows")
