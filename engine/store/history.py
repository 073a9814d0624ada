"""Earlier states of a reopened session, rebuilt only when undo or redo asks.

A reopened session must not rebuild 10,000 states to show the last one, so
its undo/redo entries are :class:`StoredEntry` objects whose ``before`` and
``after`` come from :class:`History`: the nearest state in memory or snapshot
at or below the wanted position, then the recorded events replayed forward.
Events carry their dice results, so the replay never rolls.  History keeps
states by the same policy as a live session's :class:`engine.core.timeline.Timeline`
(the most recently rebuilt ones plus one every ``CHECKPOINT_EVERY``), so an
undo walk through a 100,000-command file does not hold 100,000 states.
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from pydantic import ValidationError

from engine.core.commands import CommandBase
from engine.core.events import EventBase
from engine.core.session import Entry
from engine.core.state import State
from engine.core.timeline import CHECKPOINT_EVERY, RECENT, apply_events, is_checkpoint
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
        return apply_events(state, row.events, row.seq)
    except EngineError:
        raise
    except Exception as exc:  # an event that no longer fits its state is damage, not a crash
        raise EngineError(
            "The session file is damaged (the journal is inconsistent: {detail}).",
            detail=f"journal #{row.id}",
        ) from exc


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
        #: The initial state and the checkpoints (seq multiple of CHECKPOINT_EVERY) met so far.
        self._kept: dict[int, State] = {0: initial}
        #: The RECENT states most recently rebuilt or read, least recently used first.
        self._recent: OrderedDict[int, State] = OrderedDict()

    def state_after(self, seq: int) -> State:
        """The state after the command numbered ``seq`` (0: before the root)."""
        cached = self._held(seq)
        if cached is not None:
            return cached
        with bulk_load():
            return self._rebuild(seq)

    def held_count(self) -> int:
        """How many states are in memory now (the structure tests bound it)."""
        return len(self._kept) + len(self._recent)

    def _held(self, seq: int) -> State | None:
        kept = self._kept.get(seq)
        if kept is not None:
            return kept
        recent = self._recent.get(seq)
        if recent is not None:
            self._recent.move_to_end(seq)
        return recent

    def _keep(self, seq: int, state: State) -> None:
        if is_checkpoint(seq, CHECKPOINT_EVERY):
            self._kept[seq] = state
            return
        self._recent[seq] = state
        self._recent.move_to_end(seq)
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)

    def _rebuild(self, seq: int) -> State:
        base = seq
        while True:  # ends at 0 at the latest: the initial state is always kept
            state = self._held(base)
            if state is None and base in self._snapshots:
                state = self._load_snapshot(base)
            if state is not None:
                break
            base -= 1
        for number in range(base + 1, seq + 1):
            state = apply_row(state, self._rows[number])
            self._keep(number, state)
        return state

    def _load_snapshot(self, seq: int) -> State | None:
        journal_id = self._snapshots[seq]
        text = self.reader(journal_id)
        if text is None:
            # The file cannot give it (a drive went away): forget it and replay.
            del self._snapshots[seq]
            return None
        state = parse_state(text, f"snapshot #{journal_id}")
        self._keep(seq, state)
        return state


class StoredEntry(Entry):
    """An :class:`Entry` of a reopened session, materialised lazily.

    It is an ``Entry`` so ``Session.undo``/``redo`` and the GUI use it as they
    use a fresh one; its command, events and states are parsed or rebuilt on
    first access instead of at open.  Slots (as ``Entry`` has): a reopened
    100,000-command session holds one per row, and a ``__dict__`` each was
    ≈ 15 MB of the open.
    """

    __slots__ = ("_row", "_history")

    def __init__(self, row: StoredRow, history: History) -> None:  # noqa: D107 - dataclass fields are properties here
        # Only the row and the history are stored; ``seq``, ``final`` and the
        # rest are read from the row (a 100,000-command open makes 100,000 of
        # these, and eight stored fields each took ≈ 0.3 s of it).
        object.__setattr__(self, "_row", row)
        object.__setattr__(self, "_history", history)

    @property
    def seq(self) -> int:
        """A final row (a dice-box roll) is stored at -seq of the command it followed."""
        stored: int = object.__getattribute__(self, "_row").seq
        return final_seq(stored) if is_final(stored) else stored

    @property
    def final(self) -> bool:
        return is_final(object.__getattribute__(self, "_row").seq)

    @property
    def parent(self) -> Entry | None:
        """None: its states come from the history, not from a parent."""
        return None

    @property
    def timeline(self) -> None:
        return None

    @property
    def dice_position(self) -> int:
        """0: a reopened session reads the journal's (Contents.dice_position)."""
        return 0

    @property
    def command(self) -> CommandBase:
        row: StoredRow = object.__getattribute__(self, "_row")
        return row.command

    @property
    def events(self) -> tuple[EventBase, ...]:
        row: StoredRow = object.__getattribute__(self, "_row")
        return row.events

    def may_hold(self, needles: tuple[str, ...]) -> bool:
        row: StoredRow = object.__getattribute__(self, "_row")
        return row.may_hold(needles)

    @property
    def before(self) -> State:
        history: History = object.__getattribute__(self, "_history")
        return history.state_after(self.seq - 1)

    @property
    def after(self) -> State:
        history: History = object.__getattribute__(self, "_history")
        return history.state_after(self.seq)

    def held_state(self) -> State:
        """A live entry made after this one rebuilds from here: the history
        gives this state from memory or from the file's snapshots."""
        return self.after

    @property
    def row(self) -> StoredRow:
        stored: StoredRow = object.__getattribute__(self, "_row")
        return stored

    def __repr__(self) -> str:
        return f"StoredEntry(seq={self.seq}, journal_id={self.row.id})"
