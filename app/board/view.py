"""A view of a board scene: wheel zoom around the cursor, middle-drag or
Space-drag pan, fit to window, and following another view (the projector
follows the GM).

The view starts fitted and keeps the whole board fitted through every resize
(and when the board grows, say a new hand) until the GM zooms or pans by hand;
then it stays where the GM put it.  Fit (Ctrl+0) fits again and resumes
following, so a GM who got lost always has one key back.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from app.i18n import Retranslating

MIN_SCALE = 0.08
MAX_SCALE = 6.0
STEP = 1.2


class BoardView(Retranslating, QGraphicsView):
    """The GM's (or the projector's) window onto a ``BoardScene``."""

    #: the zoom or the visible area changed (a following view mirrors it)
    view_changed = Signal()
    #: the GM zoomed or panned by hand (False) or asked to fit again (True)
    auto_fit_changed = Signal(bool)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # Qt does not own a view's scene: keep it alive as long as the view is
        self._scene_ref = scene
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        # the grid is the scene's background (app.board.squares.paint_square): drawn
        # once per zoom into a pixmap, then blitted; squares invalidate their own cell
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        # every item paints inside its bounding rect, so Qt need not widen dirty areas
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        # zoom keeps the point under the cursor still by hand (set_zoom), so no anchor here
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self._pan_from: QPoint | None = None
        self._space = False
        self._leader: BoardView | None = None
        self._mirroring = False
        self._auto_fit = True
        # Not a slot of this view: a view deleted while holding the last reference
        # to its scene takes the scene down with it, and ~QGraphicsScene then moves
        # this view's scroll bars while the view's Python half is already gone.
        this = weakref.ref(self)

        def scrolled(*_: object) -> None:
            view = this()
            if view is not None:
                view._changed()

        self.horizontalScrollBar().valueChanged.connect(scrolled)
        self.verticalScrollBar().valueChanged.connect(scrolled)

        def grown(*_: object) -> None:
            view = this()
            if view is not None and view._auto_fit and view._leader is None:
                view._fit_rect()

        scene.sceneRectChanged.connect(grown)

    # -- zoom -----------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.transform().m11()

    @property
    def auto_fit(self) -> bool:
        """True while the view re-fits the board on every resize (until a hand zoom)."""
        return self._auto_fit

    def _set_auto_fit(self, on: bool) -> None:
        if on != self._auto_fit:
            self._auto_fit = on
            self.auto_fit_changed.emit(on)

    def set_zoom(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom to ``factor`` (1.0 = 100 %), keeping ``anchor`` (a viewport point)
        still; a zoom by hand, so the view stops following resizes."""
        self._set_auto_fit(False)
        factor = max(MIN_SCALE, min(MAX_SCALE, factor))
        if anchor is None:
            anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        self.resetTransform()
        self.scale(factor, factor)
        after = self.mapToScene(anchor)
        delta = after - before
        self.centerOn(self._center() - delta)
        self._zoomed()
        self._changed()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / STEP)

    def reset_zoom(self) -> None:
        self.set_zoom(1.0)

    def fit(self) -> None:
        """Show the whole board (its content, not the panning room around it),
        and keep it fitted through later resizes."""
        self._set_auto_fit(True)
        self._fit_rect()

    def _fit_rect(self) -> None:
        scene = self.scene()
        rect: QRectF = scene.content_rect() if hasattr(scene, "content_rect") else scene.itemsBoundingRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._zoomed()
        self._changed()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def _center(self) -> QPointF:
        return self.mapToScene(self.viewport().rect().center())

    # -- following another view -----------------------------------------------------------
    def follow(self, other: BoardView | None) -> None:
        """Mirror ``other``'s visible area (same centre; zoom scaled to this
        view's size, so the projector shows what the GM sees); None stops."""
        if self._leader is not None:
            try:
                self._leader.view_changed.disconnect(self._mirror)
            except (RuntimeError, TypeError):
                pass
        self._leader = other
        if other is not None:
            other.view_changed.connect(self._mirror)
            self._mirror()

    @property
    def leader(self) -> BoardView | None:
        return self._leader

    def _mirror(self) -> None:
        leader = self._leader
        if leader is None:
            return
        self._mirroring = True
        try:
            self.fitInView(leader.visible_scene_rect(), Qt.AspectRatioMode.KeepAspectRatio)
        finally:
            self._mirroring = False
        self._zoomed()
        self.view_changed.emit()

    def _changed(self, *_: object) -> None:
        self.view_changed.emit()

    def _zoomed(self) -> None:
        """Tell a board scene the zoom changed (zoomed out it paints its stacks as one item)."""
        zoomed = getattr(self.scene(), "views_zoomed", None)
        if zoomed is not None:
            zoomed()

    # -- input: wheel zoom, middle/space pan ---------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            super().wheelEvent(event)
            return
        self.set_zoom(self.zoom * (STEP**steps), event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        middle = event.button() == Qt.MouseButton.MiddleButton
        space = event.button() == Qt.MouseButton.LeftButton and self._space
        if middle or space:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            now = event.position().toPoint()
            delta = now - self._pan_from
            self._pan_from = now
            if not delta.isNull():
                self._set_auto_fit(False)
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space:
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._leader is not None:
            self._mirror()
        elif self._auto_fit:
            self._fit_rect()
        else:
            self._changed()

    def retranslate(self) -> None:
        """The board's texts are painted by its items: the scene repaints them."""
        scene = self.scene()
        if hasattr(scene, "retranslate"):
            scene.retranslate()


__all__ = ["BoardView"]
