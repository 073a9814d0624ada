"""A refusal shown where the GM's eye is, not only in the status bar.

When a drop, a form or a dialog is refused, the reason appears as a balloon
(a tooltip) at the drop point, or beside the field the GM was typing in, and
stays on record in the event log's refusal line.  The status bar still says it
too, for whoever looks there.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QToolTip,
    QWidget,
)

# how long the balloon stays (ms): long enough to read a two-line refusal
BALLOON_MS = 8000
# the balloon wraps at this width (px): one screen-wide line is read by nobody
BALLOON_WIDTH = 420
_FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit, QTextEdit)


def typing_field(window: QWidget) -> QWidget | None:
    """The input field of ``window`` that has the keyboard, if the GM is typing in one."""
    focus = QApplication.focusWidget()
    if focus is None or not isinstance(focus, _FIELDS) or not focus.isVisible():
        return None
    if focus.window() is not window and not window.isAncestorOf(focus):
        return None
    return focus


def balloon_text(message: str) -> str:
    """The message as wrapped rich text, so a long refusal reads as a short paragraph."""
    return f'<table width="{BALLOON_WIDTH}"><tr><td>{html.escape(message)}</td></tr></table>'


def balloon_at(message: str, window: QWidget, at_cursor: bool) -> QPoint:
    """Show ``message`` at the cursor (a drop) or beside the typing field; returns where."""
    text = balloon_text(message)
    field = None if at_cursor else typing_field(window)
    if field is not None:
        where = field.mapToGlobal(QPoint(0, field.height()))
        QToolTip.showText(where, text, field, QRect(), BALLOON_MS)
        return where
    where = QCursor.pos()
    QToolTip.showText(where, text, window, QRect(), BALLOON_MS)
    let_clicks_through()
    return where


def let_clicks_through() -> None:
    """The balloon at a drop point lies where the GM's next drag starts: it takes no
    mouse input, so that press reaches the board under it (it fades on its own)."""
    for widget in QApplication.topLevelWidgets():
        if widget.inherits("QTipLabel") and widget.isVisible():
            if not widget.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents):
                widget.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
                widget.setWindowFlag(Qt.WindowType.WindowTransparentForInput, True)
                widget.show()  # a changed window flag takes effect when shown again


__all__ = ["BALLOON_MS", "BALLOON_WIDTH", "balloon_at", "balloon_text", "let_clicks_through", "typing_field"]
