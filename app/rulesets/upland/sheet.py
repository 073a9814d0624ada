"""The Upland character sheet editor (seed 000): characteristics, HP/MP, skills
with their experience marks, spirit pressure, the Call, 〈死祭り〉, long-term
fatigue, load, supplies, items and the CHK-U-3 spell toggles.

The dialog only reads a sheet and answers a new one; the characters panel turns
the answer into a single ``SetSheet`` command, so one Save is one undo step.
Long-term fatigue is kept in thirds by the engine (TIM-5's 2/3 per square); the
GM sees and types it as a mixed fraction such as ``3⅔``.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import Retranslating
from app.rulesets.upland.skill_names import SkillNameDelegate
from engine.checks.upland import SKILL_SET_BONUSES
from engine.upland.commands import SPELL_BONUS_NAMES
from engine.upland.sheet import CHARACTERISTICS, Skill, UplandSheet
from engine.upland.sheet_text import fatigue_text, parse_fatigue

# Skill table columns.
COL_NAME, COL_VALUE, COL_CHECKED, COL_NO_CHECKS, COL_HOURS = range(5)
# Sheet fields edited with plain spin boxes: (field, minimum, maximum).
NUMBER_FIELDS: tuple[tuple[str, int, int], ...] = (
    ("hp", -99, 999),
    ("hp_max", 0, 999),
    ("mp", -99, 999),
    ("mp_max", 0, 999),
    ("spirit_pressure", -99, 999),
    ("call", 0, 999),
    ("death_rite", -100, 999),
    ("moving_weight", 0, 999),
    ("worn_load", 0, 999),
    ("food", 0, 999),
    ("money", 0, 10_000_000),
)


class FatigueSpinBox(QSpinBox):
    """A spin box over thirds of a point that shows and reads ``3⅔``: the arrows
    step by a third, so TIM-5's light-load fractions can be entered exactly."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(0, 9999)
        self.setAlignment(Qt.AlignmentFlag.AlignRight)

    def textFromValue(self, value: int) -> str:
        return fatigue_text(value)

    def valueFromText(self, text: str) -> int:
        parsed = parse_fatigue(text)
        return parsed if parsed is not None else self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if parse_fatigue(text) is not None:
            return QValidator.State.Acceptable, text, pos
        if re.fullmatch(r"\s*\d*\s*(1|2)?/?\s*", text):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos


def bonus_text(name: str) -> str:
    """《第二の目》 with the skill sets it helps, e.g. ``〈偵察〉+10%``."""
    sets = {
        "scout": QCoreApplication.translate("SheetDialog", "scout"),
        "requiem": QCoreApplication.translate("SheetDialog", "requiem"),
        "notice": QCoreApplication.translate("SheetDialog", "notice"),
    }
    parts = [f"{sets[s]} +{table[name]}%" for s, table in SKILL_SET_BONUSES.items() if name in table]
    return f"《{name}》 " + " / ".join(parts)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setAlignment(Qt.AlignmentFlag.AlignRight)
    return box


