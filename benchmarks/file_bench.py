"""Session files: commit cost per command and the time to open a long session.

Baselines in the same run:

* the same commands dispatched in memory, without a file (what durability adds);
* ``synchronous=NORMAL`` next to the chosen ``FULL`` (what fsync on every
  commit costs);
* a raw ``sqlite3`` read of the same rows (what validating and rebuilding the
  session adds to reading the bytes).

It also measures the two costs the snapshot policy balances (replaying a
command, parsing a state) so the policy in engine/store/snapshots.py can be
checked against numbers from this machine.

    python benchmarks/file_bench.py [COMMANDS] [--write-results]

``--write-results`` replaces the "## Session files" section of
benchmarks/RESULTS.md (other sections are left alone).
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.core.state import State  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.rulesets.registry import event_list_adapter  # noqa: E402
from engine.store import SessionFile, database  # noqa: E402
from engine.store.snapshots import POLICY, SnapshotClock, SnapshotPolicy  # noqa: E402
from engine.table.commands import (  # noqa: E402
    AddCharacter,
    AddNote,
    DealCard,
    DrawCards,
    FlipCard,
    MoveCard,
    NewSession,
    RecycleDiscard,
    Roll,
    ShuffleDeck,
    TapCard,
)
from engine.table.places import DISCARD, square  # noqa: E402
from engine.upland.table_commands import MoveParty  # noqa: E402

SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
ROLLS = ["1D100<=50", "2D6", "1D100<=75", "3D6+2", "S1D100<=30", "1D6"]
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
HEADING = "## Session files"


def gm_evening(session: Session, seed: int) -> Iterator[str | CommandBase]:
    """An endless, legal-looking stream of what a GM does: deal, flip, tap, move,
    roll, move the party, note, draw, undo and redo, looking at the state of
    the session it is driving."""
    rng = random.Random(seed)
    for name in ("アイリン", "ロイ", "ミナ", "ケイ"):
        yield AddCharacter(name=name)
    while True:
        state = session.state
        on_squares = [card for stack in state.squares.values() for card in stack]
        in_hands = [card for pile in state.hands.values() for card in pile]
        pick = rng.random()
        step: str | CommandBase
        if len(state.deck) < 3 and state.discard:
            step = RecycleDiscard()
        elif pick < 0.24 and state.deck:
            step = DealCard(square=rng.choice(SQUARES), face_up=rng.random() < 0.2)
        elif pick < 0.38:
            step = Roll(command=rng.choice(ROLLS), by=rng.choice(["c1", "c2", "c3", "c4"]))
        elif pick < 0.48 and on_squares:
            step = FlipCard(card=rng.choice(on_squares))
        elif pick < 0.55 and on_squares:
            step = TapCard(card=rng.choice(on_squares))
        elif pick < 0.67 and on_squares:
            target = square(rng.choice(SQUARES)) if rng.random() < 0.6 else DISCARD
            step = MoveCard(card=rng.choice(on_squares), to=target)
        elif pick < 0.75:
            step = MoveParty(square=rng.choice(SQUARES))
        elif pick < 0.78:
            step = AddNote(text=f"メモ {rng.randrange(10_000)}")
        elif pick < 0.84 and state.deck:
            step = DrawCards(character=rng.choice(["c1", "c2", "c3", "c4"]))
        elif pick < 0.86:
            step = ShuffleDeck()
        elif pick < 0.90 and in_hands:
            step = MoveCard(card=rng.choice(in_hands), to=DISCARD)
        elif pick < 0.96:
            step = "undo"
        else:
            step = "redo"
        yield step


def drive(session: Session, steps: Iterator[str | CommandBase], count: int, rows: Callable[[], int]) -> list[float]:
    """Run steps until ``rows()`` reaches ``count``; seconds per accepted step."""
    times: list[float] = []
    for step in steps:
        if rows() >= count:
            break
        started = time.perf_counter()
        try:
            if step == "undo":
                session.undo()
            elif step == "redo":
                session.redo()
            else:
                assert isinstance(step, CommandBase)
                session.dispatch(step)
            times.append(time.perf_counter() - started)
        except EngineError:
            pass
    return times


@dataclass
class Spread:
    median: float
    p95: float
    p99: float
    worst: float

    @classmethod
    def of(cls, seconds: list[float]) -> Spread:
        ordered = sorted(seconds)

        def at(q: float) -> float:
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

        return cls(statistics.median(ordered), at(0.95), at(0.99), ordered[-1])

    def ms(self) -> str:
        return (
            f"median {self.median * 1e3:.3f} ms, p95 {self.p95 * 1e3:.3f}, p99 {self.p99 * 1e3:.3f}, "
            f"max {self.worst * 1e3:.1f}"
        )


def build(path: Path, count: int, seed: int, synchronous: str) -> tuple[list[float], SessionFile]:
    database.SYNCHRONOUS = synchronous
    try:
        live = SessionFile.create(path, NewSession(seed=seed))
        times = drive(live.session, gm_evening(live.session, seed), count, lambda: len(live.journal.catalogue.rows))
    finally:
        database.SYNCHRONOUS = "FULL"
    return times, live


def in_memory(count: int, seed: int) -> list[float]:
    """The same stream with no file: the in-memory journal rows are counted as
    the file would count them (done + undone + discarded)."""
    session = Session()
    session.dispatch(NewSession(seed=seed))
    rows = [1]

    class Counter:
        def record(self, entry: object) -> None:
            rows[0] += 1

        def record_undo(self, entry: object) -> None: ...

        def record_redo(self, entry: object) -> None: ...

    session.journal = Counter()
    return drive(session, gm_evening(session, seed), count, lambda: rows[0])


def best_of(runs: int, action: Callable[[], object]) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return min(timings)


def raw_read(path: Path) -> None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    conn.execute("SELECT * FROM meta").fetchall()
    conn.execute("SELECT * FROM journal").fetchall()
    conn.execute("SELECT * FROM snapshots").fetchall()
    conn.close()


def open_close(path: Path) -> None:
    SessionFile.open(path).close()


def open_and_undo(path: Path) -> None:
    opened = SessionFile.open(path)
    opened.session.undo()
    opened.session.redo()
    opened.close(discard_pending=True)


def replay_costs(path: Path) -> tuple[float, float, int]:
    """(seconds to replay one command, seconds per byte of state JSON, state bytes)."""
    conn = sqlite3.connect(path)
    texts = [row[0] for row in conn.execute("SELECT events FROM journal WHERE status = 'done' ORDER BY seq")]
    initial = State.model_validate_json(
        conn.execute("SELECT value FROM meta WHERE key = 'initial_state'").fetchone()[0]
    )
    (latest,) = conn.execute("SELECT state FROM snapshots ORDER BY seq DESC LIMIT 1").fetchone()
    conn.close()
    started = time.perf_counter()
    state = initial
    for seq, text in enumerate(texts, start=1):
        for event in event_list_adapter().validate_json(text):
            state = event.apply(state)
        state = state.model_copy(update={"seq": seq})
    per_command = (time.perf_counter() - started) / len(texts)
    parse = best_of(3, lambda: State.model_validate_json(latest))
    return per_command, parse / len(latest), len(latest)


def commit_costs(path: Path, folder: Path, count: int = 2000) -> dict[str, Spread]:
    """The commit alone: the session's own rows inserted one transaction at a
    time into a fresh WAL file, per ``synchronous`` level, in alternating
    blocks so a busy machine disturbs all levels alike."""
    conn = sqlite3.connect(path)
    rows = conn.execute(
        "SELECT seq, status, recorded_at, command, events, crc FROM journal LIMIT ?", (count,)
    ).fetchall()
    conn.close()
    targets = {}
    for level in ("OFF", "NORMAL", "FULL"):
        target = sqlite3.connect(folder / f"commit-{level}.db", isolation_level=None)
        target.execute("PRAGMA locking_mode=EXCLUSIVE")
        target.execute("PRAGMA journal_mode=WAL")
        target.execute(f"PRAGMA synchronous={level}")
        target.execute("CREATE TABLE journal (id INTEGER PRIMARY KEY, seq, status, recorded_at, command, events, crc)")
        targets[level] = target
    times: dict[str, list[float]] = {level: [] for level in targets}
    for block in range(0, len(rows), 100):
        for level, target in targets.items():
            for row in rows[block : block + 100]:
                started = time.perf_counter()
                target.execute("BEGIN IMMEDIATE")
                target.execute(
                    "INSERT INTO journal (seq, status, recorded_at, command, events, crc) VALUES (?, ?, ?, ?, ?, ?)",
                    row,
                )
                target.execute("COMMIT")
                times[level].append(time.perf_counter() - started)
    for target in targets.values():
        target.close()
    return {level: Spread.of(values) for level, values in times.items()}


def policy_table(path: Path, per_command: float, per_byte: float) -> list[str]:
    """Snapshot policies replayed over this session's done line with the
    measured costs: how much room the snapshots take and what opening after a
    crash costs at worst (parse the last snapshot + replay the commands since).
    State sizes between two stored snapshots are interpolated."""
    conn = sqlite3.connect(path)
    sizes = [
        row[0]
        for row in conn.execute(
            "SELECT length(command) + length(events) FROM journal WHERE status = 'done' ORDER BY seq"
        )
    ]
    known = dict(conn.execute("SELECT seq, length(state) FROM snapshots"))
    conn.close()
    marks = sorted(known.items())
    state_size: list[float] = []
    for seq in range(1, len(sizes) + 1):
        before = max((m for m in marks if m[0] <= seq), default=marks[0])
        after = min((m for m in marks if m[0] >= seq), default=marks[-1])
        share = 0.0 if after[0] == before[0] else (seq - before[0]) / (after[0] - before[0])
        state_size.append(before[1] + share * (after[1] - before[1]))
    candidates: list[tuple[str, SnapshotPolicy]] = [
        ("every 100 commands", SnapshotPolicy(min_commands=100, ratio=0.0)),
        ("every 500 commands", SnapshotPolicy(min_commands=500, ratio=0.0)),
        ("every 2000 commands", SnapshotPolicy(min_commands=2000, ratio=0.0)),
        ("min 50, ratio 0.25", SnapshotPolicy(min_commands=50, ratio=0.25)),
        ("min 50, ratio 0.5 (chosen)", SnapshotPolicy(min_commands=50, ratio=0.5)),
        ("min 50, ratio 1.0", SnapshotPolicy(min_commands=50, ratio=1.0)),
    ]
    lines = ["| snapshot policy | snapshots | their size | worst open after a crash | mean |", "|---|---|---|---|---|"]
    for name, policy in candidates:
        clock = SnapshotClock(policy=policy)
        last_seq, last_size, stored, count, opens = 0, 0.0, 0.0, 0, []
        for seq, (row_bytes, size) in enumerate(zip(sizes, state_size, strict=False), start=1):
            if clock.tick(row_bytes):
                clock.taken(int(size))
                last_seq, last_size, stored, count = seq, size, stored + size, count + 1
            opens.append(last_size * per_byte + (seq - last_seq) * per_command)
        lines.append(
            f"| {name} | {count} | {stored / 1e6:.1f} MB | {max(opens) * 1e3:.0f} ms | "
            f"{statistics.mean(opens) * 1e3:.0f} ms |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="session file benchmark")
    parser.add_argument("commands", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--write-results", action="store_true")
    args = parser.parse_args(argv)
    out: list[str] = []

    def say(line: str) -> None:
        print(line, flush=True)
        out.append(line)

    with tempfile.TemporaryDirectory(prefix="yobigoe-bench-", dir=Path.home() if Path.home().exists() else None) as tmp:
        folder = Path(tmp)
        memory = in_memory(args.commands, args.seed)
        full_times, live = build(folder / "full.yobigoe", args.commands, args.seed, "FULL")
        crashed = folder / "crashed.yobigoe"  # the file as kill -9 would leave it: no closing snapshot
        shutil.copyfile(live.path, crashed)
        shutil.copyfile(f"{live.path}-wal", f"{crashed}-wal")
        rows = len(live.journal.catalogue.rows)
        live.close()
        normal_times, other = build(folder / "normal.yobigoe", args.commands, args.seed, "NORMAL")
        other.close()
        path = folder / "full.yobigoe"
        size = path.stat().st_size
        conn = sqlite3.connect(path)
        (snapshots, snapshot_bytes) = conn.execute("SELECT count(*), sum(length(state)) FROM snapshots").fetchone()
        (journal_bytes,) = conn.execute("SELECT sum(length(command) + length(events)) FROM journal").fetchone()
        (rolls,) = conn.execute('SELECT count(*) FROM journal WHERE command LIKE \'{"type":"roll"%\'').fetchone()
        conn.close()

        raw = best_of(5, lambda: raw_read(path))
        opened = best_of(5, lambda: open_close(path))
        undo = best_of(3, lambda: open_and_undo(path))

        def after_crash() -> None:
            copy = folder / "crash-copy.yobigoe"
            shutil.copyfile(crashed, copy)
            shutil.copyfile(f"{crashed}-wal", f"{copy}-wal")
            started = time.perf_counter()
            SessionFile.open(copy).close()
            timings.append(time.perf_counter() - started)
            copy.unlink()

        timings: list[float] = []
        for _ in range(3):
            after_crash()
        crash_open = min(timings)
        commits = commit_costs(path, folder)
        per_command, per_byte, state_bytes = replay_costs(path)
        policies = policy_table(path, per_command, per_byte)

    say(f"{HEADING}")
    say("")
    say(
        f"`python benchmarks/file_bench.py {args.commands}` on {platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {time.strftime('%Y-%m-%d')}."
    )
    say(
        f"Session: {rows} journal rows ({rolls} rolls), file {size / 1e6:.1f} MB "
        f"(journal {journal_bytes / 1e6:.1f} MB, {snapshots} snapshots {snapshot_bytes / 1e6:.1f} MB), "
        f"final state {state_bytes / 1e3:.0f} KB."
    )
    say("")
    say("| per command (dispatch + commit) | time |")
    say("|---|---|")
    say(f"| in memory, no file (baseline) | {Spread.of(memory).ms()} |")
    say(f"| WAL, synchronous=NORMAL | {Spread.of(normal_times).ms()} |")
    say(f"| WAL, synchronous=FULL (chosen) | {Spread.of(full_times).ms()} |")
    say("")
    say("| the commit alone (same rows, fresh WAL file) | time |")
    say("|---|---|")
    for level, spread in commits.items():
        say(f"| synchronous={level} | {spread.ms()} |")
    fsync = commits["FULL"].median - commits["NORMAL"].median
    say("")
    say(
        f"FULL adds {fsync * 1e3:.3f} ms per command at the median over NORMAL (one fsync of the WAL per commit); "
        f"the whole dispatch with FULL stays {Spread.of(full_times).p99 * 1e3:.1f} ms at p99."
    )
    say("")
    say("| opening the session | time |")
    say("|---|---|")
    say(f"| raw sqlite3 read of the same rows (baseline) | {raw * 1e3:.0f} ms |")
    say(f"| SessionFile.open + close (validate all, current state from the closing snapshot) | {opened * 1e3:.0f} ms |")
    say(f"| ... after kill -9 (WAL recovery on a copy, replay since the last snapshot) | {crash_open * 1e3:.0f} ms |")
    say(f"| open + first undo + redo + close (rebuilds the block before the top) | {undo * 1e3:.0f} ms |")
    say("")
    say(
        f"Snapshot policy inputs: replaying one command costs {per_command * 1e6:.0f} µs; parsing a state costs "
        f"{per_byte * 1e9:.0f} ns per byte "
        f"({per_byte * state_bytes * 1e3:.0f} ms for the final {state_bytes / 1e3:.0f} KB state). "
        f"Policy: min {POLICY.min_commands} commands and journal bytes >= {POLICY.ratio} x last snapshot size."
    )
    say("")
    for line in policies:
        say(line)
    if args.write_results:
        write_section(HEADING, "\n".join(out) + "\n")
    return 0


def write_section(heading: str, section: str) -> None:
    """Replace only the section under ``heading`` in RESULTS.md (up to the next
    ``## `` heading); other engineers own the rest of the file."""
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    start = text.find(heading + "\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + len(heading))
        text = text[:start] + section + ("\n" + text[end + 1 :] if end >= 0 else "")
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
