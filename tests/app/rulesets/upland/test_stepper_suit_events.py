"""One ♣ and one ♥ event run through the 進行 dock: the obstacle
check with each character's skill and typed dice (OBS-5, OBS-1), then an
interaction's move (INT-3, EVT-4), and an active spade's escape (ENC-10)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.rulesets.upland.forms import RemainsForm, SuitEventForm
from app.rulesets.upland.stepper import StepperPanel
from engine.upland.commands import ChooseWait, ResolveInvestigation, StartIncidents
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now, party_of
from tests.engine.upland_support import lay, to_deck_top, upland_session


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[tuple[StepperPanel, SessionBridge]]:
    session = upland_session()
    lay(session, "C5", "10C")  # ♣10 deep fog, under
    lay(session, "C5", "4H")  # ♥4 D ferrymen (move 2), on top
    to_deck_top(session, "7D", "8D", "9D")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.resize(460, 640)
    widget.show()
    yield widget, bridge


def log(bridge: SessionBridge) -> list[str]:
    return [e.describe("ja") for entry in bridge.session.done for e in entry.events]


def test_a_heart_then_a_club_through_the_stepper_dock(qtbot: QtBot, panel: tuple[StepperPanel, SessionBridge]) -> None:
    widget, bridge = panel
    # rule: INT-3 — the ferrymen take the party two squares: C4 gets a card, opened; C3's events follow
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "interaction" and widget.dice.isEnabled()
    effect = form.findChild(QComboBox, "interaction.effect")
    assert effect is not None and effect.currentData() == "move"
    squares = form.findChild(QLineEdit, "interaction.squares")
    assert squares is not None
    qtbot.keyClicks(squares, "C4 C3")
    qtbot.keyClicks(widget.dice, "2")
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    state = bridge.state
    assert party_of(state) == "C3" and state.discard[0] == "4H" and state.card_flags("8D").face_up
    assert state.squares["C5"] == ("7D", "10C")  # EVT-4: the heart replaced face down; the club skipped
    assert any("交流" in line and "Dの渡し守" in line and "INT-1" in line for line in log(bridge))
    # C3 got the deck's top (EVT-1): ♦9 is due now — its remains stage runs (REM-1)
    assert isinstance(widget.form, RemainsForm)


def test_a_club_through_the_stepper_dock(qtbot: QtBot) -> None:
    session = upland_session()
    lay(session, "C5", "10C")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "obstacle"
    # rule: OBS-5 — ケイ declines; the others roll 視力: special 2 + success 1 = 3 of 3
    kei = form.findChild(QComboBox, "obstacle.skill.c4")
    assert kei is not None
    kei.setCurrentIndex(kei.findData(None))
    qtbot.keyClicks(widget.dice, "10 30 90")
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    assert bridge.state.card_flags("10C").tapped  # rule: OBS-1 — overcome, the card is tapped
    assert any(line.startswith("障害「深い霧」") and "克服" in line for line in log(bridge))
    assert "ケイ：障害判定　ロールせずに失敗（OBS-5）。" in log(bridge)
    assert cycle_now(bridge.state).step is StepId.END  # type: ignore[union-attr]


def test_an_active_spade_offers_enemy_defeated_and_escape(qtbot: QtBot) -> None:
    session = upland_session()
    lay(session, "C5", "9S")  # 9 > deathless 6: active
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "encounter"
    side = form.findChild(QComboBox, "encounter.side")
    assert side is not None
    side.setCurrentIndex(side.findData("north"))
    escaped = form.findChild(QPushButton, "encounter.escaped")
    assert escaped is not None
    qtbot.mouseClick(escaped, Qt.MouseButton.LeftButton)
    # rule: ENC-10 — the event phase ends at once; the next cycle moves to C4
    assert cycle_now(bridge.state).step is StepId.END and cycle_now(bridge.state).escape_to == "C4"  # type: ignore[union-attr]
