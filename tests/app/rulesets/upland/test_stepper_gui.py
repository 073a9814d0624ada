"""The phase stepper driven as a GM would, in the real main window: start the
exploration, declare four different actions by dragging the markers on the
board, resolve with typed dice, then a time phase and an event phase through
the panel — checking the engine state, the board items, the event log and what
the panel says after every step.

Set-up as in ``tests/engine/upland/test_golden.py``: a scripted session built
only from ordinary commands, the deck in standard order with the cards the
script needs put on top, and typed dice (DICE-2) so nothing depends on luck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox
from pytestqt.qtbot import QtBot

from app.board.focus import FocusKind
from app.board.items import Highlight
from app.board.scene import BoardScene
from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.rulesets.upland.forms import ChooseForm, DeclareForm, RemainsForm
from app.sessions import SessionController
from engine.store import RecentFiles, SessionFile
from engine.table.commands import AddCharacter, MoveCard, NewSession
from engine.table.places import DECK, DISCARD, hand, square
from engine.upland.bone import SetBone
from engine.upland.commands import DeclareAction, SetSheet
from engine.upland.procedure import Action, StepId
from engine.upland.sheet import Skill, UplandSheet
from engine.upland.slice import cycle_now, markers_of, party_of
from engine.upland.table_commands import MoveParty

NAMES = ("アイリン", "ロイ", "ミナ", "ケイ")
CTRL = Qt.KeyboardModifier.ControlModifier


def sheet() -> UplandSheet:
    """視力 50, 聞き耳 40, 歌唱 60, 〈死祭り〉 30, spirit pressure 5 (as the engine tests)."""
    return UplandSheet(
        STR=12,
        CON=12,
        POW=12,
        skills={"視力": Skill(value=50), "聞き耳": Skill(value=40), "歌唱": Skill(value=60)},
        death_rite=30,
        food=3,
        spirit_pressure=5,
    )


def setup_session(path: Path) -> SessionFile:
    """Party on C4: C3 and B4 blank, D4 closed, C5 open; a closed card on E2 far away;
    the lingering bone secretly on B4; ケイ holds ♥7; the deck's top: ♦5 ♠2 ♣8 ♥K."""
    session_file = SessionFile.create(path, NewSession(ruleset="upland", seed=5))
    session = session_file.session
    for name in NAMES:
        session.dispatch(AddCharacter(name=name))
    session.dispatch(MoveParty(square="C4"))
    session.dispatch(SetBone(square="B4"))
    for code, where, up in (("9C", "D4", False), ("4C", "E2", False), ("3H", "C5", True)):
        session.dispatch(MoveCard(card=code, to=square(where), index=0, face_up=up))
    session.dispatch(MoveCard(card="7H", to=hand("c4")))
    for code in reversed(("5D", "2S", "8C", "KH")):
        session.dispatch(MoveCard(card=code, to=DECK, index=0))
    for index in range(1, 5):
        session.dispatch(SetSheet(character=f"c{index}", sheet=sheet()))
    return session_file


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    session_file = setup_session(tmp_path / "expedition.yobigoe")
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    win = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    win.board_view.fit()
    messages: list[str] = []
    win.board_scene.status_message.connect(messages.append)
    win.messages = messages  # type: ignore[attr-defined]
    yield win
    sessions.close()


def drag_marker(
    qtbot: QtBot, win: MainWindow, character: str, to: str, during: Callable[[], None] | None = None
) -> None:
    """Press on the character's marker, move past the drag distance, release on ``to``."""
    view, scene = win.board_view, win.board_scene
    marker = scene.marker_item(character)
    assert marker is not None
    a = view.mapFromScene(marker.scenePos())
    b = view.mapFromScene(scene.layout.squares[to].center())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    qtbot.mouseMove(viewport, a + QPoint(12, 12))
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    if during is not None:
        during()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def click(qtbot: QtBot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]


def log_text(win: MainWindow) -> str:
    return "\n".join(win.eventlog.lines())


