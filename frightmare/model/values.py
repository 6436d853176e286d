"""Frozen values: ``@frozen`` makes a class what ``@dataclass(frozen=True, slots=True)`` makes
it (its fields, ``dataclasses.replace``, ``fields``, equality, hashing, ``repr``), with the
methods shared by every such class instead of compiled for each.

``dataclass()`` compiles six or seven methods for each class, about 0.6 ms a class: the
launch into a game makes some 60 of them before it is ready for play (about 40 ms, issue 33).
Here ``dataclass()`` only gathers the fields (and makes the slots); equality, hashing and
``repr`` read each class's fields from tuples kept on the class, and ``__init__`` is
compiled when the class makes its first value (as ``dataclass()`` writes it: a value is made
as fast), so a class the launch only imports compiles nothing."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T")

_MISSING: Any = dataclasses.MISSING


def _attrs(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The named attributes of an object, as a tuple (``attrgetter``'s, in C)."""
    if not names:
        return lambda _value: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return attrgetter(*names)  # a tuple for two names or more


class _Factory:
    """The default of a field made by its ``default_factory`` (``dataclasses``' own marker
    is private)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY: Any = _Factory()


def _init(self: Any, *args: Any, **values: Any) -> None:
    """A class's first value: its ``__init__`` is compiled now, as ``dataclass()`` writes it,
    and set on the class for every value after (a class never made compiles none)."""
    cls = type(self)
    made = _compiled_init(cls)
    cls.__init__ = made
    made(self, *args, **values)


def _compiled_init(cls: Any) -> Callable[..., None]:
    fields: tuple[tuple[str, Any, Any, bool], ...] = cls.__frozen_init__
    later: tuple[tuple[str, Any, Any], ...] = cls.__frozen_later__
    names: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    params: list[str] = ["self"]
    body: list[str] = []
    keyword_only = False
    for n, (name, default, factory, kw_only) in enumerate(fields):
        if kw_only and not keyword_only:
            params.append("*")
            keyword_only = True
        if factory is not _MISSING:
            names[f"_factory_{n}"] = factory
            params.append(f"{name}=_FACTORY")
            body.append(f"_set(self, {name!r}, _factory_{n}() if {name} is _FACTORY else {name})")
            continue
        if default is not _MISSING:
            names[f"_default_{n}"] = default
            params.append(f"{name}=_default_{n}")
        else:
            params.append(name)
        body.append(f"_set(self, {name!r}, {name})")
    for n, (name, default, factory) in enumerate(later):  # not taken: set as dataclass sets it
        if factory is not _MISSING or default is not _MISSING:
            names[f"_later_{n}"] = factory if factory is not _MISSING else (lambda d=default: d)
            body.append(f"_set(self, {name!r}, _later_{n}())")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    source = f"def __init__({', '.join(params)}):\n" + "".join(
        f"    {line}\n" for line in body or ["pass"]
    )
    exec(source, names)  # as dataclass() makes each class's __init__
    made: Callable[..., None] = names["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _eq(self: Any, other: Any) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented  # type: ignore[no-any-return]  # as object.__eq__ does
    compared = self.__frozen_compared__
    return bool(compared(self) == compared(other))


def _hash(self: Any) -> int:
    return hash(self.__frozen_hashed__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__frozen_shown__)
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: object, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=True):
        object.__setattr__(self, f.name, value)


def _share_methods(cls: type[T], slots: bool, eq: bool) -> type[T]:
    made: Any = dataclasses.dataclass(init=False, repr=False, eq=False, slots=slots)(cls)
    fields = dataclasses.fields(made)
    init = tuple((f.name, f.default, f.default_factory, f.kw_only) for f in fields if f.init)
    compared = tuple(f.name for f in fields if f.compare)
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    shared: dict[str, Any] = {
        "__frozen_init__": init,
        "__frozen_later__": tuple(
            (f.name, f.default, f.default_factory) for f in fields if not f.init
        ),
        "__frozen_compared__": staticmethod(_attrs(compared)),
        "__frozen_hashed__": staticmethod(_attrs(hashed)),
        "__frozen_shown__": tuple(f.name for f in fields if f.repr),
    }
    own = made.__dict__
    methods: dict[str, Any] = {"__init__": _init, "__repr__": _repr}
    if eq:  # else compared and hashed by identity, as dataclass(eq=False) leaves them
        methods |= {"__eq__": _eq, "__hash__": _hash}
    for name, method in methods.items():
        if name not in own or (name == "__hash__" and own[name] is None):
            shared[name] = method
    shared["__setattr__"] = _setattr
    shared["__delattr__"] = _delattr
    if slots:
        shared["__getstate__"] = _getstate
        shared["__setstate__"] = _setstate
    for name, value in shared.items():
        setattr(made, name, value)
    return cast("type[T]", made)


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, slots: bool = True, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: type[T] | None = None, /, *, slots: bool = True, eq: bool = True) -> Any:
    """``@dataclass(frozen=True, slots=True)``, its methods shared (see the module);
    ``@frozen(slots=False)`` for a class that keeps a ``__dict__`` (a ``cached_property``),
    ``eq=False`` for one compared by identity."""
    if cls is None:
        return lambda later: _share_methods(later, slots, eq)
    return _share_methods(cls, slots, eq)


_OWN_HINTS: dict[type, dict[str, Any]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def field_hints(cls: type) -> dict[str, Any]:
    """Each annotation of ``cls`` and its bases resolved (``Annotated`` kept), as
    ``typing.get_type_hints(cls, include_extras=True)`` gives them. Each class's own
    annotations are evaluated once, not again for each subclass (``get_type_hints`` resolves
    every base's again each time: about 7 ms for the 30 records a launch checks)."""
    found = _HINTS.get(cls)
    if found is None:
        found = {}
        for klass in reversed(cls.__mro__):
            found.update(_own_hints(klass))
        _HINTS[cls] = found
    return found


def _own_hints(klass: type) -> dict[str, Any]:
    found = _OWN_HINTS.get(klass)
    if found is None:
        module = sys.modules.get(klass.__module__)
        # As ``get_type_hints`` reads a class's: its module's names first, then the class's.
        written = inspect.get_annotations(
            klass,
            globals=dict(vars(klass)),
            locals=vars(module) if module is not None else {},
            eval_str=True,
        )
        found = {name: type(None) if value is None else value for name, value in written.items()}
        _OWN_HINTS[klass] = found
    return found
