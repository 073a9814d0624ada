"""The drag machinery is not the card board's: a tiny scene of its own (three
slots in a row, one token) drives ``DragController`` with real mouse events.

It shows what any board (the hex battle board next) gets for free: the press →
drag threshold, legal targets lit at drag start, only a legal target lit as
"under the cursor", a drop that becomes the scene's command, and a refusal or a
drop nowhere that snaps the token back with a message.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from app.common.drag import DragController, Drop, Highlight, Refusal

SLOTS = {"left": QRectF(0, 0, 100, 100), "middle": QRectF(120, 0, 100, 100), "right": QRectF(240, 0, 100, 100)}


@dataclass
class TokenDrag:
    press: QPointF
    items: list[QGraphicsItem]
    starts: list[QPointF] = field(default_factory=list)
    targets: set[str] = field(default_factory=set)
    under: str | None = None


class SlotScene(QGraphicsScene):
    """One token on three slots; "right" is legal, "middle" refuses, "left" is home."""

    def __init__(self) -> None:
        super().__init__(QRectF(-50, -50, 450, 200))
        self.token = QGraphicsEllipseItem(-20, -20, 40, 40)
        self.addItem(self.token)
        self.at = "left"
        self.token.setPos(SLOTS["left"].center())
        self.lit: dict[str, Highlight] = {}
        self.lit_history: list[dict[str, Highlight]] = []
        self.said: list[str] = []
        self.commands: list[str] = []
        self.drags: DragController[TokenDrag, str] = DragController(self, z_top=100.0)

    # DragScene
    def begin_drag(self, item: QGraphicsItem, pos: QPointF, modifiers: Qt.KeyboardModifier) -> TokenDrag | None:
        return TokenDrag(pos, [item]) if item is self.token else None

    def targets_for(self, drag: TokenDrag) -> set[str]:
        return {"right", "middle"}

    def target_at(self, pos: QPointF, drag: TokenDrag) -> str | None:
        for key, rect in SLOTS.items():
            if rect.contains(pos):
                return key
        return None

    def command_for(self, drop: Drop[TokenDrag]) -> Sequence[str] | Refusal | None:
        if drop.key == "middle":
            return Refusal("The middle slot is taken.")
        return [] if drop.key == self.at else [f"move:{drop.key}"]

    def missed_text(self, drag: TokenDrag) -> str:
        return "Dropped nowhere."

    def light(self, levels: Mapping[str, Highlight]) -> None:
        for key, level in levels.items():
            if level is Highlight.NONE:
                self.lit.pop(key, None)
            else:
                self.lit[key] = level

    def snap_back(self, drag: TokenDrag) -> None:
        self.token.setPos(SLOTS[self.at].center())

    def dispatch_command(self, command: str) -> bool:
        self.commands.append(command)
        self.at = command.split(":")[1]
        return True

    def say(self, text: str) -> None:
        self.said.append(text)

    # the mouse goes to the controller
    def mousePressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if self.token.contains(self.token.mapFromScene(event.scenePos())):
            self.drags.press(self.token, event.scenePos(), event.modifiers())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if self.drags.move(event.scenePos()):
            self.lit_history.append(dict(self.lit))
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if not self.drags.release(event.scenePos()):
            super().mouseReleaseEvent(event)


@pytest.fixture
def slots(qtbot: QtBot) -> Iterator[tuple[SlotScene, QGraphicsView]]:
    scene = SlotScene()
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(500, 260)
    view.show()
    qtbot.waitExposed(view)
    yield scene, view


def drag_to(qtbot: QtBot, view: QGraphicsView, start: QPointF, end: QPointF) -> None:
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, a + QPoint(12, 0))
    qtbot.mouseMove(viewport, (a + b) / 2)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def test_a_scene_of_its_own_drags_a_token_onto_a_legal_slot(qtbot: QtBot, slots: tuple) -> None:
    scene, view = slots
    drag_to(qtbot, view, SLOTS["left"].center(), SLOTS["right"].center())
    assert scene.commands == ["move:right"]
    assert scene.token.pos() == SLOTS["right"].center()
    # legal targets were lit from the first step; the one under the cursor as UNDER
    assert scene.lit_history[0] == {"right": Highlight.LEGAL, "middle": Highlight.LEGAL}
    assert scene.lit_history[-1] == {"right": Highlight.UNDER, "middle": Highlight.LEGAL}
    assert scene.lit == {} and scene.drags.levels() == {}  # nothing stays lit after the drop


def test_a_refused_drop_and_a_drop_nowhere_snap_back_with_the_reason(qtbot: QtBot, slots: tuple) -> None:
    scene, view = slots
    drag_to(qtbot, view, SLOTS["left"].center(), SLOTS["middle"].center())
    assert scene.commands == [] and scene.said == ["The middle slot is taken."]
    assert scene.token.pos() == SLOTS["left"].center()
    drag_to(qtbot, view, SLOTS["left"].center(), QPointF(170, 160))
    assert scene.commands == [] and scene.said[-1] == "Dropped nowhere."
    assert scene.token.pos() == SLOTS["left"].center()
    assert scene.lit == {}


def test_a_press_without_moving_is_no_drag(qtbot: QtBot, slots: tuple) -> None:
    scene, view = slots
    point = view.mapFromScene(SLOTS["left"].center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseMove(view.viewport(), point + QPoint(1, 0))  # below the drag distance
    assert scene.drags.drag is None and scene.lit == {}
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=point + QPoint(1, 0))
    assert scene.commands == [] and scene.said == []


def test_an_illegal_place_under_the_cursor_gets_no_hover(qtbot: QtBot, slots: tuple) -> None:
    scene, view = slots
    a = view.mapFromScene(SLOTS["middle"].center())
    viewport = view.viewport()
    scene.token.setPos(SLOTS["middle"].center())
    scene.at = "middle"
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, a + QPoint(12, 0))
    qtbot.mouseMove(viewport, view.mapFromScene(SLOTS["left"].center()))  # "left" is no target
    assert "left" not in scene.lit and scene.drags.drag is not None and scene.drags.drag.under is None
    assert scene.drags.cancel()  # Esc
    assert scene.token.pos() == SLOTS["middle"].center() and scene.lit == {}
