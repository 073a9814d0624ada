"""What a marker drop means during the investigation's declare step (INV-1).

Where a character's marker lands says what it does: a square orthogonally next
to the party is a scout (INV-2), a diagonal one a resonance (INV-7), the
party's own square a prayer (INV-5), and a face-down card anywhere else a
vision (INV-4, which needs a heart in hand).  The GUI asks this module; the
drop becomes one ``DeclareAction`` (the GM may change the implied action, the
skill or the hand card afterwards in the stepper).  Outside that step a marker
is a free board token.

Also here: which hand cards may go with an action (INV-4, INV-6), for the
stepper's card choice; ``investigation.validate`` checks the same when the
declaration arrives.
"""

from __future__ import annotations

from engine.core.state import State
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.upland.commands import DeclareAction
from engine.upland.facts import hearts_in_hand, upland_sheet
from engine.upland.investigation import investigation_targets
from engine.upland.procedure import Action, StepId
from engine.upland.slice import cycle_now, party_of

#: INV-4, INV-6: the hand-card suits that may go with each action (none: no card helps)
ACTION_SUITS: dict[Action, tuple[Suit, ...]] = {
    Action.SCOUT: (Suit.HEARTS, Suit.SPADES),
    Action.PRAYER: (Suit.HEARTS,),
    Action.VISION: (Suit.HEARTS,),
}


def suits_for(action: Action) -> tuple[Suit, ...]:
    """The suits of the hand cards that may be played with ``action``."""
    return ACTION_SUITS.get(action, ())


def playable_cards(state: State, character: str, action: Action) -> list[str]:
    """The cards of ``character``'s hand that may go with ``action``, in hand order."""
    suits = suits_for(action)
    return [code for code in state.hands.get(character, ()) if parse_card(code).suit in suits]


def declaring(state: State, character: str | None) -> bool:
    """True while ``character``'s marker drop means a declaration."""
    who = state.characters.get(character or "")
    cycle = cycle_now(state)
    return (
        who is not None
        and upland_sheet(who) is not None
        and cycle is not None
        and cycle.step is StepId.DECLARE
        and party_of(state) is not None
    )


def declare_targets(state: State, character: str) -> set[str]:
    """Every square an action of ``character`` may target (lit during the drag)."""
    out: set[str] = set()
    for action in (Action.SCOUT, Action.RESONANCE, Action.PRAYER, Action.VISION):
        out.update(investigation_targets(state, character, action))
    return out


def implied_action(state: State, character: str, square: str) -> Action:
    """INV-1: the action a marker on ``square`` stands for; refused in words when none."""
    here = party_of(state) or ""
    name = state.characters[character].name
    if square == here:
        return Action.PRAYER
    if square in investigation_targets(state, character, Action.SCOUT):
        return Action.SCOUT
    if square in state.grid.diagonal(here):
        return Action.RESONANCE
    top = state.squares.get(square, ())
    if top and not state.card_flags(top[0]).face_up:
        if hearts_in_hand(state, character):
            return Action.VISION
        raise EngineError(
            "{name} holds no heart: a vision lays a heart from the hand on a face-down card (INV-4).", name=name
        )
    raise EngineError(
        "{square} is no investigation target for {name}: scout a closed or blank square next to the party, "
        "resonate on a diagonal one, pray on the party's square, or lay a heart on a face-down card (INV-1).",
        square=square,
        name=name,
    )


def declare_drop(state: State, character: str, square: str | None) -> DeclareAction | None:
    """The command a marker drop means (None: nothing changes).

    ``square`` None is the marker dropped home on its hand: the declaration is
    withdrawn.  Dropped again with the same action, the earlier skill and card
    stay (the GM may have picked them in the stepper); a new action starts from
    the engine's defaults (CHK-U-2: the highest skill) and, for a vision, the
    first heart in hand.
    """
    cycle = cycle_now(state)
    if cycle is None:
        raise EngineError("The exploration has not started yet.")
    before = cycle.declarations.get(character)
    if square is None:
        return DeclareAction(character=character, action=None) if before is not None else None
    action = implied_action(state, character, square)
    if before is not None and before.action is action:
        if before.target == square:
            return None
        return DeclareAction(
            character=character,
            action=action,
            target=square,
            skill=before.skill,
            card=before.card,
            choose_fail=before.choose_fail,
        )
    card = hearts_in_hand(state, character)[0] if action is Action.VISION else None
    return DeclareAction(character=character, action=action, target=square, card=card)


__all__ = [
    "ACTION_SUITS",
    "declare_drop",
    "declare_targets",
    "declaring",
    "implied_action",
    "playable_cards",
    "suits_for",
]
