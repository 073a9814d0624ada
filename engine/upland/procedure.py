"""The exploration cycle's procedure state (CYC-1): where the GM stands in the
cycle and what the current phase has declared or found so far.

It holds only procedure facts — step, declarations, sleepwalkers, responses
counted, cards already dealt with in this event phase — never board facts: the
commands and :mod:`engine.upland.stepper` read squares, cards, hands and sheets
from the state each time, so a GM's free board commands between steps are
simply taken into account.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from engine.checks.levels import Level
from engine.upland.diamond_state import DiamondState
from engine.upland.sheet import UplandModel


class Phase(StrEnum):
    """CYC-1: investigation → time → event → end of cycle; ``done`` after TIM-7/CYC-2."""

    INVESTIGATION = "investigation"
    TIME = "time"
    INCIDENT = "event"  # the event phase (イベントフェイズ); the stored value stays "event"
    END = "end"
    DONE = "done"


class StepId(StrEnum):
    """Every step of the cycle the phase stepper shows (one command resolves each)."""

    SETUP = "setup"
    CYCLE_DESPAIR = "investigation.despair"
    DECLARE = "investigation.declare"
    FOLLOW_UP = "investigation.follow_up"
    TIME_DESPAIR = "time.despair"
    SLEEPWALK = "time.sleepwalk"
    HOLD_BACK = "time.hold_back"
    CHOOSE = "time.choose"
    PURSUER = "time.pursuer"
    INCIDENT_START = "event.start"
    INCIDENT_RESOLVE = "event.resolve"
    # ♦ diamonds and the bone
    REMAINS = "event.remains"
    TEAR_CHOICE = "event.tear_choice"
    TEAR_SUMMON = "event.tear_summon"
    TEAR_COMBAT = "event.tear_combat"
    TEAR_ACCEPT = "event.tear_accept"
    TREASURE = "event.treasure"
    END = "end.review"
    NIGHT = "night"
    LEFT = "left"


PHASE_OF: dict[StepId, Phase] = {
    StepId.SETUP: Phase.INVESTIGATION,
    StepId.CYCLE_DESPAIR: Phase.INVESTIGATION,
    StepId.DECLARE: Phase.INVESTIGATION,
    StepId.FOLLOW_UP: Phase.INVESTIGATION,
    StepId.TIME_DESPAIR: Phase.TIME,
    StepId.SLEEPWALK: Phase.TIME,
    StepId.HOLD_BACK: Phase.TIME,
    StepId.CHOOSE: Phase.TIME,
    StepId.PURSUER: Phase.TIME,
    StepId.INCIDENT_START: Phase.INCIDENT,
    StepId.INCIDENT_RESOLVE: Phase.INCIDENT,
    # ♦ diamonds and the bone
    **dict.fromkeys(
        (
            StepId.REMAINS,
            StepId.TEAR_CHOICE,
            StepId.TEAR_SUMMON,
            StepId.TEAR_COMBAT,
            StepId.TEAR_ACCEPT,
            StepId.TREASURE,
        ),
        Phase.INCIDENT,
    ),
    StepId.END: Phase.END,
    StepId.NIGHT: Phase.DONE,
    StepId.LEFT: Phase.DONE,
}


class Action(StrEnum):
    """INV-1: what a character does in the investigation phase."""

    SCOUT = "scout"
    VISION = "vision"
    PRAYER = "prayer"
    RESONANCE = "resonance"
    NONE = "none"


class Declaration(UplandModel):
    """INV-1: one character's declared action, marker square and options.

    ``skill`` is the skill-set pick for a scout (CHK-U-2) or the resonance's
    target skill (INV-7); ``card`` a hand card played for an INV-6 effect (a
    heart replacing the scout or prayer roll, a spade probing an unscouted
    square) or the vision's heart (INV-4); ``choose_fail`` declines the roll
    (DICE-7).
    """

    action: Action
    target: str | None = None
    skill: str | None = None
    card: str | None = None
    choose_fail: bool = False


class PendingPeek(UplandModel):
    """INV-3 critical: the scouter may still learn the suit of one square adjacent
    to ``target`` (or set a hand card there if it is blank)."""

    character: str
    target: str


class Sleepwalker(UplandModel):
    """TIM-2/TIM-3: a sleepwalking character, its roll's level and who holds it back."""

    level: Level
    held_by: str | None = None


class TimeAction(StrEnum):
    MOVE = "move"
    WAIT = "wait"
    LEAVE = "leave"


class WaitAction(StrEnum):
    """TIM-6: what each character does while the party waits."""

    SLEEP = "sleep"
    REST = "rest"
    WATCH = "watch"


class Lodging(UplandModel):
    """INT-3 lodging: the stay chosen in cycle ``since`` on ``square`` — ``hours``
    cycles pass without events; at hour ``attack_at`` (D20+4) the villagers turn
    into monsters, if the stay lasts that long."""

    square: str
    since: int
    hours: int
    attack_at: int


class CycleState(UplandModel):
    """Where the exploration stands (``State.cycle``; None before it starts)."""

    cycle: int = 1
    step: StepId = StepId.DECLARE
    declarations: dict[str, Declaration] = Field(default_factory=dict)
    pending_peeks: tuple[PendingPeek, ...] = ()
    #: INV-9: responses received in total; the crossing comes at the third.
    responses: int = 0
    #: BONE-1: the character whose resonance made the third response.
    crossing_by: str | None = None
    #: DSP-1: the last cycle whose despair event was resolved (0 = none yet).
    despair_cycle: int = 0
    sleepwalkers: dict[str, Sleepwalker] = Field(default_factory=dict)
    time_action: TimeAction | None = None
    #: OBS-1: the square the party moved from in this cycle's time phase.
    came_from: str | None = None
    #: ENC-10: after an escape, the square the next time phase's move goes to.
    escape_to: str | None = None
    #: ENC-10 (reading): the escape's move stacks a deck card on its square — only
    #: when someone left the maps outside the breakthrough zone (unscouted).
    escape_unscouted: bool = True
    #: INT-2: interaction numbers whose group the party beat in combat.
    beaten_interactions: tuple[int, ...] = ()
    wait_actions: dict[str, WaitAction] = Field(default_factory=dict)
    #: PUR-2: the ace of spades' last move, repeated on 6–9.
    ace_last_move: str | None = None
    #: EVT-3/EVT-4: cards of this event phase that stay and do not trigger again
    #: (left face up, tapped, or a heart's face-down replacement).
    events_done: tuple[str, ...] = ()
    #: END-1: each character's fatigue (in thirds) when the cycle began.
    fatigue_at_start: dict[str, int] = Field(default_factory=dict)
    #: CYC-2: the party did not leave by the end of ``night_after_cycle``.
    night: bool = False
    #: TIM-7: the party left at the gate; the exploration cycles are over.
    left: bool = False
    # ♦ diamonds and the bone
    diamonds: DiamondState = Field(default_factory=DiamondState)
    #: INT-3: reinforcement hearts waiting on squares — square → the value their
    #: first encounter there is compared with (used up by that encounter).
    reinforcements: dict[str, int] = Field(default_factory=dict)
    #: INT-3: the defence the party holds while it stays on a square: (square,
    #: the highest encounter strength it ignores); gone once the party moves.
    defence: tuple[str, int] | None = None
    #: INT-3: encounter strengths a reinforcement lowered (spade → strength).
    lowered: dict[str, int] = Field(default_factory=dict)
    #: INT-3: the party's stay in a hidden village (lodging), while it lasts.
    lodging: Lodging | None = None

    @property
    def phase(self) -> Phase:
        return PHASE_OF[self.step]
