"""A session file's records read and checked against their checksums, without models.

Two readers go through a file's bytes: the store's reader
(:mod:`engine.store.reader`), which builds the session's models, and the head
snapshot's reader (:mod:`engine.store.head`) that ``python -m engine show``
takes first because it needs no model.  Both must refuse the same damage the
same way, so the checks of the layout, the ``meta`` table, the journal rows
and the snapshots are written once, here, and raise the translated
:class:`~engine.errors.EngineError` the GM reads.  Nothing here imports a
model: the head reader's speed depends on it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple, TypeVar

from engine.errors import EngineError
from engine.store.faults import damaged_structure
from engine.store.format import (
    APPLICATION_ID,
    FORMAT_NAME,
    LAYOUTS,
    META_KEYS,
    STATUSES,
    Status,
    content_crc,
    current_version,
    meta_crc,
    row_crc,
    snapshot_crc,
)


def not_ours() -> EngineError:
    return EngineError("This file is not a yobigoe session.")


def newer(version: int) -> EngineError:
    return EngineError(
        "This session was saved by a newer version of yobigoe (format {version}); please update.", version=version
    )


def cut_short() -> EngineError:
    return EngineError("The session file is damaged (it has been cut short).")


def bad_layout() -> EngineError:
    return EngineError("The session file is damaged (its layout is not the one this version wrote).")


def checksum(where: str) -> EngineError:
    return EngineError("The session file is damaged (a record does not match its checksum: {where}).", where=where)


def inconsistent(detail: str) -> EngineError:
    return EngineError("The session file is damaged (the journal is inconsistent: {detail}).", detail=detail)


_Row = TypeVar("_Row")


class RawRow(NamedTuple):
    """One journal row as stored, its checksum verified (``content``: the CRC of
    everything but the status, which undo and redo change)."""

    id: int
    seq: int
    status: Status
    recorded_at: str
    command: str
    events: str
    content: int


def checked_version(conn: sqlite3.Connection) -> int:
    """The layout version of a sound SQLite file of ours (SQLite's own check first)."""
    if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        raise damaged_structure()
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if app_id != APPLICATION_ID:
        raise not_ours()
    if version > current_version():
        raise newer(version)
    layout = LAYOUTS.get(version)
    if layout is None:
        raise bad_layout()
    # the schema must be exactly the one we write, byte for byte
    found = sorted(row[0] for row in conn.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))
    if found != sorted(layout.statements):
        raise bad_layout()
    return int(version)


def read_meta(conn: sqlite3.Connection, version: int) -> dict[str, str]:
    """The ``meta`` table, every value checked, every key present."""
    meta: dict[str, str] = {}
    for key, value, crc in conn.execute("SELECT key, value, crc FROM meta"):
        if not isinstance(key, str) or not isinstance(value, str) or meta_crc(key, value) != crc:
            raise checksum(f"meta {key!s:.20}")
        meta[key] = value
    if any(key not in meta for key in META_KEYS):
        raise bad_layout()
    if meta["format"] != FORMAT_NAME:
        raise not_ours()
    if meta["schema_version"] != str(version):
        raise bad_layout()
    return meta


def read_rows(conn: sqlite3.Connection, make: Callable[..., _Row]) -> list[_Row]:
    """Every journal row by id, each checked against its checksum, made by ``make``
    from the fields of :class:`RawRow` in their order: ``RawRow`` itself, or the
    store's reader's own rows, made at once (a 100,000-command file is read at
    every open)."""
    rows: list[_Row] = []
    query = "SELECT id, seq, status, recorded_at, command, events, crc FROM journal ORDER BY id"
    for row_id, seq, status, recorded_at, command, events, crc in conn.execute(query):
        if not (
            type(row_id) is int
            and type(seq) is int
            and status in STATUSES
            and type(recorded_at) is str
            and type(command) is str
            and type(events) is str
        ):
            raise checksum(f"journal #{row_id}")
        content = content_crc(row_id, seq, recorded_at, command, events)
        if row_crc(content, status) != crc:
            raise checksum(f"journal #{row_id}")
        rows.append(make(row_id, seq, status, recorded_at, command, events, content))
    return rows


def read_snapshots(conn: sqlite3.Connection, seq_of: Mapping[int, int]) -> Iterator[tuple[int, int, str]]:
    """Every snapshot as (journal id, seq, state text), each checked against its
    checksum and against its row's seq (``seq_of``: journal id → seq)."""
    for journal_id, seq, state, crc in conn.execute("SELECT journal_id, seq, state, crc FROM snapshots"):
        if not isinstance(state, str) or snapshot_crc(journal_id, seq, state) != crc:
            raise checksum(f"snapshot #{journal_id}")
        if seq_of.get(journal_id) != seq:
            raise inconsistent(f"snapshot #{journal_id}")
        yield journal_id, seq, state


def snapshot_text(conn: sqlite3.Connection, journal_id: int) -> str | None:
    """The state text of the snapshot after journal row ``journal_id``, checked again
    (it is read long after the file opened, when a replay or an undo needs it)."""
    found = conn.execute("SELECT seq, state, crc FROM snapshots WHERE journal_id = ?", (journal_id,)).fetchone()
    if found is None or snapshot_crc(journal_id, found[0], found[1]) != found[2]:
        raise checksum(f"snapshot #{journal_id}")
    text: str = found[1]
    return text


def counter(meta: Mapping[str, str], key: str) -> int:
    """A count the journal keeps in ``meta``: the dice generator's position
    (0 in older files: their state's dice are where the dice stand) or the
    commit counter (0 in older files: their marks carry none)."""
    text = meta.get(key, "0")
    if not text.isdigit() or len(text) > 18:
        raise inconsistent(f"meta {key}")
    return int(text)
