"""The on-disk layout of a session file (see docs/persistence.md).

A session is one SQLite database.  Two numbers in SQLite's own 100-byte header
say what it is before any table is read: ``application_id`` marks the file as
ours and ``user_version`` is the layout version.  That lets a foreign, damaged
or newer file be refused from its first bytes, without asking SQLite to
interpret anything.

Every row carries a CRC-32 of its contents.  SQLite's own checks
(``quick_check``) find broken pages and b-trees, but not a flipped byte inside
a stored text; the checksums do, so a damaged record is reported instead of
being silently replayed into a different game.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Final, Literal

#: ``PRAGMA application_id``: the bytes ``YBGS`` (yobigoe session).
APPLICATION_ID: Final = int.from_bytes(b"YBGS", "big")
#: The ``format`` row of the ``meta`` table, for people reading the file with sqlite3.
FORMAT_NAME: Final = "yobigoe-session"
#: The suffix the GUI's file dialogs filter on.
SUFFIX: Final = ".yobigoe"
SQLITE_MAGIC: Final = b"SQLite format 3\x00"
HEADER_SIZE: Final = 100

Status = Literal["done", "undone", "discarded"]
#: ``done`` rows are the undo stack, ``undone`` rows the redo stack, and
#: ``discarded`` rows a redo branch dropped by a new command (kept, never replayed).
STATUSES: Final[tuple[Status, ...]] = ("done", "undone", "discarded")


@dataclass(frozen=True)
class Layout:
    """The tables of one layout version, as the exact SQL SQLite stores.

    The reader compares ``sqlite_master`` with these statements verbatim, so a
    byte flipped inside a table definition (say, inside a CHECK constraint) is
    found at open instead of failing the first save.
    """

    version: int
    statements: tuple[str, ...]


LAYOUT_V1: Final = Layout(
    version=1,
    statements=(
        "CREATE TABLE meta (\n"
        "    key TEXT PRIMARY KEY,\n"
        "    value TEXT NOT NULL,\n"
        "    crc INTEGER NOT NULL\n"
        ") WITHOUT ROWID",
        "CREATE TABLE journal (\n"
        "    id INTEGER PRIMARY KEY,\n"
        "    seq INTEGER NOT NULL,\n"
        "    status TEXT NOT NULL CHECK (status IN ('done', 'undone', 'discarded')),\n"
        "    recorded_at TEXT NOT NULL,\n"
        "    command TEXT NOT NULL,\n"
        "    events TEXT NOT NULL,\n"
        "    crc INTEGER NOT NULL\n"
        ")",
        "CREATE TABLE snapshots (\n"
        "    journal_id INTEGER PRIMARY KEY REFERENCES journal (id),\n"
        "    seq INTEGER NOT NULL,\n"
        "    state TEXT NOT NULL,\n"
        "    crc INTEGER NOT NULL\n"
        ")",
    ),
)

#: Every layout this version can read; the highest is the one it writes.
#: Tests may register a further layout together with a migration step.
LAYOUTS: dict[int, Layout] = {1: LAYOUT_V1}

#: ``meta`` keys every file has.
META_KEYS: Final = ("format", "schema_version", "created_at", "writer", "ruleset", "options", "initial_state")


def current_version() -> int:
    """The layout version new files are written in."""
    return max(LAYOUTS)


def current_layout() -> Layout:
    return LAYOUTS[current_version()]


# -- checksums -------------------------------------------------------------
def _crc(*parts: str | int) -> int:
    data = "\x00".join(str(p) for p in parts).encode("utf-8")
    return zlib.crc32(data)


def meta_crc(key: str, value: str) -> int:
    return _crc("meta", key, value)


def content_crc(row_id: int, seq: int, recorded_at: str, command: str, events: str) -> int:
    """The checksum of a journal row's fixed part; the status is folded in by
    :func:`row_crc`, so undo and redo rewrite one integer, not the texts.

    Equal to ``_crc("journal", row_id, ...)``, written out because opening
    checks 100,000 of these: one format and one encode per row is about half
    the cost of encoding and chaining the parts."""
    return zlib.crc32(f"journal\x00{row_id}\x00{seq}\x00{recorded_at}\x00{command}\x00{events}".encode())


def row_crc(content: int, status: str) -> int:
    return zlib.crc32(b"\x00" + status.encode("ascii"), content)


def snapshot_crc(journal_id: int, seq: int, state: str) -> int:
    return _crc("snapshot", journal_id, seq, state)


# -- SQLite's file header --------------------------------------------------
@dataclass(frozen=True)
class SqliteHeader:
    """The fields of SQLite's 100-byte header the reader checks itself.

    See https://www.sqlite.org/fileformat2.html#the_database_header.
    """

    page_size: int
    write_version: int
    read_version: int
    page_count: int
    change_counter: int
    valid_for: int
    schema_format: int
    text_encoding: int
    user_version: int
    application_id: int

    @classmethod
    def parse(cls, raw: bytes) -> SqliteHeader:
        """The header of ``raw`` (at least 100 bytes starting with the magic)."""
        (page_size_raw,) = struct.unpack(">H", raw[16:18])
        page_size = 65536 if page_size_raw == 1 else page_size_raw
        return cls(
            page_size=page_size,
            write_version=raw[18],
            read_version=raw[19],
            change_counter=struct.unpack(">I", raw[24:28])[0],
            page_count=struct.unpack(">I", raw[28:32])[0],
            schema_format=struct.unpack(">I", raw[44:48])[0],
            text_encoding=struct.unpack(">I", raw[56:60])[0],
            user_version=struct.unpack(">i", raw[60:64])[0],
            application_id=struct.unpack(">i", raw[68:72])[0],
            valid_for=struct.unpack(">I", raw[92:96])[0],
        )

    @property
    def page_size_valid(self) -> bool:
        return 512 <= self.page_size <= 65536 and self.page_size & (self.page_size - 1) == 0

    @property
    def plausible(self) -> bool:
        """The fields SQLite needs are values a writer of ours produces: a
        valid page size, format versions 1-2, schema format 1-4, UTF-8 text.
        SQLite tolerates some odd values; a session file never has them."""
        return (
            self.page_size_valid
            and self.write_version in (1, 2)
            and self.read_version in (1, 2)
            and 1 <= self.schema_format <= 4
            and self.text_encoding == 1
        )

    @property
    def expected_size(self) -> int | None:
        """The file size the header promises, when SQLite would trust it too.

        SQLite uses the in-header page count only when the change counter and
        the version-valid-for number agree (writers since 3.7.0 keep them so).
        """
        if self.page_count and self.change_counter == self.valid_for and self.page_size_valid:
            return self.page_count * self.page_size
        return None
