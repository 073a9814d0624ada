"""RSS of the GM window over a long live session, and what grows.

``window_latency.py --live`` prints an RSS too, but its process has written and
opened a 10,000-command file before the live phase, so its RSS is that
high-water mark.  Here a fresh process opens only the demo session in the whole
GM window (as ``window_latency.py``'s start phase) and plays the same filler
commands through the bridge (taps, flips, rolls by two characters, card moves;
the event loop runs every 20 commands, and — as ``app.exec()`` would — the
widgets given ``deleteLater`` are deleted then).  At each ``--at`` count it
prints the RSS; at the end, the Python objects by type that grew between the
first and the last count (``gc.get_objects()``), which names what still grows
with every command.

Usage: python benchmarks/live_memory.py [--commands 10000] [--at 2000] [--root PATH]
``--root`` imports ``app``/``engine`` from another checkout (the code before a change).
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
import time
from pathlib import Path

from code_root import root_from_argv  # beside this script, as window_latency is

ROOT = root_from_argv()

import window_latency as wl  # noqa: E402  (puts ROOT on sys.path: it reads the same --root)


def object_counts() -> collections.Counter[str]:
    gc.collect()
    return collections.Counter(type(o).__name__ for o in gc.get_objects())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--at", default="2000", help="comma-separated command counts to report at")
    parser.add_argument("--root", default=str(ROOT), help="checkout to import app/engine from")
    args = parser.parse_args()
    app = wl.QApplication(sys.argv[:1])
    folder = Path(wl._TMP.name)
    (folder / "data").mkdir(exist_ok=True)
    start = wl.create_session(folder / "start.yobigoe", 0)
    window = wl.open_window(start, folder / "start.yobigoe", defer=False)
    wl.wait(app, lambda: window.isVisible())
    session, bridge = window.bridge.session, window.bridge
    print(f"code {args.root}; the demo session in the GM window: RSS {wl.rss_mb():.0f} MB")
    marks = sorted(int(x) for x in args.at.split(",") if x)
    counts: list[collections.Counter[str]] = []
    n, t0 = 0, time.perf_counter()

    def settle() -> None:
        for _ in range(10):
            app.processEvents()
        app.sendPostedEvents(None, wl.QEvent.Type.DeferredDelete.value)

    while len(session.done) < args.commands:
        if not bridge.dispatch(wl.filler(session, n)):
            raise RuntimeError(f"filler command {n} was refused")
        n += 1
        if n % 20 == 0:
            app.processEvents()
            app.sendPostedEvents(None, wl.QEvent.Type.DeferredDelete.value)
        if marks and len(session.done) >= marks[0]:
            settle()
            counts.append(object_counts())
            print(
                f"after {marks.pop(0):6d} commands ({n} played, {time.perf_counter() - t0:.0f} s): "
                f"RSS {wl.rss_mb():.0f} MB"
            )
    settle()
    counts.append(object_counts())
    print(
        f"after {len(session.done):6d} commands ({n} played, {time.perf_counter() - t0:.0f} s): "
        f"RSS {wl.rss_mb():.0f} MB"
    )
    first, last = counts[0], counts[-1]
    grown = sorted(((last[k] - first.get(k, 0), k) for k in last), reverse=True)[:12]
    print("objects that grew: " + ", ".join(f"{k} +{d}" for d, k in grown if d > 0))
    window.sessions.close()
    window.close()


if __name__ == "__main__":
    main()
