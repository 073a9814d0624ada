"""Playing cards painted as vectors: crisp at any zoom and on any projector.

Suit symbols are QPainterPaths built from circles and polygons (not font
glyphs), so they never fall back to a box and scale without blur.  Ranks are
bold text.  A card is painted into a rectangle centred on the origin; the
caller (``CardItem``) handles rotation for tapped cards.

Three levels of detail: ``full`` (corners and a big centre symbol), ``simple``
(one big symbol and rank, for a zoomed-out board) and ``tiny`` (a coloured
rectangle), chosen from the painter's level of detail so a 20 × 20 board
stays fast.
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QApplication

from engine.table.cards import DECK_MARK, Card, Suit

RED = QColor("#c8102e")
BLACK = QColor("#151515")
FACE_BG = QColor("#fbfaf5")
FACE_EDGE = QColor("#5d5d5d")
BACK_BG = QColor("#1d3768")
BACK_LINE = QColor("#3d5fa0")
BACK_FRAME = QColor("#e9dfc4")
JOKER_BG = QColor("#efe6f7")
JOKER_EDGE = QColor("#5b2a86")
BONE_FILL = QColor("#f3ead2")
BONE_LINE = QColor("#4a2d14")
CORNER = 7.0


def suit_color(card: Card) -> QColor:
    return RED if card.is_red else BLACK


@cache
def suit_path(suit: Suit) -> QPainterPath:
    """The suit symbol in a unit box (-0.5..0.5 both ways, y down)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    if suit is Suit.DIAMONDS:
        path.addPolygon(
            QPolygonF([QPointF(0, -0.5), QPointF(0.38, 0), QPointF(0, 0.5), QPointF(-0.38, 0), QPointF(0, -0.5)])
        )
    elif suit is Suit.HEARTS:
        path.moveTo(0, 0.46)
        path.cubicTo(-0.2, 0.28, -0.5, 0.06, -0.5, -0.18)
        path.cubicTo(-0.5, -0.38, -0.36, -0.48, -0.24, -0.48)
        path.cubicTo(-0.1, -0.48, -0.02, -0.4, 0, -0.3)
        path.cubicTo(0.02, -0.4, 0.1, -0.48, 0.24, -0.48)
        path.cubicTo(0.36, -0.48, 0.5, -0.38, 0.5, -0.18)
        path.cubicTo(0.5, 0.06, 0.2, 0.28, 0, 0.46)
        path.closeSubpath()
    elif suit is Suit.SPADES:
        path.moveTo(0, -0.5)
        path.cubicTo(-0.16, -0.3, -0.5, -0.12, -0.5, 0.1)
        path.cubicTo(-0.5, 0.26, -0.38, 0.34, -0.26, 0.34)
        path.cubicTo(-0.14, 0.34, -0.06, 0.28, -0.03, 0.2)
        path.cubicTo(-0.05, 0.34, -0.12, 0.44, -0.2, 0.5)
        path.lineTo(0.2, 0.5)
        path.cubicTo(0.12, 0.44, 0.05, 0.34, 0.03, 0.2)
        path.cubicTo(0.06, 0.28, 0.14, 0.34, 0.26, 0.34)
        path.cubicTo(0.38, 0.34, 0.5, 0.26, 0.5, 0.1)
        path.cubicTo(0.5, -0.12, 0.16, -0.3, 0, -0.5)
        path.closeSubpath()
    else:  # clubs: three leaves and a stem
        r = 0.2
        path.addEllipse(QPointF(0, -0.26), r, r)
        path.addEllipse(QPointF(-0.25, 0.08), r, r)
        path.addEllipse(QPointF(0.25, 0.08), r, r)
        path.addRect(QRectF(-0.06, -0.1, 0.12, 0.3))
        stem = QPainterPath()
        stem.moveTo(-0.03, 0.1)
        stem.cubicTo(-0.05, 0.3, -0.12, 0.44, -0.2, 0.5)
        stem.lineTo(0.2, 0.5)
        stem.cubicTo(0.12, 0.44, 0.05, 0.3, 0.03, 0.1)
        stem.closeSubpath()
        path.addPath(stem)
    return path


