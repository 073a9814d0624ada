"""Press, drag, drop: the gesture machinery every board scene shares.

A scene knows what its things mean; this controller knows how a drag goes.
The scene supplies, through :class:`DragScene`, what may be picked up under the
cursor, the keys of the places a drag may end (``targets_for``, asked of the
engine once, at drag start), the key under the cursor, and the command(s) a
drop means (``command_for``).  The controller does the rest the same way on
every board: the press → drag threshold, moving the picked-up items, lighting
legal targets (and only legal ones under the cursor: an illegal place gets no
hover), the drop, and the snap back after a refusal, a drop nowhere or Esc.

Keys are plain strings (``"square:B3"``, a hex ``"q,r"``…): each scene names
its own places.  Nothing here changes the state; a drop goes through the
scene's ``dispatch_command`` (the bridge).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem


class Highlight(IntEnum):
    """How strongly a drop target is lit during a drag."""

    NONE = 0
    LEGAL = 1  # the engine would accept the dragged thing here
    UNDER = 2  # a legal target under the cursor right now


@dataclass(frozen=True)
class Refusal:
    """A drag or a drop the GUI can already tell is wrong, with the reason in words."""

    message: str


class Gesture(Protocol):
    """What the controller reads and writes on a scene's drag object."""

    press: QPointF
    items: list[QGraphicsItem]
    starts: list[QPointF]
    targets: set[str]
    under: str | None


G = TypeVar("G", bound=Gesture)
#: what a drop becomes: the engine's ``CommandBase`` on the boards of the app
C = TypeVar("C")


@dataclass(frozen=True)
class Drop(Generic[G]):
    """A finished drag: the drag and the target key it was released on (None: nowhere)."""

    drag: G
    key: str | None
    pos: QPointF


class DragScene(Protocol[G, C]):
    """What a board scene tells the controller."""

    def begin_drag(self, item: QGraphicsItem, pos: QPointF, modifiers: Qt.KeyboardModifier) -> G | Refusal | None:
        """The drag that starts when ``item`` (pressed at ``pos``) moves; None: it does not move."""

    def targets_for(self, drag: G) -> set[str]:
        """Keys of every place the drag may legally end (the engine's answer)."""

    def target_at(self, pos: QPointF, drag: G) -> str | None:
        """The key of the place under ``pos`` (legal or not), or None."""

    def command_for(self, drop: Drop[G]) -> Sequence[C] | Refusal | None:
        """The command(s) a drop means: [] back where it was, None nowhere, or a refusal."""

    def missed_text(self, drag: G) -> str:
        """What to say when the drag is dropped on no place."""

    def light(self, levels: Mapping[str, Highlight]) -> None:
        """Show these highlight levels (only the keys given change)."""

    def snap_back(self, drag: G) -> None:
        """Put the dragged items where the state says they are now."""

    def dispatch_command(self, command: C) -> bool:
        """Send one command through the bridge; False if refused."""

    def say(self, text: str) -> None:
        """Tell the GM something (the status bar)."""


class DragController(Generic[G, C]):
    """Runs press → drag → drop for one scene; the scene forwards its mouse events."""

    def __init__(self, scene: DragScene[G, C], *, z_top: float) -> None:
        self._scene = scene
        self._z_top = z_top
        self._press: tuple[QGraphicsItem, QPointF, Qt.KeyboardModifier] | None = None
        self._drag: G | None = None
        self._lit: dict[str, Highlight] = {}

    # -- what is going on -------------------------------------------------------------
    @property
    def drag(self) -> G | None:
        """The drag in progress, or None."""
        return self._drag

    @property
    def pressed(self) -> bool:
        """A press on something draggable that has not been released yet."""
        return self._press is not None

    def dragged_items(self) -> set[QGraphicsItem]:
        """Items that follow the cursor now (a sync must not put them back)."""
        return set(self._drag.items) if self._drag is not None else set()

    def levels(self) -> dict[str, Highlight]:
        """Every target lit right now and how."""
        return dict(self._lit)

    # -- the mouse ---------------------------------------------------------------------
    def press(self, item: QGraphicsItem, pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        """A left press on something the scene says can be picked up."""
        self._press = (item, QPointF(pos), modifiers)

    def move(self, pos: QPointF) -> bool:
        """The mouse moved; True if the controller used it (a drag goes on)."""
        if self._press is not None and self._drag is None:
            if (pos - self._press[1]).manhattanLength() >= QApplication.startDragDistance():
                self._begin()
        if self._drag is None:
            return False
        self._follow(pos)
        return True

    def release(self, pos: QPointF) -> bool:
        """The left button went up; True if it ended a press or a drag here."""
        press, self._press = self._press, None
        if self._drag is not None:
            self._finish(pos)
            return True
        return press is not None

    def cancel(self) -> bool:
        """Esc: put everything back where the state says; True if a drag was going on."""
        drag = self._drag
        self.abandon()
        if drag is None:
            return False
        self._scene.snap_back(drag)
        return True

    def abandon(self) -> None:
        """Forget the press and the drag (the session was replaced): no snap back."""
        self._unlight()
        self._drag = None
        self._press = None

    # -- the steps of a drag -------------------------------------------------------------
    def _begin(self) -> None:
        assert self._press is not None
        item, pos, modifiers = self._press
        drag = self._scene.begin_drag(item, pos, modifiers)
        if isinstance(drag, Refusal):
            self._press = None
            self._scene.say(drag.message)
            return
        if drag is None or not drag.items:
            self._press = None
            return
        drag.targets = self._scene.targets_for(drag)
        drag.starts = [moving.pos() for moving in drag.items]
        drag.under = None
        for n, moving in enumerate(drag.items):
            moving.setZValue(self._z_top + len(drag.items) - n)
        self._drag = drag
        self._set({key: Highlight.LEGAL for key in drag.targets})

    def _follow(self, pos: QPointF) -> None:
        drag = self._drag
        assert drag is not None
        delta = pos - drag.press
        for moving, start in zip(drag.items, drag.starts, strict=False):
            moving.setPos(start + delta)
        under = self._scene.target_at(pos, drag)
        if under not in drag.targets:
            under = None  # an illegal place gets no hover at all
        if under != drag.under:
            levels: dict[str, Highlight] = {}
            if drag.under is not None:
                levels[drag.under] = Highlight.LEGAL
            if under is not None:
                levels[under] = Highlight.UNDER
            self._set(levels)
            drag.under = under

    def _finish(self, pos: QPointF) -> None:
        drag = self._drag
        assert drag is not None
        self._drag = None
        self._unlight()
        key = self._scene.target_at(pos, drag)
        commands = self._scene.command_for(Drop(drag, key, QPointF(pos))) if key is not None else None
        if isinstance(commands, Refusal):
            self._scene.snap_back(drag)
            self._scene.say(commands.message)
            return
        if commands is None:
            self._scene.snap_back(drag)
            self._scene.say(self._scene.missed_text(drag))
            return
        for command in commands:
            if not self._scene.dispatch_command(command):
                break
        self._scene.snap_back(drag)

    # -- highlights -------------------------------------------------------------------------
    def _set(self, levels: Mapping[str, Highlight]) -> None:
        for key, level in levels.items():
            if level is Highlight.NONE:
                self._lit.pop(key, None)
            else:
                self._lit[key] = level
        self._scene.light(levels)

    def _unlight(self) -> None:
        if self._lit:
            self._set({key: Highlight.NONE for key in self._lit})


__all__ = ["DragController", "DragScene", "Drop", "Gesture", "Highlight", "Refusal"]
