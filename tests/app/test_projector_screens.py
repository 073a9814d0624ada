"""With two screens (the GM's laptop and a projector), the players' window
opens full screen on the chosen one.

Qt fixes its platform per process, so the two fake screens
(``tests/app/screens.json`` for the offscreen platform) live in a child
Python process; it prints what the window did as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENS = Path(__file__).with_name("screens.json")

CHILD = textwrap.dedent(
    """
    import json
    from PySide6.QtWidgets import QApplication
    from app.board import BoardScene, BoardView
    from app.bridge import SessionBridge
    from app.projector import ProjectorWindow
    from engine.table.commands import DealCard
    from engine.session import new_session

    app = QApplication([])
    bridge = SessionBridge(new_session(seed=3), lang="ja")
    bridge.dispatch(DealCard(square="C3"))
    gm = BoardView(BoardScene(bridge))
    gm.show()
    screens = app.screens()
    window = ProjectorWindow(bridge, gm)
    window.show_on(screens[1])
    for _ in range(5):
        app.processEvents()
    report = {
        "screens": [s.name() for s in screens],
        "screen": window.screen().name(),
        "fullscreen": window.isFullScreen(),
        "geometry": [
            window.geometry().x(), window.geometry().y(), window.geometry().width(), window.geometry().height()
        ],
        "view": [window.view.viewport().width(), window.view.viewport().height()],
    }
    window.toggle_fullscreen()
    app.processEvents()
    report["after_f11"] = window.isFullScreen()
    print(json.dumps(report))
    """
)


def test_projector_opens_full_screen_on_the_second_screen() -> None:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = f"offscreen:configfile={SCREENS}"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["screens"] == ["GM-Laptop", "Projector"]
    assert report["screen"] == "Projector"
    assert report["fullscreen"] is True
    assert report["geometry"] == [1366, 0, 1920, 1080]
    assert report["view"] == [1920, 1080]
    assert report["after_f11"] is False
