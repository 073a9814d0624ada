"""Session files an earlier engine wrote (``tests/engine/fixtures``), beside what
that engine recorded of them (``STEM.expected.json``): an old file must open into
the very state and commands it held when it was written."""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping
from pathlib import Path

from engine.core.session import Session
from engine.core.state import State

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def expected(stem: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((FIXTURES / f"{stem}.expected.json").read_text(encoding="utf-8"))
    return data


def recorded_copy(stem: str, tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A copy of the fixture ``stem`` to open (the fixture itself stays as it was), and its record."""
    path = tmp_path / "old.yobigoe"
    shutil.copyfile(FIXTURES / f"{stem}.yobigoe", path)
    return path, expected(stem)


def assert_opened_as_recorded(session: Session, want: Mapping[str, object]) -> None:
    """The recorded state, and the recorded commands on the undo line in their order."""
    assert session.state == State.model_validate(want["state"])
    assert [[entry.seq, entry.command.type] for entry in session.done] == want["done"]
