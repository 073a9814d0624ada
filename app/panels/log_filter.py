"""What the event log's filters look at: a record's kinds and characters, and
the search text ("a burst of taps does not bury the rolls").

Pure Python, no Qt: the model (``app.panels.log_model``) asks these questions
once per record it examines and keeps the answers, so filtering a long session
again (another kind, another character) reads no command twice.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from engine.core.session import Entry


class Kind(StrEnum):
    """The kinds a GM filters by; a record may be of several (a procedure step that rolls)."""

    ROLLS = "rolls"
    BOARD = "board"
    PROCEDURE = "procedure"
    CHARACTERS = "characters"
    NOTES = "notes"
    HISTORY = "history"  # undo and redo


#: The free board commands of DESIGN.md (cards, piles, markers, the party, the bone, set-up).
BOARD_COMMANDS: frozenset[str] = frozenset(
    {
        "new_session",
        "shuffle_deck",
        "shuffle_stack",
        "deal_card",
        "move_card",
        "move_stack",
        "move_group",
        "flip_card",
        "tap_card",
        "draw_cards",
        "give_card",
        "recycle_discard",
        "set_bone",
        "reveal_bone",
        "place_marker",
        "move_party",
    }
)
#: Words in a command type that make it a character or sheet edit, whatever the ruleset.
CHARACTER_WORDS: tuple[str, ...] = ("character", "sheet", "skill", "spell_bonus")
#: Words of a board gesture in commands a ruleset or the battle board may add.
BOARD_WORDS: tuple[str, ...] = ("card", "stack", "pile", "marker", "token", "hex_")
#: Fields of commands and events that name a character by id.
CHARACTER_FIELDS: tuple[str, ...] = ("character", "to_character", "by", "sleepwalker", "holder")
#: Fields holding several character ids (a tuple, or a mapping keyed by id).
CHARACTER_GROUPS: tuple[str, ...] = ("participants", "failed", "actions", "wait_actions", "markers")


def command_kind(command_type: str) -> Kind:
    """The kind of a command by its ``type``: what the GM did, not what it touched."""
    if command_type == "roll":
        return Kind.ROLLS
    if command_type == "add_note":
        return Kind.NOTES
    if any(word in command_type for word in CHARACTER_WORDS):
        return Kind.CHARACTERS
    if command_type in BOARD_COMMANDS or any(word in command_type for word in BOARD_WORDS):
        return Kind.BOARD
    return Kind.PROCEDURE


def is_roll(event: object) -> bool:
    """A dice-box roll or a rule's check (a declined check too: it is a result the GM looks for)."""
    return hasattr(event, "record")


def is_secret(event: object) -> bool:
    """A roll only the GM may see (the log is GM-only; the row is marked like the dice box's)."""
    record = getattr(event, "record", None)
    result = getattr(record, "result", None)
    return bool(getattr(result, "secret", False))


def _ids_of(obj: object) -> Iterator[str]:
    for name in CHARACTER_FIELDS:
        value = getattr(obj, name, None)
        if isinstance(value, str):
            yield value
        elif value is not None and isinstance(getattr(value, "id", None), str):
            yield value.id  # a Character model (added or removed)
    for name in CHARACTER_GROUPS:
        group = getattr(obj, name, None)
        if isinstance(group, dict | tuple | list | frozenset | set):
            yield from (key for key in group if isinstance(key, str))
    record = getattr(obj, "record", None)
    by = getattr(record, "by", None)
    if isinstance(by, str):
        yield by
    for name in ("src", "dst", "place"):  # a card to or from a hand
        place = getattr(obj, name, None)
        zone = getattr(place, "zone", None)
        if zone is not None and str(getattr(zone, "value", zone)) == "hand":
            key = getattr(place, "key", None)
            if isinstance(key, str):
                yield key


@dataclass(frozen=True)
class RecordFacts:
    """What the filters need of one record, independent of the language."""

    kinds: frozenset[Kind]
    characters: frozenset[str]
    #: one line for the command, one per event
    lines: int
    #: event lines (1-based, as in the model) that are secret rolls
    secret_lines: frozenset[int]


def record_facts(kind: str, entry: Entry) -> RecordFacts:
    """``kind`` is the outcome's: "do", "undo" or "redo"."""
    command = entry.command
    events = entry.events
    kinds = {command_kind(command.type)}
    if any(is_roll(event) for event in events):
        kinds.add(Kind.ROLLS)
    if kind in ("undo", "redo"):
        kinds.add(Kind.HISTORY)
    characters = set(_ids_of(command))
    for event in events:
        characters.update(_ids_of(event))
    secret = frozenset(n for n, event in enumerate(events, start=1) if is_secret(event))
    facts = RecordFacts(frozenset(kinds), frozenset(characters), 1 + len(events), secret)
    if len(_SHARED) >= SHARED_FACTS:
        return facts
    return _SHARED.setdefault(facts, facts)


#: How many distinct facts are shared at most.  The log keeps the facts of every
#: record of the evening (the filters scan them), and most records have the same
#: few (a tap: the cards kind, no character, two lines): one shared object each
#: instead of three sets per record, ≈ 0.9 KB a command (memory).
SHARED_FACTS = 4096
_SHARED: dict[RecordFacts, RecordFacts] = {}


def fold(text: str) -> str:
    """Text as the search compares it: NFKC (full-width ``１Ｄ１００`` = ``1D100``) and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass(frozen=True)
class LogFilter:
    """None or empty means "everything"."""

    kind: Kind | None = None
    character: str | None = None
    text: str = ""

    @property
    def active(self) -> bool:
        return self.kind is not None or self.character is not None or bool(self.text.strip())

    @property
    def needs_text(self) -> bool:
        return bool(self.text.strip())

    def accepts(self, facts: RecordFacts, lines: Iterable[str] = ()) -> bool:
        """``lines`` (the record's rendered text) are read only when searching."""
        if self.kind is not None and self.kind not in facts.kinds:
            return False
        if self.character is not None and self.character not in facts.characters:
            return False
        if self.needs_text:
            wanted = fold(self.text.strip())
            return any(wanted in fold(line) for line in lines)
        return True
