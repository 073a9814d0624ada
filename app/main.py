"""The ``yobigoe`` entry point: language, fonts, which session to open, the window.

Start-up decides which session the GM sees: a file named on the command line;
after a crash, the last session where it stopped (if the GM says so); else the
last session; on the very first start (or when the GM declines), the start page
(:mod:`app.startpage`: New session, Open, the demo, the recent sessions).  A clean exit is recorded so
the next start knows there was no crash.  Heavy modules are imported inside
``main`` so ``--help`` and the import itself stay quick.  When the last session
reopens unchanged after a clean exit, a picture of its board shows first, before
the engine is imported (:mod:`app.preview`); it is written at each clean exit.
With nothing to reopen the start page shows first, also before the engine, and so
does the crash prompt: the live window is imported while the GM reads them
(:mod:`app.imports_while_asking`).  A session that opens at once without its
picture (a file named on the command line, or the last one when its picture is
missing or no longer true) has its engine modules imported before Qt
(:func:`load_engine`), where PySide6's import hook does not read their sources
(:mod:`app.start_files`).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication

    from app.dialogs.prompts import Prompts
    from app.i18n import Translations
    from app.imports_while_asking import ImportsWhileAsking
    from app.mainwindow import MainWindow
    from app.picture_drags import HitMap, QueuedDrag
    from app.preview import LoadingPicture
    from app.startpage import StartChoice
    from engine.store import RecentFiles, SessionFile


#: What the live window needs, imported while the picture shows (app.preview.load_while_showing).
HEAVY_MODULES = (
    "app.dialogs.prompts",
    "app.i18n",
    "engine.store.session_file",
    "app.mainwindow",
    "app.bridge",
    "app.sessions",
)


def load_heavy(ruleset: str) -> None:
    """Import what the live window needs and register the session's ruleset
    (``ruleset``, when the picture knows it) with its commands and events: its
    models are built now, on the loading thread, rather than on the GUI thread
    when the file opens, the docks fill or the first drop is applied."""
    for name in HEAVY_MODULES:
        importlib.import_module(name)
    load_ruleset(ruleset)


def load_ruleset(ruleset: str) -> None:
    """Register ``ruleset`` (nothing when "") and import the commands and events."""
    if ruleset:
        from engine.rulesets import registry

        registry.find(ruleset)
        registry.load_commands()


def load_engine(session: Path) -> None:
    """Import what opening ``session`` needs of the engine: the store, the state's
    models and the ruleset the file names.  Start-up calls it before it imports Qt
    when the session opens at once without its picture; the ruleset's commands
    still come after the first paint, with the docks."""
    importlib.import_module("engine.store.session_file")
    from engine.store.ruleset_hint import named_ruleset

    ruleset = named_ruleset(session)
    if ruleset:
        from engine.rulesets import registry

        registry.find(ruleset)


def _likely_answer(last: Path | None) -> ImportsWhileAsking:
    """The imports to make while the crash prompt or the start page waits: the live
    window's modules, then (while the GM still reads) the ruleset the answer most
    likely opens, with its commands.  After a crash that is the last session's (as its
    file names it); on a first start, the demo's, and the demo's own module."""
    from app.imports_while_asking import ImportsWhileAsking

    def likely_ruleset() -> None:
        if last is None:  # the page's likeliest choice for a newcomer: the demo
            from app.demo import DEMO_RULESET

            load_ruleset(DEMO_RULESET)
        else:
            from engine.store.ruleset_hint import named_ruleset

            load_ruleset(named_ruleset(last))

    return ImportsWhileAsking(lambda: load_heavy(""), likely_ruleset)


log = logging.getLogger("yobigoe")


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(prog="yobigoe", description="A game master's table for the Upland exploration.")
    parser.add_argument("--lang", choices=("ja", "en"), help="user interface language (default: the system's)")
    parser.add_argument("session", nargs="?", type=Path, help="a session file to open")
    parser.add_argument("--self-test", action="store_true", help="check this installation and exit (0 = ok)")
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    # benchmarks/startup.py: how long the probe "reads" the crash prompt or the start page before answering (ms)
    parser.add_argument("--startup-probe-read", type=int, default=0, help=argparse.SUPPRESS)
    return parser.parse_known_args(list(sys.argv[1:] if argv is None else argv))


def choose_session(
    recent: RecentFiles,
    prompts: Prompts,
    lang: str,
    requested: Path | None = None,
    loading: ImportsWhileAsking | None = None,
) -> tuple[SessionFile, Path] | None:
    """The session to open at start-up, as described in the module docstring;
    None when the GM closed the start page (the program then quits).  ``loading``:
    the live window's imports, run while the crash prompt or the start page waits."""
    from app.start_choice import asking, choose_on_start_page, open_or_explain
    from engine.store.leftovers import sweep_check_folders, sweep_temp_files
    from engine.store.paths import default_folder

    sweep_check_folders()  # what a killed run left behind never piles up
    sweep_temp_files(default_folder())
    if requested is not None:
        opened = open_or_explain(requested, recent, prompts, lang)
        if opened is not None:
            return opened, requested
    last = session_to_reopen(recent)
    if last is not None:
        reopen = recent.was_clean_exit()  # after a crash, if the GM says so
        if not reopen:
            with asking(loading):
                reopen = prompts.reopen_after_crash(last)
        if reopen:
            opened = open_or_explain(last, recent, prompts, lang)
            if opened is not None:
                return opened, last
    # The first start, a declined crash prompt or a last session that would not open:
    # the GM chooses on the start page; nothing is created unasked.
    return choose_on_start_page(recent, prompts, lang, loading)


