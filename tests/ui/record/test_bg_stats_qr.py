"""The BG Stats link as a QR code a phone can scan (issue 31, "The record sent right": "on a
desktop Open in BG Stats opens a web page, but BG Stats imports on a phone: show the link as a
QR code the phone can scan"). The code is decoded back as a camera reads it (zxing-cpp)."""

from __future__ import annotations

import pytest
import zxingcpp
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from frightmare.model.record.bg_stats import LINK_MAX
from frightmare.model.record.log_entry import LogEntry
from frightmare.ui.record.achievements import GameRecordBox
from frightmare.ui.record.bg_stats_qr import BgStatsQrDialog, qr_image, qr_version

ENTRY = LogEntry.from_row(
    {
        "session": "q" * 32,
        "date": "2026-11-01",
        "final_girl": "Nancy",
        "killer": "Dr. Fright",
        "location": "Maple Lane",
        "result": "win",
        "rounds": "7",
        "started": "2026-11-01T20:00:00+01:00",
        "ended": "2026-11-01T20:40:00+01:00",
    }
)


def _decoded(box: BgStatsQrDialog) -> str:
    pixmap = box.code.pixmap()
    assert not pixmap.isNull()
    codes = zxingcpp.read_barcodes(pixmap.toImage())
    (code,) = [c for c in codes if c.format == zxingcpp.BarcodeFormat.QRCode]
    return str(code.text)


def test_the_dialog_shows_the_link_as_a_qr_code_that_decodes_to_it(qtbot: QtBot) -> None:
    record = GameRecordBox(ENTRY, [], notes="A close one.")
    qtbot.addWidget(record)
    link = record.bg_stats_link()
    box = BgStatsQrDialog(link)
    qtbot.addWidget(box)
    assert _decoded(box) == link
    box.copy_button.click()
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None and clipboard.text() == link


def test_the_longest_link_stays_a_code_a_phone_reads_from_the_screen(qtbot: QtBot) -> None:
    notes = "Every Victim ran to the wrong House, and the Boiler Room stayed shut. " * 50
    record = GameRecordBox(ENTRY, [], notes=notes)
    qtbot.addWidget(record)
    link = record.bg_stats_link()
    assert len(link) <= LINK_MAX
    assert qr_version(link) <= 29  # 133 modules: 3 pixels each, with its quiet zone
    image = qr_image(link)
    assert image.width() == image.height() <= 3 * (4 * 29 + 17 + 8)
    box = BgStatsQrDialog(link)
    qtbot.addWidget(box)
    assert _decoded(box) == link


def test_the_summary_button_shows_the_code_of_its_link(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = GameRecordBox(ENTRY, [])
    qtbot.addWidget(record)
    shown: list[str] = []
    monkeypatch.setattr(
        BgStatsQrDialog, "show_for", classmethod(lambda cls, parent, link: shown.append(link))
    )
    record.qr_button.click()
    assert shown == [record.bg_stats_link()]
