"""The Upland's encounter set-up on the battle board (seed 000, 遭遇【配置】, ENC-2…ENC-4).

The battle board (:mod:`engine.hexbattle`) knows maps, zones, tokens and paths;
this module lays them out the way the Upland's rules say: the lead and
breakthrough zones, the party in marching order, the drift by spirit pressure.
The appearance, the enemies and the SR delays (ENC-5…ENC-9) are
:mod:`engine.upland.encounter_appearance`.

Each step is a pure function ``battle (+ inputs, dice) -> (battle, facts)`` so
one step can be one undoable command and the GM sees every intermediate board.
Dice come from a :class:`~engine.dice.rng.DiceSource` (the session's seeded
dice, or dice the GM typed in), drawn in a fixed order so a replay agrees.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle.board import JoinedBoard, board_of
from engine.hexbattle.hexgrid import Hex, disk, distance, from_offset, neighbor, neighbors
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD
from engine.hexbattle.model import BattleState, Token
from engine.hexbattle.tokens import occupied

AVOID_COST = 3
"""ENC-3: hexes of this move cost or more are avoided when counting distances."""


# ---------------------------------------------------------------- ENC-2 zones


def _far_edge(battle: BattleState) -> list[Hex]:
    """Map 2's side away from map 1, in map 2's own coordinates."""
    second = battle.maps[1]
    match battle.join.side:
        case "east":
            return [from_offset(second.width - 1, row) for row in range(second.height)]
        case "west":
            return [from_offset(0, row) for row in range(second.height)]
        case "south":
            return [from_offset(col, second.height - 1) for col in range(second.width)]
        case "north":
            return [from_offset(col, 0) for col in range(second.width)]


def lay_out_zones(battle: BattleState, *, lead_radius: int = 1) -> BattleState:
    """ENC-2: the lead zone round the centre of map 1, the breakthrough zone on map 2's far edge.

    **Reading:** "at the centre" is the centre hex and its neighbours
    (``lead_radius`` 1), centred on the nearest passable hex when the centre is
    impassable; "the outer edge" is the edge of map 2 facing away from map 1.
    The GM can redraw either zone with the map editor afterwards.
    """
    first, second = battle.maps
    centre = first.center()
    if first.cost(centre) is None:  # a pond in the middle: the nearest hex one can stand on
        standing = [h for h in first.hexes() if first.cost(h) is not None]
        if standing:
            centre = min(standing, key=lambda h: (distance(h, centre), order_key(h)))
    lead = [h for h in disk(centre, lead_radius) if first.in_bounds(h)]
    return battle.model_copy(
        update={"maps": (first.with_zone(ZONE_LEAD, lead), second.with_zone(ZONE_BREAKTHROUGH, _far_edge(battle)))}
    )


# ---------------------------------------------------------------- ENC-3 distances


def _bfs(board: JoinedBoard, sources: Iterable[Hex], avoid: bool) -> dict[Hex, int]:
    """Steps from the nearest source; with ``avoid``, costly hexes are reached but not crossed."""
    dist: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for h in sources:
        if board.in_bounds(h) and board.cost(h) is not None and h not in dist:
            dist[h] = 0
            queue.append(h)
    while queue:
        here = queue.popleft()
        cost = board.cost(here)
        if avoid and dist[here] > 0 and cost is not None and cost >= AVOID_COST:
            continue
        for n in neighbors(here):
            if n in dist or not board.in_bounds(n) or board.cost(n) is None:
                continue
            dist[n] = dist[here] + 1
            queue.append(n)
    return dist


def placement_distances(board: JoinedBoard, sources: Iterable[Hex]) -> dict[Hex, int]:
    """ENC-3: hex counts from ``sources``, keeping off cost ≥ 3 hexes unless unavoidable.

    A hex that some path reaches without crossing a costly hex gets that
    path's length, even when a shorter way through a costly hex exists; only
    hexes that cannot be reached otherwise are counted straight through.
    """
    sources = list(sources)
    raw = _bfs(board, sources, avoid=False)
    careful = _bfs(board, sources, avoid=True)
    return {h: careful.get(h, d) for h, d in raw.items()}


class Placement(NamedTuple):
    token: str
    hex: Hex


def order_key(h: Hex) -> tuple[int, int]:
    """Ties between hexes go to the upper row, then the left column (so a replay agrees)."""
    return (h.r, h.q)


def place_marching_order(battle: BattleState, tokens: Sequence[Token]) -> tuple[BattleState, tuple[Placement, ...]]:
    """ENC-3: the party in marching order (``tokens`` first to last).

    The first stands in the lead zone, on its hex nearest the breakthrough zone.
    Each next one stands within 2 hexes of the one before, no nearer the
    breakthrough zone than it (**Reading**: preferring hexes strictly behind,
    then the nearest, then the hex nearest the front; cost ≥ 3 hexes last).
    Distances avoid cost ≥ 3 hexes unless unavoidable.
    """
    board = board_of(battle)
    lead = board.zone(ZONE_LEAD)
    breakthrough = board.zone(ZONE_BREAKTHROUGH)
    if not lead:
        raise EngineError("The battle board has no lead zone yet.")
    front = placement_distances(board, breakthrough)
    far = len(board.hexes()) + 1
    taken = set(occupied(battle))
    placements: list[Placement] = []
    previous: Hex | None = None
    for token in tokens:
        if previous is None:
            pool = [h for h in lead if board.cost(h) is not None and h not in taken]
            if not pool:
                raise EngineError("The lead zone has no free hex for {token}.", token=token.id)
            here = min(pool, key=lambda h: (front.get(h, far), (board.cost(h) or 0) >= AVOID_COST, order_key(h)))
        else:
            near = placement_distances(board, [previous])
            limit = front.get(previous, far)
            pool = [h for h, d in near.items() if 1 <= d <= 2 and h not in taken and front.get(h, far) >= limit]
            if not pool:
                raise EngineError("No free hex within 2 hexes behind the one before for {token}.", token=token.id)
            here = min(
                pool,
                key=lambda h: (
                    front.get(h, far) <= limit,
                    (board.cost(h) or 0) >= AVOID_COST,
                    near[h],
                    front.get(h, far),
                    order_key(h),
                ),
            )
        taken.add(here)
        placements.append(Placement(token.id, here))
        previous = here
    tokens_by_id = dict(battle.tokens)
    for token, placement in zip(tokens, placements, strict=True):
        tokens_by_id[token.id] = token.model_copy(update={"at": board.to_spot(placement.hex)})
    return battle.model_copy(update={"tokens": tokens_by_id}), tuple(placements)


# ---------------------------------------------------------------- ENC-4 drift


class DriftStep(NamedTuple):
    """One drift step: the D6 face, where the token was and where it ended."""

    token: str
    face: int
    start: Hex
    end: Hex

    @property
    def moved(self) -> bool:
        return self.start != self.end


def drift(
    battle: BattleState, pressures: Mapping[str, int], dice: DiceSource
) -> tuple[BattleState, tuple[DriftStep, ...]]:
    """ENC-4: one hex in a 1D6 direction per full 10 spirit pressure, character by character.

    Cost-3 hexes are entered (the seed says so).  **Reading:** a step off the
    board, into an impassable hex or onto another token is lost — the die is
    still rolled and the token stays.
    """
    board = board_of(battle)
    steps: list[DriftStep] = []
    for token_id, pressure in pressures.items():
        token = battle.token(token_id)
        if token.at is None:
            continue
        here = board.to_hex(token.at)
        for _ in range(max(pressure, 0) // 10):
            face = dice.die(6)
            ahead = neighbor(here, face)
            taken = occupied(battle, but=token_id)
            free = board.in_bounds(ahead) and board.cost(ahead) is not None and ahead not in taken
            end = ahead if free else here
            steps.append(DriftStep(token_id, face, here, end))
            here = end
            battle = battle.with_token(token.model_copy(update={"at": board.to_spot(here)}))
    return battle, tuple(steps)
