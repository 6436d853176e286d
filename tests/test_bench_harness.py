"""The benchmark harness (benchmarks/common.py): a figure is the best of its runs, with the
spread beside it, and fails `make bench` only on a clear miss."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import benchmarks.__main__ as bench_main
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


# A calibration beside each run (issue 33 item 5): the verdict holds on a busy machine, and a
# regression is caught even where the budget's headroom would hide it. Each case is built from
# given runs, so nothing here depends on how fast or busy the machine running the tests is.


def test_a_busy_machine_lifts_the_runs_and_the_calibration_alike() -> None:
    quiet = from_runs("x", Runs((3.0, 3.2, 3.1), 10, 2.9, 2.9, (1.0, 1.0, 1.0)), budget=4.0)
    # Twice as busy: every run and its calibration twice as slow; the processor time too.
    busy = from_runs("x", Runs((6.0, 6.4, 6.2), 10, 5.8, 5.8, (2.0, 2.0, 2.0)), budget=4.0)
    assert quiet.ok and busy.ok
    assert busy.relative == quiet.relative == 3.0
    assert busy.factor == 2.0 and not busy.within_budget
    assert "relative 3, wall-time machine factor 2.00" in busy.line()


def test_code_twice_as_slow_is_a_miss_on_a_quiet_or_a_busy_machine() -> None:
    for factor in (1.0, 1.7):
        runs = Runs(tuple(v * factor for v in (6.0, 6.4, 6.2)), 10, 5.8, 5.8, (factor,) * 3)
        slow = from_runs("x", runs, budget=4.0)
        assert slow.relative is not None and abs(slow.relative - 6.0) < 1e-9
        assert not slow.ok and slow.line().startswith("MISS")


def test_a_regression_past_the_baseline_fails_within_budget() -> None:
    figure = from_runs("x", Runs((1.0, 1.1), 10, 0.9, 0.9, (1.0, 1.0)), budget=10.0)
    assert replace(figure, baseline=1.0).ok
    assert not replace(figure, baseline=1.0).slowed(2.0).ok
    assert replace(figure, baseline=1.0).slowed(2.0).regressed
    # A count never regresses: it is exact and has its own budget.
    assert replace(count("inputs", 9, budget=10), baseline=4.0).ok


def test_slowed_doubles_a_figure_of_every_kind() -> None:
    ratio = Figure(
        "launch",
        1.2,
        "ratio",
        2.0,
        clear_miss=False,
        spread=Spread(3, 1, 1.2, 1.3, 1.4, 1.5, 1.6, None, 1.1),
        kind="ratio",
    )
    assert ratio.ok and not ratio.slowed(2.0).ok
    plain = Figure("x", 0.6, "ms", 1.0)
    assert plain.ok and not plain.slowed(2.0).ok


def test_the_named_figure_is_made_slower_and_the_run_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make bench` exits 0 on figures within budget and 1 when one is made twice as slow;
    the other figures are untouched."""

    def bench(quick: bool) -> list[Figure]:
        runs = Runs((3.0, 3.1), 5, 2.9, 2.9, (1.0, 1.0))
        return [from_runs("odds", runs, budget=4.0), from_runs("board", runs, budget=4.0)]

    monkeypatch.setattr(common, "BASELINE", tmp_path / "none.json")
    monkeypatch.delenv(common.SLOWER, raising=False)
    assert bench_main.main([bench], out=tmp_path) == 0
    monkeypatch.setenv(common.SLOWER, "board")
    assert bench_main.main([bench], out=tmp_path) == 1
    report = json.loads((tmp_path / "latest.json").read_text("utf-8"))
    assert [f["ok"] for f in report["figures"]] == [True, False]
    assert report["made_slower"] == "board"


