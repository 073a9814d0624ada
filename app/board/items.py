"""The common ground of every board item.

Items hold an id and what they draw, and never change the state (DESIGN.md).
Each one can say which texts it paints (``texts()``), so a test can prove the
projector paints no secret, and drop targets share one highlight scale so a
drag lights up every legal target the same way.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.layout import BoardStyle
from app.common.drag import Highlight


class BoardItem(QGraphicsItem):
    """Base of the board's items: a style, a highlight and the texts painted."""

    def __init__(self, style: BoardStyle, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.board_style = style
        #: the drop-target key this item stands for (set by the board's frame), or None
        self.target_key: str | None = None
        # Paint once per zoom level and blit afterwards: a drop that clears the
        # highlight of every square then costs copies, not path rendering.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def texts(self) -> list[str]:
        """Every string this item paints right now (for honest secrecy tests)."""
        return []

    @property
    def highlight(self) -> Highlight:
        """How this drop target is lit now.  The scene's ``TargetOverlay`` holds
        the levels and paints them, so a drag start that lights 400 targets sets
        one dict instead of 400 items."""
        overlay = getattr(self.scene(), "target_overlay", None)
        if self.target_key is None or not isinstance(overlay, TargetOverlay):
            return Highlight.NONE
        return overlay.level(self.target_key)

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

    @staticmethod
    def size(rect: QRectF, scale: float) -> QSize:
        """The device size of a target's glow (the same for every level)."""
        return QSize(max(1, int(round(rect.width() * scale))), max(1, int(round(rect.height() * scale))))

    def image(self, level: Highlight, rect: QRectF, scale: float) -> QImage | None:
        """The glow for a target of scene size ``rect`` drawn at ``scale`` device
        pixels per scene unit (None when ``level`` lights nothing)."""
        size = self.size(rect, scale)
        width, height = size.width(), size.height()
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
    number of targets).

    Where the whole board fits a modest picture (zoomed out, as the 20 × 20 board
    is when fitted), the lit targets are composed into one ``QImage`` at the
    view's device scale and a repaint is one blit of it.  The picture is kept
    between drags: a drag that lights what the last one lit (a card dragged
    again after a drop) re-composes only the targets whose level differs, so a
    drag start no longer blits ≈ 400 :class:`HighlightImages` one by one
    (benchmarks/RESULTS.md, "Drag start and drop").  Zoomed in, where such a
    picture would be large and most targets are off screen, each target in the
    repainted area is blitted by itself."""

    #: above this many changed targets, repaint the whole overlay at once
    BATCH = 8
    #: the largest composed picture (device pixels: 4 M is 16 MB of ARGB)
    PICTURE_PIXELS = 4_000_000
    #: more changed targets than 1/REDRAW of all targets: compose the picture anew
    REDRAW = 4

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
        self._picture: QImage | None = None
        #: the device transform (its whole-pixel shift taken out) the picture was composed for
        self._picture_for: tuple[float, ...] | None = None
        #: each target's image rect inside the picture
        self._spots: dict[str, QRect] = {}
        #: the levels the picture shows, and the keys set since it was brought up to date
        self._shown: dict[str, Highlight] = {}
        self._stale: set[str] = set()
        self._origin = QPoint()
        self._near: dict[tuple[int, int, int, int], list[str]] = {}

    def set_targets(self, rects: dict[str, QRectF]) -> None:
        """Every place a drag could end (after the board is rebuilt)."""
        self.prepareGeometryChange()
        self._rects = {k: QRectF(r) for k, r in rects.items()}
        self._levels = {}
        bounds = QRectF()
        for r in self._rects.values():
            bounds = bounds.united(r)
        self._bounds = bounds.adjusted(-4, -4, 4, 4)
        self.drop_picture()

    def drop_picture(self) -> None:
        """Forget the composed picture: the next paint composes it anew (the
        targets moved, or a test compares the kept picture with a fresh one)."""
        self._picture = None
        self._picture_for = None
        self._shown = {}
        self._stale = set()

    def level(self, key: str) -> Highlight:
        return self._levels.get(key, Highlight.NONE)

    def set_levels(self, levels: Mapping[str, Highlight]) -> None:
        changed = [k for k, v in levels.items() if self._levels.get(k, Highlight.NONE) != v and k in self._rects]
        shown, stale = self._shown, self._stale
        for key in changed:
            level = levels[key]
            if level is Highlight.NONE:
                self._levels.pop(key, None)
            else:
                self._levels[key] = level
            # what differs from the picture (a drop unlights all, the next drag lights them again)
            if shown.get(key, Highlight.NONE) is level:
                stale.discard(key)
            else:
                stale.add(key)
        if len(changed) > self.BATCH:
            self.update()
        else:
            for key in changed:
                self.update(self._rects[key].adjusted(-4, -4, 4, 4))

    @property
    def picture(self) -> QImage | None:
        """The composed picture of the last paint (None: zoomed in, blitted one by one)."""
        return self._picture

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._levels:
            return  # nothing lit (between drags): the picture waits for the next drag
        exposed = option.exposedRect
        device = painter.worldTransform()
        scale = option.levelOfDetailFromTransform(device)
        # the picture is composed without the view's whole-pixel shift, so panning keeps it
        shift = QPoint(math.floor(device.dx()), math.floor(device.dy()))
        local = QTransform(
            device.m11(), device.m12(), device.m21(), device.m22(), device.dx() - shift.x(), device.dy() - shift.y()
        )
        picture = self._up_to_date(local, scale)
        painter.save()
        painter.resetTransform()  # blit at device pixels: no scaling, no smoothing
        if picture is not None:
            area = local.mapRect(exposed).toAlignedRect().adjusted(-1, -1, 1, 1).translated(-self._origin)
            area = area.intersected(picture.rect())
            painter.drawImage(area.topLeft() + self._origin + shift, picture, area)
        else:
            # in the targets' order, as the picture is composed: where two glows share an
            # edge pixel the same one lies on top (not the order a drag happened to light them)
            for key, rect in self._rects.items():
                level = self._levels.get(key)
                if level is None or not rect.intersects(exposed):
                    continue
                image = self.images.image(level, rect, scale)
                if image is not None:
                    painter.drawImage(device.map(rect.topLeft()).toPoint(), image)
        painter.restore()

    def _up_to_date(self, local: QTransform, scale: float) -> QImage | None:
        """The composed picture for ``local``, brought up to the current levels."""
        key = (local.m11(), local.m12(), local.m21(), local.m22(), local.dx(), local.dy())
        if key != self._picture_for:
            self._picture_for = key
            self._spots = {}
            self._near = {}
            for target, rect in self._rects.items():
                at = local.map(rect.topLeft()).toPoint()
                self._spots[target] = QRect(at, self.images.size(rect, scale))
            frame = QRect()
            for spot in self._spots.values():
                frame = frame.united(spot)
            if frame.width() * frame.height() > self.PICTURE_PIXELS or frame.isEmpty():
                self._picture = None
                return None
            # the picture's (0, 0) is the frame's corner: spots are kept relative to it
            self._origin = frame.topLeft()
            self._spots = {t: spot.translated(-self._origin) for t, spot in self._spots.items()}
            self._picture = QImage(frame.size(), QImage.Format.Format_ARGB32_Premultiplied)
            self._compose(scale, None)
        picture = self._picture
        if picture is None:
            return None
        if self._stale:
            changed, self._stale = self._stale, set()
            if len(changed) * self.REDRAW > len(self._rects):
                self._compose(scale, None)
            else:
                for target in changed:
                    self._compose(scale, self._spots[target])
                    level = self.level(target)
                    if level is Highlight.NONE:
                        self._shown.pop(target, None)
                    else:
                        self._shown[target] = level
        return picture

    def _neighbours(self, cell: QRect) -> list[str]:
        """The targets whose glow reaches into ``cell`` (itself and the squares
        around it), in paint order; looked up once per target and picture."""
        key = (cell.x(), cell.y(), cell.width(), cell.height())
        found = self._near.get(key)
        if found is None:
            found = self._near[key] = [t for t, spot in self._spots.items() if spot.intersects(cell)]
        return found

    def _compose(self, scale: float, cell: QRect | None) -> None:
        """Draw the lit targets into the picture: all of it, or only ``cell``
        (cleared first, then every lit target that reaches into it, in paint order)."""
        picture = self._picture
        assert picture is not None
        if cell is None:
            picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        if cell is not None:
            painter.setClipRect(cell)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            painter.fillRect(cell, Qt.GlobalColor.transparent)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        for target in self._spots if cell is None else self._neighbours(cell):
            level = self._levels.get(target)
            if level is None:
                continue
            image = self.images.image(level, self._rects[target], scale)
            if image is not None:
                painter.drawImage(self._spots[target].topLeft(), image)
        painter.end()
        if cell is None:
            self._shown = dict(self._levels)
            self._stale.clear()


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
