"""Games: what printkit knows of each kind of game, its rules knowledge and its simulation engine, in one registry.

A pack names its game module in ``[module] name = ...``; the module reads the
rest of that table, adds checks, printed pieces and rules placeholders. A
claiming game needs no module: its ``[claims]`` and ``[board]`` tables are
data. Each game's engine plays one game for the simulator. Nothing else in
printkit knows one game from another; ``games.registry`` says which game a pack is.
"""
