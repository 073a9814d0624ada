"""Turn what the operating system and SQLite say into messages a GM understands.

A full disk, a read-only folder or a pulled USB stick all arrive as
``sqlite3.OperationalError`` or ``OSError`` with a code.  The GUI must show one
clear, translated sentence and keep the game running, so every write path in
``engine.store`` funnels its failures through here and raises
:class:`EngineError` only.
"""

from __future__ import annotations

import errno
import sqlite3
from typing import Literal

from engine.errors import EngineError

Action = Literal["save", "export"]

_FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_READONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


def _kind(exc: BaseException) -> str:
    """``full``, ``readonly``, ``busy`` or ``other``."""
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_FULL"):
            return "full"
        if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
            return "readonly"
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return "busy"
        return "other"
    if isinstance(exc, OSError):
        if exc.errno in _FULL_ERRNOS:
            return "full"
        if exc.errno in _READONLY_ERRNOS or isinstance(exc, PermissionError):
            return "readonly"
        return "other"
    return "other"


def _detail(exc: BaseException) -> str:
    """A short technical token (an error code), the same in every language."""
    if isinstance(exc, sqlite3.Error):
        return getattr(exc, "sqlite_errorname", None) or type(exc).__name__
    if isinstance(exc, OSError) and exc.errno is not None:
        return errno.errorcode.get(exc.errno, str(exc.errno))
    return type(exc).__name__


def write_error(exc: BaseException, action: Action = "save") -> EngineError:
    """The message for a failed write (saving a command, a new file, an export)."""
    kind = _kind(exc)
    if action == "export":
        if kind == "full":
            return EngineError("Could not write the export: the disk is full.")
        if kind == "readonly":
            return EngineError("Could not write the export: the folder is read-only.")
        return EngineError("Could not write the export ({detail}).", detail=_detail(exc))
    if kind == "full":
        return EngineError("Could not save the session: the disk is full.")
    if kind == "readonly":
        return EngineError("Could not save the session: the folder is read-only.")
    if kind == "busy":
        return EngineError("Could not save the session: another program is using the file.")
    return EngineError("Could not save the session: the disk reported an error ({detail}).", detail=_detail(exc))


def read_error(exc: BaseException) -> EngineError:
    """The message for a file that exists but cannot be read at all."""
    if isinstance(exc, PermissionError) or _kind(exc) == "readonly":
        return EngineError("The session file could not be read: permission denied.")
    if _kind(exc) == "busy":
        return in_use()
    return EngineError("The session file could not be read ({detail}).", detail=_detail(exc))


def in_use() -> EngineError:
    return EngineError("This session is open in another window or program.")


def damaged_structure() -> EngineError:
    return EngineError("The session file is damaged (the database structure is broken).")
