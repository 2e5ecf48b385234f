"""Write files atomically, and only inside the output folder."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutsideOutput(ValueError):
    """A target that would land outside the output folder."""


def target_in(out_dir: Path, *parts: str) -> Path:
    """``out_dir/parts...``, refusing anything that would escape ``out_dir``."""
    root = out_dir.resolve()
    target = root.joinpath(*parts).resolve()
    if root != target and root not in target.parents:
        raise OutsideOutput(f"refusing to write outside {out_dir}: {'/'.join(parts)}")
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_files_atomically(files: dict[Path, bytes]) -> None:
    """Write every file to a temporary name beside it, then rename them all into place.

    A crash before the renames leaves the old files untouched; each rename is
    atomic, so no reader ever sees half a file.
    """
    temps: dict[Path, Path] = {}
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            temps[target] = Path(name)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(temps[target], 0o666 & ~_umask())  # mkstemp makes files private
        for target, temp in temps.items():
            os.replace(temp, target)
    finally:
        for temp in temps.values():
            if temp.exists():
                temp.unlink()
