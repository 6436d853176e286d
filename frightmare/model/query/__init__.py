"""What can be played now, and what the controls say: the can-be-played query beside apply."""
