"""Session files from the GUI: reopen shows the same board, Save as, export and
import, a damaged file changes nothing, and the saved indicator tells the truth."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.mainwindow import MainWindow
from app.sessions import SessionController
from engine.errors import EngineError
from engine.store import RecentFiles, SessionFile
from engine.table.commands import DealCard, FlipCard, NewSession, Roll, TapCard
from engine.upland.slice import gate_of, party_of
from engine.upland.table_commands import MoveParty, PlaceMarker


class Answers(Prompts):
    """File dialogs answered with prepared paths; errors recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[Path | None] = []
        self.new_command: NewSession | None = None
        self.errors: list[tuple[str, str]] = []
        self.exit_messages: list[str] = []
        self.exit_choices: list[str] = []

    def open_path(self, folder: Path) -> Path | None:
        return self.paths.pop(0)

    save_path = export_path = lambda self, folder, suggested: self.paths.pop(0)  # noqa: E731
    import_path = open_path

    def new_session(self, lang: str) -> NewSession | None:
        return self.new_command

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))

    def unsaved_at_exit(self, message: str) -> str:
        self.exit_messages.append(message)
        return self.exit_choices.pop(0)


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


def open_window(qtbot: object, translations: Translations, session_file: SessionFile, path: Path) -> MainWindow:
    translations.install("ja")
    bridge = SessionBridge(session_file.session, lang="ja")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, translations=translations, prompts=Answers())
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    window.show()
    return window


def board_picture(window: MainWindow) -> set[tuple[str, str, int, bool, bool]]:
    """What the GM sees of the cards: each card item's pile, position, face and tap."""
    return {
        (item.code, str(item.place), item.index, item.face_shown, item.tapped)
        for item in window.board_scene.card_items()
        if item.isVisible()
    }


def mid_game(window: MainWindow) -> None:
    bridge = window.bridge
    bridge.dispatch(DealCard(square="A1", face_up=True))
    bridge.dispatch(TapCard(card=bridge.state.squares["A1"][0]))
    bridge.dispatch(DealCard(square="E2"))
    bridge.dispatch(FlipCard(card=bridge.state.squares["C4"][0]))
    bridge.dispatch(PlaceMarker(character="c2", square="B4"))
    bridge.dispatch(MoveParty(square="C4"))
    bridge.dispatch(Roll(command="S1D100<=45"))


def test_save_close_reopen_shows_the_same_board(qtbot: object, translations: Translations) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    mid_game(window)
    state = window.bridge.state
    picture = board_picture(window)
    assert any(tapped for *_, tapped in picture) and any(face for *_, face, _ in picture)
    window.close()

    again = open_window(qtbot, translations, SessionFile.open(path), path)
    assert again.bridge.state == state
    assert board_picture(again) == picture
    assert again.board_scene.marker_item("c2") is not None
    assert again.dicebox.row_texts() == window.dicebox.row_texts() != []
    assert again.sessions.saved and again.saved_indicator.label.text() == "保存済み"


def test_save_as_export_and_import(qtbot: object, translations: Translations, tmp_path: Path) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    answers: Answers = window.prompts  # type: ignore[assignment]
    mid_game(window)
    state = window.bridge.state

    copy = tmp_path / "copy.yobigoe"
    answers.paths.append(copy)
    assert window.save_as()
    assert window.sessions.path == copy and copy.exists()
    assert window.windowTitle().startswith("copy")
    window.bridge.dispatch(DealCard(square="E5"))  # continues in the copy
    continued = window.bridge.state
    original = SessionFile.open(path)  # closed by Save as, so free to open
    assert original.session.state == state  # and as it was before
    original.close()

    exported = tmp_path / "shared.json"
    answers.paths.append(exported)
    assert window.export_json()
    assert exported.exists()
    answers.paths.append(exported)
    assert window.import_json()
    assert window.sessions.path not in (copy, path)
    assert window.bridge.state == continued
    reopened = SessionFile.open(copy)
    assert reopened.session.state == continued
    reopened.close()
    assert window.sessions.recent_files()[0] == window.sessions.path


