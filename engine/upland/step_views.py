"""What each Upland step shows (the ``view`` of each entry of
:data:`engine.upland.stepper.UPLAND_FLOW`): highlights, choices, counts and the
commands that apply at the moment.

They read the rule modules, so they live apart from the step table: the session
reads the table on every command, the stepper panel asks for a view; the table
loads this module only then (``engine.upland.stepper._view``).
"""

from __future__ import annotations

from engine.core.state import State
from engine.upland.chs_stages import allowed_moves, stage_commands, stage_outcomes, stage_rules
from engine.upland.cycle import despair_participants, sleepwalk_candidates
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
from engine.upland.procedure import Action, WaitAction
from engine.upland.pursuer import pursuer
from engine.upland.skills import skill_set_menu
from engine.upland.slice import gate_of, party_of, party_squares
from engine.upland.step_view import Choice, View
from engine.upland.time_phase import HOLD_BACK_COST, forbidden_wait_actions


def setup_view(state: State) -> View:
    return View(
        characters=tuple(c.id for c in party(state) if upland_sheet(c) is None),
        squares=party_squares(state),
        more_commands=("upland_set_sheet", "move_party"),  # free at every step; offered here
    )


def despair_view(state: State) -> View:
    who = despair_participants(state)
    cards = tuple(max(spades_in_hand(state, c), key=lambda x: strength(state, x)) for c in who)
    near = tuple(near_gate(state)[: max(len(who), 1)])
    return View(characters=tuple(who), cards=cards, squares=near)


def declare_view(state: State) -> View:
    cycle = cycle_of(state)
    total = len([c for c in party(state) if upland_sheet(c) is not None])
    return View(
        choices=tuple(_declare_choices(state)),
        squares=tuple(d.target for d in cycle.declarations.values() if d.target),
        characters=tuple(c.id for c in party(state) if c.id not in cycle.declarations),
        cards=tuple(d.card for d in cycle.declarations.values() if d.card),
        counts={"declared": len(cycle.declarations), "total": total},
    )


def follow_up_view(state: State) -> View:
    peeks = cycle_of(state).pending_peeks
    return View(
        choices=tuple(Choice("peek", tuple(state.grid.orthogonal(p.target)), p.character) for p in peeks),
        characters=tuple(p.character for p in peeks),
        squares=tuple(p.target for p in peeks),
    )


def sleepwalk_view(state: State) -> View:
    return View(characters=tuple(sleepwalk_candidates(state)), squares=_walk(state))


def hold_back_view(state: State) -> View:
    walkers = cycle_of(state).sleepwalkers
    holders = tuple(c.id for c in party(state) if c.id not in walkers)
    choices = tuple(
        Choice("holder", holders, c, default=None)
        for c, w in walkers.items()
        if w.held_by is None and w.level in HOLD_BACK_COST
    )
    return View(choices=choices, characters=tuple(walkers), squares=_walk(state))


def choose_view(state: State) -> View:
    here = party_of(state)
    moves = allowed_moves(state, tuple(state.grid.orthogonal(here)) if here else ())  # ♣ ♥ ♠
    choices = [Choice("move", moves)]
    for member in party(state):
        allowed = tuple(a.value for a in WaitAction if a not in forbidden_wait_actions(state, member.id))
        choices.append(Choice("wait", allowed, member.id, default=allowed[0]))
    at_gate = here == gate_of(state)
    return View(
        choices=tuple(choices),
        squares=moves,
        counts={"at_gate": int(at_gate)},
        more_commands=("upland_choose_leave",) if at_gate else (),
    )


def pursuer_view(state: State) -> View:
    found, here = pursuer(state), party_of(state)
    squares: tuple[str, ...] = ()
    if found is not None and here is not None:
        squares = (found[1], state.grid.step_toward(found[1], here))
    return View(cards=(found[0],) if found else (), squares=squares)


def incident_start_view(state: State) -> View:
    return View(squares=party_squares(state))


def incident_resolve_view(state: State) -> View:
    card = current_incident_card(state)
    info = incident_card(state, card) if card else None
    default = "left" if info is not None and info.active is False else "removed"
    return View(
        incident=info,
        choices=(Choice("outcome", stage_outcomes(info), default=default),) if info else (),
        cards=(card,) if card else (),
        squares=party_squares(state),
        more_rules=(info.rules, *stage_rules(info)) if info else (),
        more_commands=(*(stage_commands(info) if info else ()), *_obstacle_diamond(state)),  # ♣ ♥ ♠
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


def end_view(state: State) -> View:
    from engine.upland.obstacle import overcome_obstacle  # OBS-4: a ♦ may follow an overcome obstacle

    night = cycle_of(state).cycle >= options(state).night_after_cycle
    diamond = ("upland_obstacle_diamond",) if overcome_obstacle(state) else ()
    # END-2: the declared cards are handed over with the table's own command
    return View(
        characters=tuple(c.id for c in party(state)),
        counts={"night": int(night)},
        more_commands=("give_card", *diamond),
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


def _walk(state: State) -> tuple[str, ...]:
    """TIM-2: the party's square and the square a sleepwalker would walk to (GM view)."""
    here, bone = party_of(state), bone_square(state)
    if here is None:
        return ()
    if bone is None or bone == here:
        return (here,)
    return (here, state.grid.step_toward(here, bone))
