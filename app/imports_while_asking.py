"""The live window's imports, made while start-up waits for the GM's answer.

A start that asks first (the crash prompt, the start page of a first start)
shows its question before the engine and pydantic are imported, so the GM
reads it at once.  The GM then reads for a second or more, and the program
has nothing to do: :class:`ImportsWhileAsking` uses that time.  Once the
question's window has painted, it runs the imports (``work``: import and
register models only, as :func:`app.preview.load_while_showing` does) on a
worker thread; the question's event loop keeps answering meanwhile (the GIL
changes hands every few milliseconds).  When the question returns, the GUI
thread waits for the worker before it imports or opens anything itself, so
the two threads never import at the same time, and the live board follows
the answer by the time it takes to open the file and build the window.

The worker starts only on a paint inside the question: while the question's
widgets are built (they may import what they show) nothing runs beside them,
and a question that never runs an event loop (a test's answer) starts nothing.

The work comes in steps: the first is what the live window needs whatever
the answer; the others (the ruleset the answer most likely opens, with its
commands) are begun only while the question is still open, so an answer
given at once does not wait for imports its board could have done without.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from app.import_worker import ImportWorker


class _FirstPaint(QObject):
    """Calls ``then`` on the first paint of any window after it is installed."""

    def __init__(self, then: Callable[[], None]) -> None:
        super().__init__()
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget) and watched.window().isVisible():
            self._then()
        return False


class ImportsWhileAsking:
    """``needed`` run once, on a worker thread, while a question waits for the GM;
    then each of ``extras`` while it still waits."""

    def __init__(self, needed: Callable[[], None], *extras: Callable[[], None]) -> None:
        self._steps = (needed, *extras)
        self._worker: ImportWorker | None = None
        #: set when the question has returned (the worker then begins no further step)
        self.answered = threading.Event()
        self.done = False

    @contextmanager
    def while_asking(self) -> Iterator[None]:
        """Around a modal question: the imports begin once it has painted, and are
        finished (waited for) when it returns; an error in them is raised here."""
        app = QApplication.instance()
        watch = _FirstPaint(self._begin) if self._worker is None and not self.done else None
        if watch is not None and app is not None:
            app.installEventFilter(watch)
        self.answered.clear()
        try:
            yield
        finally:
            self.answered.set()  # the steps not begun yet are left for later
            if watch is not None and app is not None:
                app.removeEventFilter(watch)
            self.finish()

    def finish(self) -> None:
        """Wait for the imports if they began (the GUI thread imports nothing meanwhile)."""
        if self._worker is not None:
            worker, self._worker = self._worker, None
            self.done = True
            worker.finish()

    def _begin(self) -> None:
        if self._worker is not None or self.done:
            return

        def run() -> None:
            for index, step in enumerate(self._steps):
                if index and self.answered.is_set():
                    break
                step()

        self._worker = ImportWorker(run, "yobigoe-imports-while-asking")


__all__ = ["ImportsWhileAsking"]
