"""The last board's picture at start-up (app/preview.py): written on a
clean exit, shown only while it is still true, painted before the engine
loads, refusing every gesture visibly, and gone once the live window shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QRect, Qt, QTranslator
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from app import preview, start_files
from app.resources import i18n_dir

ROOT = Path(__file__).resolve().parents[2]


def run_app(tmp: Path) -> str:
    """One start of the real program (``--startup-probe``: it drags a card and quits cleanly)."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        YOBIGOE_DATA_DIR=str(tmp / "data"),
        YOBIGOE_CONFIG_DIR=str(tmp / "cfg"),
    )
    out = subprocess.run(
        [sys.executable, "-m", "app.main", "--startup-probe", "--lang", "en"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def closed_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Folders after one clean run of the program (the demo created, then closed)."""
    tmp = tmp_path_factory.mktemp("preview")
    run_app(tmp)
    return tmp


def test_the_sidecar_written_at_a_clean_exit_matches_the_closed_file(closed_once: Path, qtbot: QtBot) -> None:
    cfg = closed_once / "cfg"
    sidecar = json.loads((cfg / preview.SIDECAR).read_text(encoding="utf-8"))
    recent = json.loads((cfg / start_files.RECENT).read_text(encoding="utf-8"))
    session = Path(sidecar["session"])
    assert session == Path(recent["last"]) and session.parent == closed_once / "data"
    assert sidecar["stamp"] == preview.file_stamp(session)
    assert sidecar["stamp"]["file"]["size"] == session.stat().st_size
    assert not QPixmap(str(cfg / preview.PICTURE)).isNull()
    assert preview.matching_last_board(None, cfg) is not None


def test_the_picture_paints_before_pydantic_or_the_engine_is_imported(closed_once: Path) -> None:
    out = run_app(closed_once)
    lines = [line.split() for line in out.splitlines() if line.startswith(("PICTURE_PAINT", "FIRST_PAINT"))]
    assert [parts[0] for parts in lines] == ["PICTURE_PAINT", "FIRST_PAINT"]
    assert lines[0][2] == "heavy=-"  # none of pydantic, engine, app.mainwindow in sys.modules
    assert float(lines[0][1]) < float(lines[1][1])
    assert lines[1][2] == "windows=1"  # the live window alone: the picture closed when it showed


def test_a_session_file_changed_since_shows_no_picture(closed_once: Path) -> None:
    cfg = closed_once / "cfg"
    run_app(closed_once)  # a clean run: the sidecar matches again
    session = Path(json.loads((cfg / preview.SIDECAR).read_text(encoding="utf-8"))["session"])
    assert preview.matching_last_board(None, cfg) is not None
    st = session.stat()
    os.utime(session, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # touched by something else
    assert preview.matching_last_board(None, cfg) is None
    out = run_app(closed_once)
    assert "PICTURE_PAINT" not in out and "FIRST_PAINT" in out


def _sidecar(tmp_path: Path, *, clean_exit: bool = True) -> tuple[Path, Path]:
    """A config folder whose picture matches ``session`` (a stand-in file)."""
    cfg, session = tmp_path / "config", tmp_path / "data" / "s.yobigoe"
    session.parent.mkdir(parents=True)
    session.write_bytes(b"x" * 100)
    pixmap = QPixmap(400, 300)
    pixmap.fill(QColor("darkgreen"))
    preview.save_last_board(pixmap, session, QRect(20, 30, 400, 300), maximized=False, lang="en", folder=cfg)
    (cfg / start_files.RECENT).write_text(
        json.dumps({"last": str(session), "clean_exit": clean_exit}), encoding="utf-8"
    )
    return cfg, session


def test_appended_file_another_file_or_a_crash_show_no_picture(tmp_path: Path, qtbot: QtBot) -> None:
    cfg, session = _sidecar(tmp_path)
    assert preview.matching_last_board(None, cfg) is not None
    assert preview.matching_last_board(session, cfg) is not None  # the same file named on the command line
    assert preview.matching_last_board(tmp_path / "other.yobigoe", cfg) is None
    with session.open("ab") as f:
        f.write(b"y")
    assert preview.matching_last_board(None, cfg) is None
    cfg2, _ = _sidecar(tmp_path / "crashed", clean_exit=False)  # the crash prompt comes first
    assert preview.matching_last_board(None, cfg2) is None


def test_a_click_or_key_on_the_picture_says_still_loading_and_changes_nothing(tmp_path: Path, qtbot: QtBot) -> None:
    cfg, session = _sidecar(tmp_path)
    before = preview.file_stamp(session)
    app = QCoreApplication.instance()
    picture = preview.show_last_board(app, None, "en")  # type: ignore[arg-type]
    assert picture is not None and picture.isVisible()
    qtbot.addWidget(picture)
    assert picture.windowTitle() == "s — loading"
    assert picture.cursor().shape() == Qt.CursorShape.BusyCursor
    assert not picture.status.isVisible()
    qtbot.mouseClick(picture, Qt.MouseButton.LeftButton, pos=picture.rect().center())
    assert picture.status.isVisible() and picture.status.text() == "Still loading — one moment"
    qtbot.keyClick(picture, Qt.Key.Key_Space)
    assert picture.refused == 2
    assert preview.file_stamp(session) == before and picture.isVisible()


def test_the_picture_is_gone_once_the_live_window_shows(tmp_path: Path, qtbot: QtBot) -> None:
    _sidecar(tmp_path)
    app = QCoreApplication.instance()
    picture = preview.show_last_board(app, None, "en")  # type: ignore[arg-type]
    assert picture is not None and picture.isVisible()
    qtbot.addWidget(picture)
    assert picture.geometry().size() == QRect(20, 30, 400, 300).size()
    live = QMainWindow()
    qtbot.addWidget(live)
    live.show()
    assert not picture.isVisible()


def test_the_loading_texts_have_japanese_translations() -> None:
    translator = QTranslator()
    assert translator.load("preview_ja", str(i18n_dir()))
    assert (
        translator.translate("LoadingPicture", "Still loading — one moment")
        == "まだ読み込み中です — 少しお待ちください"
    )
    assert translator.translate("LoadingPicture", "{name} — loading") == "{name} — 読み込み中"


def test_the_picture_path_reads_the_engines_file_names() -> None:
    from engine.store.paths import CONFIG_ENV
    from engine.store.recent import FILE_NAME

    assert (start_files.RECENT, start_files.CONFIG_ENV) == (FILE_NAME, CONFIG_ENV)
