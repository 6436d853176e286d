"""Maple Lane on screen: the board drawn and played on, its side panel, a space's plays beside
it and the questions a play asks."""
