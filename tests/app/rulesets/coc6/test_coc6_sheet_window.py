"""The investigator sheet as a keeper uses it, through the real widgets: the NPC
switch (Add, Edit, Sheet), values derived from the characteristics that follow
them until overridden, the B caps beside the capped skills, the weapons, number
boxes checked on commit, and a window that stays open beside the table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.character import CharacterDialog, CharacterDraft
from app.dialogs.palette import NPC_COLOR
from app.dialogs.prompts import Prompts
from app.panels.characters import CharactersPanel
from app.panels.dicebox import DiceBox
from app.projector import ProjectorWindow
from app.rulesets.coc6.number_box import NumberBox
from app.rulesets.coc6.sheet import CAP, NAME, VALUE, CocSheetDialog
from app.rulesets.coc6.weapons import W_DAMAGE, W_HIT, W_IMPALING, W_NAME, W_SKILL, W_THROWN
from engine.coc6.check_events import CocChecked
from engine.coc6.sheet import CocSheet
from engine.core.state import Character
from engine.session import new_session

BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


class Answers(Prompts):
    """Answers the character dialog with the drafts queued by the test."""

    def __init__(self) -> None:
        super().__init__()
        self.drafts: list[CharacterDraft] = []

    def character(
        self, character: Character | None, *, order: int = 1, color: str = "#000000", npc: bool = False
    ) -> CharacterDraft | None:
        return self.drafts.pop(0)


def table(
    qtbot: QtBot, ruleset: str = "coc6-b", *, sheet: bool = True
) -> tuple[SessionBridge, CharactersPanel, Answers]:
    session = new_session(ruleset, seed=5)
    session.dispatch({"type": "add_character", "name": "ミナ"})
    if sheet:
        session.dispatch({"type": "coc_new_investigator", "character": "ミナ", "characteristics": BASE,
                          "skills": {"目星": 90, "回避": 60}})  # fmt: skip
    bridge = SessionBridge(session, lang="ja")
    answers = Answers()
    panel = CharactersPanel(bridge, answers)
    qtbot.addWidget(panel)
    panel.select("c1")
    return bridge, panel, answers


def open_sheet(qtbot: QtBot, panel: CharactersPanel, character: str = "c1") -> CocSheetDialog:
    panel.select(character)
    qtbot.mouseClick(panel.sheet_button, Qt.MouseButton.LeftButton)
    dialog = panel.sheet_windows[character]
    assert isinstance(dialog, CocSheetDialog)  # a child of the panel's window: it goes with it
    return dialog


def type_number(qtbot: QtBot, box: NumberBox, text: str) -> None:
    """What a keeper does: click into the box, select what is there, type, press Enter."""
    box.edit.setFocus()
    box.edit.selectAll()
    qtbot.keyClicks(box.edit, text)
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)


def sheet_of(bridge: SessionBridge, character: str = "c1") -> CocSheet:
    sheet = bridge.state.characters[character].sheet
    assert isinstance(sheet, CocSheet)
    return sheet


def skill_row(dialog: CocSheetDialog, skill: str) -> int:
    return next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, NAME).text() == skill)


# -- 1. the NPC switch ---------------------------------------------------------------------


def test_the_add_dialogs_npc_switch_gives_the_npc_colour_and_the_npc_stays_off_the_players_screen(
    qtbot: QtBot,
) -> None:
    dialog = CharacterDialog(None, order=2, color="#3a7bd5")
    qtbot.addWidget(dialog)
    switch = dialog.findChild(QCheckBox, "character-npc")
    assert switch is not None and not switch.isChecked()
    dialog.name.setText("教団員")  # (QTest types ASCII only)
    switch.click()
    assert dialog.color.text() == NPC_COLOR  # its own colour, not the party's
    switch.click()
    assert dialog.color.text() == "#3a7bd5"  # cleared: the party's colour comes back
    switch.click()
    draft = dialog.draft()
    assert draft.npc and draft.color == NPC_COLOR

    bridge, panel, answers = table(qtbot)
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)
    projector.sync_from_state()
    answers.drafts.append(draft)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    cultist = bridge.state.characters["c2"]
    assert cultist.npc and not cultist.shown and cultist.color == NPC_COLOR
    row = panel.list.item(1)
    assert "NPC" in row.text() and row.foreground().color() == QColor(NPC_COLOR)
    assert "教団員" not in projector.table_lines.text() and "教団員" not in projector.banner.text()


def test_add_npc_opens_the_dialog_with_the_switch_on_and_the_npc_colour(qtbot: QtBot) -> None:
    dialog = CharacterDialog(None, order=3, color="#2e9e5b", npc=True)
    qtbot.addWidget(dialog)
    assert dialog.npc.isChecked() and dialog.color.text() == NPC_COLOR
    dialog.npc.click()  # the keeper makes it a player character after all
    assert dialog.color.text() == "#2e9e5b" and not dialog.draft().npc


def test_the_edit_dialogs_npc_switch_moves_the_sheet_and_the_character_in_one_undo_step(qtbot: QtBot) -> None:
    """CHK-B-2: an NPC's sheet has no caps — the switch in Edit… moves the sheet too."""
    bridge, panel, answers = table(qtbot)
    me = bridge.state.characters["c1"]
    answers.drafts.append(CharacterDraft(name=me.name, order=me.order, color=me.color, values={}, npc=True))
    before = bridge.state
    qtbot.mouseClick(panel.edit_button, Qt.MouseButton.LeftButton)
    after = bridge.state.characters["c1"]
    assert after.npc and sheet_of(bridge).npc and not after.shown  # npcs_start_hidden
    assert bridge.undo() and bridge.state == before


