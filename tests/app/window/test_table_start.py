"""At the table: the start page after declining to
reopen, sessions with names, the demo labelled as a demo, and the party token
on the gate the New Session dialog asked for (MAP-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.dialogs.new_session import NewSessionDialog, NewSessionRequest, file_stem
from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.main import start
from app.mainwindow import MainWindow
from app.startpage import StartAction, StartChoice, StartPage
from engine.store import RecentFiles, default_folder
from engine.table.commands import NewSession
from engine.upland.commands import SetSheet, StartExploration
from engine.upland.sheet import UplandSheet
from engine.upland.slice import party_of


@pytest.fixture
def translations(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    yield t
    t.install("en")


class Answers(Prompts):
    """Declines to reopen; answers the start page and the New dialog from lists
    (the demo once the list is used up)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: list[StartChoice | None] = []
        self.pages: list[list[Path]] = []
        self.new: NewSessionRequest | None = None

    def reopen_after_crash(self, path: Path) -> bool:
        return False

    def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
        self.pages.append(recent)
        return self.choices.pop(0) if self.choices else StartChoice(StartAction.DEMO)

    def new_session(self, lang: str) -> NewSessionRequest | None:
        return self.new

    def error(self, title: str, message: str) -> None:
        raise AssertionError(message)


def launch(qapp: QApplication, qtbot: object, translations: Translations, answers: Prompts) -> MainWindow | None:
    window = start(qapp, lang="ja", translations=translations, recent=RecentFiles(), prompts=answers)
    if window is not None:
        qtbot.addWidget(window)  # type: ignore[attr-defined]
    return window


def crash(window: MainWindow) -> None:
    window.hide()
    assert window.sessions.file is not None
    window.sessions.file.close()


def sessions_on_disk() -> set[Path]:
    return set(default_folder().glob("*.yobigoe"))


def test_the_first_start_opens_the_demo_labelled_as_a_demo(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    answers = Answers()
    window = launch(qapp, qtbot, translations, answers)
    assert window is not None and answers.pages == [[]]  # the first start asks on the start page
    assert window.windowTitle().startswith("デモセッション")


def test_declining_to_reopen_shows_the_start_page_and_continues_the_chosen_session(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    first = launch(qapp, qtbot, translations, Answers())
    assert first is not None
    old = first.sessions.path
    assert old is not None
    crash(first)
    before = sessions_on_disk()
    answers = Answers()
    answers.choices = [StartChoice(StartAction.OPEN_RECENT, old.resolve())]
    second = launch(qapp, qtbot, translations, answers)
    assert answers.pages == [[old.resolve()]]
    assert second is not None and second.sessions.path == old.resolve()
    assert sessions_on_disk() == before  # no new demo file behind the GM's back


def test_closing_the_start_page_quits_without_creating_a_file(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    first = launch(qapp, qtbot, translations, Answers())
    assert first is not None
    crash(first)
    before = sessions_on_disk()
    answers = Answers()
    answers.choices = [None]
    assert launch(qapp, qtbot, translations, answers) is None
    assert sessions_on_disk() == before


def test_start_page_new_session_has_its_name_and_the_party_on_the_gate(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    first = launch(qapp, qtbot, translations, Answers())
    assert first is not None
    crash(first)
    answers = Answers()
    answers.choices = [StartChoice(StartAction.NEW)]
    answers.new = NewSessionRequest(NewSession(ruleset="upland", seed=5, gate="B5"), "湿原の探索 第1回")
    window = launch(qapp, qtbot, translations, answers)
    assert window is not None
    assert window.windowTitle().startswith("湿原の探索 第1回 — yobigoe")
    assert party_of(window.bridge.state) == "B5"
    party = window.board_scene.party_item
    assert window.board_scene.layout.squares["B5"].contains(party.sceneBoundingRect().center())


def test_new_session_from_the_menu_is_named_in_the_title_and_the_recent_list(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    window = launch(qapp, qtbot, translations, Answers())
    assert window is not None
    answers = window.prompts
    assert isinstance(answers, Answers)
    answers.new = NewSessionRequest(NewSession(ruleset="upland", seed=5, cols=6, rows=4, gate="D4"), "森の夜/二日目")
    assert window.new_session()
    assert window.windowTitle().startswith("森の夜_二日目 — yobigoe")  # "/" cannot be in a file name
    assert party_of(window.bridge.state) == "D4"
    window._on_recent_change()
    assert window.recent_menu.actions()[0].text().endswith("森の夜_二日目")


def test_the_start_page_lists_name_ruleset_cycle_characters_and_last_change(
    qapp: QApplication, qtbot: object, translations: Translations
) -> None:
    translations.install("ja")
    window = launch(qapp, qtbot, translations, Answers())
    assert window is not None
    bridge = window.bridge
    for cid in bridge.state.characters:
        assert bridge.dispatch(SetSheet(character=cid, sheet=UplandSheet()))
    assert bridge.dispatch(StartExploration())
    path = window.sessions.path
    assert path is not None
    page = StartPage([path], "ja")
    qtbot.addWidget(page)  # type: ignore[attr-defined]
    [row] = page.rows()
    assert row[:4] == ["デモセッション", "アップランド探索", "サイクル 1", "4"]
    assert row[4][:4].isdigit() and ":" in row[4]
    assert page.new_button.text() == "新しいセッション(&N)…"
    page.open_button.click()
    assert page.choice == StartChoice(StartAction.OPEN_RECENT, path)


def test_new_session_dialog_asks_for_a_name_and_the_gate(qtbot: object) -> None:
    dialog = NewSessionDialog("ja")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.name.setText("  第2回  ")
    dialog.gate.setText("a5")
    request = dialog.request()
    assert request.name == "第2回" and request.command.setup["gate"] == "A5"
    assert request.path() is not None and request.path().name == "第2回.yobigoe"  # type: ignore[union-attr]
    assert file_stem('a:b*c?"d<e>f|g\\h') == "a_b_c__d_e_f_g_h"
    assert file_stem("...") == ""