def test_a_whole_cycle_through_the_board_and_the_stepper(qtbot: QtBot, window: MainWindow) -> None:
    win = window
    bridge, scene, panel = win.bridge, win.board_scene, win.stepper

    # rule: CYC-1 — before cycle 1 the panel offers to start
    assert panel.step_label.text() == "準備"
    assert panel.resolve_button.text() == "Start the exploration"
    click(qtbot, panel.resolve_button)
    state = bridge.state
    assert cycle_now(state) is not None and cycle_now(state).step is StepId.DECLARE
    assert panel.cycle_label.text() == "Cycle 1 · Investigation phase"
    assert panel.step_label.text() == "調査フェイズ：行動宣言"
    assert "0/4人宣言済み" in panel.text_label.text()
    # everybody still has to declare: their hand zones are lit on the GM's board
    assert {k for k in scene.step_focus() if k[0] is FocusKind.HAND} == {(FocusKind.HAND, f"c{i}") for i in range(1, 5)}

    # rule: INV-1 — a marker drop declares the action its square implies; legal targets light up
    seen: dict[str, Highlight] = {}

    def look() -> None:
        for name in ("C3", "B4", "D4", "B3", "D5", "C4", "E2", "A1", "C5"):
            seen[name] = scene.square_item(name).highlight  # type: ignore[union-attr]

    drag_marker(qtbot, win, "c4", "E2", during=look)  # rule: INV-4 (a heart on a face-down card far away)
    assert seen["E2"] is Highlight.UNDER
    assert all(seen[n] is Highlight.LEGAL for n in ("C3", "B4", "D4", "B3", "D5", "C4"))
    assert seen["A1"] is Highlight.NONE and seen["C5"] is Highlight.NONE  # far and blank; open, not closed
    drag_marker(qtbot, win, "c1", "C3")  # rule: INV-2 (orthogonal, blank)
    drag_marker(qtbot, win, "c2", "B3")  # rule: INV-7 (diagonal)
    drag_marker(qtbot, win, "c3", "C4")  # rule: INV-5 (the party's own square)
    declared = cycle_now(bridge.state).declarations  # type: ignore[union-attr]
    assert {c: (d.action, d.target) for c, d in declared.items()} == {
        "c1": (Action.SCOUT, "C3"),
        "c2": (Action.RESONANCE, "B3"),
        "c3": (Action.PRAYER, "C4"),
        "c4": (Action.VISION, "E2"),
    }
    assert declared["c4"].card == "7H"
    assert declared["c1"].skill == "視力" and declared["c2"].skill == "歌唱"  # rule: CHK-U-2 (highest by default)
    assert {c: scene.marker_item(c).square for c in ("c1", "c2", "c3", "c4")} == {  # type: ignore[union-attr]
        "c1": "C3",
        "c2": "B3",
        "c3": "C4",
        "c4": "E2",
    }
    assert "4/4人宣言済み" in panel.text_label.text()
    lit = scene.step_focus()
    assert {k for k in lit if k[0] is FocusKind.SQUARE} == {(FocusKind.SQUARE, s) for s in ("C3", "B3", "C4", "E2")}
    assert (FocusKind.CARD, "7H") in lit and (FocusKind.MARKER, "c1") in lit
    assert not any(k[0] is FocusKind.HAND for k in lit)
    projector = BoardScene(bridge, player=True)
    assert projector.step_focus() == {}  # the players never see what the GM is about to resolve

    # drops that cannot mean an action are said in words and change nothing
    before = bridge.state
    drag_marker(qtbot, win, "c2", "A1")
    assert bridge.state is before and "A1" in win.messages[-1] and "INV-1" in win.messages[-1]  # type: ignore[attr-defined]
    drag_marker(qtbot, win, "c3", "D4")  # orthogonal and closed: a scout, allowed
    assert cycle_now(bridge.state).declarations["c3"].action is Action.SCOUT  # type: ignore[union-attr]
    drag_marker(qtbot, win, "c3", "C4")  # back to the prayer
    drag_marker(qtbot, win, "c1", "E2", during=None)
    assert win.messages[-1] == (  # type: ignore[attr-defined]
        "アイリンはハートを持っていません。幻視は手札のハートを裏向きのカードに置きます（INV-4）。"
    )  # the engine's refusal, in the session's language
    assert cycle_now(bridge.state).declarations["c1"].target == "C3"  # type: ignore[union-attr]

    # the panel changes the implied skill afterwards (CHK-U-2: the player picks)
    form = panel.form
    assert isinstance(form, DeclareForm)
    skill_combo = form.rows["c1"][2]
    assert skill_combo.currentData() == "視力"
    skill_combo.setFocus()
    qtbot.keyClick(skill_combo, Qt.Key.Key_Down)
    assert cycle_now(bridge.state).declarations["c1"].skill == "聞き耳"  # type: ignore[union-attr]
    assert panel.form.rows["c1"][2].currentText() == "〈聞き耳〉 40%"  # type: ignore[union-attr]

    # rule: DICE-7 — all roll at once with the GM's typed dice (DICE-2), results in marching order
    qtbot.keyClicks(panel.dice, "5 20 4")
    click(qtbot, panel.resolve_button)
    state = bridge.state
    # rule: INV-3 — a special scout on a blank square: the deck's top card lies there, opened
    assert state.squares["C3"] == ("5D",) and state.card_flags("5D").face_up
    card = scene.card_item("5D")
    assert card is not None and card.face_code == "5D" and card.place == square("C3")
    # rule: INV-7, INV-8 — the bone's 2×2 block answers ロイ: one response, one card drawn
    assert state.hands["c2"] == ("2S",) and scene.hand_item("c2").count == 1  # type: ignore[union-attr]
    assert cycle_now(state).responses == 1  # type: ignore[union-attr]
    assert state.characters["c2"].sheet.skills["歌唱"].checked  # type: ignore[union-attr]
    # rule: INV-5 — a special prayer draws two
    assert state.hands["c3"] == ("KH", "8C") and scene.hand_item("c3").count == 2  # type: ignore[union-attr]
    # rule: INV-4 — the vision's heart is spent (to the discard) and the card under it is open
    assert state.squares["E2"] == ("4C",) and state.card_flags("4C").face_up and state.discard[0] == "7H"
    assert markers_of(state) == {}
    assert all(scene.marker_item(c).square is None for c in ("c1", "c2", "c3", "c4"))  # type: ignore[union-attr]
    log = log_text(win)
    assert "アイリン：偵察 〈聞き耳〉 (1D100<=40) ＞ 5 ＞ 効果的成功（INV-2）。" in log
    assert "ロイ：共鳴 〈歌唱〉 (1D100<=65) ＞ 20 ＞ 成功（INV-7）。" in log
    assert "B3・C3・B4・C4の範囲からロイに応答1回（合計1回）。" in log
    assert panel.dice.text() == ""

    # rule: TIM-1, TIM-4, TIM-5 — the time phase: move to the scouted square from the panel
    assert panel.cycle_label.text() == "Cycle 1 · Time phase"
    assert panel.step_label.text() == "時間経過フェイズ：移動・待機・離脱"
    form = panel.form
    assert isinstance(form, ChooseForm)
    assert {k[1] for k in scene.step_focus() if k[0] is FocusKind.SQUARE} == {"C3", "B4", "D4", "C5"}
    form.square.setFocus()
    qtbot.keyClicks(form.square, "C3")
    assert form.square.currentData() == "C3"
    click(qtbot, panel.resolve_button)
    state = bridge.state
    assert party_of(state) == "C3" and scene.party_item.square == "C3"
    assert {c: state.characters[c].sheet.fatigue_thirds for c in state.characters} == {  # type: ignore[union-attr]
        "c1": 5,
        "c2": 5,
        "c3": 2,
        "c4": 2,
    }
    rows = [win.characters.list.item(i).text() for i in range(4)]
    assert "1⅔" in rows[0] and "⅔" in rows[3]
    assert "探索隊がC3へ移動しました。" in log_text(win)

    # rule: EVT-1, EVT-2 — the event phase starts; the ♦5 raises remains
    assert panel.step_label.text() == "イベントフェイズ：開始"
    qtbot.keyClick(win.board_view, Qt.Key.Key_Return, CTRL)  # Ctrl+Enter resolves the step too
    # ♦ diamonds and the bone: the stepper runs the remains search itself
    assert cycle_now(bridge.state).step is StepId.REMAINS  # type: ignore[union-attr]
    form = panel.form
    assert isinstance(form, RemainsForm)
    assert "遺骨" in panel.text_label.text()
    assert (FocusKind.CARD, "5D") in scene.step_focus()
    # rule: REM-1, EVT-3 — アイリン alone searches and finds nothing; the card is removed to the discard
    for who in ("c2", "c3", "c4"):
        form.findChild(QCheckBox, f"skill.{who}").setChecked(False)
    qtbot.keyClicks(panel.dice, "80")
    click(qtbot, panel.resolve_button)
    state = bridge.state
    assert state.discard[0] == "5D" and state.squares.get("C3", ()) == ()
    assert scene.card_item("5D").place == DISCARD  # type: ignore[union-attr]
    assert "ダイヤの5のイベントを処理して除去しました（EVT-3）。" in log_text(win)

    # rule: END-1 — the panel lists each fatigue change, then the cycle ends (CYC-1)
    assert cycle_now(state).step is StepId.END  # type: ignore[union-attr]
    assert panel.resolve_button.text() == "End the cycle"
    assert "fatigue 0 → 1⅔ (+1⅔)" in [w.text() for w in panel.form.findChildren(type(panel.cycle_label))]  # type: ignore[union-attr]
    click(qtbot, panel.resolve_button)
    assert cycle_now(bridge.state).cycle == 2 and cycle_now(bridge.state).step is StepId.DECLARE  # type: ignore[union-attr]
    assert panel.cycle_label.text() == "Cycle 2 · Investigation phase"

    # undo walks the procedure back, and the panel with it
    assert bridge.undo()
    assert panel.resolve_button.text() == "End the cycle"


