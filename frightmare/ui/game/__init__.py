"""The game screen: board first, the round, the Killer, History."""