def test_the_sheets_npc_switch_takes_the_caps_off_and_saves_the_side(qtbot: QtBot) -> None:
    """CHK-B-2: the cap column shows 80 for 目星 90 of an investigator, nothing for an NPC."""
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    assert dialog.table.item(skill_row(dialog, "目星"), CAP).text() == "80 (CHK-B-2)"
    dialog.npc.click()
    assert dialog.table.item(skill_row(dialog, "目星"), CAP).text() == ""
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    assert sheet_of(bridge).npc and bridge.state.characters["c1"].npc
    assert not dialog.isVisible()


# -- 2. sheets that compute themselves -------------------------------------------------------


def test_a_new_sheet_follows_its_characteristics_until_the_keeper_overrides_a_value(qtbot: QtBot) -> None:
    """STR 13/SIZ 13 → DB +1D4; CON 9/SIZ 13 → HP 11; DEX 12 → 回避 24 (SKL-A-1); POW 14 → MP 14, SAN 70."""
    bridge, panel, _answers = table(qtbot, sheet=False)
    dialog = open_sheet(qtbot, panel)
    assert dialog.new and dialog.isVisible()
    for field, value in (("STR", "13"), ("SIZ", "13"), ("CON", "9"), ("DEX", "12"), ("POW", "14"), ("EDU", "16")):
        type_number(qtbot, dialog.characteristics[field], value)
    assert dialog.damage_bonus.text() == "+1D4"
    assert dialog.resources["hp"].edit.text() == "11" and dialog.resources["hp_max"].edit.text() == "11"
    assert dialog.resources["mp_max"].edit.text() == "14" and dialog.resources["san"].edit.text() == "70"
    assert dialog.table.item(skill_row(dialog, "回避"), VALUE).text() == "24"
    assert dialog.table.item(skill_row(dialog, "母国語(日本語)"), VALUE).text() == "80"
    assert "Luck 70" in dialog.derived.text() and "Know 80" in dialog.derived.text()  # (no translator here)
    type_number(qtbot, dialog.resources["hp_max"], "15")  # the keeper's override stays
    type_number(qtbot, dialog.characteristics["CON"], "13")
    assert dialog.resources["hp_max"].edit.text() == "15"
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    saved = sheet_of(bridge)
    assert (saved.damage_bonus, saved.hp_max, saved.skills["回避"].value) == ("+1D4", 15, 24)


