"""The GM's selection of cards and markers, to move several together.

Gestures as in Udonarium, CCFOLIA or Foundry:

* Ctrl+click on a card or a marker adds it to the selection or takes it out;
* a drag that starts on empty board space draws a band and selects the cards
  and markers on the map inside it (Ctrl+band adds to the selection);
* Esc, or a plain click on empty space, clears the selection;
* a plain click on a card selects that card alone (T and F act on it).

"Inside the band" means the item's centre lies in it; the hidden lower cards of
a square's stack go with its top card (they lie under it, the GM sees one pile).
Selected items are drawn with a thick magenta outline (``items.draw_selected``),
not Qt's dotted rectangle.  Dragging a selected item when two or more are
selected moves the whole selection: one ``MoveGroup`` (``app.board.drag``).

The selection is Qt's item selection (``QGraphicsItem.isSelected``): the band
and the toggles only set it; nothing here changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsRectItem

from app.board.cards import CardItem
from app.board.items import SELECTED_COLOR
from app.board.layout import Z_DRAG
from app.board.markers import MarkerItem
from engine.table.places import PileKind

if TYPE_CHECKING:
    from app.board.scene import BoardScene


class SelectionBand(QGraphicsRectItem):
    """The rubber band: a translucent magenta rectangle over everything."""

    def __init__(self) -> None:
        super().__init__()
        color = QColor(SELECTED_COLOR)
        pen = QPen(color, 2.0, Qt.PenStyle.SolidLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        color.setAlpha(40)
        self.setBrush(color)
        self.setZValue(Z_DRAG + 100)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)


class BoardSelection:
    """Ctrl+click toggles, the band, clearing; asked by the scene's mouse and keys."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene
        self.band = SelectionBand()
        scene.addItem(self.band)
        self._band_from: QPointF | None = None
        self._band_on = False  # past the drag distance: a band, not a click
        self._additive = False

    # -- what is selected ------------------------------------------------------------------
    @staticmethod
    def selectable(item: QGraphicsItem) -> bool:
        """Cards anywhere but the deck, and markers: what Ctrl+click may toggle."""
        if isinstance(item, CardItem):
            return item.place is not None and item.place.zone is not PileKind.DECK
        return isinstance(item, MarkerItem)

    def items(self) -> list[CardItem | MarkerItem]:
        """The selected cards and markers, cards first, in a stable order."""
        found = [i for i in self._scene.selectedItems() if isinstance(i, (CardItem, MarkerItem))]
        return sorted(found, key=lambda i: (isinstance(i, MarkerItem), _key(i)))

    def is_group(self) -> bool:
        """Two or more selected: a drag of one of them moves them all."""
        return len(self.items()) >= 2

    def toggle(self, item: QGraphicsItem) -> None:
        item.setSelected(not item.isSelected())

    def clear(self) -> bool:
        """Deselect everything; True if something was selected."""
        had = bool(self._scene.selectedItems())
        self._scene.clearSelection()
        return had

    # -- the band ------------------------------------------------------------------------------
    @property
    def banding(self) -> bool:
        """A press on empty space that has not been released yet."""
        return self._band_from is not None

    def band_press(self, pos: QPointF, additive: bool) -> None:
        """A left press on empty board space: a click clears, a drag draws a band."""
        self._band_from = QPointF(pos)
        self._band_on = False
        self._additive = additive
        if not additive:
            self.clear()

    def band_move(self, pos: QPointF) -> bool:
        if self._band_from is None:
            return False
        if not self._band_on and (pos - self._band_from).manhattanLength() < QApplication.startDragDistance():
            return True
        self._band_on = True
        self.band.setRect(QRectF(self._band_from, pos).normalized())
        self.band.setVisible(True)
        return True

    def band_release(self, pos: QPointF) -> bool:
        if self._band_from is None:
            return False
        if self._band_on:
            self.select_in(QRectF(self._band_from, pos).normalized(), self._additive)
        self.band_cancel()
        return True

    def band_cancel(self) -> bool:
        """Esc during a band, or the session was replaced: no band, selection kept."""
        was = self._band_from is not None
        self._band_from = None
        self._band_on = False
        self.band.setVisible(False)
        return was

    def select_in(self, rect: QRectF, additive: bool = False) -> list[CardItem | MarkerItem]:
        """Select the cards on squares and the markers on the map whose centre lies in ``rect``."""
        scene = self._scene
        state = scene.view_state()
        if not additive:
            scene.clearSelection()
        picked: list[CardItem | MarkerItem] = []
        for stack in state.squares.values():
            top = scene.cards.cards.get(stack[0]) if stack else None
            for code in stack:
                item = scene.cards.cards.get(code)
                if item is None:
                    continue
                inside = rect.contains(item.pos()) if item.isVisible() else top is not None and rect.contains(top.pos())
                if inside:
                    picked.append(item)
        for marker in scene.tokens.markers.values():
            if marker.square is not None and rect.contains(marker.pos()):
                picked.append(marker)
        for chosen in picked:
            chosen.setSelected(True)
        return picked


def _key(item: CardItem | MarkerItem) -> str:
    return item.code if isinstance(item, CardItem) else item.character


__all__ = ["BoardSelection", "SelectionBand"]
