"""Journal rows: one command with its events, as stored.

A row keeps the JSON texts it was written with and parses them only when
asked: opening a 10,000-command session reads every row to check its
checksum, but builds the pydantic models of a row only when undo, redo or an
export needs them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from pydantic import ValidationError

from engine.core.commands import CommandBase
from engine.core.events import EventBase
from engine.core.session import Entry, Unwritable
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.rulesets import builtin, registry
from engine.store.format import Status, content_crc, row_crc
from engine.store.parsed import WINDOW
from engine.store.records import inconsistent

#: Stored rows may be commands and events of any built-in ruleset.
registry.add_loader(builtin.declare)


def now_text() -> str:
    """A UTC timestamp with milliseconds: sortable, the same on every machine."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def unreadable(where: str, exc: Exception) -> EngineError:
    """A record whose bytes are intact but whose contents this version rejects."""
    detail = f"{where}: {exc.errors()[0].get('msg', '')}" if isinstance(exc, ValidationError) else where
    return EngineError("The session file is damaged (a record cannot be read: {detail}).", detail=detail)


def unwritable(detail: str) -> Unwritable:
    """A command whose record could not be read back as written: refused before it reaches the file."""
    return Unwritable("This command cannot be saved ({detail}); nothing was changed.", detail=detail)


def readable_texts(entry: Entry) -> tuple[str, str]:
    """The command and events of ``entry`` as stored, checked by the very rules
    that will read them back: a non-finite number, a lone surrogate
    or anything else the reader would reject never reaches the journal."""
    try:
        command_text = entry.command.model_dump_json()
        events_text = registry.events_to_json(list(entry.events)).decode("utf-8")
    except (ValueError, TypeError) as exc:  # PydanticSerializationError, UnicodeEncodeError
        raise unwritable("text that cannot be written") from exc
    try:
        command = registry.command_from_json(command_text)
        events = tuple(registry.events_from_json(events_text))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))[:80] or "-"
        raise unwritable(f"{where}: {first.get('msg', '')}") from exc
    if command != entry.command or events != tuple(entry.events):
        raise unwritable("it would read back differently")
    return command_text, events_text


def final_seq(seq: int) -> int:
    """The stored seq of a final row (a dice-box roll) made after
    command ``seq``, and back: its negative.  A final row is stored as
    ``discarded`` — never replayed onto the state — and is not part of the undo
    line, whose seqs start at 1; the sign keeps where the roll was made, so the
    event log can show it in place.  Files written before it simply have none."""
    return -seq


def is_final(seq: int) -> bool:
    return seq < 0


