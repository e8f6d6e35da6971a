"""The base of the read-only records of :mod:`suanfan.game` and :mod:`suanfan.logs`: slotted, set
once in ``__init__``, compared, hashed, printed and pickled field by field."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

__all__ = ["Record"]


class Record:
    """A read-only record: subclasses list their fields in ``__slots__`` and set each once in
    ``__init__`` with :meth:`_set`."""

    __slots__: tuple[str, ...] = ()

    def _set(self, **values: Any) -> None:
        for name in type(self).__slots__:
            object.__setattr__(self, name, values[name])

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in type(self).__slots__)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: a {type(self).__name__} is "
                                  "read-only")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: a {type(self).__name__} is "
                                  "read-only")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    # pickled by the standard protocol of slotted classes: the fields' values as the state, set
    # back field by field (``__init__`` may work fields out, so it is not called again)
    def __getstate__(self) -> tuple[Any, ...]:
        return self._values()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(type(self).__slots__, state, strict=True):
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__slots__)
        return f"{type(self).__name__}({fields})"
