"""The main window finds a ruleset's parts through the table in ``app.rulesets``:
a toy entry registered from the tests alone gets its dock
and its Procedure-menu entry for a session of its ruleset, and loses them when
New replaces the session with one of another ruleset; the Upland's own parts
come and go the same way.

The toy entry belongs to the engine's toy ruleset (``tests/toy_ruleset.py``,
registered for one test by the ``toy_ruleset`` fixture): its dock shows the
step its flow stands at and a button that dispatches its one command, so the
toy runs through ``Session``, its step table and the main window with no edit
to the core or to ``app/``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.i18n import Translations
from app.mainwindow import MainWindow
from app.rulesets import DockPart, MenuEntry, RulesetParts, parts_for, register_parts
from app.sessions import SessionController
from app.window.ruleset_docks import RulesetDocks
from engine.store import RecentFiles, SessionFile
from engine.table.commands import NewSession
from tests.app.test_sessions_gui import Answers

TOY_RULESET = "toy"


class ToyPanel(QWidget):
    """The toy's dock: the step its flow stands at, and its one command."""

    def __init__(self, bridge: SessionBridge) -> None:
        super().__init__()
        from engine.rulesets import registry
        from tests.toy_ruleset import Count

        self.setObjectName("toy-panel")
        self._bridge = bridge
        self._flow = registry.flow(bridge.state.ruleset)
        self.step = QLabel()
        self.step.setObjectName("toy-step")
        self.button = QPushButton("Count")
        self.button.clicked.connect(lambda: bridge.dispatch(Count()))
        layout = QVBoxLayout(self)
        layout.addWidget(self.step)
        layout.addWidget(self.button)
        bridge.applied.connect(lambda _outcome: self.sync_from_state())
        self.sync_from_state()

    def sync_from_state(self) -> None:
        if self._bridge.state.ruleset != TOY_RULESET:
            return  # the session was replaced; this panel is on its way out
        assert self._flow is not None
        step = self._flow.current(self._bridge.state)
        self.step.setText(f"{step.id}: {step.tells(None, 'en') if step.tells else ''}")
        self.button.setEnabled(not step.ends)


@pytest.fixture
def toy_parts(toy_ruleset: object) -> Iterator[list[str]]:
    """A toy ruleset entry: one dock (its step and its command) and one menu entry; it
    plays without the card table."""
    ran: list[str] = []

    def build(bridge: SessionBridge) -> QWidget:
        return ToyPanel(bridge)

    def run(docks: RulesetDocks, bridge: SessionBridge) -> None:
        ran.append(bridge.state.ruleset)

    before = parts_for(TOY_RULESET)
    register_parts(
        TOY_RULESET,
        RulesetParts(
            docks=(DockPart(name="toy", title=lambda: "Toy dock", build=build),),
            menu_entries=(MenuEntry(name="toy-poke", text=lambda: "Poke the toy", run=run),),
        ),
    )
    yield ran
    register_parts(TOY_RULESET, before)


def window_for(qtbot: QtBot, tmp_path: Path, ruleset: str) -> MainWindow:
    session_file = SessionFile.create(tmp_path / "first.yobigoe", NewSession(ruleset=ruleset, seed=3))
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file)
    window = MainWindow(bridge, sessions, prompts=Answers())
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def dock_names(window: MainWindow) -> set[str]:
    return set(window.ruleset_docks.docks)


