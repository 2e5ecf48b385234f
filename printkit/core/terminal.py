"""Text from packs and files made safe to print on a terminal."""
from __future__ import annotations

_BIDI = {0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def visible(text: str) -> str:
    """``text`` safe for a terminal: control characters (ESC, BEL, CR...) and bidirectional overrides
    shown as escapes such as \\x1b, so data cannot recolour, retitle or rewrite the terminal."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0:
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch, f"\\x{code:02x}"))
        elif code in _BIDI:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
