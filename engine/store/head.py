"""The current state of a session file read from its head snapshot, without models.

``python -m engine show FILE`` is run by scripts, and most of its time went
into building the pydantic models of the state and its ruleset only to print
the JSON a snapshot already holds.  When the newest done command of a file has
a snapshot, that snapshot *is* the current state, so it can be printed as it
was stored once the file has passed the checks the store's reader makes on
its bytes (SQLite header and integrity, exact layout, every checksum, one
unbroken undo line, the commit counters, the acknowledgement mark).

This reader never decides that a file is damaged: whenever anything differs
from the plain case — a WAL beside the file, an older layout or state schema, a
file another version of the program created, undone commands, a head that is not a snapshot, a number the JSON writer of
the models could print differently — it answers ``None`` and the caller takes
the full path (:func:`engine.store.migrations.read_current`), which gives the
same output or the same refusal as before.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from engine import __version__
from engine.core.schema import SCHEMA_VERSION
from engine.store.acknowledged import identity_of, lost, read_mark
from engine.store.format import (
    APPLICATION_ID,
    FORMAT_NAME,
    HEADER_SIZE,
    LAYOUTS,
    META_KEYS,
    SQLITE_MAGIC,
    STATUSES,
    SqliteHeader,
    content_crc,
    current_version,
    meta_crc,
    row_crc,
    snapshot_crc,
)
from engine.store.placement import sidecars

#: A journal row as read: id, seq, status, command text.
_Row = tuple[int, int, str, str]


class _Unusual(Exception):
    """Anything that sends ``show`` down the full path."""


def head_state_json(path: Path) -> str | None:
    """The current state as ``State.model_dump_json(indent=2)`` prints it, read
    from the head snapshot; None when the full path must answer."""
    try:
        return _read(Path(path))
    except (_Unusual, OSError, sqlite3.Error, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None


def _read(path: Path) -> str:
    with path.open("rb") as handle:
        head = handle.read(HEADER_SIZE)
    if len(head) < HEADER_SIZE or not head.startswith(SQLITE_MAGIC):
        raise _Unusual
    header = SqliteHeader.parse(head)
    version = current_version()
    if header.application_id != APPLICATION_ID or header.user_version != version or not header.plausible:
        raise _Unusual
    if any(sidecar.exists() for sidecar in sidecars(path)):
        raise _Unusual  # a WAL or journal beside it: the reader's copy-and-check path
    expected = header.expected_size
    size = path.stat().st_size
    if expected is None or size < expected or size % header.page_size:
        raise _Unusual
    uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None)
    try:
        return _contents(conn, path, version)
    finally:
        conn.close()


def _contents(conn: sqlite3.Connection, path: Path, version: int) -> str:
    if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        raise _Unusual
    if conn.execute("PRAGMA application_id").fetchone() != (APPLICATION_ID,):
        raise _Unusual
    if conn.execute("PRAGMA user_version").fetchone() != (version,):
        raise _Unusual
    found = sorted(row[0] for row in conn.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))
    if found != sorted(LAYOUTS[version].statements):
        raise _Unusual
    meta = _meta(conn, version)
    rows = _rows(conn)
    done = _done_line(rows)
    head_id, head_seq = done[-1][0], done[-1][1]
    by_id = {row[0]: row for row in rows}
    head_text: str | None = None
    for journal_id, seq, state, crc in conn.execute("SELECT journal_id, seq, state, crc FROM snapshots"):
        if not isinstance(state, str) or snapshot_crc(journal_id, seq, state) != crc:
            raise _Unusual
        row = by_id.get(journal_id)
        if row is None or row[1] != seq:
            raise _Unusual
        if journal_id == head_id and seq == head_seq:
            head_text = state
    if head_text is None:
        raise _Unusual  # the head must be replayed: only the models can
    commits = _counter(meta, "commits")
    _counter(meta, "dice_position")
    if lost(read_mark(path), identity_of(meta["created_at"]), len(rows), len(done), commits):
        raise _Unusual  # the full path also says that acknowledged commands are missing
    return _pretty(head_text)


def _meta(conn: sqlite3.Connection, version: int) -> dict[str, str]:
    meta: dict[str, str] = {}
    for key, value, crc in conn.execute("SELECT key, value, crc FROM meta"):
        if not isinstance(key, str) or not isinstance(value, str) or meta_crc(key, value) != crc:
            raise _Unusual
        meta[key] = value
    if any(key not in meta for key in META_KEYS):
        raise _Unusual
    if meta["format"] != FORMAT_NAME or meta["schema_version"] != str(version):
        raise _Unusual
    if meta["writer"] != f"yobigoe {__version__}":
        # another version's snapshot may lack a field added since with its default,
        # which only the models print
        raise _Unusual
    return meta


def _rows(conn: sqlite3.Connection) -> list[_Row]:
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
            raise _Unusual
        if row_crc(content_crc(row_id, seq, recorded_at, command, events), status) != crc:
            raise _Unusual
        rows.append((row_id, seq, status, command))
    return rows


def _done_line(rows: list[_Row]) -> list[_Row]:
    """The done rows by seq, when the journal is one plain line with nothing
    undone (undone rows are checked by parsing them: the full path's work)."""
    for index, (row_id, seq, status, _command) in enumerate(rows):
        if row_id != index + 1:
            raise _Unusual
        if status == "undone" or (seq < 0 and status != "discarded"):
            raise _Unusual
        if status == "discarded" and seq < 2 and not seq <= -1:
            raise _Unusual
    done = sorted((row for row in rows if row[2] == "done"), key=lambda row: row[1])
    if not done:
        raise _Unusual
    for index, row in enumerate(done):
        if row[1] != index + 1 or (index and row[0] <= done[index - 1][0]):
            raise _Unusual
    first = json.loads(done[0][3])
    if not isinstance(first, dict) or first.get("type") != "new_session":
        raise _Unusual
    return done


def _counter(meta: dict[str, str], key: str) -> int:
    text = meta.get(key, "0")
    if not text.isdigit() or len(text) > 18:
        raise _Unusual
    return int(text)


def _no_float(text: str) -> float:
    """Floats are printed by the models' writer and by :mod:`json` differently
    (``1e-07`` against ``1e-7``): a state holding one takes the full path."""
    raise _Unusual


def _pretty(text: str) -> str:
    data = json.loads(text, parse_float=_no_float, parse_constant=_no_float)
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        raise _Unusual  # an older shape is upgraded by the models
    return json.dumps(data, ensure_ascii=False, indent=2)
