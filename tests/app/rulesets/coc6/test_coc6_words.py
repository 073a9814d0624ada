"""One term per thing in the keeper's Japanese screens, as the seeds say it:
決定的成功/致命的失敗 (seed 002's C and F), ディレイ (seed 004's action), 修正プール
on the GM's dock and the players' window alike; no English word in a Japanese
log line; no refusal left over from before in the event log's header."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.i18n import Translations
from app.panels.eventlog import EventLog
from app.projector import ProjectorWindow
from app.rulesets import parts_for
from app.rulesets.coc6.tracker import TrackerPanel
from engine.coc6.commands import CocCheck
from engine.session import new_session
from engine.table.commands import Roll

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


@pytest.fixture
def japanese(qapp: QApplication) -> Iterator[Translations]:
    t = Translations(qapp)
    t.install("ja")
    yield t
    t.install("en")


def bridge_for(ruleset: str, seed: int = 16) -> SessionBridge:
    session = new_session(ruleset, seed=seed)
    session.dispatch({"type": "add_character", "name": "ミナ"})
    session.dispatch({"type": "coc_new_investigator", "character": "ミナ", "characteristics": BASE,
                      "skills": {"目星": 60}})  # fmt: skip
    return SessionBridge(session, lang="ja")


def test_chk_a_1_a_critical_reads_kettei_teki_seikou_and_the_log_line_has_no_english(
    qtbot: QtBot, japanese: Translations
) -> None:
    bridge = bridge_for("coc6-a")
    log = EventLog(bridge)
    qtbot.addWidget(log)
    assert bridge.dispatch(CocCheck(character="c1", what="目星", choice="special_effect"))
    log.flush()
    text = "\n".join(log.lines())
    assert "ミナ：〈目星〉 2 / 60 → 決定的成功" in text and "クリティカル" not in text
    assert "check" not in text  # the roll's own reason word stays out of a Japanese line


def test_cbt_b_1_the_delay_is_called_delay_in_one_word_on_button_and_log(qtbot: QtBot, japanese: Translations) -> None:
    bridge = bridge_for("coc6-b")
    bridge.dispatch({"type": "add_character", "name": "ケン"})  # someone to act first while ミナ waits
    bridge.dispatch({"type": "coc_new_investigator", "character": "ケン", "characteristics": BASE})
    tracker = TrackerPanel(bridge)
    log = EventLog(bridge)
    for widget in (tracker, log):
        qtbot.addWidget(widget)
    tracker.retranslate()
    qtbot.mouseClick(tracker.buttons["start"], Qt.MouseButton.LeftButton)
    assert tracker.buttons["delay"].text() == "ディレイ"
    qtbot.mouseClick(tracker.buttons["delay"], Qt.MouseButton.LeftButton)
    log.flush()
    assert any("ミナ：ディレイ" in line for line in log.lines()), "\n".join(log.lines())
    assert not any("遅延" in line for line in log.lines())


def test_chk_a_3_the_pool_is_shuusei_pool_on_both_screens(qtbot: QtBot, japanese: Translations) -> None:
    bridge = bridge_for("coc6-a")
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)
    projector.sync_from_state()
    pool_dock = next(d for d in parts_for("coc6-a").docks if d.name == "coc-pool")
    assert pool_dock.title() == "修正プール"
    assert projector.table_lines.text().startswith("修正プール：")


def test_an_old_refusal_leaves_the_event_logs_header_and_does_not_follow_into_another_session(
    qtbot: QtBot, japanese: Translations
) -> None:
    bridge = bridge_for("coc6-b")
    log = EventLog(bridge)
    qtbot.addWidget(log)
    log.show()
    log.note_refusal("戦闘は行われていません。")
    assert log.refusal.isVisible()
    assert bridge.dispatch(Roll(command="1D6"))
    assert not log.refusal.isVisible() and log.refusal.text() == ""
    log.note_refusal("戦闘は行われていません。")
    bridge.replace_session(new_session("coc6-a", seed=1))
    assert not log.refusal.isVisible() and log.refusal.text() == ""


def test_every_tracker_switch_says_what_it_is_and_no_control_is_cut(qtbot: QtBot, japanese: Translations) -> None:
    """CBT-B-2's two switches (an unseen attack, an instant parry) carry their words, and the dock is
    at least as wide as its controls (they scroll up and down only)."""
    bridge = bridge_for("coc6-b")
    panel = TrackerPanel(bridge)
    qtbot.addWidget(panel)
    panel.resize(200, 600)  # the keeper narrows the dock as far as it goes
    panel.show()
    assert (panel.unseen.text(), panel.instant.text()) == ("見えない攻撃", "受け流しの即時宣言")
    assert panel.unseen.toolTip() == "対象には見えていない：受け流しは即時宣言のみ（CBT-B-2）"
    inner = panel.controls.widget()
    assert panel.controls.viewport().width() >= inner.minimumSizeHint().width()
