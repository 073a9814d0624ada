"""The public result of each event stage, for the players' window.

The projector lists, beside the roll feed, what came of each event stage —
"障害「崩れ道」（クラブの8）：成功度3／必要3 — 克服…（OBS-1）", an interaction's
effect, an encounter's end, remains found, a treasure, a tear spirit's fate.
Only events whose whole text is public are listed, read from the journal's
entries: the GM's secrets (a suit told to one player, the hidden villagers'
hour, face-down cards dealt) are in other events or left out of the line.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.events import EventBase
from engine.core.session import Entry
from engine.i18n import render
from engine.upland.chs_event_types import (
    EncounterEnded,
    EncounterModified,
    HandEffectPlayed,
    InteractionApplied,
    LodgingHour,
    ObstacleChecked,
)
from engine.upland.diamond_events import (
    BoneWon,
    ObstacleDiamondPlayed,
    Possessed,
    RemainsSearched,
    TearSpiritChanged,
    TreasureChanged,
)

#: Event types whose log line is a public result as it stands.
_AS_LOGGED: tuple[type[EventBase], ...] = (
    ObstacleChecked, HandEffectPlayed, EncounterEnded, EncounterModified, LodgingHour,
    RemainsSearched, TreasureChanged, BoneWon, Possessed, ObstacleDiamondPlayed,
)  # fmt: skip
#: TEAR-2 … TEAR-6: the tear spirit's turns the players see (not the GM's bookkeeping).
_TEAR_PUBLIC = frozenset(
    {"summoned", "summon_failed", "summon_fumbled", "taunted", "dispersed", "possessed", "accepted"}
)


def result_line(event: EventBase, lang: str) -> str | None:
    """The players' line for ``event``, or None when it is no public result."""
    if isinstance(event, _AS_LOGGED):
        return event.describe(lang)
    if isinstance(event, TearSpiritChanged):
        return event.describe(lang) if event.what in _TEAR_PUBLIC else None
    if isinstance(event, InteractionApplied):
        if event.lodging is None:
            return event.describe(lang)
        stay = event.lodging
        public = event.model_copy(update={"lodging": None}).describe(lang)
        return public + render(
            " The party stays {hours} hours on {square} without events.", lang, hours=stay.hours, square=stay.square
        )
    return None


def _stored_type(event_type: type[EventBase]) -> str:
    """How an event of this class names itself in the journal's JSON text."""
    return f'"type":"{event_type.model_fields["type"].default}"'


#: The stored texts that may hold a public result: the scan below skips every
#: other entry without parsing it (a long session's older rows are no longer
#: parsed).
_PUBLIC_TYPES: tuple[type[EventBase], ...] = (*_AS_LOGGED, TearSpiritChanged, InteractionApplied)
_NEEDLES = tuple(_stored_type(t) for t in _PUBLIC_TYPES)


def public_results(entries: Sequence[Entry], lang: str, limit: int) -> list[str]:
    """The newest ``limit`` public results of the journal ``entries``, newest first."""
    lines: list[str] = []
    for entry in reversed(entries):
        if not entry.may_hold(_NEEDLES):
            continue
        for event in reversed(entry.events):
            line = result_line(event, lang)
            if line is not None:
                lines.append(line)
                if len(lines) >= limit:
                    return lines
    return lines
