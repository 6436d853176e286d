"""No import cycle among frightmare's modules, not even one hidden inside a function or behind
``TYPE_CHECKING`` (DESIGN.md, "Shape": "no import cycles, not even hidden inside a function").

grimp reads every import statement of every module, wherever it stands, so an import made
inside a function or under ``TYPE_CHECKING`` is an edge of the graph like any other. A cycle is
a strongly connected component of more than one module. ``make lint`` checks the same for the
model with import-linter (its ``acyclic_siblings`` and ``layers`` contracts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import grimp
import pytest

LAYERS = ("frightmare.model", "frightmare.store", "frightmare.ui")


@cache
def import_graph() -> dict[str, set[str]]:
    """Each module of frightmare, with the modules of frightmare it imports (anywhere in it)."""
    graph = grimp.build_graph("frightmare", exclude_type_checking_imports=False, cache_dir=None)
    return {
        module: {m for m in graph.find_modules_directly_imported_by(module) if _ours(m)}
        for module in graph.modules
        if _ours(module)
    }


def _ours(module: str) -> bool:
    return module == "frightmare" or module.startswith("frightmare.")


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion), each sorted, in order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


@pytest.mark.parametrize(
    "layer",
    [
        "frightmare.model",
        "frightmare.store",
        "frightmare.ui",
        "frightmare",
    ],
)
def test_no_module_of_frightmare_is_in_an_import_cycle(layer: str) -> None:
    """Each layer's share of the cycles among all of frightmare's modules (``frightmare``:
    the modules of no layer, the app's wiring); a cycle that crosses layers counts for each."""
    touching = [c for c in cycles(import_graph()) if any(_layer(m) == layer for m in c)]
    assert not touching, "import cycles:\n" + "\n".join(", ".join(c) for c in touching)


def _layer(module: str) -> str:
    return next((layer for layer in LAYERS if f"{module}.".startswith(f"{layer}.")), "frightmare")


def test_the_cycle_finder_finds_a_cycle_and_only_cycles() -> None:
    # The check itself can fail: a three-module loop and a two-module one, beside a chain.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"f"}, "f": {"e"}}
    assert cycles(graph) == [["a", "b", "c"], ["e", "f"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_counts_imports_inside_functions_and_under_type_checking() -> None:
    # own_achievements imports the Finales inside a function, achievements imports History
    # only under TYPE_CHECKING: both are edges of the graph the test above reads.
    graph = import_graph()
    assert "frightmare.model.actions.dream" in graph["frightmare.model.record.own_achievements"]
    assert "frightmare.model.history" in graph["frightmare.model.record.achievements"]
