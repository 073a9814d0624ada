"""A number field for the investigator sheet: typing is free, the value is checked
when the keeper commits it (Enter or leaving the field).

A spin box that checks every keystroke turns a selected "10" retyped as "11"
into 110, and an HP of 11 typed before the maximum is raised into 1.  Here
the text is only read on commit: the sheet decides whether the number is
acceptable and, if not, the reason stands beside the field while the typed
text stays, so the keeper can fix it — or fix the field it depends on.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QWidget

_WHOLE = re.compile(r"^-?[0-9]+$")


class NumberBox(QWidget):
    """A line edit for one whole number and, beside it, why the last commit was refused."""

    #: the committed text, once per commit that changed it
    committed = Signal(str)

    def __init__(self, name: str, value: int, parent: QWidget | None = None, *, reason_inside: bool = True) -> None:
        """``reason_inside`` False: the form lays :attr:`reason` out itself (beside the
        field in a column of its own, so a reason never pushes the other fields aside)."""
        super().__init__(parent)
        self.setObjectName(name)
        self.edit = QLineEdit(str(value))
        self.edit.setObjectName(f"{name}-edit")
        self.edit.setMaximumWidth(56)
        self.edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"-?[0-9]{0,4}"), self.edit))
        self.reason = QLabel()
        self.reason.setObjectName(f"{name}-reason")
        self.reason.setStyleSheet("color: #b00020;")
        self.reason.setWordWrap(True)
        self.reason.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        if reason_inside:
            layout.addWidget(self.reason, 1)
        else:
            layout.addStretch(1)
        self._last = str(value)
        self.edit.editingFinished.connect(self._commit)

    def number(self) -> int | None:
        """The typed whole number; None when the text is not one."""
        text = self.edit.text().strip()
        return int(text) if _WHOLE.match(text) else None

    def set_number(self, value: int) -> None:
        """Show ``value`` as the accepted one (no commit, no reason)."""
        self._last = str(value)
        if self.edit.text() != self._last:
            self.edit.setText(self._last)
        self.refuse("")

    def refuse(self, reason: str) -> None:
        """Show why the typed value was not taken (empty: nothing wrong)."""
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        self.edit.setStyleSheet("border: 1px solid #b00020;" if reason else "")
        self.edit.setToolTip(reason)

    @property
    def refused(self) -> bool:
        return bool(self.reason.text())

    def _commit(self) -> None:
        text = self.edit.text().strip()
        if text == self._last and not self.refused:
            return
        if not _WHOLE.match(text):
            self.refuse(QCoreApplication.translate("CocSheet", "'{text}' is not a whole number.").format(text=text))
            return
        self.committed.emit(text)


__all__ = ["NumberBox"]
