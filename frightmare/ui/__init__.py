"""The GUI: the only package that imports PySide6."""
