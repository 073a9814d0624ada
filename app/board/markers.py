"""Tokens: each character's investigation marker and the party token.

A marker is a disc in the character's colour with the first letter of the
name, so players tell them apart from across the room; the party token is a
larger gold pawn."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from app.board.items import BoardItem, contrast_text, draw_selected, draw_text
from app.board.layout import MARKER_D, PARTY_D, Z_MARKER, Z_PARTY, BoardStyle


class MarkerItem(BoardItem):
    """One character's investigation marker, on a square or waiting at its hand."""

    def __init__(self, character: str, style: BoardStyle) -> None:
        super().__init__(style)
        self.character = character
        self.name = ""
        self.color = QColor("#3a7bd5")
        self.square: str | None = None
        d = MARKER_D
        self._rect = QRectF(-d / 2.0, -d / 2.0, d, d)
        self._bounds = self._rect.adjusted(-6, -6, 6, 6)  # computed once; room for the selection ring
        self.setZValue(Z_MARKER)

    def set_info(self, name: str, color: str, square: str | None) -> None:
        self.square = square
        if (name, QColor(color)) != (self.name, self.color):
            self.name, self.color = name, QColor(color)
            self.update()

    @property
    def initial(self) -> str:
        return self.name[:1]

    def texts(self) -> list[str]:
        return [self.initial] if self.initial else []

    def disc_rect(self) -> QRectF:
        """The disc in item coordinates (the step highlight rings it)."""
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.isSelected():  # the GM's selection (Ctrl+click, the band): a ring outside the disc
            ring = self._rect.adjusted(-3.5, -3.5, 3.5, 3.5)
            draw_selected(painter, ring, ring.width() / 2.0)
        painter.setPen(QPen(QColor("#ffffff"), 2.0 if self.board_style.projector else 1.5))
        painter.setBrush(self.color)
        painter.drawEllipse(self._rect)
        if self.initial:
            draw_text(
                painter, self._rect, self.initial, self._rect.height() * 0.62, contrast_text(self.color), bold=True
            )


class PartyItem(BoardItem):
    """The party token: a gold pawn."""

    def __init__(self, style: BoardStyle) -> None:
        super().__init__(style)
        self.square: str | None = None
        d = PARTY_D * (1.2 if style.projector else 1.0)
        self._rect = QRectF(-d / 2.0, -d * 0.7, d, d * 1.4)
        self._bounds = self._rect.adjusted(-3, -3, 3, 3)  # computed once, not per paint
        self.setZValue(Z_PARTY)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def tooltip_text(self) -> str:
        return QCoreApplication.translate("Board", "Party token")

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        d = r.width()
        pawn = QPainterPath()
        pawn.addEllipse(QPointF(0, r.top() + d * 0.3), d * 0.28, d * 0.28)
        body = QPainterPath()
        body.moveTo(-d * 0.18, r.top() + d * 0.5)
        body.lineTo(d * 0.18, r.top() + d * 0.5)
        body.lineTo(d * 0.42, r.bottom() - d * 0.16)
        body.lineTo(-d * 0.42, r.bottom() - d * 0.16)
        body.closeSubpath()
        pawn.addPath(body)
        pawn.addRoundedRect(QRectF(-d / 2.0, r.bottom() - d * 0.2, d, d * 0.2), 3, 3)
        painter.setPen(QPen(QColor("#3b2a00"), 2.0 if self.board_style.projector else 1.5))
        painter.setBrush(QColor("#f2c230"))
        painter.drawPath(pawn.simplified())
        painter.setPen(Qt.PenStyle.NoPen)


__all__ = ["MarkerItem", "PartyItem"]