class SheetDialog(Retranslating, QDialog):
    """Edit (or create) one character's Upland sheet; ``sheet()`` is the answer."""

    def __init__(self, name: str, sheet: UplandSheet | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._creating = sheet is None
        base = sheet if sheet is not None else UplandSheet()
        self._base = base

        self.characteristics: dict[str, QSpinBox] = {c: _spin(0, 99, base.characteristic(c)) for c in CHARACTERISTICS}
        self.numbers: dict[str, QSpinBox] = {f: _spin(lo, hi, int(getattr(base, f))) for f, lo, hi in NUMBER_FIELDS}
        self.fatigue = FatigueSpinBox()
        self.fatigue.setValue(base.fatigue_thirds)
        self.light_armour = QCheckBox()
        self.light_armour.setChecked(base.light_armour)
        self.immune = QCheckBox()
        self.immune.setChecked(base.immune_to_despair)
        self.bonuses: dict[str, QCheckBox] = {}
        for bonus in SPELL_BONUS_NAMES:
            box = QCheckBox()
            box.setChecked(bonus in base.spell_bonuses)
            self.bonuses[bonus] = box
        self.items = QPlainTextEdit("\n".join(base.items))
        self.items.setTabChangesFocus(True)
        self.skills = QTableWidget(0, 5)
        self.skills.verticalHeader().setVisible(False)
        self.skills.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.skills.setItemDelegateForColumn(COL_NAME, SkillNameDelegate(self.skills))  # names complete as typed
        header = self.skills.horizontalHeader()
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        for col in (COL_VALUE, COL_CHECKED, COL_NO_CHECKS, COL_HOURS):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        for skill_name, skill in base.skills.items():
            self.add_skill(skill_name, skill)
        self.add_skill_button = QPushButton()
        self.remove_skill_button = QPushButton()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)

        self.char_box = QGroupBox()
        grid = QGridLayout(self.char_box)
        for i, c in enumerate(CHARACTERISTICS):
            grid.addWidget(QLabel(c), 0, i, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(self.characteristics[c], 1, i)

        self.condition_box = QGroupBox()
        self.condition = QFormLayout(self.condition_box)
        self.hp_row = self._pair(self.numbers["hp"], self.numbers["hp_max"])
        self.mp_row = self._pair(self.numbers["mp"], self.numbers["mp_max"])
        self.condition_labels = [QLabel() for _ in range(6)]
        for label, field in zip(
            self.condition_labels,
            (
                self.hp_row,
                self.mp_row,
                self.fatigue,
                self.numbers["spirit_pressure"],
                self.numbers["call"],
                self.numbers["death_rite"],
            ),
            strict=True,
        ):
            self.condition.addRow(label, field)

        self.load_box = QGroupBox()
        self.load = QFormLayout(self.load_box)
        self.load_labels = [QLabel() for _ in range(4)]
        for label, field in zip(
            self.load_labels,
            (
                self.numbers["moving_weight"],
                self._pair(self.numbers["worn_load"], self.light_armour),
                self.numbers["food"],
                self.numbers["money"],
            ),
            strict=True,
        ):
            self.load.addRow(label, field)

        self.toggles_box = QGroupBox()
        toggles = QVBoxLayout(self.toggles_box)
        for box in self.bonuses.values():
            toggles.addWidget(box)
        toggles.addWidget(self.immune)
        toggles.addStretch(1)

        self.skills_box = QGroupBox()
        skills_layout = QVBoxLayout(self.skills_box)
        skills_layout.addWidget(self.skills)
        row_buttons = QHBoxLayout()
        row_buttons.addWidget(self.add_skill_button)
        row_buttons.addWidget(self.remove_skill_button)
        row_buttons.addStretch(1)
        skills_layout.addLayout(row_buttons)

        self.items_box = QGroupBox()
        items_layout = QVBoxLayout(self.items_box)
        items_layout.addWidget(self.items)

        left = QVBoxLayout()
        left.addWidget(self.char_box)
        middle = QHBoxLayout()
        middle.addWidget(self.condition_box)
        middle.addWidget(self.load_box)
        left.addLayout(middle)
        left.addWidget(self.skills_box, 1)
        right = QVBoxLayout()
        right.addWidget(self.toggles_box)
        right.addWidget(self.items_box, 1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self.add_skill_button.clicked.connect(self._on_add_skill)
        self.remove_skill_button.clicked.connect(self._on_remove_skill)
        self.buttons.accepted.connect(self._on_save)
        self.buttons.rejected.connect(self.reject)
        self.resize(900, 640)
        self.retranslate()

    @staticmethod
    def _pair(first: QWidget, second: QWidget) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(first, 1)
        row.addWidget(second, 1)
        return box

    # -- skills table ------------------------------------------------------------------
    def add_skill(self, name: str, skill: Skill | None = None) -> int:
        """Append a row (a new skill starts at 0 %, no marks); returns its row."""
        skill = skill or Skill()
        row = self.skills.rowCount()
        self.skills.insertRow(row)
        self.skills.setItem(row, COL_NAME, QTableWidgetItem(name))
        self.skills.setCellWidget(row, COL_VALUE, _spin(-100, 999, skill.value))
        for col, on in ((COL_CHECKED, skill.checked), (COL_NO_CHECKS, skill.no_checks)):
            item = QTableWidgetItem()
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.skills.setItem(row, col, item)
        self.skills.setCellWidget(row, COL_HOURS, _spin(0, 99999, skill.training_hours))
        return row

    def skill_row(self, name: str) -> int | None:
        for row in range(self.skills.rowCount()):
            item = self.skills.item(row, COL_NAME)
            if item is not None and item.text().strip() == name:
                return row
        return None

    def skill_value_box(self, row: int) -> QSpinBox:
        return self.skills.cellWidget(row, COL_VALUE)  # type: ignore[return-value]

    def skill_hours_box(self, row: int) -> QSpinBox:
        return self.skills.cellWidget(row, COL_HOURS)  # type: ignore[return-value]

    def _on_add_skill(self) -> None:
        row = self.add_skill("")
        self.skills.setCurrentCell(row, COL_NAME)
        item = self.skills.item(row, COL_NAME)
        if item is not None:
            self.skills.editItem(item)

    def _on_remove_skill(self) -> None:
        row = self.skills.currentRow()
        if row >= 0:
            self.skills.removeRow(row)

    def _skills(self) -> dict[str, Skill]:
        """The table's skills; rows without a name are ignored, names are
        written without 〈〉 as the engine keys them."""
        out: dict[str, Skill] = {}
        for row in range(self.skills.rowCount()):
            item = self.skills.item(row, COL_NAME)
            name = item.text().strip().strip("〈〉") if item is not None else ""
            if not name:
                continue
            checked = self.skills.item(row, COL_CHECKED)
            no_checks = self.skills.item(row, COL_NO_CHECKS)
            out[name] = Skill(
                value=self.skill_value_box(row).value(),
                checked=checked is not None and checked.checkState() == Qt.CheckState.Checked,
                no_checks=no_checks is not None and no_checks.checkState() == Qt.CheckState.Checked,
                training_hours=self.skill_hours_box(row).value(),
            )
        return out

    # -- the answer --------------------------------------------------------------------
    def sheet(self) -> UplandSheet:
        """The sheet as the form says (spin box ranges keep it valid; pydantic
        still checks, so a future field with tighter bounds cannot slip through)."""
        values: dict[str, object] = {c: box.value() for c, box in self.characteristics.items()}
        values.update({f: box.value() for f, box in self.numbers.items()})
        values["fatigue_thirds"] = self.fatigue.value()
        values["light_armour"] = self.light_armour.isChecked()
        values["immune_to_despair"] = self.immune.isChecked()
        values["spell_bonuses"] = tuple(b for b, box in self.bonuses.items() if box.isChecked())
        values["items"] = tuple(line.strip() for line in self.items.toPlainText().splitlines() if line.strip())
        values["skills"] = self._skills()
        return UplandSheet.model_validate({**self._base.model_dump(), **values})

    def _on_save(self) -> None:
        try:
            self.sheet()
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            self.error.setText(self.tr("This sheet cannot be saved: {reason}").format(reason=str(exc).splitlines()[0]))
            return
        self.accept()

    # -- language ------------------------------------------------------------------------
    def retranslate(self) -> None:
        if self._creating:
            self.setWindowTitle(self.tr("New Upland sheet — {name}").format(name=self._name))
        else:
            self.setWindowTitle(self.tr("Upland sheet — {name}").format(name=self._name))
        self.char_box.setTitle(self.tr("Characteristics"))
        self.condition_box.setTitle(self.tr("Condition"))
        texts = (
            self.tr("HP (now / max)"),
            self.tr("MP (now / max)"),
            self.tr("Long-term fatigue"),
            self.tr("Spirit pressure"),
            self.tr("The Call"),
            self.tr("Death Rite %"),
        )
        for label, text in zip(self.condition_labels, texts, strict=True):
            label.setText(text)
        self.fatigue.setToolTip(self.tr("In thirds of a point: type 3⅔ or 3 2/3; the arrows step by ⅓."))
        self.numbers["call"].setToolTip(self.tr("Above POW, the character may sleepwalk (TIM-2)."))
        self.load_box.setTitle(self.tr("Load and supplies"))
        load_texts = (self.tr("Moving weight"), self.tr("Worn load"), self.tr("Food"), self.tr("Money (L)"))
        for label, text in zip(self.load_labels, load_texts, strict=True):
            label.setText(text)
        self.light_armour.setText(self.tr("at most thick leather"))
        self.toggles_box.setTitle(self.tr("Spell bonuses (CHK-U-3)"))
        for bonus, box in self.bonuses.items():
            box.setText(bonus_text(bonus))
        self.immune.setText(self.tr("Never despairs (DSP-1)"))
        self.skills_box.setTitle(self.tr("Skills"))
        self.skills.setHorizontalHeaderLabels(
            [self.tr("Skill"), self.tr("%"), self.tr("Check"), self.tr("No checks"), self.tr("Training h")]
        )
        checked = self.skills.horizontalHeaderItem(COL_CHECKED)
        no_checks = self.skills.horizontalHeaderItem(COL_NO_CHECKS)
        if checked is not None:
            checked.setToolTip(self.tr("Experience check earned (CHK-U-4)"))
        if no_checks is not None:
            no_checks.setToolTip(self.tr("This skill takes no experience checks; it grows by training (INV-8)"))
        self.add_skill_button.setText(self.tr("Add a skill"))
        self.remove_skill_button.setText(self.tr("Remove the skill"))
        self.items_box.setTitle(self.tr("Items (one per line)"))


__all__ = ["FatigueSpinBox", "SheetDialog"]
