"""Durable session files (DESIGN.md, "Persistence"; docs/persistence.md).

A session is one SQLite file: a header, the initial state, the journal of
commands with their events, and snapshots.  ``SessionFile`` attaches a journal
to the engine's ``Session`` so every dispatch, undo and redo is on disk before
it returns; opening validates the file without writing to it first.

The names below are imported on first use, so a module of this package that
needs no model (``engine.store.head`` for the command line's ``show``) does not
pay for the session, its state models and its rulesets.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.store.paths import autosave_path, config_folder, default_folder
    from engine.store.recent import RecentFiles
    from engine.store.session_file import SessionFile

__all__ = ["SessionFile", "RecentFiles", "autosave_path", "config_folder", "default_folder"]

_HOMES = {
    "SessionFile": "engine.store.session_file",
    "RecentFiles": "engine.store.recent",
    "autosave_path": "engine.store.paths",
    "config_folder": "engine.store.paths",
    "default_folder": "engine.store.paths",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
