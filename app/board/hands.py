"""A character's hand as a zone of the board scene (DESIGN.md: hands live in
the scene, so a hand → square move is an ordinary item drag).

The zone shows the character's name in its colour and how many cards the
hand holds; the cards are ``CardItem``s fanned over its body, and the
character's investigation marker waits in its header while off the map."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.board.items import BoardItem, contrast_text, draw_text
from app.board.layout import HAND_HEADER, MARKER_D, Z_HAND, BoardStyle


def count_text(count: int) -> str:
    if count == 1:
        return QCoreApplication.translate("Board", "1 card")
    return QCoreApplication.translate("Board", "{count} cards").format(count=count)


class HandItem(BoardItem):
    """The hand zone of one character."""

    def __init__(self, character: str, rect: QRectF, style: BoardStyle) -> None:
        super().__init__(style)
        self.character = character
        self.name = ""
        self.color = QColor("#3a7bd5")
        self.order = 0
        self.count = 0
        self.selected_character = False
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self._bounds = self._rect.adjusted(-4, -4, 4, 4)  # computed once, not per paint
        self.setPos(rect.topLeft())
        self.setZValue(Z_HAND)

    def set_info(self, name: str, color: str, order: int, count: int) -> None:
        changed = (name, QColor(color), order, count) != (self.name, self.color, self.order, self.count)
        if changed:
            self.name, self.color, self.order, self.count = name, QColor(color), order, count
            self.update()

    def set_selected_character(self, selected: bool) -> None:
        if selected != self.selected_character:
            self.selected_character = selected
            self.update()

    def texts(self) -> list[str]:
        return [f"{self.order}", self.name, count_text(self.count)]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        style = self.board_style
        rect = self._rect.adjusted(1, 1, -1, -1)
        border = QColor(self.color) if self.selected_character else QColor(style.square_line)
        width = style.line * (2.5 if self.selected_character else 1.0)
        painter.setPen(QPen(border, width))
        painter.setBrush(QColor(0, 0, 0, 45))
        painter.drawRoundedRect(rect, 8, 8)
        header = QRectF(rect.left(), rect.top(), rect.width(), HAND_HEADER)
        bar = QColor(self.color)
        bar.setAlpha(235)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(bar)
        painter.drawRoundedRect(header.adjusted(3, 3, -3, -3), 6, 6)
        px = style.small_px + 4
        order_box = QRectF(header.left() + 8, header.top(), 26, header.height())
        ink = contrast_text(bar)
        draw_text(painter, order_box, f"{self.order}", px, ink, bold=True)
        name_box = QRectF(order_box.right() + 4, header.top(), header.width() * 0.62, header.height())
        draw_text(
            painter, name_box, self.name, px, ink, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, bold=True
        )
        count_box = QRectF(header.right() - 130 - MARKER_D, header.top(), 110, header.height())
        draw_text(
            painter,
            count_box,
            count_text(self.count),
            style.small_px + 2,
            ink,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )


__all__ = ["HandItem", "count_text"]
