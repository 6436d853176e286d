"""The tests are named for what they test (issue 23 item 6), and share helpers through a
folder's ``conftest.py`` or helpers module, never by importing another test file.

They mirror the tree (issue 29 item 4): ``tests/model/record/`` holds the tests of
``frightmare/model/record/``, and so on. Each module of ``frightmare`` has a test file named
after it (``test_<module>.py``, anywhere under ``tests/``) or a line in ``WHERE`` below, the
files its tests live in (its behaviour spans them, or a window test drives it): a new module
with neither fails ``test_every_module_has_its_tests_named_or_mapped``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent

# Words that name when or by whom a test was found, not what it tests.
# (``test_attack_controls`` is named for her attack; ``test_attack_first_frame_replay`` was
# named for the review, an "attack" on the first frame.)
HISTORY = re.compile(
    r"walkthrough|rewalk|review|findings|audit|newcomer|x11|[a-z]+\d+_"
    r"|^test_attack_(?!controls$)|_folder_attack$"
)
SOURCE = TESTS.parent / "frightmare"

# Where the tests of each module without a ``test_<module>.py`` live, relative to ``tests/``:
# the files that import it or drive what it draws, the most telling first.
WHERE: dict[str, tuple[str, ...]] = {
    "__main__": ("test_cli.py",),
    "app": ("test_startup.py", "ui/test_startup_lazy.py", "store/test_bad_files_at_start.py"),
    "lazy": ("test_startup.py", "ui/test_startup_lazy.py"),
    "ui.game.page_changes": ("ui/test_redraw_what_changed.py",),
    "model.actions.base": ("model/actions/test_action_table.py", "model/test_types_rules.py"),
    "model.actions.dream": (
        "ui/game/dream/test_boiler_room_ui.py",
        "ui/test_a_new_finale_reaches_the_screen.py",
        "ui/test_followers_default.py",
    ),
    "model.actions.edit": (
        "model/cards/test_choices.py",
        "model/dream/test_awake_asleep.py",
        "ui/test_round_b_inputs.py",
    ),
    "model.actions.game": (
        "ui/test_window_wiring.py",
        "model/lane/test_events.py",
        "model/record/test_published_achievements.py",
    ),
    "model.actions.journal": (
        "model/actions/test_action_table.py",
        "model/box/test_card_names.py",
        "model/cards/test_consequences.py",
    ),
    "model.actions.lane": (
        "model/cards/test_choices.py",
        "ui/game/steps/test_card_steps_ui.py",
        "ui/test_focus.py",
    ),
    "model.actions.names": ("model/box/test_card_names.py",),
    "model.actions.round": (
        "ui/test_round_b_inputs.py",
        "model/record/test_record.py",
        "model/round/test_round_b_model.py",
    ),
    "model.actions.steps": (
        "model/cards/test_choices.py",
        "ui/test_round_b_inputs.py",
        "model/cards/test_consequences.py",
    ),
    "model.box.board": (
        "model/box/test_packaged_data.py",
        "model/game/test_table_truth.py",
        "model/box/test_card_book.py",
    ),
    "model.box.card_data": (
        "model/box/test_packaged_data.py",
        "model/cards/test_choices.py",
        "model/box/test_card_book.py",
    ),
    "model.box.cards": (
        "model/box/test_card_names.py",
        "model/round/test_round_b_model.py",
        "ui/test_round_b_inputs.py",
    ),
    "model.box.file_checks": ("store/test_hostile_files.py", "test_cards_file.py"),
    "model.box.names": ("model/test_model_words.py",),
    "model.box.numbers": (
        "model/round/test_bloodlust_track.py",
        "model/test_types_names.py",
        "ui/test_window_wiring.py",
    ),
    "model.cards.card_steps": (
        "model/cards/test_every_card.py",
        "model/cards/test_choices.py",
        "ui/game/steps/test_card_steps_ui.py",
    ),
    "model.cards.killer_records": ("model/lane/test_item_tokens.py",),
    "model.cards.plan": (
        "model/cards/test_choices.py",
        "model/cards/test_every_card.py",
        "model/round/test_phase_checklists.py",
    ),
    "model.cards.terror": (
        "model/box/test_card_book.py",
        "model/round/test_phase_checklists.py",
        "model/test_model_words.py",
    ),
    "model.counters": ("model/test_any_killer.py", "model/test_location.py", "ui/test_wiring.py"),
    "model.dream.deck": (
        "model/dream/test_awake_asleep.py",
        "model/game/test_boiler_room_reset_and_attack.py",
        "model/game/test_table_truth.py",
    ),
    "model.dream.dream": (
        "model/dream/test_awake_asleep.py",
        "model/query/test_queries.py",
        "model/test_any_killer.py",
    ),
    "model.dream.powers": (
        "model/actions/test_action_table.py",
        "model/box/test_card_names.py",
        "ui/test_a_new_finale_reaches_the_screen.py",
    ),
    "model.edit": ("ui/test_edit_table.py", "model/game/test_table_properties.py"),
    "model.errors": (
        "model/cards/test_consequences.py",
        "model/dream/test_awake_asleep.py",
        "model/game/test_boiler_room.py",
    ),
    "model.game.lasting": ("model/cards/test_consequences.py", "model/cards/test_every_card.py"),
    "model.game.setup": (
        "model/box/test_card_names.py",
        "model/box/test_packaged_data.py",
        "model/game/test_boiler_room.py",
    ),
    "model.game.state": (
        "model/box/test_packaged_data.py",
        "model/game/test_boiler_room.py",
        "model/game/test_table_truth.py",
    ),
    "model.game.table": (
        "model/game/test_table_truth.py",
        "model/round/test_round_b_model.py",
        "ui/test_controls_from_the_model.py",
    ),
    "model.lane.houses": (
        "model/actions/test_action_table.py",
        "model/box/test_card_names.py",
        "model/cards/test_every_card.py",
    ),
    "model.lane.items": (
        "model/cards/test_choices.py",
        "model/cards/test_every_card.py",
        "model/lane/test_item_tokens.py",
    ),
    "model.lane.killer": ("model/cards/test_consequences.py",),
    "model.lane.movement": (
        "model/lane/test_asleep_followers.py",
        "model/lane/test_followers.py",
        "model/lane/test_maple_lane.py",
    ),
    "model.lane.spaces": ("model/lane/test_maple_lane.py", "model/lane/test_events.py"),
    "model.lane.victims": ("ui/test_controls_from_the_model.py", "ui/test_wiring.py"),
    "model.query.controls": ("model/test_model_words.py",),
    "model.query.killer_phase": (
        "model/cards/test_choices.py",
        "model/cards/test_consequences.py",
        "model/lane/test_item_tokens.py",
    ),
    "model.query.legal": (
        "test_startup.py",
        "model/query/test_plays.py",
        "model/test_model_words.py",
    ),
    "model.query.lists": ("model/test_duties_lists.py", "ui/test_round_lists.py"),
    "model.query.space_plays": (
        "model/lane/test_asleep_followers.py",
        "model/lane/test_empty_exit_offers_no_save.py",
        "model/query/test_plays.py",
    ),
    "model.query.verdict": (
        "model/cards/test_consequences.py",
        "model/dream/test_awake_asleep.py",
        "model/game/test_boiler_room_reset_and_attack.py",
    ),
    "model.record.achievements": (
        "model/record/test_digest.py",
        "model/record/test_published_achievements.py",
        "model/record/test_record.py",
    ),
    "model.record.community": (
        "model/record/test_collection.py",
        "model/record/test_record.py",
        "model/record/test_record_filters.py",
    ),
    "model.record.figures": (
        "model/record/test_record_setup.py",
        "model/record/test_published_achievements.py",
        "model/record/test_record.py",
    ),
    "model.record.journal_facts": (
        "model/cards/test_choices.py",
        "ui/test_answers_survive_undo.py",
        "ui/test_first_frame_summary.py",
    ),
    "model.record.log_entry": (
        "model/record/test_log_entry_lines.py",
        "store/playlog/test_playlog_safety.py",
        "model/record/test_bg_stats.py",
    ),
    "model.record.own_achievements": (
        "model/record/test_digest.py",
        "model/record/test_record.py",
        "model/test_import_cycles.py",
    ),
    "model.record.statistics": (
        "model/record/test_record_filters.py",
        "model/record/test_collection.py",
        "model/record/test_digest.py",
    ),
    "model.round.adjust": ("model/round/test_rounds.py", "model/query/test_plays.py"),
    "model.round.checklist": (
        "model/game/test_table_truth.py",
        "model/round/test_bloodlust_rows.py",
        "model/round/test_bloodlust_track.py",
    ),
    "model.round.endings": (
        "model/round/test_rounds.py",
        "ui/test_controls_from_the_model.py",
        "ui/test_wiring.py",
    ),
    "model.round.killer_turn": ("model/round/test_round_b_model.py",),
    "model.round.phases": (
        "model/round/test_phase_checklists.py",
        "model/round/test_round_b_model.py",
        "model/test_model_words.py",
    ),
    "model.rules": (
        "model/actions/test_action_table.py",
        "model/test_types_rules.py",
        "model/query/test_plays.py",
    ),
    "model.sleep": ("model/dream/test_awake_asleep.py", "model/test_any_killer.py"),
    "model.wording": ("model/round/test_phase_checklists.py", "ui/test_window_desk.py"),
    "store.atomic": (
        "ui/test_sessions_never_lose.py",
        "store/test_data_folder.py",
        "store/test_sessions.py",
    ),
    "store.errors": ("test_startup.py",),
    "store.games.document": (
        "model/test_types_names.py",
        "store/games/test_migration_v5.py",
        "store/test_hostile_files.py",
    ),
    "store.games.full_document": ("store/test_data_folder.py", "test_startup.py"),
    "store.games.game_file": (
        "store/test_sessions.py",
        "store/test_bad_files_at_start.py",
        "store/test_never_lose.py",
    ),
    "store.games.lock": (
        "store/test_data_folder.py",
        "store/games/test_lock_after_first_frame.py",
        "store/test_no_locks.py",
    ),
    "store.listing": ("store/test_bad_files_at_start.py", "store/test_symlinks.py"),
    "store.overrides": ("store/test_sessions.py", "test_cards_file.py"),
    "store.paths": (
        "store/test_symlinks.py",
        "store/test_data_folder_recheck.py",
        "store/test_names_shown.py",
    ),
    "store.playlog.csv_format": (
        "store/playlog/test_playlog.py",
        "store/playlog/test_record_io.py",
        "ui/record/stats/test_stats_achievements.py",
    ),
    "store.playlog.importing": (
        "store/playlog/test_playlog_safety.py",
        "store/playlog/test_record_io.py",
        "store/playlog/test_playlog_two_windows.py",
    ),
    "store.playlog.lines": (
        "store/playlog/test_playlog_safety.py",
        "model/record/test_log_entry_lines.py",
        "store/playlog/test_playlog_chunks.py",
    ),
    "store.playlog.log_file": (
        "store/playlog/test_playlog_chunks.py",
        "store/playlog/test_record_io.py",
        "store/test_data_folder_recheck.py",
    ),
    "store.playlog.sync_copies": (
        "store/playlog/test_playlog_safety.py",
        "ui/record/test_playlog_window.py",
    ),
    "store.safe_io": ("store/test_data_folder.py", "store/test_never_lose.py"),
    "store.upkeep": ("store/test_data_folder.py", "store/test_delete_export.py"),
    "ui.application": ("test_startup.py", "store/test_bad_files_at_start.py", "test_packaging.py"),
    "ui.art": ("ui/test_board_ui.py", "ui/test_readable.py"),
    "ui.game.board.board_controller": ("ui/test_board_ui.py", "ui/test_popover_closes.py"),
    "ui.game.board.board_panel": (
        "ui/test_controls_from_the_model.py",
        "ui/test_convince_lines.py",
        "ui/test_event_refusals.py",
    ),
    "ui.game.board.board_view": ("ui/test_first_frame.py",),
    "ui.game.board.geometry": ("ui/test_board_ui.py",),
    "ui.game.board.legend": ("ui/test_board_ui.py", "ui/test_readable.py"),
    "ui.game.board.pieces": ("ui/test_pieces_clear_of_marks.py", "ui/test_item_tokens_drawn.py"),
    "ui.game.board.popover": ("ui/test_popover_closes.py", "ui/test_board_ui.py"),
    "ui.game.board.questions": (
        "ui/test_board_ui.py",
        "ui/test_controls_from_the_model.py",
        "ui/test_event_refusals.py",
    ),
    "ui.game.board.space_entries": ("ui/test_focus.py", "ui/test_board_ui.py"),
    "ui.game.board.space_menu": ("ui/test_focus.py",),
    "ui.game.board.space_steps": ("ui/test_board_ui.py", "ui/test_focus.py"),
    "ui.game.board.streets": ("ui/test_board_ui.py", "ui/test_readable.py"),
    "ui.game.box_values": ("ui/test_window_wiring.py", "ui/test_wiring.py"),
    "ui.game.column_hold": ("ui/test_side_column_fit.py", "ui/test_layout.py"),
    "ui.game.dream.awake_banner": ("ui/test_messages.py", "ui/test_wiring.py"),
    "ui.game.dream.boiler_dialogs": (
        "ui/game/dream/test_boiler_room_ui.py",
        "ui/test_long_card_names.py",
        "ui/test_wiring.py",
    ),
    "ui.game.dream.fright_panel": ("ui/test_wiring.py", "ui/test_words_match_controls.py"),
    "ui.game.game_page": (
        "test_startup.py",
        "ui/test_startup_lazy.py",
        "ui/test_window_saved_games.py",
    ),
    "ui.game.history_panel": ("ui/test_wiring.py",),
    "ui.game.killer_panel": ("ui/test_halves_ui.py", "ui/test_wiring.py"),
    "ui.game.location_panel": ("ui/test_halves_ui.py", "ui/test_wiring.py"),
    "ui.game.overview": ("ui/test_wiring.py", "ui/test_layout.py"),
    "ui.game.page_docks": ("ui/test_layout.py", "ui/test_theme.py"),
    "ui.game.regions": (),
    "ui.game.round_bar": (
        "ui/test_controls_from_the_model.py",
        "ui/test_round_b_inputs.py",
        "ui/test_window_wiring.py",
    ),
    "ui.game.round_pieces": ("ui/test_round_ui.py", "ui/test_canonical_rounds.py"),
    "ui.game.steps.final_health": ("ui/test_controls_from_the_model.py", "ui/test_round_ui.py"),
    "ui.game.steps.item_steps": ("ui/game/steps/test_card_steps_ui.py",),
    "ui.game.steps.killer_steps": ("ui/test_round_b_inputs.py",),
    "ui.game.steps.panic_keys": ("ui/test_keyboard_panic.py",),
    "ui.game_opening": ("ui/test_first_frame_replay.py", "ui/test_startup_snapshot.py"),
    "ui.keep_awake": ("ui/test_window_wiring.py", "ui/test_layout.py"),
    "ui.record.achievements": (
        "ui/record/stats/test_stats_achievements.py",
        "ui/test_achievements_summary.py",
        "ui/test_send_everywhere.py",
    ),
    "ui.record.desk": ("ui/test_window_desk.py", "ui/test_window_record.py"),
    "ui.record.import_progress": ("ui/record/test_playlog_window.py",),
    "ui.record.stats.achievements_list": ("ui/record/stats/test_stats_achievements.py",),
    "ui.record.stats.boiler_chart": ("ui/record/stats/test_stats_view.py",),
    "ui.record.stats.chart": (
        "ui/record/stats/test_stats_view.py",
        "ui/record/stats/test_stats_layout.py",
    ),
    "ui.record.stats.coverage_view": ("ui/record/stats/test_coverage_tab.py",),
    "ui.record.stats.rate_words": (
        "ui/record/stats/test_stats_view.py",
        "ui/record/stats/test_stats_layout.py",
    ),
    "ui.record.stats.rates_chart": ("ui/record/stats/test_stats_view.py",),
    "ui.record.stats.rates_table": ("ui/record/stats/test_stats_layout.py",),
    "ui.record.stats.stats_dialog": (
        "ui/record/test_playlog_window.py",
        "ui/record/stats/test_coverage_tab.py",
        "ui/record/stats/test_stats_layout.py",
    ),
    "ui.record.stats.time_chart": ("ui/record/stats/test_stats_view.py",),
    "ui.record.summary": (
        "ui/record/test_playlog_window.py",
        "ui/test_window_wiring.py",
        "ui/test_answers_survive_undo.py",
    ),
    "ui.saved_games": ("ui/test_window_wiring.py",),
    "ui.game.board.accessible": ("ui/test_accessible_board.py",),
    "ui.game.board.marks": ("ui/test_colour_blind.py", "ui/test_theme.py"),
    "ui.widgets.focus_chain": ("ui/test_keyboard_tab.py",),
    "ui.widgets.menu_search": ("ui/test_keyboard_rounds.py",),
    "ui.window_plays": ("ui/test_keyboard_killer_action.py", "ui/test_shortcuts.py"),
    "ui.setup.box_names": ("ui/setup/test_wizard.py", "ui/test_long_card_names.py"),
    "ui.setup.face_up_items": ("ui/setup/test_setup_dialog_asks.py",),
    "ui.setup.setup_words": ("ui/setup/test_setup_dialog_asks.py", "ui/test_window_saved_games.py"),
    "ui.setup.picker": (
        "store/test_bad_files_at_start.py",
        "test_startup.py",
        "ui/test_qt_values.py",
    ),
    "ui.widgets.card_combo": ("ui/test_long_card_names.py", "ui/test_lists_and_labels.py"),
    "ui.widgets.damage_row": ("ui/test_attack_controls.py", "ui/test_round_b_inputs.py"),
    "ui.widgets.dialogs": (
        "store/test_no_locks.py",
        "ui/test_window_desk.py",
        "store/test_data_folder_recheck.py",
    ),
    "ui.widgets.fitting": ("ui/test_lists_and_labels.py",),
    "ui.widgets.refusals": (
        "ui/game/dream/test_boiler_room_ui.py",
        "ui/test_controls_from_the_model.py",
        "ui/test_convince_lines.py",
    ),
    "ui.widgets.wheel_guard": (
        "ui/test_lists_and_labels.py",
        "ui/test_qt_values.py",
        "ui/test_theme.py",
    ),
    "ui.window_host": ("ui/test_window_saved_games.py", "ui/test_window_wiring.py"),
    "ui.window_menus": ("ui/test_window_wiring.py", "ui/test_shortcuts.py"),
}


def all_test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def all_modules() -> list[str]:
    """Every module of ``frightmare`` (packages' ``__init__`` aside), as ``model.record.digest``."""
    paths = sorted(SOURCE.rglob("*.py"))
    return [
        ".".join(p.relative_to(SOURCE).with_suffix("").parts) for p in paths if p.stem != "__init__"
    ]


def untested(
    modules: list[str], test_files: list[Path], where: dict[str, tuple[str, ...]]
) -> list[str]:
    """The modules with no test file named after them and no line in ``where``."""
    named = {p.stem.removeprefix("test_") for p in test_files}
    return [m for m in modules if m.rsplit(".", 1)[-1] not in named and m not in where]


def imported_test_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("test_"):
            names.append(node.module)
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith("test_")]
    return names


