"""Obstacles (♣, OBS-1): a failed or abandoned obstacle bars every move but
the one back to the square the party came from, until it is overcome.

Whether an obstacle still stands is read from the board, not stored: a face-up,
untapped club on the party's square is an obstacle not yet overcome (success
taps it, OBS-1; a ♥ played on it taps it too, OBS-4).  The square the party came
from is the cycle's ``came_from``, set by its last move (TIM-4).

**Reading:** the bar applies to the time phase's chosen move (TIM-4); a
sleepwalker's move (TIM-2) is not chosen by the party and is not barred.
"""

from __future__ import annotations

from engine.core.state import State
from engine.errors import EngineError
from engine.table.cards import Suit
from engine.upland.facts import suit_of
from engine.upland.slice import cycle_now


def standing_obstacle(state: State) -> str | None:
    """OBS-1: the face-up, untapped club on the party's square, if any."""
    if state.party is None:
        return None
    for card in state.squares.get(state.party, ()):
        flags = state.card_flags(card)
        if suit_of(card) is Suit.CLUBS and flags.face_up and not flags.tapped:
            return card
    return None


def back_square(state: State) -> str | None:
    """OBS-1: the only square the party may move to while an obstacle stands
    (None: no obstacle bars the move)."""
    cycle = cycle_now(state)
    if standing_obstacle(state) is None or cycle is None:
        return None
    return cycle.came_from


def check_move(state: State, target: str) -> None:
    """OBS-1: refuse a move past a standing obstacle (only back is allowed)."""
    card = standing_obstacle(state)
    back = back_square(state)
    if card is not None and back is not None and target != back:
        raise EngineError(
            "The obstacle {card} is not overcome: the party can only go back to {square} (OBS-1).",
            card=card, square=back,
        )
