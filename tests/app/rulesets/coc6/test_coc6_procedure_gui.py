"""The CoC commands reached from the GM window: the C/F question of a sheet
check (asked after the engine's one roll, answered as one undo step), the Procedure menu's dialogs (session growth, SAN check, game
clock, psychoanalysis), paying off a minus chip in the pool dock, and ruleset
B's first-meeting and SAN-cost questions — each through the real widgets,
asserting the state and the log afterwards."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from app.bridge import SessionBridge
from app.rulesets import parts_for
from app.rulesets.coc6 import checks as coc_checks
from app.rulesets.coc6.form import TITLE_BAR_ROOM
from app.rulesets.coc6.growth import CocGrowthDialog
from app.rulesets.coc6.pool import PoolPanel
from app.rulesets.coc6.sanity import CocClockDialog, CocPsychoanalysisDialog, CocSanCheckDialog
from engine.coc6.check_events import coc_of
from engine.coc6.commands import CocAddChip, CocCheck, CocSanCheck, CocSetSheet
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.session import new_session
from tests.app.shipped_catalogues import shipped_messages
from tests.engine.coc6.support import fact_details

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}
SKILLS = {"目星": 60, "精神分析": 70, "説得": 50, "クトゥルフ神話": 5}


def bridge_with(ruleset: str, *names: str, seed: int = 5) -> SessionBridge:
    session = new_session(ruleset, seed=seed)
    for name in names:
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE,
                          "skills": SKILLS})  # fmt: skip
    return SessionBridge(session, lang="ja")


def facts(bridge: SessionBridge, kind: str) -> list[dict[str, Any]]:
    """Every fact of ``kind`` in the log as JSON data, oldest first."""
    return [fact for entry in bridge.session.done for fact in fact_details(entry.events, kind)]


def sheet_of(bridge: SessionBridge, cid: str) -> CocSheet:
    sheet = bridge.state.characters[cid].sheet
    assert isinstance(sheet, CocSheet)
    return sheet


def coc(bridge: SessionBridge) -> CocState:
    """The CoC slice, also before the first fact made one."""
    return coc_of(bridge.state)


def sheet_dispatch(bridge: SessionBridge, command: CocCheck) -> bool:
    part = parts_for(bridge.state.ruleset).sheet
    assert part is not None and part.dispatch is not None
    return part.dispatch(bridge, command, None)


# -- 1. "special effect or pool?" on a C/F ----------------------------------------------------------------------------
def test_chk_a_4_a_critical_from_the_sheet_asks_the_gm_after_one_roll_and_undoes_in_one_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bridge = bridge_with("coc6-a", "ミナ", seed=16)  # seed 16: 目星 60 rolls 02, a critical
    before, steps = bridge.state, len(bridge.session.done)
    asked: list[tuple[str, str]] = []

    def answer(_parent: object, what: str, level: str) -> str:
        asked.append((what, level))
        assert coc(bridge).pending is not None  # asked while the engine holds the check open
        return "special_effect"

    monkeypatch.setattr(coc_checks, "ask_special_or_pool", answer)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="目星"))
    assert asked == [("目星", "critical")]
    check = facts(bridge, "check")[-1]
    assert check["roll"] == 2 and check["level"] == "critical"  # the die the dry-run path rolled, rolled once
    assert facts(bridge, "pool")[-1]["special_effect"] is True
    assert coc(bridge).pool.chips == () and coc(bridge).pending is None  # a special effect: no chip
    assert len(bridge.session.done) == steps + 1 and bridge.session.undo_label("ja") == "〈目星〉判定"
    assert len(bridge.session.rolls.records()) == 1  # the dice box and the players' feed show the roll once
    assert bridge.undo()  # one undo step takes back the whole check
    assert bridge.state == before


def test_chk_a_4_the_gm_sends_a_fumble_to_the_pool_through_the_real_question(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ", seed=56)  # seed 56: 目星 60 fumbles

    def click_pool() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        assert "目星" in box.text()
        button = next(b for b in box.findChildren(QPushButton) if b.text() == "Pool chip")
        button.click()

    QTimer.singleShot(0, click_pool)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="目星"))
    assert facts(bridge, "check")[-1]["level"] == "fumble"
    assert coc(bridge).pool.chips == (-10,)
    assert bridge.undo() and coc(bridge).pool.chips == () and facts(bridge, "check") == []  # one step


def test_chk_a_4_the_sheet_button_of_the_party_list_asks_before_the_critical(
    qtbot: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole way: Sheet… opens the investigator sheet, a double-click on 目星 rolls it, the question comes first."""
    from app.dialogs.prompts import Prompts
    from app.panels.characters import CharactersPanel
    from app.rulesets.coc6.sheet import CocSheetDialog

    bridge = bridge_with("coc6-a", "ミナ", seed=16)
    panel = CharactersPanel(bridge, Prompts())
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    panel.select("c1")
    monkeypatch.setattr(coc_checks, "ask_special_or_pool", lambda *_a: "special_effect")
    assert panel.edit_sheet()
    dialog = panel.sheet_windows["c1"]
    assert isinstance(dialog, CocSheetDialog)
    row = list(dialog.sheet.skills).index("目星")
    dialog.table.itemDoubleClicked.emit(dialog.table.item(row, 0))
    assert facts(bridge, "check")[-1]["level"] == "critical"
    assert coc(bridge).pool.chips == ()  # the GM's answer (unasked, the option's default would add a +10 chip)
    assert dialog.isVisible()  # the sheet stays open for the next roll
    dialog.hide()


