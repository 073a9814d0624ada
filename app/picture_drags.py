"""Drags made on the last board's picture, kept and then made on the live board.

While the live window loads, :mod:`app.preview` shows a still picture of the
board the GM closed.  A GM who sees a card there reaches for it; refusing that
drag loses the gesture, and the board a drag can be made on arrives a second
later.  So the picture takes drags of the things it can name — the top card
of each square's stack and the markers — onto a square, shows where they will
go, and the live board then makes the same gesture itself, through the same
mouse path a real drag takes (legal targets, refusals with their balloon, one
command and one undo step each).  Nothing is decided on the picture: it has no
engine, so a drop the rules refuse is refused by the live board, visibly, the
way a refused drop always is.

What the picture knows comes from a :class:`HitMap` written beside it at the
clean exit that wrote the picture (window coordinates of the cards, markers
and squares as the GM saw them).  The picture is shown only when the session
file is unchanged since, so the map is still true (:func:`app.preview.matching_last_board`).

This module is imported before the engine and pydantic (the picture paints
first): it uses only the standard library and Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRectF

if TYPE_CHECKING:
    from PySide6.QtCore import QEvent, Qt

    from app.mainwindow import MainWindow

# Qt's ``Qt`` namespace, QMouseEvent and QApplication are imported where the live board
# needs them: the picture paints before they load (see app.preview.LoadingPicture.settle).

CARD = "card"
MARKER = "marker"


def _rect(values: object) -> QRectF | None:
    if not isinstance(values, list) or len(values) != 4:
        return None
    try:
        x, y, w, h = (float(v) for v in values)
    except (TypeError, ValueError):
        return None
    return QRectF(x, y, w, h) if w > 0 and h > 0 else None


def _coords(rect: QRectF) -> list[float]:
    return [round(rect.x(), 1), round(rect.y(), 1), round(rect.width(), 1), round(rect.height(), 1)]


@dataclass(frozen=True)
class Grip:
    """Something the GM can pick up on the picture: a square's top card or a marker."""

    kind: str  # CARD or MARKER
    ident: str  # the card's code or the marker's character id
    label: str  # how the picture names it: "♥A", or a character's name
    face_up: bool  # a card shown face down is named only as "a face-down card"
    rect: QRectF  # in the picture's (the closed window's) coordinates


@dataclass(frozen=True)
class Spot:
    """A square of the map as the picture shows it."""

    name: str
    rect: QRectF


@dataclass(frozen=True)
class HitMap:
    """Where the picture's cards, markers and squares are (window coordinates)."""

    grips: tuple[Grip, ...]
    spots: tuple[Spot, ...]

    def grip_at(self, pos: QPointF) -> Grip | None:
        """What a press at ``pos`` picks up: markers lie over cards (the later entry wins)."""
        found = None
        for grip in self.grips:
            if grip.rect.contains(pos) and (found is None or grip.kind == MARKER or found.kind != MARKER):
                found = grip
        return found

    def spot_at(self, pos: QPointF) -> Spot | None:
        for spot in self.spots:
            if spot.rect.contains(pos):
                return spot
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "grips": [
                {"kind": g.kind, "id": g.ident, "label": g.label, "face_up": g.face_up, "rect": _coords(g.rect)}
                for g in self.grips
            ],
            "squares": [{"name": s.name, "rect": _coords(s.rect)} for s in self.spots],
        }

    @classmethod
    def from_json(cls, data: object) -> HitMap | None:
        """The map from a sidecar; None when it is missing or not what :meth:`to_json` writes
        (the picture then refuses drags as it always did)."""
        if not isinstance(data, Mapping):
            return None
        grips: list[Grip] = []
        spots: list[Spot] = []
        for raw in data.get("grips") or ():
            if not isinstance(raw, Mapping):
                return None
            rect = _rect(raw.get("rect"))
            kind, ident, label = raw.get("kind"), raw.get("id"), raw.get("label")
            if rect is None or kind not in (CARD, MARKER) or not isinstance(ident, str) or not isinstance(label, str):
                return None
            grips.append(Grip(kind, ident, label, bool(raw.get("face_up", True)), rect))
        for raw in data.get("squares") or ():
            if not isinstance(raw, Mapping):
                return None
            rect = _rect(raw.get("rect"))
            name = raw.get("name")
            if rect is None or not isinstance(name, str):
                return None
            spots.append(Spot(name, rect))
        if not grips or not spots:
            return None
        return cls(tuple(grips), tuple(spots))


@dataclass(frozen=True)
class QueuedDrag:
    """A drag the picture took: ``grip`` dropped on the square ``target``."""

    grip: Grip
    target: str
    #: where on the target square the GM let go (picture coordinates), kept for drawing
    drop: QPointF


