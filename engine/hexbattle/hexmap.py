"""A battle map as data, and the searches the battle set-up needs (ENC-2..ENC-7).

A map is a rectangle of pointy-top hexes in odd-r offset layout (see
:mod:`engine.hexbattle.hexgrid`).  Its JSON form is what a GM could write by hand: move
costs are a list of rows, top to bottom, and zones list hex labels such as
``"C4"``; axial coordinates never appear in files.  Every malformed map raises
:class:`~engine.errors.EngineError`, whichever way it is built.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Literal, NamedTuple, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from engine.errors import EngineError
from engine.hexbattle.hexgrid import (
    Hex,
    direction_step,
    from_offset,
    label,
    neighbor,
    neighbors,
    parse_label,
    to_offset,
)

MoveCost = int | None
"""Move points to enter a hex: 1, 2 or 3, or None for impassable."""

MOVE_COSTS: tuple[int, ...] = (1, 2, 3)

ZONE_LEAD = "lead"
"""ENC-2: where the first character in marching order stands (centre of map 1)."""

ZONE_BREAKTHROUGH = "breakthrough"
"""ENC-2: where the party may leave without penalty (outer edge of map 2, ENC-10)."""


def describe(h: Hex) -> str:
    """A hex for messages: its label when it has one, else its axial pair."""
    try:
        return label(h)
    except EngineError:
        return f"({h.q}, {h.r})"


class MapName(BaseModel):
    """A map's display name; either language may be missing."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ja: str = ""
    en: str = ""

    def text(self, lang: str) -> str:
        """The name in ``lang``, falling back to the other language."""
        first, second = (self.ja, self.en) if lang == "ja" else (self.en, self.ja)
        return first or second


