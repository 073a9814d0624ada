"""Start-up decides before Qt whether the session opens at once
(:func:`app.start_files.opens_at_once`); then the engine is imported first,
where PySide6's import hook does not read every module's source.  The decision
must be the one ``choose_session`` takes, and the order must show in a real start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.dialogs.prompts import Prompts
from app.main import choose_session
from app.start_files import config_folder, opens_at_once
from app.startpage import StartChoice
from engine.store import RecentFiles
from engine.store.paths import default_folder
from tests.app.demo_process import ROOT, demo_as_last_session


class Asked(Prompts):
    """Records every question start-up asks; reopens after a crash, closes the start page."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def reopen_after_crash(self, path: Path) -> bool:
        self.asked.append("crash prompt")
        return True

    def start_page(self, recent: list[Path], lang: str) -> StartChoice | None:
        self.asked.append("start page")
        return None

    def error(self, title: str, message: str) -> None:
        self.asked.append(f"error: {message}")


def make_demo() -> Path:
    from app.demo import create_demo

    opened, path = create_demo(default_folder() / "demo.yobigoe")
    opened.close()
    return path


SCENARIOS = ("first start", "named file", "named file missing", "last, clean exit", "last, after a crash",
             "last, file gone")  # fmt: skip


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_opens_at_once_is_the_session_choose_session_opens_without_asking(scenario: str, qapp: QApplication) -> None:
    recent = RecentFiles()
    requested: Path | None = None
    if scenario != "first start":
        demo = make_demo()
        if scenario.startswith("named"):
            requested = demo if scenario == "named file" else demo.with_name("missing.yobigoe")
        else:
            recent.add(demo)  # as opening it does: the last session, no clean exit yet
            if scenario == "last, clean exit":
                recent.mark_clean_exit()
            if scenario == "last, file gone":
                recent.mark_clean_exit()
                demo.unlink()
    predicted = opens_at_once(requested, config_folder())
    prompts = Asked()
    chosen = choose_session(recent, prompts, "en", requested)
    if chosen is not None:
        chosen[0].close()
    asked_nothing = not prompts.asked
    assert (predicted is not None) == asked_nothing, (scenario, predicted, prompts.asked)
    if predicted is not None:
        assert chosen is not None and chosen[1] == predicted


#: Runs ``python -m app.main`` with the probe and prints, when PySide6 is first
#: imported, which of the engine's modules are already there.
AT_QT = """
import os, sys

WATCHED = ("pydantic", "engine.core.state", "engine.store.session_file", "engine.upland.ruleset",
           "engine.upland.command_types")
seen = []

def hook(event, args):
    if event == "import" and args[0] == "PySide6" and not seen:
        seen.append(True)
        print("AT_QT", *sorted(m for m in WATCHED if m in sys.modules), flush=True)

sys.addaudithook(hook)
import app.main
os._exit(app.main.main(["--lang", "en", "--startup-probe", *sys.argv[1:]]))
"""


def start_and_watch(tmp_path: Path, *, named: bool, clean_exit: bool) -> list[str]:
    env, session = demo_as_last_session(tmp_path, clean_exit=clean_exit)
    args = [str(session)] if named else []
    out = subprocess.run([sys.executable, "-c", AT_QT, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    lines = [line.split()[1:] for line in out.stdout.splitlines() if line.startswith("AT_QT")]
    assert lines, out.stdout + out.stderr
    assert "FIRST_PAINT" in out.stdout, out.stdout + out.stderr  # the board did show
    return lines[0]


@pytest.mark.parametrize("named", [True, False], ids=["named on the command line", "the last session"])
def test_a_session_opening_at_once_imports_the_engine_before_qt(tmp_path: Path, named: bool) -> None:
    loaded = start_and_watch(tmp_path, named=named, clean_exit=True)
    # the store, the state's models and the file's ruleset; its commands wait for the docks
    assert loaded == ["engine.core.state", "engine.store.session_file", "engine.upland.ruleset", "pydantic"]


def test_a_start_that_asks_first_imports_qt_before_the_engine(tmp_path: Path) -> None:
    # after a crash the prompt shows first: nothing of the engine before it
    assert start_and_watch(tmp_path, named=False, clean_exit=False) == []


@pytest.mark.parametrize("content", ["garbage", "foreign database", "unknown ruleset"])
def test_loading_the_engine_first_never_fails_on_a_file_the_store_will_refuse(tmp_path: Path, content: str) -> None:
    import sqlite3

    from app.main import load_engine

    path = tmp_path / "named.yobigoe"
    if content == "garbage":
        path.write_bytes(b"\x00not a session\xff" * 64)
    else:
        conn = sqlite3.connect(path)
        if content == "foreign database":
            conn.execute("CREATE TABLE notes (body TEXT)")
        else:
            conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
            conn.execute("INSERT INTO meta VALUES ('ruleset', 'no-such-ruleset')")
        conn.commit()
        conn.close()
    before = path.read_bytes()
    load_engine(path)  # the store's own open explains the file to the GM afterwards
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["named.yobigoe"]  # nothing made beside it