@cache
def star_path(points: int = 5, inner: float = 0.42) -> QPainterPath:
    """A star in a unit box: the plain joker's emblem and the back's medallion."""
    polygon = QPolygonF()
    for i in range(points * 2):
        radius = 0.5 if i % 2 == 0 else 0.5 * inner
        angle = -math.pi / 2 + i * math.pi / points
        polygon.append(QPointF(radius * math.cos(angle), radius * math.sin(angle)))
    path = QPainterPath()
    path.addPolygon(polygon)
    path.closeSubpath()
    return path


@cache
def bone_path() -> QPainterPath:
    """The lingering bone's emblem in a unit box: a bone with knobbed ends."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    path.addRoundedRect(QRectF(-0.3, -0.07, 0.6, 0.14), 0.05, 0.05)
    for x in (-0.33, 0.33):
        path.addEllipse(QPointF(x, -0.09), 0.1, 0.1)
        path.addEllipse(QPointF(x, 0.09), 0.1, 0.1)
    return path.simplified()


def draw_symbol(painter: QPainter, path: QPainterPath, center: QPointF, size: float, color: QColor) -> None:
    painter.save()
    painter.translate(center)
    painter.scale(size, size)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def card_font(px: float, bold: bool = True) -> QFont:
    """The application's font (which the shell makes Japanese-capable) at a pixel size."""
    font = QFont(QApplication.font())
    font.setPixelSize(max(1, int(round(px))))
    font.setBold(bold)
    return font


def rank_text(card: Card) -> str:
    return "JK" if card.is_joker else card.rank


def _outline(painter: QPainter, rect: QRectF, fill: QColor, edge: QColor, width: float) -> None:
    painter.setPen(QPen(edge, width))
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, CORNER, CORNER)


def paint_face(
    painter: QPainter, rect: QRectF, card: Card, detail: str = "full", edge_width: float = 1.2, bone: bool = False
) -> None:
    """A face-up card: rank in two corners, a big centre symbol.  ``bone``: this
    joker is the session's lingering bone (drawn with the bone emblem)."""
    if card.is_joker:
        paint_joker(painter, rect, detail, edge_width, bone)
        return
    assert card.suit is not None
    color = suit_color(card)
    w, h = rect.width(), rect.height()
    if detail == "tiny":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FACE_BG)
        painter.drawRect(rect)
        draw_symbol(painter, suit_path(card.suit), rect.center(), w * 0.7, color)
        return
    _outline(painter, rect, FACE_BG, FACE_EDGE, edge_width)
    path = suit_path(card.suit)
    if detail == "simple":
        draw_symbol(painter, path, QPointF(rect.center().x(), rect.top() + h * 0.66), w * 0.55, color)
        painter.setFont(card_font(h * 0.36))
        painter.setPen(color)
        painter.drawText(
            QRectF(rect.left(), rect.top() + h * 0.04, w, h * 0.4), Qt.AlignmentFlag.AlignCenter, card.rank
        )
        return
    text = card.rank
    corner_px = h * 0.24 if len(text) == 1 else h * 0.21
    painter.setFont(card_font(corner_px))
    painter.setPen(color)
    box = QRectF(rect.left() + 2.0, rect.top() + 2.0, w * 0.42, h * 0.24)
    for flip in (False, True):
        painter.save()
        if flip:
            painter.translate(rect.center())
            painter.rotate(180)
            painter.translate(-rect.center())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        draw_symbol(painter, path, QPointF(box.center().x(), box.bottom() + h * 0.07), w * 0.2, color)
        painter.restore()
    if card.deck > 1:
        # several decks on one table (stress boards): which deck, small, at the foot
        painter.setFont(card_font(h * 0.12))
        painter.setPen(color)
        foot = QRectF(rect.left(), rect.bottom() - h * 0.2, w, h * 0.16)
        painter.drawText(foot, Qt.AlignmentFlag.AlignCenter, f"{DECK_MARK}{card.deck}")
    if card.rank in ("J", "Q", "K"):
        # court cards: a pale symbol behind a big letter, so J/Q/K read from afar
        pale = QColor(color)
        pale.setAlpha(55)
        draw_symbol(painter, path, rect.center(), w * 0.7, pale)
        painter.setFont(card_font(h * 0.42))
        painter.setPen(color)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, card.rank)
    else:
        draw_symbol(painter, path, rect.center(), w * 0.58, color)


