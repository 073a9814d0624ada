"""The Battle menu: open a battle, a ruleset's set-up steps, the map editor, clear the board.

Each entry sends exactly one command (so each step is undone on its own and
its dice land in the event log).  The numbered set-up steps are the session's
ruleset's commands, found by their ``type`` among what the ruleset declares
(the Upland's seed 000 set-up, ENC-2…ENC-8: lay out the zones, place the party
in marching order, drift, roll the appearance with each character's
declaration, place the enemies, set the SR delays); a ruleset without them
(CoC) does not see them, and this menu imports no ruleset.  A refusal is shown in the status bar in the GM's
language (the bridge's ``refused`` signal, as everywhere).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from app.battle.dialogs import AppearanceDialog, EnemiesDialog, OpenBattleDialog, typed_dice
from app.battle.words import tr
from app.bridge import SessionBridge
from engine.core.commands import CommandBase
from engine.hexbattle.commands import CloseBattle, OpenBattle
from engine.hexbattle.maps import shipped_maps
from engine.hexbattle.slot import battle_of
from engine.rulesets import registry

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
        self.zones_action = self._action(lambda: self.send_step("lay_out_zones"))
        self.marching_action = self._action(lambda: self.send_step("place_marching_order"))
        self.drift_action = self._action(lambda: self.send_step("battle_drift"))
        self.appearance_action = self._action(self.roll_appearance)
        self.enemies_action = self._action(self.place_enemies)
        self.delays_action = self._action(lambda: self.send_step("apply_sr_delays"))
        #: each set-up entry → the command ``type`` it sends
        self._steps: dict[QAction, str] = {
            self.zones_action: "lay_out_zones",
            self.marching_action: "place_marching_order",
            self.drift_action: "battle_drift",
            self.appearance_action: "roll_appearance",
            self.enemies_action: "place_enemies",
            self.delays_action: "apply_sr_delays",
        }
        self.editor_action = self._action(self.open_editor)
        self.close_action = self._action(lambda: self.send(CloseBattle()))
        self.menu = menu if menu is not None else QMenu()
        if self.page_action not in self.menu.actions():
            self.menu.addAction(self.page_action)
        self.menu.addSeparator()
        for action in (
            self.open_action,
            self.zones_action,
            self.marching_action,
            self.drift_action,
            self.appearance_action,
            self.enemies_action,
            self.delays_action,
        ):
            self.menu.addAction(action)
        self.menu.addSeparator()
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
        self.zones_action.setText(tr("1. Lay out the zones (ENC-2)"))
        self.marching_action.setText(tr("2. Place the party in marching order (ENC-3)"))
        self.drift_action.setText(tr("3. Drift by spirit pressure (ENC-4)"))
        self.appearance_action.setText(tr("4. Roll the appearance… (ENC-5, ENC-6)"))
        self.enemies_action.setText(tr("5. Place the enemies… (ENC-7)"))
        self.delays_action.setText(tr("6. Set the SR delays (ENC-8)"))
        self.editor_action.setText(tr("Map editor…"))
        self.close_action.setText(tr("Clear the battle board"))

    def refresh(self) -> None:
        open_ = battle_of(self.bridge.state) is not None
        for action, command_type in self._steps.items():
            offered = self.step_command(command_type) is not None
            action.setVisible(offered)
            action.setEnabled(open_ and offered)
        self.close_action.setEnabled(open_)

    # -- the steps ------------------------------------------------------------------------------
    def step_command(self, command_type: str) -> type[CommandBase] | None:
        """The session's ruleset's command of this ``type`` (None: its rules have no such step)."""
        options = self.bridge.state.options
        ruleset = registry.find(options.ruleset) if options is not None else None
        if ruleset is None:
            return None
        return next((c for c in ruleset.commands if c.model_fields["type"].default == command_type), None)

    def send(self, command: CommandBase) -> bool:
        return self.bridge.dispatch(command, origin="battle")

    def send_step(self, command_type: str, **fields: object) -> bool:
        """Send the ruleset's set-up step ``command_type`` built from ``fields``."""
        command = self.step_command(command_type)
        return command is not None and self.send(command(**fields))

    def open_battle(self) -> bool:
        dialog = OpenBattleDialog(shipped_maps(), self.bridge.lang, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        first, second, join = dialog.chosen()
        done = self.send(OpenBattle(map1=first, map2=second, join=join))
        if done:
            self.show_battle.emit()
        return done

    def roll_appearance(self) -> bool:
        battle = battle_of(self.bridge.state)
        if battle is None:
            return False
        dialog = AppearanceDialog(battle, self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.send_step(
            "roll_appearance",
            strength=dialog.strength.value(),
            declarations=dialog.declarations(),
            dice=typed_dice(dialog.dice.text()),
        )

    def place_enemies(self) -> bool:
        dialog = EnemiesDialog(self._window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.send_step(
            "place_enemies",
            count=dialog.count.value() or None,
            label_text=dialog.label.text() or None,
            hidden=dialog.hidden.isChecked(),
        )

    def open_editor(self) -> None:
        from app.battle.editor import MapEditorDialog

        if self.editor is None:
            self.editor = MapEditorDialog(self.bridge, self._window)
        self.editor.show()
        self.editor.raise_()


__all__ = ["PAGE_SHORTCUT", "BattleActions"]
