"""The player's record: a finished game's entry and figures, statistics beside the community's,
achievements, coverage, the collection.
"""
