"""What a session from outside (an import, a file from elsewhere) must be before
it is written or shown: the engine's own work, within bounds.

A JSON export carries the events of each command.  Replaying events alone
would accept anything a hand could write — a deck of unknown codes (``ZZ``,
``1X``), a duplicated ``AS``, 5,000 cards — and the GUI would then fail on
the first card it cannot draw.  So an import runs every command of
the undo/redo line again, against the state before it, exactly as a dispatch
would, and requires the events the engine produces to be the recorded ones:
what is written is what the engine itself would have written.  The dice are
part of the state, so this is deterministic.

Bounds keep a crafted document from taking minutes (a journal repeating one
row 200,000 times took 84 s): a size and row limit checked before any model
is built, and a time budget for the whole check.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pydantic import TypeAdapter

from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.rulesets import builtin, registry
from engine.store.rows import StoredRow
from engine.table.commands import NewSession
from engine.table.events import SessionStarted

#: A 10,000-command evening exports to about 7 MB, so a season of
#: MAX_IMPORT_ROWS commands to about 70 MB; past 128 MB is refused unparsed.
MAX_IMPORT_BYTES: Final = 128 * 1024 * 1024
#: Journal rows (commands, undone and discarded ones included).
MAX_IMPORT_ROWS: Final = 100_000
#: Seconds the whole re-run may take (10,000 commands take about 1.5 s here).
IMPORT_SECONDS: Final = 120.0


def too_large(detail: str) -> EngineError:
    return EngineError("This export is too large to import ({detail}).", detail=detail)


def not_the_engines(where: str) -> EngineError:
    return EngineError(
        "The session export is damaged ({detail}).", detail=f"{where}: not what the engine would have recorded"
    )


@dataclass(frozen=True)
class Readers:
    """The registry's adapters for every command and event, fetched once.

    Reading through ``registry.command_from_json`` costs ≈ 60 µs a call in
    finding the loaded union again; an import of 100,000 rows reads each row
    more than once, so it holds the adapters itself.
    """

    commands: TypeAdapter[CommandBase]
    events: TypeAdapter[list[EventBase]]

    @classmethod
    def of_every_ruleset(cls) -> Readers:
        builtin.load()  # once: loading again rebuilds the registry's adapters (≈ 40 ms each)
        return cls(registry.command_adapter(), registry.event_list_adapter())

    def command(self, row: StoredRow) -> CommandBase:
        return self.commands.validate_json(row.command_text)

    def events_of(self, row: StoredRow) -> tuple[EventBase, ...]:
        return tuple(self.events.validate_json(row.events_text))


def _with_stored_options(row: StoredRow, command: CommandBase, readers: Readers) -> CommandBase:
    """Old session files keep the options they were created with: a
    NewSession that left options to the defaults of its day re-runs with the
    options its SessionStarted event recorded, not today's defaults."""
    if not isinstance(command, NewSession):
        return command
    events = readers.events_of(row)
    started = events[0] if events else None
    if isinstance(started, SessionStarted) and started.options is not None:
        return command.model_copy(update={"options": started.options.model_dump(mode="json")})
    return command


#: Called with each row of the line and the state after it, once its events were found to be the engine's.
RowChecked = Callable[[StoredRow, State], None]


def rerun(
    initial: State,
    line: Sequence[StoredRow],
    starts: dict[int, int],
    seconds: float = IMPORT_SECONDS,
    *,
    readers: Readers | None = None,
    checked: RowChecked | None = None,
) -> State:
    """Run every command of the line (done rows, then undone ones) again, each
    with the dice where they stood when it first ran (``starts``, by row id);
    its events must be the recorded ones.  Returns the state after the last one.

    ``checked`` sees the state after each row, so an import takes its
    snapshots from this one pass instead of replaying the line again."""
    if initial != State():
        raise not_the_engines("initial_state")
    readers = readers or Readers.of_every_ruleset()
    deadline = time.monotonic() + seconds
    state = initial
    for row in line:
        if time.monotonic() > deadline:
            raise too_large(f"checking took more than {int(seconds)} s")
        command = _with_stored_options(row, readers.command(row), readers)
        ctx = _rerun_row(state, row, command, max(state.dice.counter, starts.get(row.id, 0)), readers)
        if ctx is None and starts.get(row.id, 0) > state.dice.counter:
            # written by a version whose undo rewound the dice: the command drew from the state's dice
            ctx = _rerun_row(state, row, command, state.dice.counter, readers)
        if ctx is None:
            raise not_the_engines(f"journal #{row.id}")
        state = ctx.state.model_copy(update={"seq": state.seq + 1})
        if checked is not None:
            checked(row, state)
    return state


def _rerun_row(state: State, row: StoredRow, command: CommandBase, position: int, readers: Readers) -> Context | None:
    """The row's command run again with the dice at ``position``; None unless
    it gives exactly the recorded events.

    The events are compared as the journal stores them first (the row's text
    is the engine's own dump of its events, so equal events give equal bytes
    and the row need not be parsed again); only a difference in the bytes is
    settled by comparing the parsed events (a dict written in another order)."""
    ctx = Context(state, dice=DiceState(seed=state.dice.seed, counter=position))
    try:
        command.run(ctx)
    except EngineError:
        return None
    if readers.events.dump_json(ctx.events).decode() == row.events_text:
        return ctx
    return ctx if tuple(ctx.events) == readers.events_of(row) else None
