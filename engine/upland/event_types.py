"""Events of the Upland exploration: the cycle's flow, the time and event
phases — and, re-exported, the sheet and investigation events.

Like the board events they apply without rolling (every die is inside
:class:`CheckMade`), describe themselves for the GM's log in either language and
name what they touch.  Card moves, flips, markers and the party token reuse the
board events (CardMoved, CardFlipped, MarkerPlaced, PartyMoved) and the bone's (BoneRevealed).
Import them through :mod:`engine.upland.events` (see there why).
"""

from __future__ import annotations

from typing import Literal

from engine.checks.levels import Level
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.i18n import render
from engine.upland.event_support import touch_cycle, with_cycle
from engine.upland.facts import cycle_of, upland_sheet
from engine.upland.investigation_event_types import (
    ActionDeclared,
    CheckMade,
    CheckWhat,
    InvestigationResolved,
    PeekPending,
    PeekResolved,
    ResponsesCounted,
    SpadeProbed,
    SuitLearned,
)
from engine.upland.procedure import (
    CycleState,
    Sleepwalker,
    StepId,
    TimeAction,
    WaitAction,
)
from engine.upland.sheet import thirds_text
from engine.upland.sheet_event_types import SheetSet, SheetValueChanged, SkillChanged
from engine.upland.slice import party_of, with_cycle_state
from engine.upland.texts import (
    card_text,
    level_text,
    names_text,
    step_text,
    wait_text,
)


class ExplorationStarted(EventBase):
    """CYC-1: the exploration cycles begin (cycle 1)."""

    type: Literal["upland_exploration_started"] = "upland_exploration_started"
    cycle: CycleState

    def apply(self, state: State) -> State:
        return with_cycle_state(state, self.cycle)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        return render("The exploration begins: cycle {cycle}.", lang, cycle=self.cycle.cycle)


class StepEntered(EventBase):
    """The procedure moved to ``step`` (``by_gm``: the GM jumped there by hand)."""

    type: Literal["upland_step_entered"] = "upland_step_entered"
    step: StepId
    previous: StepId
    cycle: int
    by_gm: bool = False

    def apply(self, state: State) -> State:
        return with_cycle(state, step=self.step)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.by_gm:
            return render(
                "The GM moved the procedure to cycle {cycle}, {step}.",
                lang,
                cycle=self.cycle,
                step=step_text(self.step, lang),
            )
        return render("Cycle {cycle}: {step}.", lang, cycle=self.cycle, step=step_text(self.step, lang))


class DespairResolved(EventBase):
    """DSP-1/DSP-2: this cycle's despair event is over."""

    type: Literal["upland_despair_resolved"] = "upland_despair_resolved"
    cycle: int
    participants: tuple[str, ...]
    failed: tuple[str, ...]
    #: The dice after the GM's shuffle of several cards (DSP-2).
    dice: DiceState | None = None

    def apply(self, state: State) -> State:
        state = with_cycle(state, despair_cycle=self.cycle)
        return state if self.dice is None else state.model_copy(update={"dice": self.dice})

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if not self.participants:
            return render("Despair event: nobody holds a spade.", lang)
        return render(
            "Despair event: {count} of {total} failed ({names}).",
            lang,
            count=len(self.failed),
            total=len(self.participants),
            names=names_text(list(self.failed), lang),
        )


class SleepwalkerFound(EventBase):
    """TIM-2: a character sleepwalks toward the lingering bone."""

    type: Literal["upland_sleepwalker"] = "upland_sleepwalker"
    character: str
    name: str
    level: Level

    def apply(self, state: State) -> State:
        walkers = dict(cycle_of(state).sleepwalkers)
        walkers[self.character] = Sleepwalker(level=self.level)
        return with_cycle(state, sleepwalkers=walkers)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        if self.level == "critical":
            return render("{name} sleepwalks (critical: cannot be held back).", lang, name=self.name)
        return render("{name} sleepwalks ({level}).", lang, name=self.name, level=level_text(self.level, lang))


