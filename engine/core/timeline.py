"""The states along the undo line: which ones stay in memory, and how the
others come back when undo or redo needs them.

Keeping the state before and after every command made the undo stack grow
with every command (pydantic's ``model_copy`` shares unchanged sub-objects,
but each entry still held a shallow copy plus whatever its command changed:
≈ 3.5 KB a command, > 200 MB after a long GUI session).  An entry now keeps
its command and events (the journal and the event log need them) and a link
to the entry it was applied after; its state is held only

* while it is one of the :data:`RECENT` states most recently made or visited
  (an LRU, so an undo walk keeps the states it just passed for the redo walk
  back), or
* when its ``seq`` is a multiple of :data:`CHECKPOINT_EVERY` (a checkpoint,
  held for as long as the entry lives).

Any other state is rebuilt from the nearest held one before it by
re-applying the recorded events with :func:`apply_events` — the very fold
``Context.emit`` made when the command ran and the session file uses to
replay its journal (``engine.store.history.apply_row``).  Events carry their
dice results, so a rebuild never rolls.

Why these numbers: replaying one command costs ~20-60 µs here
(benchmarks/file_bench.py), so the worst undo, CHECKPOINT_EVERY - 1 replays
back from a checkpoint, stays around 2-4 ms — far under a frame.  RECENT is
twice CHECKPOINT_EVERY so that the block rebuilt by one undo past the window
stays held for the next undos of the walk (each block is rebuilt once, not
once per undo) and the redo walk back finds it too.  Memory then grows with
the command count divided by 64 (one checkpoint a block) instead of with
every command; the checkpoints of a dropped redo branch go with its entries.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core.events import EventBase
from engine.core.state import State

if TYPE_CHECKING:
    from engine.core.session import Entry

#: States held because they were made or visited most recently (K).
RECENT = 128
#: Every entry whose seq is a multiple of this keeps its state (M).
CHECKPOINT_EVERY = 64


def apply_events(state: State, events: Iterable[EventBase], seq: int) -> State:
    """The state after a command numbered ``seq`` whose ``events`` were applied
    to ``state``: what ``Session`` committed when the command ran."""
    for event in events:
        state = event.apply(state)
    return state.model_copy(update={"seq": seq})


def is_checkpoint(seq: int, every: int = CHECKPOINT_EVERY) -> bool:
    return seq % every == 0


class Timeline:
    """Decides which entries hold their state and rebuilds the others."""

    def __init__(self, initial: State, recent: int = RECENT, every: int = CHECKPOINT_EVERY) -> None:
        if recent < every:
            raise ValueError("recent must be at least every: an undo walk would rebuild each block again and again")
        self.initial = initial
        self.recent = recent
        self.every = every
        #: Entries holding a state for recency, least recently used first (by id: entries compare by identity).
        self._recent: OrderedDict[int, Entry] = OrderedDict()

    def state_after(self, entry: Entry | None) -> State:
        """The state after ``entry`` (the initial state for ``None``)."""
        pending: list[Entry] = []
        node = entry
        while True:
            if node is None:
                state = self.initial
                break
            held = node.held_state()
            if held is not None:
                self._touch(node)
                state = held
                break
            if node.final:  # a dice-box roll leaves the state as it found it
                node = node.parent
                continue
            pending.append(node)
            node = node.parent
        for node in reversed(pending):
            state = apply_events(state, node.events, node.seq)
            self.keep(node, state)
        return state

    def keep(self, entry: Entry, state: State) -> None:
        """Hold ``state`` as ``entry``'s, for as long as the policy says."""
        entry.hold(state)
        if is_checkpoint(entry.seq, self.every):
            return
        self._recent[id(entry)] = entry
        self._recent.move_to_end(id(entry))
        while len(self._recent) > self.recent:
            _, oldest = self._recent.popitem(last=False)
            oldest.hold(None)

    def _touch(self, entry: Entry) -> None:
        if id(entry) in self._recent:
            self._recent.move_to_end(id(entry))

    def recent_count(self) -> int:
        """How many entries hold a state for recency (at most ``recent``)."""
        return len(self._recent)
