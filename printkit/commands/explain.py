"""Finding codes explained: what each means, an example that gives it, and the fix.

Everything here is drawn from the registry in printkit/findings.py, for
``printkit explain`` (as text or JSON) and for docs/findings.md, so the two
always say the same.
"""
from __future__ import annotations

import json
import textwrap

from ..core.findings import CODES, GROUPS, Code, Edit, Example, Picture
from .report import visible

WIDTH = 78  # columns of explained text in a terminal
ENCODINGS = {"cp1252": "Windows-1252", "latin-1": "Latin-1"}


def _source(example: Example) -> str:
    return ("the test pack tests/checks/mini" if example.pack == "mini"
            else f"the bundled pack {example.pack}")


def _saved(edit: Edit) -> str:
    name = ENCODINGS.get(edit.encoding)
    return f", saved as {name}" if name else ""


def change_steps(change: Edit | Picture) -> list[tuple[str, str | None]]:
    """One change as steps: (sentence, text shown as a block under it, or None)."""
    if isinstance(change, Picture):
        return [(f"Save a picture of {change.width} × {change.height} pixels as {change.file}.", None)]
    file, old, new = change.file, change.old, change.new
    if new is None:
        return [(f"Delete {file}.", None)]
    if not old:
        return [(f"Empty {file}{_saved(change)}.", None)] if not new else \
            [(f"Write {file}{_saved(change)}:", new.rstrip("\n"))]
    if new == "":
        return [(f"In {file}, delete:", old.rstrip("\n"))]
    if new.endswith(old) and new[:-len(old)].endswith("\n"):  # whole lines put before ``old``
        return [(f"In {file}, add before `{old.splitlines()[0]}`{_saved(change)}:", new[:-len(old)].strip("\n"))]
    if new.startswith(old) and new[len(old):].startswith("\n"):  # whole lines put after it
        return [(f"In {file}, add after `{old.splitlines()[-1]}`{_saved(change)}:", new[len(old):].strip("\n"))]
    return [(f"In {file}, change", old), (f"to{_saved(change)}:", new)]


def _reports(example: Example) -> str:
    return f"printkit {example.command} then reports:"


def _visible_lines(text: str) -> str:
    """A file's text with control characters shown as escapes, line by line."""
    return "\n".join(visible(line) for line in text.split("\n"))


def _block(text: str, indent: str) -> list[str]:
    return [indent + line if line else "" for line in text.split("\n")]


def _paragraph(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def explain_text(info: Code) -> str:
    """One code explained for a terminal."""
    lines = [f"{info.code} {info.slug} ({info.severity.value})", *_paragraph(info.summary, ""), "",
             "What it means:", *_paragraph(info.meaning), ""]
    example = info.example
    if isinstance(example, Example):
        lines.append(f"Example, from {_source(example)}:")
        for change in example.changes:
            for sentence, block in change_steps(change):
                lines.append(f"  {sentence}")
                if block is not None:
                    lines += _block(_visible_lines(block), "    ")
        lines.append(f"  {_reports(example)}")
        lines += _block(example.gives, "    ")
    else:
        lines += ["Example:", *_paragraph(example or "none")]
    lines += ["", "How to fix it:", *_paragraph(info.fix)]
    return "\n".join(lines)


def list_text() -> str:
    """Every code on a line: code, severity, name and summary."""
    return "\n".join(f"{c.code}  {c.severity.value:<7}  {c.slug:<22}  {c.summary}" for c in CODES.values())


def _change_data(change: Edit | Picture) -> dict:
    if isinstance(change, Picture):
        return {"file": change.file, "picture": [change.width, change.height]}
    return {"file": change.file, "old": change.old, "new": change.new, "encoding": change.encoding}


def code_data(info: Code) -> dict:
    """One code as plain data, for --format json."""
    example = info.example
    return {
        "code": info.code, "severity": info.severity.value, "slug": info.slug, "summary": info.summary,
        "meaning": info.meaning,
        "example": ({"pack": example.pack, "command": example.command,
                     "changes": [_change_data(c) for c in example.changes], "gives": example.gives}
                    if isinstance(example, Example) else None),
        "no_example": example if isinstance(example, str) else None,
        "fix": info.fix,
    }


def explain_json(codes: Code | list[Code]) -> str:
    """One code as a JSON object, or a list of codes as a JSON array."""
    data = code_data(codes) if isinstance(codes, Code) else [code_data(c) for c in codes]
    return json.dumps(data, indent=2, ensure_ascii=False)


# -- docs/findings.md ------------------------------------------------------------------------------

def _anchor(info: Code) -> str:
    return f"{info.code.lower()}-{info.slug}"


LANGUAGES = {".toml": "toml", ".md": "markdown"}  # for the fences of files shown in the docs


def _fenced(text: str, raw: bool = False, file: str = "") -> list[str]:
    """``text`` in a fenced block; control characters escaped unless it is ``raw`` printkit output."""
    fence = "````" if "```" in text else "```"
    language = next((name for suffix, name in LANGUAGES.items() if file.endswith(suffix)), "")
    return [fence + language, *(text if raw else _visible_lines(text)).split("\n"), fence]


def _markdown_example(example: Example | str | None) -> list[str]:
    if not isinstance(example, Example):
        return [f"**Example.** {example or 'none'}", ""]
    where = ("the test pack [tests/checks/mini](../tests/checks/mini/)" if example.pack == "mini"
             else f"the bundled pack [{example.pack}](../cards/{example.pack}/)")
    lines = [f"**Example**, from {where}:", ""]
    for change in example.changes:
        for sentence, block in change_steps(change):
            lines += [sentence, ""]
            if block is not None:
                lines += [*_fenced(block, file=change.file), ""]
    return lines + [f"`printkit {example.command}` then reports:", "", *_fenced(example.gives, raw=True), ""]


def findings_markdown() -> str:
    """docs/findings.md: an index of every code, then each explained, group by group."""
    lines = [
        "# What `printkit check` finds",
        "",
        "<!-- Generated from printkit/core/findings.py by docs/make_reference.py; edit those, not this page. -->",
        "",
        "Every finding printkit reports has a stable code, listed here with what it means, an example",
        "that gives it and how to fix it. `printkit explain CODE` prints the same in a terminal. Each",
        "example is a small change to a pack in this repository, and the test suite makes that change",
        "and checks that printkit reports exactly what is shown (beyond what the pack reported before).",
        "",
        "| code | name | severity | summary |",
        "|---|---|---|---|",
    ]
    lines += [f"| [{c.code}](#{_anchor(c)}) | {c.slug} | {c.severity.value} | {c.summary} |" for c in CODES.values()]
    for letter, title in GROUPS.items():
        group = [c for c in CODES.values() if c.code.startswith(letter)]
        if not group:
            continue
        lines += ["", f"## {title}"]
        for info in group:
            lines += ["", f"### {info.code} {info.slug}", "", f"**{info.severity.value}**: {info.summary}", "",
                      info.meaning, "", *_markdown_example(info.example), f"**Fix.** {info.fix}"]
    return "\n".join(lines) + "\n"
