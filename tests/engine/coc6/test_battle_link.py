"""The CoC combat tracker on the hex battle board: placing the
combatants puts one token each through the board's own command, named as in the
tracker; the tracker reads their hexes back; undo takes them off again."""

from __future__ import annotations

import pytest

from engine.coc6.battle_link import positions
from engine.core.session import Session
from engine.errors import EngineError
from engine.hexbattle.events import TokenPlaced
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.slot import battle_of
from tests.engine.coc6.test_manoeuvres import combat, tracker


def open_battle(session: Session) -> None:
    first, second = list(shipped_maps())[:2]
    session.dispatch({"type": "open_battle", "map1": first, "map2": second})


def test_placing_the_combatants_puts_a_named_token_for_each_on_the_battle_board() -> None:
    session = combat(seed=1)
    open_battle(session)
    session.dispatch({"type": "coc_place_on_battle_map"})
    placed = [e.token for e in session.done[-1].events if isinstance(e, TokenPlaced)]
    assert [t.label for t in placed] == ["ミナ", "教団員", "ケン"]  # the tracker's order
    battle = battle_of(session.state)
    assert battle is not None
    kinds = {t.id: (t.kind, t.at.map if t.at else None) for t in battle.tokens.values()}
    assert kinds == {"ミナ": ("character", 1), "ケン": ("character", 1), "教団員": ("enemy", 2)}
    assert battle.tokens["ミナ"].character == "c1"
    where = positions(session.state, tracker(session))
    assert all(where[name] is not None for name in ("ミナ", "ケン", "教団員"))
    assert len({str(s) for s in where.values()}) == 3  # three different hexes
    session.undo()
    assert battle_of(session.state).tokens == {}  # type: ignore[union-attr]


def test_a_moved_token_is_the_combatants_new_position_and_placing_again_only_adds_the_missing() -> None:
    session = combat(seed=1)
    open_battle(session)
    session.dispatch({"type": "coc_place_on_battle_map"})
    with pytest.raises(EngineError) as info:
        session.dispatch({"type": "coc_place_on_battle_map"})
    assert info.value.text("ja") == "戦闘参加者は全員すでに戦闘マップにコマがあります。"
    session.dispatch({"type": "remove_token", "token": "ケン"})
    session.dispatch({"type": "coc_place_on_battle_map"})
    assert [e.token.id for e in session.done[-1].events if isinstance(e, TokenPlaced)] == ["ケン"]


def test_placing_needs_an_open_battle_and_a_running_combat() -> None:
    session = combat(seed=1)
    with pytest.raises(EngineError) as info:
        session.dispatch({"type": "coc_place_on_battle_map"})
    assert info.value.text("ja") == "戦闘マップが開かれていません。先に戦闘マップを配置してください。"
    session.dispatch({"type": "coc_end_combat"})
    open_battle(session)
    with pytest.raises(EngineError) as info:
        session.dispatch({"type": "coc_place_on_battle_map"})
    assert info.value.text("ja") == "戦闘は行われていません。"
