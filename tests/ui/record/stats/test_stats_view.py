"""The statistics view: plots drawn with QtCharts, numbers on hover and in an accessible table,
both themes, and a play log of 5,000 games (issue 13, "Tests that must exist")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCharts import QBoxPlotSeries, QLineSeries, QScatterSeries
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot
from screen_helpers import games, rows, typed

from frightmare.model import GameSetup, History, new_game
from frightmare.model.actions.dream import FallAsleep, RevealFinale, Slide
from frightmare.model.actions.game import EndGame
from frightmare.model.record.achievements import standings
from frightmare.model.record.digest import statistics
from frightmare.model.record.figures import entry_for, game_figures, with_figures
from frightmare.store.playlog.log_file import append_entry, latest, read_log
from frightmare.ui.record.stats.stats_dialog import StatsDialog
from frightmare.ui.record.stats.stats_view import StatsView
from frightmare.ui.theme import dark_palette, light_palette


@pytest.fixture(params=["light", "dark"])
def themed(request: pytest.FixtureRequest, qtbot: QtBot) -> str:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.palette()
    app.setPalette(dark_palette() if request.param == "dark" else light_palette())
    request.addfinalizer(lambda: app.setPalette(before))
    return str(request.param)


def test_a_dozen_games_show_rates_beside_the_community(qtbot: QtBot, themed: str) -> None:
    view = StatsView(games(12))
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    chart = view.rates_chart.chart()
    series = chart.series()
    box = next(s for s in series if isinstance(s, QBoxPlotSeries))
    dots = next(s for s in series if s.name() == "Community")
    assert isinstance(dots, QScatterSeries)
    mine = next(s for s in series if s.name() == "Your win rate")
    assert isinstance(mine, QScatterSeries)
    setups = view.stats.breakdowns["Setup card"] if view.stats else []
    assert box.count() == len(setups) and dots.count() == len(setups)
    first = setups[0]
    low, high = first.interval
    assert box.boxSets()[0].at(0) == pytest.approx(100 * low)
    assert box.boxSets()[0].at(4) == pytest.approx(100 * high)
    assert first.community is not None
    assert dots.at(0).y() == pytest.approx(100 * first.community.rate)
    assert mine.at(0).y() == pytest.approx(100 * first.rate)
    # One legend entry for her square and whiskers, one for the community (two red swatches,
    # "Your 95% interval" and "Your win rate", read as the same thing twice).
    shown = [m.label() for m in chart.legend().markers() if m.isVisible()]
    assert shown == ["You: win rate (square) and its 95% interval", "Community"]
    # the chart follows the theme: dark window, dark chart
    window = view.palette().color(QPalette.ColorRole.Window)
    assert chart.backgroundBrush().color() == window
    assert "Community: " in view.source.text() and "2026-10-02" in view.source.text()
    view.grab().save(f"/tmp/stats-{themed}.png")


def test_hovering_shows_the_numbers(qtbot: QtBot) -> None:
    view = StatsView(games(12))
    qtbot.addWidget(view)
    view.show()
    rate = view.rates_chart.rates[0]
    view.rates_chart._dot_hovered(QPointF(0, 50), True)
    assert QToolTip.text().startswith(f"{rate.label}: won {rate.wins} of {rate.games}")
    assert "community" in QToolTip.text()
    last = view.rates_chart.rates[-1]
    view.rates_chart._box_hovered(True, view.rates_chart.boxes.boxSets()[-1])
    assert QToolTip.text().startswith(f"{last.label}: won {last.wins} of {last.games}")
    view.tabs.setCurrentIndex(1)
    view.time_chart._hovered(QPointF(3, 50), True)
    assert QToolTip.text().startswith("Game 3 (")


def test_the_table_has_every_rate_and_sorts_by_number(qtbot: QtBot) -> None:
    entries = games(30)
    view = StatsView(entries)
    qtbot.addWidget(view)
    stats = statistics(entries)
    model = view.table.table
    assert model.rowCount() == 1 + sum(len(r) for r in stats.breakdowns.values())
    assert model.item(0, 0).text() == "Overall"
    assert model.item(0, 2).text() == "30"
    assert "95% interval" in model.item(0, 0).accessibleText()
    view.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    counts = [int(model.item(r, 2).text()) for r in range(model.rowCount())]
    assert counts == sorted(counts, reverse=True)


def test_filters_narrow_the_figures(qtbot: QtBot) -> None:
    entries = games(40)
    view = StatsView(entries)
    qtbot.addWidget(view)
    view.final_girl.setCurrentText("Sheila")
    assert view.stats is not None
    sheila = sum(1 for e in entries if e.final_girl == "Sheila")
    assert view.stats.overall.games == sheila
    view.breakdown.setCurrentText("Finale")
    labels = [r.label for r in view.rates_chart.rates]
    assert "Unrevealed" in labels


def test_a_name_that_reads_like_a_choice_is_a_name(qtbot: QtBot) -> None:
    """Issue 12 item 8 ("choices carried as ids, never mapped back from display text"): a
    Final Girl a player named "Any" filtered as every game, and the Epic choice was read
    from its words."""
    lines = rows(40)
    lines[0]["final_girl"] = "Any"
    entries = typed(lines)
    view = StatsView(entries)
    qtbot.addWidget(view)
    view.final_girl.setCurrentIndex(view.final_girl.findData("Any"))
    assert view.filters().final_girl == "Any"
    assert view.stats is not None and view.stats.overall.games == 1
    view.final_girl.setCurrentIndex(0)
    assert view.filters().final_girl is None
    view.epic.setCurrentIndex(view.epic.findData(False))
    assert view.filters().epic is False
    view.set_entries(entries)  # the choices are rebuilt; the one made stays
    assert view.filters().epic is False


def test_choices_that_match_no_game_say_so(qtbot: QtBot) -> None:
    """Final walkthrough: with filters matching no game the header said "No finished games
    yet", and a filtered header still read "All games"; a box in the plot said "(1 games)"."""
    entries = games(40)
    view = StatsView(entries)
    qtbot.addWidget(view)
    assert "All games" in view.summary.text()
    view.final_girl.setCurrentIndex(view.final_girl.findData("Sheila"))
    assert "The games chosen" in view.summary.text()
    location = next(e.location for e in entries if e.final_girl == "Nancy")
    entries.append(entries[0].with_values(final_girl="Laurie", location="Nowhere", session="x"))
    view.set_entries(entries)
    view.location.setCurrentIndex(view.location.findData("Nowhere"))
    view.final_girl.setCurrentIndex(view.final_girl.findData("Nancy"))
    assert view.summary.text() == "No finished game matches these choices."
    view.location.setCurrentIndex(view.location.findData(location))
    assert view.stats is not None and view.stats.overall.games > 0


