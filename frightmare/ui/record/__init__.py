"""The player's record on screen: statistics, achievements, coverage, the collection, Roll the
film, the game's summary.
"""