def test_chk_a_3_an_ordinary_result_is_rolled_without_a_question(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = bridge_with("coc6-a", "ミナ", seed=5)

    def never(*_args: object) -> str:
        raise AssertionError("asked without a C/F")

    monkeypatch.setattr(coc_checks, "ask_special_or_pool", never)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="目星"))
    assert facts(bridge, "check")[-1]["level"] not in ("critical", "fumble")


def test_chk_a_4_cancelling_the_question_takes_the_rolled_check_back(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = bridge_with("coc6-a", "ミナ", seed=16)
    monkeypatch.setattr(coc_checks, "ask_special_or_pool", lambda *_a: None)
    before = bridge.state
    assert not sheet_dispatch(bridge, CocCheck(character="c1", what="目星"))
    assert facts(bridge, "check") == [] and bridge.state == before and coc_checks.pending_decision(bridge) is None
    monkeypatch.setattr(coc_checks, "ask_special_or_pool", lambda *_a: "pool")
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="目星"))
    assert facts(bridge, "check")[-1]["roll"] != 2  # the die was rolled: the next check gets a new one


def test_chk_a_4_a_ruling_left_open_is_asked_before_the_next_check(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = bridge_with("coc6-a", "ミナ", seed=16)
    assert bridge.dispatch(CocCheck(character="c1", what="目星", ask=True))  # e.g. a session reopened while it waited
    asked: list[str] = []
    monkeypatch.setattr(coc_checks, "ask_special_or_pool", lambda _p, what, _l: asked.append(what) or "pool")
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="説得"))
    assert asked[0] == "目星" and coc(bridge).pool.chips[:1] == (10,)
    assert [f["what"] for f in facts(bridge, "check")] == ["目星", "説得"]


# -- 2. end-of-session growth ----------------------------------------------------------------------------------------
def mark(bridge: SessionBridge, cid: str, skill: str) -> None:
    sheet = sheet_of(bridge, cid)
    skills = dict(sheet.skills)
    skills[skill] = skills[skill].model_copy(update={"growth": "special"})
    assert bridge.dispatch(CocSetSheet(character=cid, sheet=sheet.model_copy(update={"skills": skills})))


