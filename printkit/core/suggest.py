"""'Did you mean' suggestions for misspelt names."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

# A word longer than this, or beyond the first SUGGEST_MAX_CANDIDATES candidates, is only matched ignoring
# case: a hostile name or a huge list of candidates stays cheap.
SUGGEST_MAX_LENGTH = 64
SUGGEST_MAX_CANDIDATES = 1_000


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.55) -> str | None:
    """The candidate most like ``word``, ignoring case first, or None.

    The work is bounded (``printkit.requirements.limits``): a word longer
    than SUGGEST_MAX_LENGTH is only matched ignoring case, and only the first
    SUGGEST_MAX_CANDIDATES candidates are compared letter by letter.
    """
    options = list(dict.fromkeys(candidates))
    by_fold = {c.casefold(): c for c in options}
    if word.casefold() in by_fold:
        return by_fold[word.casefold()]
    if len(word) > SUGGEST_MAX_LENGTH:
        return None
    near = [f for f in by_fold if len(f) <= SUGGEST_MAX_LENGTH][:SUGGEST_MAX_CANDIDATES]
    match = difflib.get_close_matches(word.casefold(), near, n=1, cutoff=cutoff)
    return by_fold[match[0]] if match else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint line such as "did you mean 'Schroeder'?", or None."""
    guess = closest(word, candidates)
    return f"did you mean '{guess}'?" if guess is not None and guess != word else None
