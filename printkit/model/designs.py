"""Card layouts as data: read ``[layouts]``, ``[styles]`` and layout files into frozen records.

A layout is a background and a list of elements (see ``layout_keys``). It
may live in the manifest, in a TOML file of its own inside the pack, or be
one of printkit's built-in layouts, and it may extend another layout:
elements with the same name are merged key by key, new ones are added and
``remove`` drops inherited ones. Every value is validated here, with its
position, so drawing never meets a bad value.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..core.findings import Location
from ..core.packpath import BadPackPath, OutsidePack, inside_pack, read_pack_file
from ..core.suggest import did_you_mean
from .design_keys import (ANCHORS, BUILTIN_LAYOUTS, COMMON_KEYS, ELEMENT_KEYS, ELEMENT_TYPES, INK, LAYOUT_KEYS,
                          MAX_ELEMENTS, MAX_EXTENDS, NAMED_COLOURS, STYLE_KEYS)
from .design_values import Colour, convert
from .tomlpos import MAX_KEY_PARTS, key_locations, overlong_key
from .tomltable import Table, TomlContext

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "layouts"
MAX_LAYOUT_FILE = 1_000_000  # bytes


@dataclass(frozen=True)
class Element:
    type: str
    name: str
    location: Location
    props: Mapping[str, Any] = field(compare=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Layout:
    name: str
    location: Location
    elements: tuple[Element, ...]
    background: Colour | None = None
    builtin: bool = False


@dataclass(frozen=True)
class IconSpec:
    """An inline icon: a built-in symbol in a colour, or a picture in the pack."""

    name: str
    location: Location
    symbol: str = ""
    colour: str = INK
    file: str = ""


# -- reading ----------------------------------------------------------------

@dataclass
class _Source:
    """A layout's raw table and where it came from, before extends are resolved."""

    name: str
    table: Table
    builtin: bool = False


