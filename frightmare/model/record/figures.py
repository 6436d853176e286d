"""One finished game's line in the play log: its columns (``entry_for``) and the figures read
from its journal (``game_figures``): the Boiler Room's, Maple Lane's, the achievements' marks.

A play-log entry is a validated ``LogEntry`` (``log_entry``): the store reads and writes it,
the record reads its typed columns.
"""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from frightmare.model.record.achievements import marks_text
from frightmare.model.record.journal_facts import journal_marks, read_journal
from frightmare.model.record.log_entry import UNREVEALED, LogEntry, Revive
from frightmare.model.values import frozen

if TYPE_CHECKING:
    from frightmare.model.game.state import GameState
    from frightmare.model.history import History


# The Convince card's result lines, in the order the results column lists them.
CONVINCE_RESULTS = ("3+", "2", "1", "fail-enter", "fail-return")


@frozen
class GameFigures:
    """The play log's extra columns for one game, read from its journal. Dr. Fright's
    figures are ``None`` unless he is the Killer, Maple Lane's unless she is there."""

    started: str | None = None
    ended: str | None = None
    extreme_horror: bool = False
    final_health_revive: Revive = "neither"
    finale: str = UNREVEALED
    dark_power: str = UNREVEALED
    fell_asleep: int | None = None
    boiler_cards: int | None = None
    boiler_attacks: int | None = None
    deck_resets: int | None = None
    never_really_dead: bool | None = None
    end_awake: bool | None = None
    full_dreams: int | None = None
    full_dream_attacks: int | None = None
    clean_escapes: int | None = None
    most_cards_in_a_round: int | None = None
    convince_attempts: int | None = None
    convince_successes: int | None = None
    convince_results: str | None = None
    houses_searched: int | None = None
    quadrants_searched: int | None = None
    items_found: int | None = None
    victims_left: int = 0
    # The published achievements' marks from the journal (``model.achievements``).
    achievements: str = "-"

    def columns(self) -> dict[str, str | int | bool | None]:
        """Column name -> value, in the order the CSV export shows them."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# The columns game_figures adds to a play-log line, in the order the CSV export shows them.
FIGURE_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(GameFigures))
# Dr. Fright's own figures (only in his games) and Maple Lane's (only there).
FRIGHT_COLUMNS = FIGURE_COLUMNS[6:16]
MAPLE_LANE_COLUMNS = FIGURE_COLUMNS[16:22]


def _revive(state: GameState) -> Revive:
    """Final Health revive, the community form's answer: neither, him, her or both."""
    her = state.counters.final_health == "used"
    him = state.counters.killer_final_health == "used"
    answers: dict[tuple[bool, bool], Revive] = {
        (False, False): "neither",
        (True, False): "her",
        (False, True): "him",
    }
    return answers.get((her, him), "both")


def entry_for(session_id: str, state: GameState, when: datetime | None = None) -> LogEntry:
    """The finished game's line, today's columns (``ValueError`` if the game has no result)."""
    setup, c = state.setup, state.counters
    return LogEntry.from_row(
        {
            "session": session_id,
            "date": (when or datetime.now(UTC)).astimezone().date().isoformat(),
            "final_girl": setup.final_girl,
            "killer": setup.killer,
            "location": setup.location,
            "setup": setup.setup_card,
            "epic": setup.epic,
            "result": state.result,
            "rounds": state.ended_round or state.round,
            "victims_saved": c.victims_saved,
            "victims_killed": c.victims_killed,
            "dark_power": state.dark_power,
            "finale": state.finale,
        }
    )


def game_figures(
    history: History,
    started: datetime | str | None = None,
    ended: datetime | str | None = None,
) -> GameFigures:
    """The play log's extra columns for one game, read from its journal up to the cursor.

    Dr. Fright's figures are filled only when he is the Killer, Maple Lane's only on Maple
    Lane (``None`` otherwise). Start and end times come from the store.

    >>> from frightmare.model import GameSetup, History, new_game
    >>> from frightmare.model.actions.dream import FallAsleep, Slide
    >>> h = History(new_game(GameSetup(), seed=1))
    >>> _ = h.do(FallAsleep()); _ = h.do(Slide(direction="up"))
    >>> f = game_figures(h)
    >>> f.fell_asleep, f.boiler_cards, f.end_awake, f.finale
    (1, 1, False, 'Unrevealed')
    """
    end = history.state
    setup = end.setup
    facts = read_journal(history)
    figures = GameFigures(
        started=_when(started),
        ended=_when(ended),
        extreme_horror=setup.extreme_horror,
        final_health_revive=_revive(end),
        finale=end.finale or UNREVEALED,
        dark_power=end.dark_power or UNREVEALED,
        victims_left=end.table.total_victims(),
        achievements=marks_text(journal_marks(history)),
    )
    if setup.has_dr_fright:
        figures = _replace(
            figures,
            fell_asleep=facts.fell_asleep,
            boiler_cards=facts.boiler_cards,
            boiler_attacks=facts.boiler_attacks,
            deck_resets=facts.deck_resets,
            never_really_dead=facts.never_really_dead or end.counters.killer_final_health == "used",
            end_awake=end.dream.awake,
            full_dreams=facts.full_dreams,
            full_dream_attacks=facts.full_dream_attacks,
            clean_escapes=facts.clean_escapes,
            most_cards_in_a_round=facts.most_cards_in_a_round,
        )
    if setup.on_maple_lane:
        board = end.board
        results = facts.convince_results
        figures = _replace(
            figures,
            convince_attempts=facts.convince_attempts,
            convince_successes=facts.convince_successes,
            convince_results=" ".join(
                f"{r}:{results[r]}"
                for r in sorted(results, key=(*CONVINCE_RESULTS, *sorted(results)).index)
            ),
            houses_searched=len(facts.houses),
            quadrants_searched=len({board.quadrant(h) for h in facts.houses if board.is_house(h)}),
            items_found=facts.items_found,
        )
    return figures


def _replace(figures: GameFigures, **values: int | bool | str | None) -> GameFigures:
    # dataclasses.replace's stub takes each field's own type; the values are checked by name.
    return replace(figures, **values)  # type: ignore[arg-type]


def with_figures(entry: LogEntry, figures: GameFigures) -> LogEntry:
    """The entry with the game's figures in their columns (validated like any line)."""
    return entry.with_values(**figures.columns())


def _when(value: datetime | str | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    return value or None
