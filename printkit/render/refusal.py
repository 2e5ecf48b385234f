"""Refusing a pack: its check errors, or a picture or font that only drawing finds unusable, as findings."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from ..checks import PackReport
from ..core.errors import PackRefused
from ..core.findings import Finding, Location
from ..core.fonts import FontUnusable, font_path
from ..images.prepare import ArtRenderError


class BuildRefused(PackRefused):
    """The pack has check errors; ``report`` holds them."""


@contextmanager
def render_errors(report: PackReport) -> Iterator[None]:
    """A picture or font that only drawing finds unusable refuses the pack with a located finding."""
    try:
        yield
    except ArtRenderError as exc:  # a picture whose header looked fine but whose pixels do not
        finding = Finding("A102", f"'{Path(exc.path).name}' cannot be used: {exc.message}", Location(Path(exc.path)))
        raise BuildRefused(replace(report, findings=report.findings + (finding,))) from None
    except FontUnusable as exc:  # a pack font that only embedding shows to be unusable
        where = report.loaded.manifest.fonts.locations.get(exc.key) or Location(font_path(exc.key))
        finding = Finding("T708", f"font {exc.message}", where, "export the font as TrueType (.ttf)")
        raise BuildRefused(replace(report, findings=report.findings + (finding,))) from None