def test_a_toy_entry_shows_its_dock_for_its_ruleset_and_goes_with_it(
    qtbot: QtBot, tmp_path: Path, toy_parts: list[str]
) -> None:
    window = window_for(qtbot, tmp_path, "upland")
    assert dock_names(window) == {"stepper"} and window.stepper is not None
    assert window.ruleset_docks.action("start") is not None and window.ruleset_docks.action("toy-poke") is None

    answers: Answers = window.prompts  # type: ignore[assignment]
    answers.new_command = NewSession(ruleset=TOY_RULESET, seed=4)
    window.new_action.trigger()
    assert window.bridge.state.ruleset == TOY_RULESET
    # the toy's dock is there, titled, visible, in the View menu, with a panel for this session
    dock = window.ruleset_docks.dock("toy")
    assert dock is not None and dock.isVisible() and dock.windowTitle() == "Toy dock"
    assert dock.toggleViewAction() in window.view_menu.actions()
    panel = dock.widget()
    assert isinstance(panel, ToyPanel) and panel.step.text() == "toy.count: count up"
    # the Upland's procedure dock, its menu entry and its step highlight are gone
    assert dock_names(window) == {"toy"} and window.stepper is None and window.stepper_dock is None
    assert window.ruleset_docks.action("start") is None
    old = window.findChild(QDockWidget, "dock-stepper")
    assert old is None or not old.isVisible()
    assert not window.resolve_action.isEnabled() and window.board_scene.step_focus() == {}
    poke = window.ruleset_docks.action("toy-poke")
    assert poke is not None and poke in window.procedure_menu.actions()
    poke.trigger()
    assert toy_parts == [TOY_RULESET]

    answers.new_command = NewSession(ruleset="upland", seed=5)
    window.new_action.trigger()
    assert window.bridge.state.ruleset == "upland"
    assert dock_names(window) == {"stepper"} and window.ruleset_docks.dock("toy") is None
    assert dock.toggleViewAction() not in window.view_menu.actions()
    assert window.stepper is not None and window.stepper_dock is not None and window.stepper_dock.isVisible()
    assert window.stepper.info is not None  # the procedure reads the new session
    assert window.ruleset_docks.action("start").isEnabled()  # type: ignore[union-attr]


def test_a_ruleset_without_parts_gets_no_sheet_button_and_no_procedure(
    qtbot: QtBot, tmp_path: Path, toy_ruleset: object
) -> None:
    window = window_for(qtbot, tmp_path, TOY_RULESET)
    assert dock_names(window) == set() and window.stepper is None
    assert not window.procedure_menu.menuAction().isVisible()
    assert window.characters.sheet_button.toolTip() == "" and not window.characters.sheet_button.isEnabled()


def test_the_coc_rulesets_bring_their_docks_and_sheet(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, "coc6-a")
    assert dock_names(window) == {"coc-pool", "coc-tracker"}
    assert window.ruleset_docks.action("coc-import") is not None
    assert window.characters.sheet_button.toolTip() != ""


