"""A marker drop during the investigation's declare step is a declaration (INV-1).

Where a character's marker lands says what it does: a square orthogonally next
to the party is a scout (INV-2), a diagonal one a resonance (INV-7), the
party's own square a prayer (INV-5), and a face-down card anywhere else a
vision (INV-4, which needs a heart in hand).  The drop becomes one
``DeclareAction``; the phase stepper lets the GM change the implied action,
skill or hand card afterwards.  Outside that step a marker is a free board
token (``PlaceMarker``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.common.drag import Refusal
from engine.cards import Suit, parse_card
from engine.upland.procedure import Action, StepId

if TYPE_CHECKING:
    from engine.state import State
    from engine.upland.commands import DeclareAction

# The investigation rules (and the dice and tables behind them) load on the first
# marker drag of a declare step, not with the board: painting never needs them.


def declaring(state: State, character: str | None) -> bool:
    """True while ``character``'s marker drop means a declaration."""
    who = state.characters.get(character or "")
    return (
        who is not None
        and who.sheet is not None
        and state.cycle is not None
        and state.cycle.step is StepId.DECLARE
        and state.party is not None
    )


def declare_targets(state: State, character: str) -> set[str]:
    """Every square an action of ``character`` may target (lit during the drag)."""
    from engine.upland.investigation import investigation_targets

    out: set[str] = set()
    for action in (Action.SCOUT, Action.RESONANCE, Action.PRAYER, Action.VISION):
        out.update(investigation_targets(state, character, action))
    return out


def _hearts(state: State, character: str) -> list[str]:
    return [c for c in state.hands.get(character, ()) if parse_card(c).suit is Suit.HEARTS]


def implied_action(state: State, character: str, square: str) -> Action | Refusal:
    """INV-1: the action a marker on ``square`` stands for."""
    from engine.upland.investigation import investigation_targets

    here = state.party or ""
    grid = state.grid
    name = state.characters[character].name
    if square == here:
        return Action.PRAYER
    if square in investigation_targets(state, character, Action.SCOUT):
        return Action.SCOUT
    if square in grid.diagonal(here):
        return Action.RESONANCE
    top = state.squares.get(square, ())
    if top and not state.card_flags(top[0]).face_up:
        if _hearts(state, character):
            return Action.VISION
        return Refusal(
            QCoreApplication.translate(
                "Board", "{name} holds no heart: a vision lays a heart from the hand on a face-down card (INV-4)."
            ).format(name=name)
        )
    return Refusal(
        QCoreApplication.translate(
            "Board",
            "{square} is no investigation target for {name}: scout a closed or blank square next to the party, "
            "resonate on a diagonal one, pray on the party's square, or lay a heart on a face-down card (INV-1).",
        ).format(square=square, name=name)
    )


def declare_drop(state: State, character: str, square: str | None) -> DeclareAction | Refusal | None:
    """The command a marker drop means (None: nothing changes).

    ``square`` None is the marker dropped home on its hand: the declaration is
    withdrawn.  Dropped again with the same action, the earlier skill and card
    stay (the GM may have picked them in the stepper); a new action starts from
    the engine's defaults (CHK-U-2: the highest skill) and, for a vision, the
    first heart in hand.
    """
    from engine.upland.commands import DeclareAction

    assert state.cycle is not None
    before = state.cycle.declarations.get(character)
    if square is None:
        return DeclareAction(character=character, action=None) if before is not None else None
    action = implied_action(state, character, square)
    if isinstance(action, Refusal):
        return action
    if before is not None and before.action is action:
        if before.target == square:
            return None
        return DeclareAction(
            character=character, action=action, target=square, skill=before.skill, card=before.card,
            choose_fail=before.choose_fail,
        )
    card = _hearts(state, character)[0] if action is Action.VISION else None
    return DeclareAction(character=character, action=action, target=square, card=card)


__all__ = ["Refusal", "declare_drop", "declare_targets", "declaring", "implied_action"]
