"""Procedure steps declared as data (boardgame.io's phases: ``{moves, next,
onBegin, endIf}``), and enforced by the session.

A ruleset's :class:`Flow` is a table of :class:`Step` entries plus one function
that reads from the state which step the GM stands at.  The stepper panel and
any other reader look the step up in the table; adding a step (a suit event, a
combat round) is one more entry and its rule module — no central ``match``.

The table is also what the engine enforces: :class:`engine.core.session.Session`
refuses a command the flow names when the current step does not take it
(:meth:`Flow.refuse_unless_accepted`), with the step's title in the message, and
checks that a move of a step with a static ``next`` lands there.  A command type
is *governed* by a flow when the flow names it: as a move that resolves a step,
as a free command of one step, or as free at every step (``Flow.free``).  A
command no flow names (the card table, the battle board, the dice box) is never
refused by a flow: only its own rules can refuse it.

What comes next is declared on the step (``next``) where it is static; where it
depends on the state (whether anyone sleepwalks, which card is due) the rule
module that resolves the step decides, reading the state at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.errors import EngineError
from engine.i18n import render, translate

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.state import State

#: What a step's ``view`` computes from the state and its ``tells`` reads (the ruleset's own type).
V = TypeVar("V")


@dataclass(frozen=True)
class Step(Generic[V]):
    """One step of a procedure.

    ``moves`` are the ``type`` values of the commands that resolve it (the
    procedure goes on to another step); ``free`` the commands it also takes
    that leave it where it is (a declaration before the resolve, one combat
    action of a turn); ``next`` the step every move leads to, when that does
    not depend on the state.  ``view`` computes from the state what the step
    shows (highlights, choices — the ruleset's own type ``V``); ``tells`` gives
    the GM's instruction from that view in a language; ``title`` is the step's
    name as English source text (translated by :mod:`engine.i18n`, as the
    refusal message names it); ``ends`` marks a step where the flow is over.
    """

    id: str
    phase: str
    rules: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    view: Callable[[State], V] | None = None
    tells: Callable[[V, str], str] | None = None
    ends: bool = False
    free: tuple[str, ...] = ()
    next: str | None = None
    title: str = ""

    def takes(self, command_type: str) -> bool:
        """Does this step itself take a command of ``command_type`` (a move or one of its free commands)?"""
        return command_type in self.moves or command_type in self.free

    def name(self, lang: str = "en") -> str:
        """The step's title in ``lang`` (its id when it has none)."""
        return translate(self.title, lang) if self.title else self.id


class NotAtThisStep(EngineError):
    """A command the flow names, refused because the current step does not take it.

    The message names the step and the command in the reader's language (both
    are translated when the message is shown, not when it is raised)."""

    SOURCE = "Not now: the procedure is at the step “{step}”, which does not take “{command}”."

    def __init__(self, step: Step[Any], command: CommandBase) -> None:
        self.step = step
        self.command = command
        super().__init__(self.SOURCE, step=step.name("en"), command=command.label("en"), step_id=step.id)

    def text(self, lang: str = "en") -> str:
        return render(self.SOURCE, lang, step=self.step.name(lang), command=self.command.label(lang))


@dataclass(frozen=True)
class Flow(Generic[V]):
    """A ruleset's procedure: its steps, where the state stands, and the commands free at every step."""

    steps: tuple[Step[V], ...]
    #: The id of the step the GM stands at, read from the state.
    at: Callable[[State], str]
    #: Command types the flow takes at every step (sheet edits, the GM's overrides).
    free: tuple[str, ...] = ()
    _by_id: dict[str, Step[V]] = field(init=False, repr=False, compare=False)
    _named: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.id: s for s in self.steps})
        named = {t for s in self.steps for t in (*s.moves, *s.free)} | set(self.free)
        object.__setattr__(self, "_named", frozenset(named))
        unknown = sorted({s.next for s in self.steps if s.next is not None} - set(self._by_id))
        if unknown:
            raise EngineError("Unknown step '{step}'.", step=", ".join(unknown))

    def step(self, step_id: str) -> Step[V]:
        found = self._by_id.get(step_id)
        if found is None:
            raise EngineError("Unknown step '{step}'.", step=step_id)
        return found

    def current(self, state: State) -> Step[V]:
        return self.step(self.at(state))

    def governs(self, command_type: str) -> bool:
        """Does the flow name ``command_type`` at all (as a move, or free at one step or at every step)?"""
        return command_type in self._named

    def accepts(self, state: State, command_type: str) -> bool:
        """Does the flow let a command of ``command_type`` run now?  A type it
        does not govern is not its business (True); a governed one must be free
        everywhere or taken by the current step."""
        if command_type not in self._named or command_type in self.free:
            return True
        return self.current(state).takes(command_type)

    def refuse_unless_accepted(self, state: State, command: CommandBase) -> Step[V] | None:
        """Raise :class:`NotAtThisStep` if the current step does not take ``command``;
        otherwise return the step when ``command`` is one of its moves (None if not),
        so the caller can check where the move led (:meth:`check_next`)."""
        kind = command.type
        if kind not in self._named:
            return None
        step = self.current(state)
        if step.takes(kind):
            return step if kind in step.moves else None
        if kind in self.free:
            return None
        raise NotAtThisStep(step, command)

    def check_next(self, moved_from: Step[V], after: State) -> None:
        """A move of a step with a static ``next`` must land there: the table and
        the rule modules may not tell two stories (an engine fault, refused)."""
        if moved_from.next is None:
            return
        landed = self.at(after)
        if landed != moved_from.next:
            raise EngineError(
                "The step {step} leads to {next}, but the procedure went to {landed}.",
                step=moved_from.id,
                next=moved_from.next,
                landed=landed,
            )

    def tell(self, state: State, lang: str = "en") -> str:
        """The GM's instruction at the current step (its ``tells`` over its ``view``)."""
        step = self.current(state)
        if step.view is None or step.tells is None:
            return step.name(lang)
        return step.tells(step.view(state), lang)

    @classmethod
    def of(cls, steps: Iterable[Step[V]], at: Callable[[State], str], free: Iterable[str] = ()) -> Flow[V]:
        return cls(tuple(steps), at, tuple(free))
