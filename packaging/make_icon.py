"""Draws the app icon (a card with a spiral "call" on a marsh-green disc) into
assets/icons as PNG, ICO and ICNS with Qt's own image writers, so the build
needs no image tools.  Run once when the design changes; the files are committed."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen

OUT = Path(__file__).resolve().parents[1] / "assets" / "icons"


def draw(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 256
    p.setBrush(QColor("#2f5d50"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(QRectF(8 * s, 8 * s, 240 * s, 240 * s))
    card = QRectF(78 * s, 48 * s, 100 * s, 150 * s)
    p.setBrush(QColor("#fbf7ee"))
    p.setPen(QPen(QColor("#1c2b26"), 5 * s))
    p.drawRoundedRect(card, 12 * s, 12 * s)
    path = QPainterPath()
    c = card.center()
    path.moveTo(c)
    import math

    for i in range(1, 200):
        t = i / 199 * 3.2 * math.pi
        r = 3 * s + 10 * s * t / math.pi
        path.lineTo(QPointF(c.x() + r * math.cos(t), c.y() + r * math.sin(t)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor("#b3261e"), 9 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPath(path)
    p.setBrush(QBrush(QColor("#b3261e")))
    p.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw(512)
    big.save(str(OUT / "yobigoe.png"))
    draw(256).save(str(OUT / "yobigoe.ico"))
    big.save(str(OUT / "yobigoe.icns"))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
