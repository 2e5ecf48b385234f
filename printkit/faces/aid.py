"""Player aid cards: the turn on the front; on the back, what the pack's special cards buy and the
key to the requirement notation, or the pack's reminders. Both sides are built-in layouts
(``aid-front`` and ``aid-back``) drawn by the same engine as every card."""
from __future__ import annotations

from ..core.buildstate import per_build_of
from ..model.pack import Pack, PlayerAid
from .base import FaceContext, FaceResult
from .engine import LayoutDrawer
from .values import Bindings

AID_FRONT, AID_BACK = "player-aid/front", "player-aid/back"
AID_DECK = "player-aid"  # the player aids' id among the decks a kit or an export prints


def _aid(pack: Pack) -> PlayerAid:
    """The pack's player aid: its faces are drawn only for a pack that has one."""
    if pack.manifest.player_aid is None:
        raise ValueError(f"pack '{pack.id}' has no player aid")
    return pack.manifest.player_aid


def _draw(pack: Pack, layout: str, key: str, variables: dict) -> FaceResult:
    m = pack.manifest
    bindings = Bindings(m, (), {}, {}, {}, variables, _aid(pack).colour)
    return LayoutDrawer(m.layouts[layout], FaceContext(m, None), bindings, pack).draw(key, None)


# Each side is drawn once per build or check: its checks and its sheets share it.
@per_build_of(8)
def aid_front(pack: Pack) -> FaceResult:
    return _draw(pack, "aid-front", AID_FRONT, {"title": _aid(pack).title})


@per_build_of(8)
def aid_back(pack: Pack) -> FaceResult:
    m = pack.manifest
    claimed = m.deck(m.claims.deck) if m.claims else None
    variables = {
        "heading": _aid(pack).powers_title if m.powers else "Remember",
        "powers": "yes" if m.powers else "",
        "legend": "yes" if m.claims is not None and m.tokens else "",
        # "Gag cards" -> "Gag card", for the legend's heading
        "claimed": (claimed.title[:-1] if claimed and claimed.title.endswith("s") else claimed.title) if claimed else "",
    }
    return _draw(pack, "aid-back", AID_BACK, variables)
