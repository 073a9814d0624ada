"""The query API of the phase stepper panel: :func:`current_step`.

Everything is computed from the state at the moment of the call — the stored
procedure says only which step the GM stands at — so the panel is right after
any free board command, undo or reload.  The steps are a table
(:data:`UPLAND_FLOW`, one :class:`~engine.rulesets.steps.Step` per step): a new
step is one more entry, with its ``view`` and ``tells`` functions here and its
rules in its own module.  The same table is what the session enforces: each
entry names the commands that resolve it (``moves``) and those it also takes
(``free``); :data:`UPLAND_FREE` are taken at every step.  :class:`StepInfo`
(:mod:`engine.upland.step_view`) names the squares, cards, characters and
markers to highlight, the choices the step needs, the commands the GM can use
now and a short instruction in ja/en (``text``).
"""

from __future__ import annotations

from types import ModuleType

from engine.core.state import State
from engine.i18n import render
from engine.rulesets.steps import Flow
from engine.upland.diamond_steps import DIAMOND_STEPS
from engine.upland.encounter_steps import SETUP_STEPS
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from engine.upland.step_view import Choice, StepInfo, Tells, View, ViewOf, lazy_view, upland_step

__all__ = ["UPLAND_FLOW", "UPLAND_FREE", "Choice", "StepInfo", "View", "current_step"]


def _says(source: str) -> Tells:
    return lambda info, lang: render(source, lang)


def _step_views() -> ModuleType:
    from engine.upland import step_views

    return step_views


def _view(name: str) -> ViewOf:
    return lazy_view(_step_views, name)


# -- what each step tells the GM -------------------------------------------------
def _despair_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Despair event: {names} resist with POW against their own spirit pressure; each failure puts its strongest spade on the squares nearest the gate.",  # noqa: E501
        lang,
        names=info.who(lang),
    )


def _declare_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Each character declares scout, vision, prayer, resonance or no action ({declared}/{total} declared); then resolve: all roll at once, results in marching order.",  # noqa: E501
        lang,
        declared=info.counts.get("declared", 0),
        total=info.counts.get("total", 0),
    )


def _follow_up_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Critical scout: {names} may learn the suit of one square next to the scouted square (or set a hand card on a blank one), or pass.",  # noqa: E501
        lang,
        names=info.who(lang),
    )


def _sleepwalk_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Sleepwalking: {names} (Call above POW) resist with the Call against POW; a success walks toward the lingering bone.",  # noqa: E501
        lang,
        names=info.who(lang),
    )


def _hold_back_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Sleepwalkers {names}: another character may hold each back for 1 fatigue (success) or 2 (special); a critical cannot be held. Then continue.",  # noqa: E501
        lang,
        names=info.who(lang),
    )


def _choose_tells(info: StepInfo, lang: str) -> str:
    if info.counts.get("at_gate"):
        return render("The party moves to a square next to it, waits one hour, or leaves (it is at the gate).", lang)
    return render("The party moves to a square next to it or waits one hour.", lang)


def _pursuer_tells(info: StepInfo, lang: str) -> str:
    if not info.cards:
        return render("Pursuer: there is no open spade; nothing moves.", lang)
    return render("Pursuer: the strongest open spade moves one square toward the party.", lang)


def _incident_resolve_tells(info: StepInfo, lang: str) -> str:
    if info.incident is None:
        return render("No map card is due; the event phase is over.", lang)
    if info.incident.active is False:
        return render(
            "{event}: no encounter — the open spades total {total}, within the deathless points {deathless}. Leave the card face up.",  # noqa: E501
            lang,
            event=info.incident.name(lang),
            total=info.incident.spade_total,
            deathless=info.incident.deathless,
        )
    return render(
        "Resolve the {event} event of this card by hand, then mark it removed, left face up or tapped.",
        lang,
        event=info.incident.name(lang),
    )


def _end_tells(info: StepInfo, lang: str) -> str:
    if info.counts.get("night"):
        return render(
            "End of cycle {cycle}: players record their fatigue change; hand over declared cards; the night cycle follows.",  # noqa: E501
            lang,
            cycle=info.cycle,
        )
    return render(
        "End of cycle {cycle}: players record their fatigue change; hand over declared cards, then end the cycle.",
        lang,
        cycle=info.cycle,
    )


def _at(state: State) -> str:
    cycle = cycle_now(state)
    return StepId.SETUP.value if cycle is None else cycle.step.value


_INVESTIGATION_RULES = ("INV-1", "INV-2", "INV-3", "INV-4", "INV-5", "INV-6", "INV-7", "INV-8", "INV-9", "DICE-7")

#: OBS-4: a ♦ may follow an overcome obstacle at these steps (offered when one may).
OBSTACLE_DIAMOND = "upland_obstacle_diamond"
#: TRS-1: the due card's enemy eliminated, its treasure is rolled (at the card's own step).
OPEN_TREASURE = "upland_open_treasure"
#: The stages of a ♣ ♥ ♠ card's event at ``event.resolve`` (offered for the due card's suit).
SUIT_STAGES = (
    "upland_check_obstacle",
    "upland_overcome_obstacle",
    "upland_resolve_interaction",
    "upland_end_encounter",
    "upland_leave_encounter",
)

