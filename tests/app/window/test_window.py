"""The GM's main window: shortcuts, the Edit menu's names, docks, status bar, language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication

from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.i18n import Translations, remembered_language
from app.mainwindow import MainWindow
from app.sessions import SessionController
from engine.errors import EngineError
from engine.store import RecentFiles
from engine.table.commands import DealCard, FlipCard, TapCard


class Answers(Prompts):
    def __init__(self) -> None:
        super().__init__()
        self.errors: list[tuple[str, str]] = []

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


def make_window(qtbot: object, translations: Translations, lang: str = "ja") -> MainWindow:
    translations.install(lang)
    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang=lang)
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Answers())
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    window.show()
    qtbot.waitExposed(window)  # type: ignore[attr-defined]
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # type: ignore[attr-defined]
    window.board_view.setFocus()
    return window


def press(
    qtbot: object, window: MainWindow, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(window.board_view, key, modifiers)  # type: ignore[attr-defined]


CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_undo_and_redo_by_shortcut_name_the_action(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    bridge = window.bridge
    bridge.dispatch(DealCard(square="A1"))
    dealt = bridge.state.squares["A1"][0]
    bridge.dispatch(FlipCard(card=dealt))
    flip_name = FlipCard(card=dealt).label("ja")
    assert window.undo_action.text() == f"「{flip_name}」を元に戻す"
    assert bridge.state.card_flags(dealt).face_up

    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert not bridge.state.card_flags(dealt).face_up
    assert window.redo_action.text() == f"「{flip_name}」をやり直す"
    assert window.undo_action.text() == f"「{DealCard(square='A1').label('ja')}」を元に戻す"
    assert not window.board_scene.card_item(dealt).face_shown  # type: ignore[union-attr]

    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert bridge.state.card_flags(dealt).face_up
    assert window.board_scene.card_item(dealt).face_shown  # type: ignore[union-attr]

    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    press(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert bridge.state.card_flags(dealt).face_up
    assert window.redo_action.text() == "やり直す" and not window.redo_action.isEnabled()


def test_t_and_f_tap_and_flip_the_selected_card(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    bridge = window.bridge
    card = bridge.state.squares["C4"][0]
    item = window.board_scene.card_item(card)
    assert item is not None
    item.setSelected(True)
    press(qtbot, window, Qt.Key.Key_T)
    assert bridge.state.card_flags(card).tapped and item.tapped
    press(qtbot, window, Qt.Key.Key_F)
    assert not bridge.state.card_flags(card).face_up
    assert window.undo_action.text() == f"「{FlipCard(card=card).label('ja')}」を元に戻す"
    # T typed into the dice box is text, not a tap.
    window.dicebox.command.setFocus()
    qtbot.keyClicks(window.dicebox.command, "t")  # type: ignore[attr-defined]
    assert window.dicebox.command.text() == "t" and bridge.state.card_flags(card).tapped


def test_refusals_and_board_messages_reach_the_status_bar(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    before = window.bridge.state
    window.board_scene.clearSelection()
    press(qtbot, window, Qt.Key.Key_T)
    assert window.statusBar().currentMessage()  # "select a card first"
    in_hand = window.bridge.state.hands["c1"][0]
    with pytest.raises(EngineError) as refusal:
        window.bridge.session.run(TapCard(card=in_hand))
    assert not window.bridge.dispatch(TapCard(card=in_hand))
    expected = refusal.value.text("ja")
    assert expected == "タップできるのはスクエア上のカードだけです。"
    assert window.statusBar().currentMessage() == expected
    assert window.bridge.state is before


def test_selecting_a_character_lets_a_deck_double_click_draw_to_their_hand(
    qtbot: object, translations: Translations
) -> None:
    window = make_window(qtbot, translations)
    window.characters.select("c2")
    assert window.board_scene.selected_character == "c2"
    deck = window.board_scene.pile_item(__import__("engine.table.places", fromlist=["PileKind"]).PileKind.DECK)
    assert deck is not None
    point = window.board_view.mapFromScene(deck.sceneBoundingRect().center())
    qtbot.mouseDClick(window.board_view.viewport(), Qt.MouseButton.LeftButton, pos=point)  # type: ignore[attr-defined]
    assert len(window.bridge.state.hands["c2"]) == 1
    assert window.characters.list.item(1).text().endswith("1）")


def test_menus_and_docks_follow_the_language_live(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations, lang="ja")
    titles = [window.file_menu.title(), window.edit_menu.title(), window.view_menu.title()]
    assert titles == ["ファイル(&F)", "編集(&E)", "表示(&V)"]
    docks = [window.characters_dock.windowTitle(), window.dice_dock.windowTitle(), window.log_dock.windowTitle()]
    assert docks == ["キャラクター", "ダイスボックス", "イベントログ"]
    assert window.dicebox.roll_button.text() == "ロール"
    window.language_actions["en"].trigger()
    assert window.bridge.lang == "en"
    assert [window.file_menu.title(), window.edit_menu.title(), window.view_menu.title()] == ["&File", "&Edit", "&View"]
    assert window.characters_dock.windowTitle() == "Characters"
    assert window.dice_dock.windowTitle() == "Dice box"
    assert window.log_dock.windowTitle() == "Event log"
    assert window.dicebox.roll_button.text() == "Roll"
    assert window.undo_action.text().startswith("Undo “")  # engine labels too
    assert window.eventlog.lines()[0] == "New session"
    window.language_actions["ja"].trigger()
    assert window.file_menu.title() == "ファイル(&F)" and window.eventlog.lines()[0] == "新しいセッション"
    assert QCoreApplication.translate("MainWindow", "Dice box") == "ダイスボックス"
    # The menu's choice is remembered for the next start (--lang still wins).
    window.language_actions["en"].trigger()
    assert remembered_language() == "en"


def test_secret_rolls_stay_off_the_player_view(qtbot: object, translations: Translations) -> None:
    window = make_window(qtbot, translations)
    projector = window.show_player_view()
    qtbot.addWidget(projector)  # type: ignore[attr-defined]
    # one screen: a normal window beside the GM's, never full screen over it
    assert projector.isVisible() and not projector.isFullScreen()
    window.characters.select("c1")
    window.dicebox.secret.setChecked(True)
    window.dicebox.command.setText("1D100<=45")
    window.dicebox.typed.setText("71")
    assert window.dicebox.roll()
    window.dicebox.secret.setChecked(False)
    window.dicebox.command.setText("1D100<=60")
    window.dicebox.typed.setText("40")
    assert window.dicebox.roll()
    rows = window.dicebox.row_texts()
    assert rows[0].startswith("［シークレット］鷹野 遥: (1D100<=45) ＞ 71")
    assert rows[1] == "鷹野 遥: (1D100<=60) ＞ 40 ＞ 成功"
    assert projector.feed.lines() == ["鷹野 遥: (1D100<=60) ＞ 40 ＞ 成功"]  # type: ignore[attr-defined]
    shown = " ".join(t for item in projector.scene.board_items() for t in item.texts())  # type: ignore[attr-defined]
    assert "71" not in shown


def test_new_session_dialog_checks_with_the_engine(qtbot: object) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from app.dialogs.new_session import NewSessionDialog

    dialog = NewSessionDialog("ja")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert [label.text() for label in dialog.labels] == ["Name", "Ruleset", "Map size", "Gate square", "Dice seed"]
    dialog.cols.setValue(7)
    assert dialog.gate.text() == "D5"  # follows the size until the GM types one
    dialog.rows.setValue(3)
    assert dialog.gate.text() == "D3"
    dialog.gate.setText("Z9")
    dialog.gate.textEdited.emit("Z9")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.click()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.error.text() == "7×3 のマップにスクエア「Z9」はありません。"
    dialog.gate.setText("a3")
    dialog.seed.setValue(42)
    ok.click()
    assert dialog.result() == dialog.DialogCode.Accepted
    command = dialog.command()
    assert (command.ruleset, command.cols, command.rows, command.setup["gate"], command.seed) == (
        "upland",
        7,
        3,
        "A3",
        42,
    )


def test_ctrl_z_after_a_move_and_a_roll_undoes_the_move_and_the_roll_stays(
    qtbot: object, translations: Translations
) -> None:
    # rule: DICE-8 — a dice-box roll is final; Ctrl+Z goes to the move before it
    window = make_window(qtbot, translations)
    bridge = window.bridge
    bridge.dispatch(DealCard(square="A1"))
    window.dicebox.command.setText("1D100<=60")
    window.dicebox.typed.setText("40")
    assert window.dicebox.roll()
    assert window.undo_action.text() == f"「{DealCard(square='A1').label('ja')}」を元に戻す"
    log_before = window.dicebox.row_texts()
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert "A1" not in bridge.state.squares
    assert window.dicebox.row_texts() == log_before and log_before[-1].endswith("(1D100<=60) ＞ 40 ＞ 成功")
    # the next fresh roll is a new die: the generator did not go back with the undo
    position = bridge.session.dice_position
    window.dicebox.command.setText("1D100")
    assert window.dicebox.roll()
    assert bridge.session.dice_position > position and len(window.dicebox.row_texts()) == len(log_before) + 1
