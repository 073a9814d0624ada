"""Opening long sessions in the GUI: first paint, docks ready and RSS for sessions
of 1k/10k/100k commands, each opened in a fresh process, against a bare
``QMainWindow`` opened the same way in the same run.

One sample: a child process imports Qt and the app, opens the session file as
``yobigoe`` opens one (``SessionFile.open``, ``MainWindow(defer_panels=True)``,
shown; ``window_latency.open_timed``) and prints the seconds to the board's first
paint and to the docks being filled, and its RSS then.  The baseline child shows a
bare ``QMainWindow`` of the same size and prints the seconds to its first paint
and its RSS.  The session files are written once (``window_latency.create_session``:
the demo set-up, then taps, flips, dice-box rolls and card moves) before timing.

Usage: python benchmarks/gui_open.py [--sizes 1000,10000,100000] [--repeat N] [--root PATH] [--files DIR]
(``--files`` keeps the session files in DIR and reuses them on the next run, so
two checkouts can open the very same files; write them with the older one.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def child_open(path: Path) -> dict[str, float]:
    from benchmarks import window_latency as wl

    existing = wl.QApplication.instance()
    app = existing if isinstance(existing, wl.QApplication) else wl.QApplication(sys.argv[:1])
    window, t_file, t_paint, t_docks, rss = wl.open_timed(app, path)
    window.sessions.close()
    return {"file": t_file, "paint": t_paint, "docks": t_docks, "rss": rss}


def child_bare() -> dict[str, float]:
    """The floor: Qt only (nothing of the app imported), one bare window painted."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    first: list[float] = []
    t0 = time.perf_counter()  # like open_timed: the clock starts with the application made

    class Probe(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not first:
                first.append(time.perf_counter() - t0)
            return False

    window = QMainWindow()
    probe = Probe()
    window.installEventFilter(probe)
    window.resize(1400, 900)
    window.show()
    deadline = time.perf_counter() + 30
    while not first and time.perf_counter() < deadline:
        app.processEvents()
    return {"paint": first[0], "rss": resident_mb()}


def resident_mb() -> float:
    """This process's resident set (Linux ``/proc``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run_child(args: list[str], root: str) -> dict[str, float]:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    out = subprocess.run(
        [sys.executable, str(HERE), "--root", root, *args], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--root", default=str(HERE.parents[1]))
    parser.add_argument("--files", help="keep the session files here (reused when present)")
    parser.add_argument("--child-open", help=argparse.SUPPRESS)
    parser.add_argument("--child-bare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_open or args.child_bare:
        sys.path.insert(0, str(HERE.parents[1]))
        result = child_open(Path(args.child_open)) if args.child_open else child_bare()
        print(json.dumps(result))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"code {args.root}; {args.repeat} fresh processes per line; medians")
    bare = [run_child(["--child-bare"], args.root) for _ in range(args.repeat)]
    bare_paint = statistics.median(b["paint"] for b in bare)
    bare_rss = statistics.median(b["rss"] for b in bare)
    print(f"bare QMainWindow           first paint {bare_paint:6.2f} s   RSS {bare_rss:5.0f} MB")
    with tempfile.TemporaryDirectory(prefix="gui-open-") as tmp:
        folder = Path(args.files) if args.files else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        sys.path.insert(0, args.root)
        from benchmarks import window_latency as wl

        for size in sizes:
            path = folder / f"s{size}.yobigoe"
            t0 = time.perf_counter()
            if not path.exists():
                wl.create_session(path, size).close()
            written = time.perf_counter() - t0
            runs = [run_child(["--child-open", str(path)], args.root) for _ in range(args.repeat)]
            paint = statistics.median(r["paint"] for r in runs)
            docks = statistics.median(r["docks"] for r in runs)
            rss = statistics.median(r["rss"] for r in runs)
            print(
                f"{size:>7}-command session   first paint {paint:6.2f} s ({paint / bare_paint:4.1f}×)   "
                f"docks ready {docks:6.2f} s   RSS {rss:5.0f} MB ({rss / bare_rss:4.1f}×)   "
                f"(file written in {written:.0f} s)"
            )


if __name__ == "__main__":
    main()
