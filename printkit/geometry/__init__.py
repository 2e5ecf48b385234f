"""Geometry without drawing: sheets, grids, crop marks, duplex backs, text fitting.

Everything here is plain numbers in millimetres, origin at the bottom-left
corner of the page (as in PDF), y upwards.
"""
