"""The ♦ events through the 進行 (stepper) dock: a remains search and a tear
spirit accepted, each resolved with the form's widgets and typed dice."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.rulesets.upland.forms import AcceptForm, RemainsForm, TearChoiceForm
from app.rulesets.upland.stepper import StepperPanel
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now
from tests.app.shipped_catalogues import shipped_messages
from tests.engine.upland.test_diamonds import at_event
from tests.engine.upland_support import sheet, sheet_of


def dock(qtbot: QtBot, bridge: SessionBridge) -> StepperPanel:
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.resize(440, 600)
    widget.show()
    return widget


def log(bridge: SessionBridge) -> list[str]:
    return [e.describe("ja") for entry in bridge.session.done for e in entry.events]


def test_rem1_a_remains_search_through_the_stepper_dock(qtbot: QtBot) -> None:
    bridge = SessionBridge(at_event("4D"), lang="ja")
    widget = dock(qtbot, bridge)
    form = widget.form
    assert isinstance(form, RemainsForm)
    assert widget.step_label.text() == "イベントフェイズ：遺骨捜索"
    for who in ("c3", "c4"):  # only アイリン and ロイ search
        form.findChild(QCheckBox, f"skill.{who}").setChecked(False)
    combo = form.findChild(QComboBox, "skill.skill.c1")
    assert combo.currentData() == "POW×5"  # the default: the first of the highest (CHK-U-2)
    combo.setCurrentIndex(combo.findData("歌唱"))
    qtbot.keyClicks(widget.dice, "1 10")  # critical ×3, special ×2 — the cap 4 keeps 3 + 1
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    state = bridge.state
    assert (sheet_of(state, "c1").remains, sheet_of(state, "c2").remains, sheet_of(state, "c3").remains) == (3, 1, 0)
    assert "ダイヤの4の遺骨捜索（アイリン、ロイ）：遺骨4個を発見（上限4）（REM-1）。" in log(bridge)
    assert any(line.startswith("アイリン：遺骨捜索 〈歌唱〉") for line in log(bridge))
    assert cycle_now(state).step is StepId.END  # type: ignore[union-attr]


def test_tear6_a_tear_spirit_accepted_through_the_stepper_dock(qtbot: QtBot) -> None:
    sheets = {
        "c1": sheet(spirit_pressure=1, death_rite=60),
        "c2": sheet(spirit_pressure=3),
        "c3": sheet(spirit_pressure=9),
        "c4": sheet(spirit_pressure=50),
    }
    bridge = SessionBridge(at_event("10D", crossed=True, sheets=sheets), lang="ja")
    widget = dock(qtbot, bridge)
    assert isinstance(widget.form, TearChoiceForm)
    status = widget.form.findChild(QLabel, "diamond.status")
    assert status is not None and "10" in status.text()
    qtbot.mouseClick(widget.form.findChild(QPushButton, "tear.accept"), Qt.MouseButton.LeftButton)
    form = widget.form
    assert isinstance(form, AcceptForm)
    for who in ("c2", "c3", "c4"):
        form.findChild(QCheckBox, f"adjust.{who}").setChecked(False)
    combo = form.findChild(QComboBox, "adjust.skill.c1")
    combo.setCurrentIndex(combo.findData("up"))
    qtbot.keyClicks(widget.dice, "50")  # success: spirit pressure 1 → 2
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    state = bridge.state
    # spirit pressures 2, 3, 9, 50 share 10: 2 → 8 and 3 → 7 (the tie at 7 to the lower spirit pressure)
    assert sheet_of(state, "c1").spirit_pressure == 2
    assert [sheet_of(state, c).call for c in ("c1", "c2", "c3", "c4")] == [6, 4, 0, 0]
    assert "ダイヤの10の涙霊を受け入れました（TEAR-6）。" in log(bridge)


def test_trs2_a_treasure_with_a_notice_roll_through_the_stepper_dock(qtbot: QtBot) -> None:
    from app.rulesets.upland.forms import TreasureForm
    from engine.upland.diamond_commands import OpenTreasure

    session = at_event("9S")
    session.dispatch(OpenTreasure(card="9S"))
    bridge = SessionBridge(session, lang="ja")
    widget = dock(qtbot, bridge)
    form = widget.form
    assert isinstance(form, TreasureForm)
    form.findChild(QCheckBox, "notice.c1").setChecked(True)  # アイリン pays 1 fatigue for 〈目星〉
    qtbot.keyClicks(widget.dice, "2 2 1")  # rank 4, critical +3
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    cycle = cycle_now(bridge.state)
    assert cycle is not None and [t.rank for t in cycle.diamonds.treasures] == [7]
    assert sheet_of(bridge.state, "c1").fatigue_thirds == 3
    assert "スペードの9の宝物：ランク7　490Lルナー相当の一般品（内容は帰還後に確定）（TRS-3）。" in log(bridge)


def test_the_diamond_forms_are_translated_into_japanese() -> None:

    messages = 0
    for shipped in shipped_messages("diamonds_ja"):
        assert shipped.translation.strip(), shipped.source
        assert shipped.compiled == shipped.translation, shipped.source
        messages += 1
    assert messages >= 25
