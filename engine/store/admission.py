"""What a session from outside (an import, a file from elsewhere) must be before
it is written or shown: the engine's own work, within bounds.

A JSON export carries the events of each command.  Replaying events alone
would accept anything a hand could write — a deck of unknown codes (``ZZ``,
``1X``), a duplicated ``AS``, 5,000 cards — and the GUI would then fail on
the first card it cannot draw (issue 15).  So an import runs every command of
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
from collections.abc import Sequence
from typing import Final

from engine.core.commands import CommandBase, Context
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.rulesets import registry
from engine.store.rows import StoredRow
from engine.table.cards import all_cards, parse_card
from engine.table.commands import NewSession
from engine.table.events import SessionStarted

#: A 10,000-command evening exports to about 10 MB; past six times that is refused.
MAX_IMPORT_BYTES: Final = 64 * 1024 * 1024
#: Journal rows (commands, undone and discarded ones included).
MAX_IMPORT_ROWS: Final = 100_000
#: Seconds the whole check may take (10,000 commands take about 3 s here).
IMPORT_SECONDS: Final = 120.0

_EVERY_CARD: Final = frozenset(all_cards())


def too_large(detail: str) -> EngineError:
    return EngineError("This export is too large to import ({detail}).", detail=detail)


def not_the_engines(where: str) -> EngineError:
    return EngineError(
        "The session export is damaged ({detail}).", detail=f"{where}: not what the engine would have recorded"
    )


def card_problem(state: State) -> str | None:
    """Why the cards of ``state`` are not a game's cards (None when they are):
    every code known, every card of the game (the 52 and the jokers, MAP-6) in
    exactly one place once the session has started."""
    seen: set[str] = set()
    for place in state.places():
        for code in state.pile(place):
            try:
                parse_card(code)
            except EngineError:
                return f"unknown card {code[:8]!r}"
            if code in seen:
                return f"card {code} twice"
            seen.add(code)
    for code in state.flags:
        if code not in seen:
            return f"flags of card {code[:8]!r}"
    decks = getattr(state.options, "decks", 1)  # several decks: a stress board (issue 13)
    every = _EVERY_CARD if decks == 1 else frozenset(all_cards(decks))
    if state.started and _plays_with_cards(state) and seen != every:
        missing = sorted(every - seen)
        return f"card {missing[0]} missing" if missing else "cards"
    return None


def _plays_with_cards(state: State) -> bool:
    """Does the session's ruleset set up the card table (CoC sessions play without cards)?"""
    ruleset = registry.find(state.ruleset)
    if ruleset is None or state.options is None:
        return True
    return bool(ruleset.setup(state.options).deck)


def _with_stored_options(row: StoredRow) -> CommandBase:
    """Old session files keep the options they were created with (issue 14): a
    NewSession that left options to the defaults of its day re-runs with the
    options its SessionStarted event recorded, not today's defaults."""
    command = row.command
    started = row.events[0] if row.events else None
    if isinstance(command, NewSession) and isinstance(started, SessionStarted) and started.options is not None:
        return command.model_copy(update={"options": started.options.model_dump(mode="json")})
    return command


def rerun(initial: State, line: Sequence[StoredRow], starts: dict[int, int], seconds: float = IMPORT_SECONDS) -> State:
    """Run every command of the line (done rows, then undone ones) again, each
    with the dice where they stood when it first ran (``starts``, by row id);
    its events must be the recorded ones.  Returns the state after the last one."""
    if initial != State():
        raise not_the_engines("initial_state")
    deadline = time.monotonic() + seconds
    state = initial
    for row in line:
        if time.monotonic() > deadline:
            raise too_large(f"checking took more than {int(seconds)} s")
        ctx = _rerun_row(state, row, max(state.dice.counter, starts.get(row.id, 0)))
        if ctx is None and starts.get(row.id, 0) > state.dice.counter:
            # written before issue 12, when an undo rewound the dice: the command drew from the state's dice
            ctx = _rerun_row(state, row, state.dice.counter)
        if ctx is None:
            raise not_the_engines(f"journal #{row.id}")
        state = ctx.state.model_copy(update={"seq": state.seq + 1})
    return state


def _rerun_row(state: State, row: StoredRow, position: int) -> Context | None:
    """The row's command run again with the dice at ``position``; None unless
    it gives exactly the recorded events."""
    ctx = Context(state, dice=DiceState(seed=state.dice.seed, counter=position))
    try:
        _with_stored_options(row).run(ctx)
    except EngineError:
        return None
    return ctx if tuple(ctx.events) == row.events else None
