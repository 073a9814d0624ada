"""A card on the board: one item per card the scene's state knows.

In the GM's scene the item's id is the card code (``7S``) and stays the same
wherever the card goes; in the projector's scene it is whatever
``player_view`` calls the card, so a face-down card is only ever ``?B3-1``
there and the item cannot paint what it does not know.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from app.board.cardface import paint_back, paint_face, paint_simplified, rank_text
from app.board.items import BoardItem, draw_selected, draw_text, level_of_detail
from app.board.layout import CARD_H, CARD_W, Z_DRAG, BoardStyle
from engine.core.player_view import is_hidden
from engine.table.cards import Card, parse_card
from engine.table.places import PileKind, Place

#: Below these zoom levels a card is drawn simplified (fewer paths, no text).
LOD_SIMPLE = 0.55
LOD_TINY = 0.22


class CardItem(BoardItem):
    """Draws one card face or back; tapped cards lie turned 90°."""

    def __init__(self, code: str, style: BoardStyle, *, gm: bool) -> None:
        super().__init__(style)
        self.code = code
        self.card: Card | None = None if is_hidden(code) else parse_card(code)
        self.place: Place | None = None
        self.index = 0
        self.face_shown = False
        self.tapped = False
        self.is_bone = False  # this joker is the session's lingering bone
        self._gm = gm
        self._peeking = False
        self._rect = QRectF(-CARD_W / 2.0, -CARD_H / 2.0, CARD_W, CARD_H)
        self._bounds = self._rect.adjusted(-3, -3, 3, 3)  # computed once, not per paint
        self._stacked = False  # the views are zoomed out: cards on squares hand their painting over
        self._layer_rect: QRectF | None = None  # where the stack layer last painted this card
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        if gm:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
            self.setAcceptHoverEvents(True)

    # -- what it shows ---------------------------------------------------------
    def present(self, place: Place, index: int, face_shown: bool, tapped: bool) -> None:
        """Set what the card looks like; repaints only when something changed."""
        face = face_shown and self.card is not None
        self.place = place
        self.index = index
        if face != self.face_shown or tapped != self.tapped:
            self.face_shown = face
            self.tapped = tapped
            self.setRotation(90.0 if tapped else 0.0)
            self.repaint_look()
        else:
            self._restack()

    def repaint_look(self) -> None:
        """What the card shows changed (face, bone): the item and its stack-layer picture."""
        self.update()
        self._restack(changed=True)

    @property
    def face_code(self) -> str | None:
        """The card code whose face is painted, or None when the back is."""
        return self.card.code if (self.face_shown and self.card is not None) else None

    @property
    def peekable(self) -> bool:
        return self._gm and not self.face_shown and self.card is not None

    def texts(self) -> list[str]:
        out: list[str] = []
        if self.face_shown and self.card is not None:
            out.append(rank_text(self.card))
        elif self._peeking and self.peekable and self.card is not None:
            out.append(self.card.short())
        return out

    # -- GM peeking (never in the projector: hover is off there) -----------------
    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.peekable:
            self._peeking = True
            self._restack()
            self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self._peeking:
            self._peeking = False
            self._restack()
            self.update()
        super().hoverLeaveEvent(event)

    # -- the zoomed-out stacks (app/board/stacks.py) ------------------------------------
    def set_stacked(self, on: bool) -> None:
        """The scene's views are zoomed out below ``LOD_SIMPLE`` (or not any more)."""
        if on != self._stacked:
            self._stacked = on
            self._restack(changed=True)

    @property
    def in_stack_layer(self) -> bool:
        """True while the scene's ``StackLayer`` paints this card instead of the item:
        zoomed out, lying on a square, shown, and not dragged, selected or peeked."""
        return (
            self._stacked
            and self.place is not None
            and self.place.zone is PileKind.SQUARE
            and self.isVisible()
            and self.zValue() < Z_DRAG
            and not self.isSelected()
            and not self._peeking
        )

    def _restack(self, *, changed: bool = False) -> None:
        """Hand the painting to the stack layer or take it back, and have the layer
        repaint the card's old and new rect when either moved or changed."""
        layered = self.in_stack_layer
        if bool(self.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents) != layered:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, layered)
        rect = self.sceneBoundingRect() if layered else None
        if rect == self._layer_rect and not changed:
            return
        layer = getattr(self.scene(), "stack_layer", None)
        if layer is not None:
            if self._layer_rect is not None:
                layer.update(self._layer_rect)
            if rect is not None:
                layer.update(rect)
        self._layer_rect = rect

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        kind = QGraphicsItem.GraphicsItemChange
        if change in (
            kind.ItemPositionHasChanged,
            kind.ItemRotationHasChanged,
            kind.ItemZValueHasChanged,
            kind.ItemVisibleHasChanged,
            kind.ItemSelectedHasChanged,
        ):
            self._restack()
        elif change == kind.ItemSceneChange and self._layer_rect is not None:
            # leaving the scene (a dropped or renamed item): its last picture goes too
            layer = getattr(self.scene(), "stack_layer", None)
            if layer is not None:
                layer.update(self._layer_rect)
            self._layer_rect = None
        return super().itemChange(change, value)

    # -- painting ------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self.paint_card(painter, option)

    def paint_card(self, painter: QPainter, option: QStyleOptionGraphicsItem) -> None:
        """The card in item coordinates (also called by the stack layer, zoomed out)."""
        lod = level_of_detail(painter, option)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, lod >= LOD_TINY)
        card = self.card if self.face_shown else None
        if lod < LOD_TINY:
            paint_simplified(painter, self._rect, card)
            return
        detail = "full" if lod >= LOD_SIMPLE else "simple"
        edge = 2.2 if self.board_style.projector else 1.2
        if card is not None:
            paint_face(painter, self._rect, card, detail, edge, bone=self.is_bone)
        else:
            paint_back(painter, self._rect, detail, edge)
            if self._peeking and self.peekable and self.card is not None:
                self._paint_peek(painter, self.card)
        if self.isSelected():
            draw_selected(painter, self._rect.adjusted(-0.5, -0.5, 0.5, 0.5), 8)

    def _paint_peek(self, painter: QPainter, card: Card) -> None:
        """GM-only: the hidden identity on a light tag over the back."""
        tag = QRectF(-CARD_W / 2.0 + 6, -14, CARD_W - 12, 28)
        painter.setPen(QPen(QColor("#333333"), 1))
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawRoundedRect(tag, 5, 5)
        color = "#c8102e" if card.is_red else "#151515"
        draw_text(painter, tag, card.short(), 17, color, bold=True)

    # -- hit testing on the turned card ---------------------------------------------
    def card_rect(self) -> QRectF:
        return QRectF(self._rect)

    def center(self) -> QPointF:
        return self.pos()


__all__ = ["CardItem"]
