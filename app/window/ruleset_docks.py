"""The main window's ruleset parts: the docks, the procedure panel and the
Procedure-menu entries of the session's ruleset (``app.rulesets``).

Built from the table for the session's ruleset; when New or Open replaces the
session with one of another ruleset, the old docks, their View-menu toggles
and the menu entries go and the new ruleset's come.  With deferred panels
(``app.main``) the docks exist at once, empty, and their widgets are built with
the other panels just after the board's first paint (:meth:`fill`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from app.rulesets import parts_for
from app.rulesets.parts import NO_PARTS, DockPart, RulesetParts

if TYPE_CHECKING:
    from app.bridge import SessionBridge


class RulesetDocks(QObject):
    """Adds and removes one ruleset's docks and menu entries in a main window."""

    #: the procedure panel's step changed; None when the ruleset has no procedure
    step_changed = Signal(object)
    #: a sentence for the status bar from a ruleset panel
    status_message = Signal(str)

    def __init__(
        self,
        window: QMainWindow,
        bridge: SessionBridge,
        *,
        view_menu: QMenu,
        procedure_menu: QMenu,
        before: QAction,
        procedure_above: QDockWidget | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._bridge = bridge
        self._view_menu = view_menu
        self._procedure_menu = procedure_menu
        self._before = before  # ruleset entries go above this action of the Procedure menu
        self._procedure_above = procedure_above  # the procedure dock goes just above this dock
        self.ruleset: str | None = None
        self.parts: RulesetParts = NO_PARTS
        self.docks: dict[str, QDockWidget] = {}
        self.panels: dict[str, QWidget] = {}
        self.actions: dict[str, QAction] = {}
        self._filled = False
        bridge.applied.connect(lambda _outcome: self.refresh())

    # -- what is there ---------------------------------------------------------------------
    def dock(self, name: str) -> QDockWidget | None:
        return self.docks.get(name)

    def main_dock(self) -> QDockWidget | None:
        """The ruleset's last dock in the right-hand area (CoC's combat tracker), which shares
        that column's height with the dice box; None without one."""
        right = [
            self.docks[part.name]
            for part in self.parts.docks
            if part.area == Qt.DockWidgetArea.RightDockWidgetArea and part.name in self.docks
        ]
        return right[-1] if right else None

    def action(self, name: str) -> QAction | None:
        """A ruleset menu entry's action by its name (``start``…)."""
        return self.actions.get(name)

    @property
    def procedure_dock(self) -> QDockWidget | None:
        part = self._procedure_part()
        return self.docks.get(part.name) if part is not None else None

    @property
    def procedure(self) -> Any:
        """The ruleset's procedure panel (the Upland's phase stepper), or None."""
        part = self._procedure_part()
        return self.panels.get(part.name) if part is not None else None

    def _procedure_part(self) -> DockPart | None:
        return next((part for part in self.parts.docks if part.procedure), None)

    # -- building ------------------------------------------------------------------------------
    def rebuild(self) -> bool:
        """Match the session's ruleset; True if the docks changed."""
        ruleset = self._bridge.state.ruleset
        if ruleset == self.ruleset:
            return False
        self._clear()
        self.ruleset = ruleset
        self.parts = parts_for(ruleset)
        window = self._window
        for part in self.parts.docks:
            dock = QDockWidget(window)
            dock.setObjectName(f"dock-{part.name}")
            dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetClosable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            )
            window.addDockWidget(part.area, dock)
            below = self._procedure_above
            if part.procedure and below is not None and window.dockWidgetArea(below) == part.area:
                # the GM reads the step, then rolls or resolves just below it
                window.splitDockWidget(dock, below, Qt.Orientation.Vertical)
            dock.show()  # a dock added to a window already on screen stays hidden otherwise
            self.docks[part.name] = dock
            self._view_menu.addAction(dock.toggleViewAction())
            if part.procedure:
                self._procedure_menu.addAction(dock.toggleViewAction())
        for entry in self.parts.menu_entries:
            action = QAction(self._procedure_menu)
            action.setObjectName(f"ruleset.{entry.name}")
            action.triggered.connect(lambda _checked=False, e=entry: e.run(self, self._bridge))
            self._procedure_menu.insertAction(self._before, action)
            self.actions[entry.name] = action
        self._procedure_menu.menuAction().setVisible(bool(self.parts.menu_entries) or self.procedure_dock is not None)
        if self._filled:
            self.fill()
        self.retranslate()
        self.refresh()
        return True

    def fill(self) -> None:
        """Build the docks' widgets (now, or after the first paint)."""
        self._filled = True
        for part in self.parts.docks:
            if part.name in self.panels:
                continue
            panel = part.build(self._bridge)
            self.panels[part.name] = panel
            self.docks[part.name].setWidget(panel)
            message = getattr(panel, "status_message", None)
            if message is not None:
                message.connect(self.status_message)
            if part.procedure:
                panel.step_changed.connect(self.step_changed)  # type: ignore[attr-defined]
        procedure = self.procedure
        self.step_changed.emit(procedure.info if procedure is not None else None)

    def _clear(self) -> None:
        had_procedure = self.procedure is not None
        for dock in self.docks.values():
            toggle = dock.toggleViewAction()
            self._view_menu.removeAction(toggle)
            self._procedure_menu.removeAction(toggle)
            self._window.removeDockWidget(dock)
            dock.deleteLater()
        for action in self.actions.values():
            self._procedure_menu.removeAction(action)
            action.deleteLater()
        self.docks, self.panels, self.actions = {}, {}, {}
        if had_procedure:
            self.step_changed.emit(None)

    # -- state and language -------------------------------------------------------------------------
    def host_window(self) -> QWidget | None:
        """The main window: the parent of a ruleset entry's dialogs."""
        return self._window

    def show_dock(self, name: str) -> None:
        dock = self.docks.get(name)
        if dock is not None:
            dock.show()

    def refresh(self) -> None:
        """Enable the menu entries the state allows."""
        state = self._bridge.state
        for entry in self.parts.menu_entries:
            action = self.actions.get(entry.name)
            if action is not None:
                action.setEnabled(entry.enabled(state))

    def retranslate(self) -> None:
        for part in self.parts.docks:
            self.docks[part.name].setWindowTitle(part.title())
        for entry in self.parts.menu_entries:
            self.actions[entry.name].setText(entry.text())

    def panel_widgets(self) -> list[QWidget]:
        return list(self.panels.values())


__all__ = ["RulesetDocks"]
