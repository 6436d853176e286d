"""Every test runs offscreen and against a temporary data directory, never the player's.

Hypothesis runs with its "frightmare" profile: no deadline (a busy machine must not fail a
property: speed lives in ``make bench``), and derandomised when the ``CI`` environment
variable is set, so a CI run is the same every time. ``--hypothesis-profile`` picks another.

``make test`` runs the costliest game-play properties (``LONG_PROPERTIES``) at a share of their
examples, so the suite fits in two minutes; ``make test-long`` (``--hypothesis-profile
frightmare-long``, which CI runs too) runs every property at its full count.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ["QT_QPA_PLATFORM"] = "offscreen"

settings.register_profile("frightmare", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.register_profile("frightmare-long", settings.get_profile("frightmare"))
settings.load_profile("frightmare")

TESTS = Path(__file__).parent

# The properties that play whole random games (or read long random logs), by file under tests/ and
# name, with what each costs at its full count on the quiet 2-core machine. Each plays every
# kind of game in either profile (the strategies are the same: the Killer, the Location, the
# Setup card, the deck; games that reach an attack, the Finale and the end): ``make test``
# plays fewer of them, ``make test-long`` all. Every other property runs its full count in both.
LONG_PROPERTIES: dict[str, tuple[str, ...]] = {
    "model/game/test_table_properties.py": (
        "test_every_refused_play_can_be_recorded_anyway_and_replays",  # 24 s
        "test_every_piece_goes_on_every_space_and_every_counter_can_be_set",  # 4 s
    ),
    "model/lane/test_events.py": (
        "test_an_attack_event_exactly_when_the_log_says_he_attacks",  # 16 s
        "test_every_line_the_player_reads_has_an_event_kind",  # 15 s
    ),
    "model/test_board_properties.py": ("test_random_play_keeps_the_table_sound",),  # 13 s
    "model/round/test_rounds.py": ("test_counters_stay_in_range_and_replay_matches",),  # 13 s
    "model/record/test_record_properties.py": (
        "test_figures_agree_with_each_other_and_the_end_state",  # 11 s
    ),
    "model/test_properties.py": (
        "test_replaying_the_journal_gives_the_live_state",  # 9 s
        "test_save_and_load_round_trip",  # 7 s
    ),
    "model/query/test_plays.py": ("test_the_query_agrees_with_apply",),  # 6 s
    "model/record/test_digest.py": (
        "test_the_digest_keeps_the_achievements_and_the_coverage_the_log_gives",  # 7 s
        "test_the_digest_gives_the_statistics_the_game_by_game_reading_gave",  # 6 s
        "test_the_digest_gives_the_same_statistics_whichever_filters_come_first",  # 3 s
    ),
    "model/test_location_properties.py": (
        "test_random_play_on_another_location_keeps_the_table_whole",  # 4 s
    ),
    "test_startup.py": ("test_a_snapshot_holds_any_state_of_a_generated_game",),  # 5 s
    # Batches of random log lines, read at once and line by line.
    "model/record/test_log_entry_lines.py": (
        "test_a_batch_made_a_column_at_a_time_gives_each_lines_own_entry",  # 5 s
        "test_a_batch_reads_as_its_lines_read_alone",  # 4 s
        "test_a_bad_line_in_the_middle_of_a_batch_costs_only_itself",  # 2 s
    ),
    # Random plays of random games, each redrawn in part and compared with a full redraw (40
    # games at the full count): a rare stacking of two spaces' marks hid at 4.
    "ui/test_redraw_what_changed.py": ("test_after_any_plays_the_screen_is_a_full_redraw",),  # 11 s
    # Random logs read a chunk at a time and line by line (300 logs at the full count).
    "store/playlog/test_playlog_chunks.py": (
        "test_a_log_read_by_chunks_reads_as_its_lines_read_one_by_one",  # 11 s
    ),
}

# ``make test`` plays this share of a long property's examples (never fewer than ``AT_LEAST``).
SHARE = 0.25
AT_LEAST = 10


def is_long_property(item: pytest.Item) -> bool:
    path = Path(str(item.path)).relative_to(TESTS).as_posix()
    return item.name.split("[")[0] in LONG_PROPERTIES.get(path, ())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the long properties ``long_property`` (``make test-long`` runs ``-m long_property``)
    and, in any profile but "frightmare-long", runs a share of their examples. A case marked
    ``long_layout`` (a window test repeated in more languages, or in the light theme) is one of
    them too: ``make test-long`` runs it, ``make test`` leaves it out."""
    full_count = config.getoption("hypothesis_profile", None) == "frightmare-long"
    layouts = [item for item in items if item.get_closest_marker("long_layout")]
    for item in layouts:
        item.add_marker(pytest.mark.long_property)
    if layouts and not full_count:
        config.hook.pytest_deselected(items=layouts)
        items[:] = [item for item in items if not item.get_closest_marker("long_layout")]
    for item in items:
        if not isinstance(item, pytest.Function) or not is_long_property(item):
            continue
        item.add_marker(pytest.mark.long_property)
        if full_count:
            continue
        test = item.obj
        # Hypothesis reads a test's settings when it runs, from the attribute its ``@settings``
        # wrote; there is no public way to change them once applied.
        full = test._hypothesis_internal_use_settings
        share = max(AT_LEAST, round(full.max_examples * SHARE))
        test._hypothesis_internal_use_settings = settings(full, max_examples=share)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "data"
    monkeypatch.setenv("FRIGHTMARE_DATA_DIR", str(root))
    yield root


@pytest.fixture(autouse=True)
def qt_look_kept(request: pytest.FixtureRequest) -> Iterator[None]:
    """A window test outside tests/ui (tests/store has a few: the start-up cases, a second
    window on the data folder) leaves the application as it found it, as tests/ui's
    ``delete_closed_windows`` does: a launch (``build_window``) styles the whole application,
    and left styled, every later window test on that worker was built under its stylesheet
    (one passed only because a start-up case had run before it on its worker). Only where Qt
    is already imported: the model's tests never import it."""
    inside_ui = Path(str(request.path)).is_relative_to(TESTS / "ui")
    if inside_ui or "PySide6.QtWidgets" not in sys.modules:
        yield
        return
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        yield
        return
    from look_helpers import look_kept

    with look_kept(app):
        yield
