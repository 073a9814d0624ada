"""The session's journal hook: every command is on disk before ``dispatch`` returns.

:class:`SqliteJournal` implements ``engine.session.Journal``.  Each call is one
SQLite transaction (``synchronous=FULL``).  When a write fails — disk full,
folder gone read-only, drive removed — the change is kept in :attr:`pending`,
the session carries on in memory, and the GM is told through the
``EngineError`` the session puts in ``Outcome.save_error``.  The next write
(or :meth:`SqliteJournal.flush`) retries everything pending in one
transaction, in order, so the file always holds a prefix of what happened.

Once recorded, an entry reads its command and events from its row
(``Entry.recorded_in``), so their parsed models are held only while the row
is in :data:`~engine.store.parsed.WINDOW`.

The journal mirrors the session's undo and redo stacks as lists of row ids,
because the session calls it in lockstep: ``record`` pushes, ``record_undo``
moves the top of the done stack to the redo stack, ``record_redo`` moves it
back, and a new command turns the whole redo stack into ``discarded`` rows.
A final entry (a dice-box roll) is a row of its own off the line
(:func:`~engine.store.rows.final_seq`), and the dice generator's position
is kept in ``meta`` (:data:`DICE_POSITION`) whenever it advances, in the same
transaction as the row that advanced it.

Every transaction also counts itself in ``meta`` (:data:`COMMITS`), and the
``-ack`` mark beside the file repeats the count: after a kill between a
commit and the mark's rewrite the file is one commit *ahead* of its mark,
which is no loss (see ``engine.store.acknowledged``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.session import Entry
from engine.core.state import State
from engine.errors import EngineError
from engine.store import database
from engine.store.faults import write_error
from engine.store.format import Status
from engine.store.rows import StoredRow, unwritable
from engine.store.snapshots import SnapshotClock


@dataclass(frozen=True)
class InsertRow:
    """A new command row, the redo branch it drops, and maybe a snapshot."""

    values: tuple[int, int, str, str, str, int]  # id, seq, recorded_at, command, events, crc as ``status``
    discard: tuple[tuple[int, int], ...]  # (row id, crc as "discarded")
    snapshot: str | None
    status: Status = "done"
    #: The dice generator's new position, when the command moved it on.
    dice_position: int | None = None

    def apply(self, conn: sqlite3.Connection) -> None:
        row_id, seq, recorded_at, command, events, crc = self.values
        conn.execute(
            "INSERT INTO journal (id, seq, status, recorded_at, command, events, crc) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row_id, seq, self.status, recorded_at, command, events, crc),
        )
        for dropped, dropped_crc in self.discard:
            database.set_status(conn, dropped, "discarded", dropped_crc)
        if self.snapshot is not None:
            database.insert_snapshot(conn, row_id, seq, self.snapshot)
        if self.dice_position is not None:
            database.put_meta(conn, DICE_POSITION, str(self.dice_position))


@dataclass(frozen=True)
class SetStatus:
    """Undo or redo of one row."""

    row_id: int
    status: Status
    crc: int

    def apply(self, conn: sqlite3.Connection) -> None:
        database.set_status(conn, self.row_id, self.status, self.crc)


Op = InsertRow | SetStatus

#: ``meta`` key: how many dice the table has drawn (absent in older files).
DICE_POSITION = "dice_position"
#: ``meta`` key: how many journal transactions the file has committed (absent,
#: meaning 0, in files written before it; an import or a new file starts at 0).
COMMITS = "commits"


@dataclass
class Catalogue:
    """Every row of the session as the GM sees it (pending changes included).

    It outlives a connection: Save as moves it to the new file, and the JSON
    export reads it, so neither needs the old file to be readable.
    """

    rows: dict[int, StoredRow]
    done_ids: list[int]
    undone_ids: list[int]  # top of the redo stack last, like Session.undone
    snapshot_ids: set[int]
    clock: SnapshotClock = field(default_factory=SnapshotClock)
    next_id: int = 0
    #: Final rows (dice-box rolls), oldest first.
    final_ids: list[int] = field(default_factory=list)
    #: The dice generator's position as last written.
    dice_position: int = 0
    #: The file's commit counter (:data:`COMMITS`) as last written.
    commits: int = 0

    def __post_init__(self) -> None:
        self.next_id = max(self.rows, default=0) + 1

    def ordered(self) -> list[StoredRow]:
        return [self.rows[key] for key in sorted(self.rows)]

    def line(self) -> list[StoredRow]:
        """The done rows then the undone rows, by seq (the undo/redo line)."""
        return [self.rows[i] for i in self.done_ids] + [self.rows[i] for i in reversed(self.undone_ids)]


class SqliteJournal:
    """``engine.session.Journal`` over one open session file."""

    def __init__(self, conn: sqlite3.Connection, catalogue: Catalogue) -> None:
        self.conn: sqlite3.Connection | None = conn
        self.catalogue = catalogue
        self.pending: list[Op] = []
        #: Called after each commit that reached the disk (SessionFile keeps its mark there).
        self.on_commit: Callable[[], None] | None = None

    # -- the Journal protocol ---------------------------------------------
    def record(self, entry: Entry) -> None:
        cat = self.catalogue
        # Everything that can refuse comes before the first change to the catalogue.
        row = StoredRow.from_entry(cat.next_id, entry)
        snapshot: str | None = None
        if cat.clock.tick(row.size):
            try:
                snapshot = entry.after.model_dump_json()
            except ValueError as exc:
                raise unwritable("a state that cannot be written") from exc
            cat.clock.taken(len(snapshot))
            cat.snapshot_ids.add(row.id)
        discard: list[tuple[int, int]] = []
        for dropped in cat.undone_ids:
            cat.rows[dropped].status = "discarded"
            discard.append((dropped, cat.rows[dropped].crc))
        cat.undone_ids.clear()
        cat.rows[row.id] = row
        cat.next_id += 1
        cat.done_ids.append(row.id)
        entry.recorded_in(row)
        values = (row.id, row.seq, row.recorded_at, row.command_text, row.events_text, row.crc)
        self._submit(InsertRow(values, tuple(discard), snapshot, dice_position=self._advance(entry)))

    def record_final(self, entry: Entry) -> None:
        """A dice-box roll: a row off the undo line; the redo stack stays."""
        cat = self.catalogue
        row = StoredRow.from_entry(cat.next_id, entry)
        cat.rows[row.id] = row
        cat.next_id += 1
        cat.final_ids.append(row.id)
        entry.recorded_in(row)
        values = (row.id, row.seq, row.recorded_at, row.command_text, row.events_text, row.crc)
        self._submit(InsertRow(values, (), None, status=row.status, dice_position=self._advance(entry)))

    def _advance(self, entry: Entry) -> int | None:
        """The position to write, if ``entry`` moved the dice past the written one."""
        if entry.dice_position <= self.catalogue.dice_position:
            return None
        self.catalogue.dice_position = entry.dice_position
        return entry.dice_position

    def record_undo(self, entry: Entry) -> None:
        self._move_top(self.catalogue.done_ids, self.catalogue.undone_ids, "undone")

    def record_redo(self, entry: Entry) -> None:
        self._move_top(self.catalogue.undone_ids, self.catalogue.done_ids, "done")

    def _move_top(self, source: list[int], target: list[int], status: Status) -> None:
        """Undo and redo move the top row of one stack onto the other."""
        row = self.catalogue.rows[source.pop()]
        target.append(row.id)
        row.status = status
        self._submit(SetStatus(row.id, status, row.crc))

    # -- writing ------------------------------------------------------------
    def _submit(self, op: Op) -> None:
        self.pending.append(op)
        self.flush()

    def flush(self) -> None:
        """Write everything pending in one transaction, or raise and keep it."""
        if not self.pending:
            return
        if self.conn is None:
            raise EngineError("The session file is closed.")
        try:
            with database.transaction(self.conn):
                for op in self.pending:
                    op.apply(self.conn)
                database.put_meta(self.conn, COMMITS, str(self.catalogue.commits + 1))
        except Exception as exc:  # whatever the driver raises, the change stays pending, never half-recorded
            raise write_error(exc) from exc
        self.catalogue.commits += 1
        self.pending.clear()
        if self.on_commit is not None:
            self.on_commit()

    def apply_pending(self, conn: sqlite3.Connection) -> None:
        """Replay the pending changes into another file (Save as)."""
        for op in self.pending:
            op.apply(conn)

    def snapshot_current(self, state: State) -> None:
        """Store the current state so the next open replays nothing.

        Best effort: a snapshot only saves time, so a failure here is ignored
        (the journal itself is complete once ``pending`` is empty).
        """
        cat = self.catalogue
        if self.conn is None or self.pending or not cat.done_ids or cat.done_ids[-1] in cat.snapshot_ids:
            return
        top = cat.rows[cat.done_ids[-1]]
        text = state.model_dump_json()
        try:
            with database.transaction(self.conn):
                database.insert_snapshot(self.conn, top.id, top.seq, text)
        except (sqlite3.Error, OSError):
            return
        cat.snapshot_ids.add(top.id)
        cat.clock.taken(len(text))

    def read_snapshot(self, journal_id: int) -> str | None:
        if self.conn is None:
            return None
        return database.read_snapshot(self.conn, journal_id)

    def close(self, merged: Callable[[], None] | None = None) -> None:
        """Merge the WAL into the file and close.  When the disk cannot take the
        merge (still nearly full) the WAL stays: it holds acknowledged commands,
        and the next open merges it.  ``merged`` runs once the file alone holds
        everything, before the lock is released."""
        if self.conn is not None:
            conn, self.conn = self.conn, None
            try:
                busy, log, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            except sqlite3.Error:
                busy, log = 1, -1
            if merged is not None and busy == 0 and log == 0:
                merged()
            conn.close()
