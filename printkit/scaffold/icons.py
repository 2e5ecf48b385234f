"""The icons a new pack needs: every ``{name}`` its card texts use, declared as a built-in symbol.

A spreadsheet that writes ``{coin}`` in its rules means a coin symbol. The
pack declares each such name under ``[icons]`` as one of printkit's symbols
in a colour (a coin is an orange disc, a heart a red heart; names it does not
recognise take the next unused symbol), so the cards print at once and the
designer can swap in a picture later. A name that cannot be an icon (letters
outside A-Z, over 40 characters, or past the first ``MAX_ICONS``) has its
brace escaped in the pack's copy of the list, so it prints as typed.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..geometry.richparse import icon_references

MAX_ICONS = 40
ICON_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what [icons] accepts as a name

# Okabe-Ito colours, which stay apart for readers with colour-blindness.
ORANGE, SKY, GREEN, BLUE, VERMILION, PURPLE, GREY = (
    "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#7F7F7F")

# Words games often write as icons, and a symbol and colour that suit each.
_THEMES = (
    (("coin", "gold", "money", "cash", "credit", "silver"), ("disc", ORANGE)),
    (("heart", "life", "health", "hp", "love"), ("heart", VERMILION)),
    (("star", "fame", "point", "vp", "victory", "glory", "score"), ("star", PURPLE)),
    (("water", "wave", "tide", "sea", "rain"), ("wave", SKY)),
    (("leaf", "plant", "nature", "herb", "wood", "forest", "food", "luck"), ("clover", GREEN)),
    (("gem", "crystal", "diamond", "mana", "magic"), ("diamond", BLUE)),
    (("bone", "skull", "death"), ("bone", GREY)),
    (("fire", "energy", "power", "lightning", "bolt", "spark"), ("zigzag", VERMILION)),
    (("shield", "armour", "armor", "defence", "defense", "guard"), ("hexagon", BLUE)),
    (("attack", "damage", "sword", "claw", "strike", "hit", "wound"), ("cross", VERMILION)),
)
SUGGESTED = {word: look for words, look in _THEMES for word in words}

# Symbols and colours handed out in turn to names not in SUGGESTED.
SPARE = (("triangle", BLUE), ("square", GREEN), ("hexagon", PURPLE), ("diamond", VERMILION),
         ("star", SKY), ("clover", ORANGE), ("disc", GREY), ("cross", BLUE))


@dataclass(frozen=True)
class Icon:
    name: str
    symbol: str
    colour: str


@dataclass(frozen=True)
class IconPlan:
    declared: tuple[Icon, ...]
    escaped: tuple[str, ...]  # names written as text: their '{' is escaped in the copy


def plan_icons(texts: Iterable[str]) -> IconPlan:
    """Icons for every ``{name}`` in ``texts``, in order of first use."""
    names: list[str] = []
    escaped: list[str] = []
    for text in texts:
        for name, _ in icon_references(text):
            if name in names or name in escaped:
                continue
            (names if ICON_NAME.fullmatch(name) and len(names) < MAX_ICONS else escaped).append(name)
    return IconPlan(_looks(names), tuple(escaped))


def _looks(names: list[str]) -> tuple[Icon, ...]:
    """A symbol and colour for each name: the suggested one, else the first spare one not yet taken."""
    used: list[tuple[str, str]] = []
    for name in names:
        look = SUGGESTED.get(_word(name))
        if look is None or look in used:
            look = next((s for s in SPARE if s not in used), SPARE[len(used) % len(SPARE)])
        used.append(look)
    return tuple(Icon(name, *look) for name, look in zip(names, used))


def _word(name: str) -> str:
    """The name as SUGGESTED spells it: 'Coins' -> 'coin'."""
    word = name.lower()
    return word[:-1] if word not in SUGGESTED and word.endswith("s") else word


def escape_icons(text: str, names: Iterable[str]) -> str:
    """``text`` with the ``{`` of each reference to one of ``names`` escaped, so it prints as typed."""
    wanted = set(names)
    if not wanted or "{" not in text:
        return text
    cuts = [offset for name, offset in icon_references(text) if name in wanted]
    for offset in reversed(cuts):
        text = text[:offset] + "\\" + text[offset:]
    return text


def describe(icons: tuple[Icon, ...]) -> str:
    """'{coin}: orange disc, {claw}: red cross' for the notes."""
    words = {ORANGE: "orange", SKY: "sky-blue", GREEN: "green", BLUE: "blue", VERMILION: "red",
             PURPLE: "purple", GREY: "grey"}
    return ", ".join(f"{{{i.name}}}: {words.get(i.colour, i.colour)} {i.symbol}" for i in icons)
