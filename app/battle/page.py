"""The central area: the exploration board and the battle board as two pages.

Tabs (探索マップ / 戦闘マップ) the GM can click, F6 from anywhere; the
``battle_shown`` signal lets the players' window follow the page.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTabWidget, QWidget

from app.battle.words import tr


class BoardPages(QTabWidget):
    """Two pages: index 0 the card board, index 1 the battle board."""

    battle_shown = Signal(bool)

    def __init__(self, board: QWidget, battle: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board-pages")
        self.setDocumentMode(True)
        self.setTabPosition(QTabWidget.TabPosition.South)
        self.addTab(board, "")
        self.addTab(battle, "")
        self.currentChanged.connect(lambda index: self.battle_shown.emit(index == 1))
        self.retranslate()

    @property
    def showing_battle(self) -> bool:
        return self.currentIndex() == 1

    def show_battle(self, on: bool = True) -> None:
        self.setCurrentIndex(1 if on else 0)

    def toggle(self) -> None:
        self.show_battle(not self.showing_battle)

    def retranslate(self) -> None:
        self.setTabText(0, tr("Exploration map"))
        self.setTabText(1, tr("Battle map"))


__all__ = ["BoardPages"]
