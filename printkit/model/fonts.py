"""Read the manifest's [fonts] table: font families a pack brings, and fallback fonts.

    [fonts]
    fallback = ["symbols"]                  # families tried in order for characters a font lacks
    fancy = "fonts/Fancy.ttf"               # a one-file family
    [fonts.symbols]
    regular = "fonts/Symbols.otf"           # bold, italic and bold_italic are optional

A pack may name a family "body" or "display": the built-in layouts then set
their text in the pack's font instead of the bundled one.
"""
from __future__ import annotations

from pathlib import Path

from ..core.findings import Location
from ..core.fontfile import FontFileError, check_font_bytes, read_font_bytes, resolve_font
from ..core.fonts import BUILTIN_FAMILIES, register_font_file
from ..core.suggest import did_you_mean
from .manifest_keys import FONT_FACES as FACES, MAX_FALLBACK
from .pack import FontFamily, FontSettings
from .tomltable import Table

FALLBACK = "fallback"
UNKNOWN_KEY = "M107"
FONT_UNUSABLE = "T708"


def read_fonts(root: Table, pack_dir: Path) -> FontSettings:
    table = root.table("fonts", required=False)
    if table is None:
        return FontSettings()
    reader = _FontReader(table, pack_dir)
    for name, value in table.entries():
        if name != FALLBACK:
            reader.family(name, value)
    fallback = reader.fallback(table.strings(FALLBACK, required=False))
    table.finish(UNKNOWN_KEY)
    return FontSettings(reader.families, fallback, reader.locations)


class _FontReader:
    """Reads families one by one, opening a usable font file once however often it is named."""

    def __init__(self, table: Table, pack_dir: Path):
        self.table, self.pack_dir = table, pack_dir
        self.families: dict[str, FontFamily] = {}
        self.locations: dict[str, Location] = {}
        self.keys: dict[str, str | None] = {}  # file as written -> font key (None: unusable)

    def family(self, name: str, value: object) -> None:
        path = self.table.key_path(name)
        if isinstance(value, str):  # shorthand: one file for every face
            if self.table.text(name):
                self.families[name] = self._family(name, {"regular": self._font(name, self.table, name, "regular")})
            return
        if not isinstance(value, dict):
            self.table.ctx.report(UNKNOWN_KEY, f"unknown key '{'.'.join(path)}'", path,
                                  did_you_mean(name, [FALLBACK]) or
                                  "a family is a font file, or a table of regular, bold, italic, bold_italic")
            return
        faces = Table(self.table.ctx, value, path)
        found = {face: self._font(name, faces, face, face) for face in FACES
                 if faces.text(face, required=face == "regular")}
        faces.finish(UNKNOWN_KEY)
        self.families[name] = self._family(name, found)

    def _font(self, family: str, table: Table, key: str, face: str) -> str | None:
        """The font key for the file ``table[key]`` names; None after reporting T708."""
        file = table.data[key]
        if file not in self.keys:
            self.keys[file] = self._open(file, table, key, _label(family, face))
        elif self.keys[file] is None:  # the same bad file again: point at this key too
            self._open(file, table, key, _label(family, face))
        font = self.keys[file]
        if font is not None:
            self.locations.setdefault(font, table.location(key))
        return font

    def _open(self, file: str, table: Table, key: str, label: str) -> str | None:
        try:
            path = resolve_font(self.pack_dir, file)
            data = read_font_bytes(path, file)
            check_font_bytes(data, file)
        except FontFileError as exc:
            table.ctx.report(FONT_UNUSABLE, f"font {exc}", table.key_path(key),
                             "fonts are single .ttf or .otf files inside the pack folder, such as fonts/")
            return None
        return register_font_file(path, label, data)  # the bytes checked, not a second reading

    def _family(self, name: str, found: dict[str, str | None]) -> FontFamily:
        """A missing or unusable face repeats regular; an unusable regular stands in as body text.

        Standing in keeps the family known, so a layout naming it does not add
        a second finding to the T708 already reported.
        """
        regular = found.get("regular") or BUILTIN_FAMILIES["body"][0]
        return FontFamily(name, *(found.get(face) or regular for face in FACES))

    def fallback(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Each family's regular font key, in order; unknown names are reported."""
        known = [*self.families, *(n for n in BUILTIN_FAMILIES if n not in self.families)]
        keys: list[str] = []
        if len(names) > MAX_FALLBACK:
            self.table.ctx.report("M104", f"'fonts.{FALLBACK}' may list at most {MAX_FALLBACK} families, "
                                  f"not {len(names)}", self.table.key_path(FALLBACK))
            names = names[:MAX_FALLBACK]
        for name in names:
            if name in self.families:
                key = self.families[name].regular
            elif name in BUILTIN_FAMILIES:
                key = BUILTIN_FAMILIES[name][0]
            else:
                self.table.ctx.report("M106", f"there is no font family '{name}' to fall back on",
                                      self.table.key_path(FALLBACK),
                                      did_you_mean(name, known) or f"families: {', '.join(known)}")
                continue
            if key not in keys:
                keys.append(key)
        return tuple(keys)


def _label(family: str, face: str) -> str:
    return family if face == "regular" else f"{family} {face.replace('_', ' ')}"
