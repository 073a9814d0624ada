"""The players' devices never slow the GM: 1,000 GM commands dispatched with no
service, then again with 8 character seats and the table's seat connected over
the loopback.

Reports, for the GM's thread, each command's dispatch plus what the window then
does for the service (build the ``Table`` and ``publish`` it): median, p99 and
mean with and without the phones, and their ratio; and, for every command and
every seat, the latency from the end of its dispatch to the first message the
seat receives that holds it (seq at least the command's): p50, p99, max.

The phones are another process (9 threads, one live stream each), as real phones
are other devices: they do not share the GM's interpreter.  Both processes read
``time.monotonic`` (one system-wide clock on Linux).  ``--pace-ms`` spaces the
commands (0: back to back, the worst case; a GM's drags come seconds apart).

Usage: python benchmarks/players_bench.py [--commands 1000] [--pace-ms 0]
"""

from __future__ import annotations

import argparse
import gc
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core.commands import CommandBase  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.serve.seat_data import Table  # noqa: E402
from engine.serve.service import PlayersService  # noqa: E402
from engine.session import new_session  # noqa: E402
from engine.table.commands import (  # noqa: E402
    AddCharacter,
    DealCard,
    DrawCards,
    FlipCard,
    MoveCard,
    ShuffleDeck,
    TapCard,
)
from engine.table.places import DISCARD  # noqa: E402

PLAYERS = ("鷹野", "九条", "真木", "志田", "蒼井", "灯", "巌", "遥")
SQUARES = [f"{c}{r}" for c in "ABCDE" for r in range(1, 6)]


def table() -> Session:
    session = new_session(seed=24)
    for name in PLAYERS:
        session.dispatch(AddCharacter(name=name))
    session.dispatch(ShuffleDeck())
    for index in range(len(PLAYERS)):
        session.dispatch(DrawCards(character=f"c{index + 1}", count=2))
    return session


def next_commands(session: Session, step: int) -> list[CommandBase]:
    """A GM's mix: deal, flip, tap, move to the discard, draw to a hand, deal face up.  Each
    command moves the state's seq on, so a seat's message says which commands it holds (a
    dice-box roll is final and leaves the seq as it was)."""
    state = session.state
    sq = SQUARES[step % len(SQUARES)]
    out: list[CommandBase] = []
    if len(state.deck) < 4:
        out.append(ShuffleDeck())
        return out
    kind = step % 6
    stack = state.squares.get(sq, ())
    if kind == 0 or not stack:
        out.append(DealCard(square=sq))
    elif kind == 1:
        out.append(FlipCard(card=stack[0]))
    elif kind == 2:
        out.append(TapCard(card=stack[0]))
    elif kind == 3:
        out.append(MoveCard(card=stack[0], to=DISCARD))
    elif kind == 4:
        out.append(DrawCards(character=f"c{step % len(PLAYERS) + 1}", count=1))
    else:
        out.append(DealCard(square=SQUARES[(step * 7) % len(SQUARES)], face_up=True))
    return out


def run_gm(count: int, pace: float, service: PlayersService | None) -> tuple[list[float], dict[int, float]]:
    """Dispatch ``count`` commands; per command the GM thread's seconds, and when each seq was done."""
    session = table()
    if service is not None:
        service.publish(Table(session.state, session.rolls.records(), time.monotonic()))
    times: list[float] = []
    done: dict[int, float] = {}
    step = 0
    while len(times) < count:
        for command in next_commands(session, step):
            started = time.perf_counter()
            session.dispatch(command)
            if service is not None:  # what the window's players' devices do after each outcome
                service.publish(Table(session.state, session.rolls.records(), time.monotonic()))
            times.append(time.perf_counter() - started)
            done[session.state.seq] = time.monotonic()
            if pace:
                time.sleep(pace)
        step += 1
    return times[:count], done


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# -- the phones' process ---------------------------------------------------------------------------


def read_stream(url: str, log: list[tuple[int, float]], ready: threading.Event) -> None:
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=60) as sock:
        sock.sendall(f"GET {parts.path}live HTTP/1.0\r\nHost: {parts.netloc}\r\n\r\n".encode())
        buffer = b""
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                return
            buffer += chunk
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"data: "):
                        seq = json.loads(line[6:])["seq"]
                        log.append((seq, time.monotonic()))
                        ready.set()


def phones_main() -> int:
    urls = sys.stdin.readline().split()
    logs: dict[str, list[tuple[int, float]]] = {url: [] for url in urls}
    readies = {url: threading.Event() for url in urls}
    for url in urls:
        threading.Thread(target=read_stream, args=(url, logs[url], readies[url]), daemon=True).start()
    for event in readies.values():
        event.wait(30)
    print("ready", flush=True)
    final = int(sys.stdin.readline().split()[1])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not all(log and log[-1][0] >= final for log in logs.values()):
        time.sleep(0.01)
    print(json.dumps(logs), flush=True)
    return 0


# -- the GM's process ------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--pace-ms", type=float, default=0.0)
    parser.add_argument("--phones", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phones:
        return phones_main()
    pace = args.pace_ms / 1000

    run_gm(args.commands, 0, None)  # warm up: imports, validators, caches
    gc.collect()
    without, _ = run_gm(args.commands, pace, None)

    service = PlayersService()
    service.publish(Table(table().state))
    service.start("127.0.0.1", 0)
    urls = [seat.url for seat in service.seats()]
    phones = subprocess.Popen(
        [sys.executable, __file__, "--phones"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert phones.stdin is not None and phones.stdout is not None
    phones.stdin.write(" ".join(urls) + "\n")
    phones.stdin.flush()
    assert phones.stdout.readline().strip() == "ready"
    gc.collect()
    with_phones, done = run_gm(args.commands, pace, service)
    phones.stdin.write(f"final {max(done)}\n")
    phones.stdin.flush()
    logs: dict[str, list[list[float]]] = json.loads(phones.stdout.readline())
    phones.wait(timeout=30)
    pages = service.hub.open_pages()
    service.stop()

    latencies: list[float] = []
    missing = 0
    for log in logs.values():
        for seq, finished in done.items():
            received = next((t for s, t in log if s >= seq), None)
            if received is None:
                missing += 1
            else:
                latencies.append(max(0.0, received - finished))

    def ms(value: float) -> str:
        return f"{value * 1000:.3f} ms"

    print(f"{args.commands} GM commands, pace {args.pace_ms:g} ms, {len(urls)} seats ({pages} pages open at the end)")
    for name, times in (("without phones", without), ("with phones", with_phones)):
        print(
            f"  dispatch {name}: median {ms(statistics.median(times))}, p99 {ms(percentile(times, 0.99))}, "
            f"mean {ms(statistics.fmean(times))}"
        )
    print(
        f"  ratio with/without: median {statistics.median(with_phones) / statistics.median(without):.2f}, "
        f"mean {statistics.fmean(with_phones) / statistics.fmean(without):.2f}"
    )
    print(
        f"  dispatch → seat update ({len(latencies)} command×seat pairs, {missing} never received): "
        f"p50 {ms(percentile(latencies, 0.5))}, p99 {ms(percentile(latencies, 0.99))}, max {ms(max(latencies))}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
