"""The player's record: a finished game's entry, figures, statistics, achievements, coverage, the
collection.
"""
