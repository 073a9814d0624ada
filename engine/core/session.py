"""The session: the only place commands turn into events and a new state.

``dispatch`` runs a command against the current state, applies its events,
records them (the journal hook makes them durable before returning) and
reports what changed.  Undo/redo work on whole commands (DESIGN.md): undo
restores the state before a command and redo re-applies the recorded events,
so undo then redo gives the same roll.  Only the newest states and periodic
checkpoints stay in memory; the others are rebuilt from the recorded events
when undo or redo reaches them (:mod:`engine.core.timeline`).

Two things are outside the undoable state:

* *final* commands (dice-box rolls) never enter the undo stack: Ctrl+Z after
  a move and a roll undoes the move, and the roll stays in the log;
* the dice generator's position (:attr:`Session.dice_position`) only
  advances: after any undo the next fresh die is one the table has never
  seen.  The journal keeps it, so a reopened session goes on from there.

A command can leave a decision open (a CoC check waiting for the GM's
ruling); the command that answers it defines ``joined_with`` and is recorded
together with the open one as a single entry, so one undo takes back both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.changes import Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.roll_log import RollLog
from engine.core.state import State
from engine.core.timeline import Timeline
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.rulesets import registry
from engine.rulesets.registry import parse_command

if TYPE_CHECKING:
    from engine.rulesets.steps import Flow


class RecordSource(Protocol):
    """Where a recorded entry reads its command and events (a journal row)."""

    @property
    def command(self) -> CommandBase: ...

    @property
    def events(self) -> tuple[EventBase, ...]: ...

    def may_hold(self, needles: tuple[str, ...]) -> bool: ...


class Entry:
    """One command with its events, and where its state comes from.

    ``before`` and ``after`` are read like fields but are held only for the
    newest entries and for checkpoints (:mod:`engine.core.timeline`); the
    others are rebuilt from ``parent`` on demand.  Once the journal has
    recorded the entry (:meth:`recorded_in`), the command and events are read
    from its row, which keeps the parsed models only while they are among the
    newest read (the models of every command were most of a long
    session's memory).  Entries compare by identity: two runs of the same
    command are two entries.  Slots, because a long session has one per command.
    """

    __slots__ = ("_seq", "_parent", "_timeline", "_final", "_dice_position", "_held", "_source", "_state")

    def __init__(
        self,
        seq: int,
        command: CommandBase,
        events: tuple[EventBase, ...],
        parent: Entry | None = None,
        timeline: Timeline | None = None,
        final: bool = False,
        dice_position: int = 0,
    ) -> None:
        self._seq = seq
        self._parent = parent
        self._timeline = timeline
        self._final = final
        self._dice_position = dice_position
        self._held: tuple[CommandBase, tuple[EventBase, ...]] | None = (command, tuple(events))
        self._source: RecordSource | None = None
        self._state: State | None = None

    # Read-only, as an entry never changes once made (only what holds its
    # state and its models does).
    @property
    def seq(self) -> int:
        return self._seq

    @property
    def parent(self) -> Entry | None:
        """The entry this one was applied after (None: the session's initial
        state).  A final entry's parent is the command it followed."""
        return self._parent

    @property
    def timeline(self) -> Timeline | None:
        return self._timeline

    @property
    def final(self) -> bool:
        """A final entry (a dice-box roll) is not on the undo line; before == after."""
        return self._final

    @property
    def dice_position(self) -> int:
        """The dice generator's position after this entry (the journal keeps the highest)."""
        return self._dice_position

    def __repr__(self) -> str:
        return f"Entry(seq={self.seq}, command={self.command.type!r}, final={self.final})"

    @property
    def command(self) -> CommandBase:
        source = self._source
        if source is not None:
            return source.command
        return self._models()[0]

    @property
    def events(self) -> tuple[EventBase, ...]:
        source = self._source
        if source is not None:
            return source.events
        return self._models()[1]

    def _models(self) -> tuple[CommandBase, tuple[EventBase, ...]]:
        held = self._held
        if held is None:  # pragma: no cover - recorded_in sets the source before dropping these
            raise RuntimeError("an Entry without its command")
        return held

    def recorded_in(self, source: RecordSource) -> None:
        """The journal wrote this entry as ``source``: read the command and
        events from there from now on (only the journal calls this)."""
        self._source = source
        self._held = None

    def may_hold(self, needles: tuple[str, ...]) -> bool:
        """Whether the events may contain any of ``needles`` (as stored text):
        a recorded entry asks its row without parsing it; True otherwise."""
        source = self._source
        return True if source is None else source.may_hold(needles)

    @property
    def before(self) -> State:
        """The state this entry's command ran on."""
        return self._states().state_after(self.parent)

    @property
    def after(self) -> State:
        """The state after this entry (a final entry's is its ``before``)."""
        return self._states().state_after(self)

    def held_state(self) -> State | None:
        """The state after this entry if it is in memory now (no rebuild)."""
        return self._state

    def hold(self, state: State | None) -> None:
        """Keep (or, with None, let go of) the state after this entry; only the timeline calls this."""
        self._state = state

    def _states(self) -> Timeline:
        if self._timeline is None:
            raise RuntimeError("an Entry outside a session has no states")
        return self._timeline


@dataclass
class Outcome:
    """What a dispatch, undo or redo did."""

    kind: str  # "do", "undo" or "redo"
    entry: Entry
    changes: Changes
    saved: bool = True
    save_error: EngineError | None = None
    extra: dict[str, object] = field(default_factory=dict)


class Unwritable(EngineError):
    """The journal refuses a command it could not read back: the dispatch is refused and nothing changes."""


class Journal(Protocol):
    """Durable storage of what the session does (see engine.store)."""

    def record(self, entry: Entry) -> None: ...

    def record_undo(self, entry: Entry) -> None: ...

    def record_redo(self, entry: Entry) -> None: ...

    def record_final(self, entry: Entry) -> None: ...


Listener = Callable[[Outcome], None]


class JoinedWith(Protocol):
    """What a command that answers the open command on top of the undo line (a
    check waiting for the GM's ruling, as boardgame.io's stages wait for a move)
    defines as ``joined_with``: the one command that stands for ``opened`` and
    this answer together (None: ``opened`` is not what it answers)."""

    def __call__(self, opened: CommandBase) -> CommandBase | None: ...


def changes_of(
    events: Sequence[EventBase], origin: str | None = None, before: State | None = None, after: State | None = None
) -> Changes:
    """What ``events`` touch; with the states on both sides, also every slice that
    changed between them (a ruleset's events need not name their own slice)."""
    changes = Changes(origin=origin)
    if before is not None and after is not None and before.slices is not after.slices:
        keys = before.slices.keys() | after.slices.keys()
        changes.slices |= {k for k in keys if before.slices.get(k) is not after.slices.get(k)}
    for event in events:
        event.touch(changes)
    return changes


class Session:
    """A running session: current state, done and undone commands."""

    def __init__(self, initial: State | None = None, journal: Journal | None = None) -> None:
        self.initial = initial if initial is not None else State()
        self.state = self.initial
        #: Holds the states of the newest entries and of checkpoints; rebuilds the rest.
        self.timeline = Timeline(self.initial)
        self.done: list[Entry] = []
        self.undone: list[Entry] = []
        self.journal = journal
        self.listeners: list[Listener] = []
        #: How many dice the table has drawn; never goes back, unlike ``state.dice``.
        self.dice_position = self.initial.dice.counter
        #: The newest rolls, for the dice box and the players' feed.
        self.rolls = RollLog()
        #: Final entries (dice-box rolls), oldest first: off the undo line, still in the log.
        self.finals: list[Entry] = []

    # -- running commands -------------------------------------------------
    def run(self, command: CommandBase | dict[str, object] | str) -> tuple[State, tuple[EventBase, ...]]:
        """Validate and run a command without committing it (a dry run)."""
        cmd = command if isinstance(command, CommandBase) else parse_command(command)
        after, events, _ = self._run(cmd)
        return after, events

    def dice_now(self) -> DiceState:
        """Where fresh dice come from: the state's dice, or further on if an undo rewound them."""
        dice = self.state.dice
        if dice.counter >= self.dice_position:
            return dice
        return DiceState(seed=dice.seed, counter=self.dice_position)

    def flow(self) -> Flow[Any] | None:
        """The step table of the session's ruleset (None before the session
        starts, or for a ruleset without a procedure)."""
        state = self.state
        if not state.started or not state.ruleset:
            return None
        return registry.flow(state.ruleset)

    def _run(self, cmd: CommandBase) -> tuple[State, tuple[EventBase, ...], int]:
        # The ruleset's step table decides first: a command it names runs only at a
        # step that takes it (engine.rulesets.steps); the state is untouched otherwise.
        flow = self.flow()
        moved_from = flow.refuse_unless_accepted(self.state, cmd) if flow is not None else None
        ctx = Context(self.state, dice=self.dice_now())
        cmd.run(ctx)
        if not ctx.events:
            raise EngineError("The command changed nothing.")
        position = max(self.dice_position, ctx.dice.state.counter, ctx.state.dice.counter)
        after = ctx.state.model_copy(update={"seq": self.state.seq + 1})
        if flow is not None and moved_from is not None:
            flow.check_next(moved_from, after)
        return after, tuple(ctx.events), position

    def dispatch(self, command: CommandBase | dict[str, object] | str, origin: str | None = None) -> Outcome:
        """Run a command; on an EngineError the state is untouched.

        A command the ruleset's flow names is refused (``NotAtThisStep``, naming
        the step) unless the current step takes it; see :meth:`flow`."""
        cmd = command if isinstance(command, CommandBase) else parse_command(command)
        joined_with: JoinedWith | None = getattr(cmd, "joined_with", None)
        if joined_with is not None and self.can_undo:
            joined = joined_with(self.done[-1].command)
            if joined is not None:
                return self._join(cmd, joined, origin)
        after, events, position = self._run(cmd)
        if cmd.final:
            return self._final(cmd, events, position, origin)
        entry = Entry(
            seq=after.seq, command=cmd, events=events, parent=self.top, timeline=self.timeline, dice_position=position
        )
        self.timeline.keep(entry, after)  # the journal's snapshot reads it right away
        outcome = Outcome("do", entry, changes_of(events, origin, self.state, after))
        self._persist(outcome, lambda j: j.record(entry))  # the state changes only once the journal took it
        self.state = after
        self.dice_position = position
        self.done.append(entry)
        self.undone.clear()
        self.rolls.add(entry)
        self._notify(outcome)
        return outcome

    def _join(self, cmd: CommandBase, joined: CommandBase, origin: str | None) -> Outcome:
        """The answer and the open command it finishes become one entry: one undo step
        back to before the open command, its dice rolled once.  ``joined`` replays
        both from there; the open command's journal row is discarded."""
        after, events, position = self._run(cmd)  # refused: nothing changes
        opened = self.done.pop()
        self.rolls.remove(opened)
        self._persist(Outcome("undo", opened, changes_of(opened.events, origin)), lambda j: j.record_undo(opened))
        events = (*opened.events, *events)
        after = after.model_copy(update={"seq": opened.seq})
        entry = Entry(
            seq=opened.seq, command=joined, events=events, parent=self.top, timeline=self.timeline,
            dice_position=position,
        )  # fmt: skip
        self.timeline.keep(entry, after)
        outcome = Outcome("do", entry, changes_of(events, origin, opened.before, after))
        try:
            self._persist(outcome, lambda j: j.record(entry))
        except Unwritable:
            self.state = opened.before  # as the journal has it: the open command undone
            self.undone.append(opened)
            raise
        self.state = after
        self.dice_position = position
        self.done.append(entry)
        self.undone.clear()
        self.rolls.add(entry)
        self._notify(outcome)
        return outcome

    def _final(self, cmd: CommandBase, events: tuple[EventBase, ...], position: int, origin: str | None) -> Outcome:
        """A final command leaves the state and both stacks alone: only the dice
        move on and the roll log grows (redo stays possible after a roll)."""
        entry = Entry(
            seq=self.state.seq,
            command=cmd,
            events=events,
            parent=self.top,
            timeline=self.timeline,
            final=True,
            dice_position=position,
        )
        outcome = Outcome("do", entry, changes_of(events, origin))
        self._persist(outcome, lambda j: j.record_final(entry))
        self.dice_position = position
        self.finals.append(entry)
        self.rolls.add(entry)
        self._notify(outcome)
        return outcome

    def logged(self) -> list[Entry]:
        """What the event log lists: the done commands with the final ones made
        after each (a final entry's seq is the command it followed)."""
        merged = [*self.done, *self.finals]
        merged.sort(key=lambda entry: (entry.seq, entry.final))  # stable: finals keep their order
        return merged

    def undo(self, origin: str | None = None) -> Outcome:
        if not self.can_undo:
            raise EngineError("There is nothing to undo.")
        return self._move("undo", self.done, self.undone, origin)

    def redo(self, origin: str | None = None) -> Outcome:
        if not self.undone:
            raise EngineError("There is nothing to redo.")
        return self._move("redo", self.undone, self.done, origin)

    def _move(self, kind: str, source: list[Entry], target: list[Entry], origin: str | None) -> Outcome:
        """Undo and redo move the top entry of one stack onto the other; the state
        becomes the one before (undo) or after (redo) its command."""
        entry = source.pop()
        was = self.state
        self.state = entry.before if kind == "undo" else entry.after
        target.append(entry)
        if kind == "undo":
            self.rolls.remove(entry)
        else:
            self.rolls.add(entry)
        outcome = Outcome(kind, entry, changes_of(entry.events, origin, was, self.state))
        self._persist(outcome, lambda j: j.record_undo(entry) if kind == "undo" else j.record_redo(entry))
        self._notify(outcome)
        return outcome

    @property
    def top(self) -> Entry | None:
        """The entry whose state is the current one (None: the initial state)."""
        return self.done[-1] if self.done else None

    @property
    def can_undo(self) -> bool:
        """The session's first command (NewSession) is its root and stays."""
        return bool(self.done) and self.done[-1].before.started

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo_label(self, lang: str = "ja") -> str | None:
        return self.done[-1].command.label(lang) if self.can_undo else None

    def redo_label(self, lang: str = "ja") -> str | None:
        return self.undone[-1].command.label(lang) if self.undone else None

    # -- plumbing ---------------------------------------------------------
    def _persist(self, outcome: Outcome, write: Callable[[Journal], None]) -> None:
        if self.journal is None:
            return
        try:
            write(self.journal)
        except Unwritable:
            raise
        except EngineError as exc:
            outcome.saved = False
            outcome.save_error = exc

    def _notify(self, outcome: Outcome) -> None:
        for listener in list(self.listeners):
            listener(outcome)

    def replay_at(self, command: CommandBase, dice_position: int) -> Outcome:
        """Dispatch a recorded command with the dice where they stood when it
        first ran (replay checks; see ``engine.store.rows.dice_starts``)."""
        self.dice_position = max(self.dice_position, dice_position)
        return self.dispatch(command)

    def replay(self, commands: Sequence[CommandBase]) -> None:
        """Dispatch commands one after the other (used by tests and scripts)."""
        for command in commands:
            self.dispatch(command)
