"""The weapons of an investigator sheet as an editable table: name, the skill the
attack is rolled with, its own hit value (an imported sheet's 命中: rolled when the
sheet has no skill of the weapon's name), damage (``DB`` stands for the damage bonus), impaling
(CHK-B-5), thrown (CBT-B-8: DB/2), range and attacks per round.

The table only collects rows; the sheet window hands them to the engine's
sheet model (:func:`engine.coc6.sheet.set_weapons`), which accepts or refuses
them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from engine.coc6.sheet import Weapon

#: Columns of the weapons table.
W_NAME, W_SKILL, W_HIT, W_DAMAGE, W_IMPALING, W_THROWN, W_RANGE, W_USES = range(8)
COLUMNS = 8
_CHECKS = (W_IMPALING, W_THROWN)


class WeaponsTable(QWidget):
    """The weapons list with Add and Remove; ``changed`` after every committed edit."""

    changed = Signal()

    def __init__(self, weapons: Iterable[Weapon], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, COLUMNS)
        self.table.setObjectName("coc-weapons")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Weapon"), self.tr("Skill"), self.tr("Hit"), self.tr("Damage"), self.tr("Impaling"),
             self.tr("Thrown"), self.tr("Range"), self.tr("Attacks")]
        )  # fmt: skip
        hit_header = self.table.horizontalHeaderItem(W_HIT)
        if hit_header is not None:
            hit_header.setToolTip(self.tr("The weapon's own hit value, rolled when the sheet has no skill of its name"))
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._item_changed)
        # three weapons in view without scrolling (a knife, a gun, the fist everyone has)
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height() + 3 * 24 + 6)
        self.add_button = QPushButton(self.tr("Add a weapon"))
        self.add_button.setObjectName("coc-weapon-add")
        self.remove_button = QPushButton(self.tr("Remove the weapon"))
        self.remove_button.setObjectName("coc-weapon-remove")
        self.add_button.clicked.connect(self.add_weapon)
        self.remove_button.clicked.connect(self.remove_weapon)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._filling = False
        self.show_weapons(weapons)

    def show_weapons(self, weapons: Iterable[Weapon]) -> None:
        """Show ``weapons`` as they are (the sheet's accepted list)."""
        self._filling = True
        listed = list(weapons)
        self.table.setRowCount(len(listed))
        for row, weapon in enumerate(listed):
            self._put_row(row, weapon)
        self.table.resizeColumnsToContents()
        self._filling = False

    def _put_row(self, row: int, weapon: Weapon) -> None:
        texts = {W_NAME: weapon.name, W_SKILL: weapon.skill, W_HIT: weapon.hit, W_DAMAGE: weapon.damage,
                 W_RANGE: weapon.range, W_USES: str(weapon.uses)}  # fmt: skip
        for col in range(COLUMNS):
            item = QTableWidgetItem(texts.get(col, ""))
            if col in _CHECKS:
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
                )
                on = weapon.impaling if col == W_IMPALING else weapon.thrown
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.table.setItem(row, col, item)

    def rows(self) -> list[dict[str, Any]]:
        """The weapons as typed, for the engine to check (the hit value is kept as typed: an imported
        日本刀 50 is rolled at 50 when the sheet has no 日本刀 skill)."""
        out: list[dict[str, Any]] = []
        for row in range(self.table.rowCount()):

            def text(col: int, r: int = row) -> str:
                item = self.table.item(r, col)
                return item.text().strip() if item is not None else ""

            def checked(col: int, r: int = row) -> bool:
                item = self.table.item(r, col)
                return item is not None and item.checkState() == Qt.CheckState.Checked

            uses = text(W_USES)
            out.append({
                "name": text(W_NAME), "skill": text(W_SKILL), "hit": text(W_HIT),
                "damage": text(W_DAMAGE).upper().replace("ＤＢ", "DB"),
                "impaling": checked(W_IMPALING), "thrown": checked(W_THROWN), "range": text(W_RANGE),
                "uses": int(uses) if uses.isdigit() else uses or 1,
            })  # fmt: skip
        return out

    def add_weapon(self) -> None:
        """A new row named after the punch everyone has, ready to be typed over."""
        self._filling = True
        row = self.table.rowCount()
        self.table.insertRow(row)
        self._put_row(row, Weapon(name=self.tr("New weapon"), skill="", damage="1D3+DB"))
        self._filling = False
        self.changed.emit()
        self.table.setCurrentCell(row, W_NAME)

    def remove_weapon(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            return
        self.table.removeRow(row)
        self.changed.emit()

    def _item_changed(self, _item: QTableWidgetItem) -> None:
        if not self._filling:
            self.changed.emit()


__all__ = ["W_DAMAGE", "W_HIT", "W_IMPALING", "W_NAME", "W_RANGE", "W_SKILL", "W_THROWN", "W_USES", "WeaponsTable"]
