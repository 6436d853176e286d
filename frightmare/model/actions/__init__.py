"""Actions: one small typed record for each thing a player does, by subject.

Actions are what the journal stores and the session file saves, so each is a pydantic model
with a ``kind`` tag (``base``); ``journal.Action`` is their discriminated union. The steps a
card, his Killer Action or Panic records travel inside the actions that carry them
(``steps``). The rules that check and apply them are elsewhere (``frightmare.model.rules``).
"""
