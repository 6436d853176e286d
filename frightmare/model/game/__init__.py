"""The game as it stands: the state, what lies on the table, the Boiler Room deck, lasting effects,
the setup.
"""
