"""Events: facts about what happened (DESIGN.md).

Light package, like :mod:`engine.commands`: the union lives in
:mod:`engine.events.union` and is loaded on first use of its names.
"""

from __future__ import annotations

from typing import Any

from engine.events.base import EventBase

_UNION_NAMES = frozenset({"ALL_EVENTS", "Event", "EVENT_ADAPTER", "EVENT_LIST_ADAPTER"})


def __getattr__(name: str) -> Any:
    if name in _UNION_NAMES:
        from engine.events import union

        return getattr(union, name)
    raise AttributeError(f"module 'engine.events' has no attribute {name!r}")


__all__ = ["EventBase", *sorted(_UNION_NAMES)]
