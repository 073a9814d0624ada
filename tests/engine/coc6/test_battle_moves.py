"""How far a CoC combatant moves on the battle board: the rulebook's MOV, not the Upland's move points.

**Reading** (the seeds say nothing): a human's MOV 8 in metres a round, one hex
``hex_metres`` metres (default 1), so 8 move points; the board prices the path
as for every ruleset (a hex costs 1, 2 or 3 to enter).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.session import Session
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.events import TokenMoved
from engine.hexbattle.hexgrid import distance, neighbor
from engine.hexbattle.model import Spot
from engine.hexbattle.movement import move_points, reach
from engine.hexbattle.slot import require_battle
from tests.engine.coc6.test_commands import party
from tests.engine.hexbattle.support import plain

WEST = 4


def placed(options: dict[str, Any] | None = None) -> Session:
    """ミナ and ケン (investigators) and 教団員 (an NPC) in combat, placed on two open fields."""
    session = party(
        "coc6-b",
        ("ミナ", {"DEX": 14}, {"こぶし": 75}, False),
        ("ケン", {"DEX": 10}, {"こぶし": 50}, False),
        ("教団員", {"DEX": 12}, {"こぶし": 60}, True),
        seed=3,
        options=options,
    )
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "ケン", "教団員"]})
    session.dispatch(
        {"type": "open_battle", "map1": plain("a", 21, 9).model_dump(), "map2": plain("b", 9, 9).model_dump()}
    )
    session.dispatch({"type": "coc_place_on_battle_map"})
    return session


def west_of(session: Session, name: str, steps: int) -> Spot:
    """The hex ``steps`` hexes due west of ``name`` (away from map 2 and the NPC)."""
    battle = require_battle(session.state)
    board = board_of(battle)
    at = battle.token(name).at
    assert at is not None
    here = board.to_hex(at)
    there = here
    for _ in range(steps):
        there = neighbor(there, WEST)
    assert distance(here, there) == steps
    return board.to_spot(there)


def test_a_coc_investigator_moves_five_hexes_which_the_uplands_three_move_points_would_refuse() -> None:
    session = placed()
    token = require_battle(session.state).token("ミナ")
    assert token.movement == 3  # the board's default, the Upland's move points
    assert move_points(session.state, token) == 8  # MOV 8, one metre a hex
    goal = west_of(session, "ミナ", 5)
    session.dispatch({"type": "move_token", "token": "ミナ", "to": str(goal)})
    assert require_battle(session.state).token("ミナ").at == goal
    (moved,) = session.done[-1].events
    assert isinstance(moved, TokenMoved) and moved.cost == 5


def test_a_move_beyond_mov_is_refused_with_the_coc_limit_in_the_message() -> None:
    session = placed()
    goal = west_of(session, "ミナ", 9)
    before = session.state
    with pytest.raises(EngineError) as info:
        session.dispatch({"type": "move_token", "token": "ミナ", "to": str(goal)})
    assert info.value.text("ja") == f"ミナ を {goal} へ動かすには移動力 9 が必要ですが、移動力は 8 しかありません。"
    assert session.state == before
    session.dispatch({"type": "move_token", "token": "ミナ", "to": str(goal), "free": True})  # the keeper's override
    assert require_battle(session.state).token("ミナ").at == goal


def test_the_npc_moves_like_a_human_too_and_the_reach_the_gui_shades_is_mov() -> None:
    session = placed()
    battle = require_battle(session.state)
    costs = reach(session.state, battle, "教団員")
    assert max(costs.values()) == 8
    assert 4 < max(reach(session.state, battle, "ミナ").values()) <= 8


def test_the_hex_metres_option_scales_mov_to_the_map() -> None:
    session = placed({"hex_metres": 2})  # a hex is 2 m: MOV 8 is 4 hexes of open ground
    assert move_points(session.state, require_battle(session.state).token("ケン")) == 4
    goal = west_of(session, "ケン", 5)
    with pytest.raises(EngineError) as info:
        session.dispatch({"type": "move_token", "token": "ケン", "to": str(goal)})
    assert "移動力は 4 しかありません" in info.value.text("ja")
