"""Start-up's questions (the crash prompt, a first start's page) show before the
engine is imported, and the live window's imports run while the GM reads them:
the board follows the answer instead of the imports."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.imports_while_asking import ImportsWhileAsking
from tests.app.demo_process import ROOT, demo_as_last_session


class AnswerAfterPaint(QObject):
    """Accepts ``box`` ``after_ms`` after it first paints, as a GM answers once it shows."""

    def __init__(self, box: QMessageBox, after_ms: int) -> None:
        super().__init__(box)
        self._box, self._after = box, after_ms
        box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._box.removeEventFilter(self)
            QTimer.singleShot(self._after, self._box.accept)
        return False


def ask(loading: ImportsWhileAsking, answer_after_ms: int = 200) -> None:
    """A real modal question, answered ``answer_after_ms`` after it shows."""
    box = QMessageBox(QMessageBox.Icon.Question, "yobigoe", "Reopen?")
    AnswerAfterPaint(box, answer_after_ms)
    with loading.while_asking():
        box.exec()


def test_the_imports_run_beside_the_question_and_are_done_when_it_returns(qtbot: QtBot) -> None:
    ran: list[str] = []
    loading = ImportsWhileAsking(lambda: ran.append(threading.current_thread().name))
    ask(loading)
    assert ran == ["yobigoe-imports-while-asking"]  # not on the GUI thread
    assert loading.done
    ask(loading)  # a second question (the start page after a declined prompt) imports nothing again
    assert len(ran) == 1


def test_a_question_answered_without_showing_starts_nothing(qtbot: QtBot) -> None:
    ran: list[str] = []
    loading = ImportsWhileAsking(lambda: ran.append("imported"))
    with loading.while_asking():
        pass  # a test's answer: no event loop, no paint
    assert ran == [] and not loading.done
    ask(loading)  # the next real question does it
    assert ran == ["imported"]


def test_an_answer_given_at_once_does_not_wait_for_the_likely_rulesets_imports(qtbot: QtBot) -> None:
    ran: list[str] = []
    loading: ImportsWhileAsking

    def needed() -> None:  # still importing when the GM answers
        assert loading.answered.wait(10)
        ran.append("window")

    loading = ImportsWhileAsking(needed, lambda: ran.append("ruleset"))
    ask(loading, answer_after_ms=0)
    assert ran == ["window"] and loading.done  # the ruleset comes when the session opens
    slow_reader: list[str] = []
    ask(ImportsWhileAsking(lambda: slow_reader.append("window"), lambda: slow_reader.append("ruleset")))
    assert slow_reader == ["window", "ruleset"]


def test_an_error_in_the_imports_is_raised_when_the_question_returns(qtbot: QtBot) -> None:
    def broken() -> None:
        raise ImportError("a module is missing from the installation")

    with pytest.raises(ImportError, match="missing"):
        ask(ImportsWhileAsking(broken))


#: Runs ``python -m app.main`` after a crash; the crash prompt is answered once the imports made
#: while it waits have finished (or after a minute), and what was loaded then is listed.
AFTER_A_CRASH = """
import os, sys, threading, time
import app.dialogs.prompts as prompts

WATCHED = ("pydantic", "app.mainwindow", "engine.core.state", "engine.upland.ruleset", "engine.upland.command_types")

def reopen_after_crash(self, path):
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, "yobigoe", path.stem)
    print("AT_PROMPT", *sorted(m for m in WATCHED if m in sys.modules), flush=True)
    started = time.monotonic()
    seen = []

    def answer_when_loaded():
        workers = [t for t in threading.enumerate() if t.name == "yobigoe-imports-while-asking"]
        seen.extend(workers[:1] if not seen else [])
        if (seen and not workers) or time.monotonic() - started > 60:
            print("AT_ANSWER", "thread" if seen else "no-thread", *sorted(m for m in WATCHED if m in sys.modules), flush=True)
            os._exit(0)
        QTimer.singleShot(20, answer_when_loaded)

    QTimer.singleShot(0, answer_when_loaded)
    box.exec()
    return True

prompts.Prompts.reopen_after_crash = reopen_after_crash
import app.main
app.main.main(["--lang", "en"])
"""


def test_after_a_crash_the_prompt_shows_first_and_the_window_loads_while_it_waits(tmp_path: Path) -> None:
    env, _session = demo_as_last_session(tmp_path, clean_exit=False)
    out = subprocess.run([sys.executable, "-c", AFTER_A_CRASH], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    lines = {line.split()[0]: line.split()[1:] for line in out.stdout.splitlines() if line.startswith("AT_")}
    assert lines.get("AT_PROMPT") == [], out.stdout + out.stderr  # the question before pydantic and the engine
    thread, *loaded = lines["AT_ANSWER"]
    assert thread == "thread"
    # the live window, the session's ruleset and its commands: all there by the time the GM answers
    assert loaded == ["app.mainwindow", "engine.core.state", "engine.upland.command_types", "engine.upland.ruleset",
                      "pydantic"]  # fmt: skip
