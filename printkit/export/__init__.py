"""Cards for places other than a home printer: Tabletop Simulator and print-on-demand services.

Every export starts from the same checked pack and the same faces as
cards.pdf (``kit.sheets.print_decks``), and rasterises them with
``render.raster``; nothing here draws a card its own way.
"""
