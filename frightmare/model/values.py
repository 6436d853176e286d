"""Frozen values: ``@frozen`` makes a class what ``@dataclass(frozen=True, slots=True)`` makes
it (its fields, ``dataclasses.replace``, ``fields``, equality, hashing, ``repr``), with the
methods shared by every such class instead of compiled for each.

``dataclass()`` compiles six or seven methods for each class, about 0.6 ms a class: the
launch into a game makes some 60 of them before it is ready for play (about 40 ms, issue 33).
Here ``dataclass()`` only gathers the fields (and makes the slots); the methods below read
each class's fields from tuples kept on the class. A value is made a little slower (about
1 microsecond more), which nothing made per play notices."""

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


def _init(self: Any, *args: Any, **values: Any) -> None:
    cls = type(self)
    made = cls.__frozen_init__
    if len(args) > cls.__frozen_positional__:
        raise TypeError(
            f"{cls.__name__}() takes {cls.__frozen_positional__} positional arguments "
            f"but {len(args)} were given"
        )
    put = object.__setattr__
    for (name, _default, _factory, _keyword), value in zip(made, args, strict=False):
        put(self, name, value)
    for name, default, factory, _keyword in made[len(args) :]:
        if name in values:
            put(self, name, values.pop(name))
        elif default is not _MISSING:
            put(self, name, default)
        elif factory is not _MISSING:
            put(self, name, factory())
        else:
            raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
    if values:
        taken = [name for name, *_rest in made[: len(args)] if name in values]
        if taken:
            raise TypeError(f"{cls.__name__}() got multiple values for argument {taken[0]!r}")
        raise TypeError(
            f"{cls.__name__}() got an unexpected keyword argument {next(iter(values))!r}"
        )
    for name, default, factory in cls.__frozen_later__:
        put(self, name, factory() if factory is not _MISSING else default)
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


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
    # What a frozen dataclass's __init__ takes in order: its fields up to the first keyword-only.
    positional = next((n for n, entry in enumerate(init) if entry[3]), len(init))
    compared = tuple(f.name for f in fields if f.compare)
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    shared: dict[str, Any] = {
        "__frozen_init__": init,
        "__frozen_positional__": positional,
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
