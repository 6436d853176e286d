"""The statistics: the player's record in figures, a tab each (win rates, over time, the Boiler
Room, the table, achievements, coverage), in a dialog of their own.
"""
