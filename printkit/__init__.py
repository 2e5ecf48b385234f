"""printkit: print-and-play kits from a board game's card lists, and a linter for them."""

__version__ = "0.1.0"
