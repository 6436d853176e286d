"""The shape every action shares: a frozen record with a ``kind`` tag, one line for History,
and the mark of a play recorded anyway.

Actions and the steps they carry are plain frozen dataclasses (``Record``), checked when they
are made. Pydantic reads and writes them in the journal (``actions.journal``), but only then:
the launch into a game is ready for play before pydantic is imported (about 50 ms of it). The
bounds a field takes (``Between``, ``Length``) and the tag a union is sorted by (``Tagged``)
are written beside its type, where the checks here and pydantic's schema both read them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, ClassVar, Literal, NewType, Union, dataclass_transform

from frightmare.model.values import field_hints

ANYWAY_MARK = "⚑ "


class _Bounds:
    """The least and greatest a field may be, both included: here, and in the journal's
    schema under ``KEYS``."""

    __slots__ = ("high", "low")
    KEYS: ClassVar[tuple[str, str]]

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema.update(zip(self.KEYS, (self.low, self.high), strict=True))
        return schema


class Between(_Bounds):
    """An ``int`` field's bounds."""

    __slots__ = ()
    KEYS = ("ge", "le")

    def holds(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


class Length(_Bounds):
    """A ``str`` or ``tuple`` field's least and greatest length."""

    __slots__ = ()
    KEYS = ("min_length", "max_length")

    def holds(self, value: object) -> bool:
        return isinstance(value, str | tuple) and self.low <= len(value) <= self.high


class Tagged:
    """A union of records told apart by their ``tag`` field (``kind``): the journal reads
    each by its tag."""

    __slots__ = ("tag",)

    def __init__(self, tag: str) -> None:
        self.tag = tag

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Discriminator

        return handler.generate_schema(Annotated[source, Discriminator(self.tag)])


Check = Callable[[object], bool]


def _always(value: object) -> bool:
    return True


def _check(annotation: Any) -> Check:
    """What a field's value must be, from its annotation: its Literal's members, its bounds,
    its type. The type checker holds the call sites to the types; these checks hold what it
    cannot (a count's bounds, a typed name's length) wherever an action is made."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        base = _check(args[0])
        marks = tuple(mark.holds for mark in annotation.__metadata__ if hasattr(mark, "holds"))
        return lambda value: base(value) and all(holds(value) for holds in marks)
    if origin is Literal:
        members = frozenset((type(arg), arg) for arg in args)
        return lambda value: (type(value), value) in members
    if origin in (Union, types.UnionType):
        arms = tuple(_check(arm) for arm in args)
        return lambda value: any(arm(value) for arm in arms)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check(args[0])
            return lambda value: isinstance(value, tuple) and all(item(v) for v in value)
        items = tuple(_check(arg) for arg in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(items)
            and all(check(v) for check, v in zip(items, value, strict=True))
        )
    if annotation is type(None) or annotation is None:
        return lambda value: value is None
    if isinstance(annotation, NewType):
        return _check(annotation.__supertype__)
    if annotation is bool:
        return lambda value: isinstance(value, bool)
    if annotation is int:  # not a bool: True is an int to Python, not a count
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if isinstance(annotation, type):
        return lambda value: isinstance(value, annotation)
    return _always


_CHECKS: dict[type, tuple[tuple[str, Check], ...]] = {}


def bounds(annotation: Any) -> Between | Length | None:
    """The bounds an annotation gives its value, through ``| None``."""
    if typing.get_origin(annotation) is Annotated:
        marks = (m for m in annotation.__metadata__ if isinstance(m, Between | Length))
        return next(marks, None) or bounds(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (Union, types.UnionType):
        found = (bounds(arm) for arm in typing.get_args(annotation))
        return next((b for b in found if b is not None), None)
    return None


def tag_of(cls: type[Record]) -> str:
    """A record's ``kind``, the tag the journal reads it by."""
    return str(next(f.default for f in dataclasses.fields(cls) if f.name == "kind"))


def field_types(cls: type) -> dict[str, Any]:
    """A record's fields and their annotations, resolved (``Annotated`` kept)."""
    hints = field_hints(cls)
    return {field.name: hints[field.name] for field in dataclasses.fields(cls)}


def _checks(cls: type) -> tuple[tuple[str, Check], ...]:
    found = _CHECKS.get(cls)
    if found is None:
        found = _CHECKS[cls] = tuple(
            (name, _check(annotation)) for name, annotation in field_types(cls).items()
        )
    return found


_MISSING: Any = dataclasses.MISSING


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Record:
    """A frozen record of named fields, each checked against its annotation when it is made;
    the journal's pydantic schema forbids fields it does not know.

    Each subclass is a dataclass to ``dataclasses`` and pydantic (its fields, ``replace``),
    with the methods a frozen keyword-only dataclass would have. They are this class's own,
    not generated per class: ``dataclass()`` compiles six methods for each of the 80 records,
    about 25 ms of the launch into a game (issue 33)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}
    # Made by ``__init_subclass__`` (the type checker reads it as a dataclass's).
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__doc__:  # else ``dataclass()`` writes one from the signature (inspect)
            cls.__doc__ = cls.__name__
        dataclasses.dataclass(init=False, repr=False, eq=False, kw_only=True)(cls)
        cls._defaults = tuple((f.name, f.default) for f in dataclasses.fields(cls))

    _defaults: ClassVar[tuple[tuple[str, Any], ...]] = ()

    def __init__(self, **values: Any) -> None:
        cls = type(self)
        for name, default in cls._defaults:
            value = values.pop(name, default)
            if value is _MISSING:
                raise TypeError(f"{cls.__name__}() needs {name}")
            object.__setattr__(self, name, value)
        if values:
            raise TypeError(f"{cls.__name__}() takes no {', '.join(values)}")
        self.__post_init__()

    def __post_init__(self) -> None:
        for name, holds in _checks(type(self)):
            value = getattr(self, name)
            if not holds(value):
                raise ValueError(f"{type(self).__name__}: {name} cannot be {value!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name, _default in self._defaults)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, _default in self._defaults)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _marked(describe: Callable[[BaseAction], str]) -> Callable[[BaseAction], str]:
    @wraps(describe)
    def wrapper(self: BaseAction) -> str:
        text = describe(self)
        return ANYWAY_MARK + text if self.anyway else text

    return wrapper


def _drop_unset_mark(action: BaseAction, write: Callable[[BaseAction], Any]) -> Any:
    data = write(action)
    if isinstance(data, dict) and not action.anyway:
        data.pop("anyway", None)
    return data


class BaseAction(Record):
    """``anyway`` marks a play recorded against a refusal ("the table is the truth"): the
    rules' checks were skipped, and History shows the mark. It is saved only when set, so
    journals without it read as before."""

    anyway: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "describe" in cls.__dict__:
            # Wrapping a subclass's own method in place is the point here; mypy refuses any
            # assignment to a method, and the wrapper has the method's own signature.
            cls.describe = _marked(cls.__dict__["describe"])  # type: ignore[method-assign,assignment]

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        schema = handler(source)
        schema["serialization"] = core_schema.wrap_serializer_function_ser_schema(_drop_unset_mark)
        return schema

    def describe(self) -> str:
        """One line for the history list."""
        raise NotImplementedError
