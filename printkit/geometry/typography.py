"""Small typographic conventions applied wherever prose is set: quotes, ranges, no-break spaces.

Pure functions on strings, so the rules booklet and the card faces agree on
how an apostrophe or a range of numbers looks.
"""
from __future__ import annotations

import re

# Characters after which a quote opens rather than closes (besides the start of the text).
_OPENERS = set(" \t\r\n([{<\u2013\u2014/-\u00a0")
# Emphasis markers are looked through: in "*'word'*" the first quote still opens.
_TRANSPARENT = set("*_")
_QUOTES = re.compile(r"['\"]")


def smart_quotes(text: str) -> str:
    """``text`` with straight quotes turned typographic: ' into ‘ or ’, " into “ or ”.

    A quote opens at the start of the text or after a space or an opening
    bracket or dash; everywhere else it closes, so an apostrophe (don't,
    players', '90s after a space excepted) comes out as ’. A quote escaped
    with a backslash, and anything inside ``{...}`` (icon references,
    placeholders), is left as written.
    """
    if "'" not in text and '"' not in text:
        return text
    protected = _protected(text)
    out = []
    for i, ch in enumerate(text):
        if ch in "'\"" and i not in protected and not _escaped(text, i):
            opens = _opens(text, i)
            if ch == "'":
                ch = "\u2018" if opens and _starts_quote(text, i) else "\u2019"
            else:
                ch = "\u201c" if opens else "\u201d"
        out.append(ch)
    return "".join(out)


def _opens(text: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and text[j] in _TRANSPARENT:
        j -= 1
    return j < 0 or text[j] in _OPENERS or text[j] in "\u2018\u201c"


def _starts_quote(text: str, i: int) -> bool:
    """An opening single quote, unless it elides digits ('90s) - then it is an apostrophe."""
    after = text[i + 1:i + 3]
    return not (len(after) == 2 and after.isdigit())


def _escaped(text: str, i: int) -> bool:
    backslashes = len(text[:i]) - len(text[:i].rstrip("\\"))
    return backslashes % 2 == 1


def _protected(text: str) -> set[int]:
    """Offsets inside braces: ``{icon}`` and ``{{placeholder args}}`` are not prose."""
    inside: set[int] = set()
    for m in re.finditer(r"\{\{[^{}]*\}\}|\{[^{}]*\}", text):
        inside.update(range(m.start(), m.end()))
    return inside


def number_range(low: int, high: int) -> str:
    """A range of whole numbers as printed: '2–5' with an en dash, or '2' when both ends agree."""
    low, high = min(low, high), max(low, high)
    return str(low) if low == high else f"{low}\u2013{high}"


NBSP = "\u00a0"
SHORT_WORD = 5  # characters, punctuation aside: a paragraph's last word this short never stands alone
_NUMBER_NEXT = re.compile(r"(?<![^\s(\[–—-])(\d+(?:[–-]\d+)?)[ ](?=\S)")  # "2 with" -> "2\xa0with"
_BEFORE_NUMBER = re.compile(r"(?<=\S)[ ](\d+(?:[–-]\d+)?)(?=[.,;:!?)\]]|$)")  # "to 5." -> "to\xa05."
_LAST_WORDS = re.compile(r"(\S)[ ]+(\S+)\s*$")
_PUNCTUATION = ".,;:!?()[]’”“‘'\"…"


def keep_words(text: str) -> str:
    """``text`` with no-break spaces where a line must not break: between a number and the word
    after it ("2 with", "values 1 to 5"), before a number that ends a phrase ("to 5."), and before
    a short last word (SHORT_WORD characters), so it never stands alone on the last line.

    Only spaces are replaced, one character for one, so offsets into the text still hold.
    """
    text = _NUMBER_NEXT.sub(lambda m: m.group(1) + NBSP, text)
    text = _BEFORE_NUMBER.sub(lambda m: NBSP + m.group(1), text)
    last = _LAST_WORDS.search(text)
    if last and len(last.group(2).strip(_PUNCTUATION)) <= SHORT_WORD:
        start, end = last.end(1), last.start(2)
        text = text[:start] + NBSP * (end - start) + text[end:]
    return text
