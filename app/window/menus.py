"""The GM window's actions and menus: File, Edit, View and Procedure, their keys
and their words.

Every action is also added to the window itself, so its key works while the menu
bar is hidden (full screen).  The words keep the ``MainWindow`` translation
context they have always had.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

if TYPE_CHECKING:
    from app.board.scene import BoardScene
    from app.board.view import BoardView
    from app.bridge import SessionBridge
    from app.projector import ProjectorWindow
    from app.sessions import SessionController
    from app.window.file_actions import FileActions
    from app.window.players import PlayersDevices
    from app.window.projector_host import ProjectorHost

# Language menu entries are always in their own language.
LANGUAGE_NAMES: tuple[tuple[str, str], ...] = (("ja", "日本語"), ("en", "English"))


class MenuWindow(QMainWindow):
    """A main window with the GM's actions and menus; :class:`app.mainwindow.MainWindow`
    gives it the board, the docks and the hosts the actions reach."""

    bridge: SessionBridge
    board_scene: BoardScene
    files: FileActions
    players: ProjectorHost
    devices: PlayersDevices
    characters_dock: QDockWidget
    dice_dock: QDockWidget
    log_dock: QDockWidget

    sessions: SessionController
    _panels_ready: bool

    # -- what the actions call (the window answers) ----------------------------------------------
    def current_view(self) -> BoardView:
        raise NotImplementedError

    def set_language(self, lang: str) -> None:
        raise NotImplementedError

    def _resolve_step(self) -> None:
        raise NotImplementedError

    # -- building ------------------------------------------------------------------------------------
    def _action(self, slot: object, shortcuts: tuple[QKeySequence | str, ...] = ()) -> QAction:
        action = QAction(self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even while a menu bar is hidden (full screen)
        return action

    def _make_actions(self) -> None:
        key = QKeySequence.StandardKey
        files = self.files
        self.new_action = self._action(files.new_session, (QKeySequence(key.New),))
        self.open_action = self._action(files.open_session, (QKeySequence(key.Open),))
        self.save_as_action = self._action(files.save_as, ("Ctrl+Shift+S",))
        self.close_action = self._action(files.close_session, (QKeySequence(key.Close),))
        self.export_action = self._action(files.export_json)
        self.import_action = self._action(files.import_json)
        self.quit_action = self._action(self.close, ("Ctrl+Q",))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.undo_action = self._action(self.bridge.undo, ("Ctrl+Z",))
        self.redo_action = self._action(self.bridge.redo, ("Ctrl+Shift+Z", "Ctrl+Y"))
        self.tap_action = self._action(self.board_scene.tap_selected, ("T",))
        self.flip_action = self._action(self.board_scene.flip_selected, ("F",))

        self.zoom_in_action = self._action(lambda: self.current_view().zoom_in(), ("Ctrl++", "Ctrl+="))
        self.zoom_out_action = self._action(lambda: self.current_view().zoom_out(), ("Ctrl+-",))
        self.fit_action = self._action(lambda: self.current_view().fit(), ("Ctrl+0",))
        players = self.players
        self.player_view_action = players.player_view_action
        self.blank_action = players.blank_action
        self.projector_fullscreen_action = players.fullscreen_action
        self.follow_action = players.follow_action
        self.fullscreen_action = self._action(self.toggle_fullscreen, ("F11",))
        self.fullscreen_action.setCheckable(True)

        self.resolve_action = self._action(self._resolve_step, ("Ctrl+Return", "Ctrl+Enter"))

        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        for lang, name in LANGUAGE_NAMES:
            action = QAction(name, self)
            action.setCheckable(True)
            action.setData(lang)
            action.triggered.connect(lambda _checked=False, lang=lang: self.set_language(lang))
            self.language_group.addAction(action)
            self.language_actions[lang] = action

    def _make_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.addAction(self.new_action)
        self.file_menu.addAction(self.open_action)
        self.recent_menu = self.file_menu.addMenu("")
        self.recent_menu.aboutToShow.connect(self._on_recent_change)
        self.file_menu.addAction(self.save_as_action)
        self.file_menu.addAction(self.close_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.export_action)
        self.file_menu.addAction(self.import_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)

        self.edit_menu = bar.addMenu("")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        # the card table's entries (hidden for a ruleset without it)
        self.card_separator = self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.tap_action)
        self.edit_menu.addAction(self.flip_action)

        self.view_menu = bar.addMenu("")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        self.players.add_to(self.view_menu)
        self.view_menu.addAction(self.devices.action)
        self.view_menu.addAction(self.fullscreen_action)
        self.view_menu.addSeparator()
        self.language_menu = self.view_menu.addMenu("")
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.view_menu.addSeparator()
        for dock in (self.characters_dock, self.dice_dock, self.log_dock):
            self.view_menu.addAction(dock.toggleViewAction())

        # the ruleset's entries go above Resolve, its procedure dock's toggle below
        self.procedure_menu = bar.addMenu("")
        self.procedure_menu.addAction(self.resolve_action)
        self.procedure_menu.addSeparator()
        self._on_recent_change()

    def show_card_actions(self, shown: bool) -> None:
        """Tap/Flip (and their keys) only for a ruleset on the card table."""
        for action in (self.card_separator, self.tap_action, self.flip_action):
            action.setVisible(shown)
            action.setEnabled(shown)

    # -- the words that follow the session ------------------------------------------------------------
    def _on_history_change(self) -> None:
        if not self._panels_ready:
            # Deferred start: naming the last command rebuilds the state before it from
            # the journal, which waits until just after the first paint; meanwhile the
            # actions read plainly and still work (the engine says if there is nothing).
            self.undo_action.setText(QCoreApplication.translate("MainWindow", "Undo"))
            self.redo_action.setText(QCoreApplication.translate("MainWindow", "Redo"))
            return
        session = self.bridge.session
        lang = self.bridge.lang
        undo = session.undo_label(lang)
        redo = session.redo_label(lang)
        self.undo_action.setText(
            QCoreApplication.translate("MainWindow", "Undo “{action}”").format(action=undo)
            if undo
            else QCoreApplication.translate("MainWindow", "Undo")
        )
        self.redo_action.setText(
            QCoreApplication.translate("MainWindow", "Redo “{action}”").format(action=redo)
            if redo
            else QCoreApplication.translate("MainWindow", "Redo")
        )
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)

    def _on_title_change(self) -> None:
        path = self.sessions.path
        name = path.stem if path is not None else QCoreApplication.translate("MainWindow", "(no file)")
        self.setWindowTitle(QCoreApplication.translate("MainWindow", "{name} — yobigoe").format(name=name) + "[*]")
        self.setWindowModified(not self.sessions.saved)

    def _on_language_change(self) -> None:
        action = self.language_actions.get(self.bridge.lang)
        if action is not None:
            action.setChecked(True)

    def _on_recent_change(self) -> None:
        self.files.fill_recent(self.recent_menu)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.fullscreen_action.setChecked(self.isFullScreen())

    # -- files (app.window.file_actions) -----------------------------------------------------------
    def new_session(self) -> bool:
        return self.files.new_session()

    def open_session(self) -> bool:
        return self.files.open_session()

    def open_path(self, path: Path) -> bool:
        return self.files.open_path(path)

    def save_as(self) -> bool:
        return self.files.save_as()

    def export_json(self) -> bool:
        return self.files.export_json()

    def import_json(self) -> bool:
        return self.files.import_json()

    # -- the players' window (app.window.projector_host) ----------------------------------------------
    @property
    def projector(self) -> ProjectorWindow | None:
        return self.players.projector

    def projector_screen(self) -> QScreen:
        return self.players.screen()

    def show_player_view(self, fullscreen: bool | None = None) -> ProjectorWindow:
        return self.players.show(fullscreen)

    def hide_player_view(self) -> None:
        self.players.hide()

    def toggle_player_view(self) -> None:
        self.players.toggle()

    def retranslate_menus(self) -> None:
        texts = {
            self.new_action: QCoreApplication.translate("MainWindow", "&New…"),
            self.open_action: QCoreApplication.translate("MainWindow", "&Open…"),
            self.save_as_action: QCoreApplication.translate("MainWindow", "Save &as…"),
            self.close_action: QCoreApplication.translate("MainWindow", "&Close"),
            self.export_action: QCoreApplication.translate("MainWindow", "&Export JSON…"),
            self.import_action: QCoreApplication.translate("MainWindow", "&Import JSON…"),
            self.quit_action: QCoreApplication.translate("MainWindow", "&Quit"),
            self.tap_action: QCoreApplication.translate("MainWindow", "&Tap / untap"),
            self.flip_action: QCoreApplication.translate("MainWindow", "&Flip"),
            self.zoom_in_action: QCoreApplication.translate("MainWindow", "Zoom &in"),
            self.zoom_out_action: QCoreApplication.translate("MainWindow", "Zoom &out"),
            self.fit_action: QCoreApplication.translate("MainWindow", "&Fit the board"),
            self.player_view_action: QCoreApplication.translate("MainWindow", "Show &player view"),
            self.blank_action: QCoreApplication.translate("MainWindow", "&Blank the player view"),
            self.projector_fullscreen_action: QCoreApplication.translate("MainWindow", "Player view full scree&n"),
            self.follow_action: QCoreApplication.translate("MainWindow", "Player view follows my &zoom"),
            self.fullscreen_action: QCoreApplication.translate("MainWindow", "F&ull screen"),
            self.resolve_action: QCoreApplication.translate("MainWindow", "&Resolve the step"),
        }
        for action, text in texts.items():
            action.setText(text)
        self.devices.retranslate()
        self.blank_action.setToolTip(
            QCoreApplication.translate("MainWindow", "Black out the players' screen while you prepare (B)")
        )
        titles: dict[QMenu, str] = {
            self.file_menu: QCoreApplication.translate("MainWindow", "&File"),
            self.recent_menu: QCoreApplication.translate("MainWindow", "Open &recent"),
            self.edit_menu: QCoreApplication.translate("MainWindow", "&Edit"),
            self.view_menu: QCoreApplication.translate("MainWindow", "&View"),
            self.language_menu: QCoreApplication.translate("MainWindow", "&Language"),
            self.procedure_menu: QCoreApplication.translate("MainWindow", "&Procedure"),
        }
        if self.players.screen_menu is not None:
            titles[self.players.screen_menu] = QCoreApplication.translate("MainWindow", "Player view &screen")
        for menu, title in titles.items():
            menu.setTitle(title)
        self.characters_dock.setWindowTitle(QCoreApplication.translate("MainWindow", "Characters"))
        self.dice_dock.setWindowTitle(QCoreApplication.translate("MainWindow", "Dice box"))
        self.log_dock.setWindowTitle(QCoreApplication.translate("MainWindow", "Event log"))


__all__ = ["LANGUAGE_NAMES", "MenuWindow"]
