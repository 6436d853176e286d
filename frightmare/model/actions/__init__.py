"""Actions: one small typed record for each thing a player does, by subject.

Actions are what the journal stores and the session file saves, so each is a frozen record
with a ``kind`` tag, checked when it is made (``base``); ``journal.Action`` is their union,
which pydantic reads and writes. The steps a
card, his Killer Action or Panic records travel inside the actions that carry them
(``steps``). The rules that check and apply them are elsewhere (``frightmare.model.rules``).
"""
