"""From the GM's side to the open pages, without ever making the GM wait.

The GM's side calls :meth:`Hub.publish` after each dispatch: it stores the new
table in one slot and wakes the hub's own thread — nothing more, so a dispatch
costs the same with or without phones.  The hub's thread takes the newest table
(states published faster than it can send are skipped: each message is a whole
view, so only the newest matters), builds each watched seat's message once and
offers it to that seat's open pages.

A page's :class:`Listener` holds at most one message waiting: a newer one
replaces it.  The server's thread that writes to the phone gives up on a phone
that stops reading (a send times out), so a stalled phone is dropped, never
waited for.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from engine.serve.links import SeatLinks
from engine.serve.seat_data import Table, payload, seat_keys


class Closed(Exception):
    """The page's stream ends: the service stopped, the link was renewed or the seat left."""


class Listener:
    """One open page of a seat: the newest message not yet written to it."""

    def __init__(self, key: str, token: str) -> None:
        self.key = key
        self.token = token
        self._cond = threading.Condition()
        self._waiting: str | None = None
        self._closed = False

    def offer(self, message: str) -> None:
        """Never blocks: a message not yet written is replaced by the newer one."""
        with self._cond:
            if not self._closed:
                self._waiting = message
                self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed

    def next(self, timeout: float) -> str | None:
        """The next message, or None after ``timeout`` seconds of quiet (time for a keep-alive)."""
        with self._cond:
            self._cond.wait_for(lambda: self._closed or self._waiting is not None, timeout)
            if self._closed:
                raise Closed
            message, self._waiting = self._waiting, None
            return message


class Hub:
    """The newest table and the open pages, seat by seat."""

    def __init__(self, links: SeatLinks, build: Callable[[Table, str], str] = payload) -> None:
        self.links = links
        self._build = build
        self._lock = threading.Lock()
        self._latest: Table | None = None
        self._sent: Table | None = None
        self._wake = threading.Event()
        self._stopping = False
        self._listeners: dict[str, list[Listener]] = {}
        self._last: dict[str, str] = {}
        self._thread: threading.Thread | None = None
        #: called after each table is offered to the pages (the benchmark and tests time it)
        self.on_sent: Callable[[Table], None] | None = None

    # -- the GM's side ---------------------------------------------------------------
    def publish(self, table: Table) -> None:
        """Hand over the game as it is now: O(1), never waits for a page."""
        with self._lock:
            self._latest = table
        self._wake.set()

    def latest(self) -> Table | None:
        with self._lock:
            return self._latest

    def seat_exists(self, key: str) -> bool:
        table = self.latest()
        return table is not None and key in seat_keys(table.state)

    # -- the pages' side ---------------------------------------------------------------
    def listen(self, key: str, token: str) -> Listener:
        """A new open page of ``key``; its first message is the seat as it is now."""
        listener = Listener(key, token)
        table = self.latest()
        first = self._build(table, key) if table is not None else None
        with self._lock:
            self._listeners.setdefault(key, []).append(listener)
            if first is not None:
                self._last.setdefault(key, first)  # the hub need not send the same again
        if first is not None:
            listener.offer(first)
        return listener

    def leave(self, listener: Listener) -> None:
        listener.close()
        with self._lock:
            pages = self._listeners.get(listener.key, [])
            if listener in pages:
                pages.remove(listener)
            if not pages:
                self._listeners.pop(listener.key, None)
                self._last.pop(listener.key, None)

    def close_token(self, token: str) -> None:
        """End every page opened with ``token`` (its link was renewed)."""
        with self._lock:
            pages = [page for pages in self._listeners.values() for page in pages if page.token == token]
        for page in pages:
            page.close()

    def open_pages(self, key: str | None = None) -> int:
        """How many pages are open (of seat ``key``, or of every seat)."""
        with self._lock:
            if key is not None:
                return len(self._listeners.get(key, ()))
            return sum(len(pages) for pages in self._listeners.values())

    # -- the hub's thread --------------------------------------------------------------
    def start(self) -> None:
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="players-hub", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        with self._lock:
            pages = [page for pages in self._listeners.values() for page in pages]
            self._listeners.clear()
            self._last.clear()
        for page in pages:
            page.close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._stopping:
                return
            table = self.latest()
            if table is None or table is self._sent:
                continue
            try:
                self._send(table)
            except Exception:  # a state the pages cannot be built from: skip it, keep serving
                self._sent = table

    def _send(self, table: Table) -> None:
        keys = seat_keys(table.state)
        self.links.ensure(keys)
        with self._lock:
            watched = {key: list(pages) for key, pages in self._listeners.items()}
        for key, pages in watched.items():
            if key not in keys:  # the character left the table: its pages end
                for page in pages:
                    page.close()
                continue
            message = self._build(table, key)
            with self._lock:
                if self._last.get(key) == message:
                    continue
                self._last[key] = message
            for page in pages:
                page.offer(message)
            # Let the GM's thread in between two seats: building one seat's message takes
            # about a millisecond, the interpreter's switch interval five.
            time.sleep(0)
        self._sent = table
        if self.on_sent is not None:
            self.on_sent(table)


__all__ = ["Closed", "Hub", "Listener"]