def start(
    app: QApplication,
    *,
    lang: str,
    translations: Translations,
    recent: RecentFiles,
    prompts: Prompts,
    requested: Path | None = None,
    defer_panels: bool = False,
    chosen_hook: Callable[[], None] | None = None,
    before_show: Callable[[], None] | None = None,
    loading: ImportsWhileAsking | None = None,
) -> MainWindow | None:
    """Everything between QApplication and the event loop (tests call this);
    None when the GM closed the start page without choosing a session.

    ``defer_panels`` (what ``main`` uses): the board paints first and the dock
    panels are built right after (see :class:`app.mainwindow.MainWindow`).
    ``chosen_hook`` is called once the session is open, before the window is built;
    ``before_show`` once it is built, just before it shows.  ``loading``: the live
    window's imports, made while the crash prompt or the start page waits for the GM.
    """
    translations.install(lang)
    chosen = choose_session(recent, prompts, lang, requested, loading)
    if chosen is None:
        return None
    # the window's modules after the choice: a start page shown first did not wait for them
    from app.bridge import SessionBridge
    from app.mainwindow import MainWindow
    from app.sessions import SessionController

    if chosen_hook is not None:
        chosen_hook()
    session_file, path = chosen
    bridge = SessionBridge(session_file.session, lang=lang)
    sessions = SessionController(bridge, recent)
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=prompts, defer_panels=defer_panels)
    if before_show is not None:
        before_show()
    window.show()
    return window


def session_to_reopen(recent: RecentFiles) -> Path | None:
    """The last session, which start-up opens (after a crash, if the GM says so)
    rather than show the start page first, when its file is still there."""
    last = recent.last_session()
    return last if last is not None and last.exists() else None