class HeldBack(EventBase):
    """TIM-3: a sleepwalker held back by another character (fatigue paid apart)."""

    type: Literal["upland_held_back"] = "upland_held_back"
    sleepwalker: str
    holder: str
    sleepwalker_name: str
    holder_name: str
    cost: int

    def apply(self, state: State) -> State:
        walkers = dict(cycle_of(state).sleepwalkers)
        walkers[self.sleepwalker] = walkers[self.sleepwalker].model_copy(update={"held_by": self.holder})
        return with_cycle(state, sleepwalkers=walkers)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.characters.update((self.sleepwalker, self.holder))

    def describe(self, lang: str = "ja") -> str:
        return render(
            "{holder} holds {walker} back for {cost} fatigue (TIM-3).",
            lang,
            holder=self.holder_name,
            walker=self.sleepwalker_name,
            cost=self.cost,
        )


class TimeActionTaken(EventBase):
    """TIM-1: the party's choice of the time phase (a sleepwalk counts as a move, TIM-4)."""

    type: Literal["upland_time_action"] = "upland_time_action"
    action: TimeAction
    square: str | None = None
    sleepwalk: bool = False
    wait_actions: dict[str, WaitAction] = {}
    names: dict[str, str] = {}

    def apply(self, state: State) -> State:
        update: dict[str, object] = {"time_action": self.action, "wait_actions": dict(self.wait_actions)}
        if self.action is TimeAction.LEAVE:
            update["left"] = True
        if self.action is TimeAction.MOVE:
            update["came_from"] = party_of(state)  # applied before PartyMoved (OBS-1)
            update["defence"] = None  # INT-3: a defence holds only while the party stays
            update["lodging"] = None  # INT-3: leaving the hidden village ends the stay
            update["escape_to"] = None  # ENC-10: the escape's move is made
            update["escape_unscouted"] = True
        return with_cycle(state, **update)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        match self.action:
            case TimeAction.MOVE if self.sleepwalk:
                return render("The party follows its sleepwalkers to {square} (TIM-4).", lang, square=self.square)
            case TimeAction.MOVE:
                return render("The party chooses to move to {square} (TIM-4).", lang, square=self.square)
            case TimeAction.WAIT:
                parts = [f"{self.names.get(c, c)}: {wait_text(a, lang)}" for c, a in self.wait_actions.items()]
                return render("The party waits one hour ({actions}).", lang, actions=" / ".join(parts))
            case _:
                return render("The party leaves at the gate: the exploration cycles end (TIM-7).", lang)


class PursuerMoved(EventBase):
    """PUR-1/PUR-2: the pursuer's move (the card itself moves in CardMoved events)."""

    type: Literal["upland_pursuer_moved"] = "upland_pursuer_moved"
    card: str | None
    path: tuple[str, ...] = ()
    ace_move: str | None = None

    def apply(self, state: State) -> State:
        if self.ace_move is None:
            return state
        return with_cycle(state, ace_last_move=self.ace_move)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.squares.update(self.path)

    def describe(self, lang: str = "ja") -> str:
        if self.card is None:
            return render("No pursuer: there is no open spade on the board.", lang)
        if len(self.path) < 2:
            return render(
                "The pursuer {card} stays on {square}.",
                lang,
                card=card_text(self.card, lang),
                square=self.path[0] if self.path else "-",
            )
        return render(
            "The pursuer {card} moves {path}.", lang, card=card_text(self.card, lang), path=" → ".join(self.path)
        )


class IncidentExposed(EventBase):
    """EVT-2: the map card whose event the GM resolves next, with its suit's event."""

    type: Literal["upland_event_exposed"] = "upland_event_exposed"
    card: str
    square: str
    event_ja: str
    event_en: str
    rules: str
    #: ENC-1 for a spade: the deathless points, the open spades' total and whether
    #: this card is the active spade.
    deathless: int | None = None
    spade_total: int | None = None
    active: bool | None = None

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        changes.squares.add(self.square)
        changes.cards.add(self.card)

    def describe(self, lang: str = "ja") -> str:
        event = self.event_ja if lang == "ja" else self.event_en
        line = render(
            "Event on {square}: {card} — {event} ({rules}).",
            lang,
            square=self.square,
            card=card_text(self.card, lang),
            event=event,
            rules=self.rules,
        )
        if self.active is True:
            line += render(
                " Encounter: the open spades total {total}, above deathless {deathless}, and this is the strongest (ENC-1).",  # noqa: E501
                lang,
                total=self.spade_total,
                deathless=self.deathless,
            )
        if self.active is False:
            line += " " + render(
                "No encounter: open spades total {total}, deathless {deathless} (ENC-1).",
                lang,
                total=self.spade_total,
                deathless=self.deathless,
            )
        return line


