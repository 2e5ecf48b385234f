"""Sets and runs (Many Faces): the game module (checks, pieces, rules placeholders) and the engine that plays it."""
