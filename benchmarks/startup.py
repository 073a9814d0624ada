"""Start-up: time from process start to the first painted board, and to the
first drag the board accepts.

Every start below is measured in the same runs as (a) a bare PySide6
QMainWindow script (the floor any Qt app pays), medians of several runs,
printed as ratios to (a).  Each child prints ``FIRST_PAINT <epoch seconds>`` when its window first paints
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
Starts measured (each as a ratio to the bare window of the same runs):
  * ``demo, picture``: the returning GM's usual start on the demo (the picture first);
  * ``demo, live``: the same session without the picture — as after a crash, a
    file named on the command line or a file changed outside (the picture's
    sidecar is deleted before each run), so ``FIRST_PAINT`` is the live board;
  * ``N commands, picture`` / ``N commands, live``: the same two on a session of
    ``--commands`` commands (default 1,000; the demo set-up, then taps, flips,
    rolls and moves: ``window_latency.create_session``);
  * ``first start``: empty user folders each run; the start page shows
    (``START_PAGE``), the probe picks the demo, the demo's live board paints;
  * ``first start, read``: the same, but the probe reads the page for ``--read``
    ms (default 1,000) before it picks the demo, as a GM does;
  * ``after a crash, read``: the demo's session left as a crash leaves it (no
    clean exit recorded, no picture); the crash prompt shows (``PROMPT_SHOWN``),
    the probe reads it for ``--read`` ms and says yes.
For the starts that ask, ``board after the answer`` is the time from the GM's
answer (``ANSWERED``; a checkout whose probe does not print it answers the
moment its page paints) to the live board's first paint, and ``docks after
the answer`` to the docks: what the GM waits for once they have chosen.  Only
checkouts whose probe can read (``--startup-probe-read``) run the two ``read`` starts.
``CPU, whole run`` is the child's CPU time from spawn to exit (its ratio is to the bare
window's CPU): less disturbed by the other jobs of a shared machine than the wall clock.
``--base TREE`` measures another checkout in the same loop, alternated run by
run with this one (its own copies of the same session files), so before/after
share the machine's moments.
Usage: python benchmarks/startup.py [runs] [--platform offscreen|xcb] [--no-compile] [--commands N] [--base TREE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
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
#: Writes the demo and a long session (run with this checkout's code, once).
MAKE = """
import sys
from pathlib import Path
from app.demo import create_demo
from benchmarks.window_latency import create_session
create_demo(Path(sys.argv[1]))[0].close()
create_session(Path(sys.argv[2]), int(sys.argv[3])).close()
"""

MARKS = ("START_PAGE", "PROMPT_SHOWN", "ANSWERED", "PICTURE_PAINT", "DRAG_TAKEN", "FIRST_PAINT", "PANELS_READY",
         "DRAG_ACCEPTED")  # fmt: skip
LABELS = {
    "START_PAGE": "start page shown",
    "PROMPT_SHOWN": "crash prompt shown",
    "PICTURE_PAINT": "last board's picture",
    "DRAG_TAKEN": "drag taken (picture)",
    "FIRST_PAINT": "live first paint",
    "DRAG_ACCEPTED": "first drag applied",
    "PANELS_READY": "docks ready",
    "CPU": "CPU, whole run",
}


def measure(cmd: list[str], env: dict[str, str], cwd: Path) -> dict[str, float]:
    """Seconds from spawning ``cmd`` to each mark it prints (FIRST_PAINT, …)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds of the whole child (start, docks, the probe's drag, closing): what the
    # machine's other jobs disturb far less than the wall clock
    marks: dict[str, float] = {"CPU": after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime}
    for line in out.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name in MARKS and name not in marks:
            marks[name] = float(value.split()[0]) - start
        elif name == "PICTURE_LONGEST_WAIT":
            marks[name] = float(value) / 1000
        elif name == "DRAG_REFUSED":
            raise RuntimeError(f"{cmd}: the probe's drag was refused: {value}")
    if "FIRST_PAINT" not in marks:
        raise RuntimeError(f"{cmd} printed no FIRST_PAINT:\n{out.stdout}\n{out.stderr}")
    return marks


class Tree:
    """One checkout measured: its folders, its copies of the session files."""

    def __init__(self, name: str, root: Path, tmp: Path, files: dict[str, Path], env: dict[str, str]) -> None:
        self.name, self.root, self.tmp = name, root, tmp / name
        self.env = dict(env, PYTHONPATH=str(root))
        self.files = {}
        for key, source in files.items():
            folder = self.tmp / key / "data"
            folder.mkdir(parents=True)
            self.files[key] = folder / source.name
            shutil.copy(source, self.files[key])

    def folders(self, key: str) -> dict[str, str]:
        return {"YOBIGOE_DATA_DIR": str(self.tmp / key / "data"), "YOBIGOE_CONFIG_DIR": str(self.tmp / key / "cfg")}

    def app(self, key: str, *extra: str) -> dict[str, float]:
        cmd = [sys.executable, "-m", "app.main", "--startup-probe", *extra]
        return measure(cmd, dict(self.env, **self.folders(key)), self.root)

    def prepare(self) -> None:
        """Open each session once by name (the recent list learns it, the clean exit writes its picture)."""
        for key, path in self.files.items():
            self.app(key, str(path))

    def reads(self) -> bool:
        """Whether this checkout's probe can read a question before answering it."""
        return "--startup-probe-read" in (self.root / "app" / "main.py").read_text(encoding="utf-8")

    def run(self, contender: str, read_ms: int = 0) -> dict[str, float]:
        key, _, kind = contender.partition(" ")
        reading = ("--startup-probe-read", str(read_ms)) if kind == "read" else ()
        if key == "first":  # a new machine: nothing in the user folders
            fresh = self.tmp / "first"
            shutil.rmtree(fresh, ignore_errors=True)
            return self.app("first", *reading)
        if key == "crash":  # the demo's session as a crash leaves it: no clean exit, no picture
            cfg = self.tmp / "demo" / "cfg"
            recent = json.loads((cfg / "recent.json").read_text(encoding="utf-8"))
            (cfg / "recent.json").write_text(json.dumps(dict(recent, clean_exit=False)), encoding="utf-8")
            (cfg / "last-board.json").unlink(missing_ok=True)
            return self.app("demo", *reading)
        if kind == "live":  # what a crash, another file or a file changed outside leave: no picture
            (self.tmp / key / "cfg" / "last-board.json").unlink(missing_ok=True)
        return self.app(key)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling app/ and engine/ first")
    parser.add_argument("--commands", type=int, default=1000, help="the long session's commands (0: none)")
    parser.add_argument("--base", type=Path, help="another checkout measured alternately in the same runs")
    parser.add_argument("--read", type=int, default=1000, help="ms the probe reads a question before answering")
    args = parser.parse_args()
    roots = {"this": Path.cwd().resolve()}
    if args.base is not None:
        roots = {"base": args.base.resolve(), **roots}
    if not args.no_compile:
        for root in roots.values():
            subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "engine"], cwd=root, check=True,
                           capture_output=True)  # fmt: skip
    print(f"trees {', '.join(f'{k} = {v}' for k, v in roots.items())}")
    print(f"bytecode {'not compiled' if args.no_compile else 'compiled first (compileall)'}; load {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = dict(os.environ, QT_QPA_PLATFORM=args.platform)
        bare = tmp / "bare.py"
        bare.write_text(BARE)
        made = tmp / "made"
        made.mkdir()
        files = {"demo": made / "デモセッション.yobigoe"}
        if args.commands:
            files["long"] = made / f"session-{args.commands}.yobigoe"
        code = f"{ROOT}{os.pathsep}{ROOT / 'benchmarks'}"  # window_latency imports code_root beside it
        maker = dict(env, PYTHONPATH=code, YOBIGOE_DATA_DIR=str(made), YOBIGOE_CONFIG_DIR=str(made))
        long_file = str(made / "session-x.yobigoe")
        make = [sys.executable, "-c", MAKE, str(files["demo"]), long_file, str(args.commands or 1)]
        subprocess.run(make, cwd=ROOT, env=maker, check=True)
        if args.commands:
            (made / "session-x.yobigoe").rename(files["long"])
        trees = [Tree(name, root, tmp, files, env) for name, root in roots.items()]
        for tree in trees:
            tree.prepare()
        contenders = ["demo picture", "demo live", *(["long picture", "long live"] if args.commands else []),
                      "first start", "first read", "crash read"]  # fmt: skip
        bare_runs: list[float] = []
        bare_cpus: list[float] = []
        results: dict[tuple[str, str], list[dict[str, float]]] = {}
        for run in range(args.runs):
            value = measure([sys.executable, str(bare)], env, ROOT)
            if run > 0 or args.runs == 1:  # the first run warms the disk cache
                bare_runs.append(value["FIRST_PAINT"])
                bare_cpus.append(value["CPU"])
            for contender in contenders:
                for tree in trees if run % 2 == 0 else reversed(trees):
                    if contender.endswith(" read") and not tree.reads():
                        continue
                    value = tree.run(contender, args.read)
                    if run > 0 or args.runs == 1:
                        results.setdefault((tree.name, contender), []).append(value)
        base = statistics.median(bare_runs)
        print(f"platform {args.platform}, {len(bare_runs)} measured runs each (first run discarded)")
        print(f"load average at the end {os.getloadavg()}")
        print(f"{'(a) bare QMainWindow':40s} {'first paint':20s} median {base * 1000:7.0f} ms   ratio 1.00")
        bare_cpu = statistics.median(bare_cpus)
        print(f"{'(a) bare QMainWindow':40s} {'CPU, whole run':20s} median {bare_cpu * 1000:7.0f} ms   ratio 1.00")
        names = {"demo": "demo", "long": f"{args.commands:,} commands", "first": "first start",
                 "crash": "after a crash"}  # fmt: skip
        for (tree_name, contender), runs in results.items():
            key, _, kind = contender.partition(" ")
            title = f"{tree_name}: {names[key]}" + (f", {kind}" if kind != "start" else " (start page, demo)")
            for mark, label in LABELS.items():
                values = [r[mark] for r in runs if mark in r]
                if values and not (kind == "live" and mark in ("PICTURE_PAINT", "DRAG_TAKEN")):
                    med = statistics.median(values)
                    spread = f"{min(values) * 1000:5.0f}–{max(values) * 1000:.0f}"
                    ratio = med / (bare_cpu if mark == "CPU" else base)
                    print(f"{title:40s} {label:20s} median {med * 1000:7.0f} ms   ratio {ratio:4.2f}   ({spread})")
            asked = [r for r in runs if any(m in r for m in ("ANSWERED", "START_PAGE", "PROMPT_SHOWN"))]
            for mark, label in (("FIRST_PAINT", "board after the answer"), ("PANELS_READY", "docks after the answer")):
                after = [r[mark] - r.get("ANSWERED", r.get("START_PAGE", r.get("PROMPT_SHOWN", 0.0))) for r in asked
                         if mark in r]  # fmt: skip
                if after:
                    med = statistics.median(after)
                    spread = f"{min(after) * 1000:5.0f}–{max(after) * 1000:.0f}"
                    print(f"{title:40s} {label:20s} median {med * 1000:7.0f} ms                ({spread})")
            waits = [r["PICTURE_LONGEST_WAIT"] * 1000 for r in runs if "PICTURE_LONGEST_WAIT" in r]
            if waits:
                med, top = statistics.median(waits), max(waits)
                print(f"{title:40s} picture unanswered while loading, longest: median {med:.0f} ms, max {top:.0f} ms")


if __name__ == "__main__":
    main()
