"""The start page a newcomer finds: the very first start shows it (New session,
Open, the demo, the recent list), File ▸ Close returns to it, and the page and
the window's title say which session is (or was last) open.  The real page is
shown and its real buttons are clicked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.main import start
from app.mainwindow import MainWindow
from app.startpage import StartPage
from engine.store import RecentFiles, default_folder


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


def on_start_page(qtbot: QtBot, act: Callable[[StartPage], None], seen: list[StartPage]) -> None:
    """When the modal start page shows, note it and let ``act`` click on it."""

    def look() -> None:
        page = QApplication.activeModalWidget()
        if isinstance(page, StartPage) and page.isVisible():
            seen.append(page)
            act(page)
        else:
            QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)


def sessions_on_disk() -> set[Path]:
    return set(default_folder().glob("*.yobigoe"))


def first_start(qapp: QApplication, qtbot: QtBot, translations: Translations) -> tuple[MainWindow, dict[str, object]]:
    """Start as on a new machine; on the start page, note what it shows and click Demo."""
    shown: dict[str, object] = {}

    def pick_demo(page: StartPage) -> None:
        buttons = (page.new_button, page.browse_button, page.demo_button)
        shown["buttons"] = [b.text() for b in buttons if b.isVisible()]
        shown["rows"], shown["list shown"] = page.rows(), page.table.isVisible()
        shown["welcome"] = page.last_label.text()
        qtbot.mouseClick(page.demo_button, Qt.MouseButton.LeftButton)

    on_start_page(qtbot, pick_demo, [])
    window = start(qapp, lang="ja", translations=translations, recent=RecentFiles(), prompts=Prompts())
    assert window is not None
    qtbot.addWidget(window)
    return window, shown


def test_the_very_first_start_shows_the_start_page_and_its_demo_opens(
    qapp: QApplication, qtbot: QtBot, translations: Translations
) -> None:
    window, shown = first_start(qapp, qtbot, translations)
    # a newcomer sees the three ways to begin, no recent list yet, and a welcome
    assert shown["buttons"] == ["新しいセッション(&N)…", "ファイルを開く(&O)…", "デモ(&D)"]
    assert shown["rows"] == [] and shown["list shown"] is False
    assert shown["welcome"] == "ようこそ。デモから始めると、並べ終えたセッションを見られます。"
    # the demo opened in the window, whose title names it
    path = window.sessions.path
    assert path is not None and path.exists() and path.stem == "デモセッション"
    assert window.windowTitle().startswith("デモセッション — yobigoe")
    assert window.bridge.state.ruleset == "upland" and window.bridge.state.characters


def test_file_close_returns_to_the_start_page_which_says_what_was_open_and_reopens_it(
    qapp: QApplication, qtbot: QtBot, translations: Translations
) -> None:
    window, _ = first_start(qapp, qtbot, translations)
    path = window.sessions.path
    assert path is not None
    state = window.bridge.state
    seen: list[StartPage] = []
    shown_while_page: list[bool] = []

    def continue_last(page: StartPage) -> None:
        shown_while_page.append(window.isVisible())
        assert page.rows()[0][0] == "デモセッション"
        assert page.last_label.text() == "前回のセッション：デモセッション"
        qtbot.mouseClick(page.open_button, Qt.MouseButton.LeftButton)  # 「選んだセッションを続ける」

    on_start_page(qtbot, continue_last, seen)
    assert window.close_action.text() == "閉じる(&C)"
    window.close_action.trigger()  # File ▸ Close
    assert seen and shown_while_page == [False]  # the window made way for the start page
    assert window.isVisible()
    assert window.sessions.path == path and window.sessions.file is not None
    assert window.bridge.state == state  # the same session, where it was
    assert window.windowTitle().startswith("デモセッション — yobigoe")


def test_closing_the_start_page_after_file_close_ends_the_program_and_writes_nothing(
    qapp: QApplication, qtbot: QtBot, translations: Translations, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, _ = first_start(qapp, qtbot, translations)
    before = sessions_on_disk()
    ended: list[bool] = []
    monkeypatch.setattr(QApplication, "quit", staticmethod(lambda: ended.append(True)))
    seen: list[StartPage] = []
    on_start_page(qtbot, lambda page: page.reject(), seen)
    window.close_action.trigger()  # File ▸ Close, then the start page closed
    assert seen and not window.isVisible() and ended == [True]  # the event loop is told to end
    assert window.sessions.file is None and window.sessions.path is None
    assert sessions_on_disk() == before
    assert qapp.quitOnLastWindowClosed()  # restored after the start page


def test_a_closed_session_is_listed_from_its_kept_summary_until_the_file_changes(
    qapp: QApplication, qtbot: QtBot, translations: Translations, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from engine.store import reader

    window, _ = first_start(qapp, qtbot, translations)
    path = window.sessions.path
    assert path is not None
    reads: list[Path] = []
    validating_read = reader.inspect

    def counted(target: Path) -> object:
        reads.append(Path(target))
        return validating_read(target)

    monkeypatch.setattr(reader, "inspect", counted)
    listed: list[list[list[str]]] = []

    def look_and_continue(page: StartPage) -> None:
        listed.append(page.rows())
        qtbot.mouseClick(page.open_button, Qt.MouseButton.LeftButton)

    on_start_page(qtbot, look_and_continue, [])
    window.close_action.trigger()
    # the page listed the session just closed (name, ruleset, not started, 4 characters) without reading
    # its journal back: a long session does not slow the page down
    assert [row[0] for row in listed[0]] == ["デモセッション"] and listed[0][0][3] == "4"
    assert reads == []
    window.sessions.close()
    # a file changed since (by another program) is read again, and listed the same
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
    page = StartPage(RecentFiles().load(), "ja")
    qtbot.addWidget(page)
    assert [read.resolve() for read in reads] == [path.resolve()]
    assert page.rows()[0][0] == "デモセッション" and page.rows()[0][3] == "4"


def test_the_list_says_how_far_each_session_is_in_its_own_rulesets_words(
    qtbot: QtBot, translations: Translations, tmp_path: Path
) -> None:
    """The Upland counts cycles (not started before the first); a CoC session has no
    cycles: a fight in progress shows its round, a session between fights a dash."""
    from engine.rulesets.registry import parse_command
    from engine.store.session_file import SessionFile
    from engine.table.commands import NewSession
    from tests.app.rulesets.upland.test_stepper_gui import setup_session

    translations.install("ja")
    waiting = setup_session(tmp_path / "waiting.yobigoe")
    waiting.close()
    exploring = setup_session(tmp_path / "exploring.yobigoe")
    assert exploring.session.dispatch(parse_command({"type": "upland_start_exploration"}))
    exploring.close()
    characteristics = {"STR": 12, "CON": 12, "POW": 12, "DEX": 12, "APP": 10, "SIZ": 12, "INT": 13, "EDU": 14}
    for name, fight in (("calm", False), ("fight", True)):
        keeper = SessionFile.create(tmp_path / f"{name}.yobigoe", NewSession(ruleset="coc6-b", seed=3))
        for command in (
            {"type": "add_character", "name": "ミナ"},
            {"type": "coc_new_investigator", "character": "ミナ", "characteristics": characteristics, "skills": {}},
            *([{"type": "coc_start_combat", "characters": ["ミナ"]}] if fight else []),
        ):
            assert keeper.session.dispatch(parse_command(command))
        keeper.close()
    names = ("waiting", "exploring", "calm", "fight")
    page = StartPage([tmp_path / f"{name}.yobigoe" for name in names], "ja")
    qtbot.addWidget(page)
    assert page.table.headerItem().text(2) == "進行"
    assert {row[0]: row[2] for row in page.rows()} == {
        "waiting": "未開始",
        "exploring": "サイクル 1",
        "calm": "—",
        "fight": "ラウンド 1",
    }


#: Runs ``python -m app.main`` on empty user folders and lists what is loaded when the start page shows.
FIRST_SIGHT = """
import os, sys
import app.dialogs.prompts as prompts