def paint_back(painter: QPainter, rect: QRectF, detail: str = "full", edge_width: float = 1.2) -> None:
    """The common back: navy with a light lattice and a cream frame, clearly not a face."""
    if detail == "tiny":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BACK_BG)
        painter.drawRect(rect)
        return
    _outline(painter, rect, BACK_BG, BACK_FRAME, edge_width)
    inner = rect.adjusted(5, 5, -5, -5)
    painter.setPen(QPen(BACK_FRAME, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, 4, 4)
    if detail == "full":
        painter.save()
        painter.setClipRect(inner.adjusted(2, 2, -2, -2))
        painter.setPen(QPen(BACK_LINE, 1.4))
        step = 10.0
        x = inner.left() - inner.height()
        while x < inner.right():
            painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
            painter.drawLine(QPointF(x + inner.height(), inner.top()), QPointF(x, inner.bottom()))
            x += step
        painter.restore()
    medallion = QPolygonF(
        [
            QPointF(rect.center().x(), rect.center().y() - rect.height() * 0.16),
            QPointF(rect.center().x() + rect.width() * 0.2, rect.center().y()),
            QPointF(rect.center().x(), rect.center().y() + rect.height() * 0.16),
            QPointF(rect.center().x() - rect.width() * 0.2, rect.center().y()),
        ]
    )
    painter.setPen(QPen(BACK_FRAME, 2.0))
    painter.setBrush(BACK_BG)
    painter.drawPolygon(medallion)
    draw_symbol(painter, star_path(4, 0.35), rect.center(), rect.width() * 0.3, BACK_FRAME)


def paint_joker(
    painter: QPainter, rect: QRectF, detail: str = "full", edge_width: float = 1.2, bone: bool = False
) -> None:
    """A joker: violet frame and a star; the lingering bone (once revealed)
    carries a bone instead, so nobody mistakes it for the spare joker."""
    w, h = rect.width(), rect.height()
    if detail == "tiny":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(JOKER_EDGE)
        painter.drawRect(rect)
        return
    _outline(painter, rect, JOKER_BG, JOKER_EDGE, max(edge_width, 3.0))
    inner = rect.adjusted(5, 5, -5, -5)
    painter.setPen(QPen(JOKER_EDGE, 1.5, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, 4, 4)
    painter.save()
    painter.translate(rect.center())
    if bone:
        painter.rotate(-35)
        painter.scale(w * 0.95, w * 0.95)
        painter.setPen(QPen(BONE_LINE, 0.03))
        painter.setBrush(BONE_FILL)
        painter.drawPath(bone_path())
    else:
        painter.scale(w * 0.62, w * 0.62)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(JOKER_EDGE)
        painter.drawPath(star_path())
    painter.restore()
    if detail == "full":
        painter.setFont(card_font(h * 0.15))
        painter.setPen(JOKER_EDGE)
        box = QRectF(rect.left() + 4, rect.top() + 4, w * 0.45, h * 0.18)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "JK")
        painter.save()
        painter.translate(rect.center())
        painter.rotate(180)
        painter.translate(-rect.center())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "JK")
        painter.restore()


def paint_simplified(painter: QPainter, rect: QRectF, card: Card | None) -> None:
    """The cheapest stand-in when a card is a few pixels wide."""
    if card is None:
        fill = BACK_BG
    elif card.is_joker:
        fill = JOKER_EDGE
    else:
        fill = QColor("#f3d9d9") if card.is_red else QColor("#e6e6e6")
    painter.fillRect(rect, QBrush(fill))


__all__ = ["paint_back", "paint_face", "paint_joker", "paint_simplified", "rank_text", "suit_path"]
