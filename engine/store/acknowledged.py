"""What the file had acknowledged, kept where SQLite's recovery cannot roll it back.

SQLite's write-ahead log is a chain of checksummed frames; on recovery SQLite
keeps the frames up to the first bad checksum and silently drops the rest, so a
few flipped bytes in ``-wal`` turn a 653-command session into a 383-command one
without a word.  The session therefore writes, after every commit
that reached the disk, a small *mark* beside the file (``NAME-ack``): how many
journal rows and undo steps the file holds.  A clean close, which merges the
log into the file, removes the mark; it stays only beside a crash-left file.  On open, a file holding less than
its mark promises lost acknowledged commands: the GM is told how many, and a
copy of the damaged files is kept beside the session before SQLite touches it.

The mark is written in place with one ``pwrite`` of a fixed 64-byte record and
is not fsynced: it is written only after SQLite's commit returned (and was
fsynced, ``synchronous=FULL``), so after a power cut it can lag behind the file
but never run ahead of it.  A torn or foreign mark fails its checksum and is ignored.

A lagging mark is not a loss.  A kill between an undo's commit and the mark's
rewrite leaves the file one undo step *ahead* of its mark (the GM was never
told that undo happened); counted as damage, it raised a false alarm in 12 of
240 kills of a crash soak.  So the file counts its commits (``meta`` ``commits``,
written in every journal transaction) and the mark repeats the count: a file
whose count is at least the mark's holds everything the mark acknowledged.
Marks written before the counter (``YBGACK1``) cannot tell a lagging undo from
a lost one, so for them only missing journal rows sound the alarm.

Measured cost: see docs/persistence.md ("Write-ahead log damage").
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.errors import EngineError
from engine.store.placement import ack_mark as mark_path

if sys.platform != "win32":
    import fcntl

RECORD_SIZE = 64
#: ``YBGACK2 rows done commits identity crc`` (and the older ``YBGACK1 rows done identity crc``).
_RECORD = re.compile(rb"^(YBGACK1|YBGACK2) (\d{1,18}) (\d{1,18}) (\d{1,18})(?: (\d{1,18}))? ([0-9a-f]{8})\n *$")


@dataclass(frozen=True)
class Mark:
    """What the file held after its last acknowledged commit."""

    rows: int  # journal rows (ids run 1..rows without gaps)
    done: int  # length of the undo stack (its top is command #done)
    identity: int  # CRC-32 of the file's created_at: a mark of another session is ignored
    #: The file's commit counter then (None in a mark written before the counter).
    commits: int | None = None

    def encode(self) -> bytes:
        if self.commits is None:
            body = f"YBGACK1 {self.rows} {self.done} {self.identity}"
        else:
            body = f"YBGACK2 {self.rows} {self.done} {self.commits} {self.identity}"
        line = f"{body} {zlib.crc32(body.encode()):08x}\n".encode()
        return line.ljust(RECORD_SIZE, b" ")

    @classmethod
    def decode(cls, raw: bytes) -> Mark | None:
        found = _RECORD.match(raw)
        if found is None:
            return None
        version = found.group(1).decode()
        numbers = [int(found.group(i)) for i in (2, 3, 4, 5) if found.group(i) is not None]
        if len(numbers) != (3 if version == "YBGACK1" else 4):
            return None
        body = " ".join([version, *map(str, numbers)])
        if f"{zlib.crc32(body.encode()):08x}" != found.group(6).decode():
            return None
        if version == "YBGACK1":
            rows, done, identity = numbers
            return cls(rows, done, identity)
        rows, done, commits, identity = numbers
        return cls(rows, done, identity, commits)


def identity_of(created_at: str) -> int:
    return zlib.crc32(created_at.encode("utf-8", "replace"))


def read_mark(path: Path) -> Mark | None:
    """The mark beside ``path``, or None if there is none or it is unreadable."""
    try:
        with mark_path(path).open("rb") as handle:
            return Mark.decode(handle.read(RECORD_SIZE * 2))
    except OSError:
        return None


class MarkWriter:
    """Keeps the mark file open and rewrites its one record after each commit.

    It also holds the writer's claim on the session (:meth:`claim`): two
    programs opening one file at the same moment both passed validation and
    then raced for SQLite's lock, where each one's attempt could make the
    other's fail — both were refused ("open in another window") and nobody
    played, now and then on a loaded machine.  A non-blocking ``flock`` on the
    mark file is taken by exactly one of them; the other is refused before it
    touches SQLite.  The claim is released when the mark is closed (or the
    process dies).
    """

    def __init__(self, path: Path, identity: int) -> None:
        self.identity = identity
        self._path = mark_path(path)
        self._fd: int | None = None
        try:
            self._fd = os.open(mark_path(path), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            self._fd = None  # best effort: without a mark the file works, only unchecked

    def claim(self) -> bool:
        """Take the session for this program; False when another program has it.

        Best effort where it cannot work (no mark file, Windows, a file system
        without ``flock``): SQLite's own lock still refuses a second writer."""
        if self._fd is None or sys.platform == "win32":
            return True
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:
            return True
        return True

    def write(self, rows: int, done: int, commits: int) -> None:
        if self._fd is None:
            return
        try:
            os.pwrite(self._fd, Mark(rows, done, self.identity, commits).encode(), 0)
        except OSError:
            pass  # a full disk refuses the mark too; the journal itself reports that

    def abandon(self) -> None:
        """Close after an open that failed: a mark this writer created and never
        wrote is removed (while the claim is still held), nothing else."""
        if self._fd is not None:
            try:
                if os.fstat(self._fd).st_size == 0:
                    os.unlink(self._path)
            except OSError:
                pass
        self.close()

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def claimed_elsewhere(path: Path) -> bool:
    """Whether another program holds the claim on ``path`` (see :meth:`MarkWriter.claim`).

    Reads only: an existing mark is opened read-only and its lock tried and
    released; without a mark nobody holds a claim."""
    if sys.platform == "win32":
        return False
    try:
        fd = os.open(mark_path(path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (closing releases the lock if it was taken)
    return False


@dataclass(frozen=True)
class Loss:
    """Acknowledged changes the file no longer holds."""

    commands: int  # journal rows lost
    seq: int  # the last command the file still holds
    copy: Path  # the damaged files, as they were found

    def notice(self) -> EngineError:
        if self.commands:
            return EngineError(
                "{count} command(s) after #{seq} could not be recovered (the session file was damaged); "
                "a copy of the damaged files is kept in {copy}.",
                count=self.commands,
                seq=self.seq,
                copy=str(self.copy),
            )
        return EngineError(
            "Undo or redo steps after #{seq} could not be recovered (the session file was damaged); "
            "a copy of the damaged files is kept in {copy}.",
            seq=self.seq,
            copy=str(self.copy),
        )


def lost(mark: Mark | None, identity: int, rows: int, done: int, commits: int) -> bool:
    """True when the file holds less than its mark says was acknowledged.

    Journal rows are never deleted, so fewer rows than the mark is always a
    loss.  With as many rows, the undo position can differ for two reasons:
    the file lost undo or redo steps (its commit count is below the mark's,
    SQLite's recovery kept an older prefix), or the file went on one commit
    further than its mark (a kill between the commit and the mark; the file's
    count is above the mark's) — only the first is a loss.  A file with more
    rows holds every row the mark knew of and its undo position is newer.
    """
    if mark is None or mark.identity != identity:
        return False
    if rows < mark.rows:
        return True
    if rows > mark.rows or done == mark.done or mark.commits is None:
        return False
    return commits <= mark.commits


def keep_damaged(path: Path, now: datetime | None = None) -> Path:
    """Copy the session, its ``-wal`` and its mark into a new folder beside it
    (``NAME.damaged-YYYYmmdd-HHMMSS``), never replacing anything."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 2
    while True:
        try:
            folder.mkdir()
            break
        except FileExistsError:
            folder = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
            number += 1
    for source in (path, path.with_name(path.name + "-wal"), mark_path(path)):
        if source.exists():
            shutil.copy2(source, folder / source.name)
    return folder
