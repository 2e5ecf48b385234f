"""How many cards a diff compares at most on each side, counted before either side is checked.

A diff checks both sides in full (about 2.5 ms a card each, the page lint
included) and describes every front, so 10 decks of 2,000 cards a side took
about 100 s; the limit keeps a diff within about 30 seconds on a two-core
machine and says so at once (``model.loader.too_many_cards``).
"""
MAX_DIFF_CARDS = 4_000  # distinct cards (CSV rows, repeated rows included) in all the decks of one side
