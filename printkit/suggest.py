"""'Did you mean' suggestions for misspelt names."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.55) -> str | None:
    """The candidate most like ``word``, ignoring case first, or None."""
    options = list(dict.fromkeys(candidates))
    by_fold = {c.casefold(): c for c in options}
    if word.casefold() in by_fold:
        return by_fold[word.casefold()]
    match = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=cutoff)
    return by_fold[match[0]] if match else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint line such as "did you mean 'Schroeder'?", or None."""
    guess = closest(word, candidates)
    return f"did you mean '{guess}'?" if guess is not None and guess != word else None
