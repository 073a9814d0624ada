"""The encounter set-up of seed 000 (遭遇【配置】【出現】, ENC-2…ENC-8), step by step.

Each step is a pure function ``battle (+ inputs, dice) -> (battle, facts)`` so
one step can be one undoable command and the GM sees every intermediate board.
Dice come from a :class:`~engine.dice.rng.DiceSource` (the session's seeded
dice, or dice the GM typed in), drawn in a fixed order so a replay agrees.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol

from engine.checks.levels import success_degree
from engine.checks.simultaneous import Participant, simultaneous_checks
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle.board import JoinedBoard, board_of
from engine.hexbattle.hexgrid import (
    Hex,
    d3_direction,
    disk,
    distance,
    from_offset,
    neighbor,
    neighbors,
    step_toward,
)
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD, clamp_to_map
from engine.hexbattle.model import Appearance, BattleState, Skill, SpotterResult, Token
from engine.hexbattle.tokens import occupied

AVOID_COST = 3
"""ENC-3: hexes of this move cost or more are avoided when counting distances."""

SR_PER_POINT = 3
"""ENC-8: strike ranks of delay per missing point of discovery strength."""


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
            centre = min(standing, key=lambda h: (distance(h, centre), _order_key(h)))
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


def _order_key(h: Hex) -> tuple[int, int]:
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
            here = min(pool, key=lambda h: (front.get(h, far), (board.cost(h) or 0) >= AVOID_COST, _order_key(h)))
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
                    _order_key(h),
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


# ---------------------------------------------------------------- ENC-5 / ENC-6 / ENC-9


class EncounterRowLike(Protocol):
    """A row of an encounter table (ENC-9), e.g. engine.upland.tables.EncounterRow."""

    @property
    def d20(self) -> int: ...
    @property
    def sight(self) -> int | None: ...
    @property
    def listen(self) -> int | None: ...
    @property
    def creature(self) -> str: ...
    @property
    def count(self) -> str: ...


class Declaration(NamedTuple):
    """ENC-5: a character's choice of sight or listen, and its skill %."""

    token: str
    skill: Skill
    target: int


def table_sides(strength: int) -> int:
    """ENC-5: 1D(strength) up to strength 10, else 1D20."""
    if strength < 1:
        raise EngineError("An encounter strength must be 1 or more, got {strength}.", strength=strength)
    return strength if strength <= 10 else 20


def roll_appearance(
    declarations: Sequence[Declaration],
    strength: int,
    table: Sequence[EncounterRowLike],
    dice: DiceSource,
) -> Appearance:
    """ENC-5/ENC-6/ENC-9: the simultaneous sight/listen checks, the table roll, the first spotter.

    The checks are rolled first, in the order given (the marching order,
    DICE-7), then the table die.  Discovery strength = success degree + the
    row's modifier for the declared skill (row 20 has none: 0).  The first
    spotter has the highest discovery strength, ties to the higher skill %,
    then to the earlier in order (**Reading**).  The others who succeeded with
    that same discovery strength gain an experience check.
    """
    if not declarations:
        raise EngineError("Nobody declared sight or listen for the appearance roll.")
    sides = table_sides(strength)
    results = simultaneous_checks([Participant(d.token, d.target) for d in declarations], dice)
    face = dice.die(sides)
    row = next((r for r in table if r.d20 == face), None)
    if row is None:
        raise EngineError("The encounter table has no row {face}.", face=face)
    spotters: list[SpotterResult] = []
    for declaration, result in zip(declarations, results, strict=True):
        modifier = (row.sight if declaration.skill == "sight" else row.listen) or 0
        degree = success_degree(result.level)
        spotters.append(
            SpotterResult(
                token=declaration.token,
                skill=declaration.skill,
                target=declaration.target,
                roll=result.roll,
                level=result.level.value,
                degree=degree,
                modifier=modifier,
                discovery=degree + modifier,
            )
        )
    order = {s.token: i for i, s in enumerate(spotters)}
    first = min(spotters, key=lambda s: (-s.discovery, -s.target, order[s.token]))
    experience = tuple(
        s.token for s in spotters if s.token != first.token and s.degree > 0 and s.discovery == first.discovery
    )
    return Appearance(
        strength=strength,
        table_die=face,
        table_sides=sides,
        creature=row.creature,
        count_text=row.count,
        special=row.sight is None and row.listen is None,
        results=tuple(spotters),
        first_spotter=first.token,
        experience=experience,
    )


_PLAIN = re.compile(r"強度([+-]\d+)")
_TIMES = re.compile(r"\(強度([+-]\d+)\)×(\d+)")
_DICE = re.compile(r"D(\d+)(?:\+(\d+))?/SIZ計=(\d+)\*強度")
_MP = re.compile(r"\(強度([+-]\d+)\)×(\d+)\+(\d+)MP")


class NumberAppearing(NamedTuple):
    number: int | None
    """None when the row names no number (row 20, 特殊): the GM decides."""
    die: int | None
    detail: str


