"""Characters dock: the party in marching order, edited through real dialogs' answers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.bridge import SessionBridge
from app.dialogs.character import CharacterDialog, CharacterDraft, parse_value
from app.dialogs.prompts import Prompts
from app.panels.characters import CharactersPanel
from engine.core.state import Character
from engine.session import new_session
from engine.table.commands import AddCharacter, DrawCards, ShuffleDeck


class Answers(Prompts):
    """Answers the character dialog and the removal question at once."""

    def __init__(self) -> None:
        super().__init__()
        self.drafts: list[CharacterDraft | None] = []
        self.asked_with: list[Character | None] = []
        self.confirm = True

    def character(
        self, character: Character | None, *, order: int = 1, color: str = "#000000", npc: bool = False
    ) -> CharacterDraft | None:
        self.asked_with.append(character)
        draft = self.drafts.pop(0)
        if draft is not None and npc:  # "Add NPC…" opens the dialog with its NPC switch on
            draft.npc = True
        return draft

    def confirm_remove(self, name: str) -> bool:
        return self.confirm


@pytest.fixture
def panel(qtbot: object) -> tuple[CharactersPanel, SessionBridge, Answers]:
    session = new_session(seed=3)
    session.dispatch(ShuffleDeck())
    bridge = SessionBridge(session, lang="ja")
    answers = Answers()
    widget = CharactersPanel(bridge, answers)
    qtbot.addWidget(widget)  # type: ignore[attr-defined]
    widget.show()
    return widget, bridge, answers


def rows(panel: CharactersPanel) -> list[str]:
    return [panel.list.item(i).text() for i in range(panel.list.count())]


def test_add_edit_remove_round_trip(panel: tuple[CharactersPanel, SessionBridge, Answers]) -> None:
    widget, bridge, answers = panel
    answers.drafts.append(CharacterDraft(name="鷹野 遥", order=1, color="#d64541", values={"SAN": 65}))
    qtbot_click(widget.add_button)
    answers.drafts.append(CharacterDraft(name="九条 蒼", order=2, color="#3a7bd5", values={}))
    qtbot_click(widget.add_button)
    assert rows(widget) == ["1. 鷹野 遥   (hand: 0)", "2. 九条 蒼   (hand: 0)"]
    # The new character is selected, ready to edit.
    assert widget.selected_id() == "c2"

    widget.select("c1")
    answers.drafts.append(CharacterDraft(name="鷹野 遥", order=3, color="#d64541", values={"SAN": 60, "目星": 70}))
    qtbot_click(widget.edit_button)
    assert answers.asked_with[-1] is not None and answers.asked_with[-1].name == "鷹野 遥"
    haruka = bridge.state.characters["c1"]
    assert haruka.order == 3 and haruka.values == {"SAN": 60, "目星": 70}
    assert rows(widget) == ["2. 九条 蒼   (hand: 0)", "3. 鷹野 遥   (hand: 0)"]
    assert widget.selected_id() == "c1"  # the selection follows the row

    bridge.dispatch(DrawCards(character="c1", count=2))
    assert rows(widget)[1] == "3. 鷹野 遥   (hand: 2)"

    qtbot_click(widget.remove_button)
    assert list(bridge.state.characters) == ["c2"]
    assert rows(widget) == ["2. 九条 蒼   (hand: 0)"]
    assert len(bridge.state.discard) == 2  # the hand went to the discard, nothing lost

    bridge.undo()
    assert rows(widget) == ["2. 九条 蒼   (hand: 0)", "3. 鷹野 遥   (hand: 2)"]


def test_cancelled_dialog_and_unchanged_edit_do_nothing(panel: tuple[CharactersPanel, SessionBridge, Answers]) -> None:
    widget, bridge, answers = panel
    bridge.dispatch(AddCharacter(name="真木 灯", order=1, color="#2e9e5b"))
    answers.drafts.append(None)
    qtbot_click(widget.add_button)
    widget.select("c1")
    answers.drafts.append(CharacterDraft(name="真木 灯", order=1, color="#2e9e5b", values={}))
    before = bridge.state
    qtbot_click(widget.edit_button)
    assert bridge.state is before
    answers.confirm = False
    qtbot_click(widget.remove_button)
    assert bridge.state is before


def test_selection_is_announced(panel: tuple[CharactersPanel, SessionBridge, Answers], qtbot: object) -> None:
    widget, bridge, _ = panel
    bridge.dispatch(AddCharacter(name="志田 巌", order=1, color="#e0a526"))
    assert widget.selected_id() == "c1"  # a newcomer is shown selected
    widget.list.clearSelection()
    seen: list[object] = []
    widget.character_selected.connect(seen.append)
    item = widget.list.item(0)
    rect = widget.list.visualItemRect(item)
    qtbot.mouseClick(widget.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # type: ignore[attr-defined]
    assert seen[-1] == "c1"
    widget.list.clearSelection()
    assert seen[-1] is None


def test_dialog_reads_its_form(qtbot: object) -> None:
    hero = Character(id="c1", name="鷹野 遥", order=2, color="#d64541", values={"SAN": 65, "メモ": "左利き"})
    dialog = CharacterDialog(hero)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.add_value("POW", "13")
    dialog.add_value("", "ignored")
    dialog.color.setText("#112233")
    draft = dialog.draft()
    values = {"SAN": 65, "メモ": "左利き", "POW": 13}
    assert draft == CharacterDraft(name="鷹野 遥", order=2, color="#112233", values=values)
    dialog.name.setText("  ")
    from PySide6.QtWidgets import QDialogButtonBox

    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert parse_value("1.5") == 1.5 and parse_value("true") is True and parse_value("abc") == "abc"


def qtbot_click(button: object) -> None:
    from PySide6.QtTest import QTest

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[arg-type]
