"""Load a pack folder: its manifest, then each deck's CSV file."""
from __future__ import annotations

from pathlib import Path

from ..findings import Finding
from ..suggest import did_you_mean
from .decks import load_deck
from .manifest import MANIFEST_NAME, load_manifest
from .pack import Deck, Pack


def load_pack(root: Path) -> tuple[Pack | None, list[Finding]]:
    """The pack at ``root`` and everything found wrong while reading it."""
    manifest, findings = load_manifest(root / MANIFEST_NAME)
    if manifest is None:
        return None, findings
    decks: dict[str, Deck] = {}
    for spec in manifest.decks:
        path = root / spec.file
        if not _inside(root, path):
            findings.append(Finding("M104", f"deck file '{spec.file}' is outside the pack folder",
                                    spec.location, "name a file inside the pack, such as 'cards.csv'"))
            continue
        if not path.is_file():
            findings.append(Finding("M105", f"deck '{spec.id}' names '{spec.file}', which does not exist",
                                    spec.location, _nearby_csv(root, spec.file)))
            continue
        deck, more = load_deck(spec, path)
        findings.extend(more)
        if deck is not None:
            decks[spec.id] = deck
    return Pack(root.name, root, manifest, decks), findings


def _inside(root: Path, path: Path) -> bool:
    """True if ``path`` (after links) lies within ``root``."""
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def _nearby_csv(root: Path, wanted: str) -> str | None:
    return did_you_mean(wanted, sorted(p.name for p in root.glob("*.csv")))
