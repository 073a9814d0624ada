"""The recent-sessions list, crash detection, and the folders sessions go to."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from engine.store import (
    RecentFiles,
    SessionFile,
    autosave_path,
    config_folder,
    default_folder,
)
from engine.table.commands import NewSession


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YOBIGOE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YOBIGOE_CONFIG_DIR", str(tmp_path / "config"))


def session_at(path: Path) -> Path:
    SessionFile.create(path, NewSession()).close()
    return path


def test_recent_sessions_come_most_recent_first_without_duplicates(tmp_path: Path) -> None:
    a, b, c = (session_at(tmp_path / f"{n}.yobigoe") for n in "abc")
    recent = RecentFiles()
    for path in (a, b, c, a):
        recent.add(path)
    assert RecentFiles().load() == [a, c, b]  # stored, not just in this object
    recent.remove(c)
    assert recent.load() == [a, b]
    assert (tmp_path / "config" / "recent.json").exists()


def test_the_list_is_capped_and_hides_files_that_are_gone(tmp_path: Path) -> None:
    recent = RecentFiles(limit=3)
    paths = [session_at(tmp_path / f"s{n}.yobigoe") for n in range(5)]
    for path in paths:
        recent.add(path)
    assert recent.load() == [paths[4], paths[3], paths[2]]
    paths[3].unlink()
    assert recent.load() == [paths[4], paths[2]]


def test_after_a_crash_the_last_session_is_known_and_the_exit_was_not_clean(tmp_path: Path) -> None:
    recent = RecentFiles()
    assert recent.was_clean_exit() and recent.last_session() is None  # first start
    path = session_at(tmp_path / "tonight.yobigoe")
    recent.add(path)
    assert not RecentFiles().was_clean_exit()  # the program "died" here
    assert RecentFiles().last_session() == path
    RecentFiles().mark_clean_exit()
    assert RecentFiles().was_clean_exit() and RecentFiles().last_session() == path


def test_a_damaged_settings_file_does_not_stop_the_program(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "recent.json").write_text("{not json", encoding="utf-8")
    recent = RecentFiles()
    assert recent.load() == [] and recent.was_clean_exit()
    path = session_at(tmp_path / "x.yobigoe")
    recent.add(path)
    assert recent.load() == [path]


def test_folders_follow_the_environment_overrides(tmp_path: Path) -> None:
    assert default_folder() == tmp_path / "data" and default_folder().is_dir()
    assert config_folder() == tmp_path / "config" and config_folder().is_dir()


def test_without_overrides_sessions_go_to_the_platform_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("YOBIGOE_DATA_DIR")
    asked: list[str] = []

    def user_data_dir(name: str, appauthor: object = None) -> str:
        asked.append(name)
        return str(tmp_path / "platform" / name)

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert default_folder() == tmp_path / "platform" / "yobigoe" and asked == ["yobigoe"]


def test_autosave_names_are_fresh_and_readable(tmp_path: Path) -> None:
    when = datetime(2025, 3, 14, 21, 5, 9)
    first = autosave_path(when)
    assert first == tmp_path / "data" / "session-2025-03-14_21-05-09.yobigoe"
    session_at(first)
    second = autosave_path(when)
    assert second != first and second.name == "session-2025-03-14_21-05-09-2.yobigoe"
