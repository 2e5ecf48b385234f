"""Every limit on a size a pack's author controls in requirements, counts, odds and hints.

Each bound is far above what a real card game needs and low enough that a
hostile cell (a requirement of 100,000 words, a count of 5,000 digits, a
claim chain of 1,500 cards) becomes a located finding or bounded work
rather than a hang, a traceback or memory growing with the value.
docs/requirements.md lists them under "Limits".
"""
from __future__ import annotations

# The requirement language (parser): beyond these, R404 at the first character or term too many.
MAX_REQUIREMENT_CHARS = 500   # characters in one requirement cell
MAX_REQUIREMENT_TERMS = 50    # terms in one requirement (every code, name or category written)
MAX_MULTIPLIER = 99           # the N of 'xN'; more is R400 at the count

# A card's copies (a 'count' column): 1 to MAX_COUNT, else V300.
MAX_COUNT = 999

# Exact odds in the rules' card table (printkit.model.odds). The odds of each
# requirement are counted over hand compositions of the cards it can tell
# apart; if one requirement needs more than ODDS_MAX_STATES states, or the
# whole table more than ODDS_MAX_WORK steps, the table shows '–' for every odds.
ODDS_MAX_HAND = 60  # odds_hand in [rules]; more is M104 at the key
ODDS_MAX_STATES = 100_000
ODDS_MAX_WORK = 10_000_000

# Unknown-term hints per pack: after this many R401 findings, no more guesses.
MAX_TERM_HINTS = 100
