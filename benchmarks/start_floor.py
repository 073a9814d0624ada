"""The floor under a live start: what a bare PySide6 window costs once it must
also import what any live board of this program needs, before it shows.

``startup.py`` measures yobigoe's starts against a bare ``QMainWindow``.  This
script asks how low the live start (no picture) could go while the board is
drawn from the engine's models: the same bare window, in the same runs, with
one more thing done before ``show()`` each time:

  * ``+ import pydantic``: the package (lazy: it imports almost nothing);
  * ``+ one BaseModel``: one two-field model defined (pydantic's machinery),
    with pydantic's plugin discovery skipped as the engine does
    (``engine.pydantic_plugins``);
  * ``+ Qt's namespace``: ``Qt.AlignmentFlag`` touched: the first use of
    ``QtCore.Qt`` creates its ≈ 100 Python enums, which any real window pays
    (the bare window never touches it);
  * ``+ the state's models``: ``engine.core.state`` and the Upland's slice
    models imported, which any file's snapshot needs to become a ``State``
    (no command, no event, no ruleset registered, nothing read);
  * ``+ Qt's namespace and the state's models``: both: the floor under any
    board drawn from the engine's state, before one line of its window runs;
  * ``+ the live window's modules``: everything ``app.main`` imports before
    the file opens (``app.main.HEAVY_MODULES``), still no file and no board;
  * ``+ the Upland ruleset registered``: and the demo's ruleset registered
    (its commands and events), as opening the file does; still no file read;

then the board alone: the demo file opened by the store (before Qt, as the
live start does), and a bare ``QMainWindow`` whose central widget is the real
board (``BoardScene`` and ``BoardView`` over a ``SessionBridge``), with the
Japanese font chosen as the program does, and nothing else (no menus, no
docks, no status bar, no panels, no battle page): the least any window pays to
paint the board drawn from the engine's state; and yobigoe's own live start of
the demo (the file named on the command line, the picture's sidecar deleted
each run).  Every line is the median first paint over the runs, and its ratio
to the bare window of the same runs; the first run of each is discarded (disk
cache).  Bytecode is compiled first, as in ``startup.py``.

Usage: python benchmarks/start_floor.py [runs] [--platform offscreen|xcb]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WINDOW = """
import sys, time
{before}
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
class Probe(QWidget):
    def paintEvent(self, event):
        print(f"FIRST_PAINT {{time.time():.6f}}", flush=True)
        QApplication.instance().quit()
qapp = QApplication(sys.argv)
{after_app}
w = QMainWindow(); w.setCentralWidget(Probe()); w.resize(1280, 800); w.show()
qapp.exec()
"""

#: The board alone (see the docstring): its first paint is the view's viewport's.
BOARD_ALONE = """
import sys, time
from pathlib import Path
from engine.store import SessionFile
opened = SessionFile.open(Path(sys.argv[1]))
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow
qapp = QApplication(sys.argv)
from app.fonts import ensure_japanese_font
ensure_japanese_font(qapp)
from app.board.scene import BoardScene
from app.board.view import BoardView
from app.bridge import SessionBridge
view = BoardView(BoardScene(SessionBridge(opened.session, lang="ja")))
class Probe(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(f"FIRST_PAINT {time.time():.6f}", flush=True)
            QApplication.instance().quit()
        return False
probe = Probe()
view.viewport().installEventFilter(probe)
w = QMainWindow(); w.setCentralWidget(view); w.resize(1280, 800); w.show()
qapp.exec()
opened.close()
"""

STEPS: dict[str, tuple[str, str]] = {
    "bare window": ("", ""),
    "+ import pydantic": ("", "import pydantic"),
    "+ one BaseModel": (
        "",
        "from engine.pydantic_plugins import skip_plugin_discovery\nskip_plugin_discovery()\n"
        "from pydantic import BaseModel\nclass One(BaseModel):\n    a: int\n    b: str = ''",
    ),
    "+ Qt's namespace": ("", "from PySide6.QtCore import Qt\nQt.AlignmentFlag.AlignLeft"),
    "+ the state's models": ("", "import engine.core.state, engine.upland.slice"),
    "+ Qt's namespace and the state's models": (
        "",
        "from PySide6.QtCore import Qt\nQt.AlignmentFlag.AlignLeft\nimport engine.core.state, engine.upland.slice",
    ),
    "+ the live window's modules": ("", "import app.main\nfor name in app.main.HEAVY_MODULES: __import__(name)"),
    "+ the Upland ruleset registered": (
        "",
        "import app.main\nfor name in app.main.HEAVY_MODULES: __import__(name)\n"
        "from engine.rulesets import registry\nregistry.find('upland')",
    ),
}


def first_paint(cmd: list[str], env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    for line in out.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name == "FIRST_PAINT":
            return float(value.split()[0]) - start
    raise RuntimeError(f"{cmd} printed no FIRST_PAINT:\n{out.stdout}\n{out.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "engine"], cwd=ROOT, check=True,
                   capture_output=True)  # fmt: skip
    print(f"load {os.getloadavg()}; platform {args.platform}; {args.runs - 1} measured runs each")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = dict(os.environ, QT_QPA_PLATFORM=args.platform, PYTHONPATH=str(ROOT),
                   YOBIGOE_DATA_DIR=str(tmp / "data"), YOBIGOE_CONFIG_DIR=str(tmp / "cfg"))  # fmt: skip
        scripts: dict[str, list[str]] = {}
        for name, (before, after_app) in STEPS.items():
            script = tmp / f"step{len(scripts)}.py"
            script.write_text(WINDOW.format(before=before, after_app=after_app))
            scripts[name] = [sys.executable, str(script)]
        demo = tmp / "data" / "demo.yobigoe"
        demo.parent.mkdir()
        make = (
            "import sys; from pathlib import Path; from app.demo import create_demo; "
            "create_demo(Path(sys.argv[1]))[0].close()"
        )
        subprocess.run([sys.executable, "-c", make, str(demo)], cwd=ROOT, env=env, check=True)
        board_alone = tmp / "board_alone.py"
        board_alone.write_text(BOARD_ALONE)
        scripts["the board alone, from the file"] = [sys.executable, str(board_alone), str(demo)]
        scripts["yobigoe: the demo's live start"] = [sys.executable, "-m", "app.main", "--startup-probe", str(demo)]
        times: dict[str, list[float]] = {name: [] for name in scripts}
        for run in range(args.runs):
            for name, cmd in scripts.items():
                (tmp / "cfg" / "last-board.json").unlink(missing_ok=True)
                value = first_paint(cmd, env)
                if run > 0 or args.runs == 1:
                    times[name].append(value)
        base = statistics.median(times["bare window"])
        print(f"load average at the end {os.getloadavg()}")
        for name, values in times.items():
            med = statistics.median(values)
            spread = f"{min(values) * 1000:4.0f}–{max(values) * 1000:.0f}"
            print(f"{name:34s} first paint median {med * 1000:6.0f} ms   ratio {med / base:4.2f}   ({spread})")


if __name__ == "__main__":
    main()
