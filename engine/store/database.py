"""SQLite connections and the few statements a session file needs.

Durability (measured in ``benchmarks/file_bench.py``, argued in
docs/persistence.md): WAL mode with ``synchronous=FULL``, so every commit is
fsynced before ``dispatch`` returns — a power cut loses nothing the GM saw,
on disks that honour fsync.  ``locking_mode=EXCLUSIVE`` keeps the WAL index
in process memory (no ``-shm`` file) and stops a second program from writing
the same session between our commands.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from engine.errors import EngineError
from engine.store.faults import in_use, read_error
from engine.store.format import APPLICATION_ID, SQLITE_MAGIC, Layout, meta_crc, snapshot_crc
from engine.store.rows import StoredRow

#: ``FULL`` or ``NORMAL``; the benchmark switches it to compare, nothing else should.
SYNCHRONOUS: str = "FULL"
#: How long a write waits for a lock before reporting "in use".
BUSY_TIMEOUT: Final = 0.5


def configure(conn: sqlite3.Connection) -> None:
    """The pragmas every writing connection uses (see the module docstring)."""
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    if sys.platform == "darwin":
        # Apple's fsync() stops at the drive's cache; F_FULLFSYNC reaches the platter.
        conn.execute("PRAGMA fullfsync=ON")
        conn.execute("PRAGMA checkpoint_fullfsync=ON")


def connect_rw(path: Path) -> sqlite3.Connection:
    """Open a file that has already been validated, and lock it for this window."""
    try:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as exc:
        raise read_error(exc) from exc
    try:
        configure(conn)
        # The first read takes the exclusive lock, so a second window fails here.
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        conn.close()
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise in_use() from exc
        raise read_error(exc) from exc
    return conn


def open_elsewhere(path: Path) -> bool:
    """True when ``path`` is a session that some window or program holds open.

    Save as, export and import check this before replacing an existing file: a
    writer holds its file's lock (``locking_mode=EXCLUSIVE``) for as long as it
    is open, so a read here is refused with SQLITE_BUSY.  Files that are not
    SQLite databases are never open as sessions.
    """
    try:
        with path.open("rb") as handle:
            if handle.read(16) != SQLITE_MAGIC:
                return False
    except OSError:
        return False
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None, timeout=0)
    except sqlite3.Error:
        return False
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        name = getattr(exc, "sqlite_errorname", "") or ""
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
    finally:
        conn.close()
    return False


def refuse_open_target(path: Path) -> None:
    """Refuse to replace a session that is open (Save as onto a file
    ``play`` held replaced it, and what ``play`` acknowledged next was lost)."""
    if open_elsewhere(path):
        raise EngineError("{name} is open in another window or program; it was not replaced.", name=path.name)


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One atomic write; on any failure nothing of it reaches the file."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite may already have rolled back (disk full, I/O error)
        raise


def create_layout(conn: sqlite3.Connection, layout: Layout) -> None:
    for statement in layout.statements:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version={layout.version}")


def put_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta (key, value, crc) VALUES (?, ?, ?)", (key, value, meta_crc(key, value)))


def insert_row(conn: sqlite3.Connection, row: StoredRow) -> None:
    conn.execute(
        "INSERT INTO journal (id, seq, status, recorded_at, command, events, crc) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (row.id, row.seq, row.status, row.recorded_at, row.command_text, row.events_text, row.crc),
    )


def set_status(conn: sqlite3.Connection, row_id: int, status: str, crc: int) -> None:
    conn.execute("UPDATE journal SET status = ?, crc = ? WHERE id = ?", (status, crc, row_id))


def insert_snapshot(conn: sqlite3.Connection, journal_id: int, seq: int, state: str) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO snapshots (journal_id, seq, state, crc) VALUES (?, ?, ?, ?)",
        (journal_id, seq, state, snapshot_crc(journal_id, seq, state)),
    )


def read_snapshot(conn: sqlite3.Connection, journal_id: int) -> str | None:
    """A snapshot's state JSON if it is still readable and intact, else None."""
    try:
        found = conn.execute("SELECT seq, state, crc FROM snapshots WHERE journal_id = ?", (journal_id,)).fetchone()
    except sqlite3.Error:
        return None
    if found is None:
        return None
    seq, state, crc = found
    if not isinstance(state, str) or snapshot_crc(journal_id, seq, state) != crc:
        return None
    return state
