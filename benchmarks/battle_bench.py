"""Battle board: reachable-set computation on two joined 40 × 40 maps with 100 tokens.

The later GUI drag shades the reachable hexes on pick-up and repaints on drop,
with a goal of p99 ≤ 16 ms for the whole gesture, so the engine's share must be
well under that.  Measured, headless, in the same run:

- ``reachable``: ``engine.hexbattle.tokens.reachable_hexes`` for every token
  (the highlight a drag asks for), movement 6 on mixed terrain (costs 1/2/3 and
  impassable), other tokens blocking as in play;
- ``drop``: ``plan_move`` + ``move_token`` to a reachable hex (what the drop runs);
- baseline 1: a plain Dijkstra on one 40 × 40 grid held in a dict, same terrain
  and budget, no tokens (the floor of any reachable-set search in Python);
- baseline 2: the card board's ``engine.legal.card_targets`` on the 20 × 20
  stress board (the figure the card drag already lives with).

Usage: python benchmarks/battle_bench.py [ROUNDS]
"""

from __future__ import annotations

import gc
import heapq
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.session import Session
from engine.hexbattle.board import board_of  # noqa: E402
from engine.hexbattle.hexgrid import Hex, from_offset, neighbors  # noqa: E402
from engine.hexbattle.hexmap import HexMap, MoveCost  # noqa: E402
from engine.hexbattle.model import BattleState, Join, Token  # noqa: E402
from engine.hexbattle.tokens import move_token, reachable_hexes  # noqa: E402
from engine.table.commands import AddCharacter, DealCard, NewSession, ShuffleDeck
from engine.table.legal import card_targets

SIZE = 40
TOKENS = 100
MOVEMENT = 6


def terrain(seed: int) -> list[list[MoveCost]]:
    """A marsh-like 40 × 40 cost grid: mostly 1–2, some 3, a few impassable hexes."""
    rng = random.Random(seed)
    pool: list[MoveCost] = [1] * 50 + [2] * 30 + [3] * 15 + [None] * 5
    return [[rng.choice(pool) for _ in range(SIZE)] for _ in range(SIZE)]


def build_battle() -> BattleState:
    first = HexMap(id="bench-1", width=SIZE, height=SIZE, costs=terrain(1))
    second = HexMap(id="bench-2", width=SIZE, height=SIZE, costs=terrain(2))
    battle = BattleState(maps=(first, second), join=Join(side="east"))
    board = board_of(battle)
    rng = random.Random(3)
    free = [h for h in board.hexes() if board.cost(h) is not None]
    rng.shuffle(free)
    tokens: dict[str, Token] = {}
    for i, h in enumerate(free[:TOKENS]):
        kind = "character" if i % 2 == 0 else "enemy"
        tokens[f"t{i}"] = Token(id=f"t{i}", kind=kind, at=board.to_spot(h), movement=MOVEMENT)
    return battle.model_copy(update={"tokens": tokens})


def plain_dijkstra(costs: dict[Hex, MoveCost], start: Hex, budget: int) -> dict[Hex, int]:
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here]:
            continue
        for n in neighbors(here):
            enter = costs.get(n)
            if enter is None:
                continue
            total = cost + enter
            if total <= budget and total < best.get(n, budget + 1):
                best[n] = total
                heapq.heappush(queue, (total, n))
    return best


def stress_board() -> Session:
    session = Session()
    session.dispatch(NewSession(seed=7, cols=20, rows=20, gate="K20"))
    session.dispatch(ShuffleDeck())
    for i in range(12):
        session.dispatch(AddCharacter(name=f"PC{i + 1}"))
    names = [f"{chr(ord('A') + c)}{r + 1}" for r in range(20) for c in range(20)]
    for n in range(52):
        session.dispatch(DealCard(square=names[(n * 7 + 3) % 400], face_up=n % 2 == 0))
    return session


CPU: dict[int, list[float]] = {}


def timed(samples: list[float], work: Callable[[], object]) -> None:
    """Wall time into ``samples``; this thread's CPU time alongside (a shared machine's
    preemption inflates wall-clock p99 but not CPU time)."""
    cpu = time.thread_time()
    start = time.perf_counter()
    work()
    samples.append(time.perf_counter() - start)
    CPU.setdefault(id(samples), []).append(time.thread_time() - cpu)


def _p(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def summary(name: str, samples: list[float]) -> str:
    wall, cpu = sorted(samples), sorted(CPU[id(samples)])
    return (
        f"{name:<44} wall p50 {_p(wall, 0.5):7.3f} ms  p99 {_p(wall, 0.99):7.3f} ms"
        f"   cpu p50 {_p(cpu, 0.5):7.3f} ms  p99 {_p(cpu, 0.99):7.3f} ms   n={len(wall)}"
    )


def main(rounds: int = 5) -> None:
    gc.collect()
    start = time.perf_counter()
    battle = build_battle()
    built = time.perf_counter() - start
    board = board_of(battle)

    reach: list[float] = []
    sizes: list[int] = []
    drops: list[float] = []
    for _ in range(rounds):
        for token_id in battle.tokens:
            timed(reach, lambda t=token_id: sizes.append(len(reachable_hexes(battle, t))))
    for token_id in list(battle.tokens)[: 10 * rounds]:
        found = reachable_hexes(battle, token_id)
        target = max(found, key=lambda h: (found[h], h))
        if found[target] == 0:
            continue
        timed(drops, lambda t=token_id, g=target: move_token(battle, t, board.to_spot(g)))

    grid: dict[Hex, MoveCost] = {}
    for row, line in enumerate(terrain(1)):
        for col, cost in enumerate(line):
            if cost is not None:
                grid[from_offset(col, row)] = cost
    starts = [h for h in grid][:: max(1, len(grid) // TOKENS)][:TOKENS]
    plain: list[float] = []
    for _ in range(rounds):
        for h in starts:
            timed(plain, lambda s=h: plain_dijkstra(grid, s, MOVEMENT))

    session = stress_board()
    cards = [c for pile in session.state.squares.values() for c in pile][:50]
    targets: list[float] = []
    for _ in range(rounds):
        for card in cards:
            timed(targets, lambda c=card: card_targets(session.state, c))

    print(f"two joined {SIZE}×{SIZE} maps, {TOKENS} tokens, movement {MOVEMENT}; battle built in {built * 1000:.1f} ms")
    print(f"reachable hexes per token: median {statistics.median(sizes):.0f}, max {max(sizes)}")
    print(summary("reachable set (hexbattle, 100 tokens)", reach))
    print(summary("drop: plan + move_token", drops))
    print(summary("baseline: plain Dijkstra, 40×40 dict", plain))
    print(summary("baseline: card_targets, 20×20 stress board", targets))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
