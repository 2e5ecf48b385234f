"""Read the manifest tables that say how cards look: faces, backs, tokens, powers."""
from __future__ import annotations

import re

from ..core.suggest import did_you_mean
from ..requirements.limits import ODDS_MAX_HAND
from .pack import (MAX_PLAYERS, ART_AREAS, ART_FITS, FACE_ROLES, NAME_COLUMN, ArtSettings, LintSettings, BackSpec, ColumnSpec, FaceSpec,
                   ImageRef, ModuleConfig, Phase, Pieces, PlayerAid, Power, RulesSpec, TokenStyle)
from .tomltable import Table

_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")


def read_colour(table: Table, key: str, default: str) -> str:
    colour = table.text(key, required=False, default=default)
    if not _COLOUR.fullmatch(colour):
        table.ctx.report("M104", f"'{'.'.join(table.key_path(key))}' must be a colour such as '#0072B2'",
                         table.key_path(key))
        return default
    return colour.upper()


MAX_LABEL = 200  # characters in a label: a face's label for a value, or a back's label
MAX_LABELS = 1000  # labels one face may give
FACE_KEYS = ("layout", "template", "colour", "labels", "powers_for", "art_fit", "art_focus", "art_area")


def read_face(deck: Table, columns: tuple[ColumnSpec, ...]) -> FaceSpec | None:
    table = deck.table("face", required=False)
    if table is None:
        return None
    known = [c.name for c in columns]
    # 'template' is the older name of 'layout'; either names the layout the fronts use.
    key = "template" if table.has("template") and not table.has("layout") else "layout"
    if table.has("template") and table.has("layout"):
        deck.ctx.report("M104", "give 'layout' or 'template', not both", table.key_path("template"),
                        "'template' is the older name of 'layout'")
    layout = table.text(key)
    table.asked.append("template")
    roles = {"title": NAME_COLUMN}
    for role in FACE_ROLES:
        column = table.text(role, required=False)
        if not column:
            continue
        if column not in known:
            deck.ctx.report("M106", f"deck has no column '{column}'", table.key_path(role),
                            did_you_mean(column, known))
            continue
        roles[role] = column
    labels_table = table.table("labels", required=False)
    labels = {}
    if labels_table and len(labels_table.data) > MAX_LABELS:
        deck.ctx.report("M104", f"'labels' may hold at most {MAX_LABELS} labels, not {len(labels_table.data)}",
                        labels_table.path)
        labels_table = None
    for value, label in (labels_table.entries() if labels_table else ()):
        if isinstance(label, str) and len(label) > MAX_LABEL:
            deck.ctx.report("M104", f"the label for '{value}' may be at most {MAX_LABEL} characters",
                            labels_table.key_path(value))
        elif isinstance(label, str):
            labels[value] = label
        else:
            deck.ctx.report("M104", f"the label for '{value}' must be text", labels_table.key_path(value))
    powers_for = []
    where = table.table("powers_for", required=False)
    for column, wanted in (where.entries() if where else ()):
        if column not in known:
            deck.ctx.report("M106", f"deck has no column '{column}'", where.key_path(column),
                            did_you_mean(column, known))
        powers_for.append((column, str(wanted)))
    fit = table.text("art_fit", required=False, default="cover")
    if fit not in ART_FITS:
        deck.ctx.report("M104", f"'art_fit' must be one of {', '.join(ART_FITS)}", table.key_path("art_fit"),
                        did_you_mean(fit, ART_FITS))
        fit = "cover"
    area = table.text("art_area", required=False, default="window")
    if area not in ART_AREAS:
        deck.ctx.report("M104", f"'art_area' must be one of {', '.join(ART_AREAS)}", table.key_path("art_area"),
                        did_you_mean(area, ART_AREAS))
        area = "window"
    focus = read_focus(table, "art_focus")
    colour = read_colour(table, "colour", "") if table.has("colour") else None
    table.finish("M107", FACE_KEYS + FACE_ROLES)
    return FaceSpec(layout, roles, labels, tuple(powers_for), table.location(), fit, focus, area, colour or None,
                    table.location(key))


def read_focus(table: Table, key: str) -> tuple[float, float]:
    value = table.get(key, "two numbers from 0 to 1, such as [0.5, 0.3]",
                       lambda v: isinstance(v, list) and len(v) == 2 and all(
                           type(x) in (int, float) and 0 <= x <= 1 for x in v), False, [0.5, 0.5])
    return float(value[0]), float(value[1])


def read_image(table: Table, key: str) -> ImageRef | None:
    """A picture given as a path, or as { file = ..., fit = ..., focus = [x, y] }."""
    if not table.has(key):
        table.asked.append(key)
        return None
    value = table.data[key]
    if isinstance(value, str):
        table.asked.append(key)
        return ImageRef(value, location=table.location(key))
    spec = table.table(key)
    if spec is None:
        return None
    fit = spec.text("fit", required=False, default="cover")
    if fit not in ART_FITS:
        table.ctx.report("M104", f"'fit' must be one of {', '.join(ART_FITS)}", spec.key_path("fit"),
                         did_you_mean(fit, ART_FITS))
        fit = "cover"
    ref = ImageRef(spec.text("file"), fit, read_focus(spec, "focus"), spec.location("file"))
    spec.finish()
    return ref


MAX_DPI = 2400  # [art] resolutions: past what any home or print-shop printer puts on paper


