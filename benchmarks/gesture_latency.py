"""Gesture latency: a card dropped on the GM's board until the repaint is done.

One sample = the mouse release of a real drag on the view's viewport (QTest
events, the same path a hand takes) → the scene builds a MoveCard → the bridge
dispatches it → the engine commits it to the session file (engine.store's
SessionFile in a temporary folder; ``--memory`` leaves the file out) →
``applied`` → the scene moves the card and updates its two squares → the
event loop runs until the viewport has painted.  The drag start (press, moves,
the legal-target query and highlighting) happens before the clock starts and
is reported on its own line.

Boards: "demo" (5 × 5, 4 characters, shuffled deck, 10 cards on squares,
hands, markers, the party) and "stress" (20 × 20, ten decks shuffled together —
``AS#2``… for the second deck's cards — of which 500 cards are dealt onto the
squares; ``--decks 1`` gives the old 53-card board, which code from before
several decks can build; 12 characters — the engine's maximum — so 12 markers,
not 100).  Both are shown fitted to a 1400 × 900 view, so the stress board is
drawn zoomed out with simplified cards.

Baseline in the same run: a bare QGraphicsScene with as many plain rect items
as the board scene has, same view size and zoom: one rect moved per sample,
and the whole viewport repainted (a drop also clears the drag's highlights on
every legal target, i.e. repaints most of the board).

Usage: python benchmarks/gesture_latency.py [--drops N] [--memory] [--root PATH]
(``--root`` imports ``app``/``engine`` from another checkout, to measure the
code before a change in the same run of this script.)
(QT_QPA_PLATFORM defaults to offscreen; run under Xvfb with
QT_QPA_PLATFORM=xcb to include a real X server's paint path.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from code_root import use_root  # noqa: E402  (beside this script; imports nothing of the project)

ROOT = use_root()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QBrush, QColor  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsRectItem, QGraphicsScene, QGraphicsView  # noqa: E402

from app.board import BoardScene, BoardView  # noqa: E402
from app.bridge import SessionBridge  # noqa: E402
from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.session import new_session as _front_door  # noqa: E402,F401  (registers the built-in rulesets)
from engine.table.commands import AddCharacter, DealCard, DrawCards, NewSession, ShuffleDeck  # noqa: E402
from engine.upland.bone import RevealBone, SetBone  # noqa: E402
from engine.upland.table_commands import MoveParty, PlaceMarker  # noqa: E402

VIEW_SIZE = (1400, 900)
#: the stress board: 10 decks (520 cards), 500 of them dealt onto the 20 × 20 squares
STRESS_DECKS = 10
STRESS_CARDS = 500
COLORS = ("#d64541", "#3a7bd5", "#2e9e5b", "#e0a526", "#8e44ad", "#16a085")


class PaintCounter(QObject):
    """Counts paint events of the viewport, so "repaint done" is observed, not assumed."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def demo_commands() -> tuple[NewSession, list[CommandBase]]:
    cmds: list[CommandBase] = [ShuffleDeck()]
    for i, name in enumerate(("鷹野 遥", "九条 蒼", "真木 灯", "志田 巌")):
        cmds.append(AddCharacter(name=name, color=COLORS[i]))
    cmds += [SetBone(square="B2"), MoveParty(square="C5")]
    for n, sq in enumerate(("A1", "B1", "C1", "D1", "E1", "A3", "B3", "C3", "D4", "E4")):
        cmds.append(DealCard(square=sq, face_up=n % 2 == 0))
    cmds += [DrawCards(character="c1", count=2), DrawCards(character="c3", count=1)]
    cmds += [PlaceMarker(character="c1", square="C4"), PlaceMarker(character="c2", square="B4")]
    return NewSession(ruleset="upland", seed=7, cols=5, rows=5, gate="C5"), cmds


def stress_commands(decks: int = STRESS_DECKS) -> tuple[NewSession, list[CommandBase]]:
    """The 20 × 20 stress board: with several decks (``AS#2``…) 500 cards
    are dealt over the squares (every square holds one, 100 hold two), half face
    up; with one deck (``--decks 1``, the board the code before several decks can
    build) all 52 are dealt and the bone is revealed onto J10.  12 characters (the
    engine's maximum), so 12 markers."""
    cmds: list[CommandBase] = [ShuffleDeck()]
    for i in range(12):
        cmds.append(AddCharacter(name=f"PC{i + 1}", color=COLORS[i % len(COLORS)]))
    cmds += [SetBone(square="J10")]
    if decks == 1:
        cmds += [RevealBone()]
    cmds += [MoveParty(square="K20")]
    names = [f"{chr(ord('A') + c)}{r + 1}" for r in range(20) for c in range(20)]
    cards = 52 if decks == 1 else min(STRESS_CARDS, 52 * decks)
    # spread over the board, every 7th square first, half face up
    for n in range(cards):
        cmds.append(DealCard(square=names[(n * 7 + 3) % 400], face_up=n % 2 == 0))
    for i in range(12):
        cmds.append(PlaceMarker(character=f"c{i + 1}", square=names[(i * 31 + 5) % 400]))
    options: dict[str, object] = {"decks": decks} if decks > 1 else {}
    return NewSession(ruleset="upland", seed=7, cols=20, rows=20, gate="K20", options=options), cmds


def open_board(kind: str, folder: Path | None, decks: int = STRESS_DECKS) -> Session:
    root, cmds = demo_commands() if kind == "demo" else stress_commands(decks)
    if folder is None:
        session = Session()
        session.dispatch(root)
    else:
        from engine.store import SessionFile

        session = SessionFile.create(folder / f"{kind}.yobigoe", root).session
    for cmd in cmds:
        session.dispatch(cmd)
    return session


