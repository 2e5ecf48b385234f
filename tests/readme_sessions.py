"""The README's console sessions that tests run as written.

A fenced console block right after ``<!-- readme-run: NAME -->`` is a
session: each line starting with ``$ `` is a command, and the lines after it
are its expected output.
"""
from __future__ import annotations

import re

from conftest import REPO

README = REPO / "README.md"


def sessions(name: str) -> list[list[tuple[str, list[str]]]]:
    """Each block marked ``name`` as (command, expected output lines) pairs."""
    block = re.compile(re.escape(f"<!-- readme-run: {name} -->") + r"\n```console\n(.*?)\n```", re.DOTALL)
    found = []
    for body in block.findall(README.read_text(encoding="utf-8")):
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append(steps)
    return found


def examples(command: str) -> list[str]:
    """Every ``$ printkit COMMAND ...`` line in the README, marked or not."""
    return re.findall(rf"^\$ printkit {command} .*$", README.read_text(encoding="utf-8"), re.MULTILINE)
