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

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QToolButton,
    QWidget,
)

from app.battle.page import BoardPages
from app.battle.words import tr as battle_tr
from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.dialogs.prompts import SESSION_SUFFIX, Prompts
from app.i18n import Retranslating, Translations, remember_language
from app.rulesets.docks import RulesetDocks
from app.sessions import SessionController
from app.settings import BoardZoom, ProjectorMemory, TableSettings
from engine.errors import EngineError
from engine.hexbattle.slot import battle_of

if TYPE_CHECKING:
    from app.battle.actions import BattleActions
    from app.battle.scene import BattleScene
    from app.panels.characters import CharactersPanel
    from app.panels.dicebox import DiceBox
    from app.panels.eventlog import EventLog
    from app.projector import ProjectorWindow
    from engine.core.session import Outcome

STATUS_MS = 6000
#: With deferred panels: build them anyway this long after construction if the
#: board has not painted by then (a window started minimised, say).
PANELS_FALLBACK_MS = 2000
#: The window, docks and zoom are written this long after the last change.
REMEMBER_MS = 400
#: A first start's window: this size, or the screen's free area if smaller.
DEFAULT_SIZE = (1280, 800)
#: Dock widths (left, right) of the two-column layout of a wide window.
DOCK_WIDTHS = (300, 420)
#: Narrower first windows get one tabbed column on the right instead (procedure |
#: characters above, dice box | event log below), so the board keeps over half
#: the width and readable labels at 1280×720.
WIDE_WINDOW = 1700
COMPACT_DOCK_WIDTH = 440

# Language menu entries are always in their own language.
LANGUAGE_NAMES: tuple[tuple[str, str], ...] = (("ja", "日本語"), ("en", "English"))


def scrolled(panel: QWidget) -> QScrollArea:
    """A dock's panel inside a scroll area: the dock may be narrower or shorter
    than the panel would like (a 1280×720 or 1024×600 screen) and nothing is
    cut off — the GM scrolls instead, and the board keeps its room."""
    area = QScrollArea()
    area.setObjectName(f"scroll-{panel.objectName() or type(panel).__name__}")
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(panel)
    return area


def dock_panel(dock: QDockWidget) -> QWidget | None:
    """The panel a dock shows (inside its scroll area), or None before it is built."""
    area = dock.widget()
    return area.widget() if isinstance(area, QScrollArea) else area


class SavedIndicator(Retranslating, QWidget):
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


