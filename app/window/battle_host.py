"""The battle board's page of the GM window, built on first use: the first paint
does not wait for its scene, its drags and its menu; the GM's first F6, the
Battle menu, its tab or a session with a battle on its board builds it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from app.battle.page import BoardPages
from app.board.view import BoardView
from app.rulesets import battle_part_of
from engine.hexbattle.slot import battle_of

if TYPE_CHECKING:
    from app.battle.actions import BattleActions
    from app.battle.scene import BattleScene
    from app.bridge import SessionBridge
    from engine.core.session import Outcome

BattleParts = tuple["BattleScene", BoardView, "BattleActions"]


class BattleHost(QObject):
    """Holds the central area's pages and builds the battle page when it is first wanted."""

    def __init__(
        self,
        window: QWidget,
        bridge: SessionBridge,
        board_view: BoardView,
        menu: QMenu,
        page_action: QAction,
        status: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._status = status
        self._bridge = bridge
        self.menu = menu
        self.page_action = page_action
        self.parts: BattleParts | None = None
        # a blank page holds the battle page's place until it is built
        self._placeholder = QWidget(window)
        self.pages = BoardPages(board_view, self._placeholder, window)
        self.pages.currentChanged.connect(lambda index: self.ensure() if index == 1 else None)
        menu.aboutToShow.connect(self.ensure)
        bridge.applied.connect(self._show_opened)

    def _show_opened(self, outcome: Outcome) -> None:
        """A battle the GM just opened (from the stepper's encounter too) is shown, so each
        set-up step is seen on the board as it is taken."""
        if outcome.kind == "do" and any(e.type == "battle_opened" for e in outcome.entry.events):
            self.ensure()
            self.pages.show_battle(True)
        over = battle_part_of(self._bridge.state.ruleset).fight_over
        if outcome.kind == "do" and self.pages.isTabVisible(0) and any(e.type in over for e in outcome.entry.events):
            # the fight is over (the ruleset says which event ends it): the card table again,
            # the battle board kept as it was for a look back (F6)
            self.pages.show_battle(False)

    def ensure(self) -> BattleParts:
        """The battle page's scene, view and menu, built now if this is their first use."""
        if self.parts is not None:
            return self.parts
        from app.battle.actions import BattleActions
        from app.battle.scene import BattleScene

        window = self._window
        scene = BattleScene(self._bridge, parent=window)
        view = BoardView(scene, window)
        pages = self.pages
        showing = pages.currentIndex()
        pages.blockSignals(True)  # the swap is no page change
        card_board_shown = pages.isTabVisible(0)
        pages.removeTab(1)
        pages.insertTab(1, view, "")
        pages.setTabVisible(0, card_board_shown)
        pages.setCurrentIndex(showing)
        pages.blockSignals(False)
        pages.retranslate()
        self._placeholder.deleteLater()
        actions = BattleActions(self._bridge, window, menu=self.menu, page_action=self.page_action)
        actions.show_battle.connect(lambda: pages.show_battle(True))
        scene.status_message.connect(self._status)
        self.parts = (scene, view, actions)
        return self.parts

    def open_if_battle(self) -> None:
        """A session with a battle on its board (opened, or a command that opened one) gets the page."""
        if self.parts is None and battle_of(self._bridge.state) is not None:
            QTimer.singleShot(0, self.ensure)

    def show_card_board(self, shown: bool) -> None:
        """A ruleset without the card table has only the battle page (its tab alone, no card board)."""
        if shown == self.pages.isTabVisible(0):
            return
        if not shown:
            self.ensure()
            self.pages.show_battle(True)
        self.pages.setTabVisible(0, shown)
        self.page_action.setEnabled(shown)
        if shown:  # back from a session without it: the card board is what the GM came to
            self.pages.show_battle(False)

    def toggle(self) -> None:
        """F6: the other page (none to go to without the card board)."""
        self.ensure()
        if self.pages.isTabVisible(0):
            self.pages.toggle()


__all__ = ["BattleHost", "BattleParts"]
