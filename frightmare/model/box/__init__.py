"""What the box prints, as data the player can correct: Maple Lane's board, the cards, the box's
numbers.
"""
