"""Legal-move answers, so the GUI highlights valid drop targets while dragging
instead of guessing (python-chess's legal_moves).

Each answer is computed by trying the real command against the state, so the
highlight and the engine's refusal can never disagree.
"""

from __future__ import annotations

from engine.commands.base import CommandBase, Context
from engine.commands.board import MoveCard, PlaceMarker
from engine.errors import EngineError
from engine.state import DECK, DISCARD, REMOVED, Place, State, hand, square


def _accepts(state: State, command: CommandBase) -> bool:
    try:
        command.run(Context(state))
    except EngineError:
        return False
    return True


def card_targets(state: State, card: str) -> list[Place]:
    """Every pile ``card`` may be moved to (to its top) from where it is."""
    candidates = [DECK, DISCARD, REMOVED]
    candidates += [square(n) for n in state.grid.squares()]
    candidates += [hand(c.id) for c in state.ordered_characters()]
    return [p for p in candidates if _accepts(state, MoveCard(card=card, to=p))]


def marker_targets(state: State, character: str) -> list[str]:
    """Squares the character's investigation marker may go to."""
    return [n for n in state.grid.squares() if _accepts(state, PlaceMarker(character=character, square=n))]