def test_no_test_file_is_named_for_its_history() -> None:
    named = [p.name for p in all_test_files() if HISTORY.search(p.stem)]
    assert named == [], f"name these for their subject: {named}"


def test_no_test_file_imports_another() -> None:
    imports = {str(p.relative_to(TESTS)): imported_test_modules(p) for p in all_test_files()}
    assert {p: m for p, m in imports.items() if m} == {}


def test_every_module_has_its_tests_named_or_mapped() -> None:
    missing = untested(all_modules(), all_test_files(), WHERE)
    assert missing == [], f"add test_<module>.py, or say in WHERE where their tests are: {missing}"


def test_the_map_names_modules_and_test_files_that_exist() -> None:
    modules = set(all_modules())
    assert sorted(set(WHERE) - modules) == [], "modules gone or renamed: update WHERE"
    absent = sorted(f for files in WHERE.values() for f in files if not (TESTS / f).is_file())
    assert absent == [], "test files gone or moved: update WHERE"


def test_no_two_test_files_share_a_name() -> None:
    """pytest (its default import mode) and mypy import a test folder's files as top-level
    modules: two of one name in two folders would clash."""
    names = [p.name for p in all_test_files()] + [p.name for p in TESTS.rglob("*_helpers.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_each_test_folder_is_a_folder_of_the_app() -> None:
    """``tests/<layer>/<subpackage>/`` follows ``frightmare/<layer>/<subpackage>/``."""
    folders = {p.parent for p in all_test_files()} - {TESTS}
    strays = [
        str(f.relative_to(TESTS))
        for f in sorted(folders)
        if not (SOURCE / f.relative_to(TESTS) / "__init__.py").is_file()
    ]
    assert strays == []


def long_properties() -> dict[str, tuple[str, ...]]:
    """``LONG_PROPERTIES`` of tests/conftest.py, read from its source (a conftest is not for
    importing)."""
    for node in ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "LONG_PROPERTIES":
            assert node.value is not None
            found: dict[str, tuple[str, ...]] = ast.literal_eval(node.value)
            return found
    raise AssertionError("tests/conftest.py has no LONG_PROPERTIES")


def test_the_long_properties_are_properties_that_exist() -> None:
    """A property renamed or moved would silently run its full count in ``make test``."""
    missing = []
    for file, names in long_properties().items():
        tree = ast.parse((TESTS / file).read_text(encoding="utf-8"))
        given = {
            node.name
            for node in tree.body
            if isinstance(node, ast.FunctionDef)
            and any("given" in ast.unparse(d) for d in node.decorator_list)
        }
        missing += [f"{file}::{name}" for name in names if name not in given]
    assert missing == []


def test_the_guards_can_fail(tmp_path: Path) -> None:
    """Each guard sees what it is there to catch."""
    assert untested(["model.new_rule", "ui.record.desk"], [Path("ui/test_desk.py")], {}) == [
        "model.new_rule"
    ]
    assert untested(["model.new_rule"], [], {"model.new_rule": ("model/test_x.py",)}) == []
    assert HISTORY.search("test_attack_first_frame_replay") and HISTORY.search(
        "test_data_folder_attack"
    )
    assert not HISTORY.search("test_attack_controls")
    sample = tmp_path / "test_walkthrough9.py"
    sample.write_text("from test_layout import settle\nimport test_wheel\n", encoding="utf-8")
    assert HISTORY.search(sample.stem)
    assert imported_test_modules(sample) == ["test_layout", "test_wheel"]
    assert not HISTORY.search("test_convince_lines")
