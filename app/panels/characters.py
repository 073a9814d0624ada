"""The characters dock: the party in marching order, with colour, name and hand size,
and — for the Upland — a compact second line: fatigue, the Call against POW and
spirit pressure, the three numbers the exploration cycle keeps changing.

Selecting a row tells the board whose hand a double-click on the deck draws
to; add/edit/remove go through the character dialog, the Upland sheet through
the sheet editor (Sheet… or a double-click), and each becomes one ordinary,
undoable command.  The right-click menu also adds a non-player character, who
stays off the players' screens until the GM ticks "Shown to the players".
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.bridge import SessionBridge
from app.dialogs.character import PALETTE, CharacterDraft
from app.dialogs.palette import NPC_COLOR
from app.dialogs.prompts import Prompts
from app.i18n import Retranslating
from app.rulesets import has_card_table, parts_for
from app.rulesets.parts import SheetPart, TypedDice
from engine.core.changes import Area
from engine.core.session import Outcome
from engine.core.state import Character
from engine.table.cast import ShowCharacter
from engine.table.commands import AddCharacter, EditCharacter, RemoveCharacter

ORIGIN = "characters"
ID_ROLE = Qt.ItemDataRole.UserRole


def swatch(color: str, size: int = 16) -> QIcon:
    """A rounded colour square, the character's colour on the board."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#333333"))
    painter.setBrush(QColor(color))
    painter.drawRoundedRect(1, 1, size - 2, size - 2, 3, 3)
    painter.end()
    return QIcon(pixmap)