def read_art_settings(root: Table) -> ArtSettings:
    table = root.table("art", required=False)
    if table is None:
        return ArtSettings()
    def dpi(key: str, default: float) -> float:
        return float(table.get(key, f"a number of dots per inch above 0 and at most {MAX_DPI}",
                               lambda v: type(v) in (int, float) and 0 < v <= MAX_DPI, False, default))

    settings = ArtSettings(dpi("warn_dpi", 300.0), dpi("min_dpi", 150.0), dpi("target_dpi", 300.0))
    if settings.min_dpi > settings.warn_dpi:
        root.ctx.report("M104", "'art.min_dpi' is above 'art.warn_dpi'", table.key_path("min_dpi"))
    table.finish()
    return settings


# Stated limits: a pack may relax or tighten the print lint, within reason.
TYPE_RANGE = (3.0, 24.0)  # points
CONTRAST_RANGE = (1.0, 21.0)  # WCAG ratios run from 1:1 to 21:1


def read_lint_settings(root: Table) -> LintSettings:
    table = root.table("lint", required=False)
    if table is None:
        return LintSettings()

    def ranged(key: str, bounds: tuple[float, float], unit: str, default: float) -> float:
        low, high = bounds
        return float(table.get(key, f"a number from {low:g} to {high:g}{unit}",
                               lambda v: type(v) in (int, float) and low <= v <= high, False, default))

    settings = LintSettings(ranged("min_type", TYPE_RANGE, " (points)", 6.0),
                            ranged("rules_min_type", TYPE_RANGE, " (points)", 7.0),
                            ranged("min_contrast", CONTRAST_RANGE, " (a contrast ratio)", 4.5))
    table.finish()
    return settings


BACK_KEYS = ("colour", "label", "art", "layout")


def read_back(deck: Table, default_label: str) -> BackSpec | None:
    table = deck.table("back", required=False)
    if table is None:
        return None
    # An empty label is allowed: a picture back may want no banner at all.
    label = table.get("label", f"text of at most {MAX_LABEL} characters (\"\" for none)",
                      lambda v: isinstance(v, str) and len(v) <= MAX_LABEL, False, default_label)
    back = BackSpec(read_colour(table, "colour", "#0072B2"), label.strip(), table.location(),
                    read_image(table, "art"), table.text("layout", required=False),
                    table.location("layout") if table.has("layout") else None)
    table.finish("M107", BACK_KEYS)
    return back


def read_tokens(root: Table) -> tuple[TokenStyle, ...]:
    table = root.table("tokens", required=False)
    tokens = []
    for term, value in (table.entries() if table else ()):
        spec = Table(root.ctx, value if isinstance(value, dict) else {}, table.key_path(term))
        if not isinstance(value, dict):
            root.ctx.report("M104", f"'tokens.{term}' must be a table with colour and symbol",
                            table.key_path(term))
            continue
        tokens.append(TokenStyle(term, read_colour(spec, "colour", "#000000"), spec.text("symbol"),
                                 spec.location(), spec.text("code", required=False)))
        spec.finish()
    return tuple(tokens)


def _entries(root: Table, key: str) -> list[Table]:
    """The tables of a ``[[key]]`` array, each able to locate its own keys."""
    root.asked.append(key)
    entries = root.data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        root.ctx.report("M104", f"'{key}' must be a list of [[{key}]] tables", (key,))
        return []
    return [Table(root.ctx, entry, (key, str(i))) for i, entry in enumerate(entries)]


def read_powers(root: Table) -> tuple[Power, ...]:
    powers = []
    for spec in _entries(root, "powers"):
        powers.append(Power(spec.integer("cost", default=1), spec.text("text"), spec.location()))
        spec.finish()
    return tuple(powers)


def read_phases(root: Table) -> tuple[Phase, ...]:
    phases = []
    for spec in _entries(root, "phases"):
        phases.append(Phase(spec.text("name"), spec.text("text"), spec.location()))
        spec.finish()
    return tuple(phases)


def read_player_aid(root: Table, players: int) -> PlayerAid | None:
    table = root.table("player_aid", required=False)
    if table is None:
        return None
    aid = PlayerAid(table.text("title", required=False, default="Your turn"),
                    table.get("copies", f"a whole number from 1 to {MAX_PLAYERS}",
                              lambda v: type(v) is int and 1 <= v <= MAX_PLAYERS, False, min(players, MAX_PLAYERS)),
                    read_colour(table, "colour", "#009E73"), table.location(),
                    table.strings("notes", required=False),
                    table.text("powers_title", required=False, default="Special moves"))
    table.finish()
    return aid


def read_rules(root: Table) -> RulesSpec | None:
    table = root.table("rules", required=False)
    if table is None:
        return None
    hand = table.get("odds_hand", f"a whole number from 1 to {ODDS_MAX_HAND}",
                     lambda v: type(v) is int and 1 <= v <= ODDS_MAX_HAND, False, 4)
    rules = RulesSpec(table.text("file"), hand,
                      table.location("file"), read_image(table, "cover"))
    table.finish()
    return rules


def read_pieces(root: Table, players: int, has_board: bool) -> Pieces:
    """Pawns default to one per player when there is a board to stand on."""
    table = root.table("pieces", required=False)
    if table is None:
        return Pieces(players if has_board else 0, has_board, False)
    pawns = table.get("pawns", f"a whole number from 0 to {MAX_PLAYERS} (one per player)",
                      lambda v: type(v) is int and 0 <= v <= MAX_PLAYERS, False, min(players, MAX_PLAYERS) if has_board else 0)
    pieces = Pieces(pawns,
                    table.boolean("die", default=has_board), table.boolean("first_player"))
    table.finish()
    return pieces


def read_module(root: Table) -> ModuleConfig | None:
    """[module] is read by the game module it names; here only its name is required."""
    table = root.table("module", required=False)
    if table is None:
        return None
    name = table.text("name")
    table.asked.extend(table.data)  # every other key belongs to the module, which reports what it does not know
    return ModuleConfig(name, dict(table.data), table.location("name"))
