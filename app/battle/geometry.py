"""Where a hex of the joined battle board lies on screen (pointy-top hexes).

The engine's axial coordinates of the joined board (map 1 at its origin, map 2
shifted against the chosen side) become scene points here, once per board.
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from engine.hexbattle.board import JoinedBoard
from engine.hexbattle.hexgrid import Hex, to_pixel

#: circumradius of a hex in scene units (a hex label stays readable at the fitted zoom of two 12×10 maps)
HEX_SIZE = 30.0
SQRT3 = math.sqrt(3.0)


def centre(h: Hex, size: float = HEX_SIZE) -> QPointF:
    x, y = to_pixel(h, size)
    return QPointF(x, y)


@cache
def _corners(size: float, inset: float) -> QPolygonF:
    """The six corners of a hex around (0, 0): the trigonometry is done once per size
    (a drag's shading paints some sixty hexes each frame; see :class:`ReachShading`)."""
    radius = size - inset
    return QPolygonF(
        [
            QPointF(radius * math.cos(math.radians(60 * i - 30)), radius * math.sin(math.radians(60 * i - 30)))
            for i in range(6)
        ]
    )


def hex_polygon(h: Hex, size: float = HEX_SIZE, inset: float = 0.0) -> QPolygonF:
    """The six corners of ``h`` (pointy top), ``inset`` scene units inside its outline."""
    return _corners(size, inset).translated(centre(h, size))


def hex_rect(h: Hex, size: float = HEX_SIZE) -> QRectF:
    """The bounding box of ``h`` (cheaper than its polygon, for dirty areas)."""
    x, y = to_pixel(h, size)
    half_w = size * SQRT3 / 2
    return QRectF(x - half_w, y - size, 2 * half_w, 2 * size)


def hex_at(point: QPointF, size: float = HEX_SIZE) -> Hex:
    """The axial hex whose area contains ``point`` (cube rounding)."""
    q = (SQRT3 / 3 * point.x() - point.y() / 3) / size
    r = (2 / 3 * point.y()) / size
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def board_rect(board: JoinedBoard, size: float = HEX_SIZE) -> QRectF:
    """The scene rectangle both maps cover."""
    xs: list[float] = []
    ys: list[float] = []
    for h in board.hexes():
        x, y = to_pixel(h, size)
        xs.append(x)
        ys.append(y)
    half_w = size * SQRT3 / 2
    return QRectF(min(xs) - half_w, min(ys) - size, max(xs) - min(xs) + 2 * half_w, max(ys) - min(ys) + 2 * size)


__all__ = ["HEX_SIZE", "board_rect", "centre", "hex_at", "hex_polygon", "hex_rect"]
