"""Files a killed program leaves behind, and cleaning them at the next start.

Writers put a whole file together under a hidden temporary name beside its
target (``.NAME.PID.XXXXXXXX.tmp``, see placement) and validation of a
crash-left file works on a private copy in the temp folder
(``yobigoe-check-PID-…``).  A kill -9 in the middle leaves them there — 16 of
200 killed exports/imports, and a full copy of the session (up to 417 MB) for
each killed validation.  Both names carry the writer's process id,
so the next program to write in that folder, validate a file or start the GUI
removes those whose process is gone, and never a file another program is
still writing.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

CHECK_PREFIX: Final = "yobigoe-check-"
_TEMP_FILE: Final = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}\.tmp(-wal|-shm|-journal)?$")
_CHECK_FOLDER: Final = re.compile(r"^" + re.escape(CHECK_PREFIX) + r"(\d+)-")


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a reused id only delays the cleaning)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # no cheap check: leave it (Windows deletes open files lazily anyway)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def sweep_temp_files(folder: Path) -> list[Path]:
    """Remove the hidden temporary files of dead writers in ``folder``."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        found = _TEMP_FILE.match(entry.name)
        if found is None or alive(int(found.group(1))):
            continue
        try:
            entry.unlink()
            removed.append(entry)
        except OSError:
            pass
    return removed


def sweep_check_folders(root: Path | None = None) -> list[Path]:
    """Remove the private validation copies of dead programs."""
    base = Path(root or tempfile.gettempdir())
    removed: list[Path] = []
    try:
        entries = list(base.iterdir())
    except OSError:
        return removed
    for entry in entries:
        found = _CHECK_FOLDER.match(entry.name)
        if found is None or alive(int(found.group(1))) or not entry.is_dir():
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


@contextmanager
def check_folder() -> Iterator[Path]:
    """A private temp folder for validating a crash-left file, removed after
    use — and by the next program if this one is killed meanwhile."""
    sweep_check_folders()
    folder = Path(tempfile.mkdtemp(prefix=f"{CHECK_PREFIX}{os.getpid()}-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
