"""The model: frozen dataclasses for packs, decks, cards and requirements, read from CSV and TOML."""

MANIFEST_NAME = "game.toml"  # the file that makes a folder a pack (here so that finding packs loads no reader)
