"""The deck, the discard and the removed cards: a slot with its name and count.

The cards themselves are ``CardItem``s stacked on the slot; the slot is what
stays when the pile is empty, and the target a dragged card is dropped on."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.board.items import BoardItem, draw_text
from app.board.layout import CARD_H, CARD_W, Z_PILE, BoardStyle
from engine.table.places import PileKind


def pile_label(zone: PileKind) -> str:
    if zone is PileKind.DECK:
        return QCoreApplication.translate("Board", "Deck")
    if zone is PileKind.DISCARD:
        return QCoreApplication.translate("Board", "Discard")
    return QCoreApplication.translate("Board", "Removed")


def party_label() -> str:
    return QCoreApplication.translate("Board", "Party")


class PileItem(BoardItem):
    """The slot of one of the three shared piles."""

    def __init__(self, zone: PileKind, rect: QRectF, style: BoardStyle) -> None:
        super().__init__(style)
        self.zone = zone
        self.count = 0
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self._bounds = self._rect.adjusted(-3, -3, 3, 3)  # computed once, not per paint
        self.setPos(rect.topLeft())
        self.setZValue(Z_PILE)

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.update()

    def texts(self) -> list[str]:
        return [pile_label(self.zone), str(self.count)]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        style = self.board_style
        slot = QRectF(0, 0, CARD_W + 4, CARD_H + 4)
        slot.moveCenter(self._rect.center())
        slot.moveTop(6)
        painter.setPen(QPen(QColor(style.square_line), style.line, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(slot.adjusted(-4, -4, 4, 4), 8, 8)
        label = QRectF(0, slot.bottom() + 6, self._rect.width(), style.small_px + 6)
        draw_text(painter, label, pile_label(self.zone), style.small_px + 1, style.label_color, bold=True)
        count = QRectF(0, label.bottom(), self._rect.width(), style.small_px + 6)
        draw_text(painter, count, str(self.count), style.small_px + 1, style.label_color)


class PartyHomeItem(BoardItem):
    """Where the party token waits while it is off the map."""

    def __init__(self, rect: QRectF, style: BoardStyle) -> None:
        super().__init__(style)
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self._bounds = self._rect.adjusted(-3, -3, 3, 3)  # computed once, not per paint
        self.setPos(rect.topLeft())
        self.setZValue(Z_PILE)

    def texts(self) -> list[str]:
        return [party_label()]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        style = self.board_style
        slot = QRectF(10, 6, self._rect.width() - 20, CARD_H + 4)
        painter.setPen(QPen(QColor(style.square_line), style.line, Qt.PenStyle.DotLine))
        painter.setBrush(QColor(0, 0, 0, 30))
        painter.drawRoundedRect(slot, 8, 8)
        label = QRectF(0, slot.bottom() + 10, self._rect.width(), style.small_px + 6)
        draw_text(painter, label, party_label(), style.small_px + 1, style.label_color, bold=True)


__all__ = ["PartyHomeItem", "PileItem", "party_label", "pile_label"]
