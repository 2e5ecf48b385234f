"""What the commands share: finding the packs they name, common options and checks of their arguments."""
from __future__ import annotations

import os
from pathlib import Path

import click

from ..model import MANIFEST_NAME
from ..core.packpath import is_file
from .packs import bundled_packs, resolve_pack
from .report import display_path


def _pack_for_file(path: Path) -> Path | None:
    for folder in path.resolve().parents:
        if (folder / MANIFEST_NAME).is_file():
            return folder
    return None


def resolve_packs(names: tuple[str, ...], ignore_outside: bool) -> list[Path]:
    """Pack folders for PACK arguments (ids, folders, or files inside a pack)."""
    if not names:
        packs = bundled_packs()
        if not packs:
            raise click.UsageError("no bundled packs found; name a pack folder")
        return [resolve_pack(p.name) for p in packs]  # ./cards/<id>, the copy being edited, comes first
    found: dict[Path, None] = {}
    for name in names:
        path = Path(name)
        if is_file(path) and path.name != MANIFEST_NAME:
            folder = _pack_for_file(path)
            if folder is None:
                if ignore_outside:
                    continue
                raise click.UsageError(f"'{name}' is not inside a pack (no {MANIFEST_NAME} above it)")
            found.setdefault(folder)
            continue
        found.setdefault(resolve_pack(name))  # an unknown one is a usage error (see printkit.commands.runner)
    return list(found)


LATEST_EPOCH = 253402300799  # 9999-12-31T23:59:59Z: the last second a PDF date can carry


def check_source_date_epoch() -> None:
    """Refuse a SOURCE_DATE_EPOCH the PDF writer could not read, before anything is built."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isascii() and value.isdigit() and int(value) <= LATEST_EPOCH):
        shown = value.encode("unicode_escape").decode("ascii")[:40]
        raise click.UsageError(f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 "
                               f"(at most {LATEST_EPOCH}), not '{shown}'")


def plain_output(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Refuse, while the command line is read and so before any work, an output path that is a FIFO or a
    device: the callback of every option naming a file or folder to write."""
    from ..core.output import is_special

    if value is not None and is_special(value):
        raise click.BadParameter(f"{display_path(value)} is a FIFO, a device or a socket; printkit writes only "
                                 "plain files and folders, so choose another path", ctx, param)
    return value


packs_argument = click.argument("packs", nargs=-1, metavar="[PACK]...")
paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                            help="Paper size, portrait.")
out_option = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
                          default=Path("output"), show_default=True, callback=plain_output,
                          help="Folder to write into.")


def refuse_shared_output(roots: list[Path], out_dir: Path) -> None:
    """A usage error when two packs would write to the same OUT/<pack>/ folder, or a pack to none."""
    from .build import output_name

    seen: dict[str, Path] = {}
    for root in roots:
        name = output_name(root)
        if not name:
            raise click.UsageError(f"'{display_path(root)}' has no folder name to build into; name the pack's folder")
        other = seen.setdefault(name, root)
        if other != root:
            raise click.UsageError(
                f"'{display_path(other)}' and '{display_path(root)}' would both be built into "
                f"{display_path(out_dir / name)}; build them one at a time with different --out folders")


def workers_option(command):
    """Declare ``--workers N``: the command body runs with that many processes allowed (see
    printkit.core.parallel), and does not receive the value itself."""
    import functools

    from ..core.parallel import MAX_WORKERS, use_workers

    @functools.wraps(command)
    def with_workers(*args, workers: int | None, **kwargs):
        with use_workers(workers):
            return command(*args, **kwargs)
    return click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None, metavar="N",
                        help=f"Processes laying out and checking card fronts, for packs of a few hundred cards "
                             f"or more (default: one per core; 1 to {MAX_WORKERS}). The output is the same for "
                             f"any number.")(with_workers)
