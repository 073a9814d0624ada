"""INT-3 effects chosen in the 進行 dock's interaction form: the
defence's threat level and the lodging's stay come from the number field, and
the effect names are shown in Japanese."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.rulesets.upland.forms import SuitEventForm
from app.rulesets.upland.stepper import StepperPanel
from engine.upland.commands import ChooseWait, ResolveInvestigation, StartIncidents
from engine.upland.slice import cycle_now
from tests.engine.upland_support import lay, upland_session


def _dock(qtbot: QtBot, heart: str) -> tuple[StepperPanel, SessionBridge]:
    session = upland_session()
    lay(session, "C5", heart)
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    return widget, bridge


def test_int3_a_defence_with_its_threat_level_through_the_stepper_dock(qtbot: QtBot) -> None:
    widget, bridge = _dock(qtbot, "10H")  # サーター人の戦士団
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "interaction"
    effect = form.findChild(QComboBox, "interaction.effect")
    assert effect is not None
    assert [effect.itemText(i) for i in range(4)] == ["偵察", "援軍", "防衛", "交易"]
    effect.setCurrentIndex(effect.findData("defence"))
    amount = form.findChild(QSpinBox, "interaction.amount")
    assert amount is not None
    amount.setValue(8)
    qtbot.keyClicks(widget.dice, "2 2")
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    cycle = cycle_now(bridge.state)
    assert cycle is not None and cycle.defence == ("C5", 8)  # rule: INT-3


def test_int3_a_lodging_with_its_stay_through_the_stepper_dock(qtbot: QtBot) -> None:
    widget, bridge = _dock(qtbot, "7H")  # 隠れ里
    form = widget.form
    assert isinstance(form, SuitEventForm)
    amount = form.findChild(QSpinBox, "interaction.amount")
    assert amount is not None
    amount.setValue(3)
    qtbot.keyClicks(widget.dice, "4 6")  # 1D8 = 4; D20 6 + 4 = hour 10
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    cycle = cycle_now(bridge.state)
    assert cycle is not None and cycle.lodging is not None  # rule: INT-3
    assert (cycle.lodging.hours, cycle.lodging.attack_at) == (3, 10)


def test_obs6_the_rope_and_the_trap_disarm_skill_through_the_stepper_dock(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QCheckBox

    from engine.upland.sheet import Skill
    from tests.engine.upland_support import fatigue, sheet

    sheets = {c: sheet(skills={"ジャンプ": Skill(value=50)}) for c in ("c1", "c2", "c3", "c4")}
    session = upland_session(sheets=sheets)
    lay(session, "C5", "9C")  # 裂け目
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "obstacle"
    rope = form.findChild(QCheckBox, "obstacle.rope")
    assert rope is not None and rope.isVisible()
    rope.setChecked(True)
    qtbot.keyClicks(widget.dice, "30")
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    assert bridge.state.card_flags("9C").tapped  # rule: OBS-6 — one jump, the rope for the rest
    assert [fatigue(bridge.state, c) for c in ("c2", "c3", "c4")] == [3, 3, 3]
    trap_session = upland_session()
    lay(trap_session, "C5", "2C")
    trap_session.dispatch(ResolveInvestigation())
    trap_session.dispatch(ChooseWait())
    trap_session.dispatch(StartIncidents())
    trap_widget = StepperPanel(SessionBridge(trap_session, lang="ja"))
    qtbot.addWidget(trap_widget)
    combo = trap_widget.form.findChild(QComboBox, "obstacle.skill.c4")
    assert combo is not None and combo.findData("修理") >= 0 and combo.findData("罠製作") >= 0


def test_obs4_a_diamond_after_the_obstacle_from_the_end_step_form(qtbot: QtBot) -> None:
    from engine.upland.chs_command_types import CheckObstacle
    from tests.engine.upland_support import give

    session = upland_session()
    lay(session, "C5", "8C")
    give(session, "c2", "5D", "9D")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    session.dispatch(
        CheckObstacle(card="8C", rollers=[(c, "STR×3") for c in ("c1", "c2", "c3", "c4")], dice=[3, 3, 3, 90])
    )
    from PySide6.QtWidgets import QApplication

    from app.i18n import Translations

    translations = Translations(QApplication.instance())  # type: ignore[arg-type]
    translations.install("ja")
    try:
        bridge = SessionBridge(session, lang="ja")
        widget = StepperPanel(bridge)
        qtbot.addWidget(widget)
        widget.show()
        _play_the_diamond(qtbot, widget, bridge)
    finally:
        translations.install("en")


def _play_the_diamond(qtbot: QtBot, widget: StepperPanel, bridge: SessionBridge) -> None:
    from PySide6.QtWidgets import QLabel, QPushButton

    from engine.upland.procedure import StepId

    combo = widget.form.findChild(QComboBox, "obstacle.diamond")
    assert combo is not None and [combo.itemData(i) for i in range(combo.count())] == ["c2 5D"]  # ♦9 > ♣8
    assert any(label.text() == "クラブの8の克服後にダイヤ（OBS-4）：" for label in widget.form.findChildren(QLabel))
    play = widget.form.findChild(QPushButton, "obstacle.diamond.play")
    assert play is not None and play.text() == "出す"
    qtbot.mouseClick(play, Qt.MouseButton.LeftButton)
    cycle = cycle_now(bridge.state)  # rule: OBS-4 — the ♦5 raises its remains event on C5
    assert cycle is not None and cycle.step is StepId.REMAINS and bridge.state.squares["C5"][0] == "5D"
