"""Which journal rows keep their parsed command and events.

A row's JSON texts are what the file holds; its pydantic models (the command
and the events) are several times larger and are needed only for the rows
someone reads: the newest commands (the event log, the players' results, the
roll feed), an undo or redo, an export.  Keeping them for every row made a
100,000-command session hold ≈ 200 MB of models it never read again.

:class:`ParsedWindow` keeps the models of the :data:`PARSED_ROWS` rows most
recently built or read (least recently used first); a row pushed out of the
window drops them and parses its texts again the next time it is read (about
50 µs a row).  One window serves the whole process: the bound is on what the
program holds, however many sessions it opened.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

#: Rows whose models stay in memory (the newest screenful of the log is ≈ 50).
PARSED_ROWS = 1024


class Parsed(Protocol):
    """A row that can let go of its models (``StoredRow``)."""

    def forget_models(self) -> None: ...


class ParsedWindow:
    """The rows holding parsed models, least recently used first."""

    def __init__(self, size: int = PARSED_ROWS) -> None:
        if size < 1:
            raise ValueError("the window must hold at least one row")
        self.size = size
        # No lock: rows are read on the thread the session runs on (the start-up
        # worker of app/preview.py only imports modules, it reads no row).
        self._rows: OrderedDict[int, Parsed] = OrderedDict()

    def hold(self, row: Parsed) -> None:
        """``row`` has just built or read its models: keep them, drop the oldest beyond the bound."""
        key = id(row)
        rows = self._rows
        if key in rows:
            rows.move_to_end(key)
            return
        rows[key] = row
        while len(rows) > self.size:
            _, oldest = rows.popitem(last=False)
            oldest.forget_models()

    def __len__(self) -> int:
        return len(self._rows)


#: The process's window (a bounded cache, like ``functools.lru_cache``; rows of
#: every open session share it).
WINDOW = ParsedWindow()