def settle(app: QApplication, counter: PaintCounter, before: int) -> None:
    """Run the event loop until the viewport has painted at least once more."""
    for _ in range(50):
        app.processEvents()
        if counter.paints > before:
            return
    raise RuntimeError("the viewport never repainted")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure_board(
    app: QApplication, kind: str, drops: int, folder: Path | None, decks: int = STRESS_DECKS
) -> dict[str, object]:
    session = open_board(kind, folder, decks)
    bridge = SessionBridge(session, lang="ja")
    scene = BoardScene(bridge)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    view.fit()
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    for _ in range(10):
        app.processEvents()
    viewport = view.viewport()
    squares = session.state.grid.squares()
    release: list[float] = []
    start: list[float] = []
    refused = 0
    step = 0
    for n in range(drops):
        state = session.state
        occupied = sorted(state.squares)
        source = occupied[n % len(occupied)]
        card = state.squares[source][0]
        # an empty square while there is one (the 500-card board has none: onto a stack)
        free = [s for s in squares if s not in state.squares and s != source] or [s for s in squares if s != source]
        target = free[(n * 13 + step) % len(free)]
        a = view.mapFromScene(scene.card_item(card).pos())
        b = view.mapFromScene(scene.layout.squares[target].center())
        t0 = time.perf_counter()
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
        QTest.mouseMove(viewport, a + QPoint(12, 12))
        QTest.mouseMove(viewport, b)
        app.processEvents()
        start.append(time.perf_counter() - t0)
        before = counter.paints
        t1 = time.perf_counter()
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
        settle(app, counter, before)
        release.append(time.perf_counter() - t1)
        if session.state.squares.get(target, (None,))[0] != card:
            refused += 1
        step += 1
    items = len(scene.items())
    transform = view.transform()
    visible = view.visible_scene_rect()
    view.close()
    return {
        "kind": kind,
        "drops": drops,
        "refused": refused,
        "items": items,
        "cards_on_board": sum(len(s) for s in session.state.squares.values()),
        "zoom": transform.m11(),
        "release": release,
        "start": start,
        "transform": transform,
        "scene_rect": scene.sceneRect(),
        "visible": visible,
    }


def measure_bare(
    app: QApplication, items: int, drops: int, board: dict[str, object]
) -> tuple[list[float], list[float]]:
    """The floor: a plain scene of as many rect items spread over the same
    visible area, same view size and zoom: one rect moved per sample, and a
    repaint of the whole viewport (what clearing a drag's highlights costs)."""
    scene = QGraphicsScene()
    scene.setSceneRect(board["scene_rect"])  # type: ignore[arg-type]
    area: QRectF = board["visible"]  # type: ignore[assignment]
    cols = max(1, int(round((items * area.width() / area.height()) ** 0.5)))
    rows = max(1, -(-items // cols))
    dx, dy = area.width() / cols, area.height() / rows
    rects = []
    for i in range(items):
        item = QGraphicsRectItem(0, 0, min(72.0, dx * 0.8), min(100.0, dy * 0.8))
        item.setBrush(QBrush(QColor("#fbfaf5")))
        item.setPos(area.left() + (i % cols) * dx, area.top() + (i // cols) * dy)
        scene.addItem(item)
        rects.append(item)
    view = QGraphicsView(scene)
    view.resize(*VIEW_SIZE)
    view.setTransform(board["transform"])  # type: ignore[arg-type]
    view.show()
    view.centerOn(area.center())
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    for _ in range(10):
        app.processEvents()
    moved: list[float] = []
    full: list[float] = []
    for n in range(drops):
        item = rects[(n * 7) % len(rects)]
        before = counter.paints
        t0 = time.perf_counter()
        item.setPos(item.pos() + QPointF(dx * 0.1 if n % 2 == 0 else -dx * 0.1, 0))
        settle(app, counter, before)
        moved.append(time.perf_counter() - t0)
        before = counter.paints
        t0 = time.perf_counter()
        view.viewport().update()
        settle(app, counter, before)
        full.append(time.perf_counter() - t0)
    view.close()
    return moved, full


def ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:7.2f} ms   p99 {percentile(values, 0.99) * 1000:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drops", type=int, default=300)
    parser.add_argument("--memory", action="store_true", help="no session file (no commit)")
    parser.add_argument("--root", default=str(ROOT), help="checkout to import app/engine from")
    parser.add_argument(
        "--decks", type=int, default=STRESS_DECKS, help="decks on the stress board (1: the old 53-card board)"
    )
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    platform = QApplication.platformName()
    with tempfile.TemporaryDirectory() as tmp:
        folder = None if args.memory else Path(tmp)
        commit = "in-memory session (no commit)" if folder is None else "SessionFile commit in a temp folder"
        print(f"code from {ROOT}")
        print(f"platform {platform}; {commit}; view {VIEW_SIZE[0]}x{VIEW_SIZE[1]} fitted; {args.drops} drops per board")
        for kind in ("demo", "stress"):
            board = measure_board(app, kind, args.drops, folder, args.decks)
            bare, bare_full = measure_bare(app, int(board["items"]), args.drops, board)  # type: ignore[arg-type]
            print(
                f"{kind:6s} ({board['items']} items, {board['cards_on_board']} cards on squares, "
                f"zoom {board['zoom']:.2f}, refused {board['refused']})"
            )
            print(f"  drop → command → commit → repaint   {ms(board['release'])}")  # type: ignore[arg-type]
            print(f"  drag start (press, legal targets)   {ms(board['start'])}")  # type: ignore[arg-type]
            print(f"  bare scene, one rect moved           {ms(bare)}")
            print(f"  bare scene, whole viewport repainted {ms(bare_full)}")


if __name__ == "__main__":
    main()
