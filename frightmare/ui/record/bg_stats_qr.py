"""The BG Stats link as a QR code (issue 31): on a desktop *Open in BG Stats* opens a web page,
but BG Stats imports a play on the phone or tablet where it is installed, so the link is shown
for the phone's camera to scan. The code is drawn by ``segno`` (pure Python), one module as a
square of ``SCALE`` pixels, with the quiet zone of four modules the standard asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from frightmare.i18n import _
from frightmare.ui.widgets.focus_chain import OnScreenDialog

if TYPE_CHECKING:
    from segno import QRCode

SCALE = 3  # pixels a module: a version-29 code (the longest link) is 423 pixels wide
BORDER = 4  # modules of quiet zone around the code


def qr_version(link: str) -> int:
    """The QR code's version (its size: 21 modules at version 1, 4 more each version)."""
    return int(_code(link).version)


def qr_image(link: str, scale: int = SCALE) -> QImage:
    """The link as a black-on-white QR code, ``scale`` pixels a module."""
    code = _code(link)
    rows = [
        bytes(0 if dark else 255 for dark in row)
        for row in code.matrix_iter(scale=scale, border=BORDER)
    ]
    width = len(rows[0])
    data = b"".join(rows)
    image = QImage(data, width, len(rows), width, QImage.Format.Format_Grayscale8)
    return image.copy()  # its own pixels: ``data`` goes when this returns


def _code(link: str) -> QRCode:
    import segno  # the first QR code shown loads it, not start-up

    # The lowest error correction keeps the code small (a screen is not torn or stained);
    # segno raises it where that costs no extra size.
    return segno.make(link, error="l", boost_error=True, micro=False)


class BgStatsQrDialog(OnScreenDialog):
    """The QR code, what to do with it, the link to copy, and Close."""

    def __init__(self, link: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.setWindowTitle(_("BG Stats on the phone"))
        layout = QVBoxLayout(self)
        text = QLabel(
            _(
                "Scan this code with the phone or tablet where BG Stats is: it opens BG "
                "Stats' import dialog with this game's play."
            )
        )
        text.setWordWrap(True)
        layout.addWidget(text)
        self.code = QLabel()
        self.code.setPixmap(QPixmap.fromImage(qr_image(link)))
        self.code.setAccessibleName(_("QR code of the BG Stats link"))
        self.code.setAccessibleDescription(text.text())
        layout.addWidget(self.code)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(
            _("Copy the BG Stats link"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.clicked.connect(self.copy_link)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def copy_link(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.link)

    @classmethod
    def show_for(cls, parent: QWidget | None, link: str) -> None:
        """Shown modal; tests replace this."""
        cls(link, parent).exec()