class CharactersPanel(Retranslating, QWidget):
    """List + buttons; the list is rebuilt from the state, never edited in place."""

    # the selected character's id, or None when nothing is selected
    character_selected = Signal(object)

    def __init__(self, bridge: SessionBridge, prompts: Prompts, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.prompts = prompts
        #: the sheet windows open beside the table, by character id (closed with the session)
        self.sheet_windows: dict[str, QWidget] = {}
        #: where the keeper types physical dice (the dice box): a sheet's roll takes them (DICE-2)
        self.typed_dice: TypedDice | None = None
        self.list = QListWidget()
        self.list.setIconSize(QSize(16, 16))
        self.add_button = QPushButton()
        self.edit_button = QPushButton()
        self.remove_button = QPushButton()
        self.sheet_button = QPushButton()
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.sheet_button, self.remove_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

        self.add_button.clicked.connect(self.add_character)
        self.edit_button.clicked.connect(self.edit_selected)
        self.remove_button.clicked.connect(self.remove_selected)
        self.sheet_button.clicked.connect(self.edit_sheet)
        self.list.itemSelectionChanged.connect(self._on_selection_change)
        self.list.itemDoubleClicked.connect(lambda _item: self._on_double_click())
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._on_context_menu)
        bridge.applied.connect(self._on_outcome)
        bridge.session_replaced.connect(self.sync_from_state)
        self.retranslate()
        self.sync_from_state()

    # -- reading the state -----------------------------------------------------------
    def sync_from_state(self) -> None:
        for window in self.sheet_windows.values():  # another session: its sheets are not this one's
            window.hide()
            window.deleteLater()
        self.sheet_windows.clear()
        self._on_characters_change()

    def _on_outcome(self, outcome: Outcome) -> None:
        if outcome.changes.touches(Area.CHARACTERS) or outcome.changes.touches(Area.HANDS):
            listed = {self.list.item(row).data(ID_ROLE) for row in range(self.list.count())}
            self._on_characters_change()
            joined = [cid for cid in self.bridge.state.characters if cid not in listed]
            if len(joined) == 1 and Area.SESSION not in outcome.changes.areas:  # one newcomer: show who came
                self.select(joined[0])
                self._raise_dock()

    def _raise_dock(self) -> None:
        """Bring the dock this panel sits in to the front (it may share a tab with others)."""
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QDockWidget):
            parent = parent.parentWidget()
        if parent is not None:
            parent.show()
            parent.raise_()

    def _on_characters_change(self) -> None:
        selected = self.selected_id()
        state = self.bridge.state
        self.list.blockSignals(True)
        self.list.clear()
        for character in state.ordered_characters():
            item = QListWidgetItem(swatch(character.color), self._row_text(character))
            item.setData(ID_ROLE, character.id)
            if character.npc:  # the keeper's side reads apart from the party at a glance
                item.setForeground(QColor(NPC_COLOR))
            self.list.addItem(item)
            if character.id == selected:
                item.setSelected(True)
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if selected is not None and self.selected_id() is None:
            self.character_selected.emit(None)
        self._on_buttons_change()

    def _row_text(self, character: Character) -> str:
        if has_card_table(self.bridge.state.ruleset):
            hand = len(self.bridge.state.hands.get(character.id, ()))
            text = self.tr("{order}. {name}   (hand: {count})").format(
                order=character.order, name=character.name, count=hand
            )
        else:  # a ruleset without the card table (CoC) has no hands to count
            text = f"{character.order}. {character.name}"
        if character.npc:
            text += self.tr("   [NPC]")
        if not character.shown:
            text += self.tr("   — hidden from the players")
        part = self._sheet_part()
        line = part.summary(character) if part is not None else None
        return f"{text}\n    {line}" if line else text

    def _sheet_part(self) -> SheetPart | None:
        """How this session's ruleset edits a sheet (app.rulesets); None: it has no sheet."""
        return parts_for(self.bridge.state.ruleset).sheet

    def _on_buttons_change(self) -> None:
        has = self.selected_id() is not None
        self.edit_button.setEnabled(has)
        self.remove_button.setEnabled(has)
        self.sheet_button.setEnabled(has and self._sheet_part() is not None)

    def selected_id(self) -> str | None:
        items = self.list.selectedItems()
        return str(items[0].data(ID_ROLE)) if items else None

    def select(self, character_id: str | None) -> None:
        """Select a character's row (None clears the selection)."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(ID_ROLE) == character_id:
                self.list.setCurrentItem(item)
                return
        self.list.clearSelection()

    def _on_selection_change(self) -> None:
        self._on_buttons_change()
        self.character_selected.emit(self.selected_id())

    # -- gestures → commands ---------------------------------------------------------------
    def add_character(self) -> bool:
        return self._add(npc=False)

    def add_npc(self) -> bool:
        """A non-player character: hidden from the players until shown (a cultist, a keeper's NPC)."""
        return self._add(npc=True)

    def _add(self, *, npc: bool) -> bool:
        state = self.bridge.state
        count = len(state.characters)
        draft = self.prompts.character(None, order=count + 1, color=PALETTE[count % len(PALETTE)], npc=npc)
        if draft is None:
            return False
        command = AddCharacter(
            name=draft.name, order=draft.order, color=draft.color, values=draft.values, npc=draft.npc
        )
        before = set(state.characters)
        if not self.bridge.dispatch(command, origin=ORIGIN):
            return False
        added = set(self.bridge.state.characters) - before
        if added:
            self.select(added.pop())
        return True

    def edit_selected(self) -> bool:
        character_id = self.selected_id()
        character = self.bridge.state.characters.get(character_id or "")
        if character is None:
            return False
        draft = self.prompts.character(character)
        if draft is None:
            return False
        part = self._sheet_part()
        side = None
        if draft.npc != character.npc and part is not None and part.side is not None:
            side = part.side(character, draft.npc)  # the sheet carries the side: one command says both
        command = self._edit_command(character, draft, npc=side is None)
        if command is None and side is None:
            return False
        done = True
        for each in (side, command):
            if each is not None:
                done = self.bridge.dispatch(each, origin=ORIGIN) and done
        return done

    @staticmethod
    def _edit_command(before: Character, draft: CharacterDraft, *, npc: bool = True) -> EditCharacter | None:
        """Only what changed, so the log says what the GM did; None when nothing did."""
        fields: dict[str, object] = {}
        if draft.name != before.name:
            fields["name"] = draft.name
        if draft.order != before.order:
            fields["order"] = draft.order
        if draft.color.lower() != before.color.lower():
            fields["color"] = draft.color
        if draft.values != before.values:
            fields["values"] = draft.values
        if npc and draft.npc != before.npc:
            fields["npc"] = draft.npc
        if not fields:
            return None
        return EditCharacter(character=before.id, **fields)

    def _on_double_click(self) -> None:
        # Where the ruleset has a sheet it is what a GM opens most; elsewhere the character.
        if self._sheet_part() is not None:
            self.edit_sheet()
        else:
            self.edit_selected()

    def edit_sheet(self) -> bool:
        """The ruleset's sheet editor; Save becomes one command (one undo step).

        A ruleset whose sheet is a window of its own (CoC) opens it beside the
        table, one per character: asked again, the open one is raised."""
        character = self.bridge.state.characters.get(self.selected_id() or "")
        part = self._sheet_part()
        if character is None or part is None:
            return False
        if part.open is not None:
            window = self.sheet_windows.get(character.id)
            if window is None or not window.isVisible():
                window = part.open(self.bridge, character, self.window(), self.typed_dice)
                self.sheet_windows[character.id] = window
                window.destroyed.connect(lambda *_a, cid=character.id, w=window: self._forget_sheet(cid, w))
            window.raise_()
            window.activateWindow()
            return True
        command = part.edit(self.prompts, character)
        if command is None:
            return False
        if part.dispatch is not None:
            return part.dispatch(self.bridge, command, self)
        return self.bridge.dispatch(command, origin=ORIGIN)

    def _forget_sheet(self, character_id: str, window: QWidget) -> None:
        if self.sheet_windows.get(character_id) is window:
            del self.sheet_windows[character_id]

    def context_menu(self) -> QMenu:
        """The row's right-click menu (built, not shown, so tests can use it)."""
        menu = QMenu(self)
        menu.addAction(self.tr("Edit…"), self.edit_selected).setEnabled(self.edit_button.isEnabled())
        menu.addAction(self.tr("Sheet…"), self.edit_sheet).setEnabled(self.sheet_button.isEnabled())
        character = self.bridge.state.characters.get(self.selected_id() or "")
        shown = menu.addAction(self.tr("Shown to the players"))
        shown.setObjectName("shown-to-players")
        shown.setCheckable(True)
        shown.setChecked(character is None or character.shown)
        shown.setEnabled(character is not None)
        shown.toggled.connect(self.set_shown)
        menu.addSeparator()
        menu.addAction(self.tr("Add NPC…"), self.add_npc).setObjectName("add-npc")
        menu.addAction(self.tr("Remove"), self.remove_selected).setEnabled(self.remove_button.isEnabled())
        return menu

    def set_shown(self, shown: bool) -> bool:
        """Show the selected character to the players, or hide it (one logged, undoable command)."""
        character = self.bridge.state.characters.get(self.selected_id() or "")
        if character is None or character.shown == shown:
            return False
        return self.bridge.dispatch(ShowCharacter(character=character.id, shown=shown), origin=ORIGIN)

    def _on_context_menu(self, pos: QPoint) -> None:
        menu = self.context_menu()
        menu.exec(self.list.viewport().mapToGlobal(pos))
        menu.deleteLater()

    def remove_selected(self) -> bool:
        character_id = self.selected_id()
        character = self.bridge.state.characters.get(character_id or "")
        if character is None or not self.prompts.confirm_remove(character.name):
            return False
        return self.bridge.dispatch(RemoveCharacter(character=character.id), origin=ORIGIN)

    # -- language ------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.add_button.setText(self.tr("Add…"))
        self.edit_button.setText(self.tr("Edit…"))
        self.remove_button.setText(self.tr("Remove"))
        self.sheet_button.setText(self.tr("Sheet…"))
        part = self._sheet_part()
        self.sheet_button.setToolTip(part.tooltip() if part is not None else "")
        self.list.setToolTip(self.tr("Select a character: a double-click on the deck draws to their hand."))
        self._on_characters_change()
