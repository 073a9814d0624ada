"""Hostile values in the GUI: a Value cell never produces a number the file cannot hold."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.dialogs.character import parse_value
from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.main import start
from app.startpage import StartAction, StartChoice
from engine.store import RecentFiles, SessionFile
from engine.table.commands import AddNote, NewSession


class Answers(Prompts):
    """Records every message the GM would have been shown."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list[tuple[str, str]] = []
        self.offered: list[list[Path]] = []

    def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
        """The start page (shown when the last session would not open): the demo."""
        self.offered.append(list(recent))
        return StartChoice(StartAction.DEMO)

    def reopen_after_crash(self, path: Path) -> bool:
        return True

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))


@pytest.mark.parametrize("typed", ["inf", "-inf", "nan", "1e999", "Infinity", "NaN"])
def test_value_cell_keeps_non_finite_text_as_text(typed: str) -> None:
    assert parse_value(typed) == typed


def test_value_cell_still_reads_finite_numbers() -> None:
    assert parse_value("1e3") == 1000.0 and parse_value(" 7 ") == 7


def test_start_up_tells_the_gm_about_commands_a_damaged_wal_lost(
    qapp: QApplication, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))
    live = tmp_path / "live"
    live.mkdir()
    sf = SessionFile.create(live / "s.yobigoe", NewSession(ruleset="upland", seed=3))
    for index in range(120):
        sf.session.dispatch({"type": "add_note", "text": f"note {index} " + "x" * 200})
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for name in ("s.yobigoe", "s.yobigoe-wal", "s.yobigoe-ack"):
        shutil.copy2(live / name, crashed / name)
    sf.close()
    wal = crashed / "s.yobigoe-wal"
    data = bytearray(wal.read_bytes())
    data[len(data) // 2] ^= 0xFF
    wal.write_bytes(bytes(data))
    answers = Answers()
    translations = Translations(qapp)
    try:
        window = start(
            qapp,
            lang="ja",
            translations=translations,
            recent=RecentFiles(),
            prompts=answers,
            requested=crashed / "s.yobigoe",
        )
        qtbot.addWidget(window)  # type: ignore[attr-defined]
    finally:
        translations.install("en")
    assert len(answers.errors) == 1
    title, message = answers.errors[0]
    assert title == "セッションの一部を復元できませんでした"
    assert "件のコマンドを復元できませんでした" in message and ".damaged-" in message
    assert window.sessions.path == crashed / "s.yobigoe"
    window.sessions.close()


def test_a_crafted_recent_session_is_explained_and_skipped(
    qapp: QApplication, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GUI never fails to start because of one session file, nor offers it again."""
    import json

    from tests.engine.store.test_hostile_import import crafted_file

    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))
    with SessionFile.create(tmp_path / "s.yobigoe", NewSession(ruleset="upland", seed=5)) as sf:
        sf.session.dispatch({"type": "add_character", "name": "A"})
        sf.export_json(tmp_path / "s.json")
    bad = tmp_path / "bad.yobigoe"
    crafted_file(json.loads((tmp_path / "s.json").read_text(encoding="utf-8")), bad)
    recent = RecentFiles()
    recent.add(bad)
    recent.mark_clean_exit()
    answers = Answers()
    translations = Translations(qapp)
    try:
        window = start(qapp, lang="ja", translations=translations, recent=recent, prompts=answers)
        qtbot.addWidget(window)  # type: ignore[attr-defined]
    finally:
        translations.install("en")
    assert len(answers.errors) == 1 and "ZZ" in answers.errors[0][1]
    # the start page no longer offers it, and the demo the GM chose there opened
    assert answers.offered and all(bad.resolve() not in [p.resolve() for p in offer] for offer in answers.offered)
    assert window.sessions.path != bad
    assert bad.resolve() not in [p.resolve() for p in RecentFiles().load()]
    window.sessions.close()


def test_gui_save_as_onto_a_session_open_elsewhere_is_refused(
    qtbot: object, qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.app.test_sessions_gui import Answers as FileAnswers
    from tests.app.test_sessions_gui import open_window

    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))
    held = SessionFile.create(tmp_path / "held.yobigoe", NewSession(ruleset="upland", seed=8))
    held.session.dispatch({"type": "add_note", "text": "kept"})
    mine = SessionFile.create(tmp_path / "mine.yobigoe", NewSession(ruleset="upland", seed=9))
    translations = Translations(qapp)
    try:
        window = open_window(qtbot, translations, mine, mine.path)
        answers: FileAnswers = window.prompts  # type: ignore[assignment]
        answers.paths.append(held.path)
        assert not window.save_as()
        assert "開かれているため、置き換えませんでした" in answers.errors[-1][1]
        assert window.sessions.path == tmp_path / "mine.yobigoe"
        assert window.bridge.dispatch(AddNote(text="still here"))
        held.session.dispatch({"type": "add_note", "text": "after"})
    finally:
        translations.install("en")
    held.close()
    window.sessions.close()
    with SessionFile.open(tmp_path / "held.yobigoe") as again:
        assert [n.text for n in again.session.state.notes] == ["kept", "after"]


def test_save_as_asks_before_replacing_the_file_the_suffix_names(qtbot: object, tmp_path: Path) -> None:
    """Typing ``foo`` when ``foo.yobigoe`` exists asks before replacing it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

    from app.dialogs.prompts import Prompts

    (tmp_path / "foo.yobigoe").write_bytes(b"the GM's other session")
    asked: list[str] = []

    def shown(kind: type) -> object | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)

    def answer_no() -> None:
        box = shown(QMessageBox)
        if isinstance(box, QMessageBox):
            asked.append(box.text())
            box.button(QMessageBox.StandardButton.No).click()
        else:
            QTimer.singleShot(20, answer_no)

    def type_name() -> None:
        dialog = shown(QFileDialog)
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, type_name)
            return
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        assert edit is not None
        edit.setText("foo")
        QTimer.singleShot(20, answer_no)
        dialog.accept()
        QTimer.singleShot(20, dialog.reject)  # after the No, the dialog would wait for another name

    QTimer.singleShot(50, type_name)
    chosen = Prompts().save_path(tmp_path, "new.yobigoe")
    assert asked and "foo.yobigoe" in asked[0]  # the question names the real file
    assert (tmp_path / "foo.yobigoe").read_bytes() == b"the GM's other session"
    assert chosen is None or chosen != tmp_path / "foo.yobigoe"