class Zone(BaseModel):
    """A named set of hexes, kept as sorted labels so files stay readable."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    hexes: tuple[str, ...] = ()

    @field_validator("hexes")
    @classmethod
    def _canonical(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        # Parsing refuses bad labels; re-labelling makes "c4 " and "C4" equal.
        parsed = {parse_label(text) for text in value}
        return tuple(label(h) for h in sorted(parsed, key=lambda h: (h.r, h.q)))


def _as_tuples(data: dict[str, Any]) -> dict[str, Any]:
    """JSON's arrays as the tuples the fields hold: a script's strict parsing (``engine
    play``) reads a map exactly as ``engine commands`` documents it and ``engine
    show`` prints it, lists and all."""
    rows = data.get("costs")
    if isinstance(rows, list) or (isinstance(rows, tuple) and any(isinstance(r, list) for r in rows)):
        data = {**data, "costs": tuple(tuple(r) if isinstance(r, list) else r for r in rows)}
    zones = data.get("zones")
    if isinstance(zones, (list, tuple)):
        data = {
            **data,
            "zones": tuple(
                {**z, "hexes": tuple(z["hexes"])} if isinstance(z, dict) and isinstance(z.get("hexes"), list) else z
                for z in zones
            ),
        }
    return data


class HexMap(BaseModel):
    """One battle map: its size, the move cost of each hex, and named zones."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    name: MapName = MapName()
    shape: Literal["rectangle"] = "rectangle"
    width: int
    height: int
    costs: tuple[tuple[MoveCost, ...], ...] = ()
    """Rows top to bottom, one entry per column; empty means every hex costs 1."""
    zones: tuple[Zone, ...] = ()

    _cost_at: dict[Hex, MoveCost] = PrivateAttr(default_factory=dict)
    _zone_at: dict[str, frozenset[Hex]] = PrivateAttr(default_factory=dict)
    _order: tuple[Hex, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _refuse_as_engine_error(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> HexMap:
        # Files reach this model directly; the engine promises one error type.  Data
        # that is no map at all (a map id in a ``str | HexMap`` field) stays a plain
        # validation error, so a union can try its other member.
        if not isinstance(data, (dict, HexMap)):
            return handler(data)
        try:
            result: HexMap = handler(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "(top level)"
            raise EngineError("The hex map data is malformed at {where}.", where=where) from None
        return result

    @model_validator(mode="before")
    @classmethod
    def _check_costs(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = _as_tuples(data)
        width, height = data.get("width"), data.get("height")
        if not isinstance(width, int) or not isinstance(height, int):
            return data  # the type check reports it
        map_id = data.get("id", "?")
        if width < 1 or height < 1:
            raise EngineError(
                "A hex map needs a width and height of at least 1 (got {width}×{height}).",
                width=width,
                height=height,
            )
        rows = data.get("costs") or ()
        if not rows:
            return {**data, "costs": tuple((1,) * width for _ in range(height))}
        if not isinstance(rows, (list, tuple)):
            return data
        if len(rows) != height:
            raise EngineError(
                "The map {map_id} has {rows} rows of move costs but is {height} rows high.",
                map_id=map_id,
                rows=len(rows),
                height=height,
            )
        for row_index, row in enumerate(rows):
            if not isinstance(row, (list, tuple)):
                return data
            if len(row) != width:
                raise EngineError(
                    "Row {row} of the map {map_id} has {count} move costs but the map is {width} hexes wide.",
                    row=row_index + 1,
                    map_id=map_id,
                    count=len(row),
                    width=width,
                )
            for col_index, cost in enumerate(row):
                if cost is not None and (type(cost) is not int or cost not in MOVE_COSTS):
                    raise EngineError(
                        "The move cost {cost} at {label} is not 1, 2, 3 or impassable (null).",
                        cost=cost,
                        label=label(from_offset(col_index, row_index)),
                    )
        return data

    def model_post_init(self, context: Any, /) -> None:
        """Index costs and zones by hex once, since searches ask thousands of times."""
        order: list[Hex] = []
        cost_at: dict[Hex, MoveCost] = {}
        for row_index, row in enumerate(self.costs):
            for col_index, cost in enumerate(row):
                h = from_offset(col_index, row_index)
                order.append(h)
                cost_at[h] = cost
        zone_at: dict[str, frozenset[Hex]] = {}
        for zone in self.zones:
            if zone.name in zone_at:
                raise EngineError("The map {map_id} names the zone {zone} twice.", map_id=self.id, zone=zone.name)
            members = frozenset(parse_label(text) for text in zone.hexes)
            for h in sorted(members, key=lambda h: (h.r, h.q)):
                if h not in cost_at:
                    raise EngineError(
                        "The zone {zone} of the map {map_id} names {label}, which is off the map.",
                        zone=zone.name,
                        map_id=self.id,
                        label=label(h),
                    )
            zone_at[zone.name] = members
        self._order = tuple(order)
        self._cost_at = cost_at
        self._zone_at = zone_at

    def title(self, lang: str = "ja") -> str:
        """What to call the map on screen: its name, or its id when unnamed."""
        return self.name.text(lang) or self.id

    def in_bounds(self, h: Hex) -> bool:
        """Whether ``h`` is one of the map's hexes."""
        return h in self._cost_at

    def require(self, h: Hex) -> Hex:
        """``h`` itself, or a refusal naming the map when it lies off the map."""
        if h not in self._cost_at:
            raise EngineError(
                "The hex {hex} is not on the map {map_id} ({width}×{height}).",
                hex=describe(h),
                map_id=self.id,
                width=self.width,
                height=self.height,
            )
        return h

    def cost(self, h: Hex) -> MoveCost:
        """Move points to enter ``h`` (None = impassable); refuses off-map hexes."""
        return self._cost_at[self.require(h)]

    def hexes(self) -> tuple[Hex, ...]:
        """All hexes, row by row from the top, left to right (label order)."""
        return self._order

    def edge_hexes(self) -> tuple[Hex, ...]:
        """Hexes with a neighbour off the map: the outer edge of ENC-2, in label order."""
        return tuple(h for h in self._order if any(n not in self._cost_at for n in neighbors(h)))

    def center(self) -> Hex:
        """The hex nearest the rectangle's drawn centre (ENC-2's lead zone).

        Measured on screen, exactly (fractions), so the half-hex shift of odd
        rows counts; ties go to the upper row, then the left column.
        """
        # Doubled x (units of half a hex width) and row y; true distance² ∝ 3dx² + 9dy².
        xs = [2 * h.q + h.r for h in self._order]
        cx = Fraction(min(xs) + max(xs), 2)
        cy = Fraction(self.height - 1, 2)

        def key(h: Hex) -> tuple[Fraction, int, int]:
            dx, dy = 2 * h.q + h.r - cx, h.r - cy
            return (3 * dx * dx + 9 * dy * dy, h.r, h.q)

        return min(self._order, key=key)

    def zone_names(self) -> tuple[str, ...]:
        """The zones this map defines, in file order."""
        return tuple(zone.name for zone in self.zones)

    def zone(self, name: str) -> frozenset[Hex]:
        """The hexes of zone ``name``; refuses a name the map does not define."""
        if name not in self._zone_at:
            raise EngineError("The map {map_id} has no zone named {zone}.", map_id=self.id, zone=name)
        return self._zone_at[name]

    def with_cost(self, h: Hex, cost: MoveCost) -> HexMap:
        """A copy with one hex's cost changed, validated like a loaded map."""
        col, row = to_offset(self.require(h))
        rows = [list(r) for r in self.costs]
        rows[row][col] = cost
        return HexMap.model_validate({**self.model_dump(), "costs": rows})

    def with_zone(self, name: str, hexes: Iterable[Hex]) -> HexMap:
        """A copy with zone ``name`` set (replaced if it exists) to ``hexes``."""
        labels = [label(self.require(h)) for h in hexes]
        zones = [z.model_dump() for z in self.zones if z.name != name]
        zones.append({"name": name, "hexes": labels})
        return HexMap.model_validate({**self.model_dump(), "zones": zones})


class Terrain(Protocol):
    """What the searches need from a playing surface: one map, or two joined maps
    (:class:`engine.hexbattle.board.JoinedBoard`), so paths run across both."""

    def in_bounds(self, h: Hex) -> bool: ...

    def require(self, h: Hex) -> Hex: ...

    def cost(self, h: Hex) -> MoveCost: ...


def _search(
    hex_map: Terrain,
    start: Hex,
    weight: Callable[[Hex], int | None],
    *,
    budget: int | None = None,
    goal: Hex | None = None,
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra over the map; ``weight`` None = cannot enter.

    Ties break on (cost, steps, hex), so the same map always gives the same
    answer and equal-cost paths prefer fewer hexes.
    """
    best: dict[Hex, tuple[int, int]] = {start: (0, 0)}
    came_from: dict[Hex, Hex] = {}
    done: dict[Hex, int] = {}
    queue: list[tuple[int, int, Hex]] = [(0, 0, start)]
    while queue:
        cost, steps, here = heapq.heappop(queue)
        if here in done or best[here] != (cost, steps):
            continue
        done[here] = cost
        if here == goal:
            break
        for step in neighbors(here):
            if step in done or not hex_map.in_bounds(step):
                continue
            enter = weight(step)
            if enter is None:
                continue
            total = (cost + enter, steps + 1)
            if budget is not None and total[0] > budget:
                continue
            if step not in best or total < best[step]:
                best[step] = total
                came_from[step] = here
                heapq.heappush(queue, (total[0], total[1], step))
    return done, came_from


def _terrain_weight(
    hex_map: Terrain,
    avoid_cost_at_least: int | None,
    blocked: frozenset[Hex],
    exempt: Hex | None = None,
) -> Callable[[Hex], int | None]:
    def weight(h: Hex) -> int | None:
        cost = hex_map.cost(h)
        if cost is None or h in blocked:
            return None
        if avoid_cost_at_least is not None and cost >= avoid_cost_at_least and h != exempt:
            return None
        return cost

    return weight


def reachable(
    hex_map: Terrain,
    start: Hex,
    budget: int | None,
    *,
    avoid_cost_at_least: int | None = None,
    blocked: frozenset[Hex] = frozenset(),
) -> dict[Hex, int]:
    """Every hex reachable from ``start`` within ``budget`` move points, with its cheapest cost.

    Entering a hex costs that hex's cost; impassable and ``blocked`` hexes are
    never entered, nor hexes costing ``avoid_cost_at_least`` or more.  The
    start costs 0 whatever its terrain.  ``budget`` None means unlimited.
    Drives "which hexes can this token reach?" highlighting.
    """
    hex_map.require(start)
    if budget is not None and budget < 0:
        raise EngineError("A movement budget must be 0 or more, got {budget}.", budget=budget)
    weight = _terrain_weight(hex_map, avoid_cost_at_least, blocked)
    done, _ = _search(hex_map, start, weight, budget=budget)
    return done


def _walk_back(came_from: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex]:
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    path.reverse()
    return path


def cheapest_path(
    hex_map: Terrain,
    start: Hex,
    goal: Hex,
    *,
    avoid_cost_at_least: int | None = None,
    blocked: frozenset[Hex] = frozenset(),
) -> list[Hex] | None:
    """The cheapest path ``start``..``goal`` (both included), or None if there is none.

    Costs as in :func:`reachable`, except that the goal itself may cost
    ``avoid_cost_at_least`` or more: avoidance is about the way there.  Equal
    costs prefer fewer hexes, then a fixed hex order, so the answer is stable.
    """
    hex_map.require(start)
    hex_map.require(goal)
    weight = _terrain_weight(hex_map, avoid_cost_at_least, blocked, exempt=goal)
    done, came_from = _search(hex_map, start, weight, goal=goal)
    if goal not in done:
        return None
    return _walk_back(came_from, start, goal)


def path_cost(hex_map: Terrain, path: list[Hex]) -> int:
    """Move points to walk ``path`` (the first hex is where one stands, free)."""
    total = 0
    for h in path[1:]:
        cost = hex_map.cost(h)
        if cost is None:
            raise EngineError("The hex {hex} is impassable.", hex=describe(h))
        total += cost
    return total


class PathDistance(NamedTuple):
    """A distance in hexes along the map, and whether costly hexes were avoided."""

    steps: int
    avoided: bool
    """True if the path keeps off hexes of the avoided cost; False if it had to cross one."""
    path: tuple[Hex, ...]


def path_distance_avoiding(hex_map: Terrain, a: Hex, b: Hex, avoid_at_least: int = 3) -> PathDistance | None:
    """ENC-3's distance: hexes counted along the map, keeping off costly ones if possible.

    Each hex counts as one step (this is distance, not move points), and
    impassable hexes are never crossed.  Hexes costing ``avoid_at_least`` or
    more are avoided unless no path exists without them ("unless unavoidable");
    ``a`` and ``b`` themselves never count as crossed, since characters stand
    there.  None when no path exists at all.
    """
    hex_map.require(a)
    hex_map.require(b)

    def unit(avoid: bool) -> Callable[[Hex], int | None]:
        def weight(h: Hex) -> int | None:
            cost = hex_map.cost(h)
            if cost is None:
                return None
            if avoid and cost >= avoid_at_least and h != b:
                return None
            return 1

        return weight

    for avoid in (True, False):
        done, came_from = _search(hex_map, a, unit(avoid), goal=b)
        if b in done:
            return PathDistance(done[b], avoid, tuple(_walk_back(came_from, a, b)))
    return None


def clamp_to_map(hex_map: Terrain, origin: Hex, direction: int, steps: int) -> Hex:
    """ENC-7: walk ``steps`` hexes in ``direction`` and stop at the map edge.

    Returns the last hex still on the map.  Terrain is ignored: this places a
    token, it does not move one through the hexes.
    """
    hex_map.require(origin)
    direction_step(direction)  # refuses a bad face even when steps is 0
    if steps < 0:
        raise EngineError("A number of steps must be 0 or more, got {steps}.", steps=steps)
    here = origin
    for _ in range(steps):
        ahead = neighbor(here, direction)
        if not hex_map.in_bounds(ahead):
            break
        here = ahead
    return here
