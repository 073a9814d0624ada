"""The recent-sessions list and the "did the last run end cleanly?" flag.

One small JSON file in the config folder.  Opening a session marks the run as
unfinished; the GUI marks a clean exit when it quits.  If the next start finds
the run unfinished, the program (or the machine) died with a session open, and
the GUI offers to reopen :meth:`RecentFiles.last_session` — which has lost
nothing, since every command was on disk before it was shown.

Settings are not precious: an unreadable file counts as an empty list rather
than stopping the program from starting.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.store.paths import config_folder
from engine.store.placement import remove_quietly, temp_near

FILE_NAME = "recent.json"
LIMIT = 20


class RecentFiles:
    """Recently used session files, most recent first."""

    def __init__(self, folder: Path | None = None, limit: int = LIMIT) -> None:
        self._folder = folder
        self.limit = limit

    @property
    def file(self) -> Path:
        return (self._folder if self._folder is not None else config_folder()) / FILE_NAME

    # -- the list -------------------------------------------------------------
    def load(self) -> list[Path]:
        """Recent files that still exist (a missing one may come back with its drive,
        so it is hidden, not forgotten)."""
        return [path for path in self._entries() if path.exists()]

    def add(self, path: Path) -> None:
        """Put ``path`` first; it is now the open session, not yet cleanly closed."""
        target = Path(path).absolute()
        entries = [target] + [p for p in self._entries() if p != target]
        data = self._read()
        data.update(files=[str(p) for p in entries[: self.limit]], last=str(target), clean_exit=False)
        self._write(data)

    def remove(self, path: Path) -> None:
        target = Path(path).absolute()
        data = self._read()
        data["files"] = [str(p) for p in self._entries() if p != target]
        if data.get("last") == str(target):
            data["last"] = None
        self._write(data)

    # -- crash detection ----------------------------------------------------
    def last_session(self) -> Path | None:
        last = self._read().get("last")
        return Path(last) if isinstance(last, str) and last else None

    def mark_clean_exit(self) -> None:
        data = self._read()
        data["clean_exit"] = True
        self._write(data)

    def was_clean_exit(self) -> bool:
        """False when a session was opened and the program never said goodbye."""
        return self._read().get("clean_exit", True) is not False

    # -- storage --------------------------------------------------------------
    def _entries(self) -> list[Path]:
        files = self._read().get("files", [])
        return [Path(p) for p in files if isinstance(p, str)] if isinstance(files, list) else []

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError, EngineError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        """Atomically, so a crash while quitting cannot leave half a settings file."""
        try:
            target = self.file
        except EngineError:
            return  # no usable config folder: the game goes on without a recent list
        temp = temp_near(target)
        try:
            temp.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
            os.replace(temp, target)
        except OSError:
            remove_quietly(temp)  # a read-only config folder must not stop the game
