"""Where everything lies on Maple Lane, in scene units at the app's zoom: each space, its name
and badge bands, the corner marks and the pieces' places, and the fonts they are drawn in."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter

from frightmare import i18n
from frightmare.i18n import pgettext
from frightmare.model.box.board import Board
from frightmare.model.game.state import GameState

CELL = 160.0
INSET = 8.0  # a space's margin in its cell: the roads show in the gaps, 16 units wide
NARROWEST = 0.76  # how far a name may be drawn condensed to fit its space
MOST_GROWTH = 1.35  # the zoom at which a space's marks stop growing (they fill it then)
WALL = 3.0  # how far a House's walls stand inside its space (the stroke is 3 wide)


class Recording:
    """Drawing recorded in scene units and replayed under any transform: the same calls of
    ``QPainter`` with the same arguments, so the pixels are those of drawing it anew, without
    working out again where each line, space and name lies (a resize changes the view's scale,
    not the scene). A stand-in for a painter while recording (``painter``): each method
    called on it is kept, with its arguments, to be called on the painter ``replay`` is given.

    Not a ``QPicture``: replayed at the view's scale, one moved the roads' antialiased edges
    by a shade (2 of 255); this draws the very same pixels. The arguments are kept as given:
    the drawing code never changes a pen, a path or a rectangle once it has passed it on."""

    def __init__(self) -> None:
        self.calls: list[tuple[Callable[..., object], tuple[object, ...]]] = []

    # What a recording keeps: calls that draw or set the painter's state. A call that reads
    # it (``font()``, ``pen()``) has no answer while recording, and is refused.
    KEPT = ("draw", "fill", "erase", "set", "save", "restore", "translate", "scale", "rotate")

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith(self.KEPT):
            raise TypeError(f"a recorded drawing cannot ask the painter for {name}()")
        method = getattr(QPainter, name)
        calls = self.calls

        def record(*args: object) -> None:
            calls.append((method, args))

        return record

    def painter(self) -> QPainter:
        """What the drawing code draws on to be recorded (it only calls methods that draw or
        set the painter's state, never one that reads it)."""
        return cast(QPainter, self)

    def replay(self, painter: QPainter) -> None:
        for method, args in self.calls:
            method(painter, *args)


class BoardGeometry:
    """The board's layout: the rectangles of its spaces and of what is drawn on them, for the
    state shown at the zoom shown (the view sets both)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.state: GameState | None = None
        self.zoom = 1.0  # the app's zoom: labels, tokens and badges grow with it
        self._name_font: tuple[tuple[int, int], QFont] | None = None
        self._stretch: dict[str, float] = {}  # each name's condensing, at the name font
        # Each name's band and the roofs' label height, at the name font and zoom: they do not
        # change with the view's size, and a resize repaints every space's name.
        self._bands: dict[tuple[str, str], QRectF] = {}
        self._roof_label: tuple[int, float] | None = None
        # Where each name's letters are drawn, at the name font (a resize asks for every one:
        # the view switch keeps clear of them).
        self._drawn: dict[tuple[str, str], QRectF] = {}
        self._marks: tuple[object, list[QRectF]] | None = None  # (``marks``)
        # The street plan recorded, and what it shows (``streets.paint_streets``).
        self.street_plan: tuple[tuple[object, ...], Recording] | None = None

    def boundingRect(self) -> QRectF:
        return QRectF(-20, -20, 5 * CELL + 40, 5 * CELL + 40)

    def centre(self, space: str) -> QPointF:
        x, y = self.board.spaces[space].grid
        return QPointF((x + 0.5) * CELL, (y + 0.5) * CELL)

    def space_rect(self, space: str) -> QRectF:
        x, y = self.board.spaces[space].grid
        return QRectF(x * CELL + INSET, y * CELL + INSET, CELL - 2 * INSET, CELL - 2 * INSET)

    def space_at(self, point: QPointF) -> str | None:
        for space in self.board.spaces:
            if self.space_rect(space).contains(point):
                return space
        return None

    def grow(self) -> float:
        """How much the board's marks (names, counts, tokens) grow with the app's zoom: with
        it, up to the most a space holds (1.35); never below their 100% size."""
        return max(1.0, min(self.zoom, MOST_GROWTH))

    def name_px(self) -> float:
        """The names' size in scene units (about 14 px on screen at 1366x768, 100%)."""
        return 17.0 * self.grow()

    def count_px(self) -> float:
        """The Victim count's digits: the largest mark on a space (a digit over 20 px tall
        on screen at 1366x768, 100%)."""
        return 36.0 * self.grow()

    def count_font(self) -> QFont:
        return scene_font(self.count_px(), bold=True)

    def count_rect(self, space: str, count: int) -> QRectF:
        """The Victim count's disc (a pill for two digits) over the space's top right-hand
        corner, partly in the gap between spaces, so it takes little of the pieces' room."""
        rect = self.space_rect(space)
        height = self.count_px() * 1.25
        width = height if count < 10 else height * 1.45
        overhang = min(14.0, height * 0.25)  # into the gap: clear of the roof's quadrant
        return QRectF(rect.right() + overhang - width, rect.top() - overhang, width, height)

    def name_font(self) -> QFont:
        """One font for every name: ``name_px``, or the largest below it in which each name
        fits its space whole, on two lines at most, drawn condensed down to ``NARROWEST``
        (a long name wraps; a long word is condensed; no name is drawn smaller)."""
        key = (round(self.name_px() * 100), id(self.board))
        if self._name_font is not None and self._name_font[0] == key:
            return self._name_font[1]
        most = self.name_most()
        size = min(
            _fitted_font(
                self.label(s.id),
                self.name_width(s.id) / NARROWEST,
                most,
                self.name_px(),
            ).pixelSize()
            for s in self.board.data.spaces
        )
        font = scene_font(size, bold=True)
        self._name_font = (key, font)
        self._stretch.clear()
        self._bands.clear()
        self._drawn.clear()
        return font

    def name_most(self) -> float:
        """The tallest a name's band may be: two lines."""
        return 2.2 * self.name_px() + 4

    def name_stretch(self, space: str) -> float:
        """How condensed the space's name is drawn (1: as the font is; ``NARROWEST`` at
        most): the least that lets each word fit the space's width, on two lines at most."""
        font = self.name_font()
        text = self.label(space)
        stretch = self._stretch.get(text)
        if stretch is not None:
            return stretch
        metrics = QFontMetricsF(font)
        width = self.name_width(space)
        stretch = 1.0
        while stretch > NARROWEST:
            wide = width / stretch
            words_fit = all(metrics.horizontalAdvance(w) <= wide for w in text.split())
            box = metrics.boundingRect(
                QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text
            )
            if words_fit and box.height() <= self.name_most() + 1:
                break
            stretch = max(NARROWEST, stretch - 0.02)
        self._stretch[text] = stretch
        return stretch

    def quadrant_font(self) -> QFont:
        """The quadrant on a House's roof (at least 12 px tall on screen at 1366x768)."""
        return scene_font(16 * self.grow(), bold=True)

    def quadrant_rect(self, space: str) -> QRectF:
        """The quadrant's label, at the roof's peak: the band above the pieces."""
        rect = self.space_rect(space)
        font = self.quadrant_font()
        if self._roof_label is None or self._roof_label[0] != font.pixelSize():
            self._roof_label = (font.pixelSize(), QFontMetricsF(font).height())
        return QRectF(rect.left(), rect.top() + 3, rect.width(), self._roof_label[1])

    def label(self, space: str) -> str:
        """The name drawn on the space: a House drops its quadrant, shown on its roof, and a
        leading "The" (the whole name is in the Space panel and the tooltip), so "The Smalleys'
        House" wraps onto two lines at the size of every other name. In the player's language
        a quadrant's House is drawn by where it stands ("am Nordausgang"), as in English
        (issue 30: its whole name, a third longer, filled two lines at 100% and kept every
        name from growing at 150%); a House the catalogue has no short words for keeps the
        translator's whole name."""
        name = self.board.name(space)
        shown = self.board.label(space)
        rest = name
        if self.board.kind(space) == "house":
            prefix = f"{self.board.quadrant(space)} House "
            if name.startswith(prefix):
                rest = name[len(prefix) :]
            elif name.startswith("The "):
                rest = name[len("The ") :]
        if shown == name:
            return rest  # English, or a name the catalogue lacks
        if rest == name:
            return shown  # a Street space, the Boyfriend's House: the translator's words
        short = house_labels().get(rest)
        if short is None or (short == rest and i18n.language() != i18n.ENGLISH):
            return shown  # the player's language: the translator's words, whole
        return short

    def name_band(self, space: str) -> QRectF:
        """The bottom of the space, as tall as its name needs (one line or two)."""
        text = self.label(space)
        font = self.name_font()  # a new font (another zoom or board) forgets the bands
        band = self._bands.get((space, text))
        if band is not None:
            return QRectF(band)
        rect = self.space_rect(space)
        wide = self.name_width(space) / self.name_stretch(space)
        needed = QFontMetricsF(font).boundingRect(
            QRectF(0, 0, wide, 10_000), int(Qt.TextFlag.TextWordWrap), text
        )
        height = min(self.name_most(), needed.height() + 6)
        band = self._bands[(space, text)] = QRectF(
            rect.left(), rect.bottom() - height, rect.width(), height
        )
        return QRectF(band)

    def name_margin(self, space: str) -> float:
        """How far a name stays from its space's sides: inside a House's walls (issue 30: a
        name filling its line ran over them, "przy Wyjściu" in Polish)."""
        return WALL + 1.5 if self.board.kind(space) == "house" else 3.0

    def name_width(self, space: str) -> float:
        return self.space_rect(space).width() - 2 * self.name_margin(space)

    def name_rect(self, space: str) -> QRectF:
        """Where the name is drawn: its band, less its margins."""
        margin = self.name_margin(space)
        return self.name_band(space).adjusted(margin, 0, -margin, 0)

    def name_drawn(self, space: str) -> QRectF:
        """Where the name's letters are drawn (its band holds them, condensed, at its foot):
        what the view switch over the board keeps clear of (kept per name and name font)."""
        text = self.label(space)
        font = self.name_font()  # a new font (another zoom or board) forgets them
        drawn = self._drawn.get((space, text))
        if drawn is not None:
            return QRectF(drawn)
        band = self.name_rect(space)
        stretch = self.name_stretch(space)
        wide = band.width() / stretch
        flags = Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter
        box = QFontMetricsF(font).boundingRect(
            QRectF(-wide / 2, band.top(), wide, band.height()),
            int(flags | Qt.TextFlag.TextWordWrap),
            text,
        )
        left = band.center().x() + box.left() * stretch
        drawn = self._drawn[(space, text)] = QRectF(
            left, box.top(), box.width() * stretch, box.height()
        )
        return QRectF(drawn)

    def marks(self) -> list[QRectF]:
        """Every space's Victim count (two digits wide) and where its name is drawn: what the
        view switch keeps clear of, asked twice a resize (kept per name font and language)."""
        key = (self.name_font().key(), self.count_px(), i18n.language(), id(self.board))
        if self._marks is None or self._marks[0] != key:
            marks = [self.count_rect(space, 12) for space in self.board.spaces]
            marks += [self.name_drawn(space) for space in self.board.spaces]
            self._marks = (key, marks)
        return [QRectF(mark) for mark in self._marks[1]]

    def badge_band(self, space: str) -> QRectF:
        """The top of the space, for badges and a House's quadrant; none there, and the
        pieces take the room."""
        rect = self.space_rect(space)
        height = self.badge_size() + 6 if self._has_badges(space) else 0.0
        if self.board.kind(space) == "house":
            roof = self.quadrant_rect(space).bottom() - rect.top()
            height = max(height, roof)
            if self.state is not None and (
                space in self.state.table.booby_traps or self._specials(space)
            ):
                # Its tag, or the Smalleys and the Boyfriend, under the quadrant's label.
                height = roof + self.badge_size() + 4
        return QRectF(rect.left(), rect.top() + 2, rect.width(), height)

    def _has_badges(self, space: str) -> bool:
        if self.state is None:
            return False
        table = self.state.table
        return bool(
            space in table.smalleys
            or table.boyfriend == space
            or table.bicycle == space
            or table.fireworks == space
            or space in table.booby_traps
            or (table.cop_car is not None and table.cop_car.space == space)
        )

    def badge_size(self) -> float:
        return 22.0 * self.grow()

    def _specials(self, space: str) -> int:
        """How many Special Victims (Smalleys, the Boyfriend) stand on ``space``."""
        if self.state is None:
            return 0
        table = self.state.table
        return table.smalleys.count(space) + (1 if table.boyfriend == space else 0)

    def special_rects(self, space: str) -> list[QRectF]:
        """The Smalleys' and the Boyfriend's discs, right to left from the Victim count: in
        the badge band, and in a House under its quadrant's label (issue 31: beside it, they
        covered "SW")."""
        many = self._specials(space)
        if not many or self.state is None:
            return []
        band, radius = self.badge_band(space), self.special_radius()
        count = self.state.table.victims[space]
        right = self.count_rect(space, count).left() - 3 if count else band.right() - 4
        cy = band.center().y()
        if self.board.kind(space) == "house":
            cy = band.bottom() - radius - 2
        rects = []
        for _ in range(many):
            rects.append(QRectF(right - 2 * radius, cy - radius, 2 * radius, 2 * radius))
            right -= 2 * radius + 3
        return rects

    def special_radius(self) -> float:
        """A Smalley's or the Boyfriend's disc: a whole badge (issue 31: drawn at 0.8 of one,
        its letter was 6 px on screen at 1366x768)."""
        return self.badge_size() / 2

    def special_font(self) -> QFont:
        """A Smalley's S and the Boyfriend's B: about 12 px on screen at 1366x768, 100%."""
        return scene_font(self.badge_size() * 0.64, bold=True)

    def cop_font(self) -> QFont:
        """The Cop Car badge's words, as large as a special Victim's letter."""
        return scene_font(self.badge_size() * 0.64, bold=True)

    def cop_rect_width(self, *, carried: bool) -> float:
        """The Cop Car badge's width: "COP", or "COP 2" with the Victims it carries."""
        return self.badge_size() * (3.0 if carried else 2.2)

    def x_rect(self, space: str) -> QRectF:
        """A searched House's X: a disc over the roof's top left-hand corner."""
        rect = self.space_rect(space)
        side = 34.0 * self.grow()
        return QRectF(rect.left() - 6, rect.top() - 6, side, side)

    def corner_marks(self, space: str) -> list[QRectF]:
        """The marks over the space's top corners: the Victim count, a searched House's X."""
        if self.state is None:
            return []
        table = self.state.table
        marks = []
        count = table.victims[space]
        if count:
            marks.append(self.count_rect(space, count))
        if space in table.x_tokens:
            marks.append(self.x_rect(space))
        return marks

    def piece_rect(self, space: str, slot: int) -> QRectF:
        """Where a piece stands (slot 0 her, 1 him): side by side between the badges and the
        name, as large as the zoom makes it when the space has the room, and clear of the
        corner marks (the Victim count, the X), which grow with the zoom too: at 150% his
        token covered the count at Boyfriend's House, and the name under it."""
        return self._pieces(space)[slot]

    def _pieces(self, space: str) -> tuple[QRectF, QRectF]:
        rect = self.space_rect(space)
        top = self.badge_band(space).bottom()
        bottom = self.name_band(space).top() - 1
        marks = self.corner_marks(space)
        natural = self._side_by_side(rect.left() + 6, rect.right() - 6, top, bottom, wide=True)
        if not any(piece.intersects(mark) for piece in natural for mark in marks):
            return natural
        # Else the largest room the marks leave: under them across the space, or beside one
        # (left of the count, right of the X) under the others. A piece alone there takes
        # the room alone.
        table = self.state.table if self.state is not None else None
        alone = table is not None and (table.final_girl == space) != (table.killer == space)
        best, most = natural, 0.0
        lefts = [rect.left() + 6, *(m.right() + 2 for m in marks)]
        rights = [rect.right() - 6, *(m.left() - 2 for m in marks)]
        for left in lefts:
            for right in rights:
                if right <= left:
                    continue
                below = [m.bottom() + 2 for m in marks if m.left() < right and m.right() > left]
                room = (left, right, max([top, *below]), bottom)
                pieces = self._lone(*room) if alone else self._side_by_side(*room)
                size = pieces[0].width()
                if size > most and not any(p.intersects(m) for p in pieces for m in marks):
                    best, most = pieces, size
        return best

    def _side_by_side(
        self, left: float, right: float, top: float, bottom: float, *, wide: bool = False
    ) -> tuple[QRectF, QRectF]:
        """Her token and his, side by side in the middle of the room given; ``wide``: the
        room is the space's whole width (each takes up to half of it, less a margin)."""
        room = (right - left + 12) / 2 - 6 if wide else (right - left - 4) / 2
        size = max(24.0, min(bottom - top, room, 44.0 * self.grow()))
        centre_x, y = (left + right) / 2, (top + bottom - size) / 2
        offset = size / 2 + 2
        her = QRectF(centre_x - offset - size / 2, y, size, size)
        him = QRectF(centre_x + offset - size / 2, y, size, size)
        return her, him

    def _lone(self, left: float, right: float, top: float, bottom: float) -> tuple[QRectF, QRectF]:
        """One piece alone on its space, in the middle of the room given (either slot)."""
        size = max(24.0, min(bottom - top, right - left, 44.0 * self.grow()))
        piece = QRectF((left + right - size) / 2, (top + bottom - size) / 2, size, size)
        return piece, piece


def house_labels() -> dict[str, str]:
    """The words drawn on a House, under the quadrant on its roof, in the player's language:
    what its whole name says after "NW House" or "The" (the board file's names)."""
    return {
        # Translators: drawn on the House "NW House by the North Exit" under "NW" on its
        # roof: the end of its whole name, as your translation of that name writes it.
        "by the North Exit": pgettext("house on the board", "by the North Exit"),
        "by the East Exit": pgettext("house on the board", "by the East Exit"),
        "by the South Exit": pgettext("house on the board", "by the South Exit"),
        "by the West Exit": pgettext("house on the board", "by the West Exit"),
        "on North Street": pgettext("house on the board", "on North Street"),
        "on East Street": pgettext("house on the board", "on East Street"),
        "on South Street": pgettext("house on the board", "on South Street"),
        # Translators: "The Smalleys' House" on the board, without its article if it has one.
        "Smalleys' House": pgettext("house on the board", "Smalleys' House"),
    }


_FONTS: dict[tuple[int, bool], QFont] = {}


def scene_font(pixels: float, bold: bool = False) -> QFont:
    """A font ``pixels`` scene units tall (the view's scale makes it larger or smaller)."""
    key = (max(1, round(pixels)), bold)
    font = _FONTS.get(key)
    if font is None:
        font = QFont()
        font.setPixelSize(key[0])
        font.setBold(bold)
        _FONTS[key] = font
    return font


_FITTED: dict[tuple[str, int, int, int], QFont] = {}


def _fitted_font(text: str, width: float, height: float, pixels: float) -> QFont:
    """The largest bold font up to ``pixels`` in which ``text`` wraps inside the box whole:
    every word fits the width and the lines fit the height (a long name is never cut)."""
    key = (text, round(width), round(height), round(pixels))
    font = _FITTED.get(key)
    if font is not None:
        return font
    size = max(6, round(pixels))
    while True:
        font = scene_font(size, bold=True)
        metrics = QFontMetricsF(font)
        words_fit = all(metrics.horizontalAdvance(w) <= width for w in text.split())
        box = metrics.boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)
        if size <= 6 or (words_fit and box.height() <= height + 1):
            break
        size -= 1
    _FITTED[key] = font
    return font
