"""Play-testing by simulation: the rules as code, bots that play them, and what thousands of games show.

An engine (one per kind of game, chosen by what the pack declares) plays one
game from a seed and returns a ``GameRecord``; ``sim.run`` plays many across
processes and ``sim.summary`` turns the records into figures. Nothing here
imports the drawing library.
"""
