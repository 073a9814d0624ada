"""The union of every event type (``type`` discriminator), built from each
domain's own tuple."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import Field, TypeAdapter

from engine.events.base import EventBase
from engine.events.board import BOARD_EVENTS
from engine.upland.event_types import UPLAND_EVENTS

ALL_EVENTS: tuple[type[EventBase], ...] = BOARD_EVENTS + UPLAND_EVENTS
Event = Annotated[Union[ALL_EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]
EVENT_ADAPTER: TypeAdapter[EventBase] = TypeAdapter(Event)
EVENT_LIST_ADAPTER: TypeAdapter[list[EventBase]] = TypeAdapter(list[Event])

__all__ = ["ALL_EVENTS", "Event", "EVENT_ADAPTER", "EVENT_LIST_ADAPTER"]