class StartupCollector:
    """Python's cyclic garbage collector paused while the program starts.

    Start-up allocates hundreds of thousands of objects that all stay alive
    (modules, the models' schemas, a long session's journal rows), and the
    collector, triggered by the allocation count, walks them again and again
    for nothing: ≈ 15–20 % of the start-up's CPU here.  It is paused from the
    first import to the docks being filled; then ``gc.freeze`` sets everything
    made so far aside (later collections, during a drop, no longer walk it) and
    it runs as usual.  No collection is made first: start-up leaves ≈ 700
    objects of cyclic garbage (a few kB, measured), and collecting them would
    hold the window 50–100 ms just as it becomes usable.
    """

    def __init__(self) -> None:
        self._paused = gc.isenabled()
        gc.disable()

    def resume_after_docks(self, window: MainWindow) -> None:
        """Resume once the window's docks are filled (just after, not in their way)."""
        from PySide6.QtCore import QTimer

        if window.panels_ready:
            QTimer.singleShot(0, self.resume)
        else:
            window.panels_built.connect(lambda: QTimer.singleShot(0, self.resume))

    def resume(self) -> None:
        if self._paused:
            self._paused = False
            gc.freeze()
            gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the GM's table; returns the process exit code."""
    args, qt_args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.self_test:
        from app.selftest import run_self_test

        return run_self_test()
    collector = StartupCollector()
    try:
        return _run(args, qt_args, collector)
    finally:
        collector.resume()  # any way out (an error, the start page closed) leaves it running


def _run(args: argparse.Namespace, qt_args: list[str], collector: StartupCollector) -> int:
    """``main`` once the arguments are read: the picture, the session, the window, the event loop."""
    from app.start_files import matching_sidecar, opens_at_once

    at_once = opens_at_once(args.session) if matching_sidecar(args.session) is None else None
    if at_once is not None:
        load_engine(at_once)  # before Qt: see app.start_files
    from PySide6.QtWidgets import QApplication

    from app.fonts import ensure_japanese_font
    from app.preview import load_while_showing, show_last_board

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *qt_args])
    app.setApplicationName("yobigoe")
    app.setOrganizationName("yobigoe")
    # The last board's picture first (nothing of the engine loaded yet, not even the font
    # list: the picture draws no text until it refuses a gesture), then the live window.
    picture = show_last_board(app, args.session, args.lang, probe=args.startup_probe)
    if picture is not None and args.startup_probe:
        _probe_picture_drag(picture)
    try:
        ensure_japanese_font(app)
        from app.dialogs.prompts import Prompts
        from app.i18n import Translations, choose_language, remembered_language
        from engine.store.recent import RecentFiles

        recent = RecentFiles()
        loading: ImportsWhileAsking | None = None
        if picture is not None:
            # The heavy part, on a worker thread while the picture answers the mouse.
            load_while_showing(picture, lambda: load_heavy(picture.board.ruleset))
        else:
            # made while the crash prompt or the start page waits, if one comes first; else
            # the session opens at once and imports what it needs as it goes
            loading = _likely_answer(session_to_reopen(recent))
        lang = choose_language(args.lang, remembered=remembered_language())
        translations = Translations(app)
        window = start(
            app,
            lang=lang,
            translations=translations,
            recent=recent,
            prompts=_probe_prompts(args.startup_probe_read) if args.startup_probe else Prompts(),
            requested=args.session,
            loading=loading,
            defer_panels=True,
            chosen_hook=picture.stop_watching if picture is not None else None,
            before_show=picture.finish_gesture if picture is not None else None,
        )
    finally:
        if picture is not None:
            picture.close()  # never left behind: the live window, the start page, or an error
    if window is None:
        recent.mark_clean_exit()
        return 0
    collector.resume_after_docks(window)
    kept = list(picture.queued) if picture is not None else []
    if kept:
        _replay_kept_drags(window, kept, probe=args.startup_probe)
    if args.startup_probe:
        if picture is not None:
            print(f"PICTURE_LONGEST_WAIT {picture.longest_wait_ms:.1f}", flush=True)
        _probe_first_paint(window, drag=not kept)
    closing = _grab_on_close(window)
    code = app.exec()
    window.sessions.close()
    recent.mark_clean_exit()
    _save_picture(window, closing, lang)
    return int(code)


