"""The drag highlight and the engine's refusal never disagree (as engine.legal does for cards):
a hex is shaded reachable exactly when MoveToken to it would be accepted, at the shaded cost."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.model import BattleState, Join, Token
from engine.hexbattle.tokens import plan_move, reachable_hexes

COSTS = st.sampled_from([1, 1, 2, 3, None])


@st.composite
def battles(draw: st.DrawFn) -> BattleState:
    def grid(map_id: str) -> HexMap:
        width, height = draw(st.integers(2, 5)), draw(st.integers(2, 5))
        costs = tuple(tuple(draw(COSTS) for _ in range(width)) for _ in range(height))
        return HexMap(id=map_id, width=width, height=height, costs=costs)

    side = draw(st.sampled_from(["east", "west", "south", "north"]))
    battle = BattleState(maps=(grid("a"), grid("b")), join=Join(side=side))
    board = board_of(battle)
    free = [h for h in board.hexes() if board.cost(h) is not None]
    chosen = draw(st.lists(st.sampled_from(free), min_size=1, max_size=5, unique=True)) if free else []
    tokens: dict[str, Token] = {}
    for i, h in enumerate(chosen):
        kind = "character" if i == 0 or draw(st.booleans()) else "enemy"
        tokens[f"t{i}"] = Token(id=f"t{i}", kind=kind, at=board.to_spot(h), movement=draw(st.integers(0, 6)))
    return battle.model_copy(update={"tokens": tokens})


@settings(max_examples=100, deadline=None)
@given(battles())
def test_reachable_hexes_are_exactly_the_accepted_moves(battle: BattleState) -> None:
    if not battle.tokens:
        return
    board = board_of(battle)
    token = battle.tokens["t0"]
    assert token.at is not None
    start = board.to_hex(token.at)
    shaded = reachable_hexes(battle, "t0")
    assert shaded[start] == 0
    for h in board.hexes():
        if h == start:
            continue
        try:
            move = plan_move(battle, "t0", board.to_spot(h))
        except EngineError:
            assert h not in shaded
        else:
            assert shaded.get(h) == move.cost
