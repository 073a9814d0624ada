"""Start-up's imports on a worker thread, their error raised on the GUI thread.

The live window's modules (pydantic, the engine, the main window's code) take
a few hundred milliseconds to import, and start-up makes them while the GM
already looks at something: the last board's picture (:mod:`app.preview`) or a
question (:mod:`app.imports_while_asking`).  Both run the imports here.  The
work may only import and register models: it makes no Qt object and opens no
file, and the GUI thread imports nothing meanwhile.  This module imports only
the standard library, so the picture still paints before anything heavy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class ImportWorker:
    """``work`` started at once on a daemon thread named ``name``."""

    def __init__(self, work: Callable[[], None], name: str) -> None:
        self._failed: list[BaseException] = []

        def run() -> None:
            try:
                work()
            except BaseException as error:  # re-raised on the GUI thread by finish()
                self._failed.append(error)

        self._thread = threading.Thread(target=run, name=name, daemon=True)
        self._thread.start()

    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, seconds: float) -> None:
        """Wait at most ``seconds`` (the GIL is free meanwhile)."""
        self._thread.join(seconds)

    def finish(self) -> None:
        """Wait until the work is done; an error in it is raised here, as a direct call would raise it."""
        self._thread.join()
        if self._failed:
            raise self._failed.pop()


__all__ = ["ImportWorker"]
