"""Adding or editing a character: name, marching order, colour, whether it is a
keeper's NPC (its own colour, hidden from the players until shown) and free values."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.dialogs.palette import NPC_COLOR, PALETTE
from engine.core.state import Character, Value


@dataclass
class CharacterDraft:
    """What the dialog answered; the panel turns it into Add/EditCharacter."""

    name: str
    order: int
    color: str
    values: dict[str, Value] = field(default_factory=dict)
    #: a keeper's NPC: no player sits behind it, the players do not see it until shown
    npc: bool = False


def parse_value(text: str) -> Value:
    """A typed value from the table: whole numbers and decimals become numbers
    (so rules can compare them), ``true``/``false`` booleans, the rest text.
    ``inf``, ``nan`` or ``1e999`` stay text: a non-finite number cannot be saved."""
    clean = text.strip()
    try:
        return int(clean)
    except ValueError:
        pass
    try:
        number = float(clean)
        if math.isfinite(number):
            return number
    except ValueError:
        pass
    if clean.lower() in ("true", "false"):
        return clean.lower() == "true"
    return clean


def value_text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class CharacterDialog(QDialog):
    """One form for both adding (``character`` None) and editing."""

    def __init__(
        self,
        character: Character | None = None,
        *,
        order: int = 1,
        color: str = PALETTE[0],
        npc: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._adding = character is None
        #: the colour offered to a player character, restored when the NPC switch is cleared
        self._party_color = color
        self.name = QLineEdit(character.name if character else "")
        self.name.setMaxLength(40)
        self.order = QSpinBox()
        self.order.setRange(1, 99)
        self.order.setValue(character.order if character else order)
        self.color = QLineEdit(character.color if character else color)
        self.color.setMaxLength(7)
        self.pick = QPushButton()
        self.swatch = QLabel()
        self.swatch.setFixedSize(22, 22)
        self.npc = QCheckBox()
        self.npc.setObjectName("character-npc")
        self.npc.setChecked(character.npc if character else npc)
        if self._adding and npc:
            self.color.setText(NPC_COLOR)
        self.values = QTableWidget(0, 2)
        self.values.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.values.verticalHeader().setVisible(False)
        self.values.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.add_row = QPushButton()
        self.remove_row = QPushButton()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)

        colour_row = QHBoxLayout()
        colour_row.addWidget(self.swatch)
        colour_row.addWidget(self.color, 1)
        colour_row.addWidget(self.pick)
        self.labels = [QLabel() for _ in range(4)]
        self.form = QFormLayout()
        self.form.addRow(self.labels[0], self.name)
        self.form.addRow(self.labels[1], self.order)
        self.form.addRow(self.labels[2], colour_row)
        self.form.addRow(self.labels[3], self.npc)
        row_buttons = QHBoxLayout()
        row_buttons.addWidget(self.add_row)
        row_buttons.addWidget(self.remove_row)
        row_buttons.addStretch(1)
        self.values_label = QLabel()
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.values_label)
        layout.addWidget(self.values)
        layout.addLayout(row_buttons)
        layout.addWidget(self.buttons)

        for key, value in (character.values if character else {}).items():
            self.add_value(key, value_text(value))
        self._on_color_change()
        self.color.textChanged.connect(self._on_color_change)
        self.pick.clicked.connect(self._on_pick)
        self.npc.toggled.connect(self._on_npc_toggled)
        self.add_row.clicked.connect(self._on_add_row)
        self.remove_row.clicked.connect(self._on_remove_row)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._on_name_change)
        self._on_name_change()
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Add a character") if self._adding else self.tr("Edit a character"))
        texts = (self.tr("Name"), self.tr("Marching order"), self.tr("Colour"), self.tr("NPC"))
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)
        self.pick.setText(self.tr("Choose…"))
        self.npc.setText(self.tr("Keeper's character (hidden from the players until shown)"))
        self.values_label.setText(self.tr("Values (free key → value, e.g. SAN → 60)"))
        self.values.setHorizontalHeaderLabels([self.tr("Key"), self.tr("Value")])
        self.add_row.setText(self.tr("Add a row"))
        self.remove_row.setText(self.tr("Remove the row"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def add_value(self, key: str, value: str) -> None:
        row = self.values.rowCount()
        self.values.insertRow(row)
        self.values.setItem(row, 0, QTableWidgetItem(key))
        self.values.setItem(row, 1, QTableWidgetItem(value))

    def draft(self) -> CharacterDraft:
        """The answers; rows without a key are ignored (the engine checks the rest)."""
        values: dict[str, Value] = {}
        for row in range(self.values.rowCount()):
            key_item = self.values.item(row, 0)
            value_item = self.values.item(row, 1)
            key = key_item.text().strip() if key_item else ""
            if key:
                values[key] = parse_value(value_item.text() if value_item else "")
        return CharacterDraft(
            name=self.name.text().strip(),
            order=self.order.value(),
            color=self.color.text().strip(),
            values=values,
            npc=self.npc.isChecked(),
        )

    def _on_npc_toggled(self, npc: bool) -> None:
        """An NPC takes the NPC colour unless the GM chose another one; cleared, the party's colour returns."""
        current = self.color.text().strip().lower()
        if npc and current == self._party_color.lower():
            self.color.setText(NPC_COLOR)
        elif not npc and current == NPC_COLOR:
            self.color.setText(self._party_color)

    def _on_color_change(self) -> None:
        color = QColor(self.color.text().strip())
        shown = color.name() if color.isValid() else "transparent"
        self.swatch.setStyleSheet(f"background: {shown}; border: 1px solid #444; border-radius: 3px;")

    def _on_name_change(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))

    def _on_pick(self) -> None:
        chosen = QColorDialog.getColor(QColor(self.color.text().strip()), self, self.tr("Colour"))
        if chosen.isValid():
            self.color.setText(chosen.name())

    def _on_add_row(self) -> None:
        """A new row opens its key cell for typing: what the GM types next lands there."""
        self.add_value("", "")
        row = self.values.rowCount() - 1
        self.values.setFocus()
        self.values.setCurrentCell(row, 0)
        item = self.values.item(row, 0)
        if item is not None:
            self.values.editItem(item)

    def _on_remove_row(self) -> None:
        row = self.values.currentRow()
        if row >= 0:
            self.values.removeRow(row)
