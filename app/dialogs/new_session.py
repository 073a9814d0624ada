"""The New… dialog: name, ruleset, map size, gate and dice seed of a new
session (MAP-1).

A session's name is its file's name (``湿原の探索 第1回.yobigoe`` in the
sessions folder), so the title bar, the recent list and the start page show it
with no extra field in the file, and Save as… renames it the way GMs expect
from any document.  The gate asked for here is where the party token starts.
The map size and the gate are asked only for a ruleset on the card table (its
GUI part says so); a session of another ruleset keeps the defaults.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.i18n import Retranslating
from app.rulesets import gate_square, has_card_table, pieces_of, ruleset_title
from engine.core.commands import CommandBase
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.rulesets import registry
from engine.table.board import MAX_SIDE, Grid, Pos
from engine.table.commands import NewSession

MAX_SEED = 2**31 - 1
MAX_NAME = 60
#: Characters no file system accepts in a name (Windows is the strictest).
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def file_stem(name: str) -> str:
    """A session name as a file name: unsafe characters become ``_``, no
    leading dots or trailing dots/spaces (Windows drops them)."""
    stem = _UNSAFE.sub("_", name.strip())[:MAX_NAME].strip().rstrip(".").lstrip(".")
    return stem


def named_path(name: str) -> Path | None:
    """Where a session called ``name`` is saved (never over another file);
    None for an empty name (the session gets a dated autosave name)."""
    from app.sessions import unique_path
    from engine.store import default_folder

    stem = file_stem(name)
    return unique_path(default_folder(), stem) if stem else None


def gate_move(state: State) -> CommandBase | None:
    """MAP-1: the move that puts a new session's party token on the gate the GM
    chose; None when it already stands somewhere, or when the ruleset plays
    without the card table (no party token)."""
    gate, pieces = gate_square(state), pieces_of(state)
    if gate is None or pieces is None or pieces.party(state) is not None:
        return None
    return pieces.move_party(gate)


def party_on_gate(session: Session) -> bool:
    """MAP-1: a new session's party token starts on the gate (a logged command,
    like every change); False when there is nothing to move."""
    move = gate_move(session.state)
    if move is None:
        return False
    session.dispatch(move)
    return True


@dataclass(frozen=True)
class NewSessionRequest:
    """What the New… dialog answers: the command and the session's name."""

    command: NewSession
    name: str = ""

    def path(self) -> Path | None:
        return named_path(self.name)


