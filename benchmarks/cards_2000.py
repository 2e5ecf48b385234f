"""The card benchmark at 2,000 cards only: ``benchmarks/cards.py --cards 2000``, kept for the old name.

Run: python benchmarks/cards_2000.py [--repeat PAIRS] [--json]
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cards  # noqa: E402

if __name__ == "__main__":
    sys.exit(cards.main(["--cards", "2000", *sys.argv[1:]]))