def test_new_session_from_the_menu(qtbot: object, translations: Translations) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    answers: Answers = window.prompts  # type: ignore[assignment]
    answers.new_command = NewSession(ruleset="upland", seed=7, cols=4, rows=3, gate="B3")
    window.new_action.trigger()
    state = window.bridge.state
    assert (state.ruleset, state.cols, state.rows, gate_of(state)) == ("upland", 4, 3, "B3")
    assert state.characters == {} and window.characters.list.count() == 0
    assert window.sessions.path != path and window.sessions.path is not None
    # The party starts on the gate asked for (MAP-1); that move is the only thing to undo.
    assert party_of(state) == "B3"
    assert window.bridge.session.undo_label("ja") == MoveParty(square="B3").label("ja")


def test_a_damaged_file_is_explained_and_changes_nothing(
    qtbot: object, translations: Translations, tmp_path: Path
) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    answers: Answers = window.prompts  # type: ignore[assignment]
    damaged = tmp_path / "damaged.yobigoe"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x13" * 300)
    content = damaged.read_bytes()
    with pytest.raises(EngineError) as expected:
        SessionFile.open(damaged)
    before_session, before_state = window.bridge.session, window.bridge.state
    answers.paths.append(damaged)
    assert not window.open_action.trigger() and not window.sessions.path == damaged
    assert answers.errors == [("セッションを開けませんでした", expected.value.text("ja"))]
    assert window.bridge.session is before_session and window.bridge.state is before_state
    assert window.sessions.path == path
    assert damaged.read_bytes() == content


class FlakyDisk:
    """Stands in for the session file's database connection: every statement
    fails like a full or unplugged disk while ``broken`` is set."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.broken = True

    def execute(self, *args: object) -> object:
        if self.broken:
            raise sqlite3.OperationalError("disk I/O error")
        return self.conn.execute(*args)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def test_the_saved_indicator_shows_a_failed_save_and_recovers(qtbot: object, translations: Translations) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    journal = session_file.journal
    disk = FlakyDisk(journal.conn)  # type: ignore[arg-type]
    journal.conn = disk  # type: ignore[assignment]
    window.bridge.dispatch(DealCard(square="A2"))
    indicator = window.saved_indicator
    assert not window.sessions.saved and session_file.pending == 1
    assert indicator.label.text().startswith("未保存: ")
    assert not indicator.retry.isHidden()
    assert window.isWindowModified()
    # The game goes on in memory.
    assert "A2" in window.bridge.state.squares
    indicator.retry.click()  # still broken
    assert not window.sessions.saved
    disk.broken = False
    indicator.retry.click()
    assert window.sessions.saved and indicator.label.text() == "保存済み" and indicator.retry.isHidden()
    journal.conn = disk.conn
    state = window.bridge.state
    window.close()
    reopened = SessionFile.open(path)
    assert reopened.session.state == state  # the card dealt while the disk was away is on disk
    reopened.close()


def test_quitting_with_changes_the_disk_still_owes_asks_first(
    qtbot: object, translations: Translations, tmp_path: Path
) -> None:
    session_file, path = create_demo()
    window = open_window(qtbot, translations, session_file, path)
    answers: Answers = window.prompts  # type: ignore[assignment]
    journal = session_file.journal
    disk = FlakyDisk(journal.conn)  # type: ignore[arg-type]
    journal.conn = disk  # type: ignore[assignment]
    window.bridge.dispatch(DealCard(square="A2"))
    state = window.bridge.state
    answers.exit_choices = ["cancel", "save_as"]
    assert not window.close()  # cancelled: still open
    assert window.isVisible() and answers.exit_messages[0].startswith("1 件の変更")
    rescue = tmp_path / "rescue.yobigoe"
    answers.paths.append(rescue)
    assert window.close()
    rescued = SessionFile.open(rescue)
    assert rescued.session.state == state
    rescued.close()


def test_open_recent_lists_sessions_and_reopens_one(qtbot: object, translations: Translations) -> None:
    first_file, first = create_demo()
    first_file.close()
    session_file, second = create_demo()
    window = open_window(qtbot, translations, session_file, second)
    answers: Answers = window.prompts  # type: ignore[assignment]
    answers.paths.append(first)
    assert window.open_session()
    window.recent_menu.aboutToShow.emit()
    actions = window.recent_menu.actions()
    assert [a.text() for a in actions[:2]] == [f"&1 {first.stem}", f"&2 {second.stem}"]
    actions[1].trigger()
    assert window.sessions.path == second
    assert window.characters.list.count() == 4
    window.recent_menu.aboutToShow.emit()
    assert window.recent_menu.actions()[0].text() == f"&1 {second.stem}"
