"""The shape every action shares: a frozen pydantic record with a ``kind`` tag, one line for
History, and the mark of a play recorded anyway."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

ANYWAY_MARK = "⚑ "


def _marked(describe: Callable[[BaseAction], str]) -> Callable[[BaseAction], str]:
    @wraps(describe)
    def wrapper(self: BaseAction) -> str:
        text = describe(self)
        return ANYWAY_MARK + text if self.anyway else text

    return wrapper


class BaseAction(BaseModel):
    """``anyway`` marks a play recorded against a refusal ("the table is the truth"): the
    rules' checks were skipped, and History shows the mark. It is saved only when set, so
    journals without it read as before."""

    # Each action's validator is built when the action is first made or read (defer_build),
    # not at import: a launch uses a few of them before its first paint.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    anyway: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "describe" in cls.__dict__:
            # Wrapping a subclass's own method in place is the point here; mypy refuses any
            # assignment to a method, and the wrapper has the method's own signature.
            cls.describe = _marked(cls.__dict__["describe"])  # type: ignore[method-assign,assignment]

    @model_serializer(mode="wrap")
    def _drop_unset_mark(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not self.anyway:
            data.pop("anyway", None)
        return data

    def describe(self) -> str:
        """One line for the history list."""
        raise NotImplementedError