def number_appearing(count_text: str, strength: int, dice: DiceSource) -> NumberAppearing:
    """ENC-9: the number appearing of a table row, at least 1 (**Reading**).

    ``D6/SIZ計=6*強度`` rolls the die and reports the total SIZ; the ghost and
    wraith rows are one creature with ``(強度-10)×10+10`` MP.  The GM adjusts the
    result by the chaos aspects (the seed's note) by editing the count.
    """
    text = count_text.replace(" ", "")
    if match := _MP.fullmatch(text):
        mp = (strength + int(match[1])) * int(match[2]) + int(match[3])
        return NumberAppearing(1, None, f"MP {mp}")
    if match := _TIMES.fullmatch(text):
        return NumberAppearing(max(1, (strength + int(match[1])) * int(match[2])), None, "")
    if match := _PLAIN.fullmatch(text):
        return NumberAppearing(max(1, strength + int(match[1])), None, "")
    if match := _DICE.fullmatch(text):
        die = dice.die(int(match[1]))
        return NumberAppearing(die + int(match[2] or 0), die, f"SIZ {int(match[3]) * strength}")
    return NumberAppearing(None, None, count_text)


# ---------------------------------------------------------------- ENC-7 enemies


def forward_direction(battle: BattleState, h: Hex) -> int:
    """The neighbour direction that gets nearest the breakthrough zone (the party's front)."""
    board = board_of(battle)
    front = placement_distances(board, board.zone(ZONE_BREAKTHROUGH))
    far = len(board.hexes()) + 1
    best = min(range(1, 7), key=lambda d: (front.get(neighbor(h, d), far), d))
    return best


class EnemyPlacement(NamedTuple):
    """ENC-7's facts: the direction die, the distance and where each enemy went."""

    face: int
    sides: int
    direction: int
    hexes: int
    placed: tuple[Hex, ...]


def place_enemies(
    battle: BattleState,
    enemies: Sequence[Token],
    dice: DiceSource,
    *,
    spotter: str | None = None,
    discovery: int | None = None,
) -> tuple[BattleState, EnemyPlacement]:
    """ENC-7: the first enemy at discovery strength × 5 m from the first spotter, the rest behind it.

    The direction is a D3 when discovery strength ≤ 1 (**Reading**: the three
    directions fanned round the party's front, see ``d3_direction``), else a D6.
    The walk stops at the board's edge; an impassable or taken hex pulls the
    enemy back towards the spotter.  Later enemies continue the line away
    from the spotter, then fill the free hexes nearest the first enemy that are
    no nearer the spotter.  At least one hex away (**Reading**).
    """
    appearance = battle.appearance
    spotter = spotter or (appearance.first_spotter if appearance else None)
    if spotter is None:
        raise EngineError("No first spotter is known; roll the appearance first.")
    if discovery is None:
        discovery = appearance.discovery_of(spotter) if appearance else None
        if discovery is None:
            raise EngineError("No first spotter is known; roll the appearance first.")
    if not enemies:
        raise EngineError("There are no enemies to place.")
    token = battle.token(spotter)
    if token.at is None:
        raise EngineError("The token {token} is not on the battle board.", token=spotter)
    board = board_of(battle)
    origin = board.to_hex(token.at)
    sides = 3 if discovery <= 1 else 6
    face = dice.die(sides)
    direction = d3_direction(face, forward=forward_direction(battle, origin)) if sides == 3 else face
    steps = max(1, discovery * 5 // battle.metres_per_hex)
    taken = set(occupied(battle))

    def free(h: Hex) -> bool:
        return board.in_bounds(h) and board.cost(h) is not None and h not in taken

    here = clamp_to_map(board, origin, direction, steps)
    while not free(here) and here != origin:
        here = step_toward(here, origin)
    if not free(here):
        candidates = [h for h in board.hexes() if free(h)]
        if not candidates:
            raise EngineError("The battle board has no free hex for an enemy.")
        here = min(candidates, key=lambda h: (distance(h, origin), _order_key(h)))
    placed = [here]
    taken.add(here)
    line_end = here
    base = distance(origin, here)
    for _ in enemies[1:]:
        ahead = neighbor(line_end, direction)
        if free(ahead) and distance(origin, ahead) > distance(origin, line_end):
            spot_hex = ahead
            line_end = ahead
        else:
            pool = [h for h in board.hexes() if free(h) and distance(origin, h) >= base]
            if not pool:
                pool = [h for h in board.hexes() if free(h)]
            if not pool:
                raise EngineError("The battle board has no free hex for an enemy.")
            spot_hex = min(pool, key=lambda h: (distance(placed[0], h), -distance(origin, h), _order_key(h)))
        placed.append(spot_hex)
        taken.add(spot_hex)
    tokens = dict(battle.tokens)
    for enemy, h in zip(enemies, placed, strict=True):
        if enemy.id in tokens:
            raise EngineError("There is already a token {token} on the battle board.", token=enemy.id)
        tokens[enemy.id] = enemy.model_copy(update={"at": board.to_spot(h)})
    facts = EnemyPlacement(face, sides, direction, steps, tuple(placed))
    return battle.model_copy(update={"tokens": tokens}), facts


# ---------------------------------------------------------------- ENC-8


def sr_delays(appearance: Appearance) -> dict[str, int]:
    """ENC-8: +3 SR for each point of discovery strength below the first spotter's."""
    best = appearance.discovery_of(appearance.first_spotter) or 0
    return {r.token: (best - r.discovery) * SR_PER_POINT for r in appearance.results if r.discovery < best}
