"""The board's fixed parts: squares, grid labels, piles, hand zones and the
party token's home — rebuilt when the grid or the party's shape changes — and
what the drag machinery and the hover need from them (drop targets by key, the
square under the mouse)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem

from app.board.cards import CardItem
from app.board.drag import PARTY_HOME, place_key
from app.board.hands import HandItem
from app.board.items import BoardItem
from app.board.layout import BoardLayout
from app.board.piles import PartyHomeItem, PileItem
from app.board.squares import GridLabelsItem, SquareItem, paint_square
from app.rulesets import gate_square
from engine.core.state import State
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, hand, square

if TYPE_CHECKING:
    from app.board.scene import BoardScene

#: How far around the content the view may pan (scene units).
PAN_ROOM = 800.0


class BoardFrame:
    """Owns the fixed items of one scene (and nothing that moves)."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene
        self.shape: tuple[int, int, tuple[str, ...]] | None = None
        self.squares: dict[str, SquareItem] = {}
        self.piles: dict[PileKind, PileItem] = {}
        self.hands: dict[str, HandItem] = {}
        self.labels: GridLabelsItem | None = None
        self.party_home: PartyHomeItem | None = None
        #: drop targets by place key (rebuilt with the board, not per drag)
        self.targets: dict[str, BoardItem] = {}
        self._hovered: SquareItem | None = None

    def rebuild(self, state: State, force: bool = False) -> bool:
        """Rebuild squares, piles and hand zones when the grid or the party's
        shape changed; True if it did."""
        scene = self._scene
        style = scene.board_style
        order = tuple(c.id for c in state.ordered_characters())
        shape = (state.cols, state.rows, order)
        if shape == self.shape and not force:
            return False
        old_grid = self.shape[:2] if self.shape else None
        self.shape = shape
        scene.layout = layout = BoardLayout.build(state.cols, state.rows, order)
        gate = gate_square(state)
        if force or old_grid != shape[:2] or not self.squares:
            self._hovered = None
            for item in list(self.squares.values()):
                scene.removeItem(item)
            self.squares = {}
            for name, rect in layout.squares.items():
                item = SquareItem(name, rect, style, gate=(name == gate), hover=not scene.player)
                self.squares[name] = item
                scene.addItem(item)
            if self.labels is not None:
                scene.removeItem(self.labels)
            self.labels = GridLabelsItem(layout.col_labels, layout.row_labels, style)
            scene.addItem(self.labels)
        for zone, rect in layout.piles.items():
            pile = self.piles.get(zone)
            if pile is not None:
                scene.removeItem(pile)
            self.piles[zone] = PileItem(zone, rect, style)
            scene.addItem(self.piles[zone])
        if self.party_home is not None:
            scene.removeItem(self.party_home)
        self.party_home = PartyHomeItem(layout.party_home, style)
        scene.addItem(self.party_home)
        for old_hand in list(self.hands.values()):
            scene.removeItem(old_hand)
        self.hands = {}
        for cid, rect in layout.hands.items():
            zone_item = HandItem(cid, rect, style)
            zone_item.set_selected_character(cid == scene.selected_character)
            self.hands[cid] = zone_item
            scene.addItem(zone_item)
        for name, item in self.squares.items():
            item.set_gate(name == gate)
        self.targets = self._build_targets()
        scene.target_overlay.set_targets({key: item.sceneBoundingRect() for key, item in self.targets.items()})
        content = layout.content_rect()
        scene.setSceneRect(content.adjusted(-PAN_ROOM, -PAN_ROOM, PAN_ROOM, PAN_ROOM))
        # the grid lives in the views' cached background: draw it again
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        return True

    def on_characters_change(self, state: State) -> None:
        for cid, item in self.hands.items():
            who = state.characters.get(cid)
            if who is not None:
                item.set_info(who.name, who.color, who.order, len(state.hands.get(cid, ())))

    def _build_targets(self) -> dict[str, BoardItem]:
        out: dict[str, BoardItem] = {place_key(square(n)): i for n, i in self.squares.items()}
        out.update({place_key(hand(c)): i for c, i in self.hands.items()})
        zones = {PileKind.DECK: DECK, PileKind.DISCARD: DISCARD, PileKind.REMOVED: REMOVED}
        out.update({place_key(zones[z]): i for z, i in self.piles.items()})
        if self.party_home is not None:
            out[PARTY_HOME] = self.party_home
        for key, item in out.items():
            item.target_key = key
        return out

    def paint_grid(self, painter: QPainter, exposed: QRectF) -> None:
        """Draw the squares that meet ``exposed`` into the scene's background
        (the views cache it; a square invalidates only its own cell)."""
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, lod >= 0.3)
        # ``exposed`` is the bounding rect of what the view redraws; the clip holds the
        # cells themselves (a drop recounts two squares, maybe far apart)
        clip = painter.clipRegion() if painter.hasClipping() else None
        for name in self._scene.layout.squares_near(exposed):
            item = self.squares.get(name)
            if item is None:
                continue
            rect = item.scene_rect
            if rect.intersects(exposed) and (clip is None or clip.intersects(rect.toAlignedRect())):
                paint_square(painter, item, lod)

    # -- the square under the mouse ------------------------------------------------------
    @property
    def hovered(self) -> str | None:
        """The square lit as under the mouse, or None."""
        return self._hovered.name if self._hovered is not None else None

    def hover_at(self, pos: QPointF) -> None:
        """Light the square under ``pos`` when nothing on it is in the way."""
        found: SquareItem | None = None
        for item in self._scene.items(pos):
            if not item.isVisible():
                continue
            if isinstance(item, CardItem):
                break  # a card on the square takes the hover (the GM's peek)
            if isinstance(item, SquareItem):
                found = item if item.hoverable else None
                break
        self._set_hovered(found)

    def clear_hover(self) -> None:
        """No square is under the mouse any more (a drag began or ended, a menu closed)."""
        self._set_hovered(None)

    def _set_hovered(self, item: SquareItem | None) -> None:
        if item is self._hovered:
            return
        if self._hovered is not None:
            self._hovered.set_hovered(False)
        self._hovered = item
        if item is not None:
            item.set_hovered(True)


__all__ = ["PAN_ROOM", "BoardFrame"]
