"""Small dialogs of the battle set-up: which maps, the appearance declarations, the enemies.

Each dialog only gathers what one command needs; the command is built by
:mod:`app.battle.actions` and refused by the engine with its own reason.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from app.battle.words import tr
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.model import SIDES, BattleState, Join, Skill


def side_text(side: str) -> str:
    return {"north": tr("north"), "east": tr("east"), "south": tr("south"), "west": tr("west")}[side]


def _buttons(dialog: QDialog, layout: QFormLayout) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addRow(buttons)


class OpenBattleDialog(QDialog):
    """ENC-2: two maps and the side of map 1 that map 2 touches."""

    def __init__(self, maps: dict[str, HexMap], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Open a battle"))
        layout = QFormLayout(self)
        self.first = QComboBox()
        self.second = QComboBox()
        for combo in (self.first, self.second):
            for map_id, hex_map in maps.items():
                combo.addItem(f"{hex_map.title(lang)} ({hex_map.width}×{hex_map.height})", map_id)
        if self.second.count() > 1:
            self.second.setCurrentIndex(1)
        self.side = QComboBox()
        for side in SIDES:
            self.side.addItem(side_text(side), side)
        self.side.setCurrentIndex(SIDES.index("east"))
        self.offset = QSpinBox()
        self.offset.setRange(-40, 40)
        layout.addRow(tr("Map 1 (the lead zone):"), self.first)
        layout.addRow(tr("Map 2 (the breakthrough zone):"), self.second)
        layout.addRow(tr("Map 2 lies on this side of map 1:"), self.side)
        layout.addRow(tr("Offset along that side (hexes):"), self.offset)
        _buttons(self, layout)

    def chosen(self) -> tuple[str, str, Join]:
        return (
            str(self.first.currentData()),
            str(self.second.currentData()),
            Join(side=self.side.currentData(), offset=self.offset.value()),
        )


class AppearanceDialog(QDialog):
    """ENC-5: the strength and each character's declaration (Sight or Listen)."""

    def __init__(self, battle: BattleState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Roll the appearance"))
        layout = QFormLayout(self)
        self.strength = QSpinBox()
        self.strength.setRange(1, 20)
        self.strength.setValue(1)
        layout.addRow(tr("Encounter strength:"), self.strength)
        self.skills: dict[str, QComboBox] = {}
        for token in battle.characters():
            if token.at is None:
                continue
            combo = QComboBox()
            combo.addItem(tr("Sight"), "sight")
            combo.addItem(tr("Listen"), "listen")
            self.skills[token.id] = combo
            layout.addRow(token.label or token.id, combo)
        self.dice = QLineEdit()
        self.dice.setPlaceholderText(tr("physical dice, e.g. 34 87 5 (empty: the session's dice)"))
        layout.addRow(tr("Dice:"), self.dice)
        _buttons(self, layout)

    def declarations(self) -> dict[str, Skill]:
        return {token: combo.currentData() for token, combo in self.skills.items()}


class EnemiesDialog(QDialog):
    """ENC-7: how many (blank: the table's number appearing) and whether the players see them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Place the enemies"))
        layout = QFormLayout(self)
        self.count = QSpinBox()
        self.count.setRange(0, 200)
        self.count.setSpecialValueText(tr("the table's number"))
        self.hidden = QCheckBox(tr("Hidden from the players until revealed"))
        self.label = QLineEdit()
        self.label.setPlaceholderText(tr("the creature's name"))
        layout.addRow(tr("Number:"), self.count)
        layout.addRow(tr("Label:"), self.label)
        layout.addRow(self.hidden)
        _buttons(self, layout)


def typed_dice(text: str) -> list[int] | None:
    """Physical dice typed as numbers; None when the field is empty (the session's dice roll)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    return [int(p) for p in parts if p.lstrip("-").isdigit()]


__all__ = ["AppearanceDialog", "EnemiesDialog", "OpenBattleDialog", "typed_dice"]
