"""``printkit build``'s options, declared once: each group reaches the command as the one value it makes."""
from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path

import click

from .cliutil import out_option, paper_option
from ..geometry.sheet import DEFAULT_GUTTER, GUTTER_LIMITS

MAX_BACK_OFFSET = 10.0  # mm, either way on either axis


def _not_nan(ctx, param, value: float | None) -> float | None:
    if value is not None and math.isnan(value):  # FloatRange lets NaN through: it compares false with both limits
        raise click.BadParameter("'nan' is not a number")
    return value


def _offset(ctx, param, value: str | None):
    from ..geometry.duplex import Offset

    if value is None:
        return Offset()
    try:
        offset = Offset.parse(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if not all(math.isfinite(v) for v in (offset.x, offset.y)):
        raise click.BadParameter(f"'{value}' is not two finite numbers X,Y in millimetres")
    if abs(offset.x) > MAX_BACK_OFFSET or abs(offset.y) > MAX_BACK_OFFSET:
        raise click.BadParameter(f"'{value}': each of X and Y must lie within ±{MAX_BACK_OFFSET:g} mm; "
                                 "a printer that misses by more needs its paper guides set, not an offset")
    return offset


offset_option = click.option("--back-offset", "offset", callback=_offset, metavar="X,Y",
                             help="Shift back pages by X,Y mm (see 'printkit calibrate').")

# How card sheets are printed: handed to the command as one SheetOptions, ``sheets``.
SHEET_OPTIONS = (
    click.option("--backs", type=click.Choice(["long-edge", "short-edge", "none"]), default="long-edge",
                 show_default=True, help="Duplex flip your printer uses, or none for fronts only."),
    offset_option,
    click.option("--gutter", type=click.FloatRange(*GUTTER_LIMITS), default=None, metavar="MM", callback=_not_nan,
                 help=f"Gap between cards on card sheets, 0 to 10 mm, exactly; a gap the paper has no room "
                      f"for is refused with the widest that fits (0: cards touch and share cut lines).  "
                      f"[default: up to {DEFAULT_GUTTER:g} mm, as the paper allows]"),
    click.option("--backs-ink", type=click.Choice(["light", "full"]), default="light", show_default=True,
                 help="Card backs on white with colour accents, to save ink, or full: in deck colour to the edge."),
)

# The rest of a build's files: with --out, --paper and the sheets, handed over as one BuildOptions, ``options``.
KIT_OPTIONS = (
    click.option("--board-paper", type=click.Choice(["a2", "tabloid", "arch-c"]),
                 help="Print the board at a copy shop: whole on A2 (on SRA2 stock, with bleed and crop marks) or "
                      "ARCH C, or tiled on tabloid sheets; the pieces stay on --paper."),
    click.option("--booklet", is_flag=True,
                 help="Impose the rules two-up for a folded booklet (print two-sided, flip on short edge)."),
    click.option("--png", is_flag=True,
                 help="Also write every card as a PNG (trim plus bleed) under OUT/<pack>/png/."),
    click.option("--dpi", type=click.FloatRange(72, 1200), default=300, show_default=True, callback=_not_nan,
                 help="Resolution of the PNG cards."),
)


def _declared(options: tuple, command: Callable) -> Callable:
    """``command`` with ``options`` declared on it, listed in --help in the order given."""
    for option in reversed(options):
        command = option(command)
    return command


def sheet_options(command: Callable) -> Callable:
    """Declare SHEET_OPTIONS; the command receives them as ``sheets``, a SheetOptions."""
    @functools.wraps(command)
    def with_sheets(*args, backs: str, offset, gutter: float | None, backs_ink: str, **kwargs):
        from ..kit.sheets import SheetOptions
        from ..geometry.duplex import Flip

        sheets = SheetOptions(None if backs == "none" else Flip(backs), offset, gutter, backs_ink)
        return command(*args, sheets=sheets, **kwargs)
    return _declared(SHEET_OPTIONS, with_sheets)


def build_options(command: Callable) -> Callable:
    """Declare --out, --paper, the sheet options and KIT_OPTIONS; the command receives them as ``options``,
    a BuildOptions."""
    @functools.wraps(command)
    def with_options(*args, out_dir: Path, paper: str, sheets, board_paper: str | None, booklet: bool, png: bool,
                     dpi: float, **kwargs):
        from .build import BuildOptions

        options = BuildOptions(out_dir, paper, sheets, board_paper, booklet, dpi if png else None)
        return command(*args, options=options, **kwargs)
    return _declared((out_option, paper_option, sheet_options), _declared(KIT_OPTIONS, with_options))
