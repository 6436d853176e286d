"""Choosing a game: the saved games and the New game dialog."""
