"""What the phase stepper shows at an Upland step, and how an entry of the step
table is built (:func:`upland_step`).

Every entry's ``view`` gives a whole :class:`StepInfo` — the step, its rules,
the commands the GM can use now, the choices and highlights — so the table is
typed (``Flow[StepInfo]``) and its ``tells`` read exactly what its ``view``
computes.  A step's own view function returns the part that differs per step
(:class:`View`); :func:`upland_step` adds what every step shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING

from engine.core.state import State
from engine.rulesets.steps import Step
from engine.upland.procedure import PHASE_OF, Phase, StepId
from engine.upland.slice import cycle_now, markers_of
from engine.upland.texts import STEP_TITLES, names_text, step_text

if TYPE_CHECKING:
    from engine.upland.incident_phase import IncidentCard


@dataclass(frozen=True)
class Choice:
    """Something the step needs decided: ``kind`` says what, ``options`` the legal
    answers (square names, skills, character ids, …), ``default`` the engine's pick."""

    kind: str
    options: tuple[str, ...]
    character: str | None = None
    action: str | None = None
    default: str | None = None


@dataclass(frozen=True)
class StepInfo:
    cycle: int
    phase: Phase
    step: StepId
    rules: tuple[str, ...]
    #: ``type`` values of the commands the GM can use at this step now (the step's
    #: moves and free commands, those that depend on the moment only when they apply).
    commands: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    squares: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    #: Characters whose investigation markers are on the map.
    markers: tuple[str, ...] = ()
    incident: IncidentCard | None = None
    done: bool = False
    names: dict[str, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    #: ``type`` values of the commands that resolve this step (the table's ``moves``).
    resolving: tuple[str, ...] = ()

    def title(self, lang: str = "ja") -> str:
        return step_text(self.step, lang)

    def text(self, lang: str = "ja") -> str:
        """The GM's instruction for this step (the step table's ``tells``)."""
        from engine.upland.stepper import UPLAND_FLOW

        tells = UPLAND_FLOW.step(self.step.value).tells
        assert tells is not None
        return tells(self, lang)

    def who(self, lang: str) -> str:
        return names_text([self.names.get(c, c) for c in self.characters], lang)


@dataclass(frozen=True)
class View:
    """What one step shows, beyond what every step shows (a step's own view)."""

    choices: tuple[Choice, ...] = ()
    squares: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    incident: IncidentCard | None = None
    counts: dict[str, int] = field(default_factory=dict)
    #: Rules and commands that depend on the moment (an event card's rule, leaving at the gate).
    more_rules: tuple[str, ...] = ()
    more_commands: tuple[str, ...] = ()


Tells = Callable[[StepInfo, str], str]
ViewOf = Callable[[State], View]


def lazy_view(load: Callable[[], ModuleType], name: str) -> ViewOf:
    """The view ``name`` of the module ``load`` imports, imported on first use: the
    session reads the step table on every command, but only the stepper asks for
    views, and they read the rule modules (which the first drag of a session need
    not load).  ``load`` imports with a plain ``import`` statement so that the
    bundle's analysis (PyInstaller) sees the module."""

    def view(state: State) -> View:
        shown: ViewOf = getattr(load(), name)
        return shown(state)

    view.__name__ = name
    return view


def upland_step(
    step: StepId,
    rules: tuple[str, ...],
    moves: tuple[str, ...],
    view: ViewOf | None,
    tells: Tells,
    *,
    free: tuple[str, ...] = (),
    when: tuple[str, ...] = (),
    next: StepId | None = None,
    ends: bool = False,
) -> Step[StepInfo]:
    """One entry of the Upland step table.

    ``moves`` resolve the step, ``free`` it also takes (both enforced by the
    session); ``when`` names those of them the GM is offered only when the
    step's view adds them (leaving at the gate, a club's check): the step
    accepts them always, their own rules say whether they apply now.
    """
    shown = tuple(c for c in (*moves, *free) if c not in when)

    def info(state: State) -> StepInfo:
        seen = view(state) if view is not None else View()
        cycle = cycle_now(state)
        return StepInfo(
            cycle=cycle.cycle if cycle is not None else 0,
            phase=PHASE_OF[step],
            step=step,
            rules=rules + seen.more_rules,
            commands=shown + seen.more_commands,
            choices=seen.choices,
            squares=seen.squares,
            cards=seen.cards,
            characters=seen.characters,
            markers=tuple(c for c in markers_of(state) if c in state.characters),
            incident=seen.incident,
            done=ends,
            names={c.id: c.name for c in state.characters.values()},
            counts=seen.counts,
            resolving=moves,
        )

    return Step(
        id=step.value,
        phase=PHASE_OF[step].value,
        title=STEP_TITLES[step],
        rules=rules,
        moves=moves,
        free=free,
        next=next.value if next is not None else None,
        view=info,
        tells=tells,
        ends=ends,
    )
