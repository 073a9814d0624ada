"""Combo and spin boxes in a scrolled form keep their value while the GM scrolls.

A mouse wheel turning over a combo box or a spin box changes its value in Qt,
even when the GM only meant to scroll the dock past it — a silent change of a
choice the next command reads.  Guarded boxes take the wheel only once focused
(clicked or tabbed into); unfocused, the wheel scrolls what holds them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget


class WheelGuard(QObject):
    """The event filter: an unfocused box lets the wheel pass to its parents."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QComboBox | QAbstractSpinBox)
            or watched.hasFocus()
            or not isinstance(event, QWheelEvent)
        ):
            return False
        area = _scroll_area(watched)
        if area is None:
            event.ignore()  # ignored and filtered: Qt offers the wheel to the parents
            return True
        # the wheel goes to the scroll area holding the box, as if the box were not there
        viewport = area.viewport()
        at = QPointF(viewport.mapFromGlobal(event.globalPosition().toPoint()))
        passed = QWheelEvent(
            at,
            event.globalPosition(),
            event.pixelDelta(),
            event.angleDelta(),
            event.buttons(),
            event.modifiers(),
            event.phase(),
            event.inverted(),
        )
        QApplication.sendEvent(viewport, passed)
        event.accept()
        return True


def _scroll_area(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area ``widget`` sits in."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def guard_wheel(root: QWidget, guard: WheelGuard) -> None:
    """Guard every combo and spin box under ``root``: the wheel no longer focuses
    them (a click or Tab does) and changes them only while they have the focus."""
    boxes: list[QWidget] = [*root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]
    for box in boxes:
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        box.installEventFilter(guard)
