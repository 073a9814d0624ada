"""The investigator sheet window of the CoC rulesets (``kind = "coc6"``).

Characteristics, HP/MP/SAN and the damage bonus, the NPC switch, the skills
table (completion from the engine's skill list, occupation flags, growth
marks and, in ruleset B, the cap each capped skill is rolled at: CHK-B-2,
CHK-B-3, CHK-B-4), the weapons and the keeper's notes.

Every edit is validated by the engine's sheet model when it is committed
(Enter or leaving the field): a refused value stays typed with the reason
beside it.  What the rulebook derives from the characteristics (HP, MP, SAN,
the damage bonus, the formula bases of 回避 and 母国語) follows them until
the keeper types over it (:func:`engine.coc6.sheet.set_characteristic`).

Opened from the characters dock with a bridge, the window is not modal: Save
dispatches one ``coc_set_sheet``, a double-click on a skill dispatches its
check (with the questions of :mod:`app.rulesets.coc6.checks`) and the window
stays open, following the table while it holds no unsaved edit; Esc or
closing asks before throwing edits away.  Without a bridge (tests, the modal
path) ``command()`` says what the keeper asked for.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.rulesets.coc6.number_box import NumberBox
from app.rulesets.coc6.weapons import WeaponsTable
from engine.coc6.checks import check_target
from engine.coc6.sheet import (
    CocSheet,
    add_skill,
    make_sheet,
    new_investigator,
    set_characteristic,
    set_skill,
    set_weapons,
)
from engine.coc6.skills import CHARACTERISTICS, skill_names
from engine.coc6.texts import word
from engine.core.commands import CommandBase
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6BOptions

#: Columns of the skills table.
NAME, VALUE, BASE, CAP, OCCUPATION, GROWTH = range(6)
#: The resources: (label, current field, maximum field).
RESOURCES = (("HP", "hp", "hp_max"), ("MP", "mp", "mp_max"), ("SAN", "san", "san_max"))

#: What the window does with a command: dispatch it (True: the table took it).
Dispatch = Callable[[CommandBase], bool]


def blank_sheet(name: str, *, npc: bool = False) -> CocSheet:
    """A fresh investigator with every characteristic at 10 (the GM then types the rolled ones)."""
    return new_investigator(name, {c: 10 for c in CHARACTERISTICS}, npc=npc)


def cap_text(sheet: CocSheet, skill: str, options: Coc6BOptions | None) -> str:
    """CHK-B-2/CHK-B-3: the value ``skill`` is rolled at when a B cap lowers it, with the rule's id."""
    if options is None or sheet.npc:
        return ""
    try:
        raw, target, caps = check_target(sheet, skill, "coc6-b", options=options)
    except EngineError:
        return ""
    if not caps or target >= raw:
        return ""
    return f"{target} ({caps[0]})"


