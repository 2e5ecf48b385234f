"""Compare two versions of a pack: cards added, removed and changed, and findings that moved."""
