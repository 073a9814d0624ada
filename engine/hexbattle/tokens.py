"""Tokens on the battle board: place, move, remove, reveal, leave (ENC-10), reach.

Each function takes a battle and returns a new one (plus the facts a log line
needs), refusing bad input with :class:`EngineError` and changing nothing; the
commands of :mod:`engine.hexbattle.commands` are thin wrappers around them.

**Reading** (the seeds say nothing about stacking): a token may pass through
hexes of its own side but not through the other side's, and never ends its move
on an occupied hex.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.errors import EngineError
from engine.hexbattle.board import JoinedBoard, board_of
from engine.hexbattle.hexgrid import Hex, direction_to
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, cheapest_path, reachable
from engine.hexbattle.model import SIDES, BattleState, Exit, Side, Spot, Token


def occupied(battle: BattleState, *, but: str | None = None) -> dict[Hex, str]:
    """Board hex → token id of every token on the board (except ``but``)."""
    board = board_of(battle)
    return {board.to_hex(t.at): t.id for t in battle.tokens.values() if t.at is not None and t.id != but}


def _require_free(battle: BattleState, board: JoinedBoard, where: Spot, token_id: str) -> Hex:
    h = board.to_hex(where)
    if board.cost(h) is None:
        raise EngineError("The hex {spot} is impassable.", spot=str(where))
    other = occupied(battle, but=token_id).get(h)
    if other is not None:
        raise EngineError("The hex {spot} is taken by {token}.", spot=str(where), token=_name(battle, other))
    return h


def place_token(battle: BattleState, token: Token) -> BattleState:
    """Put a new token on the board (or off it, ``at`` None), refusing a taken id."""
    if token.id in battle.tokens:
        raise EngineError("There is already a token {token} on the battle board.", token=token.label or token.id)
    if token.at is not None:
        _require_free(battle, board_of(battle), token.at, token.id)
    return battle.with_token(token)


def set_position(battle: BattleState, token_id: str, where: Spot | None) -> BattleState:
    """Put an existing token somewhere by hand (the GM's override, no move cost)."""
    token = battle.token(token_id)
    if where is not None:
        _require_free(battle, board_of(battle), where, token_id)
    return battle.with_token(token.model_copy(update={"at": where}))


def _blocked(battle: BattleState, token: Token) -> frozenset[Hex]:
    board = board_of(battle)
    return frozenset(
        board.to_hex(t.at)
        for t in battle.tokens.values()
        if t.at is not None and t.id != token.id and t.kind != token.kind
    )


def reachable_hexes(battle: BattleState, token_id: str, allowance: int | None = None) -> dict[Hex, int]:
    """Every board hex the token can end its move on, with the cheapest cost.

    ``allowance`` defaults to the token's own ``movement`` (a session asks its
    ruleset: :mod:`engine.hexbattle.movement`).  Hexes cost 1, 2 or 3 to
    enter; impassable ones and the other side's tokens cannot be entered; no
    move ends on another token.  The start is included at cost 0.
    """
    token = battle.token(token_id)
    if token.at is None:
        raise EngineError("The token {token} is not on the battle board.", token=_name(battle, token_id))
    board = board_of(battle)
    budget = token.movement if allowance is None else allowance
    found = reachable(board, board.to_hex(token.at), budget, blocked=_blocked(battle, token))
    taken = occupied(battle, but=token_id)
    return {h: c for h, c in found.items() if h not in taken}


def reachable_spots(battle: BattleState, token_id: str, allowance: int | None = None) -> dict[Spot, int]:
    """:func:`reachable_hexes` with positions a GM reads (map and label)."""
    board = board_of(battle)
    return {board.to_spot(h): c for h, c in reachable_hexes(battle, token_id, allowance).items()}


class Move(NamedTuple):
    """The facts of one move: the path walked (both ends) and its cost."""

    token: str
    path: tuple[Spot, ...]
    cost: int


def plan_move(
    battle: BattleState,
    token_id: str,
    to: Spot,
    path: Sequence[Spot] | None = None,
    *,
    free: bool = False,
    allowance: int | None = None,
) -> Move:
    """Check a move and say its path and cost; ``free`` lifts the movement limit (GM override).

    ``allowance`` is the points the move may cost (default: the token's own
    ``movement``; a session asks its ruleset, :mod:`engine.hexbattle.movement`).

    With no ``path`` the cheapest one is taken.  A given path must start where
    the token stands, go hex by hex, and avoid impassable hexes and enemies.
    A ``free`` move to a hex no path reaches is a placement: path start → goal, cost 0.
    """
    token = battle.token(token_id)
    if token.at is None:
        raise EngineError("The token {token} is not on the battle board.", token=_name(battle, token_id))
    board = board_of(battle)
    goal = _require_free(battle, board, to, token_id)
    start = board.to_hex(token.at)
    if goal == start:
        raise EngineError("The token {token} is already on {spot}.", token=_name(battle, token_id), spot=str(to))
    blocked = _blocked(battle, token)
    if path is None:
        walked = cheapest_path(board, start, goal, blocked=blocked)
        if walked is None and free:
            return Move(token_id, (token.at, to), 0)  # the GM sets it down where no path leads
        if walked is None:
            raise EngineError("No path leads from {start} to {spot}.", start=str(token.at), spot=str(to))
    else:
        walked = [board.to_hex(s) for s in path]
        if not walked or walked[0] != start or walked[-1] != goal:
            raise EngineError("A path must run from where the token stands to where it goes.")
        for before, after in zip(walked, walked[1:], strict=False):
            if direction_to(before, after) is None:
                raise EngineError(
                    "The path jumps from {a} to {b}.", a=str(board.to_spot(before)), b=str(board.to_spot(after))
                )
            if board.cost(after) is None or after in blocked:
                raise EngineError("The path crosses {spot}, which cannot be entered.", spot=str(board.to_spot(after)))
    cost = sum(board.cost(h) or 0 for h in walked[1:])
    budget = token.movement if allowance is None else allowance
    if not free and cost > budget:
        raise EngineError(
            "Moving {token} to {spot} costs {cost} but it has only {movement} move points.",
            token=token.label or token.id,
            spot=str(to),
            cost=cost,
            movement=budget,
        )
    return Move(token_id, tuple(board.to_spot(h) for h in walked), cost)


def move_token(
    battle: BattleState,
    token_id: str,
    to: Spot,
    path: Sequence[Spot] | None = None,
    *,
    free: bool = False,
    allowance: int | None = None,
) -> tuple[BattleState, Move]:
    move = plan_move(battle, token_id, to, path, free=free, allowance=allowance)
    token = battle.token(token_id)
    return battle.with_token(token.model_copy(update={"at": to})), move


def _name(battle: BattleState, token_id: str) -> str:
    """What a refusal calls a token: its label (the name on the board), else its id."""
    found = battle.tokens.get(token_id)
    return (found.label or found.id) if found is not None else token_id


def remove_token(battle: BattleState, token_id: str) -> BattleState:
    battle.token(token_id)
    tokens = {k: v for k, v in battle.tokens.items() if k != token_id}
    return battle.model_copy(update={"tokens": tokens})


def reveal_token(battle: BattleState, token_id: str, hidden: bool = False) -> BattleState:
    token = battle.token(token_id)
    if token.hidden == hidden:
        key = "The token {token} is already hidden." if hidden else "The token {token} is already revealed."
        raise EngineError(key, token=_name(battle, token_id))
    return battle.with_token(token.model_copy(update={"hidden": hidden}))


def leave_board(battle: BattleState, token_id: str, side: Side | None = None) -> tuple[BattleState, Exit]:
    """ENC-10: a token steps off the board from an edge hex.

    ``side`` may be left out when the hex touches only one side.  The exit
    remembers whether it was through the breakthrough zone.
    """
    token = battle.token(token_id)
    if token.at is None:
        raise EngineError("The token {token} is not on the battle board.", token=_name(battle, token_id))
    board = board_of(battle)
    h = board.to_hex(token.at)
    sides = board.open_sides(h)
    if not sides:
        raise EngineError("{spot} is not on the edge of the battle board.", spot=str(token.at))
    if side is None:
        if len(sides) > 1:
            raise EngineError(
                "{spot} is a corner: say which side the token leaves by ({sides}).",
                spot=str(token.at),
                sides=", ".join(sides),
            )
        side = sides[0]
    elif side not in sides:
        raise EngineError("A token on {spot} cannot leave by the {side} side.", spot=str(token.at), side=side)
    exit_ = Exit(token=token_id, side=side, last=token.at, breakthrough=h in board.zone(ZONE_BREAKTHROUGH))
    battle = battle.with_token(token.model_copy(update={"at": None}))
    return battle.model_copy(update={"exits": battle.exits + (exit_,)}), exit_


class Escape(NamedTuple):
    """ENC-10: where the party went once the characters left the board."""

    all_out: bool
    side: Side | None
    """The side most characters left by; None while tied or nobody left."""
    tied: tuple[Side, ...]
    unscouted: bool
    """Someone left outside the breakthrough zone: the move counts as made without scouting."""


def escape(battle: BattleState) -> Escape:
    """ENC-10: count the characters' exits by side (each character's last exit counts)."""
    characters = {t.id for t in battle.characters()}
    last: dict[str, Exit] = {}
    for exit_ in battle.exits:
        if exit_.token in characters:
            last[exit_.token] = exit_
    on_board = any(battle.tokens[c].at is not None for c in characters)
    counts: dict[Side, int] = {}
    for exit_ in last.values():
        counts[exit_.side] = counts.get(exit_.side, 0) + 1
    top = max(counts.values(), default=0)
    best: tuple[Side, ...] = tuple(s for s in SIDES if counts.get(s) == top and top > 0)
    return Escape(
        all_out=bool(characters) and not on_board,
        side=best[0] if len(best) == 1 else None,
        tied=best if len(best) > 1 else (),
        unscouted=any(not e.breakthrough for e in last.values()),
    )
