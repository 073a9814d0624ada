"""Battle board latency: a token dropped on the GM's battle board until the repaint is done.

One sample = the mouse release of a real drag on the view's viewport (QTest
events, the path a hand takes) → ``BattleDrags.command_for`` builds a
``MoveToken`` → the bridge dispatches it → the engine validates the path and
commits it (a SessionFile in a temporary folder; ``--memory`` leaves the file
out) → ``applied`` → the scene lays the tokens again and clears the shading →
the event loop runs until the viewport has painted.  The drag start (press,
moves, the engine's reachable set for the token, the shading) happens before
the clock starts and is reported on its own line.

Board: two 40 × 40 maps joined east–west (costs 1/2/3 in bands, a few
impassable ponds), 100 tokens (50 characters, 50 enemies, 6 move points),
fitted to a 1400 × 900 view.  In the same run, the card board's figure from
``benchmarks/gesture_latency.py`` ("stress": 20 × 20 squares, 53 cards).
Goal: p99 ≤ 16 ms for the battle drop.

Usage: python benchmarks/battle_gui_latency.py [--drops N] [--memory]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.battle.scene import BattleScene  # noqa: E402
from app.board import BoardView  # noqa: E402
from app.bridge import SessionBridge  # noqa: E402
from benchmarks import gesture_latency  # noqa: E402
from benchmarks.gesture_latency import VIEW_SIZE, PaintCounter, measure_board, ms, settle  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.hexbattle.commands import OpenBattle, PlaceToken  # noqa: E402
from engine.hexbattle.editor import blank_map, paint_cost  # noqa: E402
from engine.hexbattle.hexgrid import from_offset, label  # noqa: E402
from engine.hexbattle.hexmap import HexMap  # noqa: E402
from engine.hexbattle.model import Join, Spot, Token  # noqa: E402
from engine.session import new_session  # noqa: E402, F401  (registers the built-in rulesets)
from engine.table.commands import NewSession  # noqa: E402

SIDE = 40
TOKENS = 100


def marsh(map_id: str, seed: int) -> HexMap:
    """A 40 × 40 map with bands of cost 2 and 3 and small impassable ponds."""
    hex_map = blank_map(map_id, SIDE, SIDE)
    twos = [label(from_offset(c, r)) for r in range(SIDE) for c in range(SIDE) if (c + 2 * r + seed) % 7 == 0]
    threes = [label(from_offset(c, r)) for r in range(SIDE) for c in range(SIDE) if (3 * c + r + seed) % 11 == 0]
    ponds = [label(from_offset(c, r)) for r in range(3, SIDE, 9) for c in range(5, SIDE, 9)]
    hex_map = paint_cost(hex_map, twos, 2)
    hex_map = paint_cost(hex_map, threes, 3)
    return paint_cost(hex_map, ponds, None)


def open_battle(folder: Path | None) -> Session:
    root = NewSession(ruleset="upland", seed=7, cols=5, rows=5, gate="C5")
    if folder is None:
        session = Session()
        session.dispatch(root)
    else:
        from engine.store import SessionFile

        session = SessionFile.create(folder / "battle.yobigoe", root).session
    first, second = marsh("bench-1", 0), marsh("bench-2", 3)
    session.dispatch(OpenBattle(map1=first, map2=second, join=Join(side="east")))
    placed = 0
    for row in range(2, SIDE, 4):
        for col in range(2, 2 * SIDE, 8):
            if placed == TOKENS:
                break
            number, c = (1, col) if col < SIDE else (2, col - SIDE)
            at = Spot(map=number, hex=label(from_offset(c, row)))
            hex_map = first if number == 1 else second
            if hex_map.cost(from_offset(c, row)) is None:
                continue
            kind = "character" if placed % 2 == 0 else "enemy"
            session.dispatch(PlaceToken(token=Token(id=f"t{placed}", kind=kind, label=f"T{placed}", at=at, movement=6)))
            placed += 1
    return session


def measure_battle(app: QApplication, drops: int, folder: Path | None) -> dict[str, object]:
    session = open_battle(folder)
    bridge = SessionBridge(session, lang="ja")
    scene = BattleScene(bridge)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    view.fit()
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    for _ in range(10):
        app.processEvents()
    viewport = view.viewport()
    release: list[float] = []
    start: list[float] = []
    refused = 0
    ids = sorted(scene.token_items)
    for n in range(drops):
        token = ids[(n * 37) % len(ids)]
        item = scene.token_items[token]
        a = view.mapFromScene(item.pos())
        t0 = time.perf_counter()
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
        QTest.mouseMove(viewport, a + QPoint(12, 0))
        drag = scene.drags.drag
        assert drag is not None, "the token did not start moving"
        targets = sorted(drag.targets)
        goal = targets[(n * 13) % len(targets)]
        b = view.mapFromScene(scene.hex_centre(goal))
        QTest.mouseMove(viewport, b)
        app.processEvents()
        start.append(time.perf_counter() - t0)
        before = counter.paints
        t1 = time.perf_counter()
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
        settle(app, counter, before)
        release.append(time.perf_counter() - t1)
        battle = scene.battle
        if battle is None or str(battle.tokens[token].at) != goal:
            refused += 1
    items = len(scene.items())
    zoom = view.transform().m11()
    view.close()
    return {"drops": drops, "refused": refused, "items": items, "zoom": zoom, "release": release, "start": start}


def card_board(kind: str, folder: Path | None, decks: int = gesture_latency.STRESS_DECKS) -> Session:
    """gesture_latency's boards with the ruleset named: its ``NewSession`` leaves the ruleset out,
    which the engine now refuses (the plug-in registry)."""
    root, cmds = gesture_latency.demo_commands() if kind == "demo" else gesture_latency.stress_commands(decks)
    root = root.model_copy(update={"ruleset": "upland"})
    if folder is None:
        session = Session()
        session.dispatch(root)
    else:
        from engine.store import SessionFile

        session = SessionFile.create(folder / f"{kind}.yobigoe", root).session
    for cmd in cmds:
        session.dispatch(cmd)
    return session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drops", type=int, default=300)
    parser.add_argument("--memory", action="store_true", help="no session file (no commit)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = None if args.memory else Path(tmp)
        commit = "in-memory session (no commit)" if folder is None else "SessionFile commit in a temp folder"
        print(
            f"platform {QApplication.platformName()}; {commit}; view {VIEW_SIZE[0]}x{VIEW_SIZE[1]} fitted; "
            f"{args.drops} drops per board"
        )
        battle = measure_battle(app, args.drops, folder)
        print(
            f"battle (two {SIDE}x{SIDE} maps, {TOKENS} tokens, {battle['items']} items, "
            f"zoom {battle['zoom']:.2f}, refused {battle['refused']})"
        )
        print(f"  drop → MoveToken → commit → repaint  {ms(battle['release'])}")  # type: ignore[arg-type]
        print(f"  drag start (press, reachable, shade) {ms(battle['start'])}")  # type: ignore[arg-type]
        gesture_latency.open_board = card_board  # type: ignore[assignment]
        cards = measure_board(app, "stress", args.drops, folder)
        print(
            f"cards  (20x20 squares, {cards['cards_on_board']} cards, {cards['items']} items, "
            f"zoom {cards['zoom']:.2f}, refused {cards['refused']})"
        )
        print(f"  drop → command → commit → repaint   {ms(cards['release'])}")  # type: ignore[arg-type]
        print(f"  drag start (press, legal targets)   {ms(cards['start'])}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
