"""Importing a JSON export from the GUI: a progress dialog that moves through
reading, re-running and writing, and a Cancel that leaves nothing behind (no
session file, no temporary file, the recent list and the open session as they
were)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs import import_progress
from app.dialogs.import_progress import ImportProgress, import_with_progress
from app.sessions import SessionController
from engine.store import RecentFiles, SessionFile, database, progress
from engine.store.progress import Cancelled
from engine.table.commands import NewSession

ROWS = 300


@pytest.fixture
def export(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An export of ~300 journal rows (deals, rolls, moves, an undo and a redo)."""
    monkeypatch.setattr(database, "SYNCHRONOUS", "OFF")  # only to build the fixture quickly
    source = tmp_path / "evening.yobigoe"
    with SessionFile.create(source, NewSession(ruleset="upland", seed=9)) as sf:
        squares = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
        for number in range(ROWS - 1):
            if number % 3 == 0:
                if number < 120:
                    sf.session.dispatch({"type": "deal_card", "square": squares[number % 25], "face_up": True})
                else:
                    sf.session.dispatch({"type": "add_note", "text": f"note {number}"})
            elif number % 3 == 1:
                sf.session.dispatch({"type": "roll", "command": "2D6"})
            else:
                sf.session.dispatch({"type": "move_party", "square": squares[(number * 7) % 25]})
        sf.session.undo()
        sf.session.redo()
        target = tmp_path / "evening.json"
        sf.export_json(target)
    monkeypatch.setattr(database, "SYNCHRONOUS", "FULL")
    return target


class Watched(ImportProgress):
    """The production dialog, recording what the GM would see at each step,
    and pressing Cancel once the bar passes ``cancel_at`` (per mille)."""

    made: list[Watched] = []
    cancel_at: int | None = None

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        Watched.made.append(self)
        self.seen: list[tuple[int, bool, str]] = []
        self.stepped.connect(self._watch)

    def _watch(self, value: int) -> None:
        self.seen.append((value, self.isVisible(), self.labelText()))
        if Watched.cancel_at is not None and value >= Watched.cancel_at and not self.wasCanceled():
            button = self.findChild(QPushButton)
            assert button is not None and button.isVisible()
            QtBot.mouseClick(button, Qt.MouseButton.LeftButton)  # the GM presses Cancel


@pytest.fixture
def controller(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> SessionController:
    monkeypatch.setattr(progress, "EVERY", 16)  # several steps per stage for 300 rows
    monkeypatch.setattr(import_progress, "SHOW_AFTER_MS", 0)  # shown at once, as after a second
    monkeypatch.setattr(import_progress, "ImportProgress", Watched)
    Watched.made = []
    Watched.cancel_at = None
    bridge = SessionBridge(None, lang="en")  # type: ignore[arg-type]
    sessions = SessionController(bridge, RecentFiles())
    sessions.new(NewSession(ruleset="upland", seed=1))  # the session open before the import
    yield sessions  # type: ignore[misc]
    sessions.close(discard_pending=True)


def test_the_dialog_moves_through_every_stage_and_the_session_opens(
    qtbot: QtBot, controller: SessionController, export: Path, tmp_path: Path
) -> None:
    target = tmp_path / "restored" / "evening.yobigoe"
    target.parent.mkdir()
    before = SessionFile.open(export.with_suffix(".yobigoe"))
    expected = before.session.state
    before.close()

    assert import_with_progress(controller, export, None, target) == target

    (dialog,) = Watched.made
    values = [value for value, _, _ in dialog.seen]
    assert values == sorted(values) and values[-1] == import_progress.STEPS  # forwards, to the end
    assert len(values) >= 2 * (ROWS // 16)  # a step every 16 rows read, re-run (rolls are off the line) and written
    assert all(visible for _, visible, _ in dialog.seen)
    labels = "\n".join(label for _, _, label in dialog.seen)
    for stage in ("Reading command", "Re-running command", "Writing command"):
        assert stage in labels
    assert f"of {ROWS:,}" in labels
    assert not dialog.isVisible()  # closed when done
    assert controller.path == target and controller.recent_files()[0] == target
    assert controller.bridge.state == expected


@pytest.mark.parametrize("stage, cancel_at", [("reading", 100), ("re-running", 500), ("writing", 900)])
def test_cancel_leaves_nothing_behind(
    qtbot: QtBot, controller: SessionController, export: Path, tmp_path: Path, stage: str, cancel_at: int
) -> None:
    folder = tmp_path / "restored"
    folder.mkdir()
    target = folder / "evening.yobigoe"
    open_before = controller.path
    state_before = controller.bridge.state
    recent_before = controller.recent_files()
    Watched.cancel_at = cancel_at

    with pytest.raises(Cancelled) as raised:
        import_with_progress(controller, export, None, target)

    assert raised.value.text("en") == "The import was cancelled; nothing was written."
    (dialog,) = Watched.made
    assert dialog.wasCanceled() and not dialog.isVisible()
    assert stage.capitalize() in dialog.seen[-1][2]  # it stopped in that stage
    assert dialog.seen[-1][0] < import_progress.STEPS
    assert list(folder.iterdir()) == []  # no session file, no temporary file, no -wal
    assert controller.recent_files() == recent_before
    assert controller.path == open_before and controller.bridge.state == state_before


def test_a_quick_import_shows_no_dialog(
    qtbot: QtBot, controller: SessionController, export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a second nothing flashes up (the dialog waits SHOW_AFTER_MS)."""
    monkeypatch.setattr(import_progress, "SHOW_AFTER_MS", 60_000)
    target = tmp_path / "quick.yobigoe"
    import_with_progress(controller, export, None, target)
    (dialog,) = Watched.made
    assert dialog.seen and not any(visible for _, visible, _ in dialog.seen)
    assert controller.path == target


def test_a_large_document_shows_the_dialog_before_it_is_parsed(
    qtbot: QtBot, controller: SessionController, export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parsing a season's backup holds the thread before any row is counted: the GM
    sees the dialog, saying the document is being read, before the parse starts."""
    monkeypatch.setattr(import_progress, "SHOW_AFTER_MS", 60_000)  # the timer alone would not show it
    monkeypatch.setattr(import_progress, "BIG_DOCUMENT", export.stat().st_size)  # this one counts as large
    seen_at_start: list[tuple[bool, str]] = []
    real_import = controller.import_json

    def import_json(*args: object, **kwargs: object) -> Path:
        (dialog,) = Watched.made
        seen_at_start.append((dialog.isVisible(), dialog.labelText()))
        return real_import(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(controller, "import_json", import_json)
    import_with_progress(controller, export, None, tmp_path / "large.yobigoe")
    assert seen_at_start == [(True, "Importing evening.json\nReading the document…")]
