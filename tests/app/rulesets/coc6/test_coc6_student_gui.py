"""Procedure ▸ Student investigator… (ruleset B, STU-B-1) through the real
dialog: the track and its skills from the investigator's sheet, one
``coc_student`` on OK with the sheet's changes visible after, and the engine's
refusals ("not a student", "already made") shown in the dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from app.bridge import SessionBridge
from app.rulesets import parts_for
from app.rulesets.coc6.sheet import NAME, VALUE, CocSheetDialog
from app.rulesets.coc6.student import CocStudentDialog
from engine.coc6.events import CocStudentChanged
from engine.coc6.sheet import CocSheet
from engine.session import new_session

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def bridge_with(*people: tuple[str, str]) -> SessionBridge:
    session = new_session("coc6-b", seed=5)
    for name, occupation in people:
        session.dispatch({"type": "add_character", "name": name})
        session.dispatch({"type": "coc_new_investigator", "character": name, "characteristics": BASE,
                          "occupation": occupation, "skills": {"歴史": 40, "信用": 45, "化学": 31}})  # fmt: skip
    return SessionBridge(session, lang="ja")


def sheet_of(bridge: SessionBridge, cid: str) -> CocSheet:
    sheet = bridge.state.characters[cid].sheet
    assert isinstance(sheet, CocSheet)
    return sheet


def dialog_for(qtbot: object, bridge: SessionBridge) -> CocStudentDialog:
    dialog = CocStudentDialog(bridge)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    return dialog


def press_ok(qtbot: object, dialog: CocStudentDialog) -> None:
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def check_skill(dialog: CocStudentDialog, name: str) -> None:
    items = [dialog.skills.item(row) for row in range(dialog.skills.count())]
    next(item for item in items if item.text() == name).setCheckState(Qt.CheckState.Checked)


def test_stu_b_1_a_university_student_with_the_arts_track_from_the_dialog(qtbot: object) -> None:
    bridge = bridge_with(("ミナ", "大学生"))
    entry = next(e for e in parts_for("coc6-b").menu_entries if e.name == "coc-student")
    assert entry.enabled(bridge.state)
    before = sheet_of(bridge, "c1")
    dialog = dialog_for(qtbot, bridge)
    assert dialog.occupation.text() == "大学生" and not dialog.skills.isEnabled()  # no track: no track skills
    dialog.track.setCurrentIndex(2)  # science, then the GM settles on arts
    dialog.track.setCurrentIndex(1)
    assert dialog.skills.isEnabled()
    check_skill(dialog, "歴史")
    press_ok(qtbot, dialog)
    assert dialog.result() == dialog.DialogCode.Accepted and dialog.message.text() == ""
    after = sheet_of(bridge, "c1")
    assert after.skills["他の言語(英語)"].value == 14  # English = EDU
    assert after.skills["信用"].value == 35 and after.interest_points == before.interest_points + 40
    assert after.student_track == "arts" and after.track_skills == ("歴史",)
    fact = bridge.session.done[-1].events[-1]
    assert isinstance(fact, CocStudentChanged) and "STU-B-1" in fact.describe("ja")
    sheet = CocSheetDialog("c1", after, lang="ja")  # the sheet dialog shows the changes
    qtbot.addWidget(sheet)  # type: ignore[attr-defined]
    shown = {sheet.table.item(r, NAME).text(): sheet.table.item(r, VALUE).text() for r in range(sheet.table.rowCount())}
    assert shown["他の言語(英語)"] == "14" and shown["信用"] == "35"


def test_stu_b_1_the_changes_are_made_once_the_second_time_is_refused_in_the_dialog(qtbot: object) -> None:
    bridge = bridge_with(("ミナ", "高校生"))
    press_ok(qtbot, dialog_for(qtbot, bridge))
    made = sheet_of(bridge, "c1")
    assert made.student_modified and made.skills["信用"].value == 35
    again = dialog_for(qtbot, bridge)
    press_ok(qtbot, again)
    assert again.message.text() == "ミナ の学生探索者の修正は既に行われています。"
    assert again.result() != again.DialogCode.Accepted and sheet_of(bridge, "c1") == made


def test_stu_b_1_a_non_student_is_refused_unless_the_gm_counts_them_as_one(qtbot: object) -> None:
    bridge = bridge_with(("ミナ", "大学生"), ("ケン", "医師"))
    dialog = dialog_for(qtbot, bridge)
    dialog.who.setCurrentIndex(1)
    assert dialog.occupation.text() == "医師" and dialog.skills.count() == len(sheet_of(bridge, "c2").skills)
    before = bridge.state
    press_ok(qtbot, dialog)
    assert dialog.message.text() == "ケン は学生ではありません（医師）。" and bridge.state == before
    dialog.gm_says.setChecked(True)
    press_ok(qtbot, dialog)
    assert dialog.result() == dialog.DialogCode.Accepted
    assert sheet_of(bridge, "c2").student_modified and sheet_of(bridge, "c2").skills["信用"].value == 35
