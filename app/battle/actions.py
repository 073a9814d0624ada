"""The Battle menu: open a battle, a ruleset's set-up steps, the map editor, clear the board.

Each entry sends exactly one command (so each step is undone on its own and
its dice land in the event log).  The numbered set-up steps are the session's
ruleset's (its GUI part's :class:`~app.rulesets.parts.BattlePart`: the Upland's
seed 000 set-up, ENC-2…ENC-8, with its own dialogs); a ruleset without them
(CoC) does not see them, and this menu imports no ruleset.  A refusal is shown
in the status bar in the GM's language (the bridge's ``refused`` signal, as
everywhere).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from app.battle.dialogs import OpenBattleDialog
from app.battle.words import tr
from app.bridge import SessionBridge
from app.rulesets import BattleStep, battle_part_of
from engine.core.commands import CommandBase
from engine.hexbattle.commands import CloseBattle, OpenBattle
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.slot import battle_of

#: F6 switches the central area between the exploration board and the battle board
PAGE_SHORTCUT = "F6"


class BattleActions(QObject):
    """The Battle menu's actions for one main window."""

    status_message = Signal(str)
    #: the GM asked to see the battle page (after opening a battle, say)
    show_battle = Signal()

    def __init__(
        self, bridge: SessionBridge, parent: QWidget, menu: QMenu | None = None, page_action: QAction | None = None
    ) -> None:
        """``menu`` and ``page_action`` (F6): the window's own, when it made them before
        this menu was first needed (the battle page is built on first use)."""
        super().__init__(parent)
        self.bridge = bridge
        self._window = parent
        self.page_action = page_action if page_action is not None else self._action(None, PAGE_SHORTCUT)
        self.page_action.setCheckable(True)
        self.open_action = self._action(self.open_battle)
        #: the ruleset's set-up steps, by the ``type`` of the command each sends
        self.step_actions: dict[str, QAction] = {}
        self._steps: tuple[BattleStep, ...] = ()
        self._ruleset: str | None = None
        self.editor_action = self._action(self.open_editor)
        self.close_action = self._action(lambda: self.send(CloseBattle()))
        self.menu = menu if menu is not None else QMenu()
        if self.page_action not in self.menu.actions():
            self.menu.addAction(self.page_action)
        self.menu.addSeparator()
        self.menu.addAction(self.open_action)
        self._steps_end = self.menu.addSeparator()
        self.menu.addAction(self.editor_action)
        self.menu.addAction(self.close_action)
        self.editor: QDialog | None = None
        bridge.applied.connect(lambda _outcome: self.refresh())
        bridge.session_replaced.connect(self.refresh)
        self.retranslate()
        self.refresh()

    def _action(self, slot: object, shortcut: str | None = None) -> QAction:
        action = QAction(self._window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if slot is not None:
            action.triggered.connect(slot)
        self._window.addAction(action)
        return action

    def retranslate(self) -> None:
        self.menu.setTitle(tr("&Battle"))
        self.page_action.setText(tr("Show the battle board"))
        self.open_action.setText(tr("Open a battle…"))
        for step in self._steps:
            self.step_actions[step.command].setText(step.text())
        self.editor_action.setText(tr("Map editor…"))
        self.close_action.setText(tr("Clear the battle board"))

    def refresh(self) -> None:
        self._follow_ruleset()
        open_ = battle_of(self.bridge.state) is not None
        for action in self.step_actions.values():
            action.setEnabled(open_)
        self.close_action.setEnabled(open_)

    def _follow_ruleset(self) -> None:
        """The set-up entries of the session's ruleset (rebuilt when another ruleset's session comes)."""
        ruleset = self.bridge.state.ruleset
        if ruleset == self._ruleset:
            return
        self._ruleset = ruleset
        for action in self.step_actions.values():
            self.menu.removeAction(action)
            self._window.removeAction(action)
        self._steps = battle_part_of(ruleset).steps
        self.step_actions = {}
        for step in self._steps:
            action = self._action(
                lambda _checked=False, step=step: step.run(self.bridge.state, self.send, self._window)
            )
            action.setText(step.text())
            self.menu.insertAction(self._steps_end, action)
            self.step_actions[step.command] = action

    # -- the steps ------------------------------------------------------------------------------
    def send(self, command: CommandBase) -> bool:
        return self.bridge.dispatch(command, origin="battle")

    def run_step(self, command_type: str) -> bool:
        """Run the ruleset's set-up step that sends ``command_type`` (False: it has none)."""
        step = next((s for s in self._steps if s.command == command_type), None)
        return step is not None and step.run(self.bridge.state, self.send, self._window)

    def open_battle(self) -> bool:
        dialog = OpenBattleDialog(shipped_maps(), self.bridge.lang, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        first, second, join = dialog.chosen()
        done = self.send(OpenBattle(map1=first, map2=second, join=join))
        if done:
            self.show_battle.emit()
        return done

    def open_editor(self) -> None:
        from app.battle.editor import MapEditorDialog

        if self.editor is None:
            self.editor = MapEditorDialog(self.bridge, self._window)
        self.editor.show()
        self.editor.raise_()


__all__ = ["PAGE_SHORTCUT", "BattleActions"]
