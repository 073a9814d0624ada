"""Following a session file that another program writes (the GM's window, ``engine play``).

The writer keeps the file locked and appends to its write-ahead log; each commit
changes the size or time of the file or of its ``-wal``.  So the follower only
``stat``s the two every :data:`INTERVAL` seconds — next to nothing — and reads the
file again (the store's validating reader, which never writes and copies a
locked file with its log first) only when one of them changed.  A read caught
half-way through a commit fails validation; the follower keeps what it had and
reads again on the next look.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from engine.core.roll_log import LIMIT, RollLog
from engine.errors import EngineError
from engine.serve.seat_data import Table
from engine.store.migrations import read_current
from engine.store.placement import sidecars

#: Seconds between two looks at the file.
INTERVAL = 0.1

Signature = tuple[tuple[int, int, int] | None, ...]


def signature(path: Path) -> Signature:
    """The file's and its log's inode, size and change time (None for a missing one)."""
    out: list[tuple[int, int, int] | None] = []
    for part in (path, sidecars(path)[0]):
        try:
            found = os.stat(part)
        except OSError:
            out.append(None)
        else:
            out.append((found.st_ino, found.st_size, found.st_mtime_ns))
    return tuple(out)


def read_table(path: Path) -> Table:
    """The file's game now: its state and recent rolls (raises EngineError for a bad file)."""
    contents = read_current(path)
    rolls = RollLog()
    rolls.load(contents.roll_entries_later(LIMIT)())
    return Table(contents.state, rolls.records(), time.monotonic())


class FileFollower:
    """Reads ``path`` again whenever it changes and hands each new game to ``publish``."""

    def __init__(self, path: Path, publish: Callable[[Table], None], interval: float = INTERVAL) -> None:
        self.path = path
        self.publish = publish
        self.interval = interval
        self._seen: Signature | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: the last read that failed (the file is kept as it was read before)
        self.problem: EngineError | None = None

    def read_now(self) -> Table:
        """Read the file once and publish it (the first read: a bad file is refused here)."""
        seen = signature(self.path)
        table = read_table(self.path)
        self._seen = seen
        self.publish(table)
        return table

    def poll(self) -> bool:
        """One look: True when the file changed and was read again."""
        seen = signature(self.path)
        if seen == self._seen:
            return False
        try:
            table = read_table(self.path)
        except EngineError as exc:  # caught half-way through a commit, or damaged: read again later
            self.problem = exc
            return False
        except (OSError, ValueError):  # the file moved or vanished for a moment
            return False
        self.problem = None
        self._seen = seen
        self.publish(table)
        return True

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="players-follow", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.poll()


__all__ = ["INTERVAL", "FileFollower", "read_table", "signature"]
