"""CND-B-3 on the battle board of a keeper's session: the token menu's SR delay marks a combatant
unready (a badge on the GM's board only), and the combat started next begins with it surprised."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog
from pytestqt.qtbot import QtBot

from app.battle.menus import token_menu
from app.battle.scene import BattleScene
from app.bridge import SessionBridge
from engine.hexbattle.maps import shipped_maps
from tests.engine.coc6.keeper_table import cultist, ken, mina, table


def keepers_board(qtbot: QtBot, ruleset: str = "coc6-b") -> tuple[SessionBridge, BattleScene, BattleScene]:
    session = table(3, ruleset, mina(), cultist(), ken())
    first, second = list(shipped_maps())[:2]
    session.dispatch({"type": "open_battle", "map1": first, "map2": second})
    session.dispatch({"type": "coc_place_on_battle_map"})
    session.dispatch({"type": "coc_end_combat"})
    bridge = SessionBridge(session, lang="ja")
    return bridge, BattleScene(bridge), BattleScene(bridge, player=True)


def test_cnd_b3_the_token_menu_marks_a_combatant_unready_and_the_combat_starts_with_it_surprised(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    bridge, gm, players = keepers_board(qtbot)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *_args, **_kw: (3, True))
    menu = token_menu(gm, gm.token_items["ケン"])
    next(a for a in menu.actions() if a.text() == "SR delay…").trigger()
    assert gm.token_items["ケン"].delay == 3  # the badge on the keeper's board …
    assert players.token_items["ケン"].delay == 0  # … and none on the players'
    assert bridge.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員", "ケン"]})
    combat = bridge.state.slices["coc6"].combat  # type: ignore[attr-defined]
    assert combat.get("ケン").surprised == "frontal"
    assert gm.token_items["ケン"].delay == 0  # the mark is used up


def test_cnd_b3_ruleset_a_has_no_unready_mark_in_the_token_menu(qtbot: QtBot) -> None:
    _bridge, gm, _players = keepers_board(qtbot, "coc6-a")
    menu = token_menu(gm, gm.token_items["ケン"])
    texts = [a.text() for a in menu.actions()]
    assert "SR delay…" not in texts and "Movement…" in texts
