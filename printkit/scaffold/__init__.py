"""``printkit new``: a starting pack (game.toml, layouts, rules, icons, pictures) inferred from card lists."""
