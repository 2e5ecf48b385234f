"""Claiming games (Gag Grab): the engine that plays a pack's [claims] on its [board]; the game itself is data."""
