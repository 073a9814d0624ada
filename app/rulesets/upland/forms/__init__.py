"""The choices of each procedure step, as widgets (RULES.md §3).

One form per kind of step, built from ``current_step(state)`` and the state:
it shows what the step needs decided and answers ``resolve_command()`` — the
command the stepper's Resolve button sends.  Forms never change the state
themselves: a per-row button or a changed declaration goes through the
``dispatch`` they are given (the bridge, origin "stepper").

Choices that are only the GM's pick until Resolve (where the party moves, what
each character does while waiting, who holds a sleepwalker back) live in the
widgets; :meth:`StepForm.selections` and :meth:`StepForm.restore` carry them
over when the form is rebuilt after an unrelated command.  Declarations live in
the state (``DeclareAction`` on every change), so the board's markers follow.
"""

from __future__ import annotations

from app.rulesets.upland.forms.base import Dispatch, StepForm
from app.rulesets.upland.forms.cycle import EndForm, RollForm, SetupForm
from app.rulesets.upland.forms.diamonds import (
    AcceptForm,
    DiamondForm,
    RemainsForm,
    SummonForm,
    TearChoiceForm,
    TearCombatForm,
    TreasureForm,
)
from app.rulesets.upland.forms.incidents import EventForm
from app.rulesets.upland.forms.investigation import DeclareForm, FollowUpForm
from app.rulesets.upland.forms.suits import SuitEventForm
from app.rulesets.upland.forms.time_phase import ChooseForm, HoldBackForm
from engine.core.state import State
from engine.upland.procedure import StepId
from engine.upland.stepper import StepInfo

#: The form of each step of the Upland's procedure, declared once (the night and
#: after leaving get the bare :class:`StepForm`).
FORMS: dict[StepId, type[StepForm]] = {
    StepId.SETUP: SetupForm,
    StepId.CYCLE_DESPAIR: RollForm,
    StepId.DECLARE: DeclareForm,
    StepId.FOLLOW_UP: FollowUpForm,
    StepId.TIME_DESPAIR: RollForm,
    StepId.SLEEPWALK: RollForm,
    StepId.HOLD_BACK: HoldBackForm,
    StepId.CHOOSE: ChooseForm,
    StepId.PURSUER: RollForm,
    StepId.INCIDENT_START: RollForm,
    StepId.INCIDENT_RESOLVE: SuitEventForm,
    StepId.END: EndForm,
    StepId.REMAINS: RemainsForm,
    StepId.TEAR_CHOICE: TearChoiceForm,
    StepId.TEAR_SUMMON: SummonForm,
    StepId.TEAR_COMBAT: TearCombatForm,
    StepId.TEAR_ACCEPT: AcceptForm,
    StepId.TREASURE: TreasureForm,
}


def form_for(state: State, info: StepInfo, lang: str, dispatch: Dispatch) -> StepForm:
    """The form of ``info``'s step (a bare one for the night and after leaving)."""
    return FORMS.get(info.step, StepForm)(state, info, lang, dispatch)


__all__ = [
    "FORMS",
    "AcceptForm",
    "ChooseForm",
    "DeclareForm",
    "DiamondForm",
    "EndForm",
    "EventForm",
    "FollowUpForm",
    "HoldBackForm",
    "RemainsForm",
    "RollForm",
    "SetupForm",
    "StepForm",
    "SuitEventForm",
    "SummonForm",
    "TearChoiceForm",
    "TearCombatForm",
    "TreasureForm",
    "form_for",
]
