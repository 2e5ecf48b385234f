"""Generated content for the rules: what a placeholder becomes, from the pack's data.

Inline placeholders become text (``{{count kids}}`` -> "52"); block
placeholders become tables, lists or the notation legend. Everything here is
plain data for the typesetter; nothing is drawn.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..model.pack import COPIES_COLUMN, NAME_COLUMN, ClaimRule, Deck, Expectation, Pack, Variant
from ..core.packpath import clipped
from ..requirements import Repeat, Requirement
from ..games.registry import module_for
from ..games.base import read_config
from ..geometry.typography import number_range
from ..model.vocabulary import pack_vocabulary
from ..core.suggest import did_you_mean
from .arguments import Arguments, Signature, read_arguments
from .balance import SIGNATURE as BALANCE, balance
from .card_columns import KEYWORD as COLUMNS, table_columns
from ..model.rules_generated import CardTable, Column, Generated, Legend, PlaceholderError
from ..model.odds import payable_odds
from ..model.rules_source import Block, ListBlock, Paragraph, Placeholder, Run


def _deck(pack: Pack, args: tuple[str, ...], usage: str) -> Deck:
    if not args:
        raise PlaceholderError(f"'{usage}' needs a deck", f"decks: {', '.join(pack.decks)}")
    deck = pack.decks.get(args[0])
    if deck is None:
        raise PlaceholderError(f"there is no deck '{clipped(args[0], 40)}'",
                               did_you_mean(args[0], pack.decks) or f"decks: {', '.join(pack.decks)}", argument=0)
    return deck


def _count(pack: Pack, args: tuple[str, ...]) -> str:
    deck = _deck(pack, args, "count DECK [COLUMN=VALUE]")
    if len(args) == 1:
        return str(deck.total)
    column, _, value = args[1].partition("=")
    if not value or deck.spec.column(column) is None:
        names = [c.name for c in deck.spec.columns]
        raise PlaceholderError(f"'{clipped(args[1], 40)}' is not COLUMN=VALUE for deck '{deck.id}'",
                               (value and did_you_mean(column, names)) or f"columns: {', '.join(names)}", argument=1)
    return str(deck.measure(Expectation(deck.id, "by", 0, deck.spec.location, column, value)))


def _sum(pack: Pack, args: tuple[str, ...]) -> str:
    deck = _deck(pack, args, "sum DECK COLUMN")
    column = deck.spec.column(args[1]) if len(args) == 2 else None
    if column is None or column.type not in ("count", "number"):
        numbers = [c.name for c in deck.spec.columns if c.type in ("count", "number")]
        guess = did_you_mean(args[1], numbers) if len(args) == 2 else None
        raise PlaceholderError("'sum' takes a deck and one of its number columns, as in {{sum gags points}}",
                               guess or f"number columns of deck '{deck.id}': {', '.join(numbers) or 'none'}",
                               argument=1 if len(args) == 2 else None)
    return str(deck.measure(Expectation(deck.id, "sum", 0, deck.spec.location, args[1])))


def _board(pack: Pack, args: tuple[str, ...]) -> str:
    board = pack.manifest.board
    if board is None:
        raise PlaceholderError("the manifest has no [board]")
    return f"{board.columns} × {board.rows}"


def _spaces(pack: Pack, args: tuple[str, ...]) -> str:
    board = pack.manifest.board
    if board is None:
        raise PlaceholderError("the manifest has no [board]")
    return str(board.spaces)


def _cost(pack: Pack, args: tuple[str, ...]) -> str:
    rule = pack.manifest.claims
    if rule is None:
        raise PlaceholderError("the manifest has no [claims] rule")
    return str(rule.cost)


def _players(pack: Pack, args: tuple[str, ...]) -> str:
    m = pack.manifest
    return number_range(m.min_players, m.max_players)


INLINE: dict[str, Callable[[Pack, tuple[str, ...]], str]] = {
    "count": _count, "sum": _sum, "board": _board, "spaces": _spaces, "cost": _cost, "players": _players,
    "title": lambda pack, args: pack.manifest.title,
    "hand": lambda pack, args: str(odds_hand(pack)),
}


def odds_hand(pack: Pack) -> int:
    return pack.manifest.rules.odds_hand if pack.manifest.rules else 4


def _components(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    m = pack.manifest
    items: list[tuple[Block, ...]] = []
    for spec in m.decks:
        deck = pack.decks.get(spec.id)
        if deck is None:
            continue
        text = f"{deck.total} {spec.title}"
        subtitle = spec.face.roles.get("subtitle") if spec.face else None
        if spec.face is not None and subtitle:
            groups: dict[str, int] = {}
            for card in deck.cards:
                value = str(card.values.get(subtitle, ""))
                groups[value] = groups.get(value, 0) + card.count
            parts = [f"{spec.face.label(v)}: {n}" for v, n in groups.items() if v]
            if 1 < len(parts) <= 4:  # a breakdown helps; a long one is what the card list is for
                text += f" ({', '.join(parts)})"
        items.append((Paragraph((Run(text),)),))
    others = []
    if m.board is not None:
        others.append(f"the {m.board.columns} × {m.board.rows} board (board.pdf)")
    module = module_for(pack)
    if module is not None:
        config, problems = read_config(module, pack)
        others += module.components(pack, config) if config is not None and not problems else []
    if m.pieces.pawns:
        others.append(f"{m.pieces.pawns} pawns, one per player")
    if m.pieces.first_player:
        others.append("a first-player marker")
    if m.pieces.die:
        others.append("a six-sided die")
    if m.player_aid is not None and m.phases:
        others.append(f"{m.player_aid.copies} player aid cards")
    items += [(Paragraph((Run(text),)),) for text in others]
    return [ListBlock(False, tuple(items))]


def _phases(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    phases = pack.manifest.phases
    if not phases:
        raise PlaceholderError("the manifest lists no [[phases]]")
    return [ListBlock(True, tuple((Paragraph((Run(p.name, "bold"), Run(". " + p.text))),) for p in phases))]


def _powers(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    powers = pack.manifest.powers
    if not powers:
        raise PlaceholderError("the manifest lists no [[powers]]")
    return [ListBlock(False, tuple(
        (Paragraph((Run(f"{p.cost} card{'s' * (p.cost != 1)}: ", "bold"), Run(p.text))),) for p in powers))]


def _cards(pack: Pack, args: Arguments, odds: bool = True) -> list[Block | Generated]:
    deck = _deck(pack, args.positional, "cards DECK")
    chosen = args.keywords.get(COLUMNS)
    rule = pack.manifest.claims
    if rule is not None and rule.deck == deck.id:
        if chosen is not None:
            raise PlaceholderError(f"the table of the claimed deck '{deck.id}' has columns of its own "
                                   "(card, points, requirement, odds)", f"write it as {{{{cards {deck.id}}}}}",
                                   argument=args.index[COLUMNS])
        return [_claim_table(pack, deck, rule, odds)]
    names = table_columns(deck.spec, chosen, args.index.get(COLUMNS))
    label = deck.spec.face.label if deck.spec.face else (lambda v: v)

    def cell(card, name: str) -> str:
        if name == NAME_COLUMN:
            return card.name
        if name == COPIES_COLUMN:
            return str(card.count)
        return label(_shown(card.values.get(name)))

    rows = [tuple(cell(card, name) for name in names) for card in deck.cards]
    titles = {NAME_COLUMN: "Card", COPIES_COLUMN: "Copies"}
    numbers = {c.name for c in deck.spec.columns if c.type in ("count", "number")}
    # Widths of 0: the typesetter fits them to what each column has to say. A number stands right only
    # in the last column; elsewhere, set right, it runs into the next column's text ("3 Arrival").
    columns = [Column(titles.get(name) or label(name).capitalize(), 0.0,
                      "right" if name in numbers and n == len(names) - 1 else "left") for n, name in enumerate(names)]
    return [CardTable(tuple(columns), tuple(rows))]


def _shown(value: object) -> str:
    """A cell for a card table: a dash when empty, but a number column's 0 is a value."""
    return "–" if value is None or value == "" else str(value)


