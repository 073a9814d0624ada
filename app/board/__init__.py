"""The exploration board: scene, items and view (DESIGN.md, GUI).

``BoardScene`` turns gestures into commands and repaints what outcomes name;
``BoardView`` shows it with zoom and pan.  The projector (``app.projector``)
shows a second, player-only ``BoardScene`` of the same bridge.
"""

from app.board.scene import BoardScene
from app.board.view import BoardView

__all__ = ["BoardScene", "BoardView"]