def test_boiler_room_figure_against_best_play(qtbot: QtBot) -> None:
    entries = [e.with_values(full_dreams=2, full_dream_attacks=3) for e in games(2)]
    view = StatsView(entries)
    qtbot.addWidget(view)
    assert "6 attacks in 4 whole dreams, 1.50 per dream" in view.boiler_text.text()
    assert "1.29 (31/24)" in view.boiler_text.text()


def test_achievements_tab_lists_each_with_its_date(qtbot: QtBot) -> None:
    """The box's 21 published achievements under their half's title, then the companion's
    own 4 (none the same feat as a published one), each earned (its date and game) or how
    close."""
    entries = games(50)
    view = StatsView(entries)
    qtbot.addWidget(view)
    view.show()
    tree = view.achievements
    view.tabs.setCurrentWidget(tree)
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    rows = [item for item in items if item is not None]
    titles = [r.text(0) for r in rows if not r.text(2)]
    assert titles == [
        "Dr. Fright: the box's published achievements",
        "Maple Lane: the box's published achievements",
        "The companion's own achievements (not the box's)",
    ]
    assert len(rows) == 21 + 4 + 3
    stands = {r.text(0)[2:]: r.text(1) for r in rows if r.text(2)}
    # a dozen wins on Maple Lane against him: the first dates "Home turf"
    assert (
        stands["Home turf"].startswith("2026-") and "Dr. Fright, Maple Lane" in stands["Home turf"]
    )
    assert stands["Nightmare tourist"] == "Dr. Fright defeated at 1 of 5 different Locations"
    whole = [r for r in rows if r.text(0).endswith("Not a Scratch")]
    assert whole and whole[0].text(1).startswith("2026-")  # the companion's own, kept


