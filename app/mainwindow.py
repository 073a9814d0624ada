"""The GM's main window: the board in the middle, docks around it, menus,
shortcuts and a status bar with the saved indicator.

The window changes nothing by itself: menus and keys become commands through
the bridge (or calls on the board scene, which dispatches), and every view
redraws from the outcome.  No global reaches it; the bridge, the session
controller and the prompts are passed in.

Start-up (``defer_panels=True``, used by ``app.main``): the board is what the GM
looks at first, so the window shows it with the four docks still empty and
builds the panels (characters, dice box, event log, procedure) — and imports the
rules engine behind them — just after the board's first paint, when it also
names the Undo/Redo actions (that reads the journal).  The docks, and so the
layout, the View menu and the dock titles, exist from the start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QToolButton,
    QWidget,
)

from engine.errors import EngineError
from engine.ruleset import UplandOptions

from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.dialogs.prompts import SESSION_SUFFIX, Prompts
from app.i18n import Translations, remember_language
from app.sessions import SessionController

if TYPE_CHECKING:
    from engine.session import Outcome
    from engine.upland.stepper import StepInfo

    from app.panels.characters import CharactersPanel
    from app.panels.dicebox import DiceBox
    from app.panels.eventlog import EventLog
    from app.panels.stepper import StepperPanel

STATUS_MS = 6000
#: With deferred panels: build them anyway this long after construction if the
#: board has not painted by then (a window started minimised, say).
PANELS_FALLBACK_MS = 2000

# Language menu entries are always in their own language.
LANGUAGE_NAMES: tuple[tuple[str, str], ...] = (("ja", "日本語"), ("en", "English"))


class SavedIndicator(QWidget):
    """保存済み / 未保存 in the status bar, with the reason and a retry button."""

    def __init__(self, sessions: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sessions = sessions
        self.label = QLabel()
        self.retry = QToolButton()
        self.retry.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 4, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.retry)
        self.retry.clicked.connect(sessions.retry)
        sessions.saved_changed.connect(lambda _saved: self._on_saved_change())
        self.retranslate()

    def _on_saved_change(self) -> None:
        saved = self.sessions.saved
        if saved:
            self.label.setText(self.tr("Saved"))
            self.label.setStyleSheet("color: #2e7d32;")
            self.label.setToolTip(self.tr("Everything shown is on disk."))
        else:
            reason = self.sessions.save_error_text() or ""
            self.label.setText(self.tr("Not saved: {reason}").format(reason=reason) if reason else self.tr("Not saved"))
            self.label.setStyleSheet("color: #b00020; font-weight: bold;")
            self.label.setToolTip(self.tr("The session goes on in memory; saving is retried every few seconds."))
        self.retry.setVisible(not saved)

    def retranslate(self) -> None:
        self.retry.setText(self.tr("Retry"))
        self._on_saved_change()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class MainWindow(QMainWindow):
    """Board, docks, menus and status bar of the GM's screen."""

    #: the dock panels exist now (at once, or after the first paint when deferred)
    panels_built = Signal()

    characters: CharactersPanel
    dicebox: DiceBox
    eventlog: EventLog
    stepper: StepperPanel

    def __init__(
        self,
        bridge: SessionBridge,
        sessions: SessionController,
        *,
        translations: Translations | None = None,
        prompts: Prompts | None = None,
        parent: QWidget | None = None,
        defer_panels: bool = False,
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.sessions = sessions
        self.translations = translations
        self.prompts = prompts if prompts is not None else Prompts()
        if self.prompts.parent is None:
            self.prompts.parent = self
        self.projector: QWidget | None = None
        self._projector_screen_name: str | None = None

        self.board_scene = BoardScene(bridge, parent=self)
        self.board_view = BoardView(self.board_scene, self)
        self.setCentralWidget(self.board_view)

        # Party and history on the left; the procedure above the dice on the right:
        # the GM reads the step, then rolls or resolves just below it.
        self.characters_dock = self._dock("characters", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log_dock = self._dock("eventlog", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.stepper_dock = self._dock("stepper", Qt.DockWidgetArea.RightDockWidgetArea)
        self.dice_dock = self._dock("dicebox", Qt.DockWidgetArea.RightDockWidgetArea)
        self._panels_ready = False
        if not defer_panels:
            self._build_panels()
        self._size_docks()

        self.saved_indicator = SavedIndicator(sessions)
        self.statusBar().addPermanentWidget(self.saved_indicator)

        self._make_actions()
        self._make_menus()

        self.board_scene.selected_character_changed.connect(self._on_board_character_change)
        self.board_scene.status_message.connect(self.show_status)
        bridge.applied.connect(self._on_outcome)
        bridge.refused.connect(self._on_refused)
        bridge.session_replaced.connect(self.sync_from_state)
        sessions.file_changed.connect(self._on_title_change)
        sessions.saved_changed.connect(lambda _saved: self._on_title_change())
        sessions.recent_changed.connect(self._on_recent_change)

        self.resize(1280, 800)
        self.retranslate()
        self.sync_from_state()
        if defer_panels:
            # After the board's first paint (see module docstring); the timer is a
            # safety net for a window that is not painted soon.
            self.board_view.viewport().installEventFilter(self)
            QTimer.singleShot(PANELS_FALLBACK_MS, self, self._build_deferred_panels)

    # -- construction ------------------------------------------------------------------------
    @property
    def panels_ready(self) -> bool:
        """True once the dock panels exist (always, unless built after the first paint)."""
        return self._panels_ready

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self.board_view.viewport():
            watched.removeEventFilter(self)
            # Let this paint reach the screen first; then build the panels.
            QTimer.singleShot(0, self, self._build_deferred_panels)
        return super().eventFilter(watched, event)

    def _build_deferred_panels(self) -> None:
        if self._panels_ready:
            return
        self.board_view.viewport().removeEventFilter(self)
        self._build_panels()
        # A panel may want more room than the empty dock had: keep the planned split.
        self._size_docks()
        self._on_step_change(self.stepper.info)
        self._on_history_change()

    def _build_panels(self) -> None:
        """Create the dock panels and wire them; the docks already exist."""
        from app.panels.characters import CharactersPanel
        from app.panels.dicebox import DiceBox
        from app.panels.eventlog import EventLog
        from app.panels.stepper import StepperPanel

        bridge = self.bridge
        self.characters = CharactersPanel(bridge, self.prompts)
        self.dicebox = DiceBox(bridge)
        self.eventlog = EventLog(bridge)
        self.stepper = StepperPanel(bridge)
        self.characters_dock.setWidget(self.characters)
        self.log_dock.setWidget(self.eventlog)
        self.stepper_dock.setWidget(self.stepper)
        self.dice_dock.setWidget(self.dicebox)
        self.characters.character_selected.connect(self._on_character_selected)
        self.stepper.status_message.connect(self.show_status)
        self.stepper.step_changed.connect(self._on_step_change)
        self._panels_ready = True
        # A hand clicked on the board before the panels existed is selected there too.
        chosen = self.board_scene.selected_character
        if chosen is not None:
            self._on_board_character_change(chosen)
        self.panels_built.emit()

    def _size_docks(self) -> None:
        self.resizeDocks([self.characters_dock, self.stepper_dock], [300, 420], Qt.Orientation.Horizontal)
        self.resizeDocks([self.characters_dock, self.log_dock], [220, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.stepper_dock, self.dice_dock], [560, 300], Qt.Orientation.Vertical)

    def _dock(self, name: str, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(self)
        dock.setObjectName(f"dock-{name}")
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(area, dock)
        return dock

    def _action(self, slot: object, shortcuts: tuple[QKeySequence | str, ...] = ()) -> QAction:
        action = QAction(self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(slot)  # type: ignore[arg-type]
        self.addAction(action)  # shortcuts work even while a menu bar is hidden (full screen)
        return action

    def _make_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action(self.new_session, (QKeySequence(key.New),))
        self.open_action = self._action(self.open_session, (QKeySequence(key.Open),))
        self.save_as_action = self._action(self.save_as, ("Ctrl+Shift+S",))
        self.export_action = self._action(self.export_json)
        self.import_action = self._action(self.import_json)
        self.quit_action = self._action(self.close, ("Ctrl+Q",))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.undo_action = self._action(self.bridge.undo, ("Ctrl+Z",))
        self.redo_action = self._action(self.bridge.redo, ("Ctrl+Shift+Z", "Ctrl+Y"))
        self.tap_action = self._action(self.board_scene.tap_selected, ("T",))
        self.flip_action = self._action(self.board_scene.flip_selected, ("F",))

        self.zoom_in_action = self._action(self.board_view.zoom_in, ("Ctrl++", "Ctrl+="))
        self.zoom_out_action = self._action(self.board_view.zoom_out, ("Ctrl+-",))
        self.fit_action = self._action(self.board_view.fit, ("Ctrl+0",))
        self.player_view_action = self._action(self.show_player_view, ("F5",))
        self.follow_action = self._action(self._on_follow_change)
        # Off by default: the players' screen fits the whole board to itself;
        # following mirrors the GM's zoom and centre when the GM wants to point.
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(False)
        self.fullscreen_action = self._action(self.toggle_fullscreen, ("F11",))
        self.fullscreen_action.setCheckable(True)

        self.start_action = self._action(self.start_exploration)
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
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.export_action)
        self.file_menu.addAction(self.import_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)

        self.edit_menu = bar.addMenu("")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.tap_action)
        self.edit_menu.addAction(self.flip_action)

        self.view_menu = bar.addMenu("")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.player_view_action)
        self.screen_menu = self.view_menu.addMenu("")
        self.screen_menu.aboutToShow.connect(self._on_screens_change)
        self.view_menu.addAction(self.follow_action)
        self.view_menu.addAction(self.fullscreen_action)
        self.view_menu.addSeparator()
        self.language_menu = self.view_menu.addMenu("")
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.view_menu.addSeparator()
        for dock in (self.characters_dock, self.stepper_dock, self.dice_dock, self.log_dock):
            self.view_menu.addAction(dock.toggleViewAction())

        self.procedure_menu = bar.addMenu("")
        self.procedure_menu.addAction(self.start_action)
        self.procedure_menu.addAction(self.resolve_action)
        self.procedure_menu.addSeparator()
        self.procedure_menu.addAction(self.stepper_dock.toggleViewAction())
        self._on_recent_change()
        self._on_screens_change()

    # -- state → widgets ----------------------------------------------------------------------------
    def sync_from_state(self) -> None:
        self._on_step_change(self.stepper.info if self._panels_ready else None)
        self._on_history_change()
        self._on_title_change()
        self._on_language_change()

    def _on_outcome(self, _outcome: Outcome) -> None:
        self._on_history_change()

    def _on_history_change(self) -> None:
        if not self._panels_ready:
            # Deferred start: naming the last command rebuilds the state before it from
            # the journal, which waits until just after the first paint; meanwhile the
            # actions read plainly and still work (the engine says if there is nothing).
            self.undo_action.setText(self.tr("Undo"))
            self.redo_action.setText(self.tr("Redo"))
            return
        session = self.bridge.session
        lang = self.bridge.lang
        undo = session.undo_label(lang)
        redo = session.redo_label(lang)
        self.undo_action.setText(self.tr("Undo “{action}”").format(action=undo) if undo else self.tr("Undo"))
        self.redo_action.setText(self.tr("Redo “{action}”").format(action=redo) if redo else self.tr("Redo"))
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)

    def _on_title_change(self) -> None:
        path = self.sessions.path
        name = path.stem if path is not None else self.tr("(no file)")
        self.setWindowTitle(self.tr("{name} — yobigoe").format(name=name) + "[*]")
        self.setWindowModified(not self.sessions.saved)

    def _on_language_change(self) -> None:
        action = self.language_actions.get(self.bridge.lang)
        if action is not None:
            action.setChecked(True)

    def _on_recent_change(self) -> None:
        self.recent_menu.clear()
        paths = self.sessions.recent_files()
        for number, path in enumerate(paths[:10], start=1):
            action = self.recent_menu.addAction(f"&{number % 10} {path.stem.replace('&', '&&')}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, path=path: self.open_path(path))
        self.recent_menu.setEnabled(bool(paths))

    def _on_screens_change(self) -> None:
        self.screen_menu.clear()
        group = QActionGroup(self.screen_menu)
        chosen = self.projector_screen()
        for screen in QGuiApplication.screens():
            size = screen.geometry()
            action = self.screen_menu.addAction(f"{screen.name()} ({size.width()}×{size.height()})")
            action.setCheckable(True)
            action.setChecked(screen is chosen)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, name=screen.name(): self._choose_screen(name))

    def _on_step_change(self, info: StepInfo | None) -> None:
        """The step moved on: light its focus on the board, enable the menu."""
        self.board_scene.show_step(info)
        upland = isinstance(self.bridge.state.options, UplandOptions)
        self.start_action.setEnabled(upland and self.bridge.state.cycle is None)
        self.resolve_action.setEnabled(self._panels_ready and self.stepper.info is not None)

    def _resolve_step(self) -> None:
        """Procedure ▸ Resolve the step (the stepper's Resolve button)."""
        if self._panels_ready:
            self.stepper.resolve()

    def start_exploration(self) -> bool:
        """Procedure ▸ Start the exploration (CYC-1); the stepper then shows cycle 1."""
        from engine.upland.commands import StartExploration

        self.stepper_dock.show()
        return self.bridge.dispatch(StartExploration(), origin="stepper")

    def _on_character_selected(self, character_id: object) -> None:
        self.board_scene.selected_character = character_id if isinstance(character_id, str) else None
        self.dicebox.roller = character_id if isinstance(character_id, str) else None

    def _on_board_character_change(self, character_id: object) -> None:
        if not self._panels_ready:
            return  # _build_panels selects it once the panel exists
        # A click on a hand in the board selects that character in the panel too.
        self.characters.select(character_id if isinstance(character_id, str) else None)
        self.dicebox.roller = character_id if isinstance(character_id, str) else None

    def _on_refused(self, error: EngineError, _origin: object) -> None:
        self.show_status(self.bridge.message(error))

    def show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, STATUS_MS)

    # -- files -----------------------------------------------------------------------------------------
    def new_session(self) -> bool:
        command = self.prompts.new_session(self.bridge.lang)
        if command is None:
            return False
        return self._try(self.tr("Could not create the session"), lambda: self.sessions.new(command))

    def open_session(self) -> bool:
        path = self.prompts.open_path(self.sessions.folder())
        return path is not None and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a file; a damaged or foreign one is explained and changes nothing."""
        ok = self._try(self.tr("Could not open the session"), lambda: self.sessions.open(path))
        if not ok and not Path(path).exists():
            self.sessions.forget(path)
        opened = self.sessions.file
        if ok and opened is not None and opened.notice is not None:
            title = self.tr("Part of the session could not be recovered")
            self.prompts.error(title, self.bridge.message(opened.notice))
        return ok

    def save_as(self) -> bool:
        current = self.sessions.path
        suggested = f"{current.stem}-copy{SESSION_SUFFIX}" if current is not None else f"session{SESSION_SUFFIX}"
        path = self.prompts.save_path(self.sessions.folder(), suggested)
        if path is None:
            return False
        return self._try(self.tr("Could not save the session"), lambda: self.sessions.save_as(path))

    def export_json(self) -> bool:
        current = self.sessions.path
        suggested = f"{current.stem if current is not None else 'session'}.json"
        path = self.prompts.export_path(self.sessions.folder(), suggested)
        if path is None:
            return False
        ok = self._try(self.tr("Could not export the session"), lambda: self.sessions.export_json(path))
        if ok:
            self.show_status(self.tr("Exported to {path}").format(path=path))
        return ok

    def import_json(self) -> bool:
        path = self.prompts.import_path(self.sessions.folder())
        if path is None:
            return False
        return self._try(self.tr("Could not import the session"), lambda: self.sessions.import_json(path))

    def _try(self, title: str, action: object) -> bool:
        try:
            action()  # type: ignore[operator]
        except EngineError as exc:
            self.prompts.error(title, self.bridge.message(exc))
            return False
        except OSError as exc:
            self.prompts.error(title, str(exc))
            return False
        return True

    # -- player view ----------------------------------------------------------------------------------------
    def projector_screen(self) -> object:
        """The screen chosen for the players: the named one, else the first non-primary."""
        screens = QGuiApplication.screens()
        for screen in screens:
            if screen.name() == self._projector_screen_name:
                return screen
        primary = QGuiApplication.primaryScreen()
        others = [s for s in screens if s is not primary]
        return others[0] if others else primary

    def _choose_screen(self, name: str) -> None:
        self._projector_screen_name = name
        if self.projector is not None and self.projector.isVisible():
            self.show_player_view()

    def show_player_view(self) -> QWidget:
        """Open (or move) the projector window on the chosen screen."""
        if self.projector is None:
            from app.projector import ProjectorWindow

            self.projector = ProjectorWindow(self.bridge, gm_view=self.board_view)
            self.projector.set_follow_gm(self.follow_action.isChecked())
        self.projector.show_on(self.projector_screen())  # type: ignore[attr-defined]
        return self.projector

    def _on_follow_change(self) -> None:
        if self.projector is not None:
            self.projector.set_follow_gm(self.follow_action.isChecked())  # type: ignore[attr-defined]

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.fullscreen_action.setChecked(self.isFullScreen())

    # -- language ------------------------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch the whole GUI live: engine texts, Qt catalogues, every widget."""
        self.bridge.lang = lang
        if self.translations is not None:
            self.translations.install(lang)
            # Qt posts LanguageChange to top-level windows; deliver it now so
            # everything reads the new language when this returns.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        else:
            panels = (self.characters, self.dicebox, self.eventlog, self.stepper) if self._panels_ready else ()
            for widget in (self, *panels, self.saved_indicator):
                widget.retranslate()  # type: ignore[attr-defined]
        self._on_language_change()
        remember_language(lang)

    def retranslate(self) -> None:
        self.file_menu.setTitle(self.tr("&File"))
        self.new_action.setText(self.tr("&New…"))
        self.open_action.setText(self.tr("&Open…"))
        self.recent_menu.setTitle(self.tr("Open &recent"))
        self.save_as_action.setText(self.tr("Save &as…"))
        self.export_action.setText(self.tr("&Export JSON…"))
        self.import_action.setText(self.tr("&Import JSON…"))
        self.quit_action.setText(self.tr("&Quit"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.tap_action.setText(self.tr("&Tap / untap"))
        self.flip_action.setText(self.tr("&Flip"))
        self.view_menu.setTitle(self.tr("&View"))
        self.zoom_in_action.setText(self.tr("Zoom &in"))
        self.zoom_out_action.setText(self.tr("Zoom &out"))
        self.fit_action.setText(self.tr("&Fit the board"))
        self.player_view_action.setText(self.tr("Show &player view"))
        self.screen_menu.setTitle(self.tr("Player view &screen"))
        self.follow_action.setText(self.tr("Player view follows my &zoom"))
        self.fullscreen_action.setText(self.tr("F&ull screen"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.characters_dock.setWindowTitle(self.tr("Characters"))
        self.dice_dock.setWindowTitle(self.tr("Dice box"))
        self.log_dock.setWindowTitle(self.tr("Event log"))
        self.stepper_dock.setWindowTitle(self.tr("Procedure"))
        self.procedure_menu.setTitle(self.tr("&Procedure"))
        self.start_action.setText(self.tr("&Start the exploration"))
        self.resolve_action.setText(self.tr("&Resolve the step"))
        self.board_scene.retranslate()
        self._on_history_change()
        self._on_title_change()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Close the file; if the disk still owes changes, the GM decides."""
        try:
            self.sessions.close()
        except EngineError as exc:
            choice = self.prompts.unsaved_at_exit(self.bridge.message(exc))
            if choice == "save_as" and self.save_as():
                self.sessions.close()
            elif choice == "discard":
                self.sessions.close(discard_pending=True)
            else:
                event.ignore()
                return
        if self.projector is not None:
            self.projector.close()
        super().closeEvent(event)
