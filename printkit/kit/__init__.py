"""Documents of a kit as display lists: which pages, and what is on each."""
