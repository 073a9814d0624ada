"""The stepper panel's less common steps, driven through its widgets: a critical
scout's follow-up, a sleepwalker held back, and a session of another ruleset."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.rulesets.upland.forms import FollowUpForm, HoldBackForm
from app.rulesets.upland.stepper import StepperPanel
from engine.session import new_session
from engine.table.commands import AddCharacter
from engine.upland.commands import DeclareAction
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now, party_of
from tests.engine.upland_support import lay, sheet, upland_session


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[tuple[StepperPanel, SessionBridge, list[str]]]:
    # ケイ's Call (14) is above her POW (11): she may sleepwalk (TIM-2)
    session = upland_session(party_at="C4", sheets={"c4": sheet(call=14, POW=11)})
    lay(session, "B3", "9D")
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.resize(440, 600)
    widget.show()
    messages: list[str] = []
    widget.status_message.connect(messages.append)
    yield widget, bridge, messages


def log(bridge: SessionBridge) -> list[str]:
    return [e.describe("ja") for entry in bridge.session.done for e in entry.events]


def test_critical_scout_follow_up_then_a_sleepwalker_held_back(
    qtbot: QtBot, panel: tuple[StepperPanel, SessionBridge, list[str]]
) -> None:
    widget, bridge, _ = panel
    bridge.dispatch(DeclareAction(character="c1", action="scout", target="C3"))
    for cid in ("c2", "c3", "c4"):  # rule: INV-1 — "no action" is declared, never assumed
        bridge.dispatch(DeclareAction(character=cid, action="none"))
    qtbot.keyClicks(widget.dice, "1")
    qtbot.keyClick(widget.dice, Qt.Key.Key_Return)  # Enter in the dice field resolves
    # rule: INV-3 — a critical scout: アイリン may learn one neighbouring square's suit
    assert cycle_now(bridge.state).step is StepId.FOLLOW_UP  # type: ignore[union-attr]
    assert widget.step_label.text() == "調査フェイズ：偵察の決定的成功"
    assert widget.resolve_button.text() == "Pass and continue"
    form = widget.form
    assert isinstance(form, FollowUpForm)
    combo = form.findChildren(type(widget.jump_combo))[0]
    combo.setCurrentIndex(combo.findData("B3"))
    learn = next(b for b in form.findChildren(type(widget.jump_button)) if b.text() == "Learn")
    qtbot.mouseClick(learn, Qt.MouseButton.LeftButton)
    assert "マスターはアイリンにB3のスートを伝えます：ダイヤ（ダイヤの9）（INV-3）。" in log(bridge)

    # rule: TIM-2 — the Call against POW: ケイ sleepwalks on a typed 30 (target 65)
    assert cycle_now(bridge.state).step is StepId.SLEEPWALK  # type: ignore[union-attr]
    assert "ケイ" in widget.form.findChildren(type(widget.cycle_label))[0].text()  # type: ignore[union-attr]
    qtbot.keyClicks(widget.dice, "30")
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    assert "ケイ：夢遊症状 (1d100<=65) ＞ 30 ＞ 成功（TIM-2）。" in log(bridge)

    # rule: TIM-3 — ミナ holds her back for 1 fatigue; then the party chooses (TIM-4)
    form = widget.form
    assert isinstance(form, HoldBackForm)
    holder = form.findChildren(type(widget.jump_combo))[0]
    holder.setCurrentIndex(holder.findData("c3"))
    hold = next(b for b in form.findChildren(type(widget.jump_button)) if b.text() == "Hold back")
    qtbot.mouseClick(hold, Qt.MouseButton.LeftButton)
    walker = cycle_now(bridge.state).sleepwalkers["c4"]  # type: ignore[union-attr]
    assert walker.held_by == "c3"
    assert bridge.state.characters["c3"].sheet.fatigue_thirds == 3  # type: ignore[union-attr]
    labels = [w.text() for w in widget.form.findChildren(type(widget.cycle_label))]  # type: ignore[union-attr]
    assert "held back by ミナ" in labels
    assert widget.resolve_button.text() == "Continue"
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    assert cycle_now(bridge.state).step is StepId.CHOOSE  # type: ignore[union-attr]
    assert party_of(bridge.state) == "C4"  # held back: nobody walked


def test_another_ruleset_gets_no_procedure(qtbot: QtBot) -> None:
    session = new_session(ruleset="coc6-a", seed=1)
    session.dispatch(AddCharacter(name="鷹野 遥"))
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    assert widget.info is None
    assert "coc6-a" in widget.text_label.text()
    assert not widget.resolve_button.isEnabled() and not widget.jump_button.isEnabled()
    assert not widget.resolve()
