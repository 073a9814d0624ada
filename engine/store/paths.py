"""Where sessions and settings live.

Sessions go to the platform's user data folder (``platformdirs``):
``~/.local/share/yobigoe`` on Linux, ``~/Library/Application Support/yobigoe``
on macOS, ``%LOCALAPPDATA%\\yobigoe`` on Windows.  Settings (the recent list)
go to the user config folder.  ``YOBIGOE_DATA_DIR`` and ``YOBIGOE_CONFIG_DIR``
override both, so tests, screenshots and portable installs never touch the
GM's real folders.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

from engine.errors import EngineError
from engine.store.format import SUFFIX

APP_NAME = "yobigoe"
DATA_ENV = "YOBIGOE_DATA_DIR"
CONFIG_ENV = "YOBIGOE_CONFIG_DIR"


def _folder(env: str, default: str) -> Path:
    folder = Path(os.environ.get(env) or default).expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EngineError(
            "The folder {path} cannot be used ({detail}).", path=str(folder), detail=type(exc).__name__
        ) from exc
    return folder


def default_folder() -> Path:
    """The folder for sessions, created on demand."""
    return _folder(DATA_ENV, platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_folder() -> Path:
    """The folder for settings such as the recent-sessions list."""
    return _folder(CONFIG_ENV, platformdirs.user_config_dir(APP_NAME, appauthor=False))


def autosave_path(now: datetime | None = None) -> Path:
    """A fresh name for a session the GM has not named: it is saved from its
    first command like any other, so an unnamed evening is never lost."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    folder = default_folder()
    path = folder / f"session-{stamp}{SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"session-{stamp}-{number}{SUFFIX}"
        number += 1
    return path
