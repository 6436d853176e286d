"""The cards' rules: what a card, his Killer Action, Panic or an attack does, step by step."""
