"""Earlier states of a reopened session, rebuilt only when undo or redo asks.

An in-memory session keeps the state before and after every command.  A
reopened one must not rebuild 10,000 states to show the last one, so its
undo/redo entries are :class:`StoredEntry` objects whose ``before`` and
``after`` come from :class:`History`: the nearest snapshot at or below the
wanted position, then the recorded events replayed forward.  Events carry
their dice results, so the replay never rolls.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from pydantic import ValidationError

from engine.core.commands import CommandBase
from engine.core.events import EventBase
from engine.core.session import Entry
from engine.core.state import State
from engine.errors import EngineError
from engine.store.rows import StoredRow, final_seq, is_final, unreadable

#: Reads the state JSON of a snapshot by its journal row id (or None when the
#: file cannot give it any more; the history then replays from further back).
SnapshotReader = Callable[[int], str | None]


@contextmanager
def bulk_load() -> Iterator[None]:
    """Hold the cyclic garbage collector while thousands of objects are built.

    Rebuilding states allocates many small containers and hardly any cycles;
    with a large session in memory each automatic full collection walks
    every state, which measured 2-4x slower opens and first undos
    (benchmarks/file_bench.py).  Collection resumes afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def apply_row(state: State, row: StoredRow) -> State:
    """The state after ``row``: what ``Session.run`` does, minus the command."""
    try:
        for event in row.events:
            state = event.apply(state)
    except EngineError:
        raise
    except Exception as exc:  # an event that no longer fits its state is damage, not a crash
        raise EngineError(
            "The session file is damaged (the journal is inconsistent: {detail}).",
            detail=f"journal #{row.id}",
        ) from exc
    return state.model_copy(update={"seq": row.seq})


def replay(initial: State, rows: Iterable[StoredRow]) -> Iterator[tuple[StoredRow, State]]:
    """Each row of a line with the state after it, from ``initial``."""
    state = initial
    for row in rows:
        state = apply_row(state, row)
        yield row, state


def parse_state(text: str, where: str) -> State:
    try:
        return State.model_validate_json(text)
    except ValidationError as exc:
        raise unreadable(where, exc) from exc


class History:
    """States of the active line (done + undone rows), computed on demand."""

    def __init__(
        self,
        initial: State,
        line: Sequence[StoredRow],
        snapshots: dict[int, int],
        reader: SnapshotReader,
    ) -> None:
        self.initial = initial
        self._rows = {row.seq: row for row in line}
        #: seq -> journal row id of a snapshot on this line.
        self._snapshots = snapshots
        self.reader = reader
        self._cache: dict[int, State] = {0: initial}

    def state_after(self, seq: int) -> State:
        """The state after the command numbered ``seq`` (0: before the root)."""
        cached = self._cache.get(seq)
        if cached is not None:
            return cached
        with bulk_load():
            return self._rebuild(seq)

    def _rebuild(self, seq: int) -> State:
        base = seq
        while True:  # ends at 0 at the latest: the initial state is always cached
            state = self._cache.get(base)
            if state is None and base in self._snapshots:
                state = self._load_snapshot(base)
            if state is not None:
                break
            base -= 1
        for number in range(base + 1, seq + 1):
            state = apply_row(state, self._rows[number])
            self._cache[number] = state
        return state

    def _load_snapshot(self, seq: int) -> State | None:
        journal_id = self._snapshots[seq]
        text = self.reader(journal_id)
        if text is None:
            # The file cannot give it (a drive went away): forget it and replay.
            del self._snapshots[seq]
            return None
        state = parse_state(text, f"snapshot #{journal_id}")
        self._cache[seq] = state
        return state


class StoredEntry(Entry):
    """An :class:`Entry` of a reopened session, materialised lazily.

    It is an ``Entry`` so ``Session.undo``/``redo`` and the GUI use it as they
    use a fresh one; its command, events and states are parsed or rebuilt on
    first access instead of at open.
    """

    def __init__(self, row: StoredRow, history: History) -> None:  # noqa: D107 - dataclass fields are properties here
        final = is_final(row.seq)  # a dice-box roll's row: made after command -seq
        object.__setattr__(self, "seq", final_seq(row.seq) if final else row.seq)
        object.__setattr__(self, "final", final)
        object.__setattr__(self, "_row", row)
        object.__setattr__(self, "_history", history)

    @property
    def command(self) -> CommandBase:
        row: StoredRow = object.__getattribute__(self, "_row")
        return row.command

    @property
    def events(self) -> tuple[EventBase, ...]:
        row: StoredRow = object.__getattribute__(self, "_row")
        return row.events

    @property
    def before(self) -> State:
        history: History = object.__getattribute__(self, "_history")
        return history.state_after(self.seq - 1)

    @property
    def after(self) -> State:
        history: History = object.__getattribute__(self, "_history")
        return history.state_after(self.seq)

    @property
    def row(self) -> StoredRow:
        stored: StoredRow = object.__getattribute__(self, "_row")
        return stored

    def __repr__(self) -> str:
        return f"StoredEntry(seq={self.seq}, journal_id={self.row.id})"
