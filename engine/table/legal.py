"""Legal-move answers, so the GUI highlights valid drop targets while dragging
instead of guessing (python-chess's legal_moves).

``card_targets`` answers directly from the state (a drag on a 20×20 board must
start instantly); ``card_targets_by_trial`` asks the real command for each
candidate.  A property test keeps the two equal, so the highlight and the
engine's refusal can never disagree.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.commands import CommandBase, Context
from engine.core.state import State
from engine.errors import EngineError
from engine.table.board import Grid
from engine.table.commands import MoveCard
from engine.table.piles import landing_face
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, Place, hand, square


def _accepts(state: State, command: CommandBase) -> bool:
    try:
        command.run(Context(state))
    except EngineError:
        return False
    return True


@lru_cache(maxsize=8)
def _square_places(grid: Grid) -> tuple[Place, ...]:
    """The squares of a grid as places, built once per grid size: a drag start
    on the 20 × 20 board asks for all 400 (and making 400 models took ≈ 1.5 ms)."""
    return tuple(square(n) for n in grid.squares())


def _candidates(state: State) -> list[Place]:
    out = [DECK, DISCARD, REMOVED]
    out += _square_places(state.grid)
    out += [hand(c.id) for c in state.ordered_characters()]
    return out


def card_targets(state: State, card: str) -> list[Place]:
    """Every pile ``card`` may be moved to (onto its top) from where it is."""
    if not state.started:
        return []
    found = state.find(card.strip().upper())
    if found is None or found[0].zone is PileKind.SECRET:
        return []
    src, index = found
    face_up = state.card_flags(card.strip().upper()).face_up
    # MoveCard refuses only a move that changes nothing: onto its own pile's
    # top, already on top, lying the way it would land.
    candidates = _candidates(state)
    if not (index == 0 and landing_face(src, None, face_up) == face_up):
        return candidates
    # compared by field, not by the models' ``==`` (400 of those cost ≈ 1 ms)
    return [p for p in candidates if p.zone != src.zone or p.key != src.key]


def card_targets_by_trial(state: State, card: str) -> list[Place]:
    """The same answer by dry-running MoveCard on every candidate (slow, exact)."""
    return [p for p in _candidates(state) if _accepts(state, MoveCard(card=card, to=p))]
