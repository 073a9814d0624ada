"""Writing a whole session file at once: a new session, an import, a copy.

The file is built under a temporary name in the destination folder in one
transaction and renamed into place only when complete (see placement), so a
crash, a full disk or a read-only folder leaves either the finished file or
nothing under the GM's chosen name.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine import __version__
from engine.core.state import State
from engine.errors import EngineError
from engine.store import database
from engine.store.faults import write_error
from engine.store.format import FORMAT_NAME, current_layout, current_version
from engine.store.history import replay
from engine.store.placement import (
    place_new,
    place_replacing,
    remove_orphan_sidecars,
    remove_quietly,
    sidecars,
    temp_near,
)
from engine.store.progress import Report, every
from engine.store.rows import StoredRow, now_text
from engine.store.snapshots import SnapshotClock


@dataclass
class FileImage:
    """Everything a new file holds: header, rows, and snapshot texts by row id."""

    meta: dict[str, str]
    rows: list[StoredRow]
    snapshots: dict[int, str]


def header_meta(initial: State, started: State, created_at: str | None = None) -> dict[str, str]:
    """The ``meta`` rows: what the file is, and the session's ruleset and options
    (also in the root command; repeated so a file list can show them cheaply)."""
    return {
        "format": FORMAT_NAME,
        "schema_version": str(current_version()),
        "created_at": created_at or now_text(),
        "writer": f"yobigoe {__version__}",
        "ruleset": started.ruleset,
        "options": started.options.model_dump_json() if started.options is not None else "null",
        "initial_state": initial.model_dump_json(),
    }


class LineSnapshots:
    """The snapshots the live journal would have taken along a line, plus one
    of the current state (the top of the undo stack), fed row by row."""

    def __init__(self, initial: State, done_count: int) -> None:
        self.done_count = done_count
        self.clock = SnapshotClock()
        self.snapshots: dict[int, str] = {}
        self.current = initial

    def take(self, row: StoredRow, state: State) -> None:
        """``state`` is the state after ``row`` (rows in line order)."""
        if row.seq == self.done_count:
            self.current = state
        if self.clock.tick(row.size) or row.seq == self.done_count:
            text = state.model_dump_json()
            self.snapshots[row.id] = text
            self.clock.taken(len(text))


def snapshots_by_replay(
    initial: State, done: Sequence[StoredRow], undone: Sequence[StoredRow]
) -> tuple[dict[int, str], State, SnapshotClock]:
    """Replay a line (checking every event applies) and take the snapshots the
    live journal would have taken, plus one of the current state."""
    taker = LineSnapshots(initial, len(done))
    for row, state in replay(initial, [*done, *undone]):
        taker.take(row, state)
    return taker.snapshots, taker.current, taker.clock


def write_file(target: Path, image: FileImage, *, replace: bool = False, report: Report | None = None) -> None:
    """Write ``image`` as a complete file at ``target``.

    Refuses an existing ``target`` unless ``replace`` (Save as over a file the
    GM agreed to replace).  Raises only EngineError.  ``report`` hears how
    many rows are written and may stop the write by raising an EngineError
    (:class:`~engine.store.progress.Cancelled`): the half-built temporary file
    is removed and nothing appears under ``target``.
    """
    if not replace:
        if target.exists():
            raise EngineError("A file named {name} already exists; choose another name.", name=target.name)
        try:
            remove_orphan_sidecars(target)
        except OSError as exc:
            raise write_error(exc) from exc
    temp = temp_near(target)
    try:
        _write(temp, image, report)
        if replace:
            database.refuse_open_target(target)
            place_replacing(temp, target)
        else:
            place_new(temp, target)
    except FileExistsError as exc:
        remove_quietly(temp, *sidecars(temp))
        raise EngineError("A file named {name} already exists; choose another name.", name=target.name) from exc
    except EngineError:
        remove_quietly(temp, *sidecars(temp))
        raise
    except (sqlite3.Error, OSError) as exc:
        remove_quietly(temp, *sidecars(temp))
        raise write_error(exc) from exc


def _write(temp: Path, image: FileImage, report: Report | None = None) -> None:
    conn = sqlite3.connect(str(temp), isolation_level=None)
    try:
        database.configure(conn)
        with database.transaction(conn):
            database.create_layout(conn, current_layout())
            for key, value in image.meta.items():
                database.put_meta(conn, key, value)
            seqs: dict[int, int] = {}
            total = len(image.rows)
            for number, row in enumerate(image.rows, start=1):
                database.insert_row(conn, row)
                seqs[row.id] = row.seq
                every(report, "writing", number, total)
            for journal_id, text in image.snapshots.items():
                database.insert_snapshot(conn, journal_id, seqs[journal_id], text)
    except BaseException:
        conn.close()
        raise
    seal(conn, temp)


def seal(conn: sqlite3.Connection, temp: Path) -> None:
    """Merge the WAL into ``temp`` and close it, so the file is complete on
    its own before it is renamed (a WAL would not follow the rename)."""
    try:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy:
            raise sqlite3.OperationalError("checkpoint incomplete")
    finally:
        conn.close()
    wal = sidecars(temp)[0]
    if wal.exists() and wal.stat().st_size:
        raise OSError(errno.EIO, "the WAL was not merged", str(wal))
