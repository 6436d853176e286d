"""Errors the model raises, worded for the player."""


class RuleViolation(ValueError):
    """An action the rules forbid.

    ``str(error)`` is a sentence a player understands; ``rule`` names the rule (a rulebook
    section or a game-facts tag) so the GUI can show where it comes from.

    >>> str(RuleViolation("You are Awake.", rule="Awake and Asleep"))
    'You are Awake. (Rule: Awake and Asleep)'
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        self.message = message
        self.rule = rule
        super().__init__(f"{message} (Rule: {rule})" if rule else message)
