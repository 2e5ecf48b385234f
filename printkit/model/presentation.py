"""Read the manifest tables that say how cards look: faces, backs, tokens, powers."""
from __future__ import annotations

from ..core.suggest import did_you_mean
from .design_values import hex_colour
from .manifest_keys import MAX_LABEL, MAX_LABELS, MAX_PLAYERS, SPECS, Key
from .pack import (FACE_ROLES, NAME_COLUMN, ArtSettings, LintSettings, BackSpec, ColumnSpec, FaceSpec,
                   ImageRef, ModuleConfig, Phase, Pieces, PlayerAid, Power, RulesSpec, TokenStyle)
from .tomltable import Table


def read_colour(table: Table, key: str, default: str) -> str:
    colour = hex_colour(table.text(key, required=False, default=default))
    if colour is None:
        table.ctx.report("M104", f"'{'.'.join(table.key_path(key))}' must be a colour such as '#0072B2'",
                         table.key_path(key))
        return default
    return colour


def read_choice(table: Table, spec: Key) -> str:
    """One of the key's choices (such as a picture fit); anything else is reported and the default used."""
    value = table.text(spec.name, required=False, default=spec.default)
    if value not in spec.choices:
        table.ctx.report("M104", f"'{spec.name}' must be one of {', '.join(spec.choices)}",
                         table.key_path(spec.name), did_you_mean(value, spec.choices))
        return spec.default
    return value


_FACE = SPECS["decks.*.face"]


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
        assert labels_table is not None  # the loop runs only over a table that is there
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
        assert where is not None  # the loop runs only over a table that is there
        if column not in known:
            deck.ctx.report("M106", f"deck has no column '{column}'", where.key_path(column),
                            did_you_mean(column, known))
        powers_for.append((column, str(wanted)))
    fit = read_choice(table, SPECS["decks.*.face.art_fit"])
    area = read_choice(table, SPECS["decks.*.face.art_area"])
    focus = read_focus(table, SPECS["decks.*.face.art_focus"])
    colour = read_colour(table, "colour", "") if table.has("colour") else None
    table.finish("M107", _FACE.names())
    return FaceSpec(layout, roles, labels, tuple(powers_for), table.location(), fit, focus, area, colour or None,
                    table.location(key))


def read_focus(table: Table, spec: Key) -> tuple[float, float]:
    x, y = table.value(spec)
    return float(x), float(y)


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
    ref = ImageRef(spec.text("file"), read_choice(spec, _PICTURE["fit"]), read_focus(spec, _PICTURE["focus"]),
                   spec.location("file"))
    spec.finish()
    return ref


# Every picture key (a back's art, the board's, the rules cover) takes the same file, fit and focus.
_PICTURE = {key.name: key for key in SPECS["rules.cover"].keys}


def read_art_settings(root: Table) -> ArtSettings:
    table = root.table("art", required=False)
    if table is None:
        return ArtSettings()
    settings = ArtSettings(**{key.name: float(table.value(key)) for key in SPECS["art"].keys})
    if settings.min_dpi > settings.warn_dpi:
        root.ctx.report("M104", "'art.min_dpi' is above 'art.warn_dpi'", table.key_path("min_dpi"))
    table.finish()
    return settings


def read_lint_settings(root: Table) -> LintSettings:
    """A pack may relax or tighten the print lint, within the limits its keys state."""
    table = root.table("lint", required=False)
    if table is None:
        return LintSettings()
    settings = LintSettings(**{key.name: float(table.value(key)) for key in SPECS["lint"].keys})
    table.finish()
    return settings


_BACK = SPECS["decks.*.back"]


def read_back(deck: Table, default_label: str) -> BackSpec | None:
    table = deck.table("back", required=False)
    if table is None:
        return None
    # An empty label is allowed: a picture back may want no banner at all.
    label = table.value(SPECS["decks.*.back.label"], default_label)
    back = BackSpec(read_colour(table, "colour", SPECS["decks.*.back.colour"].default), label.strip(), table.location(),
                    read_image(table, "art"), table.text("layout", required=False),
                    table.location("layout") if table.has("layout") else None)
    table.finish("M107", _BACK.names())
    return back


def read_tokens(root: Table) -> tuple[TokenStyle, ...]:
    table = root.table("tokens", required=False)
    tokens = []
    for term, value in (table.entries() if table else ()):
        assert table is not None  # the loop runs only over a table that is there
        spec = Table(root.ctx, value if isinstance(value, dict) else {}, table.key_path(term))
        if not isinstance(value, dict):
            root.ctx.report("M104", f"'tokens.{term}' must be a table with colour and symbol",
                            table.key_path(term))
            continue
        tokens.append(TokenStyle(term, read_colour(spec, "colour", SPECS["tokens.*.colour"].default), spec.text("symbol"),
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
    aid = PlayerAid(table.text("title", required=False, default=SPECS["player_aid.title"].default),
                    table.value(SPECS["player_aid.copies"], min(players, MAX_PLAYERS)),
                    read_colour(table, "colour", SPECS["player_aid.colour"].default), table.location(),
                    table.strings("notes", required=False),
                    table.text("powers_title", required=False, default=SPECS["player_aid.powers_title"].default))
    table.finish()
    return aid


def read_rules(root: Table) -> RulesSpec | None:
    table = root.table("rules", required=False)
    if table is None:
        return None
    rules = RulesSpec(table.text("file"), table.value(SPECS["rules.odds_hand"]),
                      table.location("file"), read_image(table, "cover"))
    table.finish()
    return rules


def read_pieces(root: Table, players: int, has_board: bool) -> Pieces:
    """Pawns default to one per player when there is a board to stand on."""
    table = root.table("pieces", required=False)
    if table is None:
        return Pieces(players if has_board else 0, has_board, False)
    pawns = table.value(SPECS["pieces.pawns"], min(players, MAX_PLAYERS) if has_board else 0)
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