def describe(grip: Grip) -> str:
    """The picture's name for what is dragged (its own translation context)."""
    if grip.kind == CARD and not grip.face_up:
        return QCoreApplication.translate("LoadingPicture", "a face-down card")
    return grip.label


# -- the live side: writing the map at exit, making the drags on the live board ------------------


def hit_map_of(window: MainWindow) -> HitMap | None:
    """The map of the board as ``window`` shows it now (called when the GM closes it,
    at the same moment as the picture is grabbed).  Only what lies inside the
    board's viewport is listed; None when the card board is not what shows."""
    if window.pages.showing_battle or not window.board_view.isVisible():
        return None
    view, scene = window.board_view, window.board_scene
    viewport = view.viewport()
    inside = QRectF(
        QPointF(viewport.mapTo(window, QPoint(0, 0))), QPointF(viewport.mapTo(window, viewport.rect().bottomRight()))
    )
    state = window.bridge.state

    def on_window(rect: QRectF) -> QRectF | None:
        polygon = view.mapFromScene(rect).boundingRect()
        top_left = QPointF(viewport.mapTo(window, polygon.topLeft()))
        mapped = QRectF(top_left, polygon.size().toSizeF()).intersected(inside)
        return mapped if mapped.width() > 2 and mapped.height() > 2 else None

    spots = [Spot(name, r) for name, rect in scene.layout.squares.items() if (r := on_window(rect)) is not None]
    grips: list[Grip] = []
    for codes in state.squares.values():
        item = scene.card_item(codes[0]) if codes else None
        if item is None or not item.isVisible():
            continue
        rect = on_window(item.mapRectToScene(item.card_rect()))
        if rect is not None:
            grips.append(Grip(CARD, item.code, _card_label(item.code), item.face_shown, rect))
    for character in state.characters:
        marker = scene.marker_item(character)
        if marker is None or not marker.isVisible():
            continue
        rect = on_window(marker.sceneBoundingRect())
        if rect is not None:
            grips.append(Grip(MARKER, character, marker.name or character, True, rect))
    if not grips or not spots:
        return None
    return HitMap(tuple(grips), tuple(spots))


def _card_label(code: str) -> str:
    from engine.table.cards import parse_card

    try:
        return parse_card(code).short()
    except ValueError:
        return code


def send_drag(widget: Any, start: QPoint, end: QPoint) -> None:
    """A left-button drag on ``widget`` as a hand makes it: press at ``start``, move
    past the drag distance, move to ``end``, release — mouse events sent straight
    to the widget (not through ``QTest``, which the bundle leaves out)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtWidgets import QApplication

    _send(widget, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    nudge = start + QPoint(QApplication.startDragDistance() + 2, QApplication.startDragDistance() + 2)
    for pos in (nudge, end):
        _send(widget, QEvent.Type.MouseMove, pos, Qt.MouseButton.LeftButton)
    _send(widget, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)


def _send(viewport: Any, kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    local = QPointF(pos)
    event = QMouseEvent(
        kind,
        local,
        QPointF(viewport.mapToGlobal(pos)),
        Qt.MouseButton.LeftButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, event)


def replay(window: MainWindow, drags: Sequence[QueuedDrag], say: Callable[[str], None]) -> int:
    """Make each queued drag on the live board as the GM's hand would (press on
    the item, move past the drag distance, move to the target square, release),
    so it takes the same path and gets the same answer as a real drag.  Returns
    how many drags were made; one whose card or marker is not on the live board
    where the picture showed it is reported with ``say`` and skipped."""
    made = 0
    view, scene = window.board_view, window.board_scene
    viewport = view.viewport()
    for queued in drags:
        grip = queued.grip
        item = scene.card_item(grip.ident) if grip.kind == CARD else scene.marker_item(grip.ident)
        target = scene.layout.squares.get(queued.target)
        if item is None or not item.isVisible() or target is None:
            say(_lost(grip))
            continue
        start = view.mapFromScene(item.sceneBoundingRect().center())
        end = view.mapFromScene(target.center())
        if not (viewport.rect().contains(start) and viewport.rect().contains(end)):
            say(_lost(grip))
            continue
        send_drag(viewport, start, end)
        made += 1
    return made


def _lost(grip: Grip) -> str:
    return QCoreApplication.translate(
        "LoadingPicture", "{what} was not moved: it is not where the picture showed it."
    ).format(what=describe(grip))


def queued_texts(drags: Iterable[QueuedDrag]) -> list[str]:
    """One line per queued drag, for the picture's status line."""
    return [
        QCoreApplication.translate("LoadingPicture", "{what} → {square}: moves when the board has loaded").format(
            what=describe(d.grip), square=d.target
        )
        for d in drags
    ]


__all__ = [
    "CARD",
    "MARKER",
    "Grip",
    "HitMap",
    "QueuedDrag",
    "Spot",
    "describe",
    "hit_map_of",
    "queued_texts",
    "replay",
    "send_drag",
]
