"""Whether the round owes nothing more (issue 31, the canonical rounds: no input wasted): the
play just recorded settled the last thing its Killer or Panic phase owed, and Upkeep has
nothing to record, so the next round may start on the same click.

Rules notes §1 (the round): "Killer: the Killer performs his Killer Action ..., then one Terror
card is drawn and resolved"; "Panic: ... the Victims in the Killer's space panic and move";
"Upkeep: when the Terror deck is empty the Finale is revealed; ongoing effects resolve". The
rulebook: "you must ALWAYS resolve one, and exactly one BR card ... during the Terror phase" (her
Boiler Room card, Asleep, at the end of the Killer phase).
"""

from __future__ import annotations

from frightmare.model.dream.deck import boiler_card_due, extra_cards_owed
from frightmare.model.game.state import GameState
from frightmare.model.query.notes import terror_offered
from frightmare.model.round.duties import duties
from frightmare.model.round.phases import round_can_end


def round_settled(state: GameState) -> bool:
    """Whether ``state``'s phase has nothing left to record and the round may end at once,
    through a quiet Upkeep (``phases.round_can_end``, each phase change its own step):

    - Panic: the panic is recorded;
    - Killer: his Killer Action is recorded, the Terror card drawn (when one is due), and,
      Asleep, the phase's Boiler Room card resolved (with any extra card a game effect owes).

    Nothing the phase owes stays open (``duties``): an attack revealed, a card unresolved."""
    if state.result is not None or duties(state):
        return False
    if state.phase == "panic":
        return state.panic_recorded and round_can_end(state)
    if state.phase != "killer" or not state.killer_action_done:
        return False
    if terror_offered(state) and not state.terror_this_round:
        return False
    if boiler_card_due(state) or extra_cards_owed(state):
        return False
    return round_can_end(state)