def test_jump_and_the_procedure_menu(qtbot: QtBot, window: MainWindow) -> None:
    win = window
    bridge, panel = win.bridge, win.stepper
    assert win.ruleset_docks.action("start").isEnabled()
    win.ruleset_docks.action("start").trigger()  # rule: CYC-1
    assert cycle_now(bridge.state) is not None and not win.ruleset_docks.action("start").isEnabled()
    # the GM is in charge: jump straight to the time phase's choice
    index = panel.jump_combo.findData(StepId.CHOOSE.value)
    panel.jump_combo.setCurrentIndex(index)
    click(qtbot, panel.jump_button)
    assert cycle_now(bridge.state).step is StepId.CHOOSE  # type: ignore[union-attr]
    assert isinstance(panel.form, ChooseForm)
    assert "マスターが進行をサイクル1・時間経過フェイズ：移動・待機・離脱に移しました。" in log_text(win)
    # rule: TIM-6 — wait one hour; ロイ watches
    form = panel.form
    click(qtbot, form.wait)
    form.waits["c2"].setFocus()
    qtbot.keyClick(form.waits["c2"], Qt.Key.Key_End)  # sleep, rest, watch: the last
    assert form.waits["c2"].currentData() == "watch"
    win.resolve_action.trigger()
    assert cycle_now(bridge.state).step is StepId.INCIDENT_START  # type: ignore[union-attr]
    assert "ロイ: 見張り" in log_text(win)
    assert "ロイ：長期疲労 0 → 1（+1）（TIM-6）。" in log_text(win)  # the watch's +1, then food recovers it
    # a refused resolve leaves the panel as the state says and the status bar explains
    bridge.undo()
    bridge.undo()
    assert cycle_now(bridge.state).step is StepId.DECLARE  # type: ignore[union-attr]
    for cid in ("c1", "c2", "c3", "c4"):  # rule: INV-1 — "no action" is declared, never assumed
        bridge.dispatch(DeclareAction(character=cid, action=Action.NONE), origin="stepper")
    qtbot.keyClicks(panel.dice, "5 5 5")  # nobody declared a roll: too many dice
    before = bridge.state
    assert not panel.resolve()
    assert bridge.state is before
    assert win.statusBar().currentMessage() == "入力された出目が 3 個余りました。このロールに必要な数より多すぎます。"
    assert panel.dice.text() == "5 5 5"  # kept, so the GM can correct it


def test_the_stepper_dock_is_in_the_view_menu(qtbot: QtBot, window: MainWindow) -> None:
    win = window
    assert win.stepper_dock.toggleViewAction() in win.view_menu.actions()
    assert win.stepper_dock.windowTitle() == "Procedure"
    win.stepper_dock.toggleViewAction().trigger()
    assert not win.stepper_dock.isVisible()
    QApplication.processEvents()