class CocSheetDialog(QDialog):
    """Edits one investigator; ``command()`` is what the GM asked for (or None)."""

    def __init__(
        self,
        character_id: str,
        sheet: CocSheet,
        lang: str = "ja",
        parent: QWidget | None = None,
        *,
        new: bool = False,
        options: Coc6BOptions | None = None,
        dispatch: Dispatch | None = None,
        roll: Dispatch | None = None,
    ) -> None:
        super().__init__(parent)
        self.new = new
        self.setObjectName("coc-sheet")
        self.character_id = character_id
        self.original = sheet
        self.sheet = sheet
        self.lang = lang
        #: ruleset B's options: the caps shown beside the skills (None: ruleset A, no caps)
        self.options = options
        self._dispatch = dispatch
        self._roll_command = roll
        self._rolled: str | None = None
        self._filling = False
        self._sized = False
        #: the window may close without asking (saved, or the keeper agreed to throw the edits away)
        self._closing = False

        self.npc = QCheckBox(self.tr("NPC (keeper's character: no caps, hidden from the players until shown)"))
        self.npc.setObjectName("coc-npc")
        self.npc.setChecked(sheet.npc)
        self.npc.toggled.connect(lambda checked: self._set("npc", checked))

        self.characteristics: dict[str, NumberBox] = {}
        grid = QGridLayout()
        for i, name in enumerate(CHARACTERISTICS):
            box = NumberBox(f"coc-char-{name}", int(getattr(sheet, name)), reason_inside=False)
            box.committed.connect(lambda text, field=name: self._set_characteristic(field, text))
            self.characteristics[name] = box
            row, col = (i // 4) * 2, (i % 4) * 2
            grid.addWidget(QLabel(name), row, col)
            grid.addWidget(box, row, col + 1)
            grid.addWidget(box.reason, row + 1, col, 1, 2)  # just under its field, the row beside it untouched

        self.resources: dict[str, NumberBox] = {}
        resources = QGridLayout()
        for row, (label, current, maximum) in enumerate(RESOURCES):
            resources.addWidget(QLabel(label), row, 0)
            reasons = QVBoxLayout()
            for col, field in ((1, current), (3, maximum)):
                box = NumberBox(f"coc-{field}", int(getattr(sheet, field)), reason_inside=False)
                box.committed.connect(lambda text, f=field: self._set_number(f, text))
                self.resources[field] = box
                resources.addWidget(box, row, col)
                reasons.addWidget(box.reason)
            resources.addWidget(QLabel("/"), row, 2)
            resources.addLayout(reasons, row, 4)  # beside the pair: HP's reason never moves the MP fields
        resources.addWidget(QLabel(self.tr("Damage bonus")), 3, 0)
        self.damage_bonus = QLineEdit(sheet.damage_bonus)
        self.damage_bonus.setObjectName("coc-damage-bonus")
        self.damage_bonus.setMaximumWidth(70)
        self.damage_bonus.editingFinished.connect(self._set_damage_bonus)
        self.damage_bonus_reason = QLabel()
        self.damage_bonus_reason.setStyleSheet("color: #b00020;")
        resources.addWidget(self.damage_bonus, 3, 1)
        resources.addWidget(self.damage_bonus_reason, 3, 2, 1, 3)
        resources.setColumnStretch(4, 1)
        self.derived = QLabel()
        self.derived.setObjectName("coc-derived")
        self.derived.setWordWrap(True)

        form = QFormLayout()
        self.occupation = QLineEdit(sheet.occupation)
        self.occupation.setObjectName("coc-occupation")
        self.occupation.editingFinished.connect(lambda: self._set("occupation", self.occupation.text()))
        form.addRow(self.tr("Occupation"), self.occupation)

        self.table = QTableWidget(0, 6)
        self.table.setObjectName("coc-skills")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Skill"), self.tr("Value"), self.tr("Base"), self.tr("Rolled at"), self.tr("Occupation"),
             self.tr("Growth")]
        )  # fmt: skip
        self.table.setColumnHidden(CAP, options is None)
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

        self.weapons = WeaponsTable(sheet.weapons)
        self.weapons.changed.connect(self._weapons_changed)

        self.notes = QPlainTextEdit(sheet.notes)
        self.notes.setMaximumHeight(60)
        self.notes.setPlaceholderText(self.tr("GM notes (never shown to the players)"))

        self.message = QLabel()
        self.message.setObjectName("coc-sheet-message")
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self._save)
        self.buttons.rejected.connect(self.reject)
        for button in self.buttons.buttons():  # Enter commits the field being typed, never saves the sheet
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.npc)
        layout.addLayout(grid)
        layout.addLayout(resources)
        layout.addWidget(self.derived)
        layout.addLayout(form)
        layout.addWidget(self.table, 3)
        layout.addLayout(adding)
        layout.addWidget(QLabel(self.tr("Weapons")))
        layout.addWidget(self.weapons, 1)
        layout.addWidget(self.notes)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(640, 840)
        self._fill()

    # -- showing --------------------------------------------------------------
    def _title(self) -> None:
        npc = self.sheet.npc
        text = self.tr("NPC sheet: {name}") if npc else self.tr("Investigator sheet: {name}")
        title = text.format(name=self.sheet.name)
        self.setWindowTitle(f"{title} *" if self.dirty() else title)

    def _fill(self) -> None:
        self._filling = True
        s = self.sheet
        for name, box in self.characteristics.items():
            if not box.refused:
                box.set_number(int(getattr(s, name)))
        for field, box in self.resources.items():
            if not box.refused:
                box.set_number(int(getattr(s, field)))
        if not self.damage_bonus_reason.text():
            self.damage_bonus.setText(s.damage_bonus)
        self.npc.setChecked(s.npc)
        derived = self.tr("Luck {luck} · Idea {idea} · Know {know} · damage bonus {db}").format(
            luck=s.luck, idea=s.idea, know=s.know, db=s.damage_bonus
        )
        if self.options is not None and not s.npc and s.san > self.options.san_cap:
            derived += self.tr(" · SAN rolls at most {cap} (CHK-B-4)").format(cap=self.options.san_cap)
        self.derived.setText(derived)
        self.table.setRowCount(len(s.skills))
        for row, (name, entry) in enumerate(s.skills.items()):
            growth = word(entry.growth, self.lang) if entry.growth else ""
            cells = (name, str(entry.value), str(entry.base), cap_text(s, name, self.options), "", growth)
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
        if not self._sized:  # once: a refill keeps the widths the keeper sees (and may have set)
            self.table.resizeColumnsToContents()
            self._sized = True
        self._title()
        self._filling = False

    def say(self, text: str) -> None:
        self.message.setText(text)

    def unsaved(self) -> bool:
        """Edits the table has not taken yet (a refused field counts: its text was typed)."""
        refused = any(box.refused for box in (*self.characteristics.values(), *self.resources.values()))
        return refused or bool(self.damage_bonus_reason.text()) or self._build() != self.original

    def dirty(self) -> bool:
        """Not the sheet the table holds: unsaved edits, or a sheet not saved even once."""
        return self.new or self.unsaved()

    # -- editing ---------------------------------------------------------------
    def _try(self, change: Callable[[], CocSheet]) -> bool:
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
        self._try(lambda: make_sheet(payload))
        self._fill()

    def _box(self, field: str) -> NumberBox:
        return self.characteristics.get(field) or self.resources[field]

    def _set_characteristic(self, field: str, text: str) -> None:
        """A characteristic commit: what the rulebook derives from it follows (HP, DB, 回避…)."""
        self._commit(field, lambda: set_characteristic(self.sheet, field, int(text)))

    def _set_number(self, field: str, text: str) -> None:
        payload = self.sheet.model_dump() | {field: int(text)}
        self._commit(field, lambda: make_sheet(payload))

    def _commit(self, field: str, change: Callable[[], CocSheet]) -> None:
        """Take a committed number, or leave it typed with the engine's reason beside it;
        a field refused earlier is tried again after each accepted one (HP typed before its maximum)."""
        box = self._box(field)
        try:
            self.sheet = change()
        except EngineError as exc:
            box.refuse(exc.text(self.lang))
            self._title()
            return
        box.set_number(int(getattr(self.sheet, field)))
        for other, waiting in (*self.characteristics.items(), *self.resources.items()):
            number = waiting.number()
            if waiting.refused and number is not None:
                payload = self.sheet.model_dump() | {other: number}
                try:
                    self.sheet = (set_characteristic(self.sheet, other, number) if other in self.characteristics
                                  else make_sheet(payload))  # fmt: skip
                except EngineError as exc:
                    waiting.refuse(exc.text(self.lang))
                else:
                    waiting.set_number(number)
        self.say("")
        self._fill()

    def _set_damage_bonus(self) -> None:
        text = self.damage_bonus.text().strip().upper()
        if text == self.sheet.damage_bonus and not self.damage_bonus_reason.text():
            return
        payload = self.sheet.model_dump() | {"damage_bonus": text}
        try:
            self.sheet = make_sheet(payload)
        except EngineError as exc:
            self.damage_bonus_reason.setText(exc.text(self.lang))
            self._title()
            return
        self.damage_bonus_reason.setText("")
        self._fill()

    def _weapons_changed(self) -> None:
        rows = self.weapons.rows()
        try:
            self.sheet = set_weapons(self.sheet, rows)
        except EngineError as exc:
            self.say(exc.text(self.lang))
            self.weapons.show_weapons(self.sheet.weapons)
            return
        self.say("")
        self._title()

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
            self._fill()

    def _add_skill(self) -> None:
        name = self.new_skill.text().strip()
        if not name:
            self.say(self.tr("Type the name of the skill to add."))
            return
        if self._try(lambda: add_skill(self.sheet, name)):
            self.new_skill.clear()
            self._fill()

    # -- rolling ---------------------------------------------------------------
    def _roll_item(self, item: QTableWidgetItem) -> None:
        if item.column() != NAME:
            return
        name_item = self.table.item(item.row(), NAME)
        if name_item is not None:
            self.roll(name_item.text())

    def roll(self, skill: str) -> None:
        """Roll ``skill``: only from the saved sheet (an edit is saved first).

        With a table to roll at, the check is dispatched and the window stays
        open; without one, the window closes and ``command()`` is the check."""
        if self.dirty():
            self.say(self.tr("Save the sheet before rolling a skill."))
            return
        from engine.coc6.commands import CocCheck

        if self._roll_command is not None:
            self.say("")
            self._roll_command(CocCheck(character=self.character_id, what=skill))
            return
        self._rolled = skill
        self.accept()

    # -- following the table -------------------------------------------------------
    def follow(self, sheet: CocSheet | None) -> None:
        """The character's sheet as the table now holds it: shown unless the keeper is editing."""
        if sheet is None or sheet == self.original:
            return
        if self.dirty():
            self.say(self.tr("The table changed this sheet; saving writes your version over it."))
            return
        self.original = self.sheet = sheet
        self.notes.setPlainText(sheet.notes)
        self.occupation.setText(sheet.occupation)
        self.weapons.show_weapons(sheet.weapons)
        self._fill()

    # -- saving and closing ------------------------------------------------------
    def _build(self) -> CocSheet:
        return self.sheet.model_copy(update={"notes": self.notes.toPlainText()})

    def _save(self) -> None:
        if any(box.refused for box in (*self.characteristics.values(), *self.resources.values())):
            self.say(self.tr("Fix the fields marked in red first."))
            return
        payload = self._build().model_dump()
        if not self._try(lambda: make_sheet(payload)):
            return
        if self._dispatch is None:
            self._closing = True
            self.accept()
            return
        command = self.command(saving=True)
        if command is not None and not self._dispatch(command):
            return  # the refusal is on screen (the dispatcher says it)
        self.original = self._build()
        self.new = False
        self._closing = True
        self.accept()

    def ask_discard(self) -> bool:
        """Esc, Close or the window's × with unsaved edits: throw them away?"""
        answer = QMessageBox.question(
            self,
            self.tr("Unsaved changes"),
            self.tr("Throw away the changes to {name}'s sheet?").format(name=self.sheet.name),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    def reject(self) -> None:
        if self._closing or not self.unsaved():
            self._closing = True
            super().reject()
            return
        if self.ask_discard():
            self._closing = True
            super().reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.reject()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # it committed a field; it never saves
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closing:
            event.accept()
            return
        self.reject()
        if self._closing:
            event.accept()
        else:
            event.ignore()

    # -- the answer --------------------------------------------------------------
    def command(self, *, saving: bool = False) -> CommandBase | None:
        from engine.coc6.commands import CocCheck, CocSetSheet

        if not saving and self.result() != QDialog.DialogCode.Accepted:
            return None
        if self._rolled is not None:
            return CocCheck(character=self.character_id, what=self._rolled)
        sheet = self._build()
        if sheet == self.original and not self.new:
            return None
        return CocSetSheet(character=self.character_id, sheet=sheet)


__all__ = ["CAP", "NAME", "VALUE", "CocSheetDialog", "blank_sheet", "cap_text"]
