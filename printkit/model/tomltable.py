"""Typed, located reads from a parsed TOML table.

Each read records the key as known, so that ``finish()`` can report the keys
nobody asked for (usually typos) with a suggestion.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

from ..core.findings import Finding, Location
from ..core.suggest import did_you_mean


class TomlContext:
    """The file being read, its key positions and the findings so far."""

    def __init__(self, file: Path, locations: dict[tuple[str, ...], tuple[int, int]]):
        self.file = file
        self.locations = locations
        self.findings: list[Finding] = []

    def locate(self, path: tuple[str, ...]) -> Location:
        """The key's own line, else the first key inside it, else its parent's."""
        while path:
            if path in self.locations:
                return Location(self.file, *self.locations[path])
            inside = [pos for key, pos in self.locations.items() if key[:len(path)] == path]
            if inside:
                return Location(self.file, *min(inside))
            path = path[:-1]
        return Location(self.file)

    def report(self, code: str, message: str, path: tuple[str, ...], hint: str | None = None) -> None:
        self.findings.append(Finding(code, message, self.locate(path), hint))


def dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


_MISSING = object()


class Table:
    def __init__(self, ctx: TomlContext, data: dict, path: tuple[str, ...] = ()):
        self.ctx, self.data, self.path = ctx, data, path
        self.asked: list[str] = []

    def key_path(self, key: str) -> tuple[str, ...]:
        return self.path + (key,)

    def location(self, key: str | None = None) -> Location:
        return self.ctx.locate(self.key_path(key) if key else self.path)

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, what: str, accept: Callable[[Any], bool],
             required: bool, default: Any) -> Any:
        self.asked.append(key)
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            if required:
                where = f"[{dotted(self.path)}]" if self.path else "the top level"
                self.ctx.report("M102", f"missing key '{key}' in {where}", self.path)
            return default
        if not accept(value):
            self.ctx.report("M104", f"'{dotted(self.key_path(key))}' must be {what}",
                            self.key_path(key))
            return default
        return value

    def value(self, spec: Any, default: Any = _MISSING) -> Any:
        """The value of a vocabulary key (see ``manifest_keys.Key``): its name, limits, message and default."""
        return self.get(spec.name, spec.what, spec.accepts, spec.required,
                        spec.default if default is _MISSING else default)

    def text(self, key: str, required: bool = True, default: str = "") -> str:
        return self.get(key, "text", lambda v: isinstance(v, str) and v.strip() != "",
                         required, default)

    def integer(self, key: str, required: bool = True, default: int = 0, minimum: int = 1) -> int:
        return self.get(key, f"a whole number of at least {minimum}",
                         lambda v: type(v) is int and v >= minimum, required, default)

    def number(self, key: str, required: bool = True, default: float = 0.0) -> float:
        return float(self.get(key, "a positive number",
                               lambda v: type(v) in (int, float) and v > 0, required, default))

    def boolean(self, key: str, default: bool = False) -> bool:
        return self.get(key, "true or false", lambda v: type(v) is bool, False, default)

    def strings(self, key: str, required: bool = True, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        value = self.get(key, "a list of text values",
                          lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v),
                          required, _MISSING)
        return default if value is _MISSING else tuple(value)

    def integers(self, key: str, required: bool = True) -> tuple[int, ...]:
        """A non-empty list of whole numbers."""
        value = self.get(key, "a list of whole numbers",
                          lambda v: isinstance(v, list) and bool(v) and all(type(x) is int for x in v),
                          required, None)
        return tuple(value) if value else (1,)

    def tables(self, key: str, required: bool = True) -> list["Table"]:
        """A list of inline tables, each read on its own."""
        value = self.get(key, "a list of tables", lambda v: isinstance(v, list) and all(
            isinstance(e, dict) for e in v), required, [])
        return [Table(self.ctx, entry, self.key_path(key)) for entry in value]

    def table(self, key: str, required: bool = True) -> "Table | None":
        value = self.get(key, "a table", lambda v: isinstance(v, dict), required, None)
        return None if value is None else Table(self.ctx, value, self.key_path(key))

    def entries(self) -> Iterator[tuple[str, Any]]:
        """Every key of a table whose keys are names chosen by the pack."""
        for key, value in self.data.items():
            self.asked.append(key)
            yield key, value

    def finish(self, code: str = "M103", known: tuple[str, ...] = ()) -> None:
        """Report keys that no read asked for (as ``code``: tables with a strict vocabulary use M107),
        suggesting one of ``known`` (or of the keys asked for)."""
        for key in self.data:
            if key not in self.asked:
                self.ctx.report(code, f"unknown key '{dotted(self.key_path(key))}'",
                                self.key_path(key), did_you_mean(key, known or self.asked)
                                or (f"keys: {', '.join(known)}" if known else None))
