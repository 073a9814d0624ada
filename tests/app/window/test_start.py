"""Start-up: the demo on first start, reopening after a crash, the entry point."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.main import main, parse_args, start
from app.mainwindow import MainWindow, dock_panel
from app.startpage import StartAction, StartChoice, StartPage
from engine.store import RecentFiles
from engine.table.cards import standard_deck
from engine.table.commands import DealCard, FlipCard
from engine.upland.slice import bone_of


class Answers(Prompts):
    """Says yes or no to reopening after a crash, picks the demo on the start
    page, and records what was asked."""

    def __init__(self, reopen: bool = True) -> None:
        super().__init__()
        self.reopen = reopen
        self.asked: list[Path] = []
        self.errors: list[tuple[str, str]] = []
        self.start_pages: list[list[Path]] = []

    def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
        self.start_pages.append(recent)
        return StartChoice(StartAction.DEMO)

    def reopen_after_crash(self, path: Path) -> bool:
        self.asked.append(path)
        return self.reopen

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


def launch(qapp: QApplication, qtbot: object, translations: Translations, answers: Answers) -> MainWindow:
    window = start(qapp, lang="ja", translations=translations, recent=RecentFiles(), prompts=answers)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    return window


def crash(window: MainWindow) -> None:
    """The process dies: the system drops its file lock, and no clean exit is recorded."""
    window.hide()
    session_file = window.sessions.file
    assert session_file is not None
    session_file.close()


def test_first_start_shows_the_start_page_whose_demo_opens(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    answers = Answers()
    window = launch(qapp, qtbot, translations, answers)
    state = window.bridge.state
    assert answers.asked == [] and answers.start_pages == [[]]  # the start page, with nothing recent yet
    assert len(state.characters) == 4
    assert all(any("\u3040" <= ch <= "\u9fff" for ch in c.name) for c in state.characters.values())
    assert state.deck != standard_deck()[: len(state.deck)]  # shuffled
    assert bone_of(state).square is not None and not bone_of(state).revealed
    assert sum(len(h) for h in state.hands.values()) > 0 and state.squares
    # It is a real file, so it is never lost, and it is now the recent session.
    path = window.sessions.path
    assert path is not None and path.exists()
    assert RecentFiles().last_session() == path.resolve()
    assert window.characters.list.count() == 4
    assert window.windowTitle().startswith(path.stem)


def test_after_a_crash_the_last_session_is_offered_and_restored(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    first = launch(qapp, qtbot, translations, Answers())
    first.bridge.dispatch(DealCard(square="A1"))
    card = first.bridge.state.squares["A1"][0]
    first.bridge.dispatch(FlipCard(card=card))
    before = first.bridge.state
    path = first.sessions.path
    crash(first)
    assert not RecentFiles().was_clean_exit()

    answers = Answers(reopen=True)
    second = launch(qapp, qtbot, translations, answers)
    assert answers.asked == [path.resolve()]
    assert second.sessions.path == path.resolve()
    assert second.bridge.state == before
    assert second.board_scene.card_item(card).face_shown  # type: ignore[union-attr]
    # Where it stopped includes the undo history.
    assert second.bridge.session.undo_label("ja") == FlipCard(card=card).label("ja")


def test_declining_to_reopen_shows_the_start_page_and_creates_nothing_unasked(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    from app.startpage import StartAction, StartChoice

    first = launch(qapp, qtbot, translations, Answers())
    old = first.sessions.path
    crash(first)
    answers = Answers(reopen=False)
    offered: list[list[Path]] = []

    def start_page(recent: list[Path], lang: str) -> StartChoice:
        offered.append(recent)
        return StartChoice(StartAction.DEMO)

    answers.start_page = start_page  # type: ignore[method-assign]
    second = launch(qapp, qtbot, translations, answers)
    assert old is not None and answers.asked == [old.resolve()]
    assert offered == [[old.resolve()]]
    assert second.sessions.path != old and old.exists()


def test_a_clean_exit_reopens_the_last_session_without_asking(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    first = launch(qapp, qtbot, translations, Answers())
    path = first.sessions.path
    first.close()
    RecentFiles().mark_clean_exit()
    answers = Answers()
    second = launch(qapp, qtbot, translations, answers)
    assert answers.asked == [] and path is not None and second.sessions.path == path.resolve()


def test_deferred_start_paints_the_board_then_fills_the_docks(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    """The real start path (``main``): the board paints with the session at once;
    the dock panels arrive just after that first paint, wired as usual."""
    window = start(
        qapp, lang="ja", translations=translations, recent=RecentFiles(), prompts=Answers(), defer_panels=True
    )
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    state = window.bridge.state
    docks = (window.characters_dock, window.log_dock, window.stepper_dock, window.dice_dock)
    # Before the first paint: the board already shows the session; the docks (and
    # their View menu toggles) are there, still empty.
    assert not window.panels_ready
    hands = [code for codes in state.hands.values() for code in codes]
    tops = [codes[0] for codes in state.squares.values()]
    assert hands and tops
    assert all(window.board_scene.card_item(code) is not None for code in hands + tops)
    assert all(window.board_scene.hand_item(cid) is not None for cid in state.characters)
    assert all(dock.widget() is None for dock in docks)
    assert all(dock.toggleViewAction() in window.view_menu.actions() for dock in docks)
    # A hand clicked before the panels exist is selected in them afterwards.
    window.board_scene.selected_character = "c1"

    painted: list[bool] = []

    class PaintSpy(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.append(window.panels_ready)
            return False

    spy = PaintSpy(window)
    window.board_view.viewport().installEventFilter(spy)
    with qtbot.waitSignal(window.panels_built, timeout=5000):  # type: ignore[attr-defined]
        pass
    assert painted and painted[0] is False  # the board painted before the panels were built
    assert window.panels_ready
    panels = [dock_panel(dock) for dock in docks]
    assert panels == [window.characters, window.eventlog, window.stepper, window.dicebox]
    assert all(dock.isVisible() and dock.width() > 100 for dock in docks)
    assert window.characters.list.count() == len(state.characters) == 4
    assert window.eventlog.list.count() > 0
    assert window.characters.selected_id() == "c1" and window.dicebox.roller == "c1"
    undo = window.bridge.session.undo_label("ja")
    assert undo and undo in window.undo_action.text() and window.undo_action.isEnabled()
    assert not window.redo_action.isEnabled()
    # The procedure is wired: its step lights the board and enables Resolve as in an eager window.
    assert window.stepper.info is not None
    assert window.resolve_action.isEnabled()
    assert window.board_scene.step_focus()
    window.stepper_dock.toggleViewAction().trigger()
    assert not window.stepper_dock.isVisible()
    window.stepper_dock.toggleViewAction().trigger()
    assert window.stepper_dock.isVisible()


def test_main_runs_the_event_loop_and_records_a_clean_exit(qapp: QApplication) -> None:
    def demo_then_close() -> None:
        page = QApplication.activeModalWidget()
        if isinstance(page, StartPage):  # the first start: the GM picks the demo
            page.demo_button.click()
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        for widget in windows:
            widget.close()
        if not windows:
            QTimer.singleShot(50, demo_then_close)

    QTimer.singleShot(50, demo_then_close)
    font = qapp.font()
    try:
        assert main(["--lang", "en"]) == 0
    finally:
        qapp.setFont(font)
    recent = RecentFiles()
    assert recent.was_clean_exit()
    assert gc.isenabled()  # the collector paused for the start-up runs again
    last = recent.last_session()
    assert last is not None and last.exists()


def test_arguments() -> None:
    args, rest = parse_args(["--lang", "ja", "x.yobigoe", "-platform", "offscreen"])
    assert args.lang == "ja" and args.session == Path("x.yobigoe") and rest == ["-platform", "offscreen"]