@dataclass(eq=False, slots=True)
class StoredRow:
    """One journal row; ``status`` changes with undo, redo and new branches.

    Slots: a 100,000-command session holds one per command (and final roll),
    so a per-row ``__dict__`` was ≈ 9 MB of the open.  The parsed
    command and events are kept only while the row is in the process's
    :data:`~engine.store.parsed.WINDOW`; the texts are always kept."""

    id: int
    seq: int
    status: Status
    recorded_at: str
    command_text: str
    events_text: str
    content: int
    _command: CommandBase | None = field(default=None, repr=False)
    _events: tuple[EventBase, ...] | None = field(default=None, repr=False)

    @classmethod
    def from_entry(cls, row_id: int, entry: Entry, recorded_at: str | None = None) -> StoredRow:
        """A new ``done`` row for a command the session just ran, or a final row
        (:func:`final_seq`, never on the undo line) for a dice-box roll
        (Unwritable if it could not be read back)."""
        command_text, events_text = readable_texts(entry)
        stamp = recorded_at or now_text()
        seq = final_seq(entry.seq) if entry.final else entry.seq
        row = cls(
            id=row_id,
            seq=seq,
            status="discarded" if entry.final else "done",
            recorded_at=stamp,
            command_text=command_text,
            events_text=events_text,
            content=content_crc(row_id, seq, stamp, command_text, events_text),
            _command=entry.command,
            _events=tuple(entry.events),
        )
        WINDOW.hold(row)
        return row

    @classmethod
    def build(
        cls, row_id: int, seq: int, status: Status, recorded_at: str, command_text: str, events_text: str
    ) -> StoredRow:
        return cls(
            id=row_id,
            seq=seq,
            status=status,
            recorded_at=recorded_at,
            command_text=command_text,
            events_text=events_text,
            content=content_crc(row_id, seq, recorded_at, command_text, events_text),
        )

    @property
    def crc(self) -> int:
        return row_crc(self.content, self.status)

    @property
    def size(self) -> int:
        """Bytes of JSON, the measure the snapshot policy weighs replays by."""
        return len(self.command_text) + len(self.events_text)

    @property
    def command(self) -> CommandBase:
        command = self._command
        if command is None:
            try:
                command = registry.command_from_json(self.command_text)
            except ValidationError as exc:
                raise unreadable(f"journal #{self.id} command", exc) from exc
            self._command = command
        WINDOW.hold(self)
        return command

    @property
    def command_type(self) -> str | None:
        """The command's ``type`` (None if the stored text has none), read from
        the JSON when the command is not built yet: opening a file checks the
        first row is a ``new_session`` without validating it against the union
        of every ruleset's commands (building that union costs ≈ 5 ms; loading
        the rulesets behind it is paid anyway, see benchmarks/RESULTS.md)."""
        if self._command is not None:
            return str(self._command.type)
        try:
            data = json.loads(self.command_text)
        except ValueError:
            return None
        found = data.get("type") if isinstance(data, dict) else None
        return found if isinstance(found, str) else None

    @property
    def events(self) -> tuple[EventBase, ...]:
        events = self._events
        if events is None:
            try:
                events = tuple(registry.events_from_json(self.events_text))
            except ValidationError as exc:
                raise unreadable(f"journal #{self.id} events", exc) from exc
            self._events = events
        WINDOW.hold(self)
        return events

    def may_hold(self, needles: tuple[str, ...]) -> bool:
        """Whether the stored events text contains any of ``needles`` (event
        ``type`` names, say): a scan over many rows skips the others without
        parsing them."""
        text = self.events_text
        return any(needle in text for needle in needles)

    def forget_models(self) -> None:
        """Pushed out of the window: keep the texts, parse again when read."""
        self._command = None
        self._events = None

    def parse(self) -> None:
        """Build the models now, so a row this version cannot read is found
        when the file is opened rather than in the middle of a redo (the
        window may drop them later; the texts parse the same way again)."""
        self.command  # noqa: B018 - read for its check
        self.events  # noqa: B018


def split_line(rows: list[StoredRow]) -> tuple[list[StoredRow], list[StoredRow]]:
    """The done rows (seq 1..k) and undone rows (seq k+1..m), both by seq.

    The statuses alone define undo and redo, so they must form one line: done
    rows numbered from the root without gaps, undone rows continuing it, and
    every row written after the one before it.  Row ids run from 1 without
    gaps, since rows are never deleted.  Anything else is damage.
    """
    for index, row in enumerate(sorted(rows, key=lambda r: r.id)):
        if row.id != index + 1:  # ids are handed out in order and rows never deleted
            raise inconsistent(f"journal #{index + 1}")
    if any(is_final(r.seq) and r.status != "discarded" for r in rows):
        raise inconsistent("final row")
    done = sorted((r for r in rows if r.status == "done"), key=lambda r: r.seq)
    undone = sorted((r for r in rows if r.status == "undone"), key=lambda r: r.seq)
    if not done:
        raise inconsistent("no first command")
    line = done + undone
    for index, row in enumerate(line):
        if row.seq != index + 1:
            raise inconsistent(f"seq {index + 1}")
        if index and row.id <= line[index - 1].id:
            raise inconsistent(f"journal #{row.id}")
    for row in rows:
        if row.status == "discarded" and row.seq < 2 and not (is_final(row.seq) and final_seq(row.seq) >= 1):
            raise inconsistent(f"journal #{row.id}")
    if done[0].command_type != "new_session":
        raise inconsistent("first command")
    return done, undone


def furthest_dice(events: Iterable[EventBase], position: int = 0) -> int:
    """The furthest dice position ``events`` record (each roll or shuffle
    records where the generator stood after it)."""
    for event in events:
        dice = getattr(event, "dice", None)
        if isinstance(dice, DiceState):
            position = max(position, dice.counter)
    return position


def dice_starts(initial: State, rows: Iterable[StoredRow]) -> dict[int, int]:
    """Where the dice stood when each row's command first ran, by row id.

    The position only advances, and every command that ran — on the line,
    discarded with a redo branch, or final — is a row, so the position before
    a row is the furthest any earlier row took it.  Replays start each command
    there and so reproduce its dice."""
    position = initial.dice.counter
    starts: dict[int, int] = {}
    for row in sorted(rows, key=lambda r: r.id):
        starts[row.id] = position
        position = furthest_dice(row.events, position)
    return starts
