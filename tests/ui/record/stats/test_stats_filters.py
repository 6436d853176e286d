"""The statistics view's filters and community figures (its three known flaws): the Setup card
filter lacked the "no Setup card" group the plot shows; a Final Girl named "Any" read the same
as the "Any" choice; a filtered subset was set beside the community's overall rate."""

from __future__ import annotations

from typing import Any

from PySide6.QtCharts import QLineSeries, QScatterSeries
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot
from screen_helpers import games, rows, typed

from frightmare.model.record.log_entry import LogEntry
from frightmare.model.record.statistics import NO_SETUP_CARD, WITHOUT
from frightmare.ui.record.stats.stats_view import StatsView


def lines(count: int = 40) -> list[dict[str, Any]]:
    entries = rows(count)
    for n, entry in enumerate(entries):
        if n % 5 == 0:
            entry["setup"] = ""  # played without a Setup card
    return entries


def log(count: int = 40) -> list[LogEntry]:
    return typed(lines(count))


def texts(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count()) if combo.itemData(i) is not None]


def choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, (data, texts(combo))
    combo.setCurrentIndex(index)


def test_the_setup_card_filter_offers_the_games_without_one(qtbot: QtBot) -> None:
    """The plot shows a "No Setup card" group: the filter offers the same group, by the same
    words, carried as an id; the summary, the plot and the table count exactly those games."""
    entries = log()
    view = StatsView(entries)
    qtbot.addWidget(view)
    index = view.setup_card.findData(WITHOUT)
    assert index > 0 and view.setup_card.itemText(index) == NO_SETUP_CARD
    without = [e for e in entries if not e.setup]
    wins = sum(e.won for e in without)
    view.setup_card.setCurrentIndex(index)
    assert view.filters().setup is WITHOUT
    assert view.stats is not None
    assert (view.stats.overall.wins, view.stats.overall.games) == (wins, len(without))
    assert f"won {wins} of {len(without)}" in view.summary.text()
    assert [r.label for r in view.rates_chart.rates] == [NO_SETUP_CARD]
    assert view.table.table.item(0, 2).text() == str(len(without))
    view.set_entries(entries)  # the choices are rebuilt; the one made stays
    assert view.filters().setup is WITHOUT


def test_no_setup_card_choice_only_when_such_games_are_logged(qtbot: QtBot) -> None:
    view = StatsView(games(10))  # every game with a Setup card
    qtbot.addWidget(view)
    assert view.setup_card.findData(WITHOUT) < 0


def test_every_choice_reads_unmistakably_beside_the_names(qtbot: QtBot) -> None:
    """A Final Girl literally named "Any" showed beside the "Any" choice. Each filter's choice
    of every game says so in words of its own, and stands apart (italic, a line under it)."""
    entries = lines()
    entries[0]["final_girl"] = "Any"
    entries[1]["killer"] = "Any"
    entries[2]["location"] = "Any"
    entries[3]["setup"] = "Any"
    view = StatsView(typed(entries))
    qtbot.addWidget(view)
    expected = {
        view.final_girl: "Every Final Girl",
        view.killer: "Every Killer",
        view.location: "Every Location",
        view.setup_card: "Every Setup card, or none",
        view.epic: "Epic or not",
    }
    for combo, every in expected.items():
        assert combo.itemData(0) is None and combo.itemText(0) == every
        assert combo.currentText() == every
        assert "Any" not in combo.itemText(0)
        assert every not in texts(combo)[1:], texts(combo)
        font = combo.itemData(0, Qt.ItemDataRole.FontRole)
        assert isinstance(font, QFont) and font.italic()
        assert combo.itemData(1, Qt.ItemDataRole.AccessibleDescriptionRole) == "separator"
    for combo in (view.final_girl, view.killer, view.location, view.setup_card):
        assert "Any" in texts(combo)  # the name is listed as a name
        choose(combo, "Any")
        assert view.stats is not None and view.stats.overall.games == 1
        combo.setCurrentIndex(0)


def test_a_filtered_subset_is_never_set_beside_the_communitys_overall_rate(
    qtbot: QtBot,
) -> None:
    """Nancy's games were drawn against the community's rate for every Final Girl. Their
    figures are not split by Final Girl: no community line, ring or cell for her games, and
    the summary says plainly what their overall rate is."""
    view = StatsView(log())
    qtbot.addWidget(view)
    choose(view.final_girl, "Nancy")
    lines = [s.name() for s in view.time_chart.chart().series() if isinstance(s, QLineSeries)]
    assert lines == ["You: wins so far"]
    view.breakdown.setCurrentIndex(view.breakdown.findData("Setup card"))
    rings = next(s for s in view.rates_chart.chart().series() if s.name() == "Community")
    assert isinstance(rings, QScatterSeries) and rings.count() == 0
    legend = view.rates_chart.chart().legend()
    assert not any(m.isVisible() for m in legend.markers(rings))  # no "Community" swatch
    model = view.table.table
    assert {model.item(r, 6).text() for r in range(model.rowCount())} == {"—"}
    summary = view.summary.text()
    assert "community" not in summary.split("</b>")[0]
    assert "not split by Final Girl" in summary
    assert "overall rate" in summary and "65.5%" in summary and "13951" in summary


def test_the_community_figure_for_the_same_subset_is_named(qtbot: QtBot) -> None:
    view = StatsView(log())
    qtbot.addWidget(view)

    def community_line() -> str:
        names = [s.name() for s in view.time_chart.chart().series()]
        return next(n for n in names if n.startswith("Community"))

    # every game: Dr. Fright on Maple Lane, beside the community's games of the same kind
    assert community_line() == "Community, Dr. Fright on Maple Lane: 75.6%"
    assert "community, Dr. Fright on Maple Lane: 75.6% over 172 games" in view.summary.text()
    choose(view.setup_card, "Revenge")
    assert community_line() == "Community, Setup card Revenge: 66.7%"
    assert "community, Setup card Revenge: 66.7% over 192 games" in view.summary.text()
    assert "overall rate" not in view.summary.text()
    choose(view.setup_card, WITHOUT)  # they count no games "without a Setup card"
    assert not any(s.name().startswith("Community") for s in view.time_chart.chart().series())
    assert "no rate for these games" in view.summary.text()
    assert "overall rate" in view.summary.text()
