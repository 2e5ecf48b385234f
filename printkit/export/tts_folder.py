"""Where Tabletop Simulator looks for saved objects on each system, for ``export tts --tts-folder auto``.

The folders are TTS's defaults, as its Knowledge Base and players' guides give
them: Documents/My Games/Tabletop Simulator on Windows, ~/Library/Tabletop
Simulator on macOS, ~/.local/share/Tabletop Simulator on Linux, each with
Saves/Saved Objects inside. Nothing is created: a folder that is not there
means TTS has not run, or keeps its files elsewhere (a moved Documents
folder), and the user names the folder instead.
"""
from __future__ import annotations

from pathlib import Path

SAVED_OBJECTS = ("Saves", "Saved Objects")


def saved_objects_folder(platform: str, home: Path, documents: Path | None = None) -> Path:
    """TTS's Saved Objects folder for ``platform`` (``sys.platform``) and the user's ``home``;
    ``documents`` is the Windows Documents folder when it is not ``home``/Documents."""
    if platform.startswith("win"):
        root = (documents or home / "Documents") / "My Games" / "Tabletop Simulator"
    elif platform == "darwin":
        root = home / "Library" / "Tabletop Simulator"
    else:
        root = home / ".local" / "share" / "Tabletop Simulator"
    return root.joinpath(*SAVED_OBJECTS)
