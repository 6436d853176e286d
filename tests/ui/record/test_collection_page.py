"""Your collection (issue 22 item 3): a settings page to tick the boxes owned; the New game
dialog offers their Killers, Locations and Final Girls by name, grouped by box, free text
still allowed; a known Killer brings his known Health."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from frightmare.model.record.collection import (
    DEFAULT_OWNED,
    Collection,
    catalogue,
    default_catalogue,
    use_catalogue,
)
from frightmare.store import load_settings
from frightmare.ui.main_window import MainWindow
from frightmare.ui.record.collection_page import CollectionDialog, prepare_catalogue
from frightmare.ui.setup.wizard import NewGameDialog


def choices(combo: QComboBox) -> list[str]:
    """The names that can be chosen (the box titles cannot)."""
    model = combo.model()
    return [
        combo.itemText(i)
        for i in range(combo.count())
        if model.flags(model.index(i, 0)) & Qt.ItemFlag.ItemIsSelectable
    ]


def titles(combo: QComboBox) -> list[str]:
    model = combo.model()
    return [
        combo.itemText(i)
        for i in range(combo.count())
        if not model.flags(model.index(i, 0)) & Qt.ItemFlag.ItemIsSelectable
    ]


def test_ticking_boxes_gives_the_collection(qtbot: QtBot) -> None:
    dialog = CollectionDialog(Collection(frozenset({*DEFAULT_OWNED, "gone-from-the-file"})))
    qtbot.addWidget(dialog)
    assert dialog.items["frightmare-on-maple-lane"].checkState(0) == Qt.CheckState.Checked
    assert dialog.items["shriek"].checkState(0) == Qt.CheckState.Unchecked
    dialog.items["shriek"].setCheckState(0, Qt.CheckState.Checked)
    dialog.items["final-girl-core-box"].setCheckState(0, Qt.CheckState.Unchecked)
    owned = dialog.collection().owned
    assert "shriek" in owned and "final-girl-core-box" not in owned
    assert "gone-from-the-file" in owned  # an id a corrected catalogue may bring back
    assert "2026-10-02" in dialog.source.text()
    tip = dialog.items["hell-to-pay"].toolTip(0)
    assert "sources disagree" in tip and "Julie" in tip


def test_the_new_game_dialog_offers_the_owned_boxes_by_name_grouped_by_box(
    qtbot: QtBot,
) -> None:
    owned = Collection.of({*DEFAULT_OWNED, "the-happy-trails-horror", "into-the-void"})
    dialog = NewGameDialog(collection=owned)
    qtbot.addWidget(dialog)
    assert choices(dialog.killer) == ["Dr. Fright", "Hans", "The Evomorph"]
    assert titles(dialog.killer) == ["The Happy Trails Horror", "Into the Void"]
    assert choices(dialog.location) == ["Maple Lane", "Camp Happy Trails", "U.S.S. Konrad"]
    assert choices(dialog.final_girl) == ["Nancy", "Sheila", "Laurie", "Reiko", "Ellen", "Jenette"]
    # a box not owned offers nothing; free text is still allowed
    assert "Mort the Teenage Dirtbag" not in choices(dialog.killer)
    dialog.killer.setCurrentText("Jason")
    assert dialog.setup().killer == "Jason"


def test_a_known_name_typed_any_way_is_spelt_as_its_box_prints_it(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.killer.setCurrentText("evomorph")
    dialog.location.setCurrentText("uss konrad")
    setup = dialog.setup()
    assert (setup.killer, setup.location) == ("The Evomorph", "U.S.S. Konrad")


def test_a_known_killer_brings_his_known_health(qtbot: QtBot) -> None:
    fright = default_catalogue().by_id["frightmare-on-maple-lane"]
    hans_box = default_catalogue().by_id["the-happy-trails-horror"]
    hans = hans_box.killers[0].model_copy(update={"health": 7})
    corrected = type(default_catalogue())(
        tuple(
            hans_box.model_copy(update={"killers": (hans,)}) if b.id == hans_box.id else b
            for b in default_catalogue().boxes
        )
    )
    assert fright.killers[0].health == 9
    use_catalogue(corrected)
    try:
        dialog = NewGameDialog()
        qtbot.addWidget(dialog)
        dialog.killer.setCurrentText("Hans")
        assert dialog.killer_health.value() == 7  # the corrected catalogue's
        dialog.killer.setCurrentText("Geppetto")
        assert dialog.killer_health.value() == 9  # no source: the box values' start
    finally:
        use_catalogue(None)


def test_a_corrected_catalogue_in_the_data_folder_wins_and_a_bad_one_is_said(
    tmp_path: Path,
) -> None:
    text = default_catalogue_text().replace('"name": "Hans"', '"name": "Hans the Butcher"')
    (tmp_path / "catalogue.json").write_text(text)
    try:
        assert prepare_catalogue(tmp_path) is None
        assert catalogue().killer_name("hans the butcher") == "Hans the Butcher"
        bad = tmp_path / "bad"
        bad.mkdir()
        (bad / "catalogue.json").write_text("{not json")
        problem = prepare_catalogue(bad)
        assert problem is not None and "not readable JSON" in problem
        assert catalogue() is default_catalogue()
    finally:
        use_catalogue(None)


def default_catalogue_text() -> str:
    from importlib import resources

    return resources.files("frightmare.resources").joinpath("catalogue.json").read_text()


def test_your_collection_is_kept_in_the_data_folders_settings(
    qtbot: QtBot, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frightmare.store import SessionStore

    window = MainWindow(SessionStore(private_data_dir), load_settings(private_data_dir))
    qtbot.addWidget(window)
    wanted = Collection.of({"shriek"})
    monkeypatch.setattr(CollectionDialog, "ask", classmethod(lambda cls, p, o, pr: wanted))
    window.collection_action.trigger()
    assert Collection.from_text(load_settings(private_data_dir).collection) == wanted
    dialog = NewGameDialog(window)  # the window says which boxes are owned
    qtbot.addWidget(dialog)
    assert "Mort the Teenage Dirtbag" in choices(dialog.killer)
    assert "Dr. Fright" in choices(dialog.killer)  # this box's own, always first
