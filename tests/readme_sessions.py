"""The console sessions of the README and the docs/ pages that tests run as written.

A fenced console block right after ``<!-- docs-run: NAME -->`` is a
session: each line starting with ``$ `` is a command, and the lines after it
are its expected output. Sessions may sit on any page; each NAME has a test
that runs its blocks (``SESSION_TESTS``).
"""
from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO

README = REPO / "README.md"
DOCS = REPO / "docs"

# Each session name and the test that runs its blocks.
SESSION_TESTS = {
    "check": "tests/test_doc_examples.py",
    "diff": "tests/diff/test_diff_readme.py",
    "explain-key": "tests/test_doc_examples.py",
    "scaffold": "tests/test_scaffold_readme.py",
    "tutorial": "tests/test_doc_examples.py",
    "watch": "tests/test_watch_readme.py",
}
MARK = re.compile(r"<!-- docs-run: ([\w-]+) -->\n```console\n(.*?)\n```", re.DOTALL)


def pages() -> list[Path]:
    """The README and every page under docs/."""
    return [README, *sorted(DOCS.glob("*.md"))]


def page_text(name: str) -> str:
    """A page's text, by its path from the repository root."""
    return (REPO / name).read_text(encoding="utf-8")


def _all_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in pages())


def sessions(name: str) -> list[list[tuple[str, list[str]]]]:
    """Each block marked ``name``, on any page, as (command, expected output lines) pairs."""
    found = []
    for mark, body in MARK.findall(_all_text()):
        if mark != name:
            continue
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append(steps)
    return found


def session_names() -> set[str]:
    """Every name a session block is marked with."""
    return {mark for mark, _ in MARK.findall(_all_text())}


def examples(command: str) -> list[str]:
    """Every ``$ printkit COMMAND ...`` line on the pages, marked or not."""
    return re.findall(rf"^\$ printkit {command} .*$", _all_text(), re.MULTILINE)