def _grab_on_close(window: MainWindow) -> list[tuple[QPixmap, HitMap | None]]:
    """The window as it looked when the GM closed it (grabbed before it hides),
    with where its cards, markers and squares were; the latest grab is kept,
    since a close the GM cancels is followed by another."""
    from PySide6.QtCore import QEvent, QObject

    from app.picture_drags import hit_map_of

    grabs: list[tuple[QPixmap, HitMap | None]] = []

    class Grab(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Close:
                grabs[:] = [(window.grab(), hit_map_of(window))]
            return False

    window.installEventFilter(Grab(window))
    return grabs


def _save_picture(window: MainWindow, grabs: list[tuple[QPixmap, HitMap | None]], lang: str) -> None:
    """After a clean exit (the file closed, so its stamps are final): the picture
    the next start shows first (:mod:`app.preview`)."""
    from app.preview import save_last_board

    path = window.sessions.path
    if not grabs or path is None or window.isFullScreen():
        return
    picture, hits = grabs[-1]
    save_last_board(
        picture,
        path,
        window.geometry(),
        maximized=window.isMaximized(),
        lang=lang,
        hits=hits,
        ruleset=window.bridge.state.ruleset,
    )


def _replay_kept_drags(window: MainWindow, kept: list[QueuedDrag], *, probe: bool) -> None:
    """Drags the GM made on the picture, made on the live board once it has painted
    (:func:`app.picture_drags.replay`); a refusal shows the way a live drop's does."""
    from PySide6.QtCore import QTimer

    from app.picture_drags import replay

    def make() -> None:
        import time

        before = window.bridge.state
        replay(window, kept, say=lambda text: window.show_refusal(text, at_cursor=False))
        if probe:
            applied = window.bridge.state is not before
            print(
                f"DRAG_ACCEPTED {time.time():.6f}" if applied else "DRAG_REFUSED the kept drag was not applied",
                flush=True,
            )

    QTimer.singleShot(0, make)


def _probe_picture_drag(picture: LoadingPicture) -> None:
    """benchmarks/startup.py: as soon as the picture shows, drag its first card onto
    an empty square of it (mouse events on the picture, delivered while the engine
    loads) and print ``DRAG_TAKEN <epoch>`` when the picture has kept it."""
    import time

    from PySide6.QtCore import QPointF, QRectF, QTimer

    from app.picture_drags import CARD, send_drag

    hits = picture.board.hits
    if hits is None:
        return
    cards = [g for g in hits.grips if g.kind == CARD]
    empty = [s for s in hits.spots if not any(s.rect.intersects(g.rect) for g in hits.grips)]
    if not cards or not empty:
        return

    def at(point: QPointF) -> QPoint:
        return picture.to_widget(QRectF(point, point)).center().toPoint()

    def drag() -> None:
        send_drag(picture, at(cards[0].rect.center()), at(empty[0].rect.center()))
        if picture.queued:
            print(f"DRAG_TAKEN {time.time():.6f}", flush=True)

    QTimer.singleShot(0, drag)


def _probe_first_paint(window: MainWindow, *, drag: bool = True) -> None:
    """benchmarks/startup.py: print the moment the board first paints (and how many
    top-level windows show then: the last board's picture must be gone), then quit.

    With deferred panels it also prints ``PANELS_READY <epoch>`` once the docks
    are filled; right after the first paint it drags a card (``_first_drag``)
    and prints ``DRAG_ACCEPTED <epoch>`` when the drop is applied.  It quits
    only when both are done, so the whole start path runs every time."""
    import time

    from PySide6.QtCore import QEvent, QObject, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    waiting = {"panels", "drag"}

    def done(what: str) -> None:
        waiting.discard(what)
        if not waiting:
            QTimer.singleShot(0, window.close)

    def ready() -> None:
        print(f"PANELS_READY {time.time():.6f}", flush=True)
        done("panels")

    class Probe(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                windows = QApplication.topLevelWidgets()
                shown = [w for w in windows if w.isVisible() and w.windowType() == Qt.WindowType.Window]
                print(f"FIRST_PAINT {time.time():.6f} windows={len(shown)}", flush=True)
                watched.removeEventFilter(self)
                if drag:
                    QTimer.singleShot(0, lambda: _first_drag(window, lambda: done("drag")))
                else:  # the picture's kept drag is the first one (_replay_kept_drags prints it)
                    QTimer.singleShot(0, lambda: done("drag"))
                if window.panels_ready:
                    ready()
                else:
                    window.panels_built.connect(ready)
                QTimer.singleShot(10_000, window.close)  # never hang a benchmark
            return False

    probe = Probe(window)
    window.board_view.viewport().installEventFilter(probe)


def _probe_prompts(read_ms: int = 0) -> Prompts:
    """benchmarks/startup.py: the start page (a first start) and the crash prompt are
    shown as to a GM; ``START_PAGE <epoch>`` / ``PROMPT_SHOWN <epoch>`` are printed when
    they first paint, and ``ANSWERED <epoch>`` when the probe, after reading for
    ``read_ms``, picks the demo or says yes."""
    import time

    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
    from PySide6.QtWidgets import QAbstractButton, QDialog, QMessageBox

    from app.dialogs.prompts import Prompts

    def answer_after_reading(window: QDialog, mark: str, button: QAbstractButton) -> None:
        def answer() -> None:
            print(f"ANSWERED {time.time():.6f}", flush=True)
            button.click()

        class Painted(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    watched.removeEventFilter(self)
                    print(f"{mark} {time.time():.6f}", flush=True)
                    QTimer.singleShot(read_ms, answer)
                return False

        window.installEventFilter(Painted(window))
        window.exec()

    class ProbePrompts(Prompts):
        def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
            from app.startpage import StartPage  # only when it shows, as for a GM

            page = StartPage(recent, lang, self.parent)
            answer_after_reading(page, "START_PAGE", page.demo_button)
            return page.choice

        def reopen_after_crash(self, path: Path) -> bool:
            box = QMessageBox(QMessageBox.Icon.Question, "yobigoe", path.stem)
            box.setText(QCoreApplication.translate("Prompts", "Reopen the last session?"))
            yes = box.addButton(QMessageBox.StandardButton.Yes)
            box.addButton(QMessageBox.StandardButton.No)
            answer_after_reading(box, "PROMPT_SHOWN", yes)
            return box.clickedButton() is yes

    return ProbePrompts()


def _first_drag(window: MainWindow, finished: Callable[[], None]) -> None:
    """Drag the first stacked card onto an empty square as a GM's hand would
    (mouse events on the board's viewport) and print ``DRAG_ACCEPTED <epoch>``
    when its command is applied, ``DRAG_REFUSED …`` otherwise: the start-up to a
    board that takes a first drag, with what the first gesture loads (the
    commands, the legal targets)."""
    import time

    from app.picture_drags import send_drag

    view, scene, bridge = window.board_view, window.board_scene, window.bridge
    state = bridge.state
    stacks = [codes[0] for _, codes in sorted(state.squares.items()) if codes]
    empty = [name for name in scene.layout.squares if name not in state.squares]
    item = scene.card_item(stacks[0]) if stacks else None
    if item is None or not empty:
        print("DRAG_REFUSED no card on a square or no empty square", flush=True)
        finished()
        return
    viewport = view.viewport()
    a = view.mapFromScene(item.scenePos())
    b = view.mapFromScene(scene.layout.squares[empty[0]].center())
    send_drag(viewport, a, b)
    if bridge.state is state:
        print("DRAG_REFUSED the drop was not applied", flush=True)
    else:
        print(f"DRAG_ACCEPTED {time.time():.6f}", flush=True)
    finished()


if __name__ == "__main__":
    sys.exit(main())
