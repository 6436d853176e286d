"""The play log: one line per finished game, read, written, imported, merged and exported."""
