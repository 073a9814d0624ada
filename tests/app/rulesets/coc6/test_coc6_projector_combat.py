"""The players' window during a CoC combat, as the table sees it: the banner counts
rounds (ラウンド), every roll line is shown whole with the newest on top, a dead
combatant's token is crossed out and an unconscious one dimmed (HP-B-1), and a
keeper's NPC not shown yet is on no players' screen at all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.i18n import Translations
from app.projector import ProjectorWindow
from app.rulesets.coc6.tracker import TrackerPanel
from engine.hexbattle.commands import OpenBattle
from engine.hexbattle.maps import shipped_maps
from engine.table.commands import Roll
from tests.engine.coc6.test_commands import party, show

HIDDEN = "黒衣の男"


@pytest.fixture
def japanese(qapp: QApplication) -> Iterator[Translations]:
    t = Translations(qapp)
    t.install("ja")
    yield t
    t.install("en")


def combat(qtbot: QtBot) -> tuple[SessionBridge, ProjectorWindow]:
    """ミナ and two cultists the players have met; a third NPC the keeper has not shown."""
    session = party(
        "coc6-b",
        ("ミナ", {"DEX": 14}, {"こぶし": 75}, False),
        ("教団員A", {"DEX": 12}, {"こぶし": 60}, True),
        ("教団員B", {"DEX": 11}, {"こぶし": 60}, True),
        (HIDDEN, {"DEX": 10}, {"こぶし": 60}, True),
        seed=1,
    )
    show(session, "教団員A")
    show(session, "教団員B")
    session.dispatch({"type": "coc_start_combat", "characters": ["ミナ", "教団員A", "教団員B", HIDDEN]})
    bridge = SessionBridge(session, lang="ja")
    first, second = list(shipped_maps())[:2]
    assert bridge.dispatch(OpenBattle(map1=first, map2=second))
    tracker = TrackerPanel(bridge)
    qtbot.addWidget(tracker)
    qtbot.mouseClick(tracker.manoeuvres.buttons["place"], Qt.MouseButton.LeftButton)
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)
    projector.show_battle(True)
    projector.show()
    qtbot.waitExposed(projector)
    return bridge, projector


def test_the_banner_counts_rounds_in_japanese(qtbot: QtBot, japanese: Translations) -> None:
    bridge, projector = combat(qtbot)
    assert projector.banner.text().startswith("ラウンド 1 — ミナ の手番")
    assert "サイクル" not in projector.banner.text()


def test_hp_b_1_dead_and_unconscious_tokens_are_marked_on_the_players_board(
    qtbot: QtBot, japanese: Translations
) -> None:
    bridge, projector = combat(qtbot)
    tokens = projector.battle_scene.token_items
    assert tokens["教団員A"].down is None
    assert bridge.dispatch({"type": "coc_damage", "target": "教団員A", "amount": 20})  # type: ignore[arg-type]
    assert bridge.dispatch({"type": "coc_damage", "target": "教団員B", "amount": 10})  # type: ignore[arg-type]
    assert tokens["教団員A"].down == "dead" and tokens["教団員B"].down == "down" and tokens["ミナ"].down is None
    assert bridge.undo()
    assert tokens["教団員B"].down is None  # an undo brings the token back


def test_an_npc_not_shown_is_on_no_players_screen(qtbot: QtBot, japanese: Translations) -> None:
    bridge, projector = combat(qtbot)
    gm_order = bridge.state.slices["coc6"].combat.order  # type: ignore[attr-defined]
    assert HIDDEN in gm_order  # the keeper's tracker has it
    assert set(projector.battle_scene.token_items) == {"ミナ", "教団員A", "教団員B"}
    assert len(projector.table_lines.text().splitlines()) == 3  # no line for it, not even an unknown one
    while bridge.state.slices["coc6"].combat.actor != HIDDEN:  # type: ignore[attr-defined]
        assert bridge.dispatch({"type": "coc_next_turn"})  # type: ignore[arg-type]
    assert projector.banner.text() == "ラウンド 1 — キーパーの手番"  # its turn names nobody
    texts = [projector.banner.text(), projector.table_lines.text(), *projector.feed.lines()]
    assert HIDDEN not in "\n".join(texts) and "正体不明" not in "\n".join(texts)
    show_id = next(c.id for c in bridge.state.characters.values() if c.name == HIDDEN)
    assert bridge.dispatch({"type": "show_character", "character": show_id, "shown": True})  # type: ignore[arg-type]
    assert f"▶ {HIDDEN}（" in projector.table_lines.text() and HIDDEN in projector.banner.text()


def test_roll_lines_are_never_cut_and_the_newest_is_always_in_view(qtbot: QtBot, japanese: Translations) -> None:
    bridge, projector = combat(qtbot)
    projector.resize(1280, 720)
    for index in range(12):
        assert bridge.dispatch(Roll(command=f"CCB<={40 + index} 〈こぶし〉とても長い説明のついた攻撃ロール", by="c1"))
    qtbot.wait(10)
    feed = projector.feed
    shown = [row for row in feed.rows if row.isVisible()]
    assert shown and shown[0] is feed.rows[0] and "51" in shown[0].text()  # the newest, on top
    for row in shown:
        assert row.height() >= row.heightForWidth(row.width()), row.text()  # whole, not cut in half
        bottom = row.mapTo(feed, row.rect().bottomLeft()).y()
        assert bottom <= feed.height(), row.text()
