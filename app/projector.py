"""The players' window: the board on a projector or a second monitor.

Its scene is a ``BoardScene(player=True)``, drawn only from
``player_view(state, PROJECTOR)``: face-down cards are backs, hands are backs
with a count, and the lingering bone, secret rolls, GM notes and the characters
the GM has not shown yet are simply not in the state it draws.  It follows the
GM view's zoom and pan unless told otherwise, updates live from the same bridge
signals, and takes no gestures.

Around the board it shows what players at a CCFOLIA or Udonarium table expect:
a banner with the cycle and phase, and a feed of the public rolls with who
rolled them (both read for the projector's seat, so a secret roll, or a roll or
result naming a character not shown yet, can never reach it).

It must never trap the GM: it opens without taking the keyboard, full screen
only on a screen of its own (or when asked: F11 here, or the View menu), and
Esc or F11 here bring it back to a normal window.  The GM can blank it (a
black "the GM is preparing" screen) while setting something up.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRect, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QHideEvent,
    QKeySequence,
    QMoveEvent,
    QPalette,
    QResizeEvent,
    QScreen,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStackedLayout,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.battle.scene import BattleScene
from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge
from app.rulesets import players_lines_of, players_results_of, progress_of
from engine.core.changes import Area
from engine.core.roll_log import roll_line
from engine.core.seats import PROJECTOR, hidden_characters, mentions, public_rolls
from engine.core.session import Outcome
from engine.core.state import RollRecord, State

#: how many public rolls the feed keeps on screen (newest first)
FEED_ROWS = 8
#: how many public event-stage results the players' window lists (newest first)
RESULT_ROWS = 3
FEED_WIDTH = 380
FEED_MIN_WIDTH = 200
FEED_SHARE = 0.26
#: a normal (not full-screen) players' window takes this share of its screen
WINDOWED_SHARE = 0.6
#: the smallest players' window worth opening beside the GM window rather than over its far corner
MIN_PLACE = (320, 200)


def _free_strip(area: QRect, gm: QRect) -> QRect:
    """The largest part of ``area`` right of, left of, below or above ``gm``."""
    strips = [
        QRect(gm.right() + 1, area.y(), area.right() - gm.right(), area.height()),
        QRect(area.x(), area.y(), gm.x() - area.x(), area.height()),
        QRect(area.x(), gm.bottom() + 1, area.width(), area.bottom() - gm.bottom()),
        QRect(area.x(), area.y(), area.width(), gm.y() - area.y()),
    ]
    return max(strips, key=lambda r: max(0, r.width()) * max(0, r.height()))


#: activation this soon after opening is the window manager's doing, not the GM's
#: click, so the keyboard goes back to the GM window
FOCUS_GRACE_S = 1.5

BANNER_STYLE = "background: #1d2b21; color: #ffe9a8; padding: 6px 16px; border-bottom: 2px solid #ffc83d;"


def _feed_title() -> QLabel:
    """The gold heading of a feed column ("Rolls", "Results")."""
    title = QLabel()
    title.setStyleSheet("color: #ffc83d; padding: 6px 8px; font-weight: bold;")
    font = QFont(title.font())
    font.setPixelSize(20)
    title.setFont(font)
    return title


def _feed_row(pixels: int, newest: bool, colour: str, padding: str) -> QLabel:
    """One word-wrapped line of a feed; the newest is bold and bright."""
    row = QLabel()
    row.setWordWrap(True)
    font = QFont(row.font())
    font.setPixelSize(pixels)
    font.setBold(newest)
    row.setFont(font)
    row.setStyleSheet(f"color: {colour}; padding: {padding}; border-bottom: 1px solid #24382a;")
    return row


class RollFeed(QWidget):
    """The public rolls, newest on top, each with the roller's name.

    Word-wrapped labels rather than a list view: a list lays its rows out for
    the width it had, and a roll line cut with "…" is no use to a player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#101810"))
        self.setPalette(palette)
        self.setStyleSheet("RollFeed { border-left: 2px solid #3d5243; }")
        self.title = _feed_title()
        self.rows: list[QLabel] = []
        self._box = QVBoxLayout(self)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._box.setSpacing(0)
        # the event stages' results first: a player looks for what came of the event
        self.results = ResultFeed()
        self._box.addWidget(self.results)
        self._box.addWidget(self.title)
        for index in range(FEED_ROWS):
            row = _feed_row(26 if index == 0 else 20, index == 0, "#ffe9a8" if index == 0 else "#f4f7f4", "6px 8px")
            self.rows.append(row)
            self._box.addWidget(row)
        self._box.addStretch(1)
        self.setFixedWidth(FEED_WIDTH)

    def show_rolls(self, state: State, rolls: Sequence[RollRecord], lang: str) -> None:
        """``rolls`` is the session's roll log; secret rolls never reach the players."""
        public = [record for record in rolls if not record.result.secret]
        # the results above take room: fewer roll rows then (the newest stay)
        room = FEED_ROWS - 2 * len(self.results.lines()) if self.results.lines() else FEED_ROWS
        newest = list(reversed(public[-max(3, room) :]))
        for index, row in enumerate(self.rows):
            row.setText(roll_line(state, newest[index], lang) if index < len(newest) else "")
        self.title.setVisible(bool(newest))
        self.setVisible(bool(newest) or self.results.isVisibleTo(self))
        self.fit_rows()

    def fit_rows(self) -> None:
        """Every roll shown whole: each row keeps the height its wrapped text needs,
        and the oldest rows that would not fit below are left out (a row squeezed by
        the layout is cut in half; the newest, on top, is always shown)."""
        width = self.width()
        room = self.height() - (self.title.sizeHint().height() if self.title.isVisibleTo(self) else 0)
        if self.results.isVisibleTo(self):
            room -= self.results.sizeHint().height()
        used = 0
        for index, row in enumerate(self.rows):
            needed = row.heightForWidth(width) if row.text() else 0
            fits = bool(row.text()) and (index == 0 or used + needed <= room)
            row.setMinimumHeight(needed if fits else 0)
            row.setVisible(fits)
            used += needed if fits else 0

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_rows()

    def lines(self) -> list[str]:
        """What the feed shows, newest first (tests read it as players would)."""
        return [row.text() for row in self.rows if row.text()]