class MainWindow(Retranslating, QMainWindow):
    """Board, docks, menus and status bar of the GM's screen."""

    #: the dock panels exist now (at once, or after the first paint when deferred)
    panels_built = Signal()

    characters: CharactersPanel
    dicebox: DiceBox
    eventlog: EventLog

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
        self.projector: ProjectorWindow | None = None
        self.settings = TableSettings()
        self._projector_memory = self.settings.projector()
        self._projector_screen_name: str | None = self._projector_memory.screen
        self._restored_layout = False
        self._compact = False
        self._first_show_done = False
        self._remember_timer = QTimer(self)
        self._remember_timer.setSingleShot(True)
        self._remember_timer.setInterval(REMEMBER_MS)
        self._remember_timer.timeout.connect(self.remember_layout)

        self.board_scene = BoardScene(bridge, parent=self)
        self.board_view = BoardView(self.board_scene, self)
        # The battle board (issue 10) is the second page of the central area (F6); it is
        # built on first use (issue 13: F6, the Battle menu, its tab, a session with a battle),
        # a blank page holds its place until then.
        self._battle_parts: tuple[BattleScene, BoardView, BattleActions] | None = None
        self._battle_placeholder = QWidget(self)
        self.pages = BoardPages(self.board_view, self._battle_placeholder, self)
        self.setCentralWidget(self.pages)

        # Party and history on the left; the ruleset's procedure (app.rulesets) above
        # the dice on the right: the GM reads the step, then rolls or resolves below it.
        self.characters_dock = self._dock("characters", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log_dock = self._dock("eventlog", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.dice_dock = self._dock("dicebox", Qt.DockWidgetArea.RightDockWidgetArea)
        self._panels_ready = False

        self.saved_indicator = SavedIndicator(sessions)
        self.statusBar().addPermanentWidget(self.saved_indicator)

        self._make_actions()
        self._make_menus()
        self.battle_menu = QMenu(self)
        self.battle_menu.aboutToShow.connect(self.ensure_battle)
        self.battle_page_action = self._action(lambda _checked=False: self._toggle_battle_page(), ("F6",))
        self.battle_page_action.setCheckable(True)
        self.battle_menu.addAction(self.battle_page_action)
        self.menuBar().insertMenu(self.procedure_menu.menuAction(), self.battle_menu)
        self.pages.currentChanged.connect(lambda index: self.ensure_battle() if index == 1 else None)
        self.pages.battle_shown.connect(self._on_page_change)
        bridge.applied.connect(lambda _outcome: self._battle_if_open())
        bridge.session_replaced.connect(self._battle_if_open)
        self._battle_if_open()
        self.ruleset_docks = RulesetDocks(
            self,
            bridge,
            view_menu=self.view_menu,
            procedure_menu=self.procedure_menu,
            before=self.resolve_action,
            procedure_above=self.dice_dock,
        )
        self.ruleset_docks.rebuild()
        self.ruleset_docks.status_message.connect(self.show_status)
        self.ruleset_docks.step_changed.connect(self._on_step_change)
        if not defer_panels:
            self._build_panels()

        self.board_scene.selected_character_changed.connect(self._on_board_character_change)
        self.board_scene.status_message.connect(self.show_status)
        # a refused drop is said at the drop point too (issue 12: refusals where the eye is)
        self.board_scene.status_message.connect(lambda text: self.show_refusal(text, at_cursor=True))
        bridge.applied.connect(self._on_outcome)
        bridge.refused.connect(self._on_refused)
        bridge.session_replaced.connect(self.sync_from_state)
        sessions.file_changed.connect(self._on_title_change)
        sessions.saved_changed.connect(lambda _saved: self._on_title_change())
        sessions.recent_changed.connect(self._on_recent_change)

        self._restore_layout()
        self.board_view.view_changed.connect(self._schedule_remember)
        for dock in (self.characters_dock, self.log_dock, self.dice_dock, *self.ruleset_docks.docks.values()):
            dock.dockLocationChanged.connect(self._schedule_remember)
            dock.visibilityChanged.connect(self._schedule_remember)
            dock.topLevelChanged.connect(self._schedule_remember)
        self.retranslate()
        self.sync_from_state()
        if defer_panels:
            # After the board's first paint (see module docstring); the timer is a
            # safety net for a window that is not painted soon.
            self.board_view.viewport().installEventFilter(self)
            QTimer.singleShot(PANELS_FALLBACK_MS, self, self._build_deferred_panels)

    # -- construction ------------------------------------------------------------------------
    @property
    def stepper_dock(self) -> QDockWidget | None:
        """The ruleset's procedure dock (the Upland's phase stepper), or None."""
        return self.ruleset_docks.procedure_dock

    @property
    def stepper(self) -> Any:
        """The ruleset's procedure panel, or None (no procedure, or not built yet)."""
        return self.ruleset_docks.procedure

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
        # A panel may want more room than the empty dock had: keep the planned (or remembered) split.
        if self._restored_layout:
            state = self.settings.window_state()
            if state is not None:
                self.restoreState(state)
        else:
            self._size_docks()
        self._on_history_change()

    def _build_panels(self) -> None:
        """Create the dock panels and wire them; the docks already exist."""
        from app.panels.characters import CharactersPanel
        from app.panels.dicebox import DiceBox
        from app.panels.eventlog import EventLog

        bridge = self.bridge
        self.characters = CharactersPanel(bridge, self.prompts)
        self.dicebox = DiceBox(bridge)
        self.eventlog = EventLog(bridge)
        self.characters_dock.setWidget(scrolled(self.characters))
        self.log_dock.setWidget(scrolled(self.eventlog))
        self.dice_dock.setWidget(scrolled(self.dicebox))
        self.characters.character_selected.connect(self._on_character_selected)
        self._panels_ready = True
        self.ruleset_docks.fill()
        # A hand clicked on the board before the panels existed is selected there too.
        chosen = self.board_scene.selected_character
        if chosen is not None:
            self._on_board_character_change(chosen)
        self.panels_built.emit()

    def _arrange_docks(self) -> None:
        """A first start's dock layout: two columns in a wide window, else one
        tabbed column on the right (see WIDE_WINDOW)."""
        self._compact = self.width() < WIDE_WINDOW
        if not self._compact:
            return
        for dock in (self.characters_dock, self.log_dock):
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        top = self.stepper_dock or self.dice_dock
        self.tabifyDockWidget(top, self.characters_dock)
        self.tabifyDockWidget(self.dice_dock, self.log_dock)
        top.raise_()
        self.dice_dock.raise_()

    def _size_docks(self) -> None:
        right = self.stepper_dock
        if self._compact:
            self.resizeDocks([right or self.dice_dock], [COMPACT_DOCK_WIDTH], Qt.Orientation.Horizontal)
            if right is not None:
                self.resizeDocks([right, self.dice_dock], [560, 300], Qt.Orientation.Vertical)
            return
        self.resizeDocks([self.characters_dock, right or self.dice_dock], list(DOCK_WIDTHS), Qt.Orientation.Horizontal)
        self.resizeDocks([self.characters_dock, self.log_dock], [220, 520], Qt.Orientation.Vertical)
        if right is not None:
            self.resizeDocks([right, self.dice_dock], [560, 300], Qt.Orientation.Vertical)

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

        self.zoom_in_action = self._action(lambda: self.current_view().zoom_in(), ("Ctrl++", "Ctrl+="))
        self.zoom_out_action = self._action(lambda: self.current_view().zoom_out(), ("Ctrl+-",))
        self.fit_action = self._action(lambda: self.current_view().fit(), ("Ctrl+0",))
        self.player_view_action = self._action(self.toggle_player_view, ("F5",))
        self.player_view_action.setCheckable(True)
        self.blank_action = self._action(self._on_blank_change, ("B",))
        self.blank_action.setCheckable(True)
        self.blank_action.setChecked(self._projector_memory.blanked)
        self.projector_fullscreen_action = self._action(self._on_projector_fullscreen_change, ("Shift+F11",))
        self.projector_fullscreen_action.setCheckable(True)
        self.follow_action = self._action(self._on_follow_change)
        # Off by default: the players' screen fits the whole board to itself;
        # following mirrors the GM's zoom and centre when the GM wants to point.
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(False)
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
        self.view_menu.addAction(self.blank_action)
        self.view_menu.addAction(self.projector_fullscreen_action)
        self.screen_menu = self.view_menu.addMenu("")
        self.screen_menu.aboutToShow.connect(self._on_screens_change)
        self.view_menu.addAction(self.follow_action)
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
        self._on_screens_change()

    # -- state → widgets ----------------------------------------------------------------------------
    def sync_from_state(self) -> None:
        if self.ruleset_docks.rebuild():  # a session of another ruleset: its own docks
            self._size_docks()
        self._on_step_change(self.stepper.info if self.stepper is not None else None)
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
            action.triggered.connect(partial(self._choose_screen_from_menu, screen.name()))

    def _on_step_change(self, info: object) -> None:
        """The step moved on: light its focus on the board, enable the menu."""
        self.board_scene.show_step(info)  # type: ignore[arg-type]  # the procedure's step (FocusSource)
        self.ruleset_docks.refresh()
        self.resolve_action.setEnabled(self.stepper is not None and self.stepper.info is not None)

    def _resolve_step(self) -> None:
        """Procedure ▸ Resolve the step (the procedure panel's Resolve button)."""
        if self.stepper is not None:
            self.stepper.resolve()

    def _on_character_selected(self, character_id: object) -> None:
        self.board_scene.selected_character = character_id if isinstance(character_id, str) else None
        self.dicebox.roller = character_id if isinstance(character_id, str) else None

    def _on_board_character_change(self, character_id: object) -> None:
        if not self._panels_ready:
            return  # _build_panels selects it once the panel exists
        # A click on a hand in the board selects that character in the panel too.
        self.characters.select(character_id if isinstance(character_id, str) else None)
        self.dicebox.roller = character_id if isinstance(character_id, str) else None

    def current_view(self) -> BoardView:
        """The board view on the page the GM is looking at (zoom and fit act on it)."""
        return self.battle_view if self.pages.showing_battle else self.board_view

    # -- the battle page, built on first use -------------------------------------------------
    @property
    def battle_built(self) -> bool:
        return self._battle_parts is not None

    @property
    def battle_scene(self) -> BattleScene:
        return self.ensure_battle()[0]

    @property
    def battle_view(self) -> BoardView:
        return self.ensure_battle()[1]

    @property
    def battle_actions(self) -> BattleActions:
        return self.ensure_battle()[2]

    def ensure_battle(self) -> tuple[BattleScene, BoardView, BattleActions]:
        """The battle page's scene, view and menu, built now if this is their first use:
        the first paint does not wait for them (issue 13), the GM's first F6 does."""
        if self._battle_parts is not None:
            return self._battle_parts
        from app.battle.actions import BattleActions
        from app.battle.scene import BattleScene

        scene = BattleScene(self.bridge, parent=self)
        view = BoardView(scene, self)
        showing = self.pages.currentIndex()
        self.pages.blockSignals(True)  # the swap is no page change
        self.pages.removeTab(1)
        self.pages.insertTab(1, view, "")
        self.pages.setCurrentIndex(showing)
        self.pages.blockSignals(False)
        self.pages.retranslate()
        self._battle_placeholder.deleteLater()
        actions = BattleActions(self.bridge, self, menu=self.battle_menu, page_action=self.battle_page_action)
        actions.show_battle.connect(lambda: self.pages.show_battle(True))
        scene.status_message.connect(self.show_status)
        self._battle_parts = (scene, view, actions)
        return self._battle_parts

    def _battle_if_open(self) -> None:
        """A session with a battle on its board (opened, or a command that opened one) gets the page."""
        if self._battle_parts is None and battle_of(self.bridge.state) is not None:
            QTimer.singleShot(0, self.ensure_battle)

    def _toggle_battle_page(self) -> None:
        self.ensure_battle()
        self.pages.toggle()

    def _on_page_change(self, battle: bool) -> None:
        """The GM switched pages: the menu's check follows, and so does the players' window."""
        self.battle_page_action.setChecked(battle)
        if self.projector is not None:
            self.projector.show_battle(battle)

    def _on_refused(self, error: EngineError, origin: object) -> None:
        message = self.bridge.message(error)
        self.show_status(message)
        if origin != "board":  # the board says its own refusals at the drop point
            self.show_refusal(message, at_cursor=False)

    def show_refusal(self, message: str, at_cursor: bool) -> None:
        """A refusal where the GM acted (a balloon) and on record in the event log."""
        from app.common.refusal_notice import balloon_at

        self.last_refusal_at = balloon_at(message, self, at_cursor)
        if self._panels_ready:
            self.eventlog.note_refusal(message)

    def show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, STATUS_MS)

    # -- files -----------------------------------------------------------------------------------------
    def new_session(self) -> bool:
        from app.dialogs.new_session import NewSessionRequest
        from engine.table.commands import MoveParty

        answer = self.prompts.new_session(self.bridge.lang)
        if answer is None:
            return False
        request = answer if isinstance(answer, NewSessionRequest) else NewSessionRequest(answer)
        ok = self._try(
            self.tr("Could not create the session"), lambda: self.sessions.new(request.command, request.path())
        )
        if ok and self.bridge.state.party is None:
            # MAP-1: the party starts on the gate the dialog asked for (through the
            # bridge, so the board and the log show it like any other move).
            self.bridge.dispatch(MoveParty(square=self.bridge.state.gate))
        return ok

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
        from app.dialogs.import_progress import import_with_progress  # a progress bar with Cancel

        return self._try(
            self.tr("Could not import the session"), lambda: import_with_progress(self.sessions, path, self)
        )

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
    def projector_screen(self) -> QScreen:
        """The screen chosen for the players: the named one, else the first one
        the GM window is not on (which screen is "primary" varies by system)."""
        screens = QGuiApplication.screens()
        for screen in screens:
            if screen.name() == self._projector_screen_name:
                return screen
        mine = self.screen()
        others = [s for s in screens if s is not mine]
        return others[0] if others else mine

    def _choose_screen_from_menu(self, name: str, _checked: bool = False) -> None:
        self._choose_screen(name)

    def _choose_screen(self, name: str) -> None:
        self._projector_screen_name = name
        if self.projector is not None and self.projector.isVisible():
            self.show_player_view()
        self._remember_projector()

    def _ensure_projector(self) -> ProjectorWindow:
        if self.projector is None:
            from app.projector import ProjectorWindow

            # the players' window draws the battle board too: the GM's page is built first
            self.projector = ProjectorWindow(self.bridge, gm_view=self.board_view, battle_gm_view=self.battle_view)
            self.projector.show_battle(self.pages.showing_battle)
            self.projector.set_follow_gm(self.follow_action.isChecked())
            self.projector.set_blanked(self.blank_action.isChecked())
            # F5 and B work from the players' window too (after a click on it).
            self.projector.addAction(self.player_view_action)
            self.projector.addAction(self.blank_action)
            self.projector.state_changed.connect(self._on_projector_change)
        return self.projector

    def show_player_view(self, fullscreen: bool | None = None) -> ProjectorWindow:
        """Open (or move) the projector window on the chosen screen, leaving the
        keyboard with this window; full screen only on a screen of its own
        unless ``fullscreen`` says otherwise."""
        projector = self._ensure_projector()
        projector.show_on(self.projector_screen(), fullscreen)
        self._keep_keyboard()
        return projector

    def hide_player_view(self) -> None:
        if self.projector is not None:
            self.projector.hide()

    def toggle_player_view(self) -> None:
        """F5: show the players' window, or hide it when it is shown."""
        if self.projector is not None and self.projector.isVisible():
            self.hide_player_view()
        else:
            self.show_player_view()

    def _keep_keyboard(self) -> None:
        """Give the keyboard back to the GM window if the players' window took it
        (a window manager may activate a new window despite being asked not to)."""

        def reclaim() -> None:
            projector = self.projector
            taken = projector is not None and QGuiApplication.focusWindow() is projector.windowHandle()
            if self.isVisible() and taken:
                self.activateWindow()

        reclaim()
        QTimer.singleShot(0, self, reclaim)
        QTimer.singleShot(150, self, reclaim)

    def _on_blank_change(self) -> None:
        """B: black out the players' screen (the GM is preparing) or bring it back."""
        if self.projector is not None:
            self.projector.set_blanked(self.blank_action.isChecked())
        self._remember_projector()

    def _on_projector_fullscreen_change(self) -> None:
        wanted = self.projector_fullscreen_action.isChecked()
        self.show_player_view(fullscreen=wanted)

    def _on_projector_change(self) -> None:
        projector = self.projector
        if projector is None:
            return
        self.player_view_action.setChecked(projector.isVisible())
        self.projector_fullscreen_action.setChecked(projector.isVisible() and projector.isFullScreen())
        self.blank_action.setChecked(projector.blanked)
        self._remember_projector()

    def _remember_projector(self) -> None:
        projector = self.projector
        memory = ProjectorMemory(
            screen=self._projector_screen_name,
            shown=projector is not None and projector.isVisible(),
            fullscreen=projector is not None and projector.isVisible() and projector.isFullScreen(),
            blanked=self.blank_action.isChecked(),
        )
        if memory != self._projector_memory:
            self._projector_memory = memory
            self.settings.set_projector(memory)

    def _restore_projector(self) -> None:
        """Bring the players' window back as it was at the last exit (or crash).
        Full screen only on a screen of its own: on the GM's only screen a
        remembered full screen would cover the GM's window at start-up."""
        memory = self._projector_memory
        if not memory.shown:
            return
        projector = self._ensure_projector()
        screen = self.projector_screen()
        self.show_player_view(fullscreen=memory.fullscreen and projector.own_screen(screen))

    def _on_follow_change(self) -> None:
        if self.projector is not None:
            self.projector.set_follow_gm(self.follow_action.isChecked())

    # -- window, docks and zoom remembered --------------------------------------------------------------------
    def _restore_layout(self) -> None:
        """The window's size and place, the docks and the zoom as last left;
        a first start gets a window that fits the screen and a fitted board."""
        geometry = self.settings.window_geometry()
        if geometry is None or not self.restoreGeometry(geometry):
            area = self.screen().availableGeometry()
            self.resize(min(DEFAULT_SIZE[0], area.width()), min(DEFAULT_SIZE[1], area.height()))
        state = self.settings.window_state()
        self._restored_layout = state is not None and self.restoreState(state)
        if not self._restored_layout:
            self._arrange_docks()
            self._size_docks()

    def _restore_zoom(self) -> None:
        zoom = self.settings.board_zoom()
        if zoom is None:
            self.board_view.fit()
            return
        self.board_view.set_zoom(zoom.factor)
        self.board_view.centerOn(zoom.center)

    def _schedule_remember(self, *_: object) -> None:
        if self._first_show_done:
            self._remember_timer.start()

    def remember_layout(self) -> None:
        """Write the window, docks and zoom now (also at exit)."""
        self._remember_timer.stop()
        if not self._first_show_done:
            return
        if not self.isFullScreen():
            self.settings.set_window_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        view = self.board_view
        zoom = None if view.auto_fit else BoardZoom(view.zoom, view.visible_scene_rect().center())
        self.settings.set_board_zoom(zoom)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._first_show_done:
            self._first_show_done = True
            self._restore_zoom()
            QTimer.singleShot(0, self, self._restore_projector)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._schedule_remember()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self._schedule_remember()

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
            panels = (self.characters, self.dicebox, self.eventlog) if self._panels_ready else ()
            panels += tuple(w for w in self.ruleset_docks.panel_widgets() if hasattr(w, "retranslate"))
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
        self.blank_action.setText(self.tr("&Blank the player view"))
        self.blank_action.setToolTip(self.tr("Black out the players' screen while you prepare (B)"))
        self.projector_fullscreen_action.setText(self.tr("Player view full scree&n"))
        self.screen_menu.setTitle(self.tr("Player view &screen"))
        self.follow_action.setText(self.tr("Player view follows my &zoom"))
        self.fullscreen_action.setText(self.tr("F&ull screen"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.characters_dock.setWindowTitle(self.tr("Characters"))
        self.dice_dock.setWindowTitle(self.tr("Dice box"))
        self.log_dock.setWindowTitle(self.tr("Event log"))
        self.procedure_menu.setTitle(self.tr("&Procedure"))
        self.ruleset_docks.retranslate()
        self.resolve_action.setText(self.tr("&Resolve the step"))
        self.board_scene.retranslate()
        if self._battle_parts is not None:
            self._battle_parts[2].retranslate()
            self._battle_parts[0].retranslate()
        else:
            self.battle_menu.setTitle(battle_tr("&Battle"))
            self.battle_page_action.setText(battle_tr("Show the battle board"))
        self.pages.retranslate()
        self._on_history_change()
        self._on_title_change()

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
        self.remember_layout()
        if self.projector is not None:
            # Closed with the GM window: remembered as it was, shown at the next start.
            self.projector.state_changed.disconnect(self._on_projector_change)
            self.projector.close()
        super().closeEvent(event)
