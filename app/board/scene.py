"""The exploration board: one QGraphicsScene for the grid, the piles, the hands
and the tokens (DESIGN.md, GUI).

The scene owns the gestures: a drag, a double-click or a menu action becomes
exactly one command sent through the bridge (origin ``"board"``); nothing here
changes the state.  Updates come back through ``bridge.applied`` and touch
only the items the outcome's ``changes`` name.  With ``player=True`` the
scene is the projector's: it is drawn only from ``player_view(state, PROJECTOR)`` and
takes no gestures, menus or peeks.

The work is shared out: :mod:`app.board.frame` (squares, piles, hand zones, the
square under the mouse), :mod:`app.board.cardlayer` (cards),
:mod:`app.board.tokens` (markers, party, bone), :mod:`app.board.gestures` with
the shared :class:`app.common.drag.DragController` (drags), and
:mod:`app.board.menus` (right-click menus).  This class wires them to the bridge
and to Qt's events.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QMenu,
    QStyleOptionGraphicsItem,
    QToolTip,
)

from app.board.cardlayer import CardLayer
from app.board.cards import LOD_SIMPLE, CardItem
from app.board.drag import Drag, DragKind
from app.board.focus import FocusKind, FocusOverlay, FocusSource, StepFocus
from app.board.frame import PAN_ROOM, BoardFrame
from app.board.gestures import CardBoardDrags, is_deck
from app.board.hands import HandItem
from app.board.items import BoardItem, TargetOverlay
from app.board.layout import (
    GM_STYLE,
    PROJECTOR_STYLE,
    Z_DRAG,
    Z_FOCUS_OVER,
    Z_FOCUS_UNDER,
    Z_TARGETS,
    BoardLayout,
)
from app.board.markers import MarkerItem, PartyItem
from app.board.piles import PileItem
from app.board.selection import BoardSelection
from app.board.squares import BoneMarkerItem, SquareItem
from app.board.stack_list import stack_tooltip
from app.board.stacks import StackLayer
from app.board.tokens import TokenLayer
from app.bridge import SessionBridge
from app.common.drag import DragController
from app.rulesets import pieces_of
from engine.core.changes import Area
from engine.core.player_view import player_view
from engine.core.seats import PROJECTOR
from engine.core.state import State
from engine.errors import EngineError
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, Place, hand, secret, square

if TYPE_CHECKING:
    from app.board.menus import BoardMenus, DeckListDialog
    from engine.core.commands import CommandBase
    from engine.core.session import Outcome

# Painting the board needs only the state and the items above.  What a gesture
# means (commands, legal targets, the investigation's declarations) and the
# context menus are imported on the first gesture, so the first paint does not
# wait for the rules engine (see benchmarks/RESULTS.md, "Start-up").


class BoardScene(QGraphicsScene):
    """The board of one surface: the GM's (gestures, menus, peeks) or the players'."""

    #: a sentence for the status bar, in the current language (why a drop was refused…)
    status_message = Signal(str)
    #: the character whose hand was clicked on the board (the shell may follow it)
    selected_character_changed = Signal(object)

    def __init__(self, bridge: SessionBridge, *, player: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._player = player
        self.board_style = PROJECTOR_STYLE if player else GM_STYLE
        self.layout = BoardLayout.build(0, 0)
        self._selected_character: str | None = None
        self.target_overlay = TargetOverlay(self.board_style, Z_TARGETS)
        self.addItem(self.target_overlay)
        self.frame = BoardFrame(self)
        self.cards = CardLayer(self)
        self.stacked = False  # every view is zoomed out below LOD_SIMPLE (app/board/stacks.py)
        self.stack_layer = StackLayer(self.cards.cards.values)
        self.addItem(self.stack_layer)
        self.sceneRectChanged.connect(self._bound_stacks)
        self.drag_rules = CardBoardDrags(self)
        self.drags: DragController[Drag, CommandBase] = DragController(self.drag_rules, z_top=Z_DRAG)
        self.tokens = TokenLayer(self)
        self.selection = BoardSelection(self)
        self._focus = StepFocus()
        self._focus_items: tuple[FocusOverlay, ...] = ()
        if not player:
            self._focus_items = (
                FocusOverlay(self.board_style, Z_FOCUS_UNDER, (FocusKind.SQUARE, FocusKind.HAND)),
                FocusOverlay(self.board_style, Z_FOCUS_OVER, (FocusKind.CARD, FocusKind.MARKER)),
            )
            for overlay in self._focus_items:
                self.addItem(overlay)
        self._dispatching = False
        #: a selected member of a group pressed without Ctrl (see mouseReleaseEvent)
        self._group_press: CardItem | MarkerItem | None = None
        self._view_cache: tuple[State, State] | None = None
        self._menus: BoardMenus | None = None  # built on the first right-click (GM scene only)
        self.deck_dialog: DeckListDialog | None = None
        self.setBackgroundBrush(QColor(self.board_style.board_bg))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        bridge.applied.connect(self._on_applied)
        bridge.session_replaced.connect(self.sync_from_state)
        bridge.refused.connect(self._on_refused)
        self.sync_from_state()

    # -- public interface --------------------------------------------------------
    @property
    def bridge(self) -> SessionBridge:
        return self._bridge

    @property
    def player(self) -> bool:
        return self._player

    @property
    def menus(self) -> BoardMenus | None:
        """The GM's right-click menus (None in the projector), built on first use."""
        if self._player:
            return None
        if self._menus is None:
            from app.board.menus import BoardMenus

            self._menus = BoardMenus(self)
        return self._menus

    @property
    def selected_character(self) -> str | None:
        return self._selected_character

    @selected_character.setter
    def selected_character(self, character: str | None) -> None:
        if character == self._selected_character:
            return
        self._selected_character = character
        for cid, item in self.frame.hands.items():
            item.set_selected_character(cid == character)
        self.selected_character_changed.emit(character)

    def selected_card(self) -> str | None:
        """The GM's selected card (the last one clicked), or None."""
        for item in self.selectedItems():
            if isinstance(item, CardItem):
                return item.code
        return None

    def tap_selected(self) -> bool:
        """Tap or untap the selected card (key T)."""
        from engine.table.commands import TapCard

        return self._on_selected_card(TapCard, self.tr("Select a card first (click it), then tap it."))

    def flip_selected(self) -> bool:
        """Turn the selected card over (key F)."""
        from engine.table.commands import FlipCard

        return self._on_selected_card(FlipCard, self.tr("Select a card first (click it), then turn it over."))

    def _on_selected_card(self, command: type[CommandBase], missing: str) -> bool:
        """T and F: one card command on the selected card, or say how to select one."""
        card = self.selected_card()
        if card is None:
            self.status_message.emit(missing)
            return False
        return self.dispatch_command(command(card=card))  # type: ignore[call-arg]

    def draw_to_selected(self) -> bool:
        """Double-click on the deck: one card to the selected character's hand."""
        from engine.table.commands import DrawCards

        character = self._selected_character
        if character is None or character not in self._bridge.state.characters:
            self.status_message.emit(
                self.tr("Select a character first (in the characters panel or by clicking a hand), then draw.")
            )
            return False
        return self.dispatch_command(DrawCards(character=character, count=1))

    def dispatch_command(self, command: CommandBase) -> bool:
        """Every gesture ends here: one command through the bridge, origin "board"."""
        if self._player:
            return False
        self._dispatching = True
        try:
            return self._bridge.dispatch(command, origin="board")
        finally:
            self._dispatching = False

    def show_step(self, info: FocusSource | None) -> None:
        """Light what the procedure's current step is about (GM scene only): the
        squares, cards, characters (their hand zones) and markers the ruleset's
        procedure step names (the Upland stepper's ``StepInfo``); None clears it."""
        if self._player:
            return
        if info is None:
            self._focus = StepFocus()
        else:
            self._focus = StepFocus(
                squares=info.squares, cards=info.cards, characters=info.characters, markers=info.markers
            )
        self.refresh_focus()

    def step_focus(self) -> dict[tuple[FocusKind, str], QRectF]:
        """What the step highlight outlines right now (empty in the projector)."""
        out: dict[tuple[FocusKind, str], QRectF] = {}
        for overlay in self._focus_items:
            if overlay.isVisible():
                out.update(overlay.lit)
        return out

    def content_rect(self) -> QRectF:
        """What "fit to window" shows: the whole board with its margin."""
        return self.layout.content_rect()

    def view_state(self) -> State:
        """The state this scene draws: the GM's, or the players' copy."""
        state = self._bridge.state
        if not self._player:
            return state
        if self._view_cache is None or self._view_cache[0] is not state:
            self._view_cache = (state, player_view(state, PROJECTOR))
        return self._view_cache[1]

    @property
    def hovered_square(self) -> str | None:
        """The square lit as under the mouse (never during a drag), or None."""
        return self.frame.hovered

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The board's colour and the grid: the squares paint nothing themselves,
        so a view with ``CacheBackground`` (``BoardView``) keeps the grid as one
        pixmap and a repaint blits it (see benchmarks/RESULTS.md, "Board repaint")."""
        super().drawBackground(painter, rect)
        self.frame.paint_grid(painter, QRectF(rect))

    def views_zoomed(self) -> None:
        """A view zoomed: below ``LOD_SIMPLE`` in every view, the cards on the squares
        are painted by the one cached ``StackLayer`` instead of 500 items."""
        views = self.views()
        on = bool(views) and all(
            QStyleOptionGraphicsItem.levelOfDetailFromTransform(v.transform()) < LOD_SIMPLE for v in views
        )
        if on == self.stacked:
            return
        self.stacked = on
        self._bound_stacks()
        self.stack_layer.setVisible(on)
        for item in self.cards.cards.values():
            item.set_stacked(on)

    def _bound_stacks(self, *_: object) -> None:
        """The stack layer covers the board (the squares' cards lie inside it)."""
        self.stack_layer.set_bounds(self.content_rect())

    # -- item access (tests, menus, the projector) ---------------------------------
    def card_item(self, code: str) -> CardItem | None:
        return self.cards.cards.get(code)

    def card_items(self) -> list[CardItem]:
        return list(self.cards.cards.values())

    def square_item(self, name: str) -> SquareItem | None:
        return self.frame.squares.get(name)

    def pile_item(self, zone: PileKind) -> PileItem | None:
        return self.frame.piles.get(zone)

    def hand_item(self, character: str) -> HandItem | None:
        return self.frame.hands.get(character)

    def marker_item(self, character: str) -> MarkerItem | None:
        return self.tokens.markers.get(character)

    @property
    def party_item(self) -> PartyItem:
        return self.tokens.party

    @property
    def bone_item(self) -> BoneMarkerItem | None:
        return self.tokens.bone

    def board_items(self) -> Iterator[BoardItem]:
        for item in self.items():
            if isinstance(item, BoardItem):
                yield item

    def card_home(self, code: str) -> QPointF | None:
        """Where the state says a card lies (its pile position), for snap-back checks."""
        state = self.view_state()
        found = state.find(code)
        if found is None:
            return None
        place, index = found
        return self.layout.card_spot(place, index, len(state.pile(place))).center

    def retranslate(self) -> None:
        for item in self.board_items():
            item.retranslate()
        if not self._player:
            self.cards.update_tooltips()
            self.tokens.update_tooltips()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.GraphicsSceneLeave:
            self.frame.clear_hover()
        return super().event(event)

    # -- sync -----------------------------------------------------------------------
    def sync_from_state(self) -> None:
        """Redraw everything from the state (after load, New/Open, undo of a session)."""
        self.drags.abandon()
        self.selection.band_cancel()
        self.selection.clear()
        state = self.view_state()
        self.frame.rebuild(state, force=True)
        self._on_characters_change(state)
        self.cards.sync(state)
        self.tokens.sync(state)
        self.refresh_focus()

    def _on_applied(self, outcome: Outcome) -> None:
        changes = outcome.changes
        if Area.SESSION in changes.areas:
            self.sync_from_state()
            return
        state = self.view_state()
        if Area.CHARACTERS in changes.areas and self.frame.rebuild(state):
            # the party changed shape: hands moved, so everything on them moves
            self._on_characters_change(state)
            self.cards.sync(state)
            self.tokens.sync(state)
            self.refresh_focus()
            return
        places: set[Place] = {square(n) for n in changes.squares if n in self.frame.squares}
        if changes.areas & {Area.HANDS, Area.CHARACTERS}:
            places |= {hand(c) for c in changes.characters if c in state.hands}
        if Area.PILES in changes.areas:
            places |= {DECK, DISCARD, REMOVED}
        places |= {secret(k) for k in changes.slices if k in state.slices}
        if not self._player:
            for code in changes.cards:
                item = self.cards.cards.get(code)
                if item is not None and item.place is not None:
                    places.add(item.place)
                found = state.find(code)
                if found is not None:
                    places.add(found[0])
        if places:
            self.cards.lay_places(state, places)
        if Area.CHARACTERS in changes.areas:
            self._on_characters_change(state)
        pieces = pieces_of(state)
        moved = pieces is not None and pieces.slice in changes.slices
        if moved or Area.CHARACTERS in changes.areas:
            self.tokens.on_markers_change(state)
        if moved:
            self.tokens.on_party_change(state)
        if moved:
            self.tokens.on_bone_change(state)
        self.refresh_focus()

    def _on_refused(self, error: EngineError, origin: object) -> None:
        if self._dispatching and origin == "board":
            self.status_message.emit(self._bridge.message(error))

    def _on_characters_change(self, state: State) -> None:
        self.frame.on_characters_change(state)
        if self._selected_character is not None and self._selected_character not in state.characters:
            self.selected_character = None

    def refresh_focus(self) -> None:
        """Outline the step's focus where its items are now (cards and markers move)."""
        if not self._focus_items:
            return
        rects: dict[tuple[FocusKind, str], QRectF] = {}
        for kind, key in self._focus.keys():
            rect: QRectF | None = None
            if kind is FocusKind.SQUARE:
                rect = self.layout.squares.get(key)
            elif kind is FocusKind.HAND:
                rect = self.layout.hands.get(key)
            elif kind is FocusKind.CARD:
                card = self.cards.cards.get(key)
                if card is not None and card.isVisible():
                    rect = card.mapRectToScene(card.card_rect())
            else:
                marker = self.tokens.markers.get(key)
                if marker is not None and marker.square is not None:
                    rect = marker.mapRectToScene(marker.disc_rect())
            if rect is not None:
                rects[(kind, key)] = rect
        for overlay in self._focus_items:
            overlay.set_rects(rects)

    # -- gestures: the mouse and the keys go to the drag controller --------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._player or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        pos = event.scenePos()
        item = self.drag_rules.grab_at(pos)
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if item is None:
            for under in self.items(pos):
                if isinstance(under, HandItem):
                    self.selected_character = under.character
                    break
            # empty space: a click clears the selection, a drag draws a band (app.board.selection)
            self.selection.band_press(pos, additive=ctrl)
            event.accept()
            return
        if ctrl and self.selection.selectable(item):
            self.selection.toggle(item)  # Ctrl+click: in or out of the selection, nothing moves
            event.accept()
            return
        self.drags.press(item, pos, event.modifiers())
        self._group_press = None
        if isinstance(item, (CardItem, MarkerItem)):
            if item.isSelected() and self.selection.is_group():
                self._group_press = item  # a drag moves the group; a click without one picks it alone
            else:
                self.clearSelection()
                if isinstance(item, CardItem):
                    item.setSelected(True)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.selection.band_move(event.scenePos()):
            self.frame.clear_hover()  # a band lights no square
            event.accept()
            return
        if self.drags.move(event.scenePos()):
            self.frame.clear_hover()  # during a drag only legal targets light
            event.accept()
            return
        if not self._player and not self.drags.pressed:
            self.frame.hover_at(event.scenePos())
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.selection.band_release(event.scenePos()):
            event.accept()
            return
        clicked, self._group_press = self._group_press, None
        if clicked is not None and self.drags.drag is not None:
            clicked = None  # it was dragged: the group moved (or went back), the selection stays
        if event.button() == Qt.MouseButton.LeftButton and self.drags.release(event.scenePos()):
            self.frame.clear_hover()
            if clicked is not None:
                self.clearSelection()
                if isinstance(clicked, CardItem):
                    clicked.setSelected(True)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._player or event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        item = self.drag_rules.grab_at(event.scenePos())
        if item is not None and is_deck(item):
            self.draw_to_selected()
        elif isinstance(item, CardItem):
            from engine.table.commands import FlipCard

            self.dispatch_command(FlipCard(card=item.code))
        else:
            super().mouseDoubleClickEvent(event)
            return
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc during a drag puts everything back where the state says; otherwise
        it ends a band or clears the selection."""
        if event.key() == Qt.Key.Key_Escape and (
            self.drags.cancel() or self.selection.band_cancel() or self.selection.clear()
        ):
            event.accept()
            return
        super().keyPressEvent(event)

    # -- context menus -------------------------------------------------------------------------
    def menu_at(self, pos: QPointF) -> QMenu | None:
        """The right-click menu for whatever is under ``pos`` (built, not shown)."""
        menus = self.menus
        return menus.menu_at(pos) if menus is not None else None

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Hovering a stack lists its cards, top first (face-down ones named only to the GM)."""
        place = self.layout.place_at(event.scenePos())
        if place is not None and place.zone is PileKind.SQUARE and place.key:
            text = stack_tooltip(self.view_state(), place.key, self._bridge.lang, gm=not self._player)
            if text is not None:
                QToolTip.showText(event.screenPos(), text, event.widget())
                event.accept()
                return
        super().helpEvent(event)

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        if self._player:
            return
        menu = self.menu_at(event.scenePos())
        if menu is None:
            super().contextMenuEvent(event)
            return
        self.frame.clear_hover()
        menu.exec(event.screenPos())
        menu.deleteLater()
        self.frame.clear_hover()  # the mouse is elsewhere now; the next move lights again
        event.accept()


__all__ = ["PAN_ROOM", "BoardScene", "DragKind"]