IncidentOutcome = Literal["removed", "left", "tapped"]


class IncidentResolved(EventBase):
    """EVT-3/EVT-4: how the GM resolved a map card's event."""

    type: Literal["upland_event_resolved"] = "upland_event_resolved"
    card: str
    square: str
    outcome: IncidentOutcome
    replacement: str | None = None

    def apply(self, state: State) -> State:
        done = cycle_of(state).events_done
        if self.outcome != "removed":
            done += (self.card,)
        if self.replacement is not None:
            done += (self.replacement,)
        return with_cycle(state, events_done=done)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.squares.add(self.square)

    def describe(self, lang: str = "ja") -> str:
        card = card_text(self.card, lang)
        match self.outcome:
            case "removed" if self.replacement:
                return render(
                    "{card} resolved and removed; a new card lies face down on {square} (EVT-4).",
                    lang,
                    card=card,
                    square=self.square,
                )
            case "removed":
                return render("{card} resolved and removed (EVT-3).", lang, card=card)
            case "tapped":
                return render("{card} overcome and tapped (OBS-1).", lang, card=card)
            case _:
                return render("{card} stays face up on {square} (EVT-3).", lang, card=card, square=self.square)


class FatigueRecorded(EventBase):
    """END-1: a character's fatigue change over the cycle, for the sheet."""

    type: Literal["upland_fatigue_recorded"] = "upland_fatigue_recorded"
    character: str
    name: str
    before: int
    after: int

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)

    def describe(self, lang: str = "ja") -> str:
        delta = self.after - self.before
        return render(
            "{name}: fatigue this cycle {delta} (now {after}).",
            lang,
            name=self.name,
            delta=("+" if delta >= 0 else "") + thirds_text(delta),
            after=thirds_text(self.after),
        )


class CycleEnded(EventBase):
    """CYC-1/CYC-2: the cycle is over; the next begins, or the night cycle."""

    type: Literal["upland_cycle_ended"] = "upland_cycle_ended"
    cycle: int
    night: bool = False

    def apply(self, state: State) -> State:
        fatigue = {c.id: s.fatigue_thirds for c in state.characters.values() if (s := upland_sheet(c)) is not None}
        return with_cycle(
            state,
            cycle=self.cycle if self.night else self.cycle + 1,
            declarations={},
            pending_peeks=(),
            sleepwalkers={},
            time_action=None,
            wait_actions={},
            events_done=(),
            fatigue_at_start=fatigue,
            night=self.night,
        )

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        if self.night:
            return render(
                "Cycle {cycle} ends without leaving: the night cycle begins; the GM takes over (CYC-2).",
                lang,
                cycle=self.cycle,
            )
        return render("Cycle {cycle} ends.", lang, cycle=self.cycle)


UPLAND_EVENTS = (
    SheetSet,
    SheetValueChanged,
    SkillChanged,
    ExplorationStarted,
    StepEntered,
    ActionDeclared,
    CheckMade,
    SuitLearned,
    SpadeProbed,
    PeekPending,
    PeekResolved,
    ResponsesCounted,
    InvestigationResolved,
    DespairResolved,
    SleepwalkerFound,
    HeldBack,
    TimeActionTaken,
    PursuerMoved,
    IncidentExposed,
    IncidentResolved,
    FatigueRecorded,
    CycleEnded,
)

__all__ = [cls.__name__ for cls in UPLAND_EVENTS] + ["CheckWhat", "IncidentOutcome", "UPLAND_EVENTS"]
