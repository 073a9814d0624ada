"""The zoomed-out cards on the squares, painted by one cached item.

On the 20 × 20 stress board a full repaint cost ≈ 11 ms in the 500 card items
alone: each item is a Python paint call and a cache lookup (≈ 16 µs), however
little it draws.  Below ``LOD_SIMPLE`` a card on a square shows a simplified
face, which says nothing a hover, a peek or a language would change, so the
``StackLayer`` draws all of those cards in one item (at the cards' own z
band, between the drop-target highlights and the markers) with a device cache:
a repaint is one blit, and a card that moves, turns or flips re-renders only
its old and new rect.  The card items stay where they are, content-less, for
hit-testing, tooltips and drags; a dragged, selected or peeked card paints
itself again (see ``CardItem.in_stack_layer``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QRegion
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.cards import CardItem
from app.board.layout import Z_CARD


class StackLayer(QGraphicsItem):
    """Paints, zoomed out, every card item that has handed its painting over."""

    #: above this many rects in the clip, look the cards up in the rect around them once
    CLIP_RECTS = 16

    def __init__(self, cards: Callable[[], Iterable[CardItem]]) -> None:
        super().__init__()
        self._cards = cards
        self._bounds = QRectF()
        self.setZValue(Z_CARD)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def set_bounds(self, rect: QRectF) -> None:
        if rect != self._bounds:
            self.prepareGeometryChange()
            self._bounds = QRectF(rect)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never in the way of a click or a drop

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        # the cache repaints the cells that changed; a drop's two cells may lie far apart, so the
        # clip (those cells), not ``exposed`` (the rect around both), says which cards to draw
        clip = painter.clipRegion() if painter.hasClipping() else None
        items = [
            c
            for c in self._cards_in(exposed, clip)
            if c.in_stack_layer
            and (rect := c.sceneBoundingRect()).intersects(exposed)
            and (clip is None or clip.intersects(rect.toAlignedRect()))
        ]
        items.sort(key=lambda c: c.zValue())
        base = painter.worldTransform()
        for item in items:
            painter.setWorldTransform(item.sceneTransform() * base)
            item.paint_card(painter, option)
        painter.setWorldTransform(base)

    def _cards_in(self, exposed: QRectF, clip: QRegion | None) -> Iterable[CardItem]:
        """The card items that may meet the repainted area, found by the scene's
        index (C++) per rect of the clip: a drop repaints two cells, and asking
        each of the 500 cards where it lies cost ≈ 2 ms a paint in Python."""
        scene = self.scene()
        if scene is None:
            return self._cards()
        # QRegion iterates its rects at runtime; the PySide6 stubs lack __iter__
        areas = [exposed]
        if clip is not None and clip.rectCount() <= self.CLIP_RECTS:
            areas = [QRectF(r) for r in clip]  # type: ignore[attr-defined]
        found: dict[int, CardItem] = {}
        for area in areas:
            for item in scene.items(area.intersected(exposed), Qt.ItemSelectionMode.IntersectsItemBoundingRect):
                if isinstance(item, CardItem):
                    found.setdefault(id(item), item)
        return found.values()


__all__ = ["StackLayer"]
