"""The battle board's own dialog: which maps, and how they touch (a ruleset's set-up dialogs are its own).

Each dialog only gathers what one command needs; the command is built by
:mod:`app.battle.actions` and refused by the engine with its own reason.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from app.battle.words import tr
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.model import SIDES, Join


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


__all__ = ["OpenBattleDialog", "side_text"]
