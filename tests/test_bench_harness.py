"""The benchmark harness (benchmarks/common.py): a figure is the best of its runs, with the
spread beside it, and fails `make bench` only on a clear miss."""

from __future__ import annotations

from benchmarks import common
from benchmarks.common import Figure, Runs, Spread, count, from_runs, measure, timed


def test_a_timed_figure_is_its_best_run_with_the_spread() -> None:
    figure = from_runs("x", Runs((9.0, 3.0, 30.0, 4.0, 5.0), 10, 2.5, 2.8), budget=4.0)
    assert figure.value == 3.0
    assert figure.spread == Spread(5, 10, 3.0, 4.0, 5.0, 9.0, 30.0, 2.5, 2.8)
    # The median run is over budget on a busy machine: that is said, and fails nothing.
    assert figure.ok and figure.within_budget and not figure.typical_within_budget
    assert figure.as_json()["spread"] == {
        **{"runs": 5, "number": 10, "min": 3.0, "q1": 4.0, "median": 5.0},
        **{"q3": 9.0, "max": 30.0, "fastest_call": 2.5, "cpu": 2.8},
    }


def test_only_a_clear_miss_fails() -> None:
    # Every run over budget (a machine busy throughout), but one call within it, or the
    # processor time within it (the rest was other processes' time): no clear miss.
    for fastest, cpu in ((3.9, 4.5), (4.5, 3.9)):
        busy = from_runs("x", Runs((5.0, 6.0, 7.0), 30, fastest, cpu), budget=4.0)
        assert not busy.within_budget and busy.ok
        assert busy.line().startswith("busy")
    # Even the fastest call and the processor time over budget.
    slow = from_runs("x", Runs((5.0, 6.0, 7.0), 30, 4.1, 4.2), budget=4.0)
    assert not slow.ok and slow.line().startswith("MISS")


def test_a_count_is_exact_and_has_no_spread() -> None:
    figure = count("round A: inputs", 12, budget=14)
    assert (figure.value, figure.spread, figure.kind, figure.ok) == (12, None, "count", True)
    assert not count("round B: inputs", 15, budget=14).ok
    assert figure.as_json()["spread"] is None


def test_setup_runs_before_each_call_and_each_run_gives_one_value() -> None:
    seen: list[str] = []
    runs = measure(
        lambda: seen.append("call"), runs=4, number=3, setup=lambda: seen.append("setup")
    )
    assert (len(runs.values), runs.number) == (4, 3)
    assert runs.fastest <= min(runs.values) and runs.cpu >= 0
    assert seen == ["setup", "call"] * 12


def test_quick_takes_fewer_runs_and_calls() -> None:
    common.set_quick(True)
    try:
        figure = timed("x", lambda: None, budget=1.0, runs=9, number=50)
    finally:
        common.set_quick(False)
    assert figure.spread is not None
    assert (figure.spread.runs, figure.spread.number) == (common.QUICK_RUNS, 10)


def test_a_plain_figure_compares_its_value_with_the_budget() -> None:
    assert Figure("x", 2.0, "ms", 1.0).ok is False
    assert Figure("x", 2.0, "ratio", 1.0, clear_miss=False).ok is True
