"""The New… dialog: ruleset, map size, gate and dice seed of a new session (MAP-1)."""

from __future__ import annotations

import secrets

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
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

from engine.core.session import Session
from engine.errors import EngineError
from engine.rulesets import registry
from engine.table.board import MAX_SIDE, Grid, Pos
from engine.table.commands import NewSession

MAX_SEED = 2**31 - 1


def default_gate(cols: int, rows: int) -> str:
    """The middle of the bottom row, as on the default 5×5 map (C5)."""
    return Grid(cols, rows).name(Pos(cols // 2, rows - 1))


class NewSessionDialog(QDialog):
    """Asks for what fixes a session at its start; the engine checks the answer
    before the dialog closes, so a wrong gate is said here, not after."""

    def __init__(self, lang: str = "ja", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lang = lang
        self._gate_edited = False
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
        self.labels = [QLabel() for _ in range(4)]
        self.form = QFormLayout()
        for label, field in zip(self.labels, (self.ruleset, size, self.gate, seed_row), strict=True):
            self.form.addRow(label, field)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self.cols.valueChanged.connect(self._on_size_change)
        self.rows.valueChanged.connect(self._on_size_change)
        self.gate.textEdited.connect(self._on_gate_edit)
        self.reseed.clicked.connect(lambda: self.seed.setValue(secrets.randbelow(MAX_SEED)))
        self.buttons.accepted.connect(self._on_accept)
        self.buttons.rejected.connect(self.reject)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("New session"))
        names = {
            "upland": self.tr("Upland exploration"),
            "coc6-a": self.tr("Call of Cthulhu 6e, house rules A"),
            "coc6-b": self.tr("Call of Cthulhu 6e, house rules B"),
        }
        for index in range(self.ruleset.count()):
            ruleset = self.ruleset.itemData(index)
            self.ruleset.setItemText(index, f"{names.get(ruleset, ruleset)} ({ruleset})")
        texts = (self.tr("Ruleset"), self.tr("Map size"), self.tr("Gate square"), self.tr("Dice seed"))
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)
        self.reseed.setText(self.tr("New seed"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def command(self) -> NewSession:
        """The NewSession command the answers describe."""
        return NewSession(
            ruleset=str(self.ruleset.currentData()),
            seed=self.seed.value(),
            cols=self.cols.value(),
            rows=self.rows.value(),
            gate=self.gate.text().strip().upper(),
        )

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