#: Commands the Upland takes at every step: sheet edits, the lingering bone's
#: placement by hand, the GM's jump to any step, and the battle map's encounter
#: set-up (ENC-2…ENC-8), which the GM runs from the Battle menu one command at a
#: time whenever a battle is open.
UPLAND_FREE = (
    "upland_set_sheet",
    "upland_set_sheet_value",
    "upland_set_skill",
    "upland_set_spell_bonus",
    "set_bone",
    "reveal_bone",
    "move_party",
    "place_marker",
    "move_group",
    "upland_give_cards",
    "upland_jump_to_step",
    *SETUP_STEPS[1:],  # the set-up on the battle board; opening the board is the board's own command
    "set_sr_delay",
    "upland_start_battle_round",
    "upland_attack_character",
)

#: The exploration cycle (CYC-1), one entry per step the phase stepper shows.
UPLAND_FLOW: Flow[StepInfo] = Flow.of(
    (
        upland_step(
            StepId.SETUP,
            ("CYC-1",),
            ("upland_start_exploration",),
            _view("setup_view"),
            _says(
                "Put the party token on the map and give every character an Upland sheet; set the lingering bone "
                "on its secret square (right-click a square ▸ Set the lingering bone here, MAP-5); then start the "
                "exploration."
            ),
        ),
        upland_step(
            StepId.CYCLE_DESPAIR,
            ("DSP-1", "DSP-2"),
            ("upland_resolve_despair",),
            _view("despair_view"),
            _despair_tells,
            next=StepId.DECLARE,
        ),
        upland_step(
            StepId.DECLARE,
            _INVESTIGATION_RULES,
            ("upland_resolve_investigation",),
            _view("declare_view"),
            _declare_tells,
            free=("upland_declare_action",),
        ),
        upland_step(
            StepId.FOLLOW_UP,
            ("INV-3",),
            ("upland_scout_peek", "upland_continue"),
            _view("follow_up_view"),
            _follow_up_tells,
        ),
        upland_step(
            StepId.TIME_DESPAIR, ("DSP-1", "DSP-2"), ("upland_resolve_despair",), _view("despair_view"), _despair_tells
        ),
        upland_step(
            StepId.SLEEPWALK, ("TIM-2",), ("upland_resolve_sleepwalking",), _view("sleepwalk_view"), _sleepwalk_tells
        ),
        upland_step(
            StepId.HOLD_BACK,
            ("TIM-2", "TIM-3", "TIM-4"),
            ("upland_continue",),
            _view("hold_back_view"),
            _hold_back_tells,
            free=("upland_hold_back",),
        ),
        upland_step(
            StepId.CHOOSE,
            ("TIM-1", "TIM-4", "TIM-5", "TIM-6", "TIM-7"),
            ("upland_choose_move", "upland_choose_wait", "upland_choose_leave"),
            _view("choose_view"),
            _choose_tells,
            when=("upland_choose_leave",),
        ),
        upland_step(
            StepId.PURSUER,
            ("PUR-1", "PUR-2"),
            ("upland_move_pursuer",),
            _view("pursuer_view"),
            _pursuer_tells,
            next=StepId.INCIDENT_START,
        ),
        upland_step(
            StepId.INCIDENT_START,
            ("EVT-1", "EVT-2"),
            ("upland_start_events",),
            _view("incident_start_view"),
            _says("Event phase: a blank square gets the deck's top card; its map cards trigger from the top."),
        ),
        upland_step(
            StepId.INCIDENT_RESOLVE,
            ("EVT-2", "EVT-3", "EVT-4"),
            ("upland_resolve_event", *SUIT_STAGES, OBSTACLE_DIAMOND, OPEN_TREASURE),
            _view("incident_resolve_view"),
            _incident_resolve_tells,
            when=(*SUIT_STAGES, OBSTACLE_DIAMOND, OPEN_TREASURE),
        ),
        *DIAMOND_STEPS,  # ♦ diamonds and the bone
        upland_step(
            StepId.END,
            ("END-1", "END-2", "CYC-1", "CYC-2"),
            ("upland_end_cycle", OBSTACLE_DIAMOND),
            _view("end_view"),
            _end_tells,
            when=(OBSTACLE_DIAMOND,),
        ),
        upland_step(
            StepId.NIGHT,
            ("CYC-2",),
            (),
            None,
            _says("Night cycle: its rules are outside the seeds; the GM runs it by hand."),
            ends=True,
        ),
        upland_step(
            StepId.LEFT,
            ("TIM-7",),
            (),
            None,
            _says("The party has left: the leave phase is outside the seeds."),
            ends=True,
        ),
    ),
    _at,
    free=UPLAND_FREE,
)


def current_step(state: State) -> StepInfo:
    """What the GM does now: the step, its choices, highlights and commands."""
    entry = UPLAND_FLOW.current(state)
    assert entry.view is not None  # every Upland step has one (upland_step)
    return entry.view(state)
