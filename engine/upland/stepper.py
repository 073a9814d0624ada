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

from engine.core.state import State
from engine.i18n import render
from engine.rulesets.steps import Flow
from engine.upland.chs_stages import allowed_moves, stage_commands, stage_outcomes, stage_rules  # ♣ ♥ ♠ (issue 14)
from engine.upland.cycle import despair_participants, sleepwalk_candidates
from engine.upland.diamond_steps import DIAMOND_STEPS  # ♦ diamonds and the bone (issue 14)
from engine.upland.facts import (
    bone_square,
    cycle_of,
    near_gate,
    options,
    party,
    spades_in_hand,
    strength,
    upland_sheet,
)
from engine.upland.incident_phase import IncidentCard, current_incident_card, incident_card
from engine.upland.investigation import highest_skill, investigation_targets
from engine.upland.procedure import Action, StepId, WaitAction
from engine.upland.pursuer import pursuer
from engine.upland.skills import skill_set_menu
from engine.upland.slice import cycle_now
from engine.upland.step_view import Choice, StepInfo, Tells, View, upland_step
from engine.upland.time_phase import HOLD_BACK_COST, forbidden_wait_actions

__all__ = ["UPLAND_FLOW", "UPLAND_FREE", "Choice", "StepInfo", "View", "current_step"]


def _says(source: str) -> Tells:
    return lambda info, lang: render(source, lang)


# -- what each step shows --------------------------------------------------------
def _setup_view(state: State) -> View:
    return View(
        characters=tuple(c.id for c in party(state) if upland_sheet(c) is None),
        squares=(state.party,) if state.party else (),
        more_commands=("upland_set_sheet", "move_party"),  # free at every step; offered here
    )


def _despair_view(state: State) -> View:
    who = despair_participants(state)
    cards = tuple(max(spades_in_hand(state, c), key=lambda x: strength(state, x)) for c in who)
    near = tuple(near_gate(state)[: max(len(who), 1)])
    return View(characters=tuple(who), cards=cards, squares=near)


def _declare_view(state: State) -> View:
    cycle = cycle_of(state)
    total = len([c for c in party(state) if upland_sheet(c) is not None])
    return View(
        choices=tuple(_declare_choices(state)),
        squares=tuple(d.target for d in cycle.declarations.values() if d.target),
        characters=tuple(c.id for c in party(state) if c.id not in cycle.declarations),
        cards=tuple(d.card for d in cycle.declarations.values() if d.card),
        counts={"declared": len(cycle.declarations), "total": total},
    )


def _follow_up_view(state: State) -> View:
    peeks = cycle_of(state).pending_peeks
    return View(
        choices=tuple(Choice("peek", tuple(state.grid.orthogonal(p.target)), p.character) for p in peeks),
        characters=tuple(p.character for p in peeks),
        squares=tuple(p.target for p in peeks),
    )


def _sleepwalk_view(state: State) -> View:
    return View(characters=tuple(sleepwalk_candidates(state)), squares=_walk(state))


def _hold_back_view(state: State) -> View:
    walkers = cycle_of(state).sleepwalkers
    holders = tuple(c.id for c in party(state) if c.id not in walkers)
    choices = tuple(
        Choice("holder", holders, c, default=None)
        for c, w in walkers.items()
        if w.held_by is None and w.level in HOLD_BACK_COST
    )
    return View(choices=choices, characters=tuple(walkers), squares=_walk(state))


def _choose_view(state: State) -> View:
    here = state.party
    moves = allowed_moves(state, tuple(state.grid.orthogonal(here)) if here else ())  # ♣ ♥ ♠ (issue 14)
    choices = [Choice("move", moves)]
    for member in party(state):
        allowed = tuple(a.value for a in WaitAction if a not in forbidden_wait_actions(state, member.id))
        choices.append(Choice("wait", allowed, member.id, default=allowed[0]))
    at_gate = here == state.gate
    return View(
        choices=tuple(choices),
        squares=moves,
        counts={"at_gate": int(at_gate)},
        more_commands=("upland_choose_leave",) if at_gate else (),
    )


def _pursuer_view(state: State) -> View:
    found, here = pursuer(state), state.party
    squares: tuple[str, ...] = ()
    if found is not None and here is not None:
        squares = (found[1], state.grid.step_toward(found[1], here))
    return View(cards=(found[0],) if found else (), squares=squares)


def _incident_start_view(state: State) -> View:
    return View(squares=(state.party,) if state.party else ())


def _incident_resolve_view(state: State) -> View:
    card = current_incident_card(state)
    info = incident_card(state, card) if card else None
    default = "left" if info is not None and info.active is False else "removed"
    return View(
        incident=info,
        choices=(Choice("outcome", stage_outcomes(info), default=default),) if info else (),
        cards=(card,) if card else (),
        squares=(state.party,) if state.party else (),
        more_rules=(info.rules, *stage_rules(info)) if info else (),
        more_commands=(*(stage_commands(info) if info else ()), *_obstacle_diamond(state)),  # ♣ ♥ ♠ (issue 14)
        counts=_encounter_counts(state, info),
    )


def _encounter_counts(state: State, info: IncidentCard | None) -> dict[str, int]:
    """ENC-5/INT-3: the encounter strength the GM uses (a reinforcement may have lowered it)."""
    from engine.upland.encounter import encounter_strength

    if info is None or info.kind != "encounter":
        return {}
    return {"encounter_strength": encounter_strength(state, info.card)}


def _obstacle_diamond(state: State) -> tuple[str, ...]:
    """OBS-4: a ♦ may follow an obstacle overcome in this event phase."""
    from engine.upland.obstacle import overcome_obstacle

    return ("upland_obstacle_diamond",) if overcome_obstacle(state) else ()


