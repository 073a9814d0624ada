"""The battle board scene: both joined maps, their tokens, the GM's drags and menus.

Like the card board (:mod:`app.board.scene`) it changes nothing itself: a drag
or a menu entry is one command through the bridge (origin ``"battle"``), and
the board repaints when an outcome touches the battle slice.  The terrain is
rebuilt only when a map or the join changed (frozen maps are shared between
states, so that is an identity test); tokens are laid again, which for a
hundred tokens is a few comparisons.  With ``player=True`` it is the
projector's: drawn from ``player_view(state, PROJECTOR)`` (hidden enemies and GM notes
gone), with no gestures and no shading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPen
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from app.battle.geometry import HEX_SIZE, centre, hex_at
from app.battle.gestures import BattleDrags, TokenDrag
from app.battle.items import Z_DRAG, Z_TOKEN, BubbleItem, FlashItem, ReachShading, TokenItem, token_marks
from app.battle.terrain import MapPlacement, TerrainItem
from app.battle.words import tr
from app.bridge import SessionBridge
from app.common.drag import DragController
from app.rulesets import battle_actor_of, battle_part_of, token_states_of
from engine.core.changes import Area
from engine.core.player_view import player_view
from engine.core.seats import PROJECTOR
from engine.core.state import State
from engine.errors import EngineError
from engine.hexbattle.board import JoinedBoard, board_of
from engine.hexbattle.hexgrid import Hex
from engine.hexbattle.model import BattleState, Spot
from engine.hexbattle.slot import SLICE as BATTLE_SLICE
from engine.hexbattle.slot import battle_of

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.session import Outcome

FLASH_MS = 1800
GM_BG = "#1f2a22"
PLAYER_BG = "#101810"


class BattleScene(QGraphicsScene):
    """The battle board of one surface: the GM's (drags, menus) or the players'."""

    status_message = Signal(str)

    def __init__(self, bridge: SessionBridge, *, player: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._player = player
        self._view_cache: tuple[State, State] | None = None
        self._terrain: TerrainItem | None = None
        #: What the terrain (or the "no battle" text) was last drawn for; None: nothing drawn yet.
        self._terrain_key: tuple[object, ...] | None = None
        self._board: JoinedBoard | None = None
        self._hexes: dict[str, Hex] = {}
        self.token_items: dict[str, TokenItem] = {}
        #: tokens the GM picked to move together (GUI state, never part of a slice)
        self.picked: set[str] = set()
        self._band: QGraphicsRectItem | None = None
        self._band_start = QPointF()
        self.shading = ReachShading()
        self.addItem(self.shading)
        self.bubble = BubbleItem()
        self.addItem(self.bubble)
        self.flash = FlashItem()
        self.addItem(self.flash)
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.setInterval(FLASH_MS)
        self._flash_timer.timeout.connect(self._end_flash)
        self.empty_text = QGraphicsSimpleTextItem()
        font = QFont()
        font.setPixelSize(26)
        self.empty_text.setFont(font)
        self.empty_text.setBrush(QColor("#d8d2b0"))
        self.addItem(self.empty_text)
        self.drag_rules = BattleDrags(self)
        self.drags: DragController[TokenDrag, CommandBase] = DragController(self.drag_rules, z_top=Z_DRAG)
        self._dispatching = False
        self.setBackgroundBrush(QColor(PLAYER_BG if player else GM_BG))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        bridge.applied.connect(self._on_applied)
        bridge.session_replaced.connect(self.sync_from_state)
        bridge.refused.connect(self._on_refused)
        self.sync_from_state()

    # -- what it shows ----------------------------------------------------------------------
    @property
    def bridge(self) -> SessionBridge:
        return self._bridge

    @property
    def player(self) -> bool:
        return self._player

    def view_state(self) -> State:
        state = self._bridge.state
        if not self._player:
            return state
        if self._view_cache is None or self._view_cache[0] is not state:
            self._view_cache = (state, player_view(state, PROJECTOR))
        return self._view_cache[1]

    @property
    def battle(self) -> BattleState | None:
        return battle_of(self.view_state())

    def hex_of(self, key: str) -> Hex:
        """The board hex of ``"2:C4"`` (remembered per board: a drag asks for hundreds)."""
        assert self._board is not None
        found = self._hexes.get(key)
        if found is None:
            found = self._hexes[key] = self._board.to_hex(Spot.model_validate(key))
        return found

    def key_at(self, pos: QPointF) -> str | None:
        """The hex under a scene point as ``"2:C4"``, or None off the maps."""
        if self._board is None:
            return None
        h = hex_at(pos)
        return str(self._board.to_spot(h)) if self._board.in_bounds(h) else None

    def hex_centre(self, key: str) -> QPointF:
        return centre(self.hex_of(key))

    def content_rect(self) -> QRectF:
        if self._terrain is None:
            return self.empty_text.sceneBoundingRect().adjusted(-40, -40, 40, 40)
        return self._terrain.boundingRect().adjusted(-HEX_SIZE, -HEX_SIZE, HEX_SIZE, HEX_SIZE)

    # -- state → items ----------------------------------------------------------------------
    def sync_from_state(self) -> None:
        self.drags.abandon()
        self._view_cache = None
        self._sync()

    def _sync(self) -> None:
        battle = self.battle
        self._sync_terrain(battle)
        self.sync_tokens()

    def _sync_terrain(self, battle: BattleState | None) -> None:
        # No battle is a key of its own (with the language of its text), so the first
        # sync and a language switch draw the "no battle" text too.
        key: tuple[object, ...] = ("no battle", self._bridge.lang)
        if battle is not None:
            key = (id(battle.maps[0]), id(battle.maps[1]), battle.join, self._bridge.lang)
        if key == self._terrain_key and (battle is None or self._board is board_of(battle)):
            return
        if self._terrain is not None:
            self.removeItem(self._terrain)
            self._terrain = None
        self._terrain_key = key
        self._hexes = {}
        if battle is None:
            self._board = None
            # the players see no menu, so their board only says there is no battle
            self.empty_text.setText(
                tr("No battle is open.")
                if self._player
                else tr("No battle is open.\nBattle ▸ Open a battle… lays out two maps.")
            )
            self.empty_text.show()
        else:
            board = self._board = board_of(battle)
            placements = [
                MapPlacement(n + 1, m, s) for n, (m, s) in enumerate(zip(board.maps, board.shifts, strict=True))
            ]
            self._terrain = TerrainItem(placements, lang=self._bridge.lang)
            self.addItem(self._terrain)
            self.empty_text.hide()
        rect = self.content_rect().adjusted(-200, -200, 200, 200)
        self.setSceneRect(rect)

    def sync_tokens(self) -> None:
        """Lay every token where the state says (new ones made, gone ones dropped)."""
        battle = self.battle
        wanted = battle.tokens if battle is not None else {}
        dragged = self.drags.dragged_items()
        for token_id in [t for t in self.token_items if t not in wanted or wanted[t].at is None]:
            self.removeItem(self.token_items.pop(token_id))
        if battle is None or self._board is None:
            return
        board = self._board
        view = self.view_state()
        acting = battle_actor_of(view)
        down = token_states_of(view)
        delays_of = battle_part_of(view.ruleset).delays
        delays = delays_of(view) if delays_of is not None else {}
        marks = token_marks(wanted.values())
        for token in wanted.values():
            if token.at is None:
                continue
            delay = delays.get(token.id, 0)
            item = self.token_items.get(token.id)
            if item is not None:
                item.set_acting(token.id == acting)
                item.set_mark(marks[token.id])
                item.set_down(down.get(token.id))
                item.set_picked(token.id in self.picked)
            if item is None:
                item = self.token_items[token.id] = TokenItem(token, delay=delay)
                item.set_acting(token.id == acting)
                item.set_mark(marks[token.id])
                item.set_down(down.get(token.id))
                item.setToolTip(token.label or token.id)
                self.addItem(item)
            elif item.token is token and item.delay == delay and item.laid_at is token.at and item not in dragged:
                continue  # unchanged since it was last laid: most tokens on most outcomes
            else:
                item.set_token(token, delay)
            if item in dragged:
                continue
            item.setZValue(Z_TOKEN)
            item.setPos(centre(board.to_hex(token.at)))
            item.laid_at = token.at

    def _on_applied(self, outcome: Outcome) -> None:
        changes = outcome.changes
        if Area.SESSION in changes.areas:
            self.sync_from_state()
        elif BATTLE_SLICE in changes.slices or Area.CHARACTERS in changes.areas:
            self._sync()
        elif changes.slices and battle_part_of(self._bridge.state.ruleset).delays is not None:
            self.sync_tokens()  # a ruleset keeps the delay badges in its own slice (ENC-8, CND-B-3)

    def _on_refused(self, error: EngineError, origin: object) -> None:
        if self._dispatching and origin == "battle":
            self.status_message.emit(self._bridge.message(error))

    def retranslate(self) -> None:
        self._terrain_key = None
        self._sync()

    # -- commands ----------------------------------------------------------------------------
    def dispatch_command(self, command: CommandBase) -> bool:
        self._dispatching = True
        try:
            return self._bridge.dispatch(command, origin="battle")
        finally:
            self._dispatching = False

    # -- feedback where the GM looks -------------------------------------------------------------
    def flash_refusal(self, h: Hex, pos: QPointF, text: str) -> None:
        self.flash.flash(h)
        self.bubble.show_text(centre(h), text, refused=True)
        self._flash_timer.start()

    def _end_flash(self) -> None:
        self._flash_timer.stop()
        self.flash.hide()
        if self.bubble.refused:
            self.bubble.hide()

    def show_cost(self, pos: QPointF) -> None:
        drag = self.drags.drag
        if drag is None:
            return
        said = self.drag_rules.cost_text(drag, self.key_at(pos))
        if said is None:
            self.bubble.hide()
            return
        text, refused = said
        self.bubble.show_text(pos, text, refused=refused)

    def hide_cost(self) -> None:
        if not self._flash_timer.isActive():
            self.bubble.hide()

    # -- the mouse -----------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._player or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self._end_flash()  # a refusal's bubble never swallows the next gesture
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        item = self.drag_rules.grab_at(event.scenePos())
        if item is None:
            if not ctrl:
                self.pick(set())
            self._start_band(event.scenePos())
            event.accept()
            return
        if ctrl:  # Ctrl+click adds a token to the group, or takes it out
            self.pick(self.picked ^ {item.token.id})
            event.accept()
            return
        if item.token.id not in self.picked:
            # a plain click picks this token alone: a Ctrl+click next adds to it (click A, Ctrl+click B)
            self.pick({item.token.id})
        self.drags.press(item, event.scenePos(), event.modifiers())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._band is not None:
            self._band.setRect(QRectF(self._band_start, event.scenePos()).normalized())
            event.accept()
            return
        if self.drags.move(event.scenePos()):
            self.show_cost(event.scenePos())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._band is not None:
            self._finish_band(event.scenePos(), bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier))
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self.drags.release(event.scenePos()):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # -- picking several tokens ------------------------------------------------------------------
    def pick(self, tokens: set[str]) -> None:
        """The tokens picked to move together (those on the board only)."""
        self.picked = {t for t in tokens if t in self.token_items}
        for token_id, item in self.token_items.items():
            item.set_picked(token_id in self.picked)

    def _start_band(self, pos: QPointF) -> None:
        self._band_start = QPointF(pos)
        self._band = QGraphicsRectItem(QRectF(pos, pos))
        self._band.setPen(QPen(QColor("#ffffff"), 1.5, Qt.PenStyle.DashLine))
        self._band.setBrush(QColor(255, 255, 255, 30))
        self._band.setZValue(Z_DRAG + 100)
        self.addItem(self._band)

    def _finish_band(self, pos: QPointF, add: bool) -> None:
        """A rubber band picks every token whose centre it covers (Ctrl: added to the group)."""
        assert self._band is not None
        rect = QRectF(self._band_start, pos).normalized()
        self.removeItem(self._band)
        self._band = None
        if rect.width() < 3 and rect.height() < 3:
            return  # a click on the ground, not a band
        inside = {tid for tid, item in self.token_items.items() if item.isVisible() and rect.contains(item.pos())}
        self.pick((self.picked | inside) if add else inside)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.drags.cancel():
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        if self._player or self.battle is None:
            return
        from app.battle.menus import menu_at

        menu = menu_at(self, event.scenePos())
        if menu is None:
            return
        menu.exec(event.screenPos())
        menu.deleteLater()
        event.accept()

    def gm_view(self) -> QGraphicsView | None:
        views = self.views()
        return views[0] if views else None


__all__ = ["BattleScene"]
