"""Tokens, the reach shading, the cost label and the refusal flash.

A token shows the character's colour and initial (a circle); an enemy is a
dark red square so it reads apart without colour; a hidden enemy (GM only) is
dashed and ghosted.  An SR-delay badge (ENC-8) sits at the lower right.  Tokens
whose initials collide on one board get a number (教1, 教2: :func:`token_marks`),
so two NPCs of the same name-initial are told apart at a glance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.battle.geometry import HEX_SIZE, centre, hex_polygon, hex_rect
from app.common.drag import Highlight
from engine.hexbattle.hexgrid import Hex
from engine.hexbattle.model import Spot, Token

Z_TERRAIN = 0.0
Z_SHADE = 5.0
Z_TOKEN = 10.0
Z_DRAG = 100.0
Z_LABEL = 200.0

ENEMY_FILL = "#8e1b1b"
CHARACTER_FILL = "#3b6fb6"
ACTING_RING = "#ffc400"
DEAD_FILL = "#3a3a3a"
DEAD_CROSS = "#e03030"


class TokenItem(QGraphicsItem):
    """One token, positioned at its hex's centre (its own origin is the centre)."""

    def __init__(self, token: Token, *, size: float = HEX_SIZE, delay: int = 0) -> None:
        super().__init__()
        self.token = token
        self.delay = delay
        self.size = size
        #: the position it was last laid at (the scene skips tokens whose state did not change)
        self.laid_at: Spot | None = None
        #: whose turn it is (the ruleset's tracker says so): drawn with a gold ring
        self.acting = False
        #: picked by the GM (Ctrl+click, a rubber band) to move with others: a white dashed ring
        self.picked = False
        #: the text drawn on the token, unique on its board (the scene sets it from :func:`token_marks`)
        self.mark = initial(token)
        #: out of the fight as the ruleset says: "dead" (greyed, crossed out), "down" (dimmed), or None
        self.down: str | None = None
        self.radius = size * 0.7
        self.setZValue(Z_TOKEN)
        self.setAcceptHoverEvents(False)

    def set_token(self, token: Token, delay: int) -> None:
        if token is not self.token or delay != self.delay:
            if token.label != self.token.label:
                self.setToolTip(token.label or token.id)
            self.token = token
            self.delay = delay
            self.update()

    def set_picked(self, picked: bool) -> None:
        if picked != self.picked:
            self.picked = picked
            self.update()

    def set_acting(self, acting: bool) -> None:
        if acting != self.acting:
            self.acting = acting
            self.update()

    def set_down(self, down: str | None) -> None:
        if down != self.down:
            self.down = down
            self.update()

    def set_mark(self, mark: str) -> None:
        if mark != self.mark:
            self.mark = mark
            self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius + 8
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        token = self.token
        r = self.radius
        if self.acting:
            painter.setPen(QPen(QColor(ACTING_RING), 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QRectF(-r - 5, -r - 5, 2 * r + 10, 2 * r + 10))
        if self.picked:
            painter.setPen(QPen(QColor("#ffffff"), 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QRectF(-r - 6, -r - 6, 2 * r + 12, 2 * r + 12))
        enemy = token.kind == "enemy"
        fill = QColor(token.color or (ENEMY_FILL if enemy else CHARACTER_FILL))
        pen = QPen(QColor("#fff8e0") if not enemy else QColor("#ffd0d0"), 2.5)
        if token.hidden:
            fill.setAlpha(110)
            pen = QPen(QColor("#ff8080"), 2.5, Qt.PenStyle.DashLine)
        if self.down == "dead":
            fill = QColor(DEAD_FILL)
        elif self.down is not None:
            fill = fill.darker(190)
        painter.setPen(pen)
        painter.setBrush(fill)
        box = QRectF(-r, -r, 2 * r, 2 * r)
        if enemy:
            painter.drawRoundedRect(box.adjusted(2, 2, -2, -2), 4, 4)
        else:
            painter.drawEllipse(box)
        font = QFont()
        font.setPixelSize(int(r * (0.95 if len(self.mark) <= 1 else 0.72 if len(self.mark) == 2 else 0.55)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff") if not token.hidden else QColor("#ffd0d0"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.mark)
        if token.facing is not None:
            self._paint_facing(painter, token.facing)
        if self.down == "dead":  # a cross over the whole token: seen from across the table
            painter.setPen(QPen(QColor(DEAD_CROSS), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            inset = r * 0.55
            painter.drawLine(QPointF(-inset, -inset), QPointF(inset, inset))
            painter.drawLine(QPointF(-inset, inset), QPointF(inset, -inset))
        if self.delay:
            badge = QRectF(r * 0.35, r * 0.35, r * 0.95, r * 0.75)
            painter.setPen(QPen(QColor("#1a1a1a"), 1.2))
            painter.setBrush(QColor("#ffe066"))
            painter.drawRoundedRect(badge, 5, 5)
            small = QFont()
            small.setPixelSize(int(r * 0.48))
            small.setBold(True)
            painter.setFont(small)
            painter.setPen(QColor("#1a1a1a"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"+{self.delay}")

    def _paint_facing(self, painter: QPainter, facing: int) -> None:
        """A small wedge on the edge the token faces (direction 1 = east, clockwise)."""
        import math

        angle = math.radians(60 * (facing - 1))
        tip = QPointF(math.cos(angle) * (self.radius + 7), math.sin(angle) * (self.radius + 7))
        left = QPointF(math.cos(angle - 0.35) * self.radius, math.sin(angle - 0.35) * self.radius)
        right = QPointF(math.cos(angle + 0.35) * self.radius, math.sin(angle + 0.35) * self.radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#fff8e0"))
        painter.drawPolygon([tip, left, right])


def initial(token: Token) -> str:
    """The first letter of the label (a kanji name gives its first kanji), or a digit suffix for enemies."""
    text = (token.label or token.id).strip()
    if token.kind == "enemy":
        digits = "".join(ch for ch in text if ch.isdigit())
        return (text[:1] + digits)[:3] if digits else text[:1]
    return text[:1]


def token_marks(tokens: Iterable[Token]) -> dict[str, str]:
    """The text on each token (by id), unique among ``tokens``: the initial, numbered where initials collide.

    Two cultists "教団員" and "教授" both begin with 教; they are drawn 教1 and 教2
    in the board's token order (the order they were placed), skipping a mark another
    token already has (an enemy "教1" keeps its own digits).  Only the tokens given
    count, so the players' board, which never holds hidden enemies, numbers its own
    tokens and does not reveal that a hidden 教1 exists.
    """
    base = {token.id: initial(token) for token in tokens}
    counts = Counter(base.values())
    taken = {mark for mark, n in counts.items() if n == 1}
    marks: dict[str, str] = {}
    last: dict[str, int] = {}
    for token_id, mark in base.items():
        if counts[mark] == 1:
            marks[token_id] = mark
            continue
        n = last.get(mark, 0) + 1
        while f"{mark}{n}" in taken:
            n += 1
        last[mark] = n
        marks[token_id] = f"{mark}{n}"
        taken.add(marks[token_id])
    return marks


class ReachShading(QGraphicsItem):
    """The GM's shading while a token is dragged: every reachable hex, the one under the cursor brighter."""

    def __init__(self, size: float = HEX_SIZE) -> None:
        super().__init__()
        self.size = size
        self.levels: dict[Hex, Highlight] = {}
        self.costs: dict[Hex, int] = {}
        self._rect = QRectF()
        self.setZValue(Z_SHADE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_levels(self, levels: Mapping[Hex, Highlight]) -> None:
        changed = QRectF()
        for h, level in levels.items():
            changed = changed.united(hex_rect(h, self.size))
            if level is Highlight.NONE:
                self.levels.pop(h, None)
            else:
                self.levels[h] = level
        if not changed.isNull():
            if not self._rect.contains(changed):
                self.prepareGeometryChange()
                self._rect = self._rect.united(changed) if not self._rect.isNull() else changed
            self.update(changed)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        # pens, brushes and the font once per paint, not once per hex (sixty hexes a frame while dragging)
        looks = {
            True: (QPen(QColor("#ffffff"), 3), QColor(255, 255, 255, 120)),
            False: (QPen(QColor("#2e7dff"), 1.5), QColor(46, 125, 255, 80)),
        }
        costs = self.costs if self.size >= 14 else {}
        cost_pen = QPen(QColor("#0b2a66"))
        font = QFont()
        font.setPixelSize(int(self.size * 0.32))
        painter.setFont(font)
        for h, level in self.levels.items():
            if not hex_rect(h, self.size).intersects(exposed):
                continue
            pen, brush = looks[level is Highlight.UNDER]
            painter.setPen(pen)
            painter.setBrush(brush)
            painter.drawPolygon(hex_polygon(h, self.size, inset=1.5))
            cost = costs.get(h)
            if cost is not None:
                c = centre(h, self.size)
                painter.setPen(cost_pen)
                painter.drawText(
                    QRectF(c.x() - self.size, c.y() + self.size * 0.2, 2 * self.size, self.size * 0.5),
                    Qt.AlignmentFlag.AlignCenter,
                    str(cost),
                )


class BubbleItem(QGraphicsItem):
    """A short text in a box at a scene point: the path cost under the cursor, or why a drop was refused."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.refused = False
        self._rect = QRectF()
        self.setZValue(Z_LABEL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_text(self, at: QPointF, text: str, *, refused: bool = False) -> None:
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        width = max(60.0, QFontMetricsF(font).horizontalAdvance(text) + 24)
        self.prepareGeometryChange()
        self._rect = QRectF(0, 0, width, 26)
        self.text = text
        self.refused = refused
        left = self.scene() is not None and at.x() > self.scene().sceneRect().center().x()
        self.setPos(at + (QPointF(-14 - width, -34) if left else QPointF(14, -34)))
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor("#b3261e") if self.refused else QColor("#1d2b21"))
        painter.drawRoundedRect(self._rect, 6, 6)
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class FlashItem(QGraphicsItem):
    """A red outline on a hex where a drop was refused (it fades by a timer the scene runs)."""

    def __init__(self, size: float = HEX_SIZE) -> None:
        super().__init__()
        self.size = size
        self.hex: Hex | None = None
        self.setZValue(Z_LABEL - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def flash(self, h: Hex) -> None:
        self.prepareGeometryChange()
        self.hex = h
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        if self.hex is None:
            return QRectF()
        return hex_polygon(self.hex, self.size).boundingRect().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.hex is None:
            return
        painter.setPen(QPen(QColor("#ff1744"), 5))
        painter.setBrush(QColor(255, 23, 68, 70))
        painter.drawPolygon(hex_polygon(self.hex, self.size, inset=2))
        c = centre(self.hex, self.size)
        painter.drawLine(c + QPointF(-10, -10), c + QPointF(10, 10))
        painter.drawLine(c + QPointF(-10, 10), c + QPointF(10, -10))


__all__ = ["BubbleItem", "FlashItem", "ReachShading", "TokenItem", "initial", "token_marks"]
