"""Maple Lane on screen: the board view, its side panel and a space's plays."""
