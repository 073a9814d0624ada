"""Opening a long session after a crash, in the GUI: time to the first paint and RSS.

A crashed ``yobigoe`` leaves the session file with its write-ahead log; opening
it validates a private copy of both (engine/store/reader.py) before the window
shows.  This script writes such a pair once (``--make N``: the demo set-up and
``window_latency``'s filler, copied with its ``-wal`` while still open; 100,000
commands take a few minutes) and then opens a fresh copy of it in fresh
processes, alternating the checkouts given with ``--root`` (the first is the
baseline) so both see the same load.  One sample is ``window_latency.open_timed``
(``SessionFile.open``, ``MainWindow(defer_panels=True)``, shown, first paint of
the board, docks filled) and the process's RSS then.

Usage:
  python benchmarks/crash_open.py --make 100000 --file /tmp/big.yobigoe
  python benchmarks/crash_open.py --file /tmp/big.yobigoe --root /tmp/base --root . --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()


def make(total: int, target: Path) -> None:
    """``target`` and ``target-wal`` as a crash leaves them after ``total`` commands."""
    sys.path.insert(0, str(HERE.parent))
    import window_latency as wl

    building = target.with_name(target.name + ".building")
    live = wl.create_session(building, total)
    shutil.copyfile(building, target)
    shutil.copyfile(f"{building}-wal", f"{target}-wal")
    live.close()
    for leftover in building.parent.glob(building.name + "*"):
        leftover.unlink()


def child(root: str, source: Path) -> None:
    """One sample: open a fresh copy of ``source`` (with its WAL) and print the figures as JSON."""
    sys.argv = [sys.argv[0], "--root", root]
    sys.path.insert(0, str(HERE.parent))
    import window_latency as wl

    work = Path(tempfile.mkdtemp(prefix="crash-open-"))
    copy = work / "session.yobigoe"
    shutil.copyfile(source, copy)
    shutil.copyfile(f"{source}-wal", f"{copy}-wal")
    app = wl.QApplication(sys.argv[:1])
    window, t_file, t_paint, t_docks, rss = wl.open_timed(app, copy)
    print(json.dumps({"file": t_file, "paint": t_paint, "docks": t_docks, "rss": rss}))
    sys.stdout.flush()
    shutil.rmtree(work, ignore_errors=True)
    os._exit(0)  # the figures are out; closing a 100k session is not what is measured


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--file", type=Path, required=True)
    parser.add_argument("--make", type=int, default=0, help="write the crashed file of this many commands first")
    parser.add_argument("--root", action="append", default=[], help="a checkout to open with (repeatable)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.file)
        return
    if args.make:
        make(args.make, args.file.resolve())
    roots = args.root or [str(HERE.parents[1])]
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    for _ in range(args.repeat):
        for root in roots:
            out = subprocess.run(
                [sys.executable, str(HERE), "--file", str(args.file), "--child", str(Path(root).resolve())],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
            figures = json.loads(out.stdout.strip().splitlines()[-1])
            print(
                f"{root}: file {figures['file']:.2f} s, first paint {figures['paint']:.2f} s, "
                f"docks ready {figures['docks']:.2f} s, RSS {figures['rss']:.0f} MB",
                flush=True,
            )


if __name__ == "__main__":
    main()
