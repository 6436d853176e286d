"""One game on disk: its file, its format and migrations, its snapshot, its lock."""
