"""The New game dialog: who, against whom, where, and what only those halves need.

The box has two halves that stand alone. The dialog asks only what the chosen ones need: the
Setup card on Maple Lane; the Boiler Room deck and the Epic Dark Power with Dr. Fright; the
Killer's Health (from his own board) for another Killer.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from frightmare.i18n import _
from frightmare.model.actions.dream import EPIC_DARK_POWER
from frightmare.model.box import names
from frightmare.model.box.names import NameKind
from frightmare.model.box.numbers import box_values, known_final_girl
from frightmare.model.game.setup import (
    KNOWN_FINAL_GIRLS,
    KNOWN_KILLERS,
    KNOWN_LOCATIONS,
    MAX_FINAL_GIRL_HEALTH,
    MAX_KILLER_HEALTH,
    GameSetup,
    SetupError,
    is_dr_fright,
    is_maple_lane,
)
from frightmare.model.record.collection import Collection, catalogue
from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import setup_line
from frightmare.ui.record.collection_page import CollectionSource, LogSource
from frightmare.ui.setup.box_names import box_groups, english_name, grouped_combo, show_name
from frightmare.ui.setup.face_up_items import ITEMS_NOT_NAMED, FaceUpItemsDialog, items_line
from frightmare.ui.setup.setup_words import (
    EXTREME_HORROR_TEXT,
    FIELD_NAMES,
    NO_SETUP_CARD,
    OTHER_KILLER_NOTE,
    OTHER_LOCATION_NOTE,
    PLACE_BY_HAND,
    remembered,
    remembered_choices,
    setup_card_line,
    text_height,
)
from frightmare.ui.widgets.dialogs import deck_mode_combo
from frightmare.ui.widgets.focus_chain import OnScreenDialog
from frightmare.ui.widgets.wheel_guard import ComboBox, SpinBox

# The dialog's narrowest width; wider when its rows need it (``showEvent``).
NARROWEST = 520


class NewGameDialog(OnScreenDialog):
    def __init__(
        self,
        parent: QWidget | None = None,
        remembered: str = "",
        collection: Collection | None = None,
    ) -> None:
        super().__init__(parent)
        if collection is None and isinstance(parent, CollectionSource):
            collection = parent.owned_boxes()
        self.setWindowTitle(_("New game"))
        self.setMinimumWidth(NARROWEST)
        intro = QLabel(_("Choose what is on your table. Names not in the lists can be typed in."))
        intro.setWordWrap(True)
        self._build_names(collection or Collection())
        self.killer_health = SpinBox()
        self.killer_health.setRange(1, MAX_KILLER_HEALTH)
        self.killer_health.setAccessibleName(_("Killer's Health"))
        self.killer_health.setToolTip(
            _("His Health as printed on his Killer board (you can correct it during the game)")
        )
        items_row = self._build_setup_card()
        self._build_choices()
        # Who, against whom, where and the name never move; below them, the rows only some
        # games need and the notes sit in a space reserved for the most they can take, so
        # changing the Killer, the Location or the Setup card moves no field under the
        # pointer and never resizes the dialog.
        form = QFormLayout()
        form.addRow(_("&Final Girl:"), self.final_girl)
        form.addRow(_("&Killer:"), self.killer)
        form.addRow(_("&Location:"), self.location)
        form.addRow(_("Session &name:"), self.name)
        options, harder = self._build_options(items_row)
        self._align_labels(form, options, harder)
        self._build_notes(options)
        lines = self._build_record_line(parent)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("Start the game"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)

        layout = self._main_layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(self.options)
        layout.addWidget(self.notes)
        # A refused name is said in the record line's place (it is shown only then).
        self._line_slot = QStackedWidget()
        self._line_slot.addWidget(self.record_line)
        self._line_slot.addWidget(self.error)
        self._line_slot.setFixedHeight(3 * lines)
        self.error.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.error.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        layout.addWidget(self._line_slot)
        layout.addStretch(1)
        layout.addWidget(buttons)

        self._health_for: str | None = None
        self._health_for_girl: str | None = None
        self._reserved = False
        for combo in (self.final_girl, self.killer, self.location):
            combo.currentTextChanged.connect(self._refresh)
        self._recall(remembered_choices(remembered))
        self._refresh()
        self._describe_setup()
        self.result_setup: GameSetup | None = None

    def _build_names(self, owned: Collection) -> None:
        """Who, against whom, where: this box's names first (the app's own), then the owned
        boxes', grouped by box."""
        book = catalogue()
        self.final_girl = grouped_combo(
            box_groups(owned.final_girls(book)), KNOWN_FINAL_GIRLS, _("Final Girl"), "final_girl"
        )
        self.killer = grouped_combo(
            box_groups((b, k.name) for b, k in owned.killers(book)),
            KNOWN_KILLERS,
            _("Killer"),
            "killer",
        )
        self.location = grouped_combo(
            box_groups((b, loc.name) for b, loc in owned.locations(book)),
            KNOWN_LOCATIONS,
            _("Location"),
            "location",
        )

    def _build_setup_card(self) -> QWidget:
        """Maple Lane's Setup card, each described in its tooltip, and the face-up Items'
        row (returned)."""
        self.setup_card = ComboBox()
        self.setup_card.setAccessibleName(_("Setup card"))
        self.setup_card.addItem(_(NO_SETUP_CARD), None)
        from frightmare.model.box.board import setup_card_names

        for name in setup_card_names():
            self.setup_card.addItem(names.shown("setup", name), name)
        self.setup_card.setToolTip(_("Maple Lane's Setup card: where everyone starts"))
        for index in range(1, self.setup_card.count()):
            line = setup_card_line(str(self.setup_card.itemData(index)))
            self.setup_card.setItemData(index, line, Qt.ItemDataRole.ToolTipRole)
        self.face_up_items: tuple[str | None, ...] = ()
        self.items_button = QPushButton(_("Name them…"))
        self.items_button.setAccessibleName(_("Name the face-up Items"))
        self.items_button.setToolTip(
            _("Optional: name the four face-up Item cards, so Convince and Search offer them")
        )
        self.items_button.clicked.connect(self._name_items)
        self.items_text = QLabel(_(ITEMS_NOT_NAMED))
        self.items_text.setObjectName("muted")
        # One line whatever is named (the row keeps its height); the tooltip has it whole.
        self.items_text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        items_row = QWidget()
        items_layout = QHBoxLayout(items_row)
        items_layout.setContentsMargins(0, 0, 0, 0)
        items_layout.addWidget(self.items_button)
        items_layout.addWidget(self.items_text, 1)
        return items_row

    def _build_choices(self) -> None:
        """Her Health, Extreme Horror, the Setup card's note, Dr. Fright's deck and Epic Dark
        Power, the game's name, and the note on what the app keeps for these halves."""
        self.final_girl_health = SpinBox()
        self.final_girl_health.setRange(1, MAX_FINAL_GIRL_HEALTH)
        self.final_girl_health.setAccessibleName(_("Her Health"))
        self.final_girl_health.setToolTip(
            _("Her Health as printed on her Final Girl card (you can correct it during the game)")
        )
        self.extreme = QCheckBox(_(EXTREME_HORROR_TEXT))
        self.extreme.setAccessibleName(_("Extreme Horror"))
        self.extreme.setToolTip(
            _(
                "The core box's harder difficulty (you apply its rules): recorded in your play "
                "log and in the community form's answers"
            )
        )
        self.setup_note = QLabel()
        self.setup_note.setWordWrap(True)
        self.setup_note.setAccessibleName(_("What the Setup card places"))
        self.setup_card.currentIndexChanged.connect(self._describe_setup)
        self.setup_card.currentIndexChanged.connect(self._say_record)
        self.deck = deck_mode_combo()
        self.epic = QCheckBox(
            # Translators: {number} is the Epic Dark Power card's name.
            _("Epic Dark Power ({number})").format(number=names.shown("card", EPIC_DARK_POWER))
        )
        self.epic.setAccessibleName(_("Epic Dark Power"))
        self.epic.setToolTip(_("Dr. Fright's optional harder Dark Power"))
        self.name = QLineEdit()
        self.name.setAccessibleName(_("Session name"))
        self.name.setToolTip(_("Left blank, the game is named after the two of them and the date"))
        self.name.setMaxLength(120)
        self.halves_note = QLabel()
        self.halves_note.setWordWrap(True)
        self.halves_note.setAccessibleName(_("What the app keeps for this game"))

    def _build_options(self, items_row: QWidget) -> tuple[QFormLayout, QWidget]:
        """The rows only some games need, each in a place of its own (returned with the row
        of both ways to play harder)."""
        options = QFormLayout()
        options.setContentsMargins(0, 0, 0, 0)
        # Each optional row has one place: the Setup card first (its row stays, empty, away
        # from Maple Lane), then the Killer's own rows, his Health or Dr. Fright's deck in the
        # same place, and the Epic Dark Power last. Changing the Killer never moves the Setup
        # card, nor changing the Location the Killer's rows.
        # (A form layout closes up a hidden row, so the Setup card's place is a stack whose
        # other page is empty.)
        self._setup_slot = QStackedWidget()
        self._setup_slot.addWidget(self.setup_card)
        self._setup_slot.addWidget(QWidget())
        self._setup_slot.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        options.addRow(_("&Setup card:"), self._setup_slot)
        self._items_slot = QStackedWidget()
        self._items_slot.addWidget(items_row)
        self._items_slot.addWidget(QWidget())
        self._items_slot.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        options.addRow(_("Face-up &Items:"), self._items_slot)
        options.addRow(_("&Boiler Room deck:"), self.deck)
        options.addRow(_("Killer's &Health:"), self.killer_health)
        # Her Health only for a Final Girl the box values do not know: its own place too.
        self._her_health_slot = QStackedWidget()
        self._her_health_slot.addWidget(self.final_girl_health)
        self._her_health_slot.addWidget(QWidget())
        self._her_health_slot.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        options.addRow(_("H&er Health:"), self._her_health_slot)
        # Both ways to play harder on one line; the Epic Dark Power (his card) last, gone
        # against another Killer without moving anything.
        harder = QWidget()
        harder_layout = QHBoxLayout(harder)
        harder_layout.setContentsMargins(0, 0, 0, 0)
        harder_layout.addWidget(self.extreme)
        harder_layout.addWidget(self.epic)
        harder_layout.addStretch(1)
        options.addRow("", harder)
        self.form = options
        self._setup_label = options.labelForField(self._setup_slot)
        if isinstance(self._setup_label, QLabel):
            self._setup_label.setBuddy(self.setup_card)
        self._items_label = options.labelForField(self._items_slot)
        if isinstance(self._items_label, QLabel):
            self._items_label.setBuddy(self.items_button)
        self._her_health_label = options.labelForField(self._her_health_slot)
        if isinstance(self._her_health_label, QLabel):
            self._her_health_label.setBuddy(self.final_girl_health)
        return options, harder

    def _align_labels(self, form: QFormLayout, options: QFormLayout, harder: QWidget) -> None:
        """Both forms' labels as wide as the widest: their fields line up."""
        labels = [
            f.labelForField(w)
            for f, fields in (
                (form, (self.final_girl, self.killer, self.location, self.name)),
                (
                    options,
                    (
                        self.killer_health,
                        self._setup_slot,
                        self._items_slot,
                        self._her_health_slot,
                        self.deck,
                        harder,
                    ),
                ),
            )
            for w in fields
        ]
        label_width = max(label.sizeHint().width() for label in labels if label is not None)
        for label in labels:
            if label is not None:
                label.setMinimumWidth(label_width)

    def _build_notes(self, options: QFormLayout) -> None:
        """The options beside a strut as tall as the most rows any game has, and the notes
        under them, in the room the most they can say takes (``_reserve_room``)."""
        self._options_strut = QSpacerItem(0, 0, QSizePolicy.Policy.Fixed)
        self.options = QHBoxLayout()
        self.options.setContentsMargins(0, 0, 0, 0)
        self.options.addLayout(options, 1)
        self.options.addItem(self._options_strut)
        self.notes = QWidget()
        notes = self._notes_layout = QVBoxLayout(self.notes)
        notes.setContentsMargins(0, 0, 0, 0)
        notes.addWidget(self.setup_note)
        notes.addWidget(self.halves_note)
        notes.addStretch(1)
        for note in (self.setup_note, self.halves_note):
            note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # The notes' width is the dialog's, never their own wish.
        self.notes.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def _build_record_line(self, parent: QWidget | None) -> int:
        """The line of the player's record and the community's for this setup, and the error
        said in its place; returns a line's height."""
        self.error = QLabel()
        self.error.setProperty("danger", True)
        self.error.setWordWrap(True)
        # Before the game: your record and the community's for this setup, in one line (its
        # room kept for three lines, as both parts wrap at the dialog's width, so a change
        # never moves the buttons and the line is never cut).
        self.logged: list[LogEntry] = parent.logged_games() if isinstance(parent, LogSource) else []
        self.record_line = QLabel()
        self.record_line.setWordWrap(True)
        self.record_line.setObjectName("muted")
        self.record_line.setAccessibleName(_("Your record and the community's for this setup"))
        self.record_line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        lines = self.record_line.fontMetrics().lineSpacing()
        self.record_line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        return lines

    def _recall(self, last: dict[str, Any]) -> None:
        """Start from the last game's choices (the settings remember them)."""
        kinds: tuple[tuple[NameKind, QComboBox], ...] = (
            ("final_girl", self.final_girl),
            ("killer", self.killer),
            ("location", self.location),
        )
        for key, combo in kinds:
            value = last.get(key)
            if isinstance(value, str) and value.strip():
                show_name(combo, value[:60], key)
        card = last.get("setup_card")
        index = self.setup_card.findData(card) if isinstance(card, str) else -1
        if index >= 0 or (card is None and "setup_card" in last):
            self.setup_card.setCurrentIndex(max(0, index))
        deck = last.get("boiler_deck")
        if isinstance(deck, str) and self.deck.findData(deck) >= 0:
            self.deck.setCurrentIndex(self.deck.findData(deck))
        if isinstance(last.get("epic"), bool):
            self.epic.setChecked(last["epic"])
        if isinstance(last.get("extreme_horror"), bool):
            self.extreme.setChecked(last["extreme_horror"])
        health = last.get("final_girl_health")
        if isinstance(health, int) and not isinstance(health, bool):
            self.final_girl_health.setValue(health)
            self._health_for_girl = english_name(self.final_girl)

    remember = staticmethod(remembered)

    def _name_items(self) -> None:
        names = FaceUpItemsDialog.ask(self, self.face_up_items)
        if names is not None:
            self.face_up_items = names
            self.items_text.setText(items_line(names))
            self.items_text.setToolTip(items_line(names))

    @property
    def known_final_girl(self) -> bool:
        return known_final_girl(english_name(self.final_girl))

    def _describe_setup(self) -> None:
        card = self.setup_card.currentData()
        text = setup_card_line(str(card)) if card else _(PLACE_BY_HAND)
        self.setup_note.setText(text)
        self.setup_note.setToolTip(text)
        self.setup_note.setVisible(self.on_maple_lane)

    @property
    def has_dr_fright(self) -> bool:
        return is_dr_fright(english_name(self.killer))

    @property
    def on_maple_lane(self) -> bool:
        return is_maple_lane(english_name(self.location))

    def _refresh(self) -> None:
        fright, maple_lane = self.has_dr_fright, self.on_maple_lane
        self._show_rows(fright, maple_lane)
        killer = english_name(self.killer)
        if not fright and killer != self._health_for:
            # A starting value from the catalogue (where a source gives his Health) or the box
            # values file; his own board has the real number.
            self._health_for = killer
            default = GameSetup().final_girl
            girl = english_name(self.final_girl) or str(default)
            known = catalogue().killer(killer)
            health = known.health if known is not None else None
            self.killer_health.setValue(health or box_values(girl, killer).killer_health)
        girl_name = english_name(self.final_girl)
        if not self.known_final_girl and girl_name != self._health_for_girl:
            # The box values' starting guess; her own card has the real number.
            self._health_for_girl = girl_name
            self.final_girl_health.setValue(box_values(girl_name, killer).health)
        notes = ([] if fright else [_(OTHER_KILLER_NOTE)]) + (
            [] if maple_lane else [_(OTHER_LOCATION_NOTE)]
        )
        self.halves_note.setText("\n".join(notes))
        self.halves_note.setVisible(bool(notes))
        self.error.clear()
        if hasattr(self, "_line_slot"):
            self._line_slot.setCurrentWidget(self.record_line)
        self._say_record()
        # The game is named with the date too (the window adds it), as the tooltip says.
        self.name.setPlaceholderText(
            # Translators: the new game's name before the date is added, e.g. "Nancy vs Hans".
            _("{final_girl} vs {killer}").format(
                final_girl=self.final_girl.currentText().strip() or "…",
                killer=self.killer.currentText().strip() or "…",
            )
        )

    def _say_record(self) -> None:
        if not hasattr(self, "record_line"):
            return  # still being built
        try:
            setup = self.setup()
        except SetupError:
            self.record_line.clear()
            return
        line = setup_line(setup, self.logged)
        self.record_line.setText(line)
        self.record_line.setToolTip(line)

    def _show_rows(self, fright: bool, maple_lane: bool) -> None:
        rows = [
            (self.deck, fright),
            (self.killer_health, not fright),
        ]
        # Rows go before rows come: a moment with both would grow the dialog.
        for widget, shown in sorted(rows, key=lambda row: row[1]):
            self.form.setRowVisible(widget, shown)
        self.epic.setVisible(fright)
        self._setup_slot.setCurrentIndex(0 if maple_lane else 1)
        if self._setup_label is not None:
            self._setup_label.setVisible(maple_lane)
        self._items_slot.setCurrentIndex(0 if maple_lane else 1)
        if self._items_label is not None:
            self._items_label.setVisible(maple_lane)
        asked = not self.known_final_girl
        self._her_health_slot.setCurrentIndex(0 if asked else 1)
        if self._her_health_label is not None:
            self._her_health_label.setVisible(asked)
        self.setup_note.setVisible(maple_lane)

    def _reserve_room(self) -> None:
        """The options' and the notes' most room over every game at the dialog's narrowest:
        the heights they keep, whatever is chosen."""
        margins = self._main_layout.contentsMargins()
        width = self.minimumWidth() - margins.left() - margins.right()
        spacing = self._notes_layout.spacing()
        setup_texts = [_(PLACE_BY_HAND)] + [
            setup_card_line(str(self.setup_card.itemData(i)))
            for i in range(1, self.setup_card.count())
        ]
        setup_high = max(text_height(self.setup_note, t, width) for t in setup_texts)
        rows, notes = 0, 0
        for fright in (True, False):
            for maple_lane in (True, False):
                self._show_rows(fright, maple_lane)
                self.form.invalidate()
                rows = max(rows, self.form.sizeHint().height())
                halves = ([] if fright else [_(OTHER_KILLER_NOTE)]) + (
                    [] if maple_lane else [_(OTHER_LOCATION_NOTE)]
                )
                parts = ([setup_high] if maple_lane else []) + (
                    [text_height(self.halves_note, "\n".join(halves), width)] if halves else []
                )
                notes = max(notes, sum(parts) + spacing * max(0, len(parts) - 1))
        self._options_strut.changeSize(0, rows, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.options.invalidate()
        self._show_rows(self.has_dr_fright, self.on_maple_lane)
        self.notes.setFixedHeight(notes)

    def setup(self) -> GameSetup:
        fright, maple_lane = self.has_dr_fright, self.on_maple_lane
        book = catalogue()  # a known name as its box prints it, whatever was typed
        return GameSetup(
            final_girl=book.final_girl_name(english_name(self.final_girl)),
            killer=book.killer_name(english_name(self.killer)),
            location=book.location_name(english_name(self.location)),
            setup_card=self.setup_card.currentData() if maple_lane else None,
            epic=self.epic.isChecked() if fright else False,
            boiler_deck=self.deck.currentData() if fright else "screen",
            killer_health=None if fright else self.killer_health.value(),
            extreme_horror=self.extreme.isChecked(),
            final_girl_health=None if self.known_final_girl else self.final_girl_health.value(),
            face_up_items=self.face_up_items if maple_lane else (),
        )

    def showEvent(self, event: QShowEvent) -> None:
        # An explicit minimum width stops Qt from taking the rows' own: asked for here, once
        # the lists know their widest entry, so a zoomed dialog never squeezes its labels.
        if not self._reserved:
            self._reserved = True
            self._main_layout.activate()
            self.setMinimumWidth(max(NARROWEST, self._main_layout.totalMinimumSize().width()))
            self._reserve_room()
            self._main_layout.activate()
            self.resize(self.size().expandedTo(self.minimumSize()).expandedTo(self.sizeHint()))
        super().showEvent(event)

    def _accept(self) -> None:
        try:
            self.result_setup = self.setup()
        except SetupError as error:
            field = error.field
            said = FIELD_NAMES.get(field)
            self.error.setText(
                _(said)
                if said
                else _("The {field} needs a name.").format(field=field.replace("_", " "))
            )
            self._line_slot.setCurrentWidget(self.error)
            return
        self.accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None = None,
        remembered: str = "",
        collection: Collection | None = None,
    ) -> tuple[GameSetup, str | None] | None:
        """The setup and name chosen; ``remembered`` is ``remember``'s text of the last game,
        ``collection`` the boxes whose names are offered."""
        dialog = cls(parent, remembered, collection)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.result_setup is None:
            return None
        return dialog.result_setup, dialog.name.text().strip() or None