def start_page(self, recent, lang):
    from app.startpage import StartPage

    page = StartPage(recent, lang, self.parent)
    print("PAGE", page.heading.text(), flush=True)
    # (a submodule is loaded after its package: "pydantic" absent means none of it is; the engine only
    # names pydantic's plugin loader in advance, engine.pydantic_plugins)
    models = [m for m in sys.modules if m in ("pydantic", "pydantic_core") or m.startswith(("engine.core", "app.mainwindow"))]
    print("LOADED", *sorted(models))
    os._exit(0)

prompts.Prompts.start_page = start_page
import app.main
app.main.main(["--lang", "ja"])
"""


def test_a_first_start_shows_its_page_before_the_engines_models_are_imported(tmp_path: Path) -> None:
    """A newcomer sees the start page as soon as Qt is up: the engine, pydantic and the
    main window are imported once a choice is made."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YOBIGOE_DATA_DIR=str(tmp_path / "data"),
               YOBIGOE_CONFIG_DIR=str(tmp_path / "cfg"))  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", FIRST_SIGHT], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    lines = dict(line.partition(" ")[::2] for line in out.stdout.splitlines())
    assert lines.get("PAGE") == "どのセッションを遊びますか？", out.stdout + out.stderr
    assert lines["LOADED"].split() == []


def test_a_session_a_crash_left_is_listed_with_the_time_of_its_last_write(qtbot: QtBot, tmp_path: Path) -> None:
    """After a crash the newest commands sit in the session's -wal, not in the file itself."""
    import os
    import shutil
    from datetime import datetime

    from engine.store import SessionFile
    from engine.table.commands import NewSession

    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "夜の湿原.yobigoe", NewSession(ruleset="upland", seed=3))
    sf.session.dispatch({"type": "add_note", "text": "the last thing played"})
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("夜の湿原.yobigoe", "夜の湿原.yobigoe-wal", "夜の湿原.yobigoe-ack"):  # what a kill -9 leaves
        shutil.copy2(live / name, crashed / name)
    sf.close()
    session = crashed / "夜の湿原.yobigoe"
    opened, played = datetime(2026, 11, 20, 19, 5), datetime(2026, 11, 20, 22, 41)
    os.utime(session, (opened.timestamp(), opened.timestamp()))
    os.utime(crashed / "夜の湿原.yobigoe-wal", (played.timestamp(), played.timestamp()))
    page = StartPage([session], "ja")
    qtbot.addWidget(page)
    assert page.rows()[0][0] == "夜の湿原" and page.rows()[0][4] == "2026-11-20 22:41"
