"""Start of ``python -m engine roll`` and ``show``: a script that rolls dice or reads
a session in a loop pays the command line's start on every call, so it must stay
near the floor any pydantic program pays.

Each round runs, in fresh processes and alternated with each other:

  * ``import pydantic``: ``python -c "import pydantic"`` (the floor the bound is set against);
  * ``roll 2D6``: ``python -m engine roll --ruleset coc6-a 2D6``;
  * ``roll CCB typed``: ``python -m engine roll --ruleset coc6-a --dice 5 "CCB<=50"``;
  * ``roll --batch``: ``printf '2D6\\n' | python -m engine roll --ruleset upland --batch``;
  * ``show``: ``python -m engine show FILE`` of a small session (``python -m engine new``,
    5 × 5, written once by this tree's code before the rounds).

The medians over the rounds are printed with their ratio to ``import pydantic``
of the same rounds (the bound is 2×), for the wall clock and for the child's CPU
time (user + system; less disturbed by the other jobs of a shared machine).
``--base TREE`` measures another checkout in the same rounds, alternated run by
run with this one, so before and after share the machine's moments.  Both trees
are compiled first with ``compileall`` (a machine with ``PYTHONDONTWRITEBYTECODE``
would otherwise compile ``engine/`` from source on every run), unless
``--no-compile``.  A first round is run and not counted (disk caches).

Usage: python benchmarks/cli_start.py [rounds] [--base TREE] [--no-compile]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The bound of the roll's start, as a ratio to ``import pydantic``.
BOUND = 2.0


@dataclass(frozen=True)
class Case:
    """One timed command: its label, its arguments after the interpreter, its standard input."""

    label: str
    argv: tuple[str, ...]
    stdin: bytes = b""
    #: measured once per round (the floor), not once per tree
    floor: bool = False


CASES = (
    Case("import pydantic", ("-c", "import pydantic"), floor=True),
    Case("roll 2D6", ("-m", "engine", "roll", "--ruleset", "coc6-a", "2D6")),
    Case("roll CCB typed", ("-m", "engine", "roll", "--ruleset", "coc6-a", "--dice", "5", "CCB<=50")),
    Case("roll --batch", ("-m", "engine", "roll", "--ruleset", "upland", "--batch"), stdin=b"2D6\n"),
    Case("show", ("-m", "engine", "show", "{session}")),
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(case: Case, root: Path, session: Path) -> tuple[float, float]:
    """Wall clock and CPU seconds of one fresh process of ``case`` run on ``root``'s code."""
    env = dict(os.environ, PYTHONPATH=str(root))
    argv = [arg.format(session=session) for arg in case.argv]
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *argv], cwd=root, env=env, input=case.stdin, capture_output=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{case.label} failed on {root}: {done.stderr.decode(errors='replace')}")
    return wall, _children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("rounds", nargs="?", type=int, default=9)
    parser.add_argument("--base", type=Path, help="another checkout measured alternately in the same rounds")
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling engine/ first")
    args = parser.parse_args()
    roots = {"this": ROOT}
    if args.base is not None:
        roots = {"base": args.base.resolve(), **roots}
    if not args.no_compile:
        for root in roots.values():
            subprocess.run([sys.executable, "-m", "compileall", "-q", "engine"], cwd=root, check=True,
                           capture_output=True)  # fmt: skip
    print(f"trees {', '.join(f'{k} = {v}' for k, v in roots.items())}")
    print(f"python {sys.version.split()[0]}; bytecode {'not compiled' if args.no_compile else 'compiled first'}; "
          f"load {os.getloadavg()}")  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="cli-start-"))
    session = folder / "small.yobigoe"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "engine", "new", str(session)], cwd=ROOT, env=env, check=True,
                   capture_output=True)  # fmt: skip
    # one (label, tree) per timed series: the floor once, every command on every tree
    series = [(case, name) for case in CASES for name in (("-",) if case.floor else tuple(roots))]
    walls: dict[tuple[str, str], list[float]] = {(c.label, n): [] for c, n in series}
    cpus: dict[tuple[str, str], list[float]] = {(c.label, n): [] for c, n in series}
    for round_no in range(args.rounds + 1):
        # alternate the order too, so no series always runs right after the same one
        ordered = series if round_no % 2 else series[::-1]
        for case, name in ordered:
            wall, cpu = timed(case, roots.get(name, ROOT), session)
            if round_no:
                walls[(case.label, name)].append(wall)
                cpus[(case.label, name)].append(cpu)
    floor_wall = statistics.median(walls[(CASES[0].label, "-")])
    floor_cpu = statistics.median(cpus[(CASES[0].label, "-")])
    print(f"{args.rounds} rounds, medians; ratios to `import pydantic` of the same rounds (bound {BOUND:g}×)")
    print(f"{'command':<18} {'tree':<5} {'wall ms':>8} {'ratio':>6} {'cpu ms':>7} {'ratio':>6}")
    for case, name in series:
        wall = statistics.median(walls[(case.label, name)])
        cpu = statistics.median(cpus[(case.label, name)])
        print(f"{case.label:<18} {name:<5} {wall * 1000:8.1f} {wall / floor_wall:6.2f} "
              f"{cpu * 1000:7.1f} {cpu / floor_cpu:6.2f}")  # fmt: skip

    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
