"""Memory of a long live session: RSS and Python heap after N commands.

One process plays ``--commands`` commands on a session file (engine.store
SessionFile in a temporary folder), the way ``python -m engine play`` and the
GUI's bridge do: the random mix of the crash soak (deals, moves, flips, taps,
party moves, dice-box rolls, shuffles, notes, undo and redo).  It prints, at
each checkpoint, the RSS (``/proc/self/status`` VmRSS), the peak RSS, the
Python heap traced by tracemalloc, and the size of the current state as JSON.

Baseline in the same run: the RSS after importing the engine and opening the
file, before the first command; every figure is also printed as a ratio to it.

The undo stack's own size is measured twice at each checkpoint:

* ``undo states``: bytes (``sys.getsizeof`` over ``gc.get_referents``) of
  everything the done/undone/final entries reach that neither the current
  state nor the journal's catalogue (rows, parsed commands and events) reach —
  the states the stack keeps for going back;
* at the end, ``freed``: the tracemalloc heap given back when the three
  stacks are dropped (the same thing, measured by the allocator).

``--lean`` measures the process as a GM runs it: no tracemalloc (whose
traces add to the RSS) and no walk over the undo stack (whose ``seen`` set
raises the peak); only the RSS and its peak are printed.

Usage: python benchmarks/memory_bench.py [--commands N] [--every N | --at 1000,10000] [--root PATH] [--lean]
       python benchmarks/memory_bench.py --compare OLD_ROOT [same options]
``--root`` imports ``engine``/``benchmarks`` from another checkout (to measure
the code before a change with this same script); ``--compare`` runs this
script twice, one process after the other, for OLD_ROOT then for this
checkout, so both figures come from the same run.
"""

from __future__ import annotations

import argparse
import gc
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
from pathlib import Path
from typing import Any

from code_root import use_root  # noqa: E402  (beside this script; imports nothing of the project)

ROOT = use_root()

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


CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def reachable(roots: list[Any], seen: set[int]) -> int:
    """Bytes of the objects reachable from ``roots`` not already in ``seen``
    (which it extends); code (classes, functions, modules, whose globals
    reach everything) is not counted."""
    total = 0
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, CODE):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def undo_stack_bytes(live: Any) -> int:
    """What only the undo stack keeps alive (see the module docstring)."""
    session = live.session
    # The file object, the session and the journal are reached back through
    # the snapshot reader's bound method: stop there instead of counting all.
    seen: set[int] = {id(live), id(session), id(live.journal)}
    reachable([session.state, live.journal.catalogue], seen)
    entries = [*session.done, *session.undone, *session.finals]
    timeline = getattr(session, "timeline", None)  # absent in versions without a timeline
    return reachable([entries, timeline] if timeline is not None else [entries], seen)


def freed_by_dropping(live: Any) -> int:
    session = live.session
    gc.collect()
    heap, _ = tracemalloc.get_traced_memory()
    session.done, session.undone, session.finals = [], [], []
    if hasattr(session, "timeline"):
        session.timeline = None
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    return heap - after


