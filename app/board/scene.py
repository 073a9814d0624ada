"""The exploration board: one QGraphicsScene for the grid, the piles, the hands
and the tokens (DESIGN.md, GUI).

The scene owns the gestures: a drag, a double-click or a menu action becomes
exactly one command sent through the bridge (origin ``"board"``); nothing here
changes the state.  Updates come back through ``bridge.applied`` and touch
only the items the outcome's ``changes`` name.  With ``player=True`` the
scene is the projector's: it is drawn only from ``player_view(state)`` and
takes no gestures, menus or peeks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QMenu,
)

from app.board.cards import CardItem
from app.board.drag import PARTY_HOME, Drag, DragKind, Refusal, commands_for, legal_targets, place_key
from app.board.focus import FocusKind, FocusOverlay, StepFocus
from app.board.hands import HandItem
from app.board.items import BoardItem, Highlight, TargetOverlay
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
from app.board.piles import PartyHomeItem, PileItem
from app.board.squares import BoneMarkerItem, GridLabelsItem, SquareItem
from app.bridge import SessionBridge
from engine.changes import Area
from engine.errors import EngineError
from engine.player_view import player_view
from engine.state import BONE_SLOT, DECK, DISCARD, REMOVED, Place, State, Zone, hand, square

if TYPE_CHECKING:
    from app.board.menus import BoardMenus, DeckListDialog
    from engine.commands.base import CommandBase
    from engine.session import Outcome
    from engine.upland.stepper import StepInfo

# Painting the board needs only the state and the items above.  What a gesture
# means (commands, legal targets, the investigation's declarations) and the
# context menus are imported on the first gesture, so the first paint does not
# wait for the rules engine (see benchmarks/RESULTS.md, "Start-up").

OPEN_ZONES = (Zone.DISCARD, Zone.REMOVED)
#: How far around the content the view may pan (scene units).
PAN_ROOM = 800.0


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
        self._shape: tuple[int, int, tuple[str, ...]] | None = None
        self._squares: dict[str, SquareItem] = {}
        self._piles: dict[Zone, PileItem] = {}
        self._hands: dict[str, HandItem] = {}
        self._markers: dict[str, MarkerItem] = {}
        self._cards: dict[str, CardItem] = {}
        self._laid: dict[str, list[str]] = {}
        self._labels: GridLabelsItem | None = None
        self._party_home: PartyHomeItem | None = None
        self._party = PartyItem(self.board_style)
        self.addItem(self._party)
        self._target_map: dict[str, BoardItem] = {}
        self._overlay = TargetOverlay(self.board_style, Z_TARGETS)
        self.addItem(self._overlay)
        self._bone: BoneMarkerItem | None = None
        self._focus = StepFocus()
        self._focus_items: tuple[FocusOverlay, ...] = ()
        if not player:
            self._bone = BoneMarkerItem(self.board_style)
            self.addItem(self._bone)
            self._focus_items = (
                FocusOverlay(self.board_style, Z_FOCUS_UNDER, (FocusKind.SQUARE, FocusKind.HAND)),
                FocusOverlay(self.board_style, Z_FOCUS_OVER, (FocusKind.CARD, FocusKind.MARKER)),
            )
            for overlay in self._focus_items:
                self.addItem(overlay)
        self._selected_character: str | None = None
        self._drag: Drag | None = None
        self._press: tuple[QGraphicsItem, QPointF, bool] | None = None
        self._dispatching = False
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
        for cid, item in self._hands.items():
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
        from engine.commands.board import TapCard

        card = self.selected_card()
        if card is None:
            self.status_message.emit(self.tr("Select a card first (click it), then tap it."))
            return False
        return self.dispatch_command(TapCard(card=card))

    def flip_selected(self) -> bool:
        """Turn the selected card over (key F)."""
        from engine.commands.board import FlipCard

        card = self.selected_card()
        if card is None:
            self.status_message.emit(self.tr("Select a card first (click it), then turn it over."))
            return False
        return self.dispatch_command(FlipCard(card=card))

    def draw_to_selected(self) -> bool:
        """Double-click on the deck: one card to the selected character's hand."""
        from engine.commands.board import DrawCards

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

    def show_step(self, info: StepInfo | None) -> None:
        """Light what the procedure's current step is about (GM scene only): the
        squares, cards, characters (their hand zones) and investigation markers
        the phase stepper's ``StepInfo`` names; None clears it."""
        if self._player:
            return
        if info is None:
            self._focus = StepFocus()
        else:
            self._focus = StepFocus(
                squares=info.squares, cards=info.cards, characters=info.characters, markers=info.markers
            )
        self._on_focus_change()

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
            self._view_cache = (state, player_view(state))
        return self._view_cache[1]

    # -- item access (tests, menus, the projector) ---------------------------------
    def card_item(self, code: str) -> CardItem | None:
        return self._cards.get(code)

    def card_items(self) -> list[CardItem]:
        return list(self._cards.values())

    def square_item(self, name: str) -> SquareItem | None:
        return self._squares.get(name)

    def pile_item(self, zone: Zone) -> PileItem | None:
        return self._piles.get(zone)

    def hand_item(self, character: str) -> HandItem | None:
        return self._hands.get(character)

    def marker_item(self, character: str) -> MarkerItem | None:
        return self._markers.get(character)

    @property
    def party_item(self) -> PartyItem:
        return self._party

    @property
    def bone_item(self) -> BoneMarkerItem | None:
        return self._bone

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
        self._update_tooltips()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return super().event(event)

    # -- sync -----------------------------------------------------------------------
    def sync_from_state(self) -> None:
        """Redraw everything from the state (after load, New/Open, undo of a session)."""
        self._cancel_drag()
        state = self.view_state()
        self._on_board_change(state, force=True)
        self._on_characters_change(state)
        self._on_cards_change(state)
        self._on_markers_change(state)
        self._on_party_change(state)
        self._on_bone_change(state)
        self._on_focus_change()

    def _on_applied(self, outcome: Outcome) -> None:
        changes = outcome.changes
        if Area.SESSION in changes.areas:
            self.sync_from_state()
            return
        state = self.view_state()
        if Area.CHARACTERS in changes.areas and self._on_board_change(state):
            # the party changed shape: hands moved, so everything on them moves
            self._on_characters_change(state)
            self._on_cards_change(state)
            self._on_markers_change(state)
            self._on_party_change(state)
            self._on_bone_change(state)
            self._on_focus_change()
            return
        places: set[Place] = {square(n) for n in changes.squares if n in self._squares}
        if changes.areas & {Area.HANDS, Area.CHARACTERS}:
            places |= {hand(c) for c in changes.characters if c in state.hands}
        if Area.PILES in changes.areas:
            places |= {DECK, DISCARD, REMOVED}
        if Area.BONE in changes.areas:
            places.add(BONE_SLOT)
        if not self._player:
            for code in changes.cards:
                item = self._cards.get(code)
                if item is not None and item.place is not None:
                    places.add(item.place)
                found = state.find(code)
                if found is not None:
                    places.add(found[0])
        if places:
            self._lay_places(state, places)
        if Area.CHARACTERS in changes.areas:
            self._on_characters_change(state)
        if changes.areas & {Area.MARKERS, Area.CHARACTERS}:
            self._on_markers_change(state)
        if Area.PARTY in changes.areas:
            self._on_party_change(state)
        if Area.BONE in changes.areas:
            self._on_bone_change(state)
        self._on_focus_change()

    def _on_refused(self, error: EngineError, origin: object) -> None:
        if self._dispatching and origin == "board":
            self.status_message.emit(self._bridge.message(error))

    # -- the board's structure ---------------------------------------------------------
    def _on_board_change(self, state: State, force: bool = False) -> bool:
        """Rebuild squares, piles and hand zones when the grid or the party's
        shape changed; True if it did."""
        order = tuple(c.id for c in state.ordered_characters())
        shape = (state.cols, state.rows, order)
        if shape == self._shape and not force:
            return False
        old_grid = self._shape[:2] if self._shape else None
        self._shape = shape
        self.layout = BoardLayout.build(state.cols, state.rows, order)
        if force or old_grid != shape[:2] or not self._squares:
            for item in list(self._squares.values()):
                self.removeItem(item)
            self._squares = {}
            for name, rect in self.layout.squares.items():
                item = SquareItem(name, rect, self.board_style, gate=(name == state.gate), hover=not self._player)
                self._squares[name] = item
                self.addItem(item)
            if self._labels is not None:
                self.removeItem(self._labels)
            self._labels = GridLabelsItem(self.layout.col_labels, self.layout.row_labels, self.board_style)
            self.addItem(self._labels)
        for zone, rect in self.layout.piles.items():
            pile = self._piles.get(zone)
            if pile is not None:
                self.removeItem(pile)
            self._piles[zone] = PileItem(zone, rect, self.board_style)
            self.addItem(self._piles[zone])
        if self._party_home is not None:
            self.removeItem(self._party_home)
        self._party_home = PartyHomeItem(self.layout.party_home, self.board_style)
        self.addItem(self._party_home)
        for item in list(self._hands.values()):
            self.removeItem(item)
        self._hands = {}
        for cid, rect in self.layout.hands.items():
            zone_item = HandItem(cid, rect, self.board_style)
            zone_item.set_selected_character(cid == self._selected_character)
            self._hands[cid] = zone_item
            self.addItem(zone_item)
        for name, item in self._squares.items():
            item.set_gate(name == state.gate)
        self._target_map = self._build_targets()
        self._overlay.set_targets({key: item.sceneBoundingRect() for key, item in self._target_map.items()})
        content = self.layout.content_rect()
        self.setSceneRect(content.adjusted(-PAN_ROOM, -PAN_ROOM, PAN_ROOM, PAN_ROOM))
        return True

    def _on_characters_change(self, state: State) -> None:
        for cid, item in self._hands.items():
            who = state.characters.get(cid)
            if who is not None:
                item.set_info(who.name, who.color, who.order, len(state.hands.get(cid, ())))
        if self._selected_character is not None and self._selected_character not in state.characters:
            self.selected_character = None

    # -- cards -------------------------------------------------------------------------
    def _on_cards_change(self, state: State) -> None:
        """Lay every pile (sync); orphans of an earlier state are removed."""
        places = list(state.places())
        places += [square(n) for n in self._squares if n not in state.squares]
        places += [hand(c) for c in self._hands if c not in state.hands]
        self._lay_places(state, places)
        known = {code for place in state.places() for code in state.pile(place)}
        for code in [c for c in self._cards if c not in known]:
            self._drop_card_item(code)

    def _lay_places(self, state: State, places: Iterable[Place]) -> None:
        laid_now: set[str] = set()
        previous: set[str] = set()
        for place in places:
            previous.update(self._laid.get(place_key(place), ()))
            laid_now.update(self._lay_place(state, place))
        for code in previous - laid_now:
            found = state.find(code) if not self._player else None
            if found is not None:
                laid_now.update(self._lay_place(state, found[0]))
            else:
                self._drop_card_item(code)

    def _lay_place(self, state: State, place: Place) -> list[str]:
        codes = list(state.pile(place))
        count = len(codes)
        dragged = set(self._drag.items) if self._drag else set()
        bone_card = getattr(state.options, "bone_card", None)
        for index, code in enumerate(codes):
            item = self._cards.get(code)
            if item is None:
                item = CardItem(code, self.board_style, gm=not self._player)
                self._cards[code] = item
                self.addItem(item)
            is_bone = code == bone_card
            if item.is_bone != is_bone:  # a replaced session may name another joker
                item.is_bone = is_bone
                item.update()
            flags = state.card_flags(code)
            # the discard and removed piles are open to all; the GM also sees into
            # the hands (the players never do: their codes there are hidden)
            face = flags.face_up or place.zone in OPEN_ZONES or (place.zone is Zone.HAND and not self._player)
            item.present(place, index, face, flags.tapped and place.zone is Zone.SQUARE)
            if item in dragged:
                continue
            spot = self.layout.card_spot(place, index, count)
            if item.pos() != spot.center:
                item.setPos(spot.center)
            if item.zValue() != spot.z:
                item.setZValue(spot.z)
            if item.isVisible() != spot.visible:
                item.setVisible(spot.visible)
            self._set_card_tooltip(item)
        self._laid[place_key(place)] = codes
        if place.zone is Zone.SQUARE:
            sq = self._squares.get(place.key or "")
            if sq is not None:
                sq.set_count(count)
        elif place.zone is Zone.HAND:
            zone_item = self._hands.get(place.key or "")
            who = state.characters.get(place.key or "")
            if zone_item is not None and who is not None:
                zone_item.set_info(who.name, who.color, who.order, count)
        elif place.zone in self._piles:
            self._piles[place.zone].set_count(count)
        return codes

    def _drop_card_item(self, code: str) -> None:
        item = self._cards.pop(code, None)
        if item is not None:
            self.removeItem(item)

    def _set_card_tooltip(self, item: CardItem) -> None:
        """GM only: the card's name; for a face-down card that is the peek."""
        if self._player or item.card is None:
            return
        text = item.card.display(self._bridge.lang)
        if item.toolTip() != text:
            item.setToolTip(text)

    def _update_tooltips(self) -> None:
        for item in self._cards.values():
            self._set_card_tooltip(item)
        for marker in self._markers.values():
            marker.setToolTip(self._marker_tooltip(marker.name))
        self._party.setToolTip(self._party.tooltip_text())

    # -- tokens ---------------------------------------------------------------------------
    def _on_markers_change(self, state: State) -> None:
        for cid in [c for c in self._markers if c not in state.characters]:
            self.removeItem(self._markers.pop(cid))
        by_square: dict[str, list[str]] = {}
        for who in state.ordered_characters():
            sq = state.markers.get(who.id)
            if sq is not None:
                by_square.setdefault(sq, []).append(who.id)
        dragged = set(self._drag.items) if self._drag else set()
        for who in state.ordered_characters():
            item = self._markers.get(who.id)
            if item is None:
                item = MarkerItem(who.id, self.board_style)
                self._markers[who.id] = item
                self.addItem(item)
            sq = state.markers.get(who.id)
            item.set_info(who.name, who.color, sq)
            if not self._player:
                item.setToolTip(self._marker_tooltip(who.name))
            if item in dragged:
                continue
            if sq is not None and sq in self.layout.squares:
                group = by_square[sq]
                pos = self.layout.marker_spot(sq, group.index(who.id), len(group))
            else:
                pos = self.layout.marker_home(who.id)
            if item.pos() != pos:
                item.setPos(pos)

    def _marker_tooltip(self, name: str) -> str:
        return self.tr("{name}'s investigation marker").format(name=name)

    def _on_party_change(self, state: State) -> None:
        self._party.square = state.party
        if not self._player:
            self._party.setToolTip(self._party.tooltip_text())
        if self._drag and self._party in self._drag.items:
            return
        pos = self.layout.party_spot(state.party)
        if self._party.pos() != pos:
            self._party.setPos(pos)

    def _on_bone_change(self, state: State) -> None:
        if self._bone is None:
            return
        secret = state.bone.card is not None and not state.bone.revealed
        sq = state.bone.square if secret else None
        self._bone.place_on(sq, self.layout.squares.get(sq) if sq else None)

    def _on_focus_change(self) -> None:
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
                card = self._cards.get(key)
                if card is not None and card.isVisible():
                    rect = card.mapRectToScene(card.card_rect())
            else:
                marker = self._markers.get(key)
                if marker is not None and marker.square is not None:
                    rect = marker.mapRectToScene(marker.disc_rect())
            if rect is not None:
                rects[(kind, key)] = rect
        for overlay in self._focus_items:
            overlay.set_rects(rects)

    # -- gestures: press, drag, drop ---------------------------------------------------------
    def _grab_at(self, pos: QPointF) -> QGraphicsItem | None:
        """The draggable thing under the cursor: a card, the deck, a marker, the party."""
        for item in self.items(pos):
            if not item.isVisible():
                continue
            if isinstance(item, (CardItem, MarkerItem, PartyItem)):
                return item
            if isinstance(item, PileItem) and item.zone is Zone.DECK:
                return item
            if isinstance(item, (SquareItem, HandItem, PileItem, PartyHomeItem)):
                return None
        return None

    def _is_deck(self, item: QGraphicsItem) -> bool:
        if isinstance(item, PileItem):
            return item.zone is Zone.DECK
        return isinstance(item, CardItem) and item.place is not None and item.place.zone is Zone.DECK

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._player or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        pos = event.scenePos()
        item = self._grab_at(pos)
        if item is None:
            for under in self.items(pos):
                if isinstance(under, HandItem):
                    self.selected_character = under.character
                    break
            super().mousePressEvent(event)
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._press = (item, pos, shift)
        if isinstance(item, CardItem):
            self.clearSelection()
            item.setSelected(True)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        if self._press is not None and self._drag is None:
            if (pos - self._press[1]).manhattanLength() >= QApplication.startDragDistance():
                self._begin_drag()
        if self._drag is not None:
            self._move_drag(pos)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        press, self._press = self._press, None
        if self._drag is not None and event.button() == Qt.MouseButton.LeftButton:
            self._finish_drag(event.scenePos())
            event.accept()
            return
        if press is not None:
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._player or event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        item = self._grab_at(event.scenePos())
        if item is not None and self._is_deck(item):
            self.draw_to_selected()
        elif isinstance(item, CardItem):
            from engine.commands.board import FlipCard

            self.dispatch_command(FlipCard(card=item.code))
        else:
            super().mouseDoubleClickEvent(event)
            return
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc during a drag puts everything back where the state says."""
        if self._drag is not None and event.key() == Qt.Key.Key_Escape:
            drag = self._drag
            self._cancel_drag()
            self._snap_back(drag)
            event.accept()
            return
        super().keyPressEvent(event)

    def _begin_drag(self) -> None:
        assert self._press is not None
        item, press_pos, shift = self._press
        state = self._bridge.state
        drag: Drag | None = None
        if self._is_deck(item):
            if not state.deck:
                self.status_message.emit(self.tr("The deck is empty."))
                self._press = None
                return
            top = self._cards[state.deck[0]]
            drag = Drag(DragKind.DECK, press_pos, [top], source=DECK, card=top.code)
        elif isinstance(item, CardItem) and item.place is not None:
            place = item.place
            if shift and place.zone is Zone.SQUARE:
                codes = state.squares.get(place.key or "", ())
                items = [self._cards[c] for c in codes if c in self._cards and self._cards[c].isVisible()]
                drag = Drag(DragKind.STACK, press_pos, items, source=place, card=codes[0] if codes else None)
            else:
                drag = Drag(DragKind.CARD, press_pos, [item], source=place, card=item.code)
        elif isinstance(item, MarkerItem):
            drag = Drag(DragKind.MARKER, press_pos, [item], character=item.character)
        elif isinstance(item, PartyItem):
            drag = Drag(DragKind.PARTY, press_pos, [item])
        if drag is None or not drag.items:
            self._press = None
            return
        drag.targets = legal_targets(state, drag)  # once per drag, from the engine
        drag.starts = [i.pos() for i in drag.items]
        for n, moving in enumerate(drag.items):
            moving.setZValue(Z_DRAG + len(drag.items) - n)
        self._drag = drag
        self._light({key: Highlight.LEGAL for key in drag.targets})

    def _move_drag(self, pos: QPointF) -> None:
        drag = self._drag
        assert drag is not None
        delta = pos - drag.press
        for moving, start in zip(drag.items, drag.starts):
            moving.setPos(start + delta)
        under = self._target_key_at(pos, drag)
        if under != drag.under:
            levels: dict[str, Highlight] = {}
            if drag.under is not None:
                levels[drag.under] = Highlight.LEGAL if drag.under in drag.targets else Highlight.NONE
            if under is not None:
                levels[under] = Highlight.UNDER
            self._light(levels)
            drag.under = under

    def _finish_drag(self, pos: QPointF) -> None:
        drag = self._drag
        assert drag is not None
        self._drag = None
        self._unlight()
        key = self._target_key_at(pos, drag)
        commands = commands_for(self._bridge.state, drag, key) if key is not None else None
        if isinstance(commands, Refusal):
            self._snap_back(drag)
            self.status_message.emit(commands.message)
            return
        if commands is None:
            self._snap_back(drag)
            if drag.kind in (DragKind.MARKER, DragKind.PARTY):
                self.status_message.emit(self.tr("Dropped outside any square: the token went back."))
            else:
                self.status_message.emit(self.tr("Dropped outside any square, pile or hand: the card went back."))
            return
        for command in commands:
            if not self.dispatch_command(command):
                break
        self._snap_back(drag)

    def _cancel_drag(self) -> None:
        if self._drag is not None:
            self._unlight()
        self._drag = None
        self._press = None

    def _snap_back(self, drag: Drag) -> None:
        """Put the dragged items where the state says they are (after a refusal
        that is back where they came from; after success, their new place)."""
        state = self.view_state()
        if drag.kind in (DragKind.MARKER,):
            self._on_markers_change(state)
            self._on_focus_change()
        elif drag.kind is DragKind.PARTY:
            self._on_party_change(state)
        else:
            places: set[Place] = set()
            for moving in drag.items:
                if isinstance(moving, CardItem):
                    found = state.find(moving.code)
                    if found is not None:
                        places.add(found[0])
            if drag.source is not None:
                places.add(drag.source)
            self._lay_places(state, places)

    def _light(self, levels: dict[str, Highlight]) -> None:
        """Light drop targets: the items remember their level, the overlay paints."""
        targets = self._targets()
        for key, level in levels.items():
            if key in targets:
                targets[key].set_highlight(level)
        self._overlay.set_levels(levels)

    def _unlight(self) -> None:
        targets = self._targets()
        lit = {key: Highlight.NONE for key, item in targets.items() if item.highlight is not Highlight.NONE}
        self._light(lit)

    def _targets(self) -> dict[str, BoardItem]:
        """Drop targets by place key (rebuilt with the board, not per call)."""
        return self._target_map

    def _build_targets(self) -> dict[str, BoardItem]:
        out: dict[str, BoardItem] = {place_key(square(n)): i for n, i in self._squares.items()}
        out.update({place_key(hand(c)): i for c, i in self._hands.items()})
        zones = {Zone.DECK: DECK, Zone.DISCARD: DISCARD, Zone.REMOVED: REMOVED}
        out.update({place_key(zones[z]): i for z, i in self._piles.items()})
        if self._party_home is not None:
            out[PARTY_HOME] = self._party_home
        return out

    def _target_key_at(self, pos: QPointF, drag: Drag) -> str | None:
        if drag.kind is DragKind.PARTY and self.layout.party_home.contains(pos):
            return PARTY_HOME
        place = self.layout.place_at(pos)
        return place_key(place) if place is not None else None

    # -- context menus -------------------------------------------------------------------------
    def menu_at(self, pos: QPointF) -> QMenu | None:
        """The right-click menu for whatever is under ``pos`` (built, not shown)."""
        menus = self.menus
        if menus is None:
            return None
        state = self._bridge.state
        for item in self.items(pos):
            if not item.isVisible():
                continue
            if isinstance(item, CardItem):
                if item.place is not None and item.place.zone is Zone.DECK:
                    return menus.deck_menu()
                return menus.card_menu(item.code)
            if isinstance(item, MarkerItem):
                return menus.marker_menu(item.character)
            if isinstance(item, PartyItem):
                return menus.party_menu()
            if isinstance(item, SquareItem):
                return menus.square_menu(item.name)
            if isinstance(item, PileItem):
                if item.zone is Zone.DECK:
                    return menus.deck_menu()
                if item.zone is Zone.DISCARD:
                    return menus.discard_menu()
                return None
            if isinstance(item, HandItem) and item.character in state.characters:
                return menus.hand_menu(item.character)
        return None

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        if self._player:
            return
        menu = self.menu_at(event.scenePos())
        if menu is None:
            super().contextMenuEvent(event)
            return
        menu.exec(event.screenPos())
        menu.deleteLater()
        event.accept()



__all__ = ["BoardScene", "DragKind"]
