"""Whole-window drop latency over a long session, and opening a long session in the GUI.

The board-only benchmark (gesture_latency.py) leaves out what the GM actually
works in: the main window with its docks, whose event log grows with every
command.  Here one sample is the mouse release of a real drag on the GM
window's board (QTest events on the viewport, as gesture_latency.py) → the scene
builds a MoveCard → the bridge dispatches it → the engine commits it to the
session file (engine.store.SessionFile in a temporary folder) → ``applied`` →
the window's views update → the event loop runs until the board's viewport
has painted.  A second figure per sample runs on until the event log shows the
new command ("… → log row"), so the log's work is reported, not only moved.

Phases, in one process:

1. **start**: a fresh session (the demo set-up, 17 commands) in the whole GM
   window (1400 × 900, the four docks filled, the log visible): ``--drops`` drops.
2. **open**: a session file of ``--commands`` commands (the demo set-up, then
   taps, flips, dice-box rolls and card moves) opened as ``yobigoe`` opens one —
   ``SessionFile.open``, ``MainWindow(defer_panels=True)``, shown — timed to the
   board's first paint and to the docks being filled; then **end (reopened)**:
   ``--drops`` drops in that window.
3. **end (live)** (``--live``): the fresh window of phase 1 gets the same filler
   commands through the bridge, as if played (the event loop runs every 20
   commands, so the log appends as it would at the table), then ``--drops`` drops.

Baseline in the same run, before and after: a bare QMainWindow of the same size
whose central QGraphicsView shows as many plain rect items as the board scene
has; one rect is moved per sample and the loop runs until the view has painted.

Usage: python benchmarks/window_latency.py [--commands N] [--drops N] [--live] [--root PATH]
``--root`` imports ``app``/``engine`` from another checkout (to measure the code
before a change with this same script).  QT_QPA_PLATFORM defaults to offscreen.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from code_root import use_root  # noqa: E402  (beside this script; imports nothing of the project)

ROOT = use_root()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_TMP = tempfile.TemporaryDirectory(prefix="window-latency-")
os.environ["YOBIGOE_DATA_DIR"] = str(Path(_TMP.name) / "data")
os.environ["YOBIGOE_CONFIG_DIR"] = str(Path(_TMP.name) / "config")

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QBrush, QColor  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QMainWindow,
)

from app.bridge import SessionBridge  # noqa: E402
from app.demo import demo_commands  # noqa: E402
from app.mainwindow import MainWindow  # noqa: E402
from app.sessions import SessionController  # noqa: E402
from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.store import RecentFiles, SessionFile  # noqa: E402
from engine.table.commands import FlipCard, MoveCard, NewSession, Roll, TapCard  # noqa: E402
from engine.table.places import square as square_place  # noqa: E402

WINDOW_SIZE = (1400, 900)
SEED = 20240611


class PaintCounter(QObject):
    """Counts paint events of a widget, so "repaint done" is observed, not assumed."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:7.2f} ms   p99 {percentile(values, 0.99) * 1000:7.2f} ms"


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def filler(session: Session, n: int) -> CommandBase:
    """The n-th command of a long evening: taps and flips, rolls, a card moved now and then."""
    state = session.state
    squares = sorted(state.squares)
    square = squares[n % len(squares)]
    card = state.squares[square][0]
    match n % 5:
        case 0 | 3:
            return TapCard(card=card)
        case 1:
            return FlipCard(card=card)
        case 2:
            return Roll(command="1D100<=50", by="c1" if n % 2 else "c2", reason="目星")
        case _:
            free = [s for s in state.grid.squares() if s not in state.squares]
            return MoveCard(card=card, to=square_place(free[n % len(free)]))


def create_session(path: Path, total: int) -> SessionFile:
    session_file = SessionFile.create(path, NewSession(ruleset="upland", seed=SEED))
    for command in demo_commands():
        session_file.session.dispatch(command)
    n = 0
    while len(session_file.session.done) < total:
        session_file.session.dispatch(filler(session_file.session, n))
        n += 1
    return session_file


def open_window(session_file: SessionFile, path: Path, defer: bool) -> MainWindow:
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    try:
        window = MainWindow(bridge, sessions, defer_panels=defer)
    except TypeError:  # a checkout from before deferred panels
        window = MainWindow(bridge, sessions)
    window.resize(*WINDOW_SIZE)
    window.show()
    return window


