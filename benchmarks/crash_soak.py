"""Crash soak: kill -9 a session writer at random moments; count what is lost.

A child process runs ``python -m engine play FILE`` (the real scripting path:
open, dispatch/undo/redo, print an acknowledgement after each command is
durable) on a script of random commands.  The parent kills it with SIGKILL at
a random moment — sometimes while it is still opening the file, usually while
it is busy writing — then reopens the file and checks:

* every acknowledged line is in the file: state, undo stack and redo stack
  equal an in-memory session that ran the acknowledged lines (the file may
  also hold the one line that was committed but not yet acknowledged);
* the state equals a fresh replay of the file's done commands from the seed;
* opening the crash-left file raises the "could not be recovered" alarm (and
  keeps a ``.damaged-…`` copy) only when acknowledged commands are really
  missing: an alarm while the file holds every acknowledged line is a *false
  alarm*, and counts as a failure like a loss.

Each file lives through ``per_file`` kills (so recovery of a WAL left by a
kill is itself killed), then a fresh file starts.

    python benchmarks/crash_soak.py [KILLS] [--seed N] [--wal-damage N] [--two-writers N]

prints ``lost: 0 of N acknowledged commands over K kills`` and the false alarms.  ``--wal-damage``
flips 1-3 bytes in the ``-wal`` of crash-left files and counts what reopening
does (held / loss reported with a copy kept / refused / lost silently: must be
0); ``--two-writers`` starts two writers at one session at once (two ``play``,
or ``play`` plus Save as, ``export --overwrite`` or ``import --overwrite``)
and checks the second is refused and every acknowledged command is kept.
tests/engine/store/test_crash.py runs 20 kills of the same harness.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.core.state import State  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.rulesets.registry import parse_command  # noqa: E402
from engine.store import SessionFile  # noqa: E402
from engine.store.rows import dice_starts  # noqa: E402
from engine.table.cards import standard_deck  # noqa: E402
from engine.table.commands import NewSession  # noqa: E402

HEADING = "## Session files: crash soak"
SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]
CARDS = list(standard_deck())
ROLLS = ["1D100<=50", "2D6", "1D100<=75", "3D6+2", "S1D100<=30"]


def command_mix(rng: random.Random) -> dict[str, Any]:
    """One random line for ``play``: mostly legal board commands, some undo/redo.

    Illegal ones (a card that is not on a square...) are part of the test:
    they must be refused and change nothing.
    """
    pick = rng.random()
    if pick < 0.22:
        return {"type": "deal_card", "square": rng.choice(SQUARES), "face_up": rng.random() < 0.3}
    if pick < 0.36:
        return {"type": "roll", "command": rng.choice(ROLLS)}
    if pick < 0.48:
        return {"type": "move_card", "card": rng.choice(CARDS), "to": {"zone": "square", "key": rng.choice(SQUARES)}}
    if pick < 0.56:
        return {"type": "flip_card", "card": rng.choice(CARDS)}
    if pick < 0.62:
        return {"type": "tap_card", "card": rng.choice(CARDS)}
    if pick < 0.70:
        return {"type": "move_party", "square": rng.choice(SQUARES)}
    if pick < 0.73:
        return {"type": "move_card", "card": rng.choice(CARDS), "to": {"zone": "discard"}}
    if pick < 0.75:
        return {"type": "shuffle_deck"}
    if pick < 0.77:
        return {"type": "add_note", "text": f"メモ {rng.randrange(1000)}"}
    if pick < 0.79:
        return {"type": "add_character", "name": rng.choice(["アイリン", "ロイ", "ミナ", "ケイ"])}
    if pick < 0.90:
        return {"type": "undo"}
    return {"type": "redo"}


def apply_line(session: Session, data: dict[str, Any]) -> tuple[bool, int | None]:
    """What ``play`` does with one line, in memory: (accepted, entry seq)."""
    try:
        if data == {"type": "undo"}:
            return True, session.undo().entry.seq
        if data == {"type": "redo"}:
            return True, session.redo().entry.seq
        return True, session.dispatch(parse_command(data)).entry.seq
    except EngineError:
        return False, None


Signature = tuple[State, tuple[tuple[int, CommandBase], ...], tuple[tuple[int, CommandBase], ...]]


def signature(session: Session) -> Signature:
    """What a reopened file must reproduce: the state and both stacks."""
    done = tuple((e.seq, e.command) for e in session.done)
    undone = tuple((e.seq, e.command) for e in session.undone)
    return session.state, done, undone


def line_starts(opened: SessionFile) -> list[int]:
    """Where the dice stood when each command of the undo line first ran
    (done then undone, as ``mirror`` replays them): the dice never move
    backwards, so a replay starts each command there."""
    cat = opened.journal.catalogue
    starts = dice_starts(opened.session.initial, cat.rows.values())
    return [starts[row.id] for row in cat.line()]


def mirror(opened: SessionFile) -> Session:
    """A fresh in-memory session with the same state and stacks, rebuilt by
    dispatching the commands again (so it is also a replay check)."""
    session = opened.session
    copy = Session()
    line = list(session.done) + list(reversed(session.undone))
    for entry, start in zip(line, line_starts(opened), strict=True):
        copy.replay_at(entry.command, start)
    copy.dice_position = session.dice_position
    for _ in session.undone:
        copy.undo()
    return copy


def replay_matches(opened: SessionFile) -> bool:
    """The state equals a replay of the done commands from the seed."""
    fresh = Session()
    for entry, start in zip(opened.session.done, line_starts(opened), strict=False):
        fresh.replay_at(entry.command, start)
    return fresh.state == opened.session.state


@dataclass
class Kill:
    acknowledged: int
    lost: int
    unacknowledged_saved: int
    replay_ok: bool
    commands_in_file: int
    phase: str
    seconds: float
    #: Opening the crash-left file said acknowledged changes were lost, or kept a damaged copy.
    alarm: bool = False

    @property
    def false_alarm(self) -> bool:
        """An alarm although every acknowledged line is in the file."""
        return self.alarm and self.lost == 0


def _reader(stream: Any, lines: list[str], first: threading.Event) -> None:
    for line in iter(stream.readline, ""):
        lines.append(line)
        first.set()
    first.set()


def kill_once(path: Path, rng: random.Random, script_lines: int = 1500, max_delay: float = 0.25) -> Kill:
    """One child, one SIGKILL, one verification."""
    started = time.perf_counter()
    with SessionFile.open(path) as before:
        sim = mirror(before)
        if signature(sim) != signature(before.session):
            raise AssertionError("the file before the kill does not replay to itself")
    script = [command_mix(rng) for _ in range(script_lines)]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as handle:
        handle.write("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in script))
        script_path = Path(handle.name)
    try:
        with script_path.open("rb") as stdin:
            child = subprocess.Popen(
                [sys.executable, "-m", "engine", "play", str(path)],
                stdin=stdin,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=ROOT,
                text=True,
                encoding="utf-8",
            )
            lines: list[str] = []
            first = threading.Event()
            reader = threading.Thread(target=_reader, args=(child.stdout, lines, first), daemon=True)
            reader.start()
            if rng.random() < 0.2:
                phase = "opening"
                time.sleep(rng.uniform(0.0, 0.8))
            else:
                phase = "playing"
                first.wait(timeout=30)
                time.sleep(rng.uniform(0.0, max_delay))
            child.send_signal(signal.SIGKILL)
            child.wait()
            reader.join()
    finally:
        script_path.unlink(missing_ok=True)

    acked = [json.loads(line) for line in lines if line.endswith("\n")]
    states = [signature(sim)]
    for number, (report, line) in enumerate(zip(acked, script, strict=False), start=1):
        ok, seq = apply_line(sim, line)
        if report.get("line") != number or report.get("ok") != ok or (ok and report.get("seq") != seq):
            raise AssertionError(f"the child and the in-memory session disagree at line {number}: {report}")
        states.append(signature(sim))
    if len(acked) < len(script):
        apply_line(sim, script[len(acked)])
    states.append(signature(sim))  # the line that may be committed but not acknowledged

    with SessionFile.open(path) as after:
        found = signature(after.session)
        acknowledged = len(acked)
        if found == states[acknowledged]:
            position = acknowledged
        elif found == states[acknowledged + 1]:
            position = acknowledged + 1
        else:
            matches = [index for index, expected in enumerate(states[:acknowledged]) if expected == found]
            position = max(matches) if matches else -1
        replay_ok = replay_matches(after)
        in_file = len(after.journal.catalogue.rows)
        alarm = after.notice is not None
    copies = list(path.parent.glob(path.name + ".damaged-*"))
    for copy in copies:  # counted once; the next kill starts from a clean folder
        shutil.rmtree(copy, ignore_errors=True)
    alarm = alarm or bool(copies)
    # Nothing matching at all counts every acknowledged line as lost.
    lost = acknowledged if position < 0 else max(0, acknowledged - position)
    return Kill(
        acknowledged=acknowledged,
        lost=lost,
        unacknowledged_saved=max(0, position - acknowledged),
        replay_ok=replay_ok,
        commands_in_file=in_file,
        phase=phase,
        seconds=time.perf_counter() - started,
        alarm=alarm,
    )


def soak(kills: int, seed: int, folder: Path, per_file: int = 10) -> list[Kill]:
    """``kills`` kill cycles, a fresh session file every ``per_file`` kills."""
    rng = random.Random(seed)
    results: list[Kill] = []
    path = folder / "soak-0.yobigoe"
    for number in range(kills):
        if number % per_file == 0:
            path = folder / f"soak-{number // per_file}.yobigoe"
            SessionFile.create(path, NewSession(seed=rng.randrange(10**6))).close()
        results.append(kill_once(path, rng))
    return results


# -- damaged write-ahead logs -------------------------------------------------------------------
@dataclass
class WalDamage:
    """One crash-left file whose ``-wal`` got 1-3 flipped bytes, reopened."""

    acknowledged: int  # journal rows acknowledged before the crash
    held: int  # rows the reopened file still holds
    #: "held" (nothing lost), "reported" (loss told, copy kept), "refused", "silent" (a loss not told)
    #: or "false alarm" (a loss told although nothing was lost)
    outcome: str


def wal_damage_once(folder: Path, rng: random.Random, number: int) -> WalDamage:
    """A session as kill -9 leaves it (every acknowledged command committed to
    the WAL, which was not yet merged), then bytes flipped in the WAL."""
    live = folder / f"wal-{number}.yobigoe"
    session_file = SessionFile.create(live, NewSession(seed=rng.randrange(10**6)))
    sim = session_file.session
    for _ in range(rng.randrange(100, 700)):
        apply_line(sim, command_mix(rng))
    acknowledged = len(session_file.journal.catalogue.rows)
    expected = signature(sim)
    crashed = folder / f"crashed-{number}"
    crashed.mkdir()
    for suffix in ("", "-wal", "-ack"):
        source = live.with_name(live.name + suffix)
        if source.exists():
            (crashed / source.name).write_bytes(source.read_bytes())
    session_file.close()
    path = crashed / live.name
    wal = path.with_name(path.name + "-wal")
    data = bytearray(wal.read_bytes())
    for _ in range(rng.randint(1, 3)):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    wal.write_bytes(bytes(data))
    try:
        reopened = SessionFile.open(path)
    except EngineError:
        return WalDamage(acknowledged, 0, "refused")
    with reopened:
        held = len(reopened.journal.catalogue.rows)
        notice = reopened.notice
        whole = signature(reopened.session) == expected
    if whole:  # every acknowledged command and step is there: an alarm now would be a false one
        return WalDamage(acknowledged, held, "held" if notice is None else "false alarm")
    copies = list(crashed.glob(path.name + ".damaged-*"))
    told = notice is not None and notice.params.get("count", 0) == acknowledged - held and len(copies) == 1
    return WalDamage(acknowledged, held, "reported" if told else "silent")


def wal_soak(trials: int, seed: int, folder: Path) -> list[WalDamage]:
    rng = random.Random(seed)
    return [wal_damage_once(folder, rng, number) for number in range(trials)]


def wal_summary(results: list[WalDamage]) -> str:
    kinds = ("held", "reported", "refused", "silent", "false alarm")
    counts = {kind: sum(r.outcome == kind for r in results) for kind in kinds}
    lost_told = sum(r.acknowledged - r.held for r in results if r.outcome == "reported")
    return (
        f"WAL damage: tried {len(results)}; held {counts['held']}; loss reported with a copy kept "
        f"{counts['reported']} ({lost_told} commands); refused clearly {counts['refused']}; "
        f"lost silently {counts['silent']}; false alarms {counts['false alarm']}"
    )


# -- two writers --------------------------------------------------------------------------------------
@dataclass
class Race:
    """Two writers at one session at once; every acknowledged command must be in the file."""

    kind: str
    acknowledged: int
    lost: int
    refused_cleanly: bool


def _play_child(path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "engine", "play", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        encoding="utf-8",
    )


def two_writers_once(folder: Path, rng: random.Random, number: int) -> Race:
    """Two ``play`` children started together on one file (or one holding it
    while Save as / export / import try to replace it)."""
    path = folder / f"race-{number}.yobigoe"
    SessionFile.create(path, NewSession(seed=rng.randrange(10**6))).close()
    start_copy = folder / f"race-{number}-start.yobigoe"
    start_copy.write_bytes(path.read_bytes())
    kind = rng.choice(["play+play", "play+save-as", "play+export", "play+import"])
    script = [command_mix(rng) for _ in range(60)]
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in script)
    first = _play_child(path)
    refused_cleanly = True
    if kind == "play+play":
        second = _play_child(path)
        outs = [child.communicate(text, timeout=120) for child in (first, second)]
        codes = [first.returncode, second.returncode]
        winners = [i for i, (out, _) in enumerate(outs) if out.strip()]
        if len(winners) == 2:
            # The first finished before the second opened: one after the other, both must be kept.
            kind = "play+play (one after the other)"
            runs = [outs[0][0], outs[1][0]]
        else:
            refused_cleanly = len(winners) == 1 and "open in another window" in outs[1 - winners[0]][1]
            refused_cleanly = refused_cleanly and sorted(codes)[1] == 2
            runs = [outs[winners[0]][0]] if winners else [""]
    else:
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write(json.dumps(script[0]) + "\n")
        first.stdin.flush()
        head = first.stdout.readline()  # the file is open and locked now
        other = folder / f"other-{number}.yobigoe"
        SessionFile.create(other, NewSession(seed=1)).close()
        if kind == "play+save-as":
            with SessionFile.open(other) as copy:
                try:
                    copy.save_as(path)
                    refused_cleanly = False
                except EngineError as exc:
                    refused_cleanly = "it was not replaced" in exc.source
        else:
            args = (
                ["export", str(other), str(path)]
                if kind == "play+export"
                else ["import", str(_export_of(other)), str(path)]
            )
            done = subprocess.run(
                [sys.executable, "-m", "engine", *args, "--overwrite"],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
            )
            refused_cleanly = done.returncode == 2 and "it was not replaced" in done.stderr
        rest, _ = first.communicate("".join(json.dumps(line) + "\n" for line in script[1:]), timeout=120)
        runs = [head + rest]
    with SessionFile.open(start_copy) as before:  # the file as it was, then the acknowledged lines in memory
        sim = mirror(before)
    acknowledged = 0
    for out in runs:  # the same script once per writer that ran (in either order: the same lines)
        acked = [json.loads(line) for line in out.splitlines() if line.strip()]
        acknowledged += sum(1 for r in acked if r.get("ok"))
        for report, line in zip(acked, script, strict=False):
            ok, _ = apply_line(sim, line)
            if len(runs) == 1 and ok != report.get("ok"):
                raise AssertionError(f"the child and the in-memory session disagree: {report}")
    with SessionFile.open(path) as reopened:
        kept = signature(reopened.session) == signature(sim)
    return Race(kind, acknowledged, 0 if kept else acknowledged, refused_cleanly)


def _export_of(path: Path) -> Path:
    target = path.with_suffix(".json")
    if not target.exists():
        with SessionFile.open(path) as session_file:
            session_file.export_json(target)
    return target


def race_soak(trials: int, seed: int, folder: Path) -> list[Race]:
    rng = random.Random(seed)
    return [two_writers_once(folder, rng, number) for number in range(trials)]


def race_summary(results: list[Race]) -> str:
    kinds = sorted({r.kind for r in results})
    parts = []
    for kind in kinds:
        some = [r for r in results if r.kind == kind]
        if "one after the other" in kind:
            parts.append(
                f"{kind}: tried {len(some)}, lost {sum(r.lost for r in some)} of "
                f"{sum(r.acknowledged for r in some)} acknowledged"
            )
            continue
        parts.append(
            f"{kind}: tried {len(some)}, second writer refused cleanly {sum(r.refused_cleanly for r in some)}, "
            f"lost {sum(r.lost for r in some)} of {sum(r.acknowledged for r in some)} acknowledged"
        )
    return "Two writers: " + "; ".join(parts)


def summary(results: list[Kill]) -> str:
    acked = sum(r.acknowledged for r in results)
    lost = sum(r.lost for r in results)
    extra = sum(r.unacknowledged_saved for r in results)
    bad_replays = sum(not r.replay_ok for r in results)
    opening = sum(r.phase == "opening" for r in results)
    alarms = sum(r.alarm for r in results)
    false_alarms = sum(r.false_alarm for r in results)
    return (
        f"lost: {lost} of {acked} acknowledged commands over {len(results)} kills "
        f"({opening} while opening); committed but unacknowledged: {extra}; "
        f"replay mismatches: {bad_replays}; false alarms: {false_alarms} (alarms: {alarms})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kills", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--wal-damage", type=int, default=0, metavar="N", help="also N damaged-WAL trials")
    parser.add_argument("--two-writers", type=int, default=0, metavar="N", help="also N two-writer races")
    parser.add_argument("--write-results", action="store_true", help="record the figures in RESULTS.md")
    args = parser.parse_args(argv)
    if os.name != "posix":
        print("SIGKILL needs a POSIX system", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="yobigoe-soak-") as folder:
        started = time.perf_counter()
        results = soak(args.kills, args.seed, Path(folder)) if args.kills else []
        elapsed = time.perf_counter() - started
        wal = wal_soak(args.wal_damage, args.seed, Path(folder)) if args.wal_damage else []
        races = race_soak(args.two_writers, args.seed, Path(folder)) if args.two_writers else []
    lines = []
    if results:
        lines.append(summary(results))
        print(summary(results))
        print(f"{elapsed:.1f} s, {elapsed / len(results):.2f} s a kill")
    if wal:
        lines.append(wal_summary(wal))
        print(wal_summary(wal))
    if races:
        lines.append(race_summary(races))
        print(race_summary(races))
    if args.write_results:
        from benchmarks.file_bench import write_section

        write_section(
            HEADING,
            "\n".join(
                [
                    HEADING,
                    "",
                    f"`python benchmarks/crash_soak.py {args.kills} --seed {args.seed} --wal-damage {args.wal_damage} "
                    f"--two-writers {args.two_writers}` ({time.strftime('%Y-%m-%d')}): "
                    "a `python -m engine play` child killed with SIGKILL at random moments, the file reopened "
                    "and checked against an in-memory session and a replay from the seed; crash-left files with "
                    "1-3 bytes flipped in their `-wal`; two writers at one session at once.",
                    "",
                    *[f"    {line}" for line in lines],
                    "",
                ]
            ),
        )
    sound = all(r.lost == 0 and r.replay_ok and not r.false_alarm for r in results)
    sound = sound and all(r.outcome not in ("silent", "false alarm") for r in wal)
    sound = sound and all(r.lost == 0 and r.refused_cleanly for r in races)
    return 0 if sound else 1


if __name__ == "__main__":
    sys.exit(main())
