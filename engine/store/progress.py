"""How far a long import has come: for a progress line on stderr or a dialog.

Restoring a season's backup re-runs every command (``engine.store.admission``),
which takes as long as playing them did; the GM must see it move and may stop
it.  The importer calls a :data:`Report` every :data:`EVERY` rows with a
:class:`Progress`; the report may raise :class:`Cancelled` (or any
``EngineError``) to stop.  Until the finished file is renamed into place
nothing exists under the chosen name, so a stopped import leaves nothing
behind (``engine.store.writer``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from engine.errors import EngineError

#: Rows between two reports (≈ 50 ms of work: often enough for a dialog to stay responsive).
EVERY: Final = 256

Stage = Literal["reading", "checking", "writing"]

#: Each stage's share of the whole, measured on a 20,000-command export
#: (benchmarks/import_bench.py): reading and validating the rows, re-running
#: the commands, writing the file.
_SHARES: Final[dict[Stage, tuple[float, float]]] = {
    "reading": (0.0, 0.35),
    "checking": (0.35, 0.85),
    "writing": (0.85, 1.0),
}


@dataclass(frozen=True)
class Progress:
    """``done`` of ``total`` rows of one stage."""

    stage: Stage
    done: int
    total: int

    @property
    def fraction(self) -> float:
        """How much of the whole import is done, 0.0 to 1.0."""
        start, end = _SHARES[self.stage]
        part = self.done / self.total if self.total else 1.0
        return start + (end - start) * min(max(part, 0.0), 1.0)


Report = Callable[[Progress], None]


class Cancelled(EngineError):
    """The GM stopped the import; nothing was written."""

    def __init__(self) -> None:
        super().__init__("The import was cancelled; nothing was written.")


def every(report: Report | None, stage: Stage, done: int, total: int) -> None:
    """Report at every :data:`EVERY` rows and at the end of a stage."""
    if report is not None and (done % EVERY == 0 or done == total):
        report(Progress(stage, done, total))
