"""Start-up: the first paint loads only what it shows.  The demo
(an Upland session) paints without CoC 6 and without the battle page's modules
(the scene, its drags, the Battle menu's dialogs); the battle page is built on
its first use — F6, the Battle menu, its tab, or a battle opened in the session —
and then works as before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.battle.scene import BattleScene
from app.bridge import SessionBridge
from app.demo import create_demo
from app.dialogs.prompts import Prompts
from app.mainwindow import MainWindow
from app.sessions import SessionController
from engine.hexbattle.commands import OpenBattle
from engine.hexbattle.slot import battle_of
from engine.store import RecentFiles
from engine.upland.encounter_commands import LayOutZones

ROOT = Path(__file__).resolve().parents[3]

#: The modules of the commands and events (the Upland's, the battle board's, the table's) and of the
#: export: a board opened from its snapshot paints before any of them is imported.
COMMAND_MODULES = (
    "engine.upland.command_types", "engine.upland.event_types", "engine.upland.chs_command_types",
    "engine.upland.chs_event_types", "engine.upland.diamond_commands", "engine.upland.diamond_events",
    "engine.upland.encounter_commands", "engine.upland.encounter_events", "engine.upland.sheet_command_types",
    "engine.upland.table_commands", "engine.upland.table_events", "engine.hexbattle.commands",
    "engine.hexbattle.events", "engine.table.commands", "engine.table.events", "engine.store.export",
    "engine.store.admission",
)  # fmt: skip

#: The battle board's models: a session without a battle paints before they are built.
BATTLE_MODELS = ("engine.hexbattle.model", "engine.hexbattle.hexmap")

#: Runs ``python -m app.main`` as a GM would and lists, at the board's first paint, what is loaded.
PROBE = f"""
import sys
import app.main as main_module

COMMAND_MODULES = {COMMAND_MODULES!r}

# CoC 6 (its engine and its GUI), the battle page, the dice bot (its parser), the rule tables and the start page:
# none is needed for the first paint of an Upland session the GM continues; nor is the installed packages'
# metadata (pydantic would read it to look for plugins: engine.pydantic_plugins)
WATCHED = ("importlib.metadata", *{BATTLE_MODELS!r}, "engine.coc6", "app.rulesets.coc6", "app.battle", "engine.dice.bcdice", "engine.dice.expression", "engine.upland.tables",
           "engine.upland.obstacle_table", "app.startpage", *COMMAND_MODULES)

def built_models():  # the command and event models whose validators exist (they are built on first use)
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase

    found, todo = set(), [CommandBase, EventBase]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    return sorted(k.__name__ for k in found if k.__pydantic_complete__)

def probe(window, **_):
    from PySide6.QtCore import QEvent, QObject, QTimer

    class AtFirstPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                watched.removeEventFilter(self)
                loaded = sorted(m for m in sys.modules if m.startswith(WATCHED))
                print("LOADED", window.bridge.state.ruleset, window.battle_built, *loaded, flush=True)
                print("BUILT", *built_models(), flush=True)
                QTimer.singleShot(0, window.close)
            return False

    window.board_view.viewport().installEventFilter(AtFirstPaint(window))