def wait(app: QApplication, done: Callable[[], bool], limit: float = 30.0) -> None:
    end = time.perf_counter() + limit
    while not done():
        app.processEvents()
        if time.perf_counter() > end:
            raise RuntimeError("timed out")


def painted_since(counter: PaintCounter, before: int) -> Callable[[], bool]:
    return lambda: counter.paints > before


def logged_since(window: MainWindow, rows: int) -> Callable[[], bool]:
    """The log has taken the drop in (old code: one more row; new: one more outcome)."""
    return lambda: log_progress(window) > rows


def shown_rows(window: MainWindow) -> int:
    return int(window.eventlog.list.count())


def log_progress(window: MainWindow) -> int:
    """Outcomes the log took in (old code: its rows; a bounded log also drops old rows)."""
    model = getattr(window.eventlog, "model", None)
    if model is not None and hasattr(model, "record_count"):
        return int(model.record_count)
    return int(window.eventlog.list.count())


def drops(app: QApplication, window: MainWindow, count: int) -> tuple[list[float], list[float]]:
    """(release → board painted, release → log row shown) per drop."""
    view, scene, session = window.board_view, window.board_scene, window.bridge.session
    viewport = view.viewport()
    counter = PaintCounter()
    viewport.installEventFilter(counter)
    for _ in range(20):
        app.processEvents()
    painted: list[float] = []
    logged: list[float] = []
    squares = session.state.grid.squares()
    for n in range(count):
        state = session.state
        occupied = sorted(state.squares)
        source = occupied[n % len(occupied)]
        card = state.squares[source][0]
        free = [s for s in squares if s not in state.squares and s != source]
        target = free[(n * 13) % len(free)]
        item = scene.card_item(card)
        assert item is not None
        a = view.mapFromScene(item.pos())
        b = view.mapFromScene(scene.layout.squares[target].center())
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
        QTest.mouseMove(viewport, a + QPoint(12, 12))
        QTest.mouseMove(viewport, b)
        app.processEvents()
        before, rows, done = counter.paints, log_progress(window), len(session.done)
        t0 = time.perf_counter()
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
        wait(app, painted_since(counter, before))
        painted.append(time.perf_counter() - t0)
        if len(session.done) == done:
            raise RuntimeError(f"drop {n} was refused")
        wait(app, logged_since(window, rows))
        logged.append(time.perf_counter() - t0)
        for _ in range(3):
            app.processEvents()
    viewport.removeEventFilter(counter)
    return painted, logged


