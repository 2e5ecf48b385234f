"""Whole numbers as designers type them into a spreadsheet, for ``number`` columns.

A cell is read as an optional sign and ASCII digits. Spreadsheets often
export a negative number with the Unicode minus sign, so that counts as a
minus too. Every number must lie within ``LIMIT`` either side of zero: no
card game needs more, and a bound keeps a hostile cell (thousands of digits)
from costing time or memory. Its digits are only turned into an int once
their count shows the value is within that bound.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

LIMIT = 1_000_000_000
MINUS_SIGNS = ("-", "\u2212")  # ASCII hyphen-minus and the Unicode minus sign
_SIGNED_DIGITS = re.compile(r"([+\-\u2212]?)([0-9]+)")
_DECIMAL = re.compile(r"[+\-\u2212]?[0-9]*[.,][0-9]+")
_LIMIT_DIGITS = len(str(LIMIT))


@dataclass(frozen=True)
class Reading:
    """What a piece of text says as a whole number.

    ``value`` is None when the text is no number. ``beyond`` is -1 or +1 when
    the text is a number too far below or above zero to keep, else 0.
    """

    value: int | None
    beyond: int = 0

    @property
    def is_number(self) -> bool:
        return self.value is not None or self.beyond != 0


def read_whole(text: str) -> Reading:
    """Read ``text`` as a signed whole number, without converting huge digit strings."""
    m = _SIGNED_DIGITS.fullmatch(text)
    if m is None:
        return Reading(None)
    sign = -1 if m.group(1) in MINUS_SIGNS else 1
    digits = m.group(2).lstrip("0") or "0"
    if len(digits) > _LIMIT_DIGITS:  # certainly beyond the limit; no int is built
        return Reading(None, sign)
    value = sign * int(digits)
    if abs(value) > LIMIT:
        return Reading(None, sign)
    return Reading(value)


def looks_decimal(text: str) -> bool:
    """True for text such as '1.5' or '2,5': a number, but not a whole one."""
    return _DECIMAL.fullmatch(text) is not None


def shown(number: int) -> str:
    """A bound as a message shows it, with thousands separated for big ones."""
    return f"{number:,}" if abs(number) >= 10_000 else str(number)