def default_gate(cols: int, rows: int) -> str:
    """The middle of the bottom row, as on the default 5×5 map (C5)."""
    return Grid(cols, rows).name(Pos(cols // 2, rows - 1))


#: Readings of the rules a GM may switch when the session starts: the options field and its label.
RULE_OPTIONS: dict[str, str] = {
    "cap_before_modifiers": str(
        QT_TRANSLATE_NOOP(
            "NewSessionDialog", "Cap the bare skill, then add the modifiers (CHK-B-2; else the cap comes last)"
        )
    ),
}


class NewSessionDialog(Retranslating, QDialog):
    """Asks for what fixes a session at its start; the engine checks the answer
    before the dialog closes, so a wrong gate is said here, not after."""

    def __init__(self, lang: str = "ja", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lang = lang
        self._gate_edited = False
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_NAME)
        self.ruleset = QComboBox()
        for ruleset in registry.ids():
            self.ruleset.addItem("", ruleset)
        self.cols = QSpinBox()
        self.cols.setRange(1, MAX_SIDE)
        self.cols.setValue(5)
        self.rows = QSpinBox()
        self.rows.setRange(1, MAX_SIDE)
        self.rows.setValue(5)
        self.gate = QLineEdit(default_gate(5, 5))
        self.gate.setMaxLength(3)
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(secrets.randbelow(MAX_SEED))
        self.reseed = QPushButton()
        #: the ruleset's readings a GM may switch (CHK-B-2: the caps before the modifiers), one box each
        self.rule_options: dict[str, QCheckBox] = {}
        for field in RULE_OPTIONS:
            box = QCheckBox()
            box.setObjectName(f"new-session-{field}")
            self.rule_options[field] = box
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)

        size = QHBoxLayout()
        size.addWidget(self.cols)
        self._times = QLabel("×")
        size.addWidget(self._times)
        size.addWidget(self.rows)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.reseed)
        self.labels = [QLabel() for _ in range(5)]
        self.form = QFormLayout()
        self.form.addRow(self.labels[0], self.name)
        self.form.addRow(self.labels[1], self.ruleset)
        self.form.addRow(self.labels[2], size)
        self.form.addRow(self.labels[3], self.gate)
        self.form.addRow(self.labels[4], seed_row)
        for box in self.rule_options.values():
            self.form.addRow(box)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self.ruleset.currentIndexChanged.connect(self._on_ruleset_change)
        self._on_ruleset_change()
        self.cols.valueChanged.connect(self._on_size_change)
        self.rows.valueChanged.connect(self._on_size_change)
        self.gate.textEdited.connect(self._on_gate_edit)
        self.reseed.clicked.connect(lambda: self.seed.setValue(secrets.randbelow(MAX_SEED)))
        self.buttons.accepted.connect(self._on_accept)
        self.buttons.rejected.connect(self.reject)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("New session"))
        for index in range(self.ruleset.count()):
            ruleset = str(self.ruleset.itemData(index))
            self.ruleset.setItemText(index, f"{ruleset_title(ruleset)} ({ruleset})")
        texts = (self.tr("Name"), self.tr("Ruleset"), self.tr("Map size"), self.tr("Gate square"), self.tr("Dice seed"))
        self.name.setPlaceholderText(self.tr("e.g. Marsh expedition, night 1"))
        self.gate.setToolTip(self.tr("The party token starts on this square."))
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)
        self.reseed.setText(self.tr("New seed"))
        for field, box in self.rule_options.items():
            box.setText(QCoreApplication.translate("NewSessionDialog", RULE_OPTIONS[field]))

    def card_table(self) -> bool:
        """Whether the chosen ruleset plays on the card table (its part says so)."""
        return has_card_table(str(self.ruleset.currentData()))

    def command(self) -> NewSession:
        """The NewSession command the answers describe; a ruleset without the card
        table is asked no map size or gate, and its session keeps the defaults."""
        ruleset = str(self.ruleset.currentData())
        options = {field: box.isChecked() for field, box in self.rule_options.items() if self._offers(ruleset, field)}
        if not self.card_table():
            return NewSession(ruleset=ruleset, seed=self.seed.value(), options=options)
        return NewSession(
            ruleset=ruleset,
            seed=self.seed.value(),
            cols=self.cols.value(),
            rows=self.rows.value(),
            setup={"gate": self.gate.text().strip().upper()},
            options=options,
        )

    def _on_ruleset_change(self) -> None:
        """The map size and the gate are rows only for a ruleset on the card table."""
        shown = self.card_table()
        self.form.setRowVisible(2, shown)
        self.form.setRowVisible(3, shown)
        ruleset = str(self.ruleset.currentData())
        for field, box in self.rule_options.items():
            box.setVisible(self._offers(ruleset, field))

    @staticmethod
    def _offers(ruleset: str, field: str) -> bool:
        """Whether the ruleset's options have this reading (``cap_before_modifiers``: ruleset B)."""
        return ruleset in registry.ids() and field in registry.get(ruleset).options.model_fields

    def request(self) -> NewSessionRequest:
        """The command and the name the GM typed."""
        return NewSessionRequest(self.command(), self.name.text().strip())

    def _on_size_change(self) -> None:
        if not self._gate_edited:
            self.gate.setText(default_gate(self.cols.value(), self.rows.value()))

    def _on_gate_edit(self) -> None:
        self._gate_edited = True

    def _on_accept(self) -> None:
        try:
            Session().run(self.command())
        except EngineError as exc:
            self.error.setText(exc.text(self._lang))
            return
        self.accept()
