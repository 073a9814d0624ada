"""What the Upland events share: writing a sheet or the procedure state into a
new State, naming what changed, and the rule ID suffix of a log line."""

from __future__ import annotations

from engine.core.changes import Area, Changes
from engine.core.state import State
from engine.upland.facts import cycle_of
from engine.upland.sheet import UplandSheet
from engine.upland.slice import with_cycle_state


def with_sheet(state: State, character: str, sheet: UplandSheet | None) -> State:
    characters = dict(state.characters)
    characters[character] = characters[character].model_copy(update={"sheet": sheet})
    return state.model_copy(update={"characters": characters})


def with_cycle(state: State, **update: object) -> State:
    return with_cycle_state(state, cycle_of(state).model_copy(update=update))


def touch_character(changes: Changes, character: str) -> None:
    changes.areas.add(Area.CHARACTERS)
    changes.characters.add(character)


def touch_cycle(changes: Changes) -> None:
    """The procedure state has no area of its own in :class:`Area`; the log is
    what every procedure event adds to."""
    changes.areas.add(Area.LOG)


def rule_suffix(rule: str, lang: str = "en") -> str:
    """A rule ID after a log line: ``（INV-2）`` in Japanese, `` (INV-2)`` in English."""
    if not rule:
        return ""
    return f"（{rule}）" if lang == "ja" else f" ({rule})"
