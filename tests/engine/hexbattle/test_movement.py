"""How far a token may move is the session's ruleset's answer, not the board's.

The board prices a path; the ruleset's ``token_move_points`` hook gives the
allowance, for the engine's ``MoveToken`` and for the reach the GUI shades alike.
A ruleset without the hook (or answering None) leaves the token's own movement.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.hexbattle.commands import MoveToken, OpenBattle, PlaceToken
from engine.hexbattle.model import Token, spot
from engine.hexbattle.movement import move_points, reach
from engine.hexbattle.slot import require_battle
from engine.rulesets.base import Ruleset
from engine.rulesets.registry import registered
from engine.session import new_session
from tests.engine.hexbattle.support import plain
from tests.toy_ruleset import TOY


def on_the_board(movement: int = 2) -> Session:
    """A toy session with one token of ``movement`` on 1:A1 of an open 9×3 field."""
    session = new_session(ruleset="toy", seed=1)
    session.dispatch(OpenBattle(map1=plain("a", 9, 3), map2=plain("b", 3, 3)))
    session.dispatch(PlaceToken(token=Token(id="t", kind="character", at=spot("1:A1"), movement=movement)))
    return session


def refusal(session: Session, to: str) -> str:
    before = session.state
    with pytest.raises(EngineError) as info:
        session.dispatch(MoveToken(token="t", to=spot(to)))
    assert session.state == before
    return info.value.text("en")


def test_a_ruleset_without_the_hook_leaves_the_tokens_own_movement(toy_ruleset: Ruleset) -> None:
    session = on_the_board(movement=2)
    assert refusal(session, "1:D1") == "Moving t to 1:D1 costs 3 but it has only 2 move points."
    assert max(reach(session.state, require_battle(session.state), "t").values()) == 2
    session.dispatch(MoveToken(token="t", to=spot("1:C1")))
    assert require_battle(session.state).token("t").at == spot("1:C1")


def test_the_rulesets_hook_decides_for_the_command_and_for_the_reach_alike() -> None:
    def five_unless_noted(state: State, token: Token) -> int | None:
        return None if token.note == "own" else 5

    with registered(dataclasses.replace(TOY, token_move_points=five_unless_noted)):
        session = on_the_board(movement=2)
        battle = require_battle(session.state)
        assert move_points(session.state, battle.token("t")) == 5
        assert max(reach(session.state, battle, "t").values()) == 5
        assert refusal(session, "1:G1") == "Moving t to 1:G1 costs 6 but it has only 5 move points."
        session.dispatch(MoveToken(token="t", to=spot("1:F1")))
        assert require_battle(session.state).token("t").at == spot("1:F1")
        session.dispatch({"type": "edit_token", "token": "t", "note": "own"})  # the hook answers None: movement 2
        assert refusal(session, "1:I1") == "Moving t to 1:I1 costs 3 but it has only 2 move points."


def test_the_upland_gives_the_tokens_move_points_and_the_gm_edits_them() -> None:
    session = new_session(seed=1)
    session.dispatch(OpenBattle(map1=plain("a", 9, 3), map2=plain("b", 3, 3)))
    session.dispatch(PlaceToken(token=Token(id="t", kind="character", at=spot("1:A1"))))
    assert refusal(session, "1:E1") == "Moving t to 1:E1 costs 4 but it has only 3 move points."
    session.dispatch({"type": "edit_token", "token": "t", "movement": 4})
    session.dispatch(MoveToken(token="t", to=spot("1:E1")))
    assert require_battle(session.state).token("t").at == spot("1:E1")
