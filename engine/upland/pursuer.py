"""The pursuer (追跡者, PUR-1, PUR-2), after the crossing at the time phase end.

The open spade of highest strength on the board, aces excluded, moves one
square toward the party (vertical first, MAP-7).  The ace of spades pursues only
when it is the only open spade (option ``ace_pursuer``) and moves by the D10
table of ``ace_move.toml``; it stops at the board edge.
"""

from __future__ import annotations

from engine.core.commands import Context
from engine.core.state import State
from engine.table.board import Pos
from engine.table.cards import parse_card
from engine.table.piles import move_card
from engine.table.places import square
from engine.upland.cycle import advance
from engine.upland.events import PursuerMoved
from engine.upland.facts import cycle_of, open_spades, options, party_square, strength
from engine.upland.rolls import roll, total
from engine.upland.tables import tables

_STEPS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}


def pursuer(state: State) -> tuple[str, str] | None:
    """PUR-1/PUR-2: (card, square) of the pursuer, or None."""
    spades = open_spades(state)
    others = [(c, s) for c, s in spades if parse_card(c).rank != "A"]
    if others:
        return max(others, key=lambda cs: strength(state, cs[0]))
    if options(state).ace_pursuer == "only_open_spade" and spades:
        return spades[0]
    return None


def _edge_step(state: State, start: str, move: str) -> str:
    """One square in a fixed direction, staying put at the board edge (PUR-2)."""
    if move not in _STEPS:
        return start
    p = state.grid.pos(start)
    dc, dr = _STEPS[move]
    q = Pos(p.col + dc, p.row + dr)
    return state.grid.name(q) if state.grid.contains(q) else start


def move_pursuer(ctx: Context) -> None:
    cycle = cycle_of(ctx.state)
    found = pursuer(ctx.state)
    if found is None:
        ctx.emit(PursuerMoved(card=None))
        advance(ctx)
        return
    card, start = found
    party_at = party_square(ctx.state)
    path = [start]
    ace_move: str | None = None
    move: str
    if parse_card(card).rank == "A":
        face = total(roll(ctx, "1D10", character=None, what="ace", rule="PUR-2"))
        move = tables().ace_move_of(face)
        if move == "repeat":
            move = cycle.ace_last_move or "stay"
        ace_move = move
        if move == "toward2":
            for _ in range(2):
                path.append(ctx.state.grid.step_toward(path[-1], party_at))
        else:
            path.append(_edge_step(ctx.state, start, move))
    else:
        path.append(ctx.state.grid.step_toward(start, party_at))
    squares = [s for i, s in enumerate(path) if i == 0 or s != path[i - 1]]
    if squares[-1] != start:
        move_card(ctx, card, square(squares[-1]), 0, face_up=True)
    ctx.emit(PursuerMoved(card=card, path=tuple(squares), ace_move=ace_move))
    advance(ctx)
