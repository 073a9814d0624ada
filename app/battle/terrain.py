"""The terrain of the battle maps in one item: move costs by fill *and* pattern,
hex labels, zone outlines, each map's frame and title.

One item paints every hex (thousands of small items would make the scene's
index the slowest part of a token drop); it is cached as a pixmap, so a token
moving over it costs a blit, and it is rebuilt only when a map changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.battle.geometry import HEX_SIZE, centre, hex_polygon
from app.battle.words import tr
from engine.hexbattle.hexgrid import Hex, from_offset, label, neighbor
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD, HexMap, MoveCost

#: fill and pattern per move cost: readable without colour (the pattern says it too)
FILLS: dict[MoveCost, tuple[str, Qt.BrushStyle, str]] = {
    1: ("#d9d4b5", Qt.BrushStyle.NoBrush, "#00000000"),
    2: ("#b7c48f", Qt.BrushStyle.Dense6Pattern, "#4f5a2a"),
    3: ("#7fa06a", Qt.BrushStyle.BDiagPattern, "#22361a"),
    None: ("#2d4a63", Qt.BrushStyle.DiagCrossPattern, "#a9c7e0"),
}
LEGEND_ROW = 40.0
"""The height of one row of the legend under the maps (it wraps to the maps' width)."""
ZONE_PENS: dict[str, str] = {ZONE_LEAD: "#ffb300", ZONE_BREAKTHROUGH: "#00b8d4"}
OTHER_ZONE = "#c060c0"


@dataclass(frozen=True)
class MapPlacement:
    """One map drawn at an axial shift (map 2 lies against map 1)."""

    number: int
    map: HexMap
    shift: Hex

    def board_hex(self, local: Hex) -> Hex:
        return Hex(local.q + self.shift.q, local.r + self.shift.r)


def cost_name(cost: MoveCost) -> str:
    return tr("impassable") if cost is None else tr("cost {cost}").format(cost=cost)


class TerrainItem(QGraphicsItem):
    """Both maps' hexes; ``show_labels`` off for the projector when the hexes are tiny."""

    def __init__(self, placements: list[MapPlacement], *, lang: str = "ja", size: float = HEX_SIZE) -> None:
        super().__init__()
        self.placements = placements
        self.size = size
        self.lang = lang
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = self._bounds()

    def _bounds(self) -> QRectF:
        rect = QRectF()
        for placement in self.placements:
            for local in placement.map.hexes():
                rect = rect.united(hex_polygon(placement.board_hex(local), self.size).boundingRect())
        self._maps_rect = rect
        self._legend = self._legend_layout()
        bottom = max((y for y, _x, _text, _what in self._legend), default=rect.bottom()) + LEGEND_ROW / 2
        return rect.adjusted(-4, -self.size * 1.2, 4, bottom - rect.bottom())

    def _legend_font(self) -> QFont:
        font = QFont()
        font.setPixelSize(int(self.size * 0.5))
        return font

    def _legend_layout(self) -> list[tuple[float, float, str, MoveCost | str]]:
        """Where each legend entry goes: rows as wide as the maps, so no entry is cut."""
        metrics = QFontMetricsF(self._legend_font())
        swatch = self.size * 0.45
        entries: list[tuple[str, MoveCost | str]] = [(cost_name(c), c) for c in (1, 2, 3, None)]
        entries += [(tr("lead zone"), ZONE_LEAD), (tr("breakthrough zone"), ZONE_BREAKTHROUGH)]
        left = self._maps_rect.left() + 8
        right = max(self._maps_rect.right(), left + 1)
        x, y = left, self._maps_rect.bottom() + LEGEND_ROW / 2 + 8
        out: list[tuple[float, float, str, MoveCost | str]] = []
        for text, what in entries:
            width = 2 * swatch + 8 + metrics.horizontalAdvance(text) + 28
            if x > left and x + width > right:
                x, y = left, y + LEGEND_ROW
            out.append((y, x, text, what))
            x += width
        return out

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        outline = QPen(QColor("#6b6650"), 0.8)
        label_font = QFont()
        label_font.setPixelSize(max(6, int(self.size * 0.4)))
        for placement in self.placements:
            hex_map = placement.map
            painter.setFont(label_font)
            for local in hex_map.hexes():
                cost = hex_map.cost(local)
                h = placement.board_hex(local)
                polygon = hex_polygon(h, self.size)
                fill, pattern, ink = FILLS[cost]
                painter.setPen(outline)
                painter.setBrush(QColor(fill))
                painter.drawPolygon(polygon)
                if pattern is not Qt.BrushStyle.NoBrush:
                    brush = QBrush(QColor(ink), pattern)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(brush)
                    painter.drawPolygon(hex_polygon(h, self.size, inset=2))
                if lod * self.size >= 14:
                    c = centre(h, self.size)
                    painter.setPen(QColor("#f0f0f0") if cost is None else QColor("#3a3626"))
                    box = QRectF(c.x() - self.size, c.y() - self.size * 0.82, 2 * self.size, self.size * 0.5)
                    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label(local))
            self._paint_zones(painter, placement)
            self._paint_frame(painter, placement)
        self._paint_legend(painter)

    def _paint_legend(self, painter: QPainter) -> None:
        """What the fills and patterns mean, under the maps (the players read it too)."""
        painter.setFont(self._legend_font())
        swatch = self.size * 0.45
        for y, x, text, what in self._legend:
            box = QRectF(x, y - swatch, 2 * swatch, 2 * swatch)
            if isinstance(what, str):
                pen = QPen(QColor(ZONE_PENS[what]), 4)
                pen.setStyle(Qt.PenStyle.SolidLine if what == ZONE_LEAD else Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(box.adjusted(2, 2, -2, -2))
            else:
                fill, pattern, ink = FILLS[what]
                painter.setPen(QPen(QColor("#6b6650"), 1))
                painter.setBrush(QColor(fill))
                painter.drawRect(box)
                if pattern is not Qt.BrushStyle.NoBrush:
                    painter.setBrush(QBrush(QColor(ink), pattern))
                    painter.drawRect(box)
            painter.setPen(QColor("#f4ecd0"))
            painter.drawText(QPointF(box.right() + 8, y + self.size * 0.18), text)

    def legend_entries(self) -> list[tuple[QRectF, str]]:
        """Each legend entry's text and the box it is drawn in (what a reader sees whole)."""
        metrics = QFontMetricsF(self._legend_font())
        swatch = self.size * 0.45
        return [
            (QRectF(x, y - swatch, 2 * swatch + 8 + metrics.horizontalAdvance(text), 2 * swatch), text)
            for y, x, text, _what in self._legend
        ]

    def _paint_zones(self, painter: QPainter, placement: MapPlacement) -> None:
        for zone in placement.map.zones:
            members = {placement.board_hex(h) for h in placement.map.zone(zone.name)}
            pen = QPen(QColor(ZONE_PENS.get(zone.name, OTHER_ZONE)), 4)
            pen.setStyle(Qt.PenStyle.SolidLine if zone.name == ZONE_LEAD else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for h in members:
                corners = hex_polygon(h, self.size, inset=2.5)
                for direction in range(1, 7):
                    if neighbor(h, direction) not in members:
                        painter.drawLine(corners.at(direction - 1), corners.at(direction % 6))

    def _paint_frame(self, painter: QPainter, placement: MapPlacement) -> None:
        hex_map = placement.map
        top_left = centre(placement.board_hex(_offset_hex(0, 0)), self.size)
        painter.setPen(QColor("#f4ecd0"))
        font = QFont()
        font.setPixelSize(int(self.size * 0.55))
        font.setBold(True)
        painter.setFont(font)
        title = tr("Map {number}: {name}").format(number=placement.number, name=hex_map.title(self.lang))
        painter.drawText(QPointF(top_left.x() - self.size * 0.8, top_left.y() - self.size * 1.05), title)


def _offset_hex(col: int, row: int) -> Hex:
    return from_offset(col, row)


def zone_path(hexes: set[Hex], size: float = HEX_SIZE) -> QPainterPath:
    """The outline of a set of hexes (for overlays that outline an area)."""
    path = QPainterPath()
    for h in hexes:
        path.addPolygon(QPolygonF(hex_polygon(h, size)))
    return path.simplified()


__all__ = ["FILLS", "MapPlacement", "TerrainItem", "cost_name", "zone_path"]