def _claim_table(pack: Pack, deck: Deck, rule: ClaimRule, with_odds: bool) -> CardTable:
    points = deck.spec.face.roles.get("points") if deck.spec.face else None
    values = [card.values.get(rule.column) for card in deck.cards]
    requirements = [v for v in values if isinstance(v, Requirement)]
    paying = pack.decks.get(rule.paid_from)
    vocabulary = pack_vocabulary(pack)
    odds: list[Fraction] = []
    if with_odds and len(requirements) == len(values) and paying is not None and vocabulary is not None:
        odds = payable_odds(requirements, paying.cards, vocabulary, odds_hand(pack))
    label = deck.spec.face.label if deck.spec.face else (lambda v: v)
    columns = [Column("Card", 0.36), Column(label(points or "points").split()[-1].capitalize(), 0.10, "right"),
               Column("", 0.02), Column(label(rule.column).capitalize(), 0.42), Column("Odds", 0.10, "right")]
    rows = []
    for n, card in enumerate(deck.cards):
        chance = _percent(odds[n]) if odds else "–"
        # a value that is not a requirement (the check reports it) is shown as the table shows text
        value = values[n]
        requirement = value if isinstance(value, Requirement) else str(value)
        rows.append((card.name, str(card.values.get(points, "")) if points else "", "", requirement, chance))
    return CardTable(tuple(columns), tuple(rows))


