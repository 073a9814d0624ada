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
from engine.errors import EngineError
from engine.store.acknowledged import identity_of, lost, read_mark
from engine.store.format import APPLICATION_ID, HEADER_SIZE, SQLITE_MAGIC, SqliteHeader, current_version
from engine.store.placement import sidecars
from engine.store.records import RawRow, checked_version, counter, read_meta, read_rows, read_snapshots


class _Unusual(Exception):
    """Anything that sends ``show`` down the full path."""


def head_state_json(path: Path) -> str | None:
    """The current state as ``State.model_dump_json(indent=2)`` prints it, read
    from the head snapshot; None when the full path must answer (a refusal, too:
    the full path gives it, with the same translated message)."""
    try:
        return _read(Path(path))
    except (_Unusual, EngineError, OSError, sqlite3.Error, ValueError, TypeError, KeyError, IndexError, RecursionError):
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
    if checked_version(conn) != version:
        raise _Unusual
    meta = read_meta(conn, version)
    if meta["writer"] != f"yobigoe {__version__}":
        # another version's snapshot may lack a field added since with its default,
        # which only the models print
        raise _Unusual
    rows = read_rows(conn, RawRow)
    done = _done_line(rows)
    head_id, head_seq = done[-1].id, done[-1].seq
    head_text: str | None = None
    for journal_id, seq, state in read_snapshots(conn, {row.id: row.seq for row in rows}):
        if journal_id == head_id and seq == head_seq:
            head_text = state
    if head_text is None:
        raise _Unusual  # the head must be replayed: only the models can
    commits = counter(meta, "commits")
    counter(meta, "dice_position")
    if lost(read_mark(path), identity_of(meta["created_at"]), len(rows), len(done), commits):
        raise _Unusual  # the full path also says that acknowledged commands are missing
    return _pretty(head_text)


def _done_line(rows: list[RawRow]) -> list[RawRow]:
    """The done rows by seq, when the journal is one plain line with nothing
    undone (undone rows are checked by parsing them: the full path's work)."""
    for index, (row_id, seq, status, *_rest) in enumerate(rows):
        if row_id != index + 1:
            raise _Unusual
        if status == "undone" or (seq < 0 and status != "discarded"):
            raise _Unusual
        if status == "discarded" and seq < 2 and not seq <= -1:
            raise _Unusual
    done = sorted((row for row in rows if row.status == "done"), key=lambda row: row.seq)
    if not done:
        raise _Unusual
    for index, row in enumerate(done):
        if row.seq != index + 1 or (index and row.id <= done[index - 1].id):
            raise _Unusual
    first = json.loads(done[0].command)
    if not isinstance(first, dict) or first.get("type") != "new_session":
        raise _Unusual
    return done


def _no_float(text: str) -> float:
    """Floats are printed by the models' writer and by :mod:`json` differently
    (``1e-07`` against ``1e-7``): a state holding one takes the full path."""
    raise _Unusual


def _pretty(text: str) -> str:
    data = json.loads(text, parse_float=_no_float, parse_constant=_no_float)
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        raise _Unusual  # an older shape is upgraded by the models
    return json.dumps(data, ensure_ascii=False, indent=2)
