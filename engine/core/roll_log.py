"""The table's recent rolls, in the order the table saw them.

Rolls are not part of :class:`~engine.core.state.State` (a tuple
that grew with every roll made each roll copy the whole history).  They live
in the journal (each roll is an event of its command) and here, in a bounded
list the dice box and the players' roll feed read:

* a dice-box roll is *final*: it stays even when commands made before it are
  undone;
* a roll made inside a procedure step belongs to that step's entry: undoing
  the step takes it out, and redoing the step puts the recorded roll back (at
  the end, since the table sees it again).

Only the newest :data:`LIMIT` rolls are kept; older ones are in the event log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from engine.core.events import EventBase
from engine.core.state import RollRecord, State

if TYPE_CHECKING:
    from engine.core.session import Entry

#: How many rolls the dice box and the roll feed can show.
LIMIT = 500


def records_of(events: Iterable[EventBase]) -> list[RollRecord]:
    """The roll records an entry's events carry (DiceRolled, a rule's check)."""
    out: list[RollRecord] = []
    for event in events:
        record = getattr(event, "record", None)
        if isinstance(record, RollRecord):
            out.append(record)
    return out


class RollLog:
    """The newest rolls with the seq of the entry each came from (``None`` for
    final rolls).  A seq names one entry of the undo line at a time, also after
    a reopen, when the session's entries are new objects."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._rows: deque[tuple[RollRecord, int | None]] = deque(maxlen=limit)
        self.limit = limit
        self._pending: Callable[[], Sequence[Entry]] | None = None

    def load_later(self, entries: Callable[[], Sequence[Entry]]) -> None:
        """Fill from ``entries()`` (a reopened session's) when first asked: reading
        them parses their events, which the board's first paint does not wait for."""
        self._rows.clear()
        self._pending = entries

    def _read_pending(self) -> None:
        if self._pending is not None:
            entries, self._pending = self._pending, None
            for entry in entries():
                self._add(entry)

    def add(self, entry: Entry) -> None:
        """The rolls of a command that was done, redone or is final."""
        self._read_pending()
        self._add(entry)

    def _add(self, entry: Entry) -> None:
        owner = None if entry.final else entry.seq
        for record in records_of(entry.events):
            self._rows.append((record, owner))

    def remove(self, entry: Entry) -> None:
        """An undone step takes its rolls with it."""
        self._read_pending()
        if any(owner == entry.seq for _, owner in self._rows):
            kept = [(record, owner) for record, owner in self._rows if owner != entry.seq]
            self._rows = deque(kept, maxlen=self.limit)

    def load(self, entries: Sequence[Entry]) -> None:
        """Fill from entries in table order (a reopened session)."""
        self._rows.clear()
        self._pending = None
        for entry in entries:
            self._add(entry)

    def records(self) -> tuple[RollRecord, ...]:
        """Oldest first, as the dice box lists them."""
        self._read_pending()
        return tuple(record for record, _ in self._rows)

    def __len__(self) -> int:
        self._read_pending()
        return len(self._rows)


def roll_line(state: State, record: RollRecord, lang: str) -> str:
    """``name: (1D100<=45) ＞ 23 ＞ 成功``: the dice bot's line with who rolled, as the
    players' screens list it (the projector, a seat's own page).  A dice-box roll names
    a character id, a rule's roll the character itself; ``state`` names them (a seat's
    view for a seat's page)."""
    result = record.result
    line = result.render(lang)
    if result.comment:
        line = f"{result.comment} {line}"
    if not record.by:
        return line
    who = state.characters.get(record.by)
    return f"{who.name if who is not None else record.by}: {line}"