class ResultFeed(QWidget):
    """The public results of the event stages, newest on top: what
    came of an obstacle, an interaction, an encounter, remains or a treasure —
    the ruleset picks only results whose whole text is public."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("results")
        self.title = _feed_title()
        self.rows: list[QLabel] = []
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.addWidget(self.title)
        for index in range(RESULT_ROWS):
            row = _feed_row(20 if index == 0 else 17, index == 0, "#ffe9a8" if index == 0 else "#dfe8df", "4px 8px")
            row.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            self.rows.append(row)
            box.addWidget(row)

    def show_results(self, lines: Sequence[str]) -> None:
        newest = list(lines[:RESULT_ROWS])
        for index, row in enumerate(self.rows):
            row.setText(newest[index] if index < len(newest) else "")
            row.setVisible(index < len(newest))
        self.setVisible(bool(newest))
        self.fit_rows()

    def fit_rows(self) -> None:
        """Each result keeps the height its wrapped text needs (a squeezed row
        would paint over the next); the roll feed below gives way instead."""
        width = max(self.width(), FEED_MIN_WIDTH)
        for row in self.rows:
            row.setMinimumHeight(row.heightForWidth(width) if row.text() else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_rows()

    def lines(self) -> list[str]:
        """What the list shows, newest first (tests read it as players would)."""
        return [row.text() for row in self.rows if row.text()]


class ProjectorWindow(QWidget):
    """A top-level window showing the players' board."""

    #: shown, hidden, full screen or blanked changed (the GM window remembers it)
    state_changed = Signal()
    #: the GM moved or resized the (windowed) players' window
    geometry_changed = Signal()

    def __init__(
        self,
        bridge: SessionBridge,
        gm_view: BoardView | None = None,
        parent: QWidget | None = None,
        *,
        battle_gm_view: BoardView | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("projector")
        # Opening it must leave the keyboard with the GM's window (Ctrl+Z, T, F).
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.bridge = bridge
        self._gm_view = gm_view
        self.scene = BoardScene(bridge, player=True, parent=self)
        self.view = BoardView(self.scene, self)
        self.view.setFrameShape(BoardView.Shape.NoFrame)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The battle board from the players' view: hidden enemies and GM notes are
        # not in the state it draws, and the GM's shading lives only in the GM's scene.
        self._battle_gm_view = battle_gm_view
        self.battle_scene = BattleScene(bridge, player=True, parent=self)
        self.battle_view = BoardView(self.battle_scene, self)
        self.battle_view.setFrameShape(BoardView.Shape.NoFrame)
        self.battle_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.surfaces = QStackedWidget()
        self.surfaces.addWidget(self.view)
        self.surfaces.addWidget(self.battle_view)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(self.scene.board_style.board_bg))
        self.setPalette(palette)
        self.setAutoFillBackground(True)

        self.banner = QLabel()
        self.banner.setStyleSheet(BANNER_STYLE)
        banner_font = QFont(self.font())
        banner_font.setPixelSize(30)
        banner_font.setBold(True)
        self.banner.setFont(banner_font)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)  # a long phase wraps rather than widening the window
        # What the ruleset lists for the players (CoC: the modifier pool, the round order).
        self.table_lines = QLabel()
        self.table_lines.setObjectName("players-lines")
        self.table_lines.setStyleSheet(BANNER_STYLE)
        lines_font = QFont(self.font())
        lines_font.setPixelSize(22)
        self.table_lines.setFont(lines_font)
        self.table_lines.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.table_lines.setWordWrap(True)
        self.table_lines.hide()
        self.feed = RollFeed()
        # the feed scrolls inside its column: its wrapped rows keep their heights (no line
        # paints over the next) and never make the window grow past the size the GM gave it
        self.feed_area = QScrollArea()
        self.feed_area.setObjectName("feed-area")
        self.feed_area.setWidget(self.feed)
        self.feed_area.setWidgetResizable(True)
        self.feed_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.feed_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.feed_area.setPalette(self.feed.palette())
        self.feed_area.setAutoFillBackground(True)
        board_page = QWidget()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.surfaces, 1)
        row.addWidget(self.feed_area)
        column = QVBoxLayout(board_page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(self.table_lines)
        column.addLayout(row, 1)

        self.blank_page = QLabel()
        self.blank_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.blank_page.setStyleSheet("background: black; color: #d8d8d8;")
        blank_font = QFont(self.font())
        blank_font.setPixelSize(44)
        self.blank_page.setFont(blank_font)
        self.pages = QStackedLayout(self)
        self.pages.setContentsMargins(0, 0, 0, 0)
        self.pages.addWidget(board_page)
        self.pages.addWidget(self.blank_page)

        self._fullscreen_key = QShortcut(QKeySequence(Qt.Key.Key_F11), self)
        self._fullscreen_key.activated.connect(self.toggle_fullscreen)
        self._escape_key = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self._escape_key.activated.connect(self.leave_fullscreen)
        self._follow = False
        self._opened_at = 0.0
        #: the windowed geometry the GM gave it (kept when it is hidden and shown again)
        self._placed = False
        self.resize(1280, 720)
        bridge.applied.connect(self._on_outcome)
        bridge.session_replaced.connect(self.sync_from_state)
        self.retranslate()
        self.set_follow_gm(gm_view is not None)

    # -- interface ------------------------------------------------------------------
    @property
    def following(self) -> bool:
        return self._follow

    @property
    def blanked(self) -> bool:
        return self.pages.currentIndex() == 1

    @property
    def showing_battle(self) -> bool:
        return self.surfaces.currentIndex() == 1

    def show_battle(self, on: bool) -> None:
        """Show the battle board (True) or the exploration board; the GM's page switch calls it."""
        self.surfaces.setCurrentIndex(1 if on else 0)
        if on and not self._follow:
            self.battle_view.fit()

    def set_blanked(self, on: bool) -> None:
        """Black out the board ("the GM is preparing") or bring it back."""
        if on != self.blanked:
            self.pages.setCurrentIndex(1 if on else 0)
            self.state_changed.emit()

    def set_follow_gm(self, enabled: bool) -> None:
        """Mirror the GM view's visible area, or fit the whole board (and keep it fitted)."""
        self._follow = enabled and self._gm_view is not None
        self.view.follow(self._gm_view if self._follow else None)
        follow_battle = enabled and self._battle_gm_view is not None
        self.battle_view.follow(self._battle_gm_view if follow_battle else None)
        if not self._follow:
            self.view.fit()
        if not follow_battle:
            self.battle_view.fit()

    def own_screen(self, screen: QScreen) -> bool:
        """True when ``screen`` is free for the players (not the GM's own screen)."""
        if len(QGuiApplication.screens()) < 2:
            return False
        gm = self._gm_view.window().screen() if self._gm_view is not None else QGuiApplication.primaryScreen()
        return screen is not gm

    def show_on(self, screen: QScreen | None, fullscreen: bool | None = None) -> None:
        """Show on ``screen`` (None: where it is).  Full screen when asked, or by
        default only on a screen of its own; on the GM's screen a normal window."""
        if screen is None:
            screen = self.screen()
        self._opened_at = time.monotonic()
        if fullscreen is None:
            fullscreen = self.own_screen(screen)
        if self.windowHandle() is not None and self.windowHandle().screen() is not screen:
            self.windowHandle().setScreen(screen)
        self.setScreen(screen)
        on_screen = screen.availableGeometry().contains(self.geometry().center())
        if not on_screen or not (self.isVisible() or self._placed):
            # The normal geometry on that screen is also where F11/Esc come back to,
            # so it is a window with its title bar on the screen, never screen-sized.
            self._place_windowed(screen)
        if fullscreen:
            self.showFullScreen()
        else:
            if self.isFullScreen():
                self.showNormal()
            self.show()
        self.state_changed.emit()

    @property
    def placed(self) -> bool:
        """It has a windowed place of its own (the GM's, or the first one it was given)."""
        return self._placed

    def restore_place(self, remembered: QRect, screen: QScreen) -> bool:
        """Take the place and size the GM gave it at the last run, pulled inside
        ``screen``'s free area (a screen smaller now, a window dragged past the
        edge); refused (False) when it would cover most of the GM window."""
        self.winId()  # a native window: the window manager's frame is known
        frame = self.windowHandle().frameMargins()
        # the frame (title bar, borders) is inside the screen too
        area = screen.availableGeometry().marginsRemoved(frame)
        width, height = min(remembered.width(), area.width()), min(remembered.height(), area.height())
        x = min(max(remembered.x(), area.x()), area.x() + area.width() - width)
        y = min(max(remembered.y(), area.y()), area.y() + area.height() - height)
        place = QRect(x, y, width, height)
        home = self._gm_view.window() if self._gm_view is not None else None
        if home is not None and home.isVisible() and home.screen() is screen:
            covered = place.intersected(home.frameGeometry())
            if covered.width() * covered.height() * 2 > place.width() * place.height():
                return False
        self.setGeometry(place)
        self._placed = True
        return True

    def _place_windowed(self, screen: QScreen) -> None:
        area = screen.availableGeometry()
        width, height = int(area.width() * WINDOWED_SHARE), int(area.height() * WINDOWED_SHARE)
        home = self._gm_view.window() if self._gm_view is not None else None
        if home is not None and home.isVisible() and home.screen() is screen:
            # the largest strip of the screen the GM window leaves free, if a readable window fits
            self.winId()  # a native window: the window manager's frame is known
            free = _free_strip(area, home.frameGeometry()).marginsRemoved(self.windowHandle().frameMargins())
            if free.width() >= MIN_PLACE[0] and free.height() >= MIN_PLACE[1]:
                self.setGeometry(free.x(), free.y(), min(width, free.width()), min(height, free.height()))
                self._placed = True
                return
        # else the far corner from the GM window's, away from most of the GM's controls
        gm = home.geometry() if home is not None else None
        left = gm is not None and gm.center().x() < area.center().x()
        x = area.right() - width - 40 if left else area.x() + 40
        self.setGeometry(x, area.y() + 60, width, height)
        self._placed = True

    def toggle_fullscreen(self) -> None:
        """F11: leave or enter full screen (on the window's current screen)."""
        if self.isFullScreen():
            self.leave_fullscreen()
        else:
            self.showFullScreen()
            self.state_changed.emit()

    def leave_fullscreen(self) -> None:
        """Esc: back to a normal window whose title bar is on the screen."""
        if not self.isFullScreen():
            return
        self.showNormal()
        area = self.screen().availableGeometry()
        if self.geometry().width() >= area.width() or self.geometry().height() >= area.height():
            self._place_windowed(self.screen())
        self.state_changed.emit()

    # -- state → widgets ---------------------------------------------------------------
    def sync_from_state(self) -> None:
        self._on_banner_change()
        self._on_rolls_change()

    def _on_outcome(self, outcome: Outcome) -> None:
        changes = outcome.changes
        if changes.touches(Area.DICE) or changes.touches(Area.LOG) or changes.touches(Area.CHARACTERS):
            self._on_rolls_change()
        else:  # any command may bring an event stage's result (or take one back)
            self._on_results_change()
        self._on_banner_change()

    def _on_banner_change(self) -> None:
        lines = players_lines_of(self.scene.view_state(), self.bridge.lang)
        self.table_lines.setText("\n".join(lines))
        self.table_lines.setVisible(bool(lines))
        progress = progress_of(self.scene.view_state(), self.bridge.lang)
        if progress is None:
            self.banner.hide()
            return
        if progress.unit == "round":
            banner = self.tr("Round {number} — {phase}")
        else:
            banner = self.tr("Cycle {number} — {phase}")
        self.banner.setText(banner.format(number=progress.number, phase=progress.phase))
        self.banner.show()

    def _on_rolls_change(self) -> None:
        self._on_results_change()
        rolls = public_rolls(self.bridge.state, self.bridge.session.rolls.records(), PROJECTOR)
        self.feed.show_rolls(self.scene.view_state(), rolls, self.bridge.lang)
        self.feed_area.setVisible(self.feed.isVisibleTo(self.feed_area))

    def _on_results_change(self) -> None:
        session = self.bridge.session
        hidden = hidden_characters(session.state, PROJECTOR).values()
        # A result naming a character the GM has not shown yet would introduce them: left
        # out (a few more are read then, so the list stays full).
        limit = RESULT_ROWS * 3 if hidden else RESULT_ROWS
        lines = players_results_of(session.state.ruleset, session.done, self.bridge.lang, limit)
        results = [line for line in lines if not mentions(line, hidden)][:RESULT_ROWS]
        self.feed.results.show_results(results)
        if results:
            self.feed.show()
        self.feed_area.setVisible(self.feed.isVisibleTo(self.feed_area))

    def results(self) -> list[str]:
        """The public results listed, newest first (tests read them as players would)."""
        return self.feed.results.lines()

    # -- events ------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        # The feed never takes more than about a quarter of a small window.
        width = max(FEED_MIN_WIDTH, min(FEED_WIDTH, int(self.width() * FEED_SHARE)))
        self.feed.setFixedWidth(width)
        self.feed_area.setFixedWidth(width)
        super().resizeEvent(event)
        if self.isVisible() and not self.isFullScreen():
            self.geometry_changed.emit()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        if self.isVisible() and not self.isFullScreen():
            self.geometry_changed.emit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.isFullScreen():
            self._placed = True  # a windowed geometry it had: kept when shown again
        self.state_changed.emit()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.state_changed.emit()

    def _give_keyboard_back(self) -> None:
        """A window manager that activates the new window anyway (openbox does,
        for a full-screen one) must not leave the GM typing into the players' screen."""
        home = self._gm_view.window() if self._gm_view is not None else None
        if home is None or not home.isVisible():
            return
        if time.monotonic() - self._opened_at < FOCUS_GRACE_S:
            QTimer.singleShot(0, home, home.activateWindow)

    # -- language -------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Players' view — yobigoe"))
        self.blank_page.setText(self.tr("The GM is preparing"))
        self.feed.title.setText(self.tr("Rolls"))
        self.feed.results.title.setText(self.tr("Results"))
        self.scene.retranslate()
        self.battle_scene.retranslate()
        self.sync_from_state()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.WindowStateChange:
            self.state_changed.emit()
        elif event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self._give_keyboard_back()
        super().changeEvent(event)


__all__ = ["ProjectorWindow", "ResultFeed", "RollFeed"]