class LayoutReader:
    """Reads and resolves the layouts a manifest defines or uses, collecting findings."""

    def __init__(self, root: Table, pack_dir: Path, fonts: set[str], icons: Mapping[str, IconSpec],
                 symbols: set[str]):
        self.root, self.pack_dir = root, pack_dir
        self.fonts, self.icons, self.symbols = fonts, icons, symbols
        self.extra_findings: list = []
        self.sources: dict[str, _Source] = {}
        self.styles = self._styles(root.table("styles", required=False), "styles")
        self.resolved: dict[str, Layout | None] = {}
        self._resolving: list[str] = []
        table = root.table("layouts", required=False)
        for name, value in (table.entries() if table else ()):
            assert table is not None  # the loop runs only over a table that is there
            if isinstance(value, str):
                loaded = self._file(table, name, value)
                if loaded is not None:
                    self.sources[name] = _Source(name, loaded)
            elif isinstance(value, dict):
                self.sources[name] = _Source(name, Table(root.ctx, value, table.key_path(name)))
            else:
                root.ctx.report("M104", f"'layouts.{name}' must be a table or the path of a layout file",
                                table.key_path(name))

    # -- sources
    def _file(self, table: Table, name: str, value: str) -> Table | None:
        """A layout file's top table, read with its own positions."""
        here = table.key_path(name)
        try:
            target = inside_pack(self.pack_dir, value)
        except BadPackPath as exc:
            table.ctx.report("M108", f"layout file {exc}", here)
            return None
        except OutsidePack:
            table.ctx.report("M108", f"layout file '{value}' is outside the pack folder", here,
                             "keep layout files inside the pack, such as 'layouts/card.toml'")
            return None
        if not target.is_file():
            problem = "does not exist" if not target.exists() else "is not a regular file"
            table.ctx.report("M108", f"layout file '{value}' {problem}", here)
            return None
        if target.stat().st_size > MAX_LAYOUT_FILE:
            table.ctx.report("M108", f"layout file '{value}' is larger than {MAX_LAYOUT_FILE // 1000} kB", here)
            return None
        return self._parse(target, table.ctx.locate(here), value)

    def _parse(self, path: Path, where: Location | None, shown: str) -> Table | None:
        try:
            text = read_pack_file(path, MAX_LAYOUT_FILE, shown).decode("utf-8-sig")
            if (deep := overlong_key(text)) is not None:
                raise ValueError(f"a dotted key has more than {MAX_KEY_PARTS} parts "
                                 f"(at line {deep[0]}, column {deep[1]})")
            data = tomllib.loads(text)
        except (OSError, ValueError, RecursionError) as exc:  # ValueError: TOMLDecodeError, bad UTF-8, too deep
            from ..core.findings import Finding
            reason = "its lists or tables are nested too deeply" if isinstance(exc, RecursionError) else exc
            self.extra_findings.append(Finding("M108", f"layout file '{shown}' cannot be read: {reason}",
                                               where or Location(path)))
            return None
        ctx = TomlContext(path, key_locations(text))
        self._contexts.append(ctx)
        return Table(ctx, data)

    @property
    def _contexts(self) -> list[TomlContext]:
        if not hasattr(self, "_ctx_list"):
            self._ctx_list: list[TomlContext] = []
        return self._ctx_list

    def findings(self) -> list:
        """Findings from layout files (the manifest's own go to its context)."""
        out = list(self.extra_findings)
        for ctx in self._contexts:
            if not ctx.file.is_relative_to(BUILTIN_DIR):
                out.extend(ctx.findings)
        return out

    def _builtin(self, name: str) -> _Source | None:
        if name not in BUILTIN_LAYOUTS:
            return None
        table = self._parse(BUILTIN_DIR / f"{name}.toml", None, name)
        return None if table is None else _Source(name, table, builtin=True)

    # -- styles
    def _styles(self, table: Table | None, what: str) -> dict[str, tuple[dict, Table]]:
        styles: dict[str, tuple[dict, Table]] = {}
        for name, value in (table.entries() if table else ()):
            assert table is not None  # the loop runs only over a table that is there
            if not isinstance(value, dict):
                table.ctx.report("M104", f"'{what}.{name}' must be a table of style keys", table.key_path(name))
                continue
            style = Table(table.ctx, value, table.key_path(name))
            styles[name] = (self._props(style, STYLE_KEYS, f"style '{name}'"), style)
        return styles

    # -- layouts
    def layout(self, name: str) -> Layout | None:
        """The resolved layout named ``name`` (the pack's first, then a built-in); None if unknown."""
        if name in self.resolved:
            return self.resolved[name]
        source = self.sources.get(name) or self._builtin(name)
        if source is None:
            return None
        if name in self._resolving:
            return None  # a cycle; reported by the layout that closes it
        self._resolving.append(name)
        try:
            layout = self._resolve(source)
        finally:
            self._resolving.pop()
        self.resolved[name] = layout
        return layout

    def known(self) -> list[str]:
        return sorted(set(self.sources) | set(BUILTIN_LAYOUTS))

    def _resolve(self, source: _Source) -> Layout:
        t = source.table
        parent: Layout | None = None
        if t.has("extends"):
            base = t.text("extends")
            if base == source.name or base in self._resolving:
                t.ctx.report("M104", f"layout '{source.name}' extends itself through '{base}'",
                             t.key_path("extends"), "a layout cannot extend one that extends it")
            elif len(self._resolving) > MAX_EXTENDS:
                t.ctx.report("M104", f"layouts extend each other more than {MAX_EXTENDS} deep", t.key_path("extends"))
            elif base:  # not text: reported by t.text
                parent = self.layout(base)
                if parent is None:
                    t.ctx.report("M106", f"there is no layout '{base}'", t.key_path("extends"),
                                 did_you_mean(base, self.known()) or f"layouts: {', '.join(self.known())}")
        local_styles = self._styles(t.table("styles", required=False), "styles")
        background = parent.background if parent else None
        if t.has("background"):
            value, problem = convert("fill", t.data["background"])
            t.asked.append("background")
            if problem:
                t.ctx.report("M104", f"'background' must be {problem}", t.key_path("background"))
            else:
                background = value
        elements = list(parent.elements if parent else ())
        removed = t.strings("remove", required=False)
        if len(removed) > MAX_ELEMENTS:
            t.ctx.report("M104", f"'remove' may list at most {MAX_ELEMENTS} elements, not {len(removed)}",
                         t.key_path("remove"))
            removed = removed[:MAX_ELEMENTS]
        for name in removed:
            if not any(e.name == name for e in elements):
                t.ctx.report("M106", f"layout '{source.name}' inherits no element '{name}' to remove",
                             t.key_path("remove"), did_you_mean(name, [e.name for e in elements]))
        elements = [e for e in elements if e.name not in removed]
        for element_table in self._element_tables(t):
            inherited = next((i for i, e in enumerate(elements) if e.name and
                              e.name == element_table.data.get("name")), None)
            base_element = elements[inherited] if inherited is not None else None
            element = self._element(element_table, base_element, local_styles)
            if element is None:
                continue
            if inherited is not None:
                elements[inherited] = element
            else:
                elements.append(element)
        self._check_anchors(elements, t)
        for key in t.data:
            if key not in LAYOUT_KEYS and key not in t.asked:
                t.ctx.report("M107", f"unknown layout key '{key}'", t.key_path(key), did_you_mean(key, LAYOUT_KEYS))
                t.asked.append(key)
        return Layout(source.name, t.location(), tuple(elements), background, source.builtin)

    def _element_tables(self, t: Table) -> list[Table]:
        t.asked.append("elements")
        value = t.data.get("elements", [])
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            t.ctx.report("M104", "'elements' must be a list of [[elements]] tables", t.key_path("elements"))
            return []
        if len(value) > MAX_ELEMENTS:
            t.ctx.report("M104", f"a layout may have at most {MAX_ELEMENTS} elements, not {len(value)}",
                         t.key_path("elements"))
            value = value[:MAX_ELEMENTS]
        return [Table(t.ctx, e, t.key_path("elements") + (str(i),)) for i, e in enumerate(value)]

    def _element(self, t: Table, base: Element | None, local_styles: dict) -> Element | None:
        kind = t.data.get("type", base.type if base else None)
        if kind is None:
            t.ctx.report("M102", "an element needs a 'type'", t.path,
                         f"types: {', '.join(ELEMENT_TYPES)}")
            return None
        if kind not in ELEMENT_TYPES:
            t.ctx.report("M104", f"unknown element type '{kind}'", t.key_path("type"),
                         did_you_mean(str(kind), ELEMENT_TYPES) or f"types: {', '.join(ELEMENT_TYPES)}")
            return None
        allowed = COMMON_KEYS + ELEMENT_KEYS[kind]
        own = self._props(t, allowed, f"a {kind} element")
        style_props: dict = {}
        style_name = own.get("style")
        if style_name is not None:
            found = local_styles.get(style_name) or self.styles.get(style_name)
            if found is None:
                t.ctx.report("M106", f"there is no style '{style_name}'", t.key_path("style"),
                             did_you_mean(style_name, list(local_styles) + list(self.styles)))
            else:
                style_props = {k: v for k, v in found[0].items() if k in allowed}
        props = {**(base.props if base else {}), **style_props, **own}
        self._check_names(props, t)
        name = props.get("name", "")
        return Element(kind, name, t.location(), props)

    def _props(self, t: Table, allowed: tuple[str, ...], what: str) -> dict:
        props = {}
        for key, value in t.data.items():
            t.asked.append(key)
            if key not in allowed:
                t.ctx.report("M107", f"unknown key '{key}' for {what}", t.key_path(key),
                             did_you_mean(key, allowed) or f"keys: {', '.join(allowed)}")
                continue
            converted, problem = convert(key, value)
            if problem:
                t.ctx.report("M104", f"'{key}' must be {problem}", t.key_path(key))
                continue
            props[key] = converted
        return props

    def _check_names(self, props: dict, t: Table) -> None:
        """Fonts, symbols and icons an element names must exist."""
        for key, known, what in (("font", self.fonts, "font family"), ("symbol", self.symbols, "symbol"),
                                 ("icon", set(self.icons), "icon")):
            value = props.get(key)
            if value is not None and value not in known:
                t.ctx.report("M106", f"there is no {what} '{value}'", t.key_path(key),
                             did_you_mean(value, sorted(known)) or f"{what}s: {', '.join(sorted(known)) or 'none'}")
                props.pop(key)

    def _check_anchors(self, elements: list[Element], t: Table) -> None:
        seen: set[str] = set()
        for element in elements:
            for anchor in ANCHORS:
                target = element.get(anchor)
                if target is not None and target not in seen:
                    names = [e.name for e in elements if e.name]
                    hint = ("an element can only be placed against one listed before it" if target in names
                            else did_you_mean(target, names))
                    t.ctx.report("M106", f"element '{element.name or element.type}' is placed {anchor.replace('_', ' ')} "
                                         f"'{target}', which is not an earlier element", _path_of(t, element), hint)
            if element.name:
                seen.add(element.name)