def _end_view(state: State) -> View:
    from engine.upland.obstacle import overcome_obstacle  # OBS-4: a ♦ may follow an overcome obstacle

    night = cycle_of(state).cycle >= options(state).night_after_cycle
    diamond = ("upland_obstacle_diamond",) if overcome_obstacle(state) else ()
    # END-2: the declared cards are handed over with the table's own command
    return View(
        characters=tuple(c.id for c in party(state)),
        counts={"night": int(night)},
        more_commands=("give_card", *diamond),
    )


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
#: placement by hand, and the GM's jump to any step.
UPLAND_FREE = (
    "upland_set_sheet",
    "upland_set_sheet_value",
    "upland_set_skill",
    "upland_set_spell_bonus",
    "set_bone",
    "reveal_bone",
    "upland_jump_to_step",
)

#: The exploration cycle (CYC-1), one entry per step the phase stepper shows.
UPLAND_FLOW: Flow[StepInfo] = Flow.of(
    (
        upland_step(
            StepId.SETUP,
            ("CYC-1",),
            ("upland_start_exploration",),
            _setup_view,
            _says(
                "Put the party token on the map and give every character an Upland sheet, then start the exploration."
            ),
        ),
        upland_step(
            StepId.CYCLE_DESPAIR,
            ("DSP-1", "DSP-2"),
            ("upland_resolve_despair",),
            _despair_view,
            _despair_tells,
            next=StepId.DECLARE,
        ),
        upland_step(
            StepId.DECLARE,
            _INVESTIGATION_RULES,
            ("upland_resolve_investigation",),
            _declare_view,
            _declare_tells,
            free=("upland_declare_action",),
        ),
        upland_step(
            StepId.FOLLOW_UP, ("INV-3",), ("upland_scout_peek", "upland_continue"), _follow_up_view, _follow_up_tells
        ),
        upland_step(
            StepId.TIME_DESPAIR, ("DSP-1", "DSP-2"), ("upland_resolve_despair",), _despair_view, _despair_tells
        ),
        upland_step(StepId.SLEEPWALK, ("TIM-2",), ("upland_resolve_sleepwalking",), _sleepwalk_view, _sleepwalk_tells),
        upland_step(
            StepId.HOLD_BACK,
            ("TIM-2", "TIM-3", "TIM-4"),
            ("upland_continue",),
            _hold_back_view,
            _hold_back_tells,
            free=("upland_hold_back",),
        ),
        upland_step(
            StepId.CHOOSE,
            ("TIM-1", "TIM-4", "TIM-5", "TIM-6", "TIM-7"),
            ("upland_choose_move", "upland_choose_wait", "upland_choose_leave"),
            _choose_view,
            _choose_tells,
            when=("upland_choose_leave",),
        ),
        upland_step(
            StepId.PURSUER,
            ("PUR-1", "PUR-2"),
            ("upland_move_pursuer",),
            _pursuer_view,
            _pursuer_tells,
            next=StepId.INCIDENT_START,
        ),
        upland_step(
            StepId.INCIDENT_START,
            ("EVT-1", "EVT-2"),
            ("upland_start_events",),
            _incident_start_view,
            _says("Event phase: a blank square gets the deck's top card; its map cards trigger from the top."),
        ),
        upland_step(
            StepId.INCIDENT_RESOLVE,
            ("EVT-2", "EVT-3", "EVT-4"),
            ("upland_resolve_event", *SUIT_STAGES, OBSTACLE_DIAMOND, OPEN_TREASURE),
            _incident_resolve_view,
            _incident_resolve_tells,
            when=(*SUIT_STAGES, OBSTACLE_DIAMOND, OPEN_TREASURE),
        ),
        *DIAMOND_STEPS,  # ♦ diamonds and the bone
        upland_step(
            StepId.END,
            ("END-1", "END-2", "CYC-1", "CYC-2"),
            ("upland_end_cycle", OBSTACLE_DIAMOND),
            _end_view,
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


def _declare_choices(state: State) -> list[Choice]:
    out: list[Choice] = []
    opts = options(state)
    for member in party(state):
        sheet = upland_sheet(member)
        if sheet is None:
            continue
        actions = [a.value for a in Action if a is Action.NONE or investigation_targets(state, member.id, a)]
        out.append(Choice("action", tuple(actions), member.id, default=Action.NONE.value))
        for action in actions:
            targets = investigation_targets(state, member.id, action)
            if targets:
                out.append(Choice("target", tuple(targets), member.id, action, targets[0]))
        menu = skill_set_menu(sheet, "scout", opts)
        if menu:
            out.append(Choice("skill", tuple(c.skill for c in menu), member.id, Action.SCOUT.value, menu[0].skill))
        if sheet.skills:
            skills = tuple(sorted(sheet.skills, key=lambda n: -sheet.skills[n].value))
            out.append(Choice("skill", skills, member.id, Action.RESONANCE.value, highest_skill(state, member.id)))
        hand = state.hands.get(member.id, ())
        if hand:
            out.append(Choice("card", hand, member.id))
    return out


def current_step(state: State) -> StepInfo:
    """What the GM does now: the step, its choices, highlights and commands."""
    entry = UPLAND_FLOW.current(state)
    assert entry.view is not None  # every Upland step has one (upland_step)
    return entry.view(state)


def _walk(state: State) -> tuple[str, ...]:
    """TIM-2: the party's square and the square a sleepwalker would walk to (GM view)."""
    here, bone = state.party, bone_square(state)
    if here is None:
        return ()
    if bone is None or bone == here:
        return (here,)
    return (here, state.grid.step_toward(here, bone))
