"""The round: its phases in order and each phase's checklist, the counters' − and +, his Killer
Action and the Terror card, Final Health, the end of the game."""