def _path_of(t: Table, element: Element) -> tuple[str, ...]:
    """The key path of an element in its table, for locating an anchor problem."""
    for i, e in enumerate(t.data.get("elements", []) if isinstance(t.data.get("elements"), list) else []):
        if isinstance(e, dict) and e.get("name") == element.name:
            return t.key_path("elements") + (str(i),)
    return t.path


def read_icons(root: Table, symbols: set[str]) -> dict[str, IconSpec]:
    """``[icons]``: name = "file.png", or { symbol = "star", colour = "#E69F00" }, or { file = ... }."""
    table = root.table("icons", required=False)
    icons: dict[str, IconSpec] = {}
    for name, value in (table.entries() if table else ()):
        assert table is not None  # the loop runs only over a table that is there
        here = table.key_path(name)
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", name):
            root.ctx.report("M104", f"icon name '{name}' must be 1 to 40 letters, digits, '-' or '_'", here)
            continue
        if isinstance(value, str):
            icons[name] = IconSpec(name, table.location(name), file=value)
            continue
        if not isinstance(value, dict):
            root.ctx.report("M104", f"'icons.{name}' must be a picture path or a table", here)
            continue
        spec = Table(root.ctx, value, here)
        symbol = spec.text("symbol", required=False)
        file = spec.text("file", required=False)
        colour, problem = convert("colour", spec.data.get("colour", "ink"))
        spec.asked.append("colour")
        if problem or not isinstance(colour, str) or colour.startswith("$"):
            root.ctx.report("M104", f"'icons.{name}.colour' must be a colour such as '#E69F00'", spec.key_path("colour"))
            colour = NAMED_COLOURS["ink"]
        if bool(symbol) == bool(file):
            root.ctx.report("M104", f"icon '{name}' needs either a symbol or a file", here)
        elif symbol and symbol not in symbols:
            root.ctx.report("M106", f"there is no symbol '{symbol}'", spec.key_path("symbol"),
                            did_you_mean(symbol, sorted(symbols)))
        else:
            icons[name] = IconSpec(name, spec.location(), symbol, colour, file)
        for key in spec.data:
            if key not in ("symbol", "file", "colour"):
                root.ctx.report("M107", f"unknown key '{key}' for an icon", spec.key_path(key),
                                did_you_mean(key, ("symbol", "file", "colour")))
    return icons


def builtin_source(name: str) -> str | None:
    """The TOML text of a built-in layout, for ``printkit layout show``."""
    path = BUILTIN_DIR / f"{name}.toml"
    return path.read_text(encoding="utf-8") if name in BUILTIN_LAYOUTS and path.is_file() else None
