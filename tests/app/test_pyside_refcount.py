"""Regression guard for the PySide6 6.12.0 / Python 3.11 trap: every call that
returns nothing dropped a reference to ``None`` and the process aborted with
``Fatal Python error: none_dealloc`` after a few thousand board updates.
The pin in pyproject.toml keeps that build out; this test proves it."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsRectItem


def test_void_qt_calls_leave_none_refcount_unchanged(qapp: object) -> None:
    item = QGraphicsRectItem(0, 0, 10, 10)
    pen = QPen()
    before = sys.getrefcount(None)
    for i in range(20_000):
        item.setPos(QPointF(i % 50, i % 30))
        item.setPen(pen)
    after = sys.getrefcount(None)
    # A handful of unrelated references may come and go; the bug lost 40,000.
    assert abs(after - before) < 100
