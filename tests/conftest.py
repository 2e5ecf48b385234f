"""Shared fixtures: a scratch copy of the tiny clean pack that tests break on purpose."""
from __future__ import annotations

import shutil
import signal
import struct
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from printkit.checks import check_pack
from printkit.core.findings import Finding

MINI = Path(__file__).parent / "checks" / "mini"
REPO = Path(__file__).resolve().parents[1]


@dataclass
class ScratchPack:
    path: Path

    def write(self, name: str, content: str | bytes) -> Path:
        target = self.path / name
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8", newline="")
        return target

    def edit(self, name: str, old: str, new: str) -> None:
        text = (self.path / name).read_text(encoding="utf-8")
        assert old in text, f"fixture edit: {old!r} not in {name}"
        self.write(name, text.replace(old, new, 1))

    def findings(self) -> list[Finding]:
        return list(check_pack(self.path).findings)

    def only(self, code: str) -> Finding:
        """The single finding with ``code``; fails if there are none or several."""
        found = [f for f in self.findings() if f.code == code]
        assert len(found) == 1, f"expected one {code}, got {self.findings()}"
        return found[0]


@pytest.fixture(autouse=True)
def _scratch_user_cache(monkeypatch, tmp_path_factory) -> None:
    """``check --watch`` keeps its cache in the user's cache folder: in the tests, a scratch one."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "user-cache"))


@pytest.fixture
def mini(tmp_path: Path) -> ScratchPack:
    target = tmp_path / "mini"
    shutil.copytree(MINI, target)
    return ScratchPack(target)


@pytest.fixture
def gag_grab(tmp_path: Path) -> ScratchPack:
    target = tmp_path / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", target)
    return ScratchPack(target)


@pytest.fixture
def many_faces(tmp_path: Path) -> ScratchPack:
    target = tmp_path / "many-faces"
    shutil.copytree(REPO / "cards" / "many-faces", target)
    return ScratchPack(target)


def replace_in(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in the UTF-8 file ``path`` with ``new``; ``old`` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def at(finding: Finding) -> tuple[str, int, int]:
    """(file name, line, column) of a finding, for compact assertions."""
    loc = finding.location
    return loc.file.name, loc.line, loc.column


def huge_png(width: int, height: int) -> bytes:
    """A valid PNG header and end announcing ``width`` × ``height`` pixels, with almost no data."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


class Hung(Exception):
    """Raised by ``deadline`` when the code under it runs past its time."""


@contextmanager
def deadline(seconds: int = 30):
    """Fail instead of hanging: for hostile input that once took minutes (never a timing assertion)."""
    def alarm(signum, frame):
        raise Hung(f"no answer in {seconds} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
