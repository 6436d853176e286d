"""The round: its phases in order, Terror cards drawn, Final Health, the end of the game."""
