"""Putting a finished file in place atomically.

New files (a new session, Save as, an import, a migrated copy) are written
under a temporary name in the destination folder and renamed when complete,
so a crash or a full disk never leaves a half-written file under the GM's
chosen name.

SQLite keeps ``-wal`` and ``-shm`` files next to a database.  A leftover
``-wal`` belongs to the file it was written for: if a new file took that name
the old WAL would be replayed into it, so placement removes sidecars that no
longer have their database (or whose database is being replaced).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def temp_near(target: Path) -> Path:
    """A hidden, unique name in ``target``'s folder (same filesystem: rename is
    atomic).  It carries the process id, so the leftovers of a killed writer are
    recognised and removed here, by the next writer in the folder."""
    from engine.store.leftovers import sweep_temp_files

    sweep_temp_files(target.parent)
    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def ack_mark(path: Path) -> Path:
    """The acknowledged-commit mark beside a session (engine.store.acknowledged)."""
    return path.with_name(path.name + "-ack")


def remove_quietly(*paths: Path) -> None:
    """Clean up after a failure without hiding the failure itself."""
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


def remove_orphan_sidecars(path: Path) -> None:
    if not path.exists():
        for sidecar in (*sidecars(path), ack_mark(path)):
            sidecar.unlink(missing_ok=True)


def fsync_folder(folder: Path) -> None:
    """Make a rename survive a power cut (POSIX; Windows has no folder handles)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def place_new(temp: Path, target: Path) -> None:
    """Rename ``temp`` to ``target``; FileExistsError if ``target`` exists.

    ``os.rename`` overwrites on POSIX, so a hard link is the atomic
    no-overwrite rename there; filesystems without hard links (FAT, some
    network shares) fall back to check-then-rename.
    """
    if os.name == "nt":
        os.rename(temp, target)
    else:
        try:
            os.link(temp, target)
        except FileExistsError:
            raise
        except OSError:
            if target.exists():
                raise FileExistsError(str(target)) from None
            os.replace(temp, target)
        else:
            os.unlink(temp)
    fsync_folder(target.parent)


def place_replacing(temp: Path, target: Path) -> None:
    """Rename ``temp`` over ``target`` (the GUI asked the GM before replacing)."""
    for sidecar in (*sidecars(target), ack_mark(target)):
        sidecar.unlink(missing_ok=True)
    os.replace(temp, target)
    fsync_folder(target.parent)
