"""Start-up: time from process start to the first painted board.

Three contenders, measured in the same run, medians of several runs, printed as
ratios to (a):
  (a) a bare PySide6 QMainWindow script (the floor any Qt app pays),
  (b) ``yobigoe`` from source on the demo session,
  (c) the built PyInstaller bundle (dist/yobigoe/yobigoe), if it exists.
Each child prints ``FIRST_PAINT <epoch seconds>`` when its window first paints
(yobigoe: ``--startup-probe``); the parent notes the epoch just before spawning.
Usage: python benchmarks/startup.py [runs] [--platform offscreen|xcb]
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


def measure(cmd: list[str], env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    for line in out.stdout.splitlines():
        if line.startswith("FIRST_PAINT "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"{cmd[0]} printed no FIRST_PAINT:\n{out.stdout}\n{out.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    args = parser.parse_args()
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
        results: dict[str, list[float]] = {name: [] for name in contenders}
        for run in range(args.runs):
            # Fresh user folders each run would measure first-start work; keep one per contender
            # so (b) and (c) open the saved demo session like a returning GM.
            for name, cmd in contenders.items():
                run_env = dict(env, YOBIGOE_DATA_DIR=str(Path(tmp) / "data"), YOBIGOE_CONFIG_DIR=str(Path(tmp) / "cfg"))
                value = measure(cmd, run_env)
                if run > 0 or args.runs == 1:  # the first run warms the disk cache and writes the demo
                    results[name].append(value)
        base = statistics.median(results["(a) bare QMainWindow"])
        print(f"platform {args.platform}, {args.runs - 1} measured runs each (first run discarded)")
        for name, values in results.items():
            med = statistics.median(values)
            print(f"{name:28s} median {med * 1000:7.0f} ms   ratio {med / base:4.2f}")
        if bundle.exists():
            size = sum(f.stat().st_size for f in bundle.parent.rglob("*") if f.is_file() and not f.is_symlink())
            print(f"bundle size: {size / 1e6:.0f} MB ({bundle.parent})")


if __name__ == "__main__":
    main()
