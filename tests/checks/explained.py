"""Run the examples of the finding registry (printkit/core/findings.py): make each change, then run printkit."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from click.testing import CliRunner
from conftest import MINI, REPO, huge_png
from PIL import Image

from printkit.commands.cli import cli
from printkit.core.findings import Example, Picture

FINDING_LINE = re.compile(r"^\S.*:\d+:\d+: (error|warning) [A-Z]\d{3} ")
BIG_PICTURE = 20_000_000  # pixels: past this a picture is written as a PNG header alone, as huge_png makes it


def base(example: Example) -> Path:
    return MINI if example.pack == "mini" else REPO / "cards" / example.pack


def make(example: Example, folder: Path) -> Path:
    """A copy of the example's pack in ``folder`` with its changes made; returns the pack folder."""
    root = folder / base(example).name
    shutil.copytree(base(example), root)
    for change in example.changes:
        target = root / change.file
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(change, Picture):
            if change.width * change.height > BIG_PICTURE:
                target.write_bytes(huge_png(change.width, change.height))
            else:
                Image.new("RGB", (change.width, change.height), (200, 120, 40)).save(target)
        elif change.new is None:
            target.unlink()
        elif not change.old:
            target.write_bytes(change.new.encode(change.encoding))
        else:
            text = target.read_text(encoding="utf-8")
            assert text.count(change.old) == 1, f"{change.file}: {change.old!r} is not in the file once"
            target.write_bytes(text.replace(change.old, change.new).encode(change.encoding))
    return root


def run(example: Example, folder: Path) -> list[str]:
    """What printkit prints for the changed pack, run as a user would from inside the pack folder."""
    return _run_in(make(example, folder), example, folder)


def _run_in(root: Path, example: Example, folder: Path) -> list[str]:
    command, *options = example.command.split()  # "build --board-paper a2": a build with its options
    if command == "check":
        args = ["check", "."]
    elif command == "export":  # "export pod --service tgc": an export with its options
        args = ["export", *options, ".", "--out", str(folder / "out")]
    else:
        args = ["build", ".", *options, "--out", str(folder / "out")]
    here = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(cli, args)
    finally:
        os.chdir(here)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output.splitlines()


def findings_in(lines: list[str]) -> list[str]:
    """Each finding a run's output holds, with its hint line if it has one."""
    found: list[str] = []
    for line in lines:
        if FINDING_LINE.match(line):
            found.append(line)
        elif found and line.startswith("  hint: ") and "\n" not in found[-1]:
            found[-1] += "\n" + line
    return found


_before: dict[tuple[str, str], list[str]] = {}


def added_findings(example: Example, folder: Path) -> str:
    """The findings the example's changes add to those of its unchanged pack, as printkit prints them."""
    key = (example.pack, example.command)
    if key not in _before:
        unchanged = folder / "unchanged"
        unchanged.mkdir()
        root = unchanged / base(example).name
        shutil.copytree(base(example), root)
        _before[key] = findings_in(_run_in(root, example, unchanged))
    changed = folder / "changed"
    changed.mkdir()
    return "\n".join(f for f in findings_in(run(example, changed)) if f not in _before[key])
