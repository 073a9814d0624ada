"""The GM's main window: the board in the middle, docks around it, menus,
shortcuts and a status bar with the saved indicator.

The window changes nothing by itself: menus and keys become commands through
the bridge (or calls on the board scene, which dispatches), and every view
redraws from the outcome.  No global reaches it; the bridge, the session
controller and the prompts are passed in.  Its rooms live in ``app.window``:
the ruleset's docks, the players' window, the battle page, the File menu's
work, the layout memory and the saved indicator.

A ruleset without the card table (its GUI part says so) gets no card board:
the battle page is the whole central area, and the Edit menu has no Tap/Flip.

Start-up (``defer_panels=True``, used by ``app.main``): the board is what the GM
looks at first, so the window shows it with the four docks still empty and
builds the panels (characters, dice box, event log, procedure) — and imports the
rules engine behind them — just after the board's first paint, when it also
names the Undo/Redo actions (that reads the journal).  The docks, and so the
layout, the View menu and the dock titles, exist from the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QMoveEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from app.battle.words import tr as battle_tr
from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.dialogs.prompts import Prompts
from app.i18n import Retranslating, Translations, remember_language
from app.rulesets import has_card_table
from app.sessions import SessionController
from app.settings import TableSettings
from app.window.battle_host import BattleHost
from app.window.file_actions import FileActions
from app.window.layout import WindowLayout, add_dock, dock_panel, scrolled
from app.window.menus import MenuWindow
from app.window.players import PlayersDevices
from app.window.projector_host import ProjectorHost
from app.window.ruleset_docks import RulesetDocks
from app.window.saved_indicator import SavedIndicator
from engine.errors import EngineError

if TYPE_CHECKING:
    from app.battle.actions import BattleActions
    from app.battle.scene import BattleScene
    from app.panels.characters import CharactersPanel
    from app.panels.dicebox import DiceBox
    from app.panels.eventlog import EventLog
    from engine.core.session import Outcome

STATUS_MS = 6000
#: With deferred panels: build them anyway this long after construction if the
#: board has not painted by then (a window started minimised, say).
PANELS_FALLBACK_MS = 2000


class MainWindow(Retranslating, MenuWindow):
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
        self.settings = TableSettings()
        self.files = FileActions(bridge, sessions, self.prompts, self.show_status, self)

        self.board_scene = BoardScene(bridge, parent=self)
        self.board_view = BoardView(self.board_scene, self)
        # The battle board is the second page of the central area (F6), built on first use
        # (F6, the Battle menu, its tab, a session with a battle).
        self.battle_menu = QMenu(self)
        self.battle_page_action = self._action(self._toggle_battle_page, ("F6",))
        self.battle_page_action.setCheckable(True)
        self.battle_menu.addAction(self.battle_page_action)
        self.battle = BattleHost(
            self, bridge, self.board_view, self.battle_menu, self.battle_page_action, status=self.show_status
        )
        self.pages = self.battle.pages
        self.setCentralWidget(self.pages)
        self.players = ProjectorHost(
            self,
            bridge,
            self.settings,
            self._action,
            board_view=self.board_view,
            battle_view=lambda: self.battle_view,
            battle_shown=lambda: self.pages.showing_battle,
        )
        self.devices = PlayersDevices(self, bridge, sessions, self._action)

        # Party and history on the left; the ruleset's procedure (app.rulesets) above
        # the dice on the right: the GM reads the step, then rolls or resolves below it.
        self.characters_dock = add_dock(self, "characters", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.log_dock = add_dock(self, "eventlog", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.dice_dock = add_dock(self, "dicebox", Qt.DockWidgetArea.RightDockWidgetArea)
        self._panels_ready = False
        self._first_paint: QWidget | None = None  # the view whose first paint builds deferred panels
        self.layout_memory = WindowLayout(
            self,
            self.settings,
            self.board_view,
            left=(self.characters_dock, self.log_dock),
            dice=self.dice_dock,
            procedure=lambda: self.stepper_dock,
            ruleset_dock=lambda: self.stepper_dock or self.ruleset_docks.main_dock(),
        )

        self.saved_indicator = SavedIndicator(sessions)
        self.statusBar().addPermanentWidget(self.saved_indicator)

        self._make_actions()
        self._make_menus()
        self.menuBar().insertMenu(self.procedure_menu.menuAction(), self.battle_menu)
        self.pages.battle_shown.connect(self._on_page_change)
        bridge.applied.connect(lambda _outcome: self.battle.open_if_battle())
        bridge.session_replaced.connect(self.battle.open_if_battle)
        self.battle.open_if_battle()
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
        # a refused drop is said at the drop point too (refusals where the eye is)
        self.board_scene.status_message.connect(lambda text: self.show_refusal(text, at_cursor=True))
        bridge.applied.connect(self._on_outcome)
        bridge.refused.connect(self._on_refused)
        bridge.session_replaced.connect(self.sync_from_state)
        sessions.file_changed.connect(self._on_title_change)
        sessions.saved_changed.connect(lambda _saved: self._on_title_change())
        sessions.recent_changed.connect(self._on_recent_change)

        self.layout_memory.restore()
        self.layout_memory.watch(self.ruleset_docks.docks.values())
        self.retranslate()
        self.sync_from_state()
        if defer_panels:
            # After the first paint of the board shown (the battle board's without the card
            # table; see module docstring); the timer is a safety net for a window not painted soon.
            self._first_paint = self.current_view().viewport()
            self._first_paint.installEventFilter(self)
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

    @property
    def card_table(self) -> bool:
        """Whether the session's ruleset plays on the card table (its GUI part says)."""
        return has_card_table(self.bridge.state.ruleset)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self._first_paint:
            watched.removeEventFilter(self)
            # Let this paint reach the screen first; then build the panels.
            QTimer.singleShot(0, self, self._build_deferred_panels)
        return super().eventFilter(watched, event)

    def _build_deferred_panels(self) -> None:
        if self._panels_ready:
            return
        if self._first_paint is not None:
            self._first_paint.removeEventFilter(self)
        self._build_panels()
        self.layout_memory.panels_built()
        self._on_history_change()

    def _build_panels(self) -> None:
        """Create the dock panels and wire them; the docks already exist."""
        from app.panels.characters import CharactersPanel
        from app.panels.dicebox import DiceBox
        from app.panels.eventlog import EventLog

        bridge = self.bridge
        self.characters = CharactersPanel(bridge, self.prompts)
        self.dicebox = DiceBox(bridge)
        self.characters.typed_dice = self.dicebox  # a sheet's roll takes the dice typed in the box
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

    # -- state → widgets ----------------------------------------------------------------------------
    def sync_from_state(self) -> None:
        if self.ruleset_docks.rebuild():  # a session of another ruleset: its own docks
            self.layout_memory.ruleset_changed()
        self._show_card_table(self.card_table)
        self._on_step_change(self.stepper.info if self.stepper is not None else None)
        self._on_history_change()
        self._on_title_change()
        self._on_language_change()

    def _show_card_table(self, shown: bool) -> None:
        """Without the card table: no card board page, no Tap/Flip (nor their keys)."""
        self.battle.show_card_board(shown)
        self.show_card_actions(shown)

    def _on_outcome(self, _outcome: Outcome) -> None:
        self._on_history_change()

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

    # -- the battle page (app.window.battle_host) ----------------------------------------------
    @property
    def battle_built(self) -> bool:
        return self.battle.parts is not None

    @property
    def battle_scene(self) -> BattleScene:
        return self.battle.ensure()[0]

    @property
    def battle_view(self) -> BoardView:
        return self.battle.ensure()[1]

    @property
    def battle_actions(self) -> BattleActions:
        return self.battle.ensure()[2]

    def ensure_battle(self) -> tuple[BattleScene, BoardView, BattleActions]:
        """The battle page's scene, view and menu, built now if this is their first use."""
        return self.battle.ensure()

    def _toggle_battle_page(self) -> None:
        self.battle.toggle()

    def _on_page_change(self, battle: bool) -> None:
        """The GM switched pages: the menu's check follows, and so does the players' window."""
        self.battle_page_action.setChecked(battle)
        self.players.show_battle(battle)

    # -- refusals and the status bar ----------------------------------------------------------------
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

    # -- window, docks and zoom remembered (app.window.layout) -------------------------------------------
    def remember_layout(self) -> None:
        """Write the window, docks and zoom now (also at exit)."""
        self.layout_memory.remember()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.layout_memory.first_show_done:
            self.layout_memory.first_show()
            QTimer.singleShot(0, self, self.players.restore)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.layout_memory.schedule()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self.layout_memory.schedule()

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
            panels: tuple[QWidget, ...] = (self.characters, self.dicebox, self.eventlog) if self._panels_ready else ()
            panels += tuple(w for w in self.ruleset_docks.panel_widgets() if hasattr(w, "retranslate"))
            for widget in (self, *panels, self.saved_indicator):
                widget.retranslate()  # type: ignore[attr-defined]
        self._on_language_change()
        remember_language(lang)

    def retranslate(self) -> None:
        self.retranslate_menus()
        self.ruleset_docks.retranslate()
        self.board_scene.retranslate()
        if self.battle.parts is not None:
            self.battle.parts[2].retranslate()
            self.battle.parts[0].retranslate()
        else:
            self.battle_menu.setTitle(battle_tr("&Battle"))
            self.battle_page_action.setText(battle_tr("Show the battle board"))
        self.pages.retranslate()
        self._on_history_change()
        self._on_title_change()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Close the file; if the disk still owes changes, the GM decides."""
        if not self.files.close_at_exit():
            event.ignore()
            return
        self.remember_layout()
        self.players.close()
        self.devices.close()
        super().closeEvent(event)


__all__ = ["MainWindow", "dock_panel", "scrolled"]
