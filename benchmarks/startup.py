"""Start-up: time from process start to the first painted board, and to the
first drag the board accepts.

Three contenders, measured in the same run, medians of several runs, printed as
ratios to (a):
  (a) a bare PySide6 QMainWindow script (the floor any Qt app pays),
  (b) ``yobigoe`` from source on the demo session,
  (c) the built PyInstaller bundle (dist/yobigoe/yobigoe), if it exists.
Each child prints ``FIRST_PAINT <epoch seconds>`` when its window first paints
(yobigoe: ``--startup-probe``); the parent notes the epoch just before spawning.
yobigoe's probe also drags a card right after the first paint (mouse events on
the board) and prints ``DRAG_ACCEPTED <epoch>`` when the drop is applied, and
``PANELS_READY <epoch>`` when the docks are filled; those are shown as ratios
to the bare window's first paint too.  From the second run on, yobigoe first
shows the picture of the board it closed with (``app.preview``) and prints
``PICTURE_PAINT <epoch>`` when that paints: the GM's first sight of the board.
The probe then drags a card on the picture (mouse events delivered while the
engine loads on a worker thread) and prints ``DRAG_TAKEN <epoch>`` when the
picture has kept it; the live board makes that drag itself and ``DRAG_ACCEPTED``
is then the moment that kept drag is applied (no second drag is made).  The
picture also reports the longest its event loop went unanswered while loading
(``PICTURE_LONGEST_WAIT <ms>``).
Bytecode: a GM's program runs from compiled bytecode (the bundle ships it; a
source checkout writes it on its first run), but a machine with
``PYTHONDONTWRITEBYTECODE`` set (this VM sets it) would make every run compile
``app/`` and ``engine/`` from source, ≈ 0.2–0.3 s that no GM pays.  So the
measured tree (the current folder) is compiled first with ``compileall``,
unless ``--no-compile`` asks to measure the cold, uncompiled start.
Usage: python benchmarks/startup.py [runs] [--platform offscreen|xcb] [--no-compile]
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
BARE = """
import sys, time
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
class Probe(QWidget):
    def paintEvent(self, event):
        print(f"FIRST_PAINT {time.time():.6f}", flush=True)
        QApplication.instance().quit()
app = QApplication(sys.argv)
w = QMainWindow(); w.setCentralWidget(Probe()); w.resize(1280, 800); w.show()
app.exec()
"""


MARKS = ("PICTURE_PAINT", "DRAG_TAKEN", "FIRST_PAINT", "PANELS_READY", "DRAG_ACCEPTED")


def measure(cmd: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from spawning ``cmd`` to each mark it prints (FIRST_PAINT, …)."""
    start = time.time()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    marks: dict[str, float] = {}
    for line in out.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name in MARKS and name not in marks:
            marks[name] = float(value.split()[0]) - start
        elif name == "PICTURE_LONGEST_WAIT":
            marks[name] = float(value) / 1000
        elif name == "DRAG_REFUSED":
            raise RuntimeError(f"{cmd[0]}: the probe's drag was refused: {value}")
    if "FIRST_PAINT" not in marks:
        raise RuntimeError(f"{cmd[0]} printed no FIRST_PAINT:\n{out.stdout}\n{out.stderr}")
    return marks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling app/ and engine/ first")
    args = parser.parse_args()
    if not args.no_compile:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "engine"], check=True, capture_output=True)
    print(f"tree {Path.cwd()}, bytecode {'not compiled' if args.no_compile else 'compiled first (compileall)'}")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM=args.platform)
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        contenders: dict[str, list[str]] = {
            "(a) bare QMainWindow": [sys.executable, str(bare)],
            "(b) yobigoe from source": [sys.executable, "-m", "app.main", "--startup-probe"],
        }
        bundle = ROOT / "dist" / "yobigoe" / ("yobigoe.exe" if os.name == "nt" else "yobigoe")
        if bundle.exists():
            contenders["(c) built bundle"] = [str(bundle), "--startup-probe"]
        results: dict[str, list[dict[str, float]]] = {name: [] for name in contenders}
        for run in range(args.runs):
            # Fresh user folders each run would measure first-start work; keep one per contender
            # so (b) and (c) open the saved demo session like a returning GM (the probe's drag
            # moves a card of it each run: the board differs by one card from run to run).
            for name, cmd in contenders.items():
                run_env = dict(env, YOBIGOE_DATA_DIR=str(Path(tmp) / "data"), YOBIGOE_CONFIG_DIR=str(Path(tmp) / "cfg"))
                value = measure(cmd, run_env)
                if run > 0 or args.runs == 1:  # the first run warms the disk cache and writes the demo
                    results[name].append(value)
        base = statistics.median(r["FIRST_PAINT"] for r in results["(a) bare QMainWindow"])
        print(f"platform {args.platform}, {max(1, args.runs - 1)} measured runs each (first run discarded)")
        labels = {
            "PICTURE_PAINT": "last board's picture",
            "DRAG_TAKEN": "drag taken (picture)",
            "FIRST_PAINT": "first paint",
            "DRAG_ACCEPTED": "first drag applied",
            "PANELS_READY": "docks ready",
        }
        for name, runs in results.items():
            for mark, label in labels.items():
                values = [r[mark] for r in runs if mark in r]
                if values:
                    med = statistics.median(values)
                    print(f"{name:28s} {label:20s} median {med * 1000:7.0f} ms   ratio {med / base:4.2f}")
            waits = [r["PICTURE_LONGEST_WAIT"] * 1000 for r in runs if "PICTURE_LONGEST_WAIT" in r]
            if waits:
                med, top = statistics.median(waits), max(waits)
                print(f"{name:28s} picture unanswered while loading, longest: median {med:.0f} ms, max {top:.0f} ms")
        if bundle.exists():
            size = sum(f.stat().st_size for f in bundle.parent.rglob("*") if f.is_file() and not f.is_symlink())
            print(f"bundle size: {size / 1e6:.0f} MB ({bundle.parent})")


if __name__ == "__main__":
    main()
