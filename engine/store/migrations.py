"""Bringing files written in an older layout up to the current one.

A step rewrites a file from layout ``source`` to ``source + 1`` inside one
transaction.  Steps never run on the GM's file itself: the file is copied
(with its WAL, if a crash left one) into a private folder, migrated there,
validated like any file being opened, and only then put in place — the old
file is kept next to it as ``<name>.v<N>.bak``, because an older yobigoe
cannot open the migrated one.  If anything fails, the original is untouched.

Layout 1 is the first, so :data:`STEPS` is empty; the mechanism is exercised
by ``tests/engine/store/test_migration.py`` with a step registered by the test
against the committed version-1 fixture.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.errors import EngineError
from engine.store import database
from engine.store.format import current_version
from engine.store.placement import place_replacing, remove_quietly, sidecars, temp_near
from engine.store.reader import Contents, Outdated, inspect


@dataclass(frozen=True)
class Step:
    """Rewrites a file of layout ``source`` into layout ``source + 1``."""

    source: int
    run: Callable[[sqlite3.Connection], None]
    purpose: str


#: Steps by the layout version they read.
STEPS: dict[int, Step] = {}


def failed(detail: str) -> EngineError:
    return EngineError(
        "Could not update this session to the current format ({detail}); the file was left as it was.",
        detail=detail,
    )


def read_current(path: Path) -> Contents:
    """The contents of ``path`` in the current layout, migrating a private copy
    if needed; ``path`` itself is never written (``show`` uses this)."""
    found = inspect(path)
    if isinstance(found, Contents):
        return found
    with tempfile.TemporaryDirectory(prefix="yobigoe-migrate-") as folder:
        migrated = _migrated_copy(path, found.version, Path(folder))
        contents = inspect(migrated)
        if not isinstance(contents, Contents):
            raise failed("layout")
        contents.path = path
        return contents


def migrate(path: Path, version: int) -> Path:
    """Migrate ``path`` in place; return the backup of the old file."""
    with tempfile.TemporaryDirectory(prefix="yobigoe-migrate-") as folder:
        pre = _self_contained_copy(path, Path(folder) / "original.yobigoe")
        migrated = _migrated_copy(pre, version, Path(folder))
        try:
            checked = inspect(migrated)
        except EngineError as exc:
            raise failed(exc.source[:60]) from exc
        if isinstance(checked, Outdated):
            raise failed("layout")
        backup = _free_name(path.with_name(f"{path.name}.v{version}.bak"))
        staged_backup, staged = temp_near(backup), temp_near(path)
        try:
            shutil.copyfile(pre, staged_backup)
            staged_backup.replace(backup)
            shutil.copyfile(migrated, staged)
            place_replacing(staged, path)
        except OSError as exc:
            remove_quietly(staged_backup, staged)
            raise failed(type(exc).__name__) from exc
        return backup


def _free_name(path: Path) -> Path:
    candidate, number = path, 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{number}")
        number += 1
    return candidate


def _self_contained_copy(path: Path, copy: Path) -> Path:
    """``path`` and its WAL merged into one file at ``copy``."""
    try:
        shutil.copyfile(path, copy)
        wal = sidecars(path)[0]
        if wal.exists():
            shutil.copyfile(wal, sidecars(copy)[0])
        conn = sqlite3.connect(str(copy), isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            conn.close()
    except (OSError, sqlite3.Error) as exc:
        raise failed(type(exc).__name__) from exc
    return copy


def _migrated_copy(source: Path, version: int, folder: Path) -> Path:
    copy = _self_contained_copy(source, folder / "migrated.yobigoe")
    conn = sqlite3.connect(str(copy), isolation_level=None)
    try:
        for number in range(version, current_version()):
            step = STEPS.get(number)
            if step is None:
                raise failed(f"no step from format {number}")
            with database.transaction(conn):
                step.run(conn)
                conn.execute(f"PRAGMA user_version={number + 1}")
                database.put_meta(conn, "schema_version", str(number + 1))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except EngineError:
        raise
    except Exception as exc:  # a step is code run on old data: any failure must leave the file alone
        raise failed(type(exc).__name__) from exc
    finally:
        conn.close()
    return copy
