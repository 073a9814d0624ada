"""Validate a session file without changing a byte of it.

Opening must never write to a file it cannot fully validate: SQLite would
happily create ``-wal``/``-shm`` files next to a stranger's database or
checkpoint a WAL into a damaged one.  So validation happens before any
read-write connection exists:

1. the first 100 bytes are checked in Python (SQLite magic, our
   ``application_id``, the layout version, the size the header promises);
2. the database is opened with ``immutable=1`` (no locks, no sidecar files,
   no writes), or — when a ``-wal`` is present after a crash, which an
   immutable reader would ignore — a private copy of the file and its WAL is
   opened in a temporary folder;
3. ``PRAGMA quick_check``, the exact table definitions, every row's CRC-32,
   the shape of the undo/redo line, and the states that opening needs
   (initial state, latest snapshot, the commands after it) are checked.

Only a file that passed all of this is opened read-write.

What is checked at open and what later (a 100,000-command file must
open in seconds): every row's bytes are checked against their CRC-32, so any
damage to the bytes — a torn write, a flipped bit, an edited row without its
checksum — refuses the file before anything is shown.  The pydantic models,
though, are built only for the rows opening needs: the first row, the rows
replayed from the latest snapshot, the redo stack and the rows of the newest
rolls (``tests/engine/store/test_lazy_open.py``).  A row further back whose
bytes match their checksum but whose contents this version cannot read (a
file crafted with a recomputed checksum) is refused with the same "damaged"
message at the undo that reaches it, and that undo changes nothing.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.core.roll_log import records_of
from engine.core.session import Entry
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.store.card_census import card_problem
from engine.store.faults import damaged_structure, read_error
from engine.store.format import APPLICATION_ID, HEADER_SIZE, LAYOUTS, SQLITE_MAGIC, SqliteHeader, current_version
from engine.store.history import History, StoredEntry, bulk_load, parse_state
from engine.store.journal import COMMITS, DICE_POSITION, Catalogue
from engine.store.leftovers import check_folder
from engine.store.placement import sidecars
from engine.store.records import (
    bad_layout,
    checked_version,
    counter,
    cut_short,
    newer,
    not_ours,
    read_meta,
    read_rows,
    read_snapshots,
    snapshot_text,
)
from engine.store.rows import StoredRow, is_final, split_line
from engine.store.snapshots import SnapshotClock

#: The ``format`` of a JSON export, recognised so a renamed export gets a helpful message.
EXPORT_FORMAT = "yobigoe-session-export"


@dataclass(frozen=True)
class Outdated:
    """A sound file in an older layout: it must be migrated before use."""

    version: int


@dataclass
class Contents:
    """A validated session: everything needed to resume it."""

    path: Path
    version: int
    meta: dict[str, str]
    initial: State
    catalogue: Catalogue
    history: History
    state: State

    def done_entries(self) -> list[Entry]:
        cat = self.catalogue
        return [StoredEntry(cat.rows[i], self.history) for i in cat.done_ids]

    def undone_entries(self) -> list[Entry]:
        """In ``Session.undone`` order: the next command to redo is last."""
        cat = self.catalogue
        return [StoredEntry(cat.rows[i], self.history) for i in cat.undone_ids]

    def final_entries(self) -> list[Entry]:
        """The final entries (dice-box rolls), oldest first, parsed on demand."""
        cat = self.catalogue
        return [StoredEntry(cat.rows[i], self.history) for i in cat.final_ids]

    def roll_entries_later(self, limit: int) -> Callable[[], list[Entry]]:
        """The done and final entries that hold the newest ``limit`` rolls, in
        table order, read when the returned function is called.  The rows are
        chosen now (only rows whose text carries a roll record; the line may
        change later), their events parsed then: the dice box asks after the
        board's first paint, and parsing a roll's events loads every command
        and event model of the session's rulesets."""
        cat = self.catalogue
        candidates: list[StoredRow] = []
        for row_id in sorted([*cat.done_ids, *cat.final_ids], reverse=True):
            if '"record":{' in cat.rows[row_id].events_text:
                candidates.append(cat.rows[row_id])
                if len(candidates) == limit:  # each holds one roll at least: enough
                    break
        history = self.history

        def read() -> list[Entry]:
            found: list[Entry] = []
            count = 0
            for row in candidates:
                entry = StoredEntry(row, history)
                found.append(entry)
                count += len(records_of(entry.events))
                if count >= limit:
                    break
            found.reverse()
            return found

        return read

    def dice_position(self) -> int:
        """Where the dice stand: the journal's record, or (older files) the
        furthest state the line reached."""
        position = max(self.catalogue.dice_position, self.state.dice.counter)
        for row_id in self.catalogue.undone_ids:
            for event in self.catalogue.rows[row_id].events:
                dice = getattr(event, "dice", None)
                if isinstance(dice, DiceState):
                    position = max(position, dice.counter)
        return position