def _percent(value: Fraction) -> str:
    """Whole per cents, but never rounding a long shot to 0% or a near-certainty to 100%."""
    pct = float(value) * 100
    if 0 < pct < 1:
        return "<1%"
    if 99 < pct < 100:
        return ">99%"
    return f"{pct:.0f}%"


def _legend(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    m = pack.manifest
    rule = m.claims
    if rule is None or rule.deck not in pack.decks:
        raise PlaceholderError("the legend needs a [claims] rule")
    vocabulary = pack_vocabulary(pack)
    tokens = tuple((t, vocabulary.named.get(t.term, t.term)) for t in m.tokens) if vocabulary else ()
    examples: list[tuple[Requirement, str]] = []
    seen: set[str] = set()
    for card in pack.decks[rule.deck].cards:
        req = card.values.get(rule.column)
        if not isinstance(req, Requirement):
            continue
        kind = _shape(req)
        if kind and kind not in seen:
            seen.add(kind)
            examples.append((req, _explain(req, vocabulary)))
    categories = tuple((c.name, c.label) for c in m.categories)
    return [Legend(tokens, tuple(examples), categories)]


def _shape(req: Requirement) -> str | None:
    """The notation a requirement shows off: a plain '+', an 'or' in a slot, 'x2', or 'x2 or x2'."""
    alts = req.alternatives
    if len(alts) > 1:
        return "repeats"
    if isinstance(alts[0], Repeat):
        return "repeat"
    if any(len(s.options) > 1 for s in alts[0].slots):
        return "choice"
    return "plus" if len(alts[0].slots) > 1 else None


def _explain(req: Requirement, vocabulary) -> str:
    def name(term) -> str:
        return vocabulary.named.get(term.name, term.name) if vocabulary else term.name

    parts = []
    for alt in req.alternatives:
        if isinstance(alt, Repeat):
            parts.append(f"{alt.count} × {name(alt.term)}")
        else:
            parts.append(" and ".join(" or ".join(name(t) for t in s.options) for s in alt.slots))
    return "; or ".join(parts)


def _variant_paragraph(variant: Variant) -> Paragraph:
    return Paragraph((Run(f"{variant.title}.", "bold"), Run(f" {variant.description}")))


def _variant(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    """One [[variants]] entry as an optional rule: its title in bold, then its description."""
    names = [v.name for v in pack.manifest.variants]
    listed = f"variants: {', '.join(names)}" if names else "the manifest declares no [[variants]]"
    if not args:
        raise PlaceholderError("'{{variant NAME}}' needs a variant's name", listed)
    found = next((v for v in pack.manifest.variants if v.name == args[0]), None)
    if found is None:
        raise PlaceholderError(f"there is no variant '{clipped(args[0], 40)}'",
                               did_you_mean(args[0], names) or listed, argument=0)
    return [_variant_paragraph(found)]


def _variants(pack: Pack, args: tuple[str, ...]) -> list[Block | Generated]:
    """Every [[variants]] entry as an optional rule, in game.toml's order, one list item each."""
    if not pack.manifest.variants:
        raise PlaceholderError("the manifest declares no [[variants]]")
    return [ListBlock(False, tuple((_variant_paragraph(v),) for v in pack.manifest.variants))]


BLOCK: dict[str, Callable[[Pack, tuple[str, ...]], list]] = {
    "components": _components, "phases": _phases, "powers": _powers, "legend": _legend,
    "variant": _variant, "variants": _variants,
}
# Made with arguments read by their signatures, and told whether to measure (see expand).
MEASURED = ("cards", "balance")

# What each placeholder takes; one missing here takes no arguments.
SIGNATURES: dict[str, Signature] = {
    "count": Signature("{{count DECK}} or {{count DECK COLUMN=VALUE}}", positional=2),
    "sum": Signature("{{sum DECK COLUMN}}", positional=2),
    "cards": Signature("{{cards DECK}} or {{cards DECK columns=name,cost,text}} (no spaces in the list)",
                       positional=1, keywords=(COLUMNS,)),
    "balance": BALANCE,
    "variant": Signature("{{variant NAME}}", positional=1),
}


def signature(name: str) -> Signature:
    return SIGNATURES.get(name) or Signature(f"{{{{{name}}}}}")


def expand(placeholder: Placeholder, pack: Pack, odds: bool = True) -> str | list:
    """Text for an inline placeholder, blocks for a block one; PlaceholderError if it cannot be.

    ``odds=False`` leaves the odds out of card tables: checking needs to know a
    placeholder expands, not the few hundred milliseconds the exact odds cost.
    """
    name = placeholder.name
    module = module_for(pack)
    if module is not None and name in module.placeholders:
        return _from_module(module, placeholder, pack)
    known = [*INLINE, *BLOCK, *MEASURED]
    if name not in known:
        raise PlaceholderError(f"unknown placeholder '{{{{{name}}}}}'", did_you_mean(name, known))
    if placeholder.inline and name not in INLINE:
        raise PlaceholderError(f"'{{{{{name}}}}}' makes a block; put it in a paragraph of its own")
    args = read_arguments(name, placeholder.args, signature(name))
    if name == "cards":
        return _cards(pack, args, odds)
    if name == "balance":  # simulates (or reads the build's cache): not when only checking
        return balance(pack, args, measure=odds)
    if name in BLOCK:
        return BLOCK[name](pack, args.positional)
    text = INLINE[name](pack, args.positional)
    return text if placeholder.inline else [Paragraph((Run(text),))]


def _from_module(module, placeholder: Placeholder, pack: Pack) -> str | list:
    """A placeholder the pack's game module provides."""
    config, problems = read_config(module, pack)
    if config is None or problems:
        raise PlaceholderError(f"'{{{{{placeholder.name}}}}}' needs a [module] table without errors")
    # No module's placeholder takes arguments (they are handed on for one that will).
    read_arguments(placeholder.name, placeholder.args, Signature(f"{{{{{placeholder.name}}}}}"))
    value = module.placeholders[placeholder.name](pack, config, placeholder.args)
    if placeholder.inline and not isinstance(value, str):
        raise PlaceholderError(f"'{{{{{placeholder.name}}}}}' makes a block; put it in a paragraph of its own")
    if not placeholder.inline and isinstance(value, str):
        return [Paragraph((Run(value),))]
    return value
