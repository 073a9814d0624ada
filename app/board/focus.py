"""What the current procedure step is about, lit on the GM's board.

The phase stepper names squares, cards, characters and investigation markers
(``StepInfo``); the GM's scene outlines them in an orange of their own, dashed
for squares, so the step's focus never reads as a drag's drop highlight (blue,
yellow).  Two overlay items paint it: one under the cards (squares and hand
zones, tinted), one above the tokens (rings around cards and markers), each one
Python paint per repaint.  The projector never gets one: what the GM is about
to resolve may be a secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.items import BoardItem
from app.board.layout import BoardStyle


class FocusKind(Enum):
    SQUARE = "square"
    HAND = "hand"  # a character named by the step: its hand zone
    CARD = "card"
    MARKER = "marker"


class FocusSource(Protocol):
    """What a procedure step names on the board (the Upland's ``StepInfo`` has these)."""

    squares: tuple[str, ...]
    cards: tuple[str, ...]
    characters: tuple[str, ...]
    markers: tuple[str, ...]


@dataclass(frozen=True)
class StepFocus:
    """The keys the step names; the scene turns them into rectangles."""

    squares: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()

    def keys(self) -> list[tuple[FocusKind, str]]:
        return (
            [(FocusKind.SQUARE, s) for s in self.squares]
            + [(FocusKind.HAND, c) for c in self.characters]
            + [(FocusKind.CARD, c) for c in self.cards]
            + [(FocusKind.MARKER, m) for m in self.markers]
        )


class FocusOverlay(BoardItem):
    """Paints the step's focus for some kinds (``under`` or ``over`` the cards)."""

    PAD = 4.0

    def __init__(self, style: BoardStyle, z: float, kinds: tuple[FocusKind, ...]) -> None:
        super().__init__(style)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        # a drop repaints a card's cell, not every dashed outline of the step
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.kinds = kinds
        self._rects: dict[tuple[FocusKind, str], QRectF] = {}
        self._bounds = QRectF()

    @property
    def lit(self) -> dict[tuple[FocusKind, str], QRectF]:
        """What is outlined now, by (kind, key) — tests read it, paint draws it."""
        return dict(self._rects)

    def set_rects(self, rects: dict[tuple[FocusKind, str], QRectF]) -> None:
        mine = {k: QRectF(r) for k, r in rects.items() if k[0] in self.kinds}
        if mine == self._rects:
            return
        self.prepareGeometryChange()  # repaints the old outline's area too
        self._rects = mine
        bounds = QRectF()
        for rect in mine.values():
            bounds = bounds.united(rect)
        self._bounds = bounds.adjusted(-self.PAD * 2, -self.PAD * 2, self.PAD * 2, self.PAD * 2)
        self.setVisible(bool(mine))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = QColor(self.board_style.focus)
        tint = QColor(color)
        tint.setAlpha(34)
        exposed = option.exposedRect.adjusted(-self.PAD * 2, -self.PAD * 2, self.PAD * 2, self.PAD * 2)
        for (kind, _key), rect in self._rects.items():
            if not rect.intersects(exposed):
                continue
            if kind is FocusKind.SQUARE:
                painter.setBrush(tint)
                painter.setPen(QPen(color, 3.0, Qt.PenStyle.DashLine))
                painter.drawRoundedRect(rect.adjusted(7, 7, -7, -7), 6, 6)
            elif kind is FocusKind.HAND:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(color, 3.0, Qt.PenStyle.DashLine))
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
            elif kind is FocusKind.CARD:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(color, 3.5))
                painter.drawRoundedRect(rect.adjusted(-self.PAD, -self.PAD, self.PAD, self.PAD), 9, 9)
            else:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(color, 3.0))
                painter.drawEllipse(rect.adjusted(-self.PAD + 1, -self.PAD + 1, self.PAD - 1, self.PAD - 1))


__all__ = ["FocusKind", "FocusOverlay", "FocusSource", "StepFocus"]
