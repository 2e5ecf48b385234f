"""Write check results as text for people, JSON for scripts, or GitHub annotations."""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..core.findings import Finding, Severity
from ..core.terminal import visible

if TYPE_CHECKING:  # the check stack loads only when a command checks
    from ..checks import PackReport

FORMATS = ("text", "json", "github")


def display_path(path: Path) -> str:
    """``path`` relative to the current directory where it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _path_namer() -> Callable[[Path], str]:
    """``display_path`` remembered per path for one report: thousands of findings name a few files,
    and resolving each again was a tenth of a warm re-check."""
    names: dict[Path, str] = {}

    def name(path: Path) -> str:
        found = names.get(path)
        if found is None:
            found = names[path] = display_path(path)
        return found
    return name


def _counts(reports: Sequence[PackReport]) -> tuple[int, int]:
    return sum(r.errors for r in reports), sum(r.warnings for r in reports)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def format_findings(findings: Sequence[Finding], color: bool = False) -> list[str]:
    """Compiler-style lines: file:line:column: severity CODE message, and the hint below."""
    lines = []
    colors = {Severity.ERROR: "red", Severity.WARNING: "yellow"}
    path = _path_namer()
    for f in findings:
        loc = f.location
        severity = click.style(f.severity.value, fg=colors[f.severity], bold=True) if color else f.severity.value
        where = f"{visible(path(loc.file))}:{loc.line}:{loc.column}"
        lines.append(f"{click.style(where, bold=True) if color else where}: {severity} {f.code} {visible(f.message)}")
        if f.hint:
            lines.append(f"  hint: {visible(f.hint)}")
    return lines


def format_text(reports: Sequence[PackReport], color: bool = False) -> str:
    lines = [line for report in reports for line in format_findings(report.findings, color)]
    errors, warnings = _counts(reports)
    packs = ", ".join(f"{r.id}: {display_path(r.root)}" for r in reports)
    summary = visible(f"checked {_plural(len(reports), 'pack')} ({packs}): "
                      f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}")
    if color:
        summary = click.style(summary, fg="red" if errors else "yellow" if warnings else "green")
    lines.append(summary)
    return "\n".join(lines)


def _diagnostic(f: Finding, path: Callable[[Path], str] = display_path) -> dict:
    return {"file": path(f.location.file), "line": f.location.line,
            "column": f.location.column, "severity": f.severity.value, "code": f.code,
            "message": f.message, "hint": f.hint}


def format_json(reports: Sequence[PackReport]) -> str:
    errors, warnings = _counts(reports)
    path = _path_namer()
    return json.dumps({
        "packs": [{"id": r.id, "path": display_path(r.root), "errors": r.errors,
                   "warnings": r.warnings} for r in reports],
        "diagnostics": [_diagnostic(f, path) for r in reports for f in r.findings],
        "errors": errors,
        "warnings": warnings,
    }, indent=2, ensure_ascii=False)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(reports: Sequence[PackReport]) -> str:
    """GitHub Actions workflow commands; each finding becomes an annotation."""
    lines = []
    path = _path_namer()
    for report in reports:
        for f in report.findings:
            loc = f.location
            props = ",".join(f"{k}={_escape_property(visible(str(v)))}" for k, v in (
                ("file", path(loc.file)), ("line", loc.line), ("col", loc.column),
                ("title", f.code)))
            message = visible(f.message) + (f"\nhint: {visible(f.hint)}" if f.hint else "")
            lines.append(f"::{f.severity.value} {props}::{_escape_data(message)}")
    errors, warnings = _counts(reports)
    lines.append(f"printkit check: {_plural(errors, 'error')}, {_plural(warnings, 'warning')}")
    return "\n".join(lines)


def use_color(stream) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")
