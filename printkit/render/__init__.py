"""The only layer that calls reportlab: display lists in, PDF bytes out."""
