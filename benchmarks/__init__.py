"""``make bench``: speed and memory figures, each printed beside its budget."""