main_module._probe_first_paint = probe
sys.exit(main_module.main(["--startup-probe"]))
"""


def test_the_demo_paints_without_coc6_and_without_the_battle_page(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", YOBIGOE_DATA_DIR=str(tmp_path / "data"),
               YOBIGOE_CONFIG_DIR=str(tmp_path / "cfg"))  # fmt: skip
    starts = ("first start (the start page, the demo written)", "returning GM (the picture, then the demo file)",
              "a start without the picture (as after a crash or a file changed outside)")  # fmt: skip
    for start in starts:
        if start.startswith("a start without"):
            (tmp_path / "cfg" / "last-board.json").unlink()
        out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120, check=True)  # fmt: skip
        line = next(row for row in out.stdout.splitlines() if row.startswith("LOADED"))
        _, ruleset, built, *loaded = line.split()
        assert ruleset == "upland" and built == "False", start
        # only the two page tabs' words are loaded (and the start page when it was shown): no CoC 6, no battle
        # scene, menu or dialogs, no dice bot, no rule tables (nothing the first paint does not need is imported
        # before it)
        page = {"app.startpage"} if start.startswith("first start") else set()
        if not start.startswith("a start without"):  # the demo written, or the picture's drag: commands ran
            # (the battle board's commands bring its models: engine.hexbattle.model, .hexmap)
            loaded = [name for name in loaded if name not in (*COMMAND_MODULES, *BATTLE_MODELS)]
        assert set(loaded) <= {"app.battle", "app.battle.page", "app.battle.words", *page}, (start, loaded)
        models = next(row for row in out.stdout.splitlines() if row.startswith("BUILT")).split()[1:]
        if start.startswith("a start without"):
            assert models == [], models  # no command or event model built before the board paints


def make_window(qtbot: QtBot) -> MainWindow:
    session_file, path = create_demo()
    bridge = SessionBridge(session_file.session, lang="en")
    sessions = SessionController(bridge, RecentFiles())
    sessions.adopt(session_file, path)
    window = MainWindow(bridge, sessions, prompts=Prompts())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_f6_builds_the_battle_page_and_shows_it(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    assert not window.battle_built and not window.pages.showing_battle
    window.battle_page_action.trigger()  # what F6 does
    assert window.battle_built and window.pages.showing_battle
    assert window.pages.currentWidget() is window.battle_view and window.battle_page_action.isChecked()
    assert [window.pages.tabText(i) for i in range(2)] == ["Exploration map", "Battle map"]
    window.battle_page_action.trigger()
    assert window.pages.currentWidget() is window.board_view and not window.battle_page_action.isChecked()


def test_f6_without_a_battle_says_how_to_open_one(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    window.battle_page_action.trigger()
    scene, view, _ = window.ensure_battle()
    qtbot.wait(20)
    text = scene.empty_text
    assert text.isVisible() and text.text().startswith("No battle is open.")
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.contains(text.sceneBoundingRect())  # on the page, readable, not a blank board
    assert text.sceneBoundingRect().width() * view.transform().m11() < view.viewport().width()
    players = BattleScene(window.bridge, player=True)  # what the projector's battle page holds
    assert players.empty_text.text() == "No battle is open."  # no GM menu on the players' screen


def test_the_battle_menu_is_filled_when_first_opened(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    assert not window.battle_built and window.battle_menu.title() == "&Battle"
    window.battle_menu.aboutToShow.emit()
    assert window.battle_built
    texts = [a.text() for a in window.battle_menu.actions() if a.text()]
    assert texts[0] == "Show the battle board" and "Open a battle…" in texts
    assert texts.count("Show the battle board") == 1  # the F6 entry is not doubled


def test_clicking_the_battle_tab_builds_the_page(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    qtbot.mouseClick(window.pages.tabBar(), Qt.MouseButton.LeftButton, pos=window.pages.tabBar().tabRect(1).center())
    assert window.battle_built and window.pages.showing_battle
    assert window.pages.currentWidget() is window.battle_view


def test_a_battle_opened_in_the_session_builds_the_page_and_its_board(qtbot: QtBot) -> None:
    # rule: ENC-2 (the zones laid out show on the battle board)
    window = make_window(qtbot)
    assert window.bridge.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-open-water"))
    qtbot.waitUntil(lambda: window.battle_built)
    assert window.bridge.dispatch(LayOutZones())
    battle = battle_of(window.bridge.state)
    assert battle is not None and window.battle_actions.step_actions["place_marching_order"].isEnabled()
    window.battle_actions.step_actions["place_marching_order"].trigger()
    battle = battle_of(window.bridge.state)
    assert battle is not None and battle.characters()
    assert window.battle_scene.token_items.keys() >= {t.id for t in battle.characters()}
