"""Import against play: restoring a backup must not take much longer than
playing the same commands did.

For each size, one run of the real command line: a GM's evening of commands
(``file_bench.gm_evening``: deals, flips, rolls, moves, notes, undo and redo)
is played into a new file with ``python -m engine play`` (every command
fsynced before its acknowledgement), the file is exported with ``python -m
engine export``, and the export is imported again with ``python -m engine
import`` — which re-runs every command and compares every event before it
writes anything.  Both are timed as the GM waits for them (wall clock of the
child process, start-up included), with the children's CPU time beside it
(on a shared machine the wall clock also counts the waiting).  The imported
file is exported again and must be byte-identical to the first export.

    python benchmarks/import_bench.py [ROWS ...] [--seed N] [--write-results]

prints one line per size with ``import / play`` as a ratio (the bound is 1.5).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.file_bench import gm_evening, write_section  # noqa: E402
from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Entry, Session  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.table.commands import NewSession  # noqa: E402

HEADING = "## Import against play"
#: The bound the import must keep: at most this many times the time of play.
BOUND = 1.5


class RowCounter:
    """A journal that only counts the rows a file would hold."""

    def __init__(self) -> None:
        self.rows = 1  # the new_session row

    def record(self, entry: Entry) -> None:
        self.rows += 1

    def record_final(self, entry: Entry) -> None:
        self.rows += 1

    def record_undo(self, entry: Entry) -> None: ...

    def record_redo(self, entry: Entry) -> None: ...


def script(rows: int, seed: int) -> list[str]:
    """``play`` lines that make a file of exactly ``rows`` journal rows (only accepted lines)."""
    session = Session()
    session.dispatch(NewSession(seed=seed))
    counter = RowCounter()
    session.journal = counter
    lines: list[str] = []
    for step in gm_evening(session, seed):
        if counter.rows >= rows:
            break
        try:
            if step == "undo":
                session.undo()
                lines.append('{"type": "undo"}')
            elif step == "redo":
                session.redo()
                lines.append('{"type": "redo"}')
            else:
                assert isinstance(step, CommandBase)
                session.dispatch(step)
                lines.append(step.model_dump_json())
        except EngineError:
            pass
    return lines


@dataclass
class Timing:
    wall: float
    cpu: float


def timed(args: list[str], stdin_path: Path | None = None) -> Timing:
    """Run ``python -m engine ARGS``; its wall clock and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    stdin = stdin_path.open("rb") if stdin_path is not None else subprocess.DEVNULL
    try:
        done = subprocess.run(
            [sys.executable, "-m", "engine", *args],
            cwd=ROOT,
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    finally:
        if stdin_path is not None:
            stdin.close()  # type: ignore[union-attr]
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"engine {args[0]} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu)


@dataclass
class Result:
    rows: int
    lines: int
    export_mb: float
    play: Timing
    imported: Timing

    @property
    def ratio(self) -> float:
        return self.imported.wall / self.play.wall

    def line(self) -> str:
        return (
            f"{self.rows:,} rows ({self.lines:,} play lines, export {self.export_mb:.1f} MB): "
            f"play {self.play.wall:.1f} s (CPU {self.play.cpu:.1f} s), "
            f"import {self.imported.wall:.1f} s (CPU {self.imported.cpu:.1f} s); "
            f"import / play = {self.ratio:.2f} (CPU {self.imported.cpu / self.play.cpu:.2f})"
        )


def measure(rows: int, seed: int, folder: Path) -> Result:
    lines = script(rows, seed)
    script_path = folder / f"script-{rows}.jsonl"
    script_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    played = folder / f"played-{rows}.yobigoe"
    subprocess.run(
        [sys.executable, "-m", "engine", "new", str(played), "--seed", str(seed)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    play = timed(["play", str(played)], script_path)
    export = folder / f"export-{rows}.json"
    timed(["export", str(played), str(export)])
    imported_path = folder / f"imported-{rows}.yobigoe"
    imported = timed(["import", str(export), str(imported_path)])
    again = folder / f"again-{rows}.json"
    timed(["export", str(imported_path), str(again)])
    if again.read_bytes() != export.read_bytes():
        raise SystemExit(f"the import of {rows} rows does not export to the same document")
    return Result(rows, len(lines), export.stat().st_size / 1e6, play, imported)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", type=int, default=[20_000, 100_000])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--write-results", action="store_true", help="record the figures in RESULTS.md")
    args = parser.parse_args(argv)
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="yobigoe-import-") as folder:
        for rows in args.rows:
            result = measure(rows, args.seed, Path(folder))
            print(result.line(), flush=True)
            results.append(result)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.write_results:
        sizes = " ".join(str(r) for r in args.rows)
        write_section(
            HEADING,
            "\n".join(
                [
                    HEADING,
                    "",
                    f"`python benchmarks/import_bench.py {sizes} --seed {args.seed}` "
                    f"({time.strftime('%Y-%m-%d %H:%M')}, {platform.python_version()}, {os.cpu_count()} cores, "
                    f"load average {load:.1f} at the end): a GM's evening played into a new file with "
                    "`python -m engine play` (each command fsynced before it is acknowledged), exported, and "
                    "imported with `python -m engine import` (every command re-run and every event compared "
                    "before anything is written); wall clock of each child, its CPU time beside it. The "
                    f"import must take at most {BOUND}× the time of play. The re-import exports byte-identical.",
                    "",
                    *[f"    {r.line()}" for r in results],
                    "",
                ]
            ),
        )
    return 0 if all(r.ratio <= BOUND for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
