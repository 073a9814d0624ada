"""Durable session files (DESIGN.md, "Persistence"; docs/persistence.md).

A session is one SQLite file: a header, the initial state, the journal of
commands with their events, and snapshots.  ``SessionFile`` attaches a journal
to the engine's ``Session`` so every dispatch, undo and redo is on disk before
it returns; opening validates the file without writing to it first.
"""

from engine.store.paths import autosave_path, config_folder, default_folder
from engine.store.recent import RecentFiles
from engine.store.session_file import SessionFile

__all__ = ["SessionFile", "RecentFiles", "autosave_path", "config_folder", "default_folder"]