def compare(args: argparse.Namespace) -> None:
    here = Path(__file__).resolve()
    rest = ["--commands", str(args.commands), "--every", str(args.every), "--reopen", str(args.reopen)]
    rest += ["--at", args.at] if args.at else []
    rest += ["--walk"] if args.walk else []
    rest += ["--lean"] if args.lean else []
    for label, root in (("before", Path(args.compare).resolve()), ("after", here.parents[1])):
        print(f"== {label} ({root})", flush=True)
        subprocess.run([sys.executable, str(here), "--root", str(root), *rest], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=2_500)
    parser.add_argument("--at", default="", help="comma-separated line counts to report at (instead of --every)")
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--compare", default="", help="an older checkout: run it, then this one")
    parser.add_argument("--reopen", type=int, default=0, help="then reopen the file and undo this many times")
    parser.add_argument("--walk", action="store_true", help="at the end, undo to the root and redo to the top")
    parser.add_argument("--lean", action="store_true", help="RSS only: no tracemalloc, no undo-stack walk")
    args = parser.parse_args()
    if args.compare:
        compare(args)
        return
    marks = {int(text) for text in args.at.split(",") if text}
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="memory-bench-") as folder:
        live = SessionFile.create(Path(folder) / "long.yobigoe", NewSession(seed=7))
        if not args.lean:
            tracemalloc.start()
        base, _ = rss_mb()
        print(f"root {ROOT}; {args.commands} lines of the crash-soak mix on a session file")
        print(f"baseline (engine imported, file open) RSS {base:7.1f} MB")
        accepted = 0
        for number in range(1, args.commands + 1):
            ok, _ = apply_line(live.session, command_mix(rng))
            accepted += ok
            due = number in marks if marks else number % args.every == 0
            if due or number == args.commands:
                now, peak = rss_mb()
                if args.lean:
                    print(
                        f"after {number:6d} lines ({accepted:6d} accepted): RSS {now:7.1f} MB ({now / base:4.2f}x)"
                        f"  peak {peak:7.1f} MB  undo stack {len(live.session.done)} entries",
                        flush=True,
                    )
                    continue
                heap, _ = tracemalloc.get_traced_memory()
                state = len(live.session.state.model_dump_json())
                stack = undo_stack_bytes(live)
                print(
                    f"after {number:6d} lines ({accepted:6d} accepted): RSS {now:7.1f} MB ({now / base:4.2f}x)"
                    f"  peak {peak:7.1f} MB  heap {heap / 2**20:7.1f} MB  state {state / 1024:7.1f} KB"
                    f"  undo stack {len(live.session.done)} entries, undo states {stack / 2**20:7.2f} MB",
                    flush=True,
                )
        if args.lean:
            live.close()
            return
        if args.walk:
            walk(live)
        freed = freed_by_dropping(live)
        print(f"dropping the done/undone/final stacks frees {freed / 2**20:7.2f} MB of traced heap")
        live.close()
        if args.reopen:
            reopen(Path(folder) / "long.yobigoe", args.reopen)


def walk(live: Any) -> None:
    """Undo everything, then redo everything: the time of each step and what the stack holds after."""
    session = live.session
    for kind, can, step in (("undo", "can_undo", session.undo), ("redo", "can_redo", session.redo)):
        times: list[float] = []
        while getattr(session, can):
            started = time.perf_counter()
            step()
            times.append(time.perf_counter() - started)
        times.sort()
        count = max(len(times), 1)
        print(
            f"{kind} walk: {len(times)} steps, median {times[count // 2] * 1000 if times else 0:6.3f} ms,"
            f" max {times[-1] * 1000 if times else 0:6.1f} ms, total {sum(times):6.2f} s",
            flush=True,
        )
    now, _ = rss_mb()
    heap, _ = tracemalloc.get_traced_memory()
    print(
        f"after the walk: RSS {now:7.1f} MB  heap {heap / 2**20:7.1f} MB"
        f"  undo states {undo_stack_bytes(live) / 2**20:7.2f} MB",
        flush=True,
    )


def reopen(path: Path, undos: int) -> None:
    """Open the file again (what crash recovery does) and walk back ``undos`` commands."""
    gc.collect()
    started = time.perf_counter()
    again = SessionFile.open(path)
    opened = time.perf_counter() - started
    now, _ = rss_mb()
    heap, _ = tracemalloc.get_traced_memory()
    print(
        f"reopened in {opened:5.2f} s: RSS {now:7.1f} MB  heap {heap / 2**20:7.1f} MB"
        f"  undo stack {len(again.session.done)} entries, undo states {undo_stack_bytes(again) / 2**20:7.2f} MB",
        flush=True,
    )
    started = time.perf_counter()
    walked = 0
    while walked < undos and again.session.can_undo:
        again.session.undo()
        walked += 1
    took = time.perf_counter() - started
    now, _ = rss_mb()
    heap, _ = tracemalloc.get_traced_memory()
    print(
        f"after {walked} undos ({took / max(walked, 1) * 1000:5.2f} ms each): RSS {now:7.1f} MB"
        f"  heap {heap / 2**20:7.1f} MB  undo states {undo_stack_bytes(again) / 2**20:7.2f} MB",
        flush=True,
    )
    again.close()


if __name__ == "__main__":
    main()
