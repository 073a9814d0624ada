"""How far a token may move: the session's ruleset says, the board only counts.

The board prices a path (hexes cost 1, 2 or 3 to enter) but does not know how
many points a token has to spend: that is a rule, and rules differ — the Upland
gives each token its move points, Call of Cthulhu an investigator's MOV.  So the
allowance is asked of the session's ruleset through its ``token_move_points``
hook (:class:`engine.rulesets.base.Ruleset`); a ruleset without the hook (or one
answering None) leaves the token's own ``movement`` field, which the GM edits on
the board.  The engine's ``MoveToken`` and the GUI's reach shading both ask
here, so what the shading offers is what the engine accepts.
"""

from __future__ import annotations

from engine.core.state import State
from engine.hexbattle.model import BattleState, Spot, Token
from engine.hexbattle.tokens import Move, plan_move, reachable_spots
from engine.rulesets import registry


def move_points(state: State, token: Token) -> int:
    """The points ``token`` may spend on one move in this session (never below 0)."""
    options = state.options
    ruleset = registry.find(options.ruleset) if options is not None else None
    hook = ruleset.token_move_points if ruleset is not None else None
    points = hook(state, token) if hook is not None else None
    return max(0, token.movement if points is None else points)


def reach(state: State, battle: BattleState, token_id: str) -> dict[Spot, int]:
    """Every spot the token can end a move on this session, with its cheapest cost."""
    return reachable_spots(battle, token_id, move_points(state, battle.token(token_id)))


def plan(
    state: State,
    battle: BattleState,
    token_id: str,
    to: Spot,
    path: tuple[Spot, ...] | None = None,
    *,
    free: bool = False,
) -> Move:
    """:func:`engine.hexbattle.tokens.plan_move` with the ruleset's allowance."""
    allowance = move_points(state, battle.token(token_id))
    return plan_move(battle, token_id, to, path, free=free, allowance=allowance)