def test_a_busy_run_exits_0_against_a_quiet_baseline_and_any_figure_twice_as_slow_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33 item 5: the figures of a busy run (every kind: processor-bound, an autosave,
    a ratio of two games) are within budget and not past a quiet machine's baseline, so the
    run exits 0; any one of them made twice as slow makes it exit 1."""

    def bench(quick: bool) -> list[Figure]:
        # Run beside a parallel test suite: walls well over budget, processor times not.
        paint = replace(_runs((14.0, 16.1), (6.0, 6.3), (1.1, 1.05, 1.0)), disk_factors=())
        autosave = _runs((3.0, 3.4), (0.6, 0.6), (1.3, 1.0, 4.0))
        return [
            from_runs("resize", paint, budget=8.0),
            from_runs("apply + autosave", autosave, budget=2.0),
            Figure("step: long / short", 2.19, "ratio", 1.5, kind="ratio", floor=1.1),
        ]

    baseline = tmp_path / "baseline.json"
    quiet = {"resize": 6.0, "apply + autosave": 1.1, "step: long / short": 1.1}
    baseline.write_text(json.dumps({"judging": common.JUDGING, "figures": quiet}), "utf-8")
    monkeypatch.setattr(common, "BASELINE", baseline)
    monkeypatch.delenv(common.SLOWER, raising=False)
    assert bench_main.main([bench], out=tmp_path) == 0
    for name in quiet:
        monkeypatch.setenv(common.SLOWER, name)
        assert bench_main.main([bench], out=tmp_path) == 1, name
        report = json.loads((tmp_path / "latest.json").read_text("utf-8"))
        assert [f["name"] for f in report["figures"] if not f["ok"]] == [name]


def test_the_baseline_file_is_read_by_name_and_a_bad_one_is_none(tmp_path: Path) -> None:
    good = tmp_path / "baseline.json"
    figures = {"odds": 1.5, "bad": "x", "flag": True}
    good.write_text(json.dumps({"judging": common.JUDGING, "figures": figures}), "utf-8")
    assert common.baselines(good) == {"odds": 1.5}
    # A baseline of another judging (wall time over a busy calibration) is not compared with.
    old = tmp_path / "old.json"
    old.write_text('{"figures": {"odds": 0.07}}', "utf-8")
    assert common.baselines(old) == {} and common.baseline_judging(old) == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    assert common.baselines(broken) == {} and common.baselines(tmp_path / "none") == {}


def test_the_machine_factor_is_measured_before_and_after_each_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    factors = iter([(1.0, 1.0), (3.0, 1.2), (2.0, 1.0), (2.0, 1.0)])
    monkeypatch.setattr(common, "machine_factors", lambda: next(factors))
    disks = iter([4.0, 2.0, 1.0, 1.0])
    monkeypatch.setattr(common, "disk_factor", lambda: next(disks))
    runs = measure(lambda: None, runs=2, number=1, disk=True)
    assert (runs.factors, runs.cpu_factors, runs.disk_factors) == (
        (2.0, 2.0),
        (1.1, 1.0),
        (3.0, 1.0),
    )
    assert len(runs.cpus) == 2
    # Without ``disk`` no disk calibration is taken at all.
    monkeypatch.setattr(common, "machine_factors", lambda: (1.0, 1.0))
    monkeypatch.setattr(common, "disk_factor", lambda: pytest.fail("no disk calibration"))
    assert measure(lambda: None, runs=2, number=1).disk_factors == ()


# A busy machine: other processes' turns on the cores lift a run's wall time, not its
# processor time; a busy disk lifts an autosave's wait and the disk calibration alike
# (issue 33 item 5). Each case is built from given runs, as above.


def _runs(
    walls: tuple[float, ...],
    cpus: tuple[float, ...],
    factors: tuple[float, float, float],
) -> Runs:
    """Runs of the given medians, each measured at the given wall, processor, disk factors."""
    wall, cpu, disk = factors
    n = len(walls)
    return Runs(walls, 10, min(walls), min(cpus), (wall,) * n, cpus, (cpu,) * n, (disk,) * n)


def test_a_busy_processor_lifts_the_wall_time_not_the_processor_time() -> None:
    # 3 ms of processor time; on a busy machine the runs take 7 ms of wall time, and the
    # calibration's best of five short calls found a quiet moment (wall factor 1.2).
    busy = _runs((7.0, 7.5), (3.0, 3.1), (1.2, 1.0, 1.0))
    plain = replace(busy, disk_factors=())
    figure = from_runs("x", plain, budget=4.0)
    assert figure.relative == 3.0 and figure.ok and not figure.within_budget
    assert "processor time" in figure.measured
    # Code twice as slow takes twice the processor time: a miss however the machine is.
    slow = from_runs("x", replace(plain, cpus=(6.0, 6.2), values=(14.0, 15.0)), budget=4.0)
    assert slow.relative == 6.0 and not slow.ok
    # A call too short to be interrupted is not divided by a factor its calibration took from
    # a busy machine's interruptions (wall factor 3): it is its processor time.
    short = from_runs("lock", _runs((0.02, 0.021), (0.02, 0.02), (3.0, 1.0, 1.0)), budget=1.0)
    assert short.relative is not None and abs(short.relative - 0.02) < 1e-9


def test_an_autosave_is_judged_against_the_disk_calibration() -> None:
    # 1 ms of processor time and 1 ms of fsync on the quiet reference; here the disk is three
    # times as slow (its calibration too) and the processors are not busy.
    quiet = from_runs("save", _runs((2.0, 2.1), (1.0, 1.0), (1.0, 1.0, 1.0)), budget=3.0)
    busy_disk = from_runs("save", _runs((4.0, 4.4), (1.0, 1.0), (1.0, 1.0, 3.0)), budget=3.0)
    assert quiet.relative == 2.0 and busy_disk.relative == 2.0
    assert busy_disk.ok and not busy_disk.within_budget and "disk calibration" in busy_disk.measured
    # Against its baseline from a quiet machine it has not regressed either.
    assert replace(busy_disk, baseline=quiet.judged).ok
    # A save that waits twice as long on a quiet disk (a second fsync) is caught.
    twice = from_runs("save", _runs((3.0, 3.1), (1.0, 1.0), (1.0, 1.0, 1.0)), budget=2.5)
    assert twice.relative == 3.0 and not twice.ok
    assert replace(twice, budget=10.0, baseline=1.5).regressed


def test_a_ratio_is_judged_on_the_lesser_of_its_wall_and_processor_ratios() -> None:
    # A step in a long game over one in a short game: the wall ratio lifted by a busy disk
    # (2.19), the processor ratio not (1.1): within budget, and not past its baseline.
    step = Figure("step", 2.19, "ratio", 1.5, kind="ratio", floor=1.1, baseline=1.166)
    assert step.judged == 1.1 and step.ok and not step.regressed
    assert step.as_json()["judged"] == 1.1
    assert "judged 1.1" in step.line()
    # Both over: a miss; either made twice as slow by the harness: a miss.
    assert not replace(step, floor=1.6).ok
    assert not step.slowed(2.0).ok and step.slowed(2.0).regressed


def test_the_instruction_count_is_read_from_valgrind_s_closing_report() -> None:
    """``make bench-instructions``: cachegrind's summary, its "I refs" line (the last one)."""
    from benchmarks.instructions import instructions

    report = (
        "==22841== Cachegrind, a cache and branch-prediction profiler\n"
        "painted at 29911.785951\n"
        "==22841== \n"
        "==22841== I   refs:      623,192,095\n"
    )
    assert instructions(report) == 623_192_095
    with pytest.raises(ValueError, match="no instruction count"):
        instructions("==1== Cachegrind\n")
