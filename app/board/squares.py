"""The grid: squares with their name, the gate, a stack count; the edge labels;
and — in the GM's scene only — the dashed mark of the secret lingering bone."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.board.cardface import bone_path, draw_symbol
from app.board.items import BoardItem, draw_text
from app.board.layout import Z_BONE, Z_SQUARE, BoardStyle

STRIP = 24.0  # the label strip along the top of a square


def gate_label() -> str:
    return QCoreApplication.translate("Board", "Gate")


class SquareItem(BoardItem):
    """One square of the grid; the cards of its stack are separate items above it.

    The item paints nothing (``ItemHasNoContents``): the scene draws every square
    into the views' cached background (:func:`paint_square` from
    ``BoardScene.drawBackground``), so a repaint of the board blits one pixmap
    instead of painting 400 squares.  The item stays for hit-testing, drop
    targets and the texts a test reads; a change of what it shows (count, gate,
    hover, language) invalidates its cell of the background only."""

    def __init__(self, name: str, rect: QRectF, style: BoardStyle, *, gate: bool, hover: bool) -> None:
        super().__init__(style)
        self.name = name
        self.gate = gate
        self.count = 0
        self.hovered = False
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.scene_rect = QRectF(rect)
        self.setPos(rect.topLeft())
        self.setZValue(Z_SQUARE)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.hoverable = hover
        # the scene sets ``hovered`` (see set_hovered); Qt's own hover tracking
        # would leave it lit after a drag or a context menu until the mouse moved
        self.setAcceptHoverEvents(False)

    def set_count(self, count: int) -> None:
        if count != self.count:
            shown = self.count >= 2 or count >= 2  # a stack of one shows no count
            self.count = count
            if shown:
                self.repaint_cell()

    def set_gate(self, gate: bool) -> None:
        if gate != self.gate:
            self.gate = gate
            self.repaint_cell()

    def texts(self) -> list[str]:
        out = [self.name]
        if self.gate:
            out.append(gate_label())
        if self.count >= 2:
            out.append(str(self.count))
        return out

    def set_hovered(self, hovered: bool) -> None:
        """Lit as "under the mouse"; the scene decides (it clears it after a drag
        or a menu, and keeps it off during a drag, where only legal targets light)."""
        if hovered != self.hovered:
            self.hovered = hovered
            self.repaint_cell()

    def retranslate(self) -> None:
        self.repaint_cell()  # the gate's label is looked up at paint time

    def repaint_cell(self) -> None:
        """Redraw this square's cell of the cached background (and nothing else)."""
        scene = self.scene()
        if scene is not None:
            scene.invalidate(self.scene_rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    def boundingRect(self) -> QRectF:
        # exactly the cell: hit-testing and the drop target's rect
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """Nothing: the grid is the scene's background (see the class docstring)."""


def paint_square(painter: QPainter, square: SquareItem, lod: float) -> None:
    """Draw one square in scene coordinates (the painter is the background's).

    ``lod`` is the zoom (device pixels per scene unit): below 0.3 the names and
    counts would be a few pixels tall, so only the cell and the gate are drawn."""
    style = square.board_style
    rect = square.scene_rect.adjusted(4, 4, -4, -4)
    fill = QColor(style.square_bg)
    if square.gate:
        fill = QColor("#4f4a2c") if not style.projector else QColor("#3d3816")
    if square.hovered:
        fill = fill.lighter(125)
    painter.setPen(QPen(QColor(style.square_line), style.grid_line))
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 6, 6)
    if square.gate:
        painter.setPen(QPen(QColor(style.gate_color), style.line * 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 5, 5)
    if lod < 0.3:
        return
    strip = QRectF(rect.left() + 6, rect.top() + 1, rect.width() - 12, STRIP)
    draw_text(
        painter,
        strip,
        square.name,
        style.small_px,
        style.label_color,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    if square.gate:
        draw_text(
            painter,
            strip,
            gate_label(),
            style.small_px + 2,
            style.gate_color,
            Qt.AlignmentFlag.AlignCenter,
            bold=True,
        )
    if square.count >= 2:
        d = style.badge_px + 10.0
        badge = QRectF(rect.right() - d - 3, rect.top() + 3, d, d)
        painter.setPen(QPen(QColor("#111111"), 1.5))
        painter.setBrush(QColor("#f2f2f2"))
        painter.drawEllipse(badge)
        draw_text(painter, badge, str(square.count), style.badge_px, "#111111", bold=True)


class GridLabelsItem(BoardItem):
    """Column letters above the grid and row numbers to its left."""

    def __init__(self, cols: dict[str, QRectF], rows: dict[str, QRectF], style: BoardStyle) -> None:
        super().__init__(style)
        self._cols = dict(cols)
        self._rows = dict(rows)
        rect = QRectF()
        for r in list(self._cols.values()) + list(self._rows.values()):
            rect = rect.united(r)
        self._bounds = rect

    def texts(self) -> list[str]:
        return list(self._cols) + list(self._rows)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        for text, rect in list(self._cols.items()) + list(self._rows.items()):
            draw_text(painter, rect, text, self.board_style.label_px, self.board_style.label_color, bold=True)


class BoneMarkerItem(BoardItem):
    """GM only: a subtle dashed outline where the secret lingering bone lies.

    The projector's scene never creates one: it is drawn from ``player_view``,
    which has no bone square before the crossing."""

    def __init__(self, style: BoardStyle) -> None:
        super().__init__(style)
        self.square: str | None = None
        self._rect = QRectF()
        self.setZValue(Z_BONE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def place_on(self, square: str | None, rect: QRectF | None) -> None:
        self.square = square
        if square is None or rect is None:
            self.setVisible(False)
            return
        self.prepareGeometryChange()
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())
        self.setVisible(True)
        self.setToolTip(
            QCoreApplication.translate("Board", "The lingering bone lies here (secret: only you see this mark).")
        )

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        inner = self._rect.adjusted(8, STRIP + 2, -8, -8)
        color = QColor("#c9a6ff")
        painter.setPen(QPen(color, 1.6, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, 8, 8)
        draw_symbol(painter, bone_path(), QPointF(inner.right() - 14, inner.bottom() - 10), 22, color)


__all__ = ["BoneMarkerItem", "GridLabelsItem", "SquareItem", "gate_label", "paint_square"]