def test_the_upland_procedure_sits_above_the_dice_box(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_for(qtbot, tmp_path, "upland")
    procedure = window.stepper_dock
    assert procedure is not None and procedure.isVisible() and window.dice_dock.isVisible()
    assert procedure.geometry().bottom() < window.dice_dock.geometry().top()  # read the step, then roll below it
    assert procedure.x() == window.dice_dock.x()


#: the GUI shared by every ruleset: it finds a ruleset's parts through app.rulesets only
#: (whose registry, app/rulesets/__init__.py, is the one place that names the built-in entries)
GENERIC = (
    "app/board",
    "app/common",
    "app/dialogs",
    "app/mainwindow.py",
    "app/bridge.py",
    "app/panels",
    "app/rulesets/parts.py",
    "app/startpage.py",
    "app/window",
)

#: the ruleset ids, as the shared GUI must never spell them
RULESET_IDS = frozenset({"upland", "coc6", "coc6-a", "coc6-b"})
#: who may name a ruleset: its own GUI package, the registry (the composition root), and the
#: tools that make a session of a given ruleset (the demo, the screenshots, the self-test)
NAMERS = (
    "app/rulesets/upland/",
    "app/rulesets/coc6/",
    "app/rulesets/__init__.py",
    "app/demo.py",
    "app/screenshots.py",
    "app/screenshots_battle.py",
    "app/screenshots_coc.py",
    "app/selftest.py",
)


def test_the_shared_gui_names_no_ruleset_id() -> None:
    """It asks the ruleset's part (card table, dice hint, names) instead of comparing ids."""
    root = Path(__file__).resolve().parents[3]
    offenders = [
        f"{rel}:{node.lineno}"
        for path in sorted((root / "app").rglob("*.py"))
        if not (rel := path.relative_to(root).as_posix()).startswith(NAMERS)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in RULESET_IDS
    ]
    assert offenders == []


def test_the_shared_gui_imports_no_ruleset_and_nothing_asks_for_upland_options() -> None:
    root = Path(__file__).resolve().parents[3]
    files = [p for name in GENERIC for p in ([root / name] if name.endswith(".py") else (root / name).rglob("*.py"))]
    assert len(files) > 10
    offenders: list[str] = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            if any(
                n.startswith("engine.upland")
                or n.startswith("app.rulesets.upland.parts")
                or n.endswith("UplandOptions")
                for n in names
            ):
                offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    for path in (root / "app").rglob("*.py"):
        if "isinstance(" in path.read_text(encoding="utf-8") and "UplandOptions)" in path.read_text(encoding="utf-8"):
            offenders.append(f"{path.relative_to(root)}: isinstance(..., UplandOptions)")
    assert offenders == []


def test_the_ruleset_parts_follow_a_live_language_switch(qapp: QApplication, qtbot: QtBot, tmp_path: Path) -> None:
    translations = Translations(qapp)
    try:
        session_file = SessionFile.create(tmp_path / "lang.yobigoe", NewSession(ruleset="upland", seed=3))
        bridge = SessionBridge(session_file.session, lang="en")
        sessions = SessionController(bridge, RecentFiles())
        sessions.adopt(session_file)
        window = MainWindow(bridge, sessions, translations=translations, prompts=Answers())
        qtbot.addWidget(window)
        start = window.ruleset_docks.action("start")
        assert window.stepper_dock is not None and start is not None
        assert (window.stepper_dock.windowTitle(), start.text()) == ("Procedure", "&Start the exploration")
        window.set_language("ja")
        assert (window.stepper_dock.windowTitle(), start.text()) == ("進行", "探索を開始(&S)")
        sessions.close()
    finally:
        translations.install("en")


def test_the_toy_ruleset_runs_through_session_its_step_table_and_the_main_window(
    qtbot: QtBot, tmp_path: Path, toy_parts: list[str]
) -> None:
    """A ruleset defined in tests only — its slice, command, step and dock."""
    from tests.toy_ruleset import ToySlice

    window = window_for(qtbot, tmp_path, TOY_RULESET)
    assert not window.pages.isTabVisible(0) and not window.board_view.isVisible()  # no card table
    dock = window.ruleset_docks.dock("toy")
    assert dock is not None
    panel = dock.widget()
    assert isinstance(panel, ToyPanel)
    for _ in range(3):
        qtbot.mouseClick(panel.button, Qt.MouseButton.LeftButton)
    # the command went through the session into the toy's own slice, and is journaled
    assert window.bridge.state.slice(TOY_RULESET, ToySlice).count == 3
    assert window.undo_action.isEnabled()
    # the flow moved to its last step, and the dock says so
    assert panel.step.text() == "toy.done: done" and not panel.button.isEnabled()
    # undo goes back through the same table
    window.undo_action.trigger()
    assert window.bridge.state.slice(TOY_RULESET, ToySlice).count == 2
    assert panel.step.text() == "toy.count: count up" and panel.button.isEnabled()


def test_importing_the_registry_loads_no_ruleset_gui_and_a_lookup_loads_only_its_own() -> None:
    probe = (
        "import sys\n"
        "import app.rulesets as registry\n"
        "gui = lambda: sorted(m for m in sys.modules if m.startswith(('app.rulesets.upland', 'app.rulesets.coc6')))\n"
        "print(gui())\n"
        "registry.parts_for('coc6-b')\n"
        "print(gui())\n"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True)
    before, after = out.stdout.splitlines()
    assert before == "[]"
    assert "'app.rulesets.coc6.parts'" in after and "app.rulesets.upland" not in after
