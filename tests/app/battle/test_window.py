"""The battle board in the main window and on the players' screen:
F6 switches the central page and the players' window follows; the Battle
menu's set-up steps are one undoable command each; a hidden enemy changes
nothing the players can see, not even one pixel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.battle.editor import MapEditorDialog
from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.projector import ProjectorWindow
from app.sessions import SessionController
from engine.core.player_view import player_view
from engine.core.session import Session
from engine.hexbattle.commands import EditToken, OpenBattle, PlaceToken
from engine.hexbattle.model import Token
from engine.hexbattle.slot import battle_of
from engine.session import new_session
from engine.store import RecentFiles
from engine.table.commands import AddCharacter
from engine.upland.encounter_commands import LayOutZones, PlaceMarchingOrder


def make_window(qtbot: QtBot) -> MainWindow:
    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def test_f6_switches_to_the_battle_page_and_the_players_window_follows(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    projector = window.show_player_view(fullscreen=False)
    assert not window.pages.showing_battle and not projector.showing_battle
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert window.pages.currentWidget() is window.battle_view
    assert projector.showing_battle and window.battle_actions.page_action.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert window.pages.currentWidget() is window.board_view and not projector.showing_battle
    window.hide_player_view()


def test_the_set_up_steps_of_the_battle_menu_are_one_undoable_command_each(qtbot: QtBot) -> None:
    # rule: ENC-2, ENC-3 (each step shown and undoable)
    window = make_window(qtbot)
    actions = window.battle_actions
    assert not actions.step_actions["lay_out_zones"].isEnabled()  # no battle yet
    assert window.bridge.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-open-water"))
    assert actions.step_actions["lay_out_zones"].isEnabled()
    actions.step_actions["lay_out_zones"].trigger()
    actions.step_actions["place_marching_order"].trigger()
    battle = battle_of(window.bridge.state)
    assert battle is not None and battle.characters()  # the party stands on the board...
    assert window.battle_scene.token_items.keys() >= {t.id for t in battle.characters()}  # ...and on screen
    assert window.bridge.undo()
    battle = battle_of(window.bridge.state)
    assert battle is not None and not battle.tokens and "lead" in battle.maps[0].zone_names()
    assert not window.battle_scene.token_items


def test_the_map_editor_refuses_a_bad_map_file_with_the_reason(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bridge = SessionBridge(new_session(seed=1), lang="en")
    dialog = MapEditorDialog(bridge)
    qtbot.addWidget(dialog)
    shown: list[str] = []
    monkeypatch.setattr("app.battle.editor.QMessageBox.warning", lambda _p, _t, text: shown.append(text))
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\nwidth = 3\nheight = 2\nrows = ["11", "111"]\n', encoding="utf-8")
    before = dialog.hex_map
    assert not dialog.open_file(bad)
    assert shown and "bad.toml" in shown[0] and dialog.message.text() == shown[0]
    assert dialog.hex_map is before
    good = tmp_path / "good.toml"
    dialog.map_id.setText("my-marsh")
    assert dialog.save_file(good) and dialog.open_file(good) and dialog.hex_map.id == "my-marsh"


def battle_session(hidden_enemy: bool, note: str) -> Session:
    session = new_session(seed=5)
    for name in ("鷹野 遥", "九条 蒼", "真木 灯"):
        session.dispatch(AddCharacter(name=name))
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    session.dispatch(LayOutZones())
    session.dispatch(PlaceMarchingOrder())
    session.dispatch(PlaceToken(token=Token(id="enemy-1", kind="enemy", label="鰐1", at="2:D4")))
    if hidden_enemy:  # the secret: a second enemy lurking in the reeds, and a GM note
        session.dispatch(
            PlaceToken(token=Token(id="enemy-2", kind="enemy", label="鰐2", hidden=True, at="2:F6", note="ambush"))
        )
    if note:
        session.dispatch(EditToken(token="enemy-1", note=note))
    return session


def projector_battle_pixels(session: Session, qtbot: QtBot) -> QImage:
    window = ProjectorWindow(SessionBridge(session, lang="ja"))
    qtbot.addWidget(window)
    window.resize(960, 600)
    window.show()
    window.show_battle(True)
    qtbot.waitExposed(window)
    window.battle_view.fit()
    image = window.grab().toImage()
    window.close()
    return image


def test_a_hidden_enemy_and_gm_notes_do_not_change_the_players_pixels(qtbot: QtBot) -> None:
    plain = battle_session(hidden_enemy=False, note="")
    secret = battle_session(hidden_enemy=True, note="弱点は火")
    assert battle_of(plain.state) != battle_of(secret.state)
    assert player_view(plain.state).slices["battle"] == player_view(secret.state).slices["battle"]
    first, second = projector_battle_pixels(plain, qtbot), projector_battle_pixels(secret, qtbot)
    assert not first.isNull() and first == second


def test_the_differential_sees_a_revealed_enemy(qtbot: QtBot) -> None:
    """Guard: the comparison notices an enemy the players do see."""
    plain = battle_session(hidden_enemy=False, note="")
    seen = battle_session(hidden_enemy=False, note="")
    seen.dispatch(PlaceToken(token=Token(id="enemy-2", kind="enemy", label="鰐2", at="2:F6")))
    assert projector_battle_pixels(plain, qtbot) != projector_battle_pixels(seen, qtbot)


def test_every_battle_board_word_has_a_japanese_translation_and_the_catalogue_is_built() -> None:
    import re
    import xml.etree.ElementTree as ET

    from PySide6.QtCore import QTranslator

    root = Path(__file__).resolve().parents[3]
    ts = root / "assets" / "i18n" / "battle_ja.ts"
    catalogue = {m.findtext("source"): m.findtext("translation") for m in ET.parse(ts).getroot().iter("message")}
    used = set()
    for path in (root / "app" / "battle").glob("*.py"):
        for found in re.finditer(r'\btr\(\s*"((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            used.add(found.group(1).replace("\\n", "\n"))
    assert len(used) > 60 and used <= catalogue.keys(), used - catalogue.keys()
    translator = QTranslator()
    assert translator.load(str(ts.with_suffix(".qm")))
    for source, translation in catalogue.items():
        assert translation and translator.translate("Battle", source) == translation, source


def test_the_pages_and_the_battle_menu_read_in_japanese(qtbot: QtBot, qapp: QApplication) -> None:
    from app.i18n import Translations

    translations = Translations(qapp)
    translations.install("ja")
    try:
        window = make_window(qtbot)
        window.retranslate()
        assert [window.pages.tabText(i) for i in range(2)] == ["探索マップ", "戦闘マップ"]
        assert window.battle_actions.menu.title() == "戦闘(&B)"
    finally:
        translations.install("en")


def test_the_map_editor_paints_a_hex_and_puts_the_map_into_the_battle_as_one_command(qtbot: QtBot) -> None:
    from PySide6.QtCore import QPointF

    from app.battle.geometry import centre
    from engine.hexbattle.hexgrid import parse_label

    bridge = SessionBridge(battle_session(hidden_enemy=False, note=""), lang="en")
    dialog = MapEditorDialog(bridge)
    qtbot.addWidget(dialog)
    dialog.source.setCurrentIndex(dialog.source.findText("Battle map 1"))
    dialog.start_from_choice()
    battle = battle_of(bridge.state)
    assert battle is not None and dialog.hex_map == battle.maps[0]
    occupied = parse_label(str(battle.tokens["pc-c1"].at).split(":")[1])
    dialog.tools.button(3).setChecked(True)  # impassable
    dialog.paint_at(QPointF(centre(occupied)))
    assert dialog.hex_map.cost(occupied) is None
    assert not dialog.put_into_battle()  # the engine refuses to strand a token in deep water
    assert battle_of(bridge.state) == battle
    dialog.tools.button(0).setChecked(True)  # cost 1 again, then water on an empty corner
    dialog.paint_at(QPointF(centre(occupied)))
    dialog.tools.button(3).setChecked(True)
    dialog.paint_at(QPointF(centre(parse_label("A1"))))
    assert dialog.put_into_battle()
    changed = battle_of(bridge.state)
    assert changed is not None and changed.maps[0].cost(parse_label("A1")) is None
    assert bridge.undo() and battle_of(bridge.state) == battle