def test_achievements_are_listed_when_their_tab_is_first_seen(qtbot: QtBot) -> None:
    """Their standings over the whole log are not worked out for a tab not shown; once it
    is, they list the log the view was last given, and follow a new one at once."""
    view = StatsView(games(30))
    qtbot.addWidget(view)
    view.show()
    tree = view.achievements
    assert tree.topLevelItemCount() == 0 and not tree.isVisible()
    fresh = games(40, seed=7)
    view.set_entries(fresh)
    view.tabs.setCurrentWidget(tree)
    assert tree.topLevelItemCount() == 21 + 4 + 3
    assert tree.standings == standings(fresh)
    view.set_entries(games(12, seed=3))  # seen: listed at once
    assert tree.pending is None and tree.standings == standings(games(12, seed=3))


def test_no_games_yet(qtbot: QtBot) -> None:
    view = StatsView([])
    qtbot.addWidget(view)
    assert "No finished games yet" in view.summary.text()
    assert "No whole dream" in view.boiler_text.text()


def test_five_thousand_games_computed_and_drawn(qtbot: QtBot) -> None:
    entries = games(5000)
    dialog = StatsDialog.show_for(None, entries)
    qtbot.addWidget(dialog)
    view = dialog.view
    assert view.stats is not None and view.stats.overall.games == 5000
    line = next(s for s in view.time_chart.chart().series() if isinstance(s, QLineSeries))
    assert line.count() == 5000
    for tab in range(view.tabs.count()):
        view.tabs.setCurrentIndex(tab)
        assert not dialog.grab().isNull()


def test_a_new_players_dozen_games_end_to_end(qtbot: QtBot, tmp_path: Path) -> None:
    # "Done when": after a dozen games (won and lost, different Setups and Finales) the view
    # shows each rate beside the community's with intervals, and the Boiler Room figure.
    log = tmp_path / "playlog.jsonl"
    cards = ("Playtime", "A Quiet Place", "Revenge", "Maple Lane", "Block Party", None)
    finales = ("Everyone Must Die", "Face Your Fright", "Time to Die", None)
    for n in range(12):
        history = History(new_game(GameSetup(setup_card=cards[n % 6]), seed=n))
        finale = finales[n % 4]
        if finale:
            history.do(RevealFinale(name=finale))
        if history.state.dream.awake:
            history.do(FallAsleep())
        for direction in ("up", "up", "left", "down"):
            history.do(Slide(direction=direction))
        history.do(EndGame(result="win" if n % 3 else "loss"))
        started = datetime(2026, 11, 1 + n, 19, tzinfo=UTC)
        entry = with_figures(
            entry_for(f"game{n}", history.state, started),
            game_figures(history, started, started.replace(hour=21)),
        )
        append_entry(log, entry)
    entries = latest(read_log(log).entries)
    view = StatsView(entries)
    qtbot.addWidget(view)
    assert view.stats is not None
    assert (view.stats.overall.wins, view.stats.overall.games) == (8, 12)
    setups = {r.label: r for r in view.stats.breakdowns["Setup card"]}
    assert setups["Revenge"].games == 2 and setups["Revenge"].community is not None
    finale_rates = {r.label: r for r in view.stats.breakdowns["Finale"]}
    assert finale_rates["Face Your Fright"].community is not None
    assert view.stats.boiler.dreams == 12  # one whole deck per game
    assert "in 12 whole dreams" in view.boiler_text.text()
    assert view.rates_chart.rates  # the Setup card plot is drawn


def test_plots_follow_a_theme_change_while_open(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.palette()
    app.setPalette(light_palette())
    try:
        view = StatsView(games(6))
        qtbot.addWidget(view)
        view.show()
        app.setPalette(dark_palette())
        dark = dark_palette().color(QPalette.ColorRole.Window)
        qtbot.waitUntil(lambda: view.rates_chart.chart().backgroundBrush().color() == dark)
    finally:
        app.setPalette(before)
