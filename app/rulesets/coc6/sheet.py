"""The investigator sheet dialog of the CoC rulesets (``kind = "coc6"``).

Characteristics, HP/MP/SAN, the skills table (completion from the engine's
skill list, occupation flags, growth marks) and notes.  Every edit is
validated by the engine's sheet model at once: an invalid value is refused in
place (the message under the table, the cell put back).  Saving returns one
``coc_set_sheet`` command; double-clicking a skill of an unchanged sheet
returns a ``coc_check`` of it instead (the check is rolled by the engine).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.coc6.sheet import CocSheet, add_skill, make_sheet, new_investigator, set_skill
from engine.coc6.skills import CHARACTERISTICS, skill_names
from engine.coc6.texts import word
from engine.core.commands import CommandBase
from engine.errors import EngineError

#: Columns of the skills table.
NAME, VALUE, BASE, OCCUPATION, GROWTH = range(5)


def blank_sheet(name: str) -> CocSheet:
    """A fresh investigator with every characteristic at 10 (the GM then types the rolled ones)."""
    return new_investigator(name, {c: 10 for c in CHARACTERISTICS})


class CocSheetDialog(QDialog):
    """Edits one investigator; ``command()`` is what the GM asked for (or None)."""

    def __init__(
        self, character_id: str, sheet: CocSheet, lang: str = "ja", parent: QWidget | None = None, *, new: bool = False
    ) -> None:
        super().__init__(parent)
        self.new = new
        self.setObjectName("coc-sheet")
        self.character_id = character_id
        self.original = sheet
        self.sheet = sheet
        self.lang = lang
        self._rolled: str | None = None
        self._filling = False
        self.setWindowTitle(self.tr("Investigator sheet: {name}").format(name=sheet.name))

        self.characteristics: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        for i, name in enumerate(CHARACTERISTICS):
            box = QSpinBox()
            box.setRange(1, 99)
            box.setObjectName(f"coc-char-{name}")
            box.setValue(int(getattr(sheet, name)))
            box.valueChanged.connect(lambda value, field=name: self._set(field, value))
            self.characteristics[name] = box
            grid.addWidget(QLabel(name), i // 4, (i % 4) * 2)
            grid.addWidget(box, i // 4, (i % 4) * 2 + 1)

        self.resources: dict[str, QSpinBox] = {}
        resources = QGridLayout()
        for row, (label, current, maximum) in enumerate((("HP", "hp", "hp_max"), ("MP", "mp", "mp_max"),
                                                          ("SAN", "san", "san_max"))):  # fmt: skip
            resources.addWidget(QLabel(label), row, 0)
            for col, field in ((1, current), (3, maximum)):
                box = QSpinBox()
                box.setRange(-99, 999)
                box.setObjectName(f"coc-{field}")
                box.setValue(int(getattr(sheet, field)))
                box.valueChanged.connect(lambda value, f=field: self._set(f, value))
                self.resources[field] = box
                resources.addWidget(box, row, col)
            resources.addWidget(QLabel("/"), row, 2)
        self.derived = QLabel()
        self.derived.setObjectName("coc-derived")

        form = QFormLayout()
        self.occupation = QLineEdit(sheet.occupation)
        self.occupation.editingFinished.connect(lambda: self._set("occupation", self.occupation.text()))
        form.addRow(self.tr("Occupation"), self.occupation)

        self.table = QTableWidget(0, 5)
        self.table.setObjectName("coc-skills")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Skill"), self.tr("Value"), self.tr("Base"), self.tr("Occupation"), self.tr("Growth")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._item_changed)
        self.table.itemDoubleClicked.connect(self._roll_item)
        self.table.setToolTip(self.tr("Double-click a skill to roll it."))

        self.new_skill = QLineEdit()
        self.new_skill.setObjectName("coc-new-skill")
        self.new_skill.setPlaceholderText(self.tr("Add a skill by name"))
        completer = QCompleter(list(skill_names()), self.new_skill)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.new_skill.setCompleter(completer)
        add = QPushButton(self.tr("Add"))
        add.clicked.connect(self._add_skill)
        adding = QHBoxLayout()
        adding.addWidget(self.new_skill, 1)
        adding.addWidget(add)

        self.notes = QPlainTextEdit(sheet.notes)
        self.notes.setMaximumHeight(60)
        self.notes.setPlaceholderText(self.tr("GM notes (never shown to the players)"))

        self.message = QLabel()
        self.message.setObjectName("coc-sheet-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(resources)
        layout.addWidget(self.derived)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addLayout(adding)
        layout.addWidget(self.notes)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(560, 680)
        self._fill()

    # -- showing --------------------------------------------------------------
    def _fill(self) -> None:
        self._filling = True
        s = self.sheet
        self.derived.setText(
            self.tr("Luck {luck} · Idea {idea} · Know {know} · damage bonus {db}").format(
                luck=s.luck, idea=s.idea, know=s.know, db=s.damage_bonus
            )
        )
        self.table.setRowCount(len(s.skills))
        for row, (name, entry) in enumerate(s.skills.items()):
            cells = (name, str(entry.value), str(entry.base), "", word(entry.growth, self.lang) if entry.growth else "")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
                if col == VALUE:
                    flags |= Qt.ItemFlag.ItemIsEditable
                if col == OCCUPATION:
                    flags |= Qt.ItemFlag.ItemIsUserCheckable
                    item.setCheckState(Qt.CheckState.Checked if entry.occupational else Qt.CheckState.Unchecked)
                item.setFlags(flags)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self._filling = False

    def say(self, text: str) -> None:
        self.message.setText(text)

    # -- editing ---------------------------------------------------------------
    def _try(self, change: Any) -> bool:
        """Apply an edit through the engine's validation; a refusal is shown in place."""
        try:
            self.sheet = change()
        except EngineError as exc:
            self.say(exc.text(self.lang))
            self._fill()
            return False
        self.say("")
        return True

    def _set(self, field: str, value: object) -> None:
        if self._filling:
            return
        payload = self.sheet.model_dump()
        payload[field] = value
        if not self._try(lambda: make_sheet(payload)):
            box = self.characteristics.get(field) or self.resources.get(field)
            if box is not None:
                box.blockSignals(True)
                box.setValue(int(getattr(self.sheet, field)))
                box.blockSignals(False)
            return
        self._fill()

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        name_item = self.table.item(item.row(), NAME)
        if name_item is None:
            return
        name = name_item.text()
        if item.column() == VALUE:
            text = item.text().strip()
            if not text.lstrip("-").isdigit():
                self.say(self.tr("{skill}: '{text}' is not a whole number.").format(skill=name, text=text))
                self._fill()
                return
            self._try(lambda: set_skill(self.sheet, name, int(text)))
            self._fill()
        elif item.column() == OCCUPATION:
            checked = item.checkState() == Qt.CheckState.Checked
            value = self.sheet.skills[name].value
            self._try(lambda: set_skill(self.sheet, name, value, occupational=checked))

    def _add_skill(self) -> None:
        name = self.new_skill.text().strip()
        if not name:
            self.say(self.tr("Type the name of the skill to add."))
            return
        if self._try(lambda: add_skill(self.sheet, name)):
            self.new_skill.clear()
            self._fill()

    def _roll_item(self, item: QTableWidgetItem) -> None:
        if item.column() != NAME:
            return
        name_item = self.table.item(item.row(), NAME)
        if name_item is not None:
            self.roll(name_item.text())

    def roll(self, skill: str) -> None:
        """Roll ``skill``: only from the saved sheet (an edit is saved first)."""
        if self.new or self._build() != self.original:
            self.say(self.tr("Save the sheet before rolling a skill."))
            return
        self._rolled = skill
        self.accept()

    def _build(self) -> CocSheet:
        return self.sheet.model_copy(update={"notes": self.notes.toPlainText()})

    def _save(self) -> None:
        payload = self._build().model_dump()
        if self._try(lambda: make_sheet(payload)):
            self.accept()

    # -- the answer --------------------------------------------------------------
    def command(self) -> CommandBase | None:
        from engine.coc6.commands import CocCheck, CocSetSheet

        if self.result() != QDialog.DialogCode.Accepted:
            return None
        if self._rolled is not None:
            return CocCheck(character=self.character_id, what=self._rolled)
        sheet = self._build()
        if sheet == self.original and not self.new:
            return None
        return CocSetSheet(character=self.character_id, sheet=sheet)
