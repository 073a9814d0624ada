"""What the event step offers for a ♣ ♥ ♠ card: the rules and the
commands of its suit's stages, added to the ``event.resolve`` step's view.

Each stage is one group of commands: a club's check or hand heart (OBS), a
heart's effect (INT, never "left face up": EVT-4), an active spade's battle
set-up and appearance on the battle board (ENC-2 … ENC-9) and the end of the
GM's fight (ENC-10, ENC-11).
"""

from __future__ import annotations

from engine.core.state import State
from engine.upland.encounter_steps import SETUP_STEPS
from engine.upland.incident_phase import IncidentCard

#: ENC-2 … ENC-9: the battle board's set-up and appearance, in order.
BATTLE_SETUP = (*SETUP_STEPS, "leave_battle", "close_battle")


def stage_rules(info: IncidentCard) -> tuple[str, ...]:
    match info.kind:
        case "obstacle":
            return ("OBS-1", "OBS-2", "OBS-3", "OBS-4", "OBS-5", "OBS-6")
        case "interaction":
            return ("INT-1", "INT-2", "INT-3", "INT-4", "INT-5")
        case "encounter" if info.active:
            return ("ENC-1", "ENC-2", "ENC-5", "ENC-10", "ENC-11")
        case "encounter":
            return ("ENC-1",)
    return ()


def stage_commands(info: IncidentCard) -> tuple[str, ...]:
    match info.kind:
        case "obstacle":
            return ("upland_check_obstacle", "upland_overcome_obstacle")
        case "interaction":
            return ("upland_resolve_interaction",)
        case "encounter" if info.active:
            return (*BATTLE_SETUP, "upland_end_encounter", "upland_leave_encounter")
    return ()


def stage_outcomes(info: IncidentCard) -> tuple[str, ...]:
    """The hand-made outcomes still offered (EVT-4: a heart is never left face up)."""
    if info.kind == "interaction":
        return ("removed",)
    return ("removed", "left", "tapped")


def allowed_moves(state: State, moves: tuple[str, ...]) -> tuple[str, ...]:
    """The time phase's move choices narrowed by ENC-10 (the escape's square)
    and OBS-1 (only back past a standing obstacle)."""
    from engine.upland.obstacle import back_square
    from engine.upland.slice import cycle_now

    cycle = cycle_now(state)
    if cycle is not None and cycle.escape_to is not None:
        return (cycle.escape_to,)
    back = back_square(state)
    return (back,) if back is not None and back in moves else moves