def test_grw_a_2_the_growth_dialog_rolls_the_checked_investigators_marks(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ", "ケン")
    entry = next(e for e in parts_for("coc6-a").menu_entries if e.name == "coc-growth")
    assert not entry.enabled(bridge.state)  # no marks yet: greyed
    mark(bridge, "c1", "目星")
    mark(bridge, "c2", "説得")
    assert entry.enabled(bridge.state)
    dialog = CocGrowthDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert dialog.list.count() == 2 and "目星" in dialog.list.item(0).text()
    dialog.list.item(1).setCheckState(Qt.CheckState.Unchecked)  # ケン grows another time
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    rolls = facts(bridge, "growth_roll")
    assert [r["skill"] for r in rolls] == ["目星"]
    assert "目星" in bridge.session.done[-1].events[0].describe("ja")  # the log's line for the roll
    assert sheet_of(bridge, "c1").skills["目星"].growth is None  # the mark is used up
    assert sheet_of(bridge, "c2").skills["説得"].growth == "special"
    assert dialog.result() == dialog.DialogCode.Accepted


def test_grw_a_2_nothing_checked_is_refused_in_the_dialog(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ")
    mark(bridge, "c1", "目星")
    dialog = CocGrowthDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.list.item(0).setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.submit()
    assert dialog.message.text() == "Nothing is chosen." and facts(bridge, "growth_roll") == []


# -- 3. SAN check ------------------------------------------------------------------------------------------------------
def test_mad_a_1_the_san_check_dialog_reads_1_slash_1d6_and_refuses_bad_dice_in_place(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ", "ケン")
    dialog = CocSanCheckDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    dialog.who.setCurrentIndex(1)
    dialog.success_loss.clear()
    qtbot.keyClicks(dialog.success_loss, "1/1D6+")  # type: ignore[attr-defined]
    dialog.success_loss.editingFinished.emit()  # the GM tabs out of the box
    assert dialog.success_loss.text() == "1" and dialog.failure_loss.text() == "1D6+"
    assert "1D6+" in dialog.message.text() and not ok.isEnabled()  # refused in place
    qtbot.keyClick(dialog.failure_loss, Qt.Key.Key_Backspace)  # type: ignore[attr-defined]
    assert dialog.message.text() == "" and ok.isEnabled()
    dialog.content.setText("深きものの姿")
    san_before = sheet_of(bridge, "c2").san
    ok.click()
    loss = facts(bridge, "san")[-1]
    assert loss["actor"] == "ケン" and loss["san_before"] == san_before
    assert sheet_of(bridge, "c2").san == san_before - loss["loss"]
    assert 1 <= loss["loss"] <= 6 and dialog.result() == dialog.DialogCode.Accepted


# -- 4. game clock -----------------------------------------------------------------------------------------------------
def test_mad_a_3_the_clock_dialog_advances_game_time_and_the_pool_dock_shows_it(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    assert panel.clock.text() == "Game time: day 1, 0:00"
    dialog = CocClockDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert not dialog.submit() and dialog.message.text() == "Advance the clock by at least one minute."
    dialog.hours.setValue(25)
    dialog.minutes.setValue(5)
    assert dialog.submit()
    assert coc(bridge).sanity.minute == 25 * 60 + 5
    assert panel.clock.text() == "Game time: day 2, 1:05"


def test_the_clock_dialogs_title_is_not_cut(qtbot: object) -> None:
    """Two small number boxes make a narrow form: the dialog is as wide as its title bar needs."""
    dialog = CocClockDialog(bridge_with("coc6-a", "ミナ"))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.show()
    title = dialog.windowTitle()
    assert title == "Advance the game clock"
    assert dialog.width() >= dialog.fontMetrics().horizontalAdvance(title) + TITLE_BAR_ROOM
    assert dialog.minimumWidth() > dialog.layout().minimumSize().width()  # the form alone would be narrower


# -- 5. psychoanalysis -------------------------------------------------------------------------------------------------
def test_mad_a_2_psychoanalysis_cures_a_short_madness_and_refuses_a_missing_one(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ", "ケン", seed=4)  # seed 4: ケン goes mad, then ミナ's analysis succeeds
    assert bridge.dispatch(CocSanCheck(character="c2", success_loss="5", failure_loss="6"))
    assert [b.kind for b in coc(bridge).sanity.active("ケン")] == ["short"]
    dialog = CocPsychoanalysisDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert dialog.analyst.currentText() == "ミナ" and dialog.patient.currentText() == "ケン"
    dialog.kind.setCurrentIndex(2)  # indefinite: ケン has none
    assert not dialog.submit()
    assert "ケン" in dialog.message.text() and facts(bridge, "treatment") == []
    dialog.kind.setCurrentIndex(0)
    assert dialog.submit()
    treatment = facts(bridge, "treatment")[-1]
    assert treatment["cured"] is True
    assert not [b for b in coc(bridge).sanity.active("ケン") if b.kind == "short" and not b.suppressed]


# -- 6. paying off a minus chip ----------------------------------------------------------------------------------------
def test_chk_a_3_a_minus_chip_is_paid_off_with_1d3_hp_from_the_pool_dock(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ", "ケン")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    assert not panel.pay_buttons["hp"].isEnabled()  # no minus chip: nothing to pay
    assert bridge.dispatch(CocAddChip(chip=-10))
    assert panel.pay_buttons["hp"].isEnabled() and panel.payer.count() == 2
    panel.payer.setCurrentIndex(1)
    hp_before = sheet_of(bridge, "c2").hp
    qtbot.mouseClick(panel.pay_buttons["hp"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    paid = facts(bridge, "minus_paid")[-1]
    assert paid["actor"] == "ケン" and paid["resource"] == "hp"
    assert 1 <= hp_before - sheet_of(bridge, "c2").hp <= 3
    assert coc(bridge).pool.chips == () and panel.chip_labels() == []
    assert panel.payer.currentText() == "ケン"  # the GM's choice survives the refresh


def test_chk_a_3_paying_with_san_and_a_refusal_shown_in_the_dock(qtbot: object) -> None:
    bridge = bridge_with("coc6-a", "ミナ")
    panel = PoolPanel(bridge)
    qtbot.addWidget(panel)  # type: ignore[attr-defined]
    assert not panel.pay_off("san")  # no minus chip: the engine's refusal in the dock
    assert panel.message.text() != ""
    assert bridge.dispatch(CocAddChip(chip=-20))
    san_before = sheet_of(bridge, "c1").san
    assert panel.pay_off("san")
    assert 1 <= san_before - sheet_of(bridge, "c1").san <= 3 and coc(bridge).pool.chips == ()


# -- 7. ruleset B: first meeting, SAN cost --------------------------------------------------------------------------------
def test_chk_b_7_a_first_meeting_rolls_app_x5_first_and_carries_its_modifier_in_one_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bridge = bridge_with("coc6-b", "ミナ")
    before, steps = bridge.state, len(bridge.session.done)
    monkeypatch.setattr(coc_checks, "ask_first_meeting", lambda _p, _s: True)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="説得"))
    preroll = facts(bridge, "app_preroll")[-1]
    assert preroll["target"] == 50  # APP 10 × 5
    check = facts(bridge, "check")[-1]
    assert check["what"] == "説得" and check["modifier"] == preroll["modifier"]
    assert check["modifier"] in (15, -20)
    assert len(bridge.session.done) == steps + 1
    assert bridge.undo() and bridge.state == before  # the pre-roll and the check go together


def test_chk_b_7_not_a_first_meeting_rolls_the_skill_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = bridge_with("coc6-b", "ミナ")
    monkeypatch.setattr(coc_checks, "ask_first_meeting", lambda _p, _s: False)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="説得"))
    assert facts(bridge, "app_preroll") == [] and facts(bridge, "check")[-1]["modifier"] == 0


def test_chk_b_8_mythos_from_the_sheet_asks_the_san_cost_and_pays_it_first(monkeypatch: pytest.MonkeyPatch) -> None:
    bridge = bridge_with("coc6-b", "ミナ")
    asked: list[str] = []
    monkeypatch.setattr(coc_checks, "ask_san_cost", lambda _p, skill: asked.append(skill) or 3)
    san_before = sheet_of(bridge, "c1").san
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="クトゥルフ神話"))
    assert asked == ["クトゥルフ神話"]
    paid = facts(bridge, "san_paid")[-1]
    assert paid["cost"] == 3 and sheet_of(bridge, "c1").san == san_before - 3
    assert facts(bridge, "check")[-1]["what"] == "クトゥルフ神話"


def test_chk_b_7_and_chk_b_8_through_the_real_question_boxes(qtbot: object) -> None:
    from PySide6.QtWidgets import QInputDialog

    bridge = bridge_with("coc6-b", "ミナ")

    def answer_yes() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox) and "説得" in box.text()
        box.button(QMessageBox.StandardButton.Yes).click()

    QTimer.singleShot(0, answer_yes)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="説得"))
    assert len(facts(bridge, "app_preroll")) == 1

    def cost_two() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QInputDialog) and "クトゥルフ神話" in box.labelText()
        box.setIntValue(2)
        box.accept()

    san_before = sheet_of(bridge, "c1").san
    QTimer.singleShot(0, cost_two)
    assert sheet_dispatch(bridge, CocCheck(character="c1", what="クトゥルフ神話"))
    assert sheet_of(bridge, "c1").san == san_before - 2


def test_the_procedure_menus_of_both_rulesets() -> None:
    a = [e.name for e in parts_for("coc6-a").menu_entries]
    b = [e.name for e in parts_for("coc6-b").menu_entries]
    assert a == ["coc-import", "coc-san-check", "coc-growth", "coc-clock", "coc-psychoanalysis"]
    assert b == ["coc-import", "coc-san-check", "coc-student"]


def test_every_coc6_message_has_a_japanese_translation_in_the_ts_and_the_qm() -> None:

    contexts = set()
    compiled = {}
    for shipped in shipped_messages("coc6_ja"):
        contexts.add(shipped.context)
        compiled[(shipped.context, shipped.source)] = shipped.compiled
        assert shipped.translation.strip(), shipped.source
        assert set(_fields(shipped.source)) == set(_fields(shipped.translation)), shipped.source
        assert shipped.compiled == shipped.translation, shipped.source
    assert {"CocCheckQuestions", "CocCommandDialog", "CocGrowthDialog", "CocSanityDialogs"} <= contexts
    assert compiled[("CocCheckQuestions", "Pool chip")] == "プールのチップ"


def _fields(text: str) -> list[str]:
    import re

    return re.findall(r"\{[a-z_]+\}", text)
