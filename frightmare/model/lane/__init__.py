"""Maple Lane's rules: movement, Houses, Convince and Search, Items, Victims, Events, his Killer
Action on the board.
"""
