"""The cards' rules: what a card, his Killer Action, Panic or an attack does, step by step, and a
card planned on the table with the choices it leaves to the player."""
