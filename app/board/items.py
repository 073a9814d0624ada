"""The common ground of every board item.

Items hold an id and what they draw, and never change the state (DESIGN.md).
Each one can say which texts it paints (``texts()``), so a test can prove the
projector paints no secret, and drop targets share one highlight scale so a
drag lights up every legal target the same way.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.layout import BoardStyle
from app.common.drag import Highlight


class BoardItem(QGraphicsItem):
    """Base of the board's items: a style, a highlight and the texts painted."""

    def __init__(self, style: BoardStyle, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.board_style = style
        self.highlight = Highlight.NONE
        # Paint once per zoom level and blit afterwards: a drop that clears the
        # highlight of every square then costs copies, not path rendering.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def texts(self) -> list[str]:
        """Every string this item paints right now (for honest secrecy tests)."""
        return []

    def set_highlight(self, level: Highlight) -> None:
        """Record how this target is lit; the scene's ``TargetOverlay`` paints
        it, so lighting 400 squares does not invalidate 400 cached pixmaps."""
        self.highlight = level

    def retranslate(self) -> None:
        """Texts are looked up at paint time; a language switch only repaints."""
        self.update()


def level_of_detail(painter: QPainter, option: QStyleOptionGraphicsItem) -> float:
    """How many device pixels one scene unit takes (1.0 at 100 % zoom)."""
    return option.levelOfDetailFromTransform(painter.worldTransform())


def ui_font(px: float, bold: bool = False) -> QFont:
    """The application font (made Japanese-capable by the shell) at a pixel size."""
    font = QFont(QApplication.font())
    font.setPixelSize(max(1, int(round(px))))
    font.setBold(bold)
    return font


def draw_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    px: float,
    color: str | QColor,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    bold: bool = False,
) -> None:
    painter.setFont(ui_font(px, bold))
    painter.setPen(QColor(color))
    painter.drawText(rect, int(align) | int(Qt.TextFlag.TextSingleLine), text)


def highlight_color(style: BoardStyle, level: Highlight) -> QColor | None:
    if level is Highlight.UNDER:
        return QColor(style.drop_highlight)
    if level is Highlight.LEGAL:
        return QColor(style.highlight)
    return None


#: the outline of a selected card or marker: apart from the drop targets' blue and
#: yellow and the procedure step's orange (``BoardStyle.focus``)
SELECTED_COLOR = "#ff4fd8"


def draw_selected(painter: QPainter, rect: QRectF, radius: float) -> None:
    """A selected item's outline: a thick magenta line over a dark one, readable on
    a red card, a white face or the green board alike (not Qt's dotted frame)."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor("#201000"), 5.0))
    painter.drawRoundedRect(rect, radius, radius)
    painter.setPen(QPen(QColor(SELECTED_COLOR), 3.0))
    painter.drawRoundedRect(rect, radius, radius)


def contrast_text(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = background.redF(), background.greenF(), background.blueF()
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return QColor("#111111") if luminance > 0.55 else QColor("#ffffff")


class HighlightImages:
    """The glow of a lit drop target, rendered once per level and device size
    and blitted afterwards: a drag over the 20 × 20 board lights ≈ 400 targets,
    and stroking 400 antialiased rounded rectangles per repaint was most of a
    drag start's time (benchmarks/RESULTS.md, "Board repaint")."""

    #: distinct images kept (levels × target shapes × zooms); older ones are dropped
    LIMIT = 64

    def __init__(self, style: BoardStyle) -> None:
        self._style = style
        # QImage, not QPixmap: drawImage of a premultiplied image blits ≈ 3× faster
        # than drawPixmap here (raster paint engine, measured 0.012 vs 0.039 ms)
        self._images: dict[tuple[Highlight, int, int, int], QImage] = {}

    def __len__(self) -> int:
        return len(self._images)

    def cache_keys(self) -> dict[tuple[Highlight, int, int, int], int]:
        """Each kept image's Qt cache key (equal keys: the very same pixels reused)."""
        return {key: image.cacheKey() for key, image in self._images.items()}

    def image(self, level: Highlight, rect: QRectF, scale: float) -> QImage | None:
        """The glow for a target of scene size ``rect`` drawn at ``scale`` device
        pixels per scene unit (None when ``level`` lights nothing)."""
        width = max(1, int(round(rect.width() * scale)))
        height = max(1, int(round(rect.height() * scale)))
        key = (level, width, height, int(round(scale * 1000)))
        found = self._images.get(key)
        if found is not None:
            return found
        glow = highlight_color(self._style, level)
        if glow is None:
            return None
        if len(self._images) >= self.LIMIT:
            self._images.clear()
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(width / rect.width(), height / rect.height())
        tint = QColor(glow)
        tint.setAlpha(70 if level is Highlight.UNDER else 40)
        painter.setBrush(tint)
        painter.setPen(QPen(glow, 5.0 if level is Highlight.UNDER else 3.5))
        painter.drawRoundedRect(QRectF(0, 0, rect.width(), rect.height()).adjusted(3, 3, -3, -3), 7, 7)
        painter.end()
        self._images[key] = image
        return image


class TargetOverlay(BoardItem):
    """Paints the drop-target highlights of a drag, all in one item above the
    squares and below the cards (one Python paint per repaint, whatever the
    number of targets), each as a blit of a :class:`HighlightImages` image."""

    #: above this many changed targets, repaint the whole overlay at once
    BATCH = 8

    def __init__(self, style: BoardStyle, z: float) -> None:
        super().__init__(style)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.images = HighlightImages(style)
        self._rects: dict[str, QRectF] = {}
        self._levels: dict[str, Highlight] = {}
        self._bounds = QRectF()

    def set_targets(self, rects: dict[str, QRectF]) -> None:
        """Every place a drag could end (after the board is rebuilt)."""
        self.prepareGeometryChange()
        self._rects = {k: QRectF(r) for k, r in rects.items()}
        self._levels = {}
        bounds = QRectF()
        for r in self._rects.values():
            bounds = bounds.united(r)
        self._bounds = bounds.adjusted(-4, -4, 4, 4)

    def level(self, key: str) -> Highlight:
        return self._levels.get(key, Highlight.NONE)

    def set_levels(self, levels: Mapping[str, Highlight]) -> None:
        changed = [k for k, v in levels.items() if self._levels.get(k, Highlight.NONE) != v and k in self._rects]
        for key in changed:
            if levels[key] is Highlight.NONE:
                self._levels.pop(key, None)
            else:
                self._levels[key] = levels[key]
        if len(changed) > self.BATCH:
            self.update()
        else:
            for key in changed:
                self.update(self._rects[key].adjusted(-4, -4, 4, 4))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        device = painter.worldTransform()
        scale = option.levelOfDetailFromTransform(device)
        painter.save()
        painter.resetTransform()  # blit at device pixels: no scaling, no smoothing
        for key, level in self._levels.items():
            rect = self._rects[key]
            if not rect.intersects(exposed):
                continue
            image = self.images.image(level, rect, scale)
            if image is not None:
                painter.drawImage(device.map(rect.topLeft()).toPoint(), image)
        painter.restore()


__all__ = [
    "BoardItem",
    "HighlightImages",
    "TargetOverlay",
    "Highlight",
    "SELECTED_COLOR",
    "contrast_text",
    "draw_selected",
    "draw_text",
    "highlight_color",
    "level_of_detail",
    "ui_font",
]
