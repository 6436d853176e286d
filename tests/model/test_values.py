"""``@frozen`` makes what ``@dataclass(frozen=True, slots=True)`` makes, its methods shared
(issue 33: the launch made some 60 dataclasses, about 40 ms of compiled methods)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frightmare.model.values import frozen


@frozen
class Spot:
    space: str
    count: int = 1
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)


@frozen(slots=False)
class Checked(Spot):
    level: int = 0

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("a count is never negative")


@dataclass(frozen=True, slots=True)
class Reference:
    space: str
    count: int = 1
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)


@frozen
class Keyed:
    space: str
    count: int = field(default=1, kw_only=True)


def test_a_value_is_made_read_and_compared_as_a_frozen_dataclass() -> None:
    spot = Spot("intersection", 2, ("lit",), note="mine")
    assert (spot.space, spot.count, spot.tags, spot.note) == ("intersection", 2, ("lit",), "mine")
    assert repr(spot) == "Spot(space='intersection', count=2, tags=('lit',))"
    assert spot == Spot("intersection", 2, ("lit",), note="other")  # note is not compared
    assert hash(spot) == hash(Spot("intersection", 2, ("lit",)))
    assert spot != Spot("intersection", 3, ("lit",))
    assert spot != Checked("intersection", 2, ("lit",))  # another class is never equal
    assert dataclasses.is_dataclass(spot)
    assert [f.name for f in dataclasses.fields(spot)] == ["space", "count", "tags", "note"]
    assert not hasattr(spot, "__dict__")  # slots, as dataclass(slots=True) gives
    assert hasattr(Checked("x"), "__dict__")


def test_a_value_cannot_be_changed() -> None:
    spot = Spot("intersection")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spot.count = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del spot.count


def test_replace_copy_and_pickle_give_equal_values() -> None:
    spot = Checked("street-w", 2, level=4)
    assert dataclasses.replace(spot, count=5) == Checked("street-w", 5, level=4)
    assert copy.deepcopy(spot) == spot and copy.copy(spot) == spot
    assert pickle.loads(pickle.dumps(Spot("a", 3))) == Spot("a", 3)
    assert dataclasses.asdict(Spot("a")) == {"space": "a", "count": 1, "tags": (), "note": ""}


def test_defaults_factories_and_post_init() -> None:
    assert Spot("a").tags == () and Spot("a").tags is not None
    with pytest.raises(ValueError, match="never negative"):
        Checked("a", -1)
    assert Keyed("a", count=2).count == 2


@dataclass(frozen=True, slots=True)
class KeyedReference:
    space: str
    count: int = field(default=1, kw_only=True)


@pytest.mark.parametrize(
    "call",
    [
        lambda cls: cls(),
        lambda cls: cls("a", 1, (), "n", 5),
        lambda cls: cls("a", space="b"),
        lambda cls: cls("a", colour="red"),
    ],
)
def test_a_wrong_call_is_refused_as_a_dataclass_refuses_it(call: Any) -> None:
    said = []
    for cls in (Spot, Reference):
        with pytest.raises(TypeError) as refused:
            call(cls)
        said.append(str(refused.value).replace(cls.__qualname__, "Value"))
    assert said[0] == said[1]
    with pytest.raises(TypeError, match=r"Keyed.__init__\(\) takes 2 positional arguments"):
        Keyed("a", 2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"KeyedReference.__init__\(\) takes 2 positional"):
        KeyedReference("a", 2)  # type: ignore[call-arg]


def test_a_class_compiles_its_init_with_its_first_value() -> None:
    """A class never made compiles nothing; its first value compiles ``__init__`` once."""

    @frozen
    class Late:
        space: str
        tags: tuple[str, ...] = field(default_factory=tuple)

    shared = Late.__init__
    first = Late("a")
    assert Late.__init__ is not shared  # compiled, and set on the class
    compiled = Late.__init__
    assert Late("b", ("x",)).tags == ("x",) and first.tags == ()
    assert Late.__init__ is compiled  # once


@given(
    space=st.text(max_size=5),
    count=st.integers(),
    tags=st.lists(st.text(max_size=3), max_size=3).map(tuple),
    note=st.text(max_size=3),
    other=st.integers(),
)
def test_every_method_agrees_with_dataclass(
    space: str, count: int, tags: tuple[str, ...], note: str, other: int
) -> None:
    ours, theirs = Spot(space, count, tags, note), Reference(space, count, tags, note)
    assert repr(ours).removeprefix("Spot") == repr(theirs).removeprefix("Reference")
    assert hash(ours) == hash(theirs)
    assert (ours == Spot(space, other, tags)) == (theirs == Reference(space, other, tags))
    assert dataclasses.astuple(ours) == dataclasses.astuple(theirs)


def _every_dataclass() -> list[type]:
    import importlib
    import pkgutil

    import frightmare.model
    import frightmare.store

    found: list[type] = []
    for package in (frightmare.model, frightmare.store):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            loaded = importlib.import_module(module.name)
            found.extend(
                value
                for value in vars(loaded).values()
                if isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == loaded.__name__
            )
    return found


def test_field_hints_are_what_get_type_hints_gives_for_every_record() -> None:
    """``field_hints`` evaluates each class's own annotations once; for every dataclass of
    the model and the store it gives what ``typing.get_type_hints`` gives."""
    import typing

    from frightmare.model.values import field_hints

    def shown(hints: dict[str, Any]) -> dict[str, str]:
        # A bound (``Length(1, 40)``) is made anew at each evaluation: compared by its words.
        return {name: re.sub(r" at 0x[0-9a-f]+", "", str(hint)) for name, hint in hints.items()}

    classes = _every_dataclass()
    assert len(classes) > 150  # the actions, the state, the queries, the store's records
    for cls in classes:
        try:
            theirs = typing.get_type_hints(cls, include_extras=True)
        except NameError:  # a name imported for the type checker only: neither resolves it
            with pytest.raises(NameError):
                field_hints(cls)
            continue
        assert shown(field_hints(cls)) == shown(theirs), cls


@frozen(slots=False, eq=False)
class Book:
    pages: int


def test_a_value_made_with_eq_false_is_compared_by_identity() -> None:
    book = Book(3)
    assert book != Book(3) and book == book
    assert hash(book) == object.__hash__(book)
    with pytest.raises(dataclasses.FrozenInstanceError):
        book.pages = 4  # type: ignore[misc]


def test_no_frozen_record_compiles_its_own_methods() -> None:
    """A frozen record of the app is ``@frozen``: ``@dataclass(frozen=True)`` compiled six or
    seven methods per class, about 0.6 ms each at a launch into a game (issue 33). Only
    ``i18n``, below the model (which it cannot import), keeps its one."""
    from pathlib import Path

    import frightmare

    root = Path(frightmare.__file__).parent
    offenders = [
        str(path.relative_to(root))
        for path in sorted(root.rglob("*.py"))
        if path.name != "i18n.py"
        and re.search(r"^\s*@(dataclasses\.)?dataclass\(frozen=True", path.read_text(), re.M)
    ]
    assert offenders == []
