"""Memory of a long live session: RSS and Python heap after N commands.

One process plays ``--commands`` commands on a session file (engine.store
SessionFile in a temporary folder), the way ``python -m engine play`` and the
GUI's bridge do: the random mix of the crash soak (deals, moves, flips, taps,
party moves, dice-box rolls, shuffles, notes, undo and redo).  It prints, at
each checkpoint, the RSS (``/proc/self/status`` VmRSS), the peak RSS, the
Python heap traced by tracemalloc, and the size of the current state as JSON.

Baseline in the same run: the RSS after importing the engine and opening the
file, before the first command; every figure is also printed as a ratio to it.

Usage: python benchmarks/memory_bench.py [--commands N] [--every N] [--root PATH]
``--root`` imports ``engine``/``benchmarks`` from another checkout (to measure
the code before a change with this same script).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import tracemalloc
from pathlib import Path


def _root_from_argv() -> Path:
    for i, arg in enumerate(sys.argv):
        if arg == "--root" and i + 1 < len(sys.argv):
            return Path(sys.argv[i + 1]).resolve()
        if arg.startswith("--root="):
            return Path(arg.split("=", 1)[1]).resolve()
    return Path(__file__).resolve().parents[1]


ROOT = _root_from_argv()
sys.path.insert(0, str(ROOT))

from benchmarks.crash_soak import apply_line, command_mix  # noqa: E402
from engine.store import SessionFile  # noqa: E402
from engine.table.commands import NewSession  # noqa: E402


def rss_mb() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    now = peak = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            now = int(line.split()[1]) / 1024
        elif line.startswith("VmHWM:"):
            peak = int(line.split()[1]) / 1024
    return now, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=2_500)
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="memory-bench-") as folder:
        live = SessionFile.create(Path(folder) / "long.yobigoe", NewSession(seed=7))
        tracemalloc.start()
        base, _ = rss_mb()
        print(f"root {ROOT}; {args.commands} lines of the crash-soak mix on a session file")
        print(f"baseline (engine imported, file open) RSS {base:7.1f} MB")
        accepted = 0
        for number in range(1, args.commands + 1):
            ok, _ = apply_line(live.session, command_mix(rng))
            accepted += ok
            if number % args.every == 0 or number == args.commands:
                now, peak = rss_mb()
                heap, _ = tracemalloc.get_traced_memory()
                state = len(live.session.state.model_dump_json())
                print(
                    f"after {number:6d} lines ({accepted:6d} accepted): RSS {now:7.1f} MB ({now / base:4.2f}x)"
                    f"  peak {peak:7.1f} MB  heap {heap / 2**20:7.1f} MB  state {state / 1024:7.1f} KB"
                    f"  undo stack {len(live.session.done)}"
                )
        live.close()


if __name__ == "__main__":
    main()