def inspect(path: Path) -> Contents | Outdated:
    """Validate ``path``; raise a translated EngineError for anything wrong."""
    path = Path(path)
    header = _check_head(path, _read_head(path))
    wal = sidecars(path)[0]
    try:
        has_wal = wal.exists() and wal.stat().st_size > 0
    except OSError as exc:
        raise read_error(exc) from exc
    expected = header.expected_size
    if not has_wal and expected is not None:
        # With a WAL the main file may lag behind its header mid-checkpoint;
        # without one the header's page count is exact.
        size = path.stat().st_size
        if size < expected or size % header.page_size:
            raise cut_short()
    try:
        with _validation_connection(path, has_wal) as conn, bulk_load():
            return _read(conn, path)
    except EngineError:
        raise
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        # (Python cannot always decode SQLite's own message about a broken schema.)
        raise damaged_structure() from exc
    except (sqlite3.Error, OSError) as exc:
        raise read_error(exc) from exc
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        # The boundary of untrusted bytes: whatever slipped past the checks
        # above still becomes the clear message, never a traceback.
        raise EngineError(
            "The session file is damaged (a record cannot be read: {detail}).", detail=type(exc).__name__
        ) from exc


# -- step 1: the first bytes ----------------------------------------------
def _read_head(path: Path) -> bytes:
    try:
        if path.is_dir():
            raise EngineError("This is a folder, not a session file.")
        with path.open("rb") as handle:
            return handle.read(HEADER_SIZE)
    except FileNotFoundError as exc:
        raise EngineError("The session file {name} does not exist.", name=path.name) from exc
    except OSError as exc:
        raise read_error(exc) from exc


def _check_head(path: Path, head: bytes) -> SqliteHeader:
    if not head:
        raise EngineError("The session file is damaged (it is empty).")
    if not head.startswith(SQLITE_MAGIC[: len(head)]):
        if _is_export(path, head):
            raise EngineError("This is a yobigoe JSON export, not a session file; use Import to open it.")
        raise not_ours()
    if len(head) < HEADER_SIZE:
        raise cut_short()
    header = SqliteHeader.parse(head)
    if header.application_id != APPLICATION_ID:
        raise not_ours()
    if header.user_version > current_version():
        raise newer(header.user_version)
    if not header.plausible:
        raise damaged_structure()
    if header.user_version not in LAYOUTS:
        raise bad_layout()
    return header


def _is_export(path: Path, head: bytes) -> bool:
    """A JSON export renamed to .yobigoe: worth a message that says what to do."""
    if not head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return False
    try:
        with path.open("rb") as handle:
            data = json.loads(handle.read(64 * 1024 * 1024))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == EXPORT_FORMAT


# -- step 2: a connection that cannot write --------------------------------
@contextmanager
def _validation_connection(path: Path, has_wal: bool) -> Iterator[sqlite3.Connection]:
    if not has_wal:
        uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None)
        try:
            yield conn
        finally:
            conn.close()
        return
    with check_folder() as folder:  # removed by the next program if this one is killed
        copy = folder / "check.yobigoe"
        shutil.copyfile(path, copy)
        shutil.copyfile(sidecars(path)[0], sidecars(copy)[0])
        conn = sqlite3.connect(str(copy), isolation_level=None)
        try:
            conn.execute("PRAGMA query_only=ON")
            yield conn
        finally:
            conn.close()


# -- step 3: the contents ----------------------------------------------------
def _read(conn: sqlite3.Connection, path: Path) -> Contents | Outdated:
    version = checked_version(conn)
    if version < current_version():
        return Outdated(version)
    meta = read_meta(conn, version)
    rows = read_rows(conn, StoredRow)
    done, undone = split_line(rows)
    by_id = {row.id: row for row in rows}
    line = done + undone
    on_line = {row.id for row in line}
    snapshots, sizes = _read_snapshots(conn, by_id)
    initial = parse_state(meta["initial_state"], "meta initial_state")
    latest = max((row.seq for row in done if row.id in snapshots), default=0)
    history = History(
        initial,
        line,
        {by_id[jid].seq: jid for jid in snapshots if jid in on_line},
        lambda jid: snapshot_text(conn, jid),
    )
    state = history.state_after(len(done))
    problem = card_problem(state)  # a crafted file must not open into a table the GUI cannot show
    if problem is not None:
        raise EngineError("The session file is damaged (a record cannot be read: {detail}).", detail=problem)
    for row in undone:
        row.parse()  # now, not at redo: Session.redo pops the entry before reading it
    history.reader = lambda _jid: None  # this connection closes; SessionFile rebinds it
    clock = SnapshotClock()
    clock.commands_since = len(done) - latest
    clock.bytes_since = sum(row.size for row in done[latest:])
    clock.last_bytes = sizes.get(done[latest - 1].id, 0) if latest else 0
    catalogue = Catalogue(
        rows=by_id,
        done_ids=[row.id for row in done],
        undone_ids=[row.id for row in reversed(undone)],
        snapshot_ids=set(snapshots),
        clock=clock,
        final_ids=[row.id for row in rows if is_final(row.seq)],
        dice_position=counter(meta, DICE_POSITION),
        commits=counter(meta, COMMITS),
    )
    return Contents(path, version, meta, initial, catalogue, history, state)


def _read_snapshots(conn: sqlite3.Connection, by_id: dict[int, StoredRow]) -> tuple[set[int], dict[int, int]]:
    """Ids of intact snapshots (every one checked) and their sizes."""
    sizes = {
        journal_id: len(state)
        for journal_id, _seq, state in read_snapshots(conn, {row_id: row.seq for row_id, row in by_id.items()})
    }
    return set(sizes), sizes
