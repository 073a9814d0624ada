"""What start-up reads before Qt and before the engine: the last board's
sidecar and the recent-sessions list, as plain JSON in the config folder.

Two decisions are taken from them before anything heavy is imported:

* whether the last board's picture may show (:func:`matching_sidecar`, which
  :mod:`app.preview` turns into the picture), and
* whether the session opens at once, without a question
  (:func:`opens_at_once`): then :mod:`app.main` imports the engine before Qt.
  PySide6 replaces ``__import__`` with a hook that reads the source of every
  module imported after it (to look for ``from __feature__ import``), so the
  engine's and pydantic's hundred-odd modules cost less before it: 20–30 ms of
  the first paint, measured in ``benchmarks/RESULTS.md``.

This module imports only the standard library and ``platformdirs``.  It reads
``recent.json`` itself (``engine.store.recent`` owns it) and finds the config
folder the way ``engine.store.paths`` does; a test keeps the names equal and
one keeps :func:`opens_at_once` in step with ``app.main.choose_session``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

SIDECAR = "last-board.json"
PICTURE = "last-board.png"
RECENT = "recent.json"  # engine.store.recent.FILE_NAME (a test keeps them equal)
CONFIG_ENV = "YOBIGOE_CONFIG_DIR"  # engine.store.paths.CONFIG_ENV


def config_folder() -> Path:
    """The settings folder, as ``engine.store.paths.config_folder`` finds it (not created here)."""
    return Path(os.environ.get(CONFIG_ENV) or platformdirs.user_config_dir("yobigoe", appauthor=False)).expanduser()


def file_stamp(path: Path) -> dict[str, Any]:
    """What tells a changed session file: its size and mtime_ns, and its ``-wal``'s if one exists."""
    stamp: dict[str, Any] = {}
    for key, target in (("file", path), ("wal", path.with_name(path.name + "-wal"))):
        try:
            st = target.stat()
        except OSError:
            stamp[key] = None
            continue
        stamp[key] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns}
    return stamp


def read_json(path: Path) -> dict[str, Any]:
    """A JSON object from ``path``; {} when it is missing, unreadable or not an object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def matching_sidecar(requested: Path | None, folder: Path | None = None) -> dict[str, Any] | None:
    """The picture's sidecar when the picture shows exactly what is about to open
    (the last session, after a clean exit, no other file asked for, its stamps
    unchanged, the picture there), else None."""
    source = folder if folder is not None else config_folder()
    data = read_json(source / SIDECAR)
    recent = read_json(source / RECENT)
    session = data.get("session")
    geometry = data.get("geometry")
    if not isinstance(session, str) or not (isinstance(geometry, list) and len(geometry) == 4):
        return None
    if recent.get("last") != session or recent.get("clean_exit", True) is False:
        return None  # another session opens, or a crash prompt comes first
    path = Path(session)
    if requested is not None and Path(requested).absolute() != path:
        return None
    if data.get("stamp") != file_stamp(path) or (data.get("stamp") or {}).get("file") is None:
        return None
    if not (source / PICTURE).is_file():
        return None
    return data


def opens_at_once(requested: Path | None, folder: Path | None = None) -> Path | None:
    """The session start-up opens without asking first (``app.main.choose_session``):
    the file named on the command line, else the last session after a clean exit,
    when its file is there; None when a question comes first (the crash prompt, the
    start page).  A file that then fails to open leads to the start page as before."""
    if requested is not None:
        return requested if Path(requested).is_file() else None
    recent = read_json((folder if folder is not None else config_folder()) / RECENT)
    last = recent.get("last")
    if not isinstance(last, str) or not last or recent.get("clean_exit", True) is False:
        return None
    return Path(last) if Path(last).is_file() else None


__all__ = [
    "CONFIG_ENV",
    "PICTURE",
    "RECENT",
    "SIDECAR",
    "config_folder",
    "file_stamp",
    "matching_sidecar",
    "opens_at_once",
    "read_json",
]
