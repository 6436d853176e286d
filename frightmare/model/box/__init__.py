"""What the box prints, as data the player can correct: Maple Lane's board, the cards, the box's
numbers; the names each edition prints, and the model's words in the player's language.
"""