def bare_window(
    app: QApplication, items: int
) -> tuple[QMainWindow, QGraphicsScene, QGraphicsView, list[QGraphicsRectItem]]:
    window = QMainWindow()
    scene = QGraphicsScene()
    scene.setSceneRect(0, 0, 1000, 800)
    cols = max(1, int(items**0.5))
    rects = []
    for i in range(items):
        item = QGraphicsRectItem(0, 0, 60, 84)
        item.setBrush(QBrush(QColor("#fbfaf5")))
        item.setPos((i % cols) * 1000 / cols, (i // cols) * 800 / (items / cols + 1))
        scene.addItem(item)
        rects.append(item)
    view = QGraphicsView(scene)
    window.setCentralWidget(view)
    window.resize(*WINDOW_SIZE)
    window.show()
    for _ in range(20):
        app.processEvents()
    return window, scene, view, rects


def bare_moves(app: QApplication, items: int, count: int) -> tuple[list[float], list[float]]:
    """(one rect moved, the whole viewport repainted — what clearing a drag's highlights costs)."""
    window, _scene, view, rects = bare_window(app, items)
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    moved, full = [], []
    for n in range(count):
        item = rects[(n * 7) % len(rects)]
        before = counter.paints
        t0 = time.perf_counter()
        item.setPos(item.pos() + QPointF(6 if n % 2 == 0 else -6, 0))
        wait(app, painted_since(counter, before))
        moved.append(time.perf_counter() - t0)
        before = counter.paints
        t0 = time.perf_counter()
        view.viewport().update()
        wait(app, painted_since(counter, before))
        full.append(time.perf_counter() - t0)
    window.close()
    return moved, full


def report(title: str, painted: list[float], logged: list[float], bare: tuple[list[float], list[float]]) -> None:
    moved, full = bare
    print(title)
    print(f"  drop → command → commit → repaint   {ms(painted)}   p50 = {ratio(painted, full)} a bare full repaint")
    print(f"  drop → … → log row shown            {ms(logged)}")
    print(f"  bare QMainWindow, one rect moved    {ms(moved)}")
    print(f"  bare QMainWindow, viewport repaint  {ms(full)}")


def open_timed(app: QApplication, path: Path) -> tuple[MainWindow, float, float, float, float]:
    """(window, open file s, first paint s, docks ready s, RSS MB) as ``yobigoe`` opens a session."""
    t0 = time.perf_counter()
    session_file = SessionFile.open(path)
    t_file = time.perf_counter() - t0
    first: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not first:
                first.append(time.perf_counter() - t0)
            return False

    probe = FirstPaint()
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    try:
        window = MainWindow(bridge, sessions, defer_panels=True)
    except TypeError:
        window = MainWindow(bridge, sessions)
    window.board_view.viewport().installEventFilter(probe)
    window.resize(*WINDOW_SIZE)
    window.show()
    wait(app, lambda: bool(first), 120)
    wait(app, lambda: bool(getattr(window, "panels_ready", True)), 120)
    docks = time.perf_counter() - t0
    window.board_view.viewport().removeEventFilter(probe)
    return window, t_file, first[0], docks, rss_mb()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--drops", type=int, default=200)
    parser.add_argument("--live", action="store_true", help="also play the filler through the open window")
    parser.add_argument("--root", default=str(ROOT), help="checkout to import app/engine from")
    args = parser.parse_args()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv)
    folder = Path(_TMP.name)
    (folder / "data").mkdir(exist_ok=True)
    print(
        f"code {ROOT}; platform {QApplication.platformName()}; window {WINDOW_SIZE[0]}x{WINDOW_SIZE[1]}; "
        f"{args.drops} drops per phase; session of {args.commands} commands"
    )

    start_file = create_session(folder / "start.yobigoe", 0)
    window = open_window(start_file, folder / "start.yobigoe", defer=False)
    wait(app, lambda: window.isVisible())
    items = len(window.board_scene.items())
    bare_start = bare_moves(app, items, args.drops)
    painted, logged = drops(app, window, args.drops)
    done = len(window.bridge.session.done)
    report(f"start ({done} commands, log rows {shown_rows(window)})", painted, logged, bare_start)

    t0 = time.perf_counter()
    long_path = folder / "long.yobigoe"
    create_session(long_path, args.commands).close()
    print(f"(session of {args.commands} commands written in {time.perf_counter() - t0:.1f} s)")
    reopened, t_file, t_paint, t_docks, rss = open_timed(app, long_path)
    print(
        f"open a {args.commands}-command session: file {t_file:.2f} s, first paint {t_paint:.2f} s, "
        f"docks ready {t_docks:.2f} s, RSS {rss:.0f} MB, log rows {shown_rows(reopened)}"
    )
    painted, logged = drops(app, reopened, args.drops)
    bare_end = bare_moves(app, items, args.drops)
    done = len(reopened.bridge.session.done)
    report(f"end, reopened ({done} commands, log rows {shown_rows(reopened)})", painted, logged, bare_end)
    reopened.sessions.close()
    reopened.close()
    # Let the reopened window and its 10k session go, so the live phase's RSS is
    # that of one window's session (the "RSS after 10,000 live commands").
    reopened.deleteLater()
    del reopened
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()

    if args.live:
        print(f"(RSS before the live phase {rss_mb():.0f} MB)")
        t0 = time.perf_counter()
        session, bridge = window.bridge.session, window.bridge
        n = 0
        while len(session.done) < args.commands:
            if not bridge.dispatch(filler(session, n)):
                raise RuntimeError(f"filler command {n} was refused")
            n += 1
            if n % 20 == 0:
                app.processEvents()
                # What app.exec() does and processEvents() alone never does: delete the
                # widgets given deleteLater (the step panel's replaced forms); without
                # it they piled up, ≈ 40 MB of the RSS at 10k commands.
                app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        wait(app, lambda: shown_rows(window) > 0)
        for _ in range(20):
            app.processEvents()
        print(f"(played {n} commands through the window in {time.perf_counter() - t0:.1f} s; RSS {rss_mb():.0f} MB)")
        painted, logged = drops(app, window, args.drops)
        bare_live = bare_moves(app, items, args.drops)
        report(f"end, live ({len(session.done)} commands, log rows {shown_rows(window)})", painted, logged, bare_live)
    window.sessions.close()
    window.close()


def ratio(samples: list[float], baseline: list[float]) -> str:
    return f"{statistics.median(samples) / statistics.median(baseline):.1f}×"


if __name__ == "__main__":
    main()
