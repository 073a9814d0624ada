"""The step forms' shared ground: the base form (the GM's picks kept across
rebuilds, the Resolve command) and the small helpers every form uses."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from engine.core.commands import CommandBase
from engine.core.state import State
from engine.upland.stepper import Choice, StepInfo

Dispatch = Callable[[CommandBase], bool]


def choice(info: StepInfo, kind: str, character: str | None = None, action: str | None = None) -> Choice | None:
    for c in info.choices:
        if c.kind == kind and c.character == character and (action is None or c.action == action):
            return c
    return None


def fill(combo: QComboBox, items: Sequence[tuple[str, str | None]], current: str | None) -> None:
    """Replace a combo's items (text, data) and select ``current``, silently."""
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    index = combo.findData(current)
    combo.setCurrentIndex(index if index >= 0 else 0)
    combo.blockSignals(False)


def name_label(state: State, character: str) -> QLabel:
    """The character's name in its colour, as on the board's hand zone."""
    who = state.characters.get(character)
    if who is None:
        return QLabel(character)
    label = QLabel(f'<span style="color:{who.color}">■</span>&nbsp;<b>{html.escape(who.name)}</b>')
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class StepForm(QWidget):
    """Base of the step forms: nothing to choose, nothing to resolve."""

    # typed dice (DICE-2) apply to the Resolve command
    rolls = False
    #: a pick changed what the Resolve command would be (the dock re-reads it)
    changed = Signal()
    #: the form says all the step needs: the dock folds the step's general text
    compact = False

    def __init__(self, state: State, info: StepInfo, lang: str, dispatch: Dispatch) -> None:
        super().__init__()
        self.state = state
        self.info = info
        self.lang = lang
        self.dispatch = dispatch
        self._kept: dict[str, QWidget] = {}
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.build()
        self.box.addStretch(1)

    def build(self) -> None:
        """Add the step's widgets (subclasses)."""

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return None

    def resolve_text(self) -> str:
        return self.tr("Resolve")

    def undeclared(self) -> list[tuple[str, CommandBase]]:
        """Who has not declared yet, each with the command declaring "no action"."""
        return []

    # -- the GM's picks across rebuilds ----------------------------------------------------
    def keep(self, key: str, widget: QWidget) -> None:
        self._kept[key] = widget

    def selections(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, widget in self._kept.items():
            if isinstance(widget, QComboBox):
                out[key] = widget.currentData()
            elif isinstance(widget, QAbstractButton):
                out[key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                out[key] = widget.value()
        return out

    def restore(self, picks: dict[str, object]) -> None:
        for key, value in picks.items():
            widget = self._kept.get(key)
            if isinstance(widget, QComboBox):
                index = widget.findData(value)
                if index >= 0:
                    widget.setCurrentIndex(index)
            elif isinstance(widget, QAbstractButton) and isinstance(value, bool) and widget.isEnabled():
                widget.setChecked(value)
            elif isinstance(widget, QSpinBox) and isinstance(value, int):
                widget.setValue(value)

    def names(self, characters: Sequence[str]) -> str:
        sep = "、" if self.lang == "ja" else ", "
        return sep.join(self.info.names.get(c, c) for c in characters)
