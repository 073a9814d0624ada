"""Before/after of one live start, as paired differences: on a shared machine
whose load moves by ±100 ms between runs, medians of separate runs hide a
20–30 ms change that pairs show.

Each round starts the demo once in each checkout (the order alternates round by
round) and once as a bare PySide6 window, and keeps the differences "this −
base" of the first paint and of the child's CPU time.  The start is the demo's
live one (the picture's sidecar deleted before each run): ``--start last`` as
the last session reopened after a clean exit, ``--start named`` as a file named
on the command line; ``--start picture`` keeps the sidecar and times the last
board's picture instead (``PICTURE_PAINT``), the returning GM's usual start.
Bytecode is compiled first in both trees, as in ``startup.py``.  Either side
may also be a PyInstaller bundle's folder (the one holding the ``yobigoe``
executable; ``--this`` for the second side): the GM runs the bundle, whose
modules are ``.pyc`` files without sources.

Usage: python benchmarks/start_pairs.py BASE [rounds] [--start last|named|picture] [--this THIS]
  (BASE, THIS: a checkout, or a bundle's folder such as dist/yobigoe; THIS defaults to this checkout)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.startup import BARE  # noqa: E402  (the same bare window as startup.py)

MAKE = (
    "import sys; from pathlib import Path; from app.demo import create_demo; create_demo(Path(sys.argv[1]))[0].close()"
)


def run(cmd: list[str], env: dict[str, str], cwd: Path, mark: str = "FIRST_PAINT") -> tuple[float, float]:
    """(seconds to ``mark``, CPU seconds of the whole child)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    for line in out.stdout.splitlines():
        if line.startswith(mark + " "):
            return float(line.split()[1]) - start, cpu
    raise RuntimeError(f"{cmd} printed no {mark}:\n{out.stdout}\n{out.stderr}")


def program(root: Path) -> list[str]:
    """How ``root`` starts: a bundle's executable, or ``python -m app.main`` in a checkout."""
    executable = root / "yobigoe"
    return [str(executable)] if executable.is_file() else [sys.executable, "-m", "app.main"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", type=Path)
    parser.add_argument("rounds", nargs="?", type=int, default=31)
    parser.add_argument("--start", choices=("last", "named", "picture"), default="last")
    parser.add_argument("--this", type=Path, default=ROOT)
    args = parser.parse_args()
    trees = {"base": args.base.resolve(), "this": args.this.resolve()}
    print(f"load {os.getloadavg()}; start: {args.start}; {args.rounds} rounds")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        bare = tmp / "bare.py"
        bare.write_text(BARE)
        envs: dict[str, dict[str, str]] = {}
        demos: dict[str, Path] = {}
        for name, root in trees.items():
            code = root if len(program(root)) > 1 else ROOT  # a bundle's demo is made by this checkout
            if code == root:
                subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "engine"], cwd=root, check=True,
                               capture_output=True)  # fmt: skip
            folders = {"YOBIGOE_DATA_DIR": str(tmp / name / "data"), "YOBIGOE_CONFIG_DIR": str(tmp / name / "cfg")}
            envs[name] = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(code), **folders)
            demos[name] = tmp / name / "data" / "demo.yobigoe"
            demos[name].parent.mkdir(parents=True)
            subprocess.run([sys.executable, "-c", MAKE, str(demos[name])], cwd=code, env=envs[name], check=True)
            # opened once by name: the recent list knows it and a clean exit is recorded
            run([*program(root), "--startup-probe", str(demos[name])], envs[name], root)
        paint: dict[str, list[float]] = {name: [] for name in (*trees, "bare")}
        cpu: dict[str, list[float]] = {name: [] for name in (*trees, "bare")}
        for index in range(args.rounds):
            order = list(trees) if index % 2 == 0 else list(reversed(trees))
            for name in [*order, "bare"]:
                if name == "bare":
                    cmd, env, root = [sys.executable, str(bare)], envs["this"], ROOT
                    mark = "FIRST_PAINT"
                else:
                    if args.start != "picture":
                        (tmp / name / "cfg" / "last-board.json").unlink(missing_ok=True)
                    named = [str(demos[name])] if args.start == "named" else []
                    cmd = [*program(trees[name]), "--startup-probe", *named]
                    env, root = envs[name], trees[name]
                    mark = "PICTURE_PAINT" if args.start == "picture" else "FIRST_PAINT"
                first, used = run(cmd, env, root, mark)
                paint[name].append(first)
                cpu[name].append(used)
        floor = statistics.median(paint["bare"])
        shown = "picture" if args.start == "picture" else "first paint"  # the bare window's is its first paint
        for name in (*trees, "bare"):
            med, what = statistics.median(paint[name]), shown if name != "bare" else "first paint"
            print(f"{name:5s} {what} median {med * 1000:5.0f} ms (ratio {med / floor:4.2f}), "
                  f"CPU median {statistics.median(cpu[name]) * 1000:5.0f} ms")  # fmt: skip
        for label, values in ((shown, paint), ("CPU", cpu)):
            diffs = [this - base for this, base in zip(values["this"], values["base"], strict=True)]
            print(f"this − base, {label}: median {statistics.median(diffs) * 1000:+.0f} ms, "
                  f"this lower in {sum(d < 0 for d in diffs)} of {len(diffs)} rounds")  # fmt: skip
        print(f"load at the end {os.getloadavg()}")


if __name__ == "__main__":
    main()