def test_chk_b_3_and_chk_b_4_the_caps_stand_beside_the_capped_values(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    assert dialog.table.item(skill_row(dialog, "回避"), CAP).text() == "48 (CHK-B-3)"  # DEX 12 × 4
    assert dialog.table.item(skill_row(dialog, "図書館"), CAP).text() == ""  # not capped
    type_number(qtbot, dialog.characteristics["POW"], "16")  # SAN 80 follows POW
    assert "CHK-B-4" in dialog.derived.text() and "70" in dialog.derived.text()


def test_chk_a_sessions_show_no_cap_column(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot, "coc6-a")
    dialog = open_sheet(qtbot, panel)
    assert dialog.table.isColumnHidden(CAP)


def test_weapons_are_added_edited_and_saved_on_the_sheet(qtbot: QtBot) -> None:
    """CBT-B-8 / CHK-B-5: a weapon carries its skill, damage, impaling and thrown flags."""
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    qtbot.mouseClick(dialog.weapons.add_button, Qt.MouseButton.LeftButton)
    grid = dialog.weapons.table
    grid.item(0, W_NAME).setText("日本刀")
    grid.item(0, W_SKILL).setText("日本刀")
    grid.item(0, W_DAMAGE).setText("1d10+db")
    grid.item(0, W_IMPALING).setCheckState(Qt.CheckState.Checked)
    qtbot.mouseClick(dialog.weapons.add_button, Qt.MouseButton.LeftButton)
    grid.item(1, W_NAME).setText("ナイフ投げ")
    grid.item(1, W_DAMAGE).setText("1D4+DB")
    grid.item(1, W_THROWN).setCheckState(Qt.CheckState.Checked)
    grid.item(1, W_NAME).setText("")  # a weapon needs a name: refused, the row put back
    assert dialog.message.text() != "" and grid.item(1, W_NAME).text() == "ナイフ投げ"
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    weapons = sheet_of(bridge).weapons
    assert [(w.name, w.skill, w.damage, w.impaling, w.thrown) for w in weapons] == [
        ("日本刀", "日本刀", "1D10+DB", True, False),
        ("ナイフ投げ", "", "1D4+DB", False, True),
    ]


# -- 3. number boxes ------------------------------------------------------------------------------


def test_typing_over_a_selected_number_gives_what_was_typed(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    box = dialog.characteristics["STR"]
    type_number(qtbot, box, "10")
    type_number(qtbot, box, "11")
    assert box.edit.text() == "11" and dialog.sheet.STR == 11  # not 110


def test_hp_typed_above_the_maximum_waits_with_its_reason_until_the_maximum_is_raised(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    before = bridge.state
    hp = dialog.resources["hp"]
    type_number(qtbot, hp, "14")
    assert hp.edit.text() == "14" and "14" in hp.reason.text() and hp.reason.isVisible()  # reason beside it
    assert dialog.sheet.hp == 12 and bridge.state == before
    save = dialog.buttons.button(dialog.buttons.StandardButton.Save)
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert bridge.state == before and dialog.isVisible() and dialog.message.text() != ""
    type_number(qtbot, dialog.resources["hp_max"], "15")
    assert dialog.sheet.hp == 14 and hp.reason.text() == ""  # the waiting value is taken now
    type_number(qtbot, dialog.characteristics["DEX"], "x")
    assert dialog.characteristics["DEX"].edit.text() == "12"  # the box takes digits only
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert (sheet_of(bridge).hp, sheet_of(bridge).hp_max) == (14, 15)


# -- 10. the sheet as a keeper uses it ------------------------------------------------------------


def test_the_sheet_is_not_modal_and_stays_open_after_a_double_click_roll(qtbot: QtBot) -> None:
    """CHK-B-2: the check rolled from the sheet uses the cap; the dice box names who rolled."""
    bridge, panel, _answers = table(qtbot)
    dicebox = DiceBox(bridge)
    qtbot.addWidget(dicebox)
    dialog = open_sheet(qtbot, panel)
    assert not dialog.isModal()
    item = dialog.table.item(skill_row(dialog, "目星"), NAME)
    dialog.table.itemDoubleClicked.emit(item)
    fact = bridge.session.done[-1].events[0]
    assert isinstance(fact, CocChecked) and fact.result.target == 80
    assert dialog.isVisible()
    assert dicebox.row_texts()[-1].startswith("ミナ: 〈目星〉 (1D100<=80)")
    dialog.table.itemDoubleClicked.emit(item)  # and again
    assert len([e for e in bridge.session.done if isinstance(e.events[0], CocChecked)]) == 2


def test_the_open_sheet_follows_the_table_while_it_holds_no_edit(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    assert bridge.dispatch({"type": "coc_set_skill", "character": "c1", "skill": "図書館", "value": 70})
    assert dialog.table.item(skill_row(dialog, "図書館"), VALUE).text() == "70"


@pytest.mark.parametrize("discard", [False, True])
def test_escape_asks_before_throwing_edits_away(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, discard: bool) -> None:
    bridge, panel, _answers = table(qtbot)
    dialog = open_sheet(qtbot, panel)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # nothing edited: closes without asking
    assert not dialog.isVisible()
    dialog = open_sheet(qtbot, panel)
    asked: list[bool] = []

    def answer() -> bool:
        asked.append(True)
        return discard

    monkeypatch.setattr(dialog, "ask_discard", answer)
    before = bridge.state
    type_number(qtbot, dialog.characteristics["STR"], "15")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert asked == [True] and dialog.isVisible() is not discard and bridge.state == before


# -- 4. imports --------------------------------------------------------------------------------------


def test_an_imported_investigator_shows_occupation_memo_weapons_and_every_skill(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SKL-A-1: a キャラクター保管所 document's occupation, memo and weapons reach the sheet window,
    and こぶし is there at its base to attack with."""
    import json
    from pathlib import Path

    from app.rulesets.coc6.parts import import_document

    bridge, panel, _answers = table(qtbot, sheet=False)
    data = Path(__file__).resolve().parents[3] / "data" / "coc6" / "vampire_mina.json"
    doc = json.loads(data.read_text(encoding="utf-8")) | {
        "shuzoku": "私立探偵", "pc_making_memo": "兄を探している。",
        "arms_name": ["日本刀"], "arms_hit": ["50"], "arms_damage": ["1d10+db"],
    }  # fmt: skip
    assert import_document(json.dumps(doc, ensure_ascii=False), bridge)
    cid = next(c.id for c in bridge.state.characters.values() if c.name == "一ノ瀬 ミナ")
    dialog = open_sheet(qtbot, panel, cid)
    assert dialog.occupation.text() == "私立探偵" and dialog.notes.toPlainText() == "兄を探している。"
    grid = dialog.weapons.table
    assert (grid.item(0, W_NAME).text(), grid.item(0, W_DAMAGE).text()) == ("日本刀", "1D10+DB")
    assert dialog.table.item(skill_row(dialog, "こぶし"), VALUE).text() == "50"
    # The weapon's own hit value is shown, and a save of the sheet keeps it: the attack is rolled at 50.
    assert grid.item(0, W_HIT).text() == "50"
    type_number(qtbot, dialog.resources["hp"], "10")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    saved = sheet_of(bridge, cid)
    assert saved.hp == 10 and saved.weapons[0].hit == "50"


def test_an_npcs_sheet_window_is_titled_as_an_npcs_not_an_investigators(qtbot: QtBot) -> None:
    bridge, panel, _answers = table(qtbot)
    bridge.dispatch({"type": "add_character", "name": "教団員", "npc": True})
    bridge.dispatch({"type": "coc_new_investigator", "character": "教団員", "characteristics": BASE, "npc": True})
    assert open_sheet(qtbot, panel, "c2").windowTitle().startswith(("NPC sheet: 教団員", "NPCシート：教団員"))
    assert open_sheet(qtbot, panel, "c1").windowTitle().startswith(("Investigator sheet: ミナ", "探索者シート：ミナ"))
