"""Two maps joined into one playing surface, so distances and paths run across both.

Map 1 keeps its own axial coordinates; map 2 is translated rigidly (in axial
space, so its own neighbours stay neighbours) to lie against the side of map 1
the GM chose (ENC-2).  The result answers what :class:`~engine.hexbattle.hexmap.Terrain`
asks, so every search of :mod:`engine.hexbattle.hexmap` works on it unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, cast

from engine.errors import EngineError
from engine.hexbattle.hexgrid import Hex, from_offset, label, neighbor, neighbors, parse_label
from engine.hexbattle.hexmap import HexMap, MoveCost
from engine.hexbattle.model import SIDES, BattleState, Join, Side, Spot

#: The directions (hexgrid numbering) that must all lead off the board for a hex to lie on
#: that side: a west-edge hex on an unshifted row also has its NW/SW neighbours off the map,
#: but it is not on the north side unless its NE neighbour is off too.
SIDE_DIRECTIONS: dict[Side, tuple[int, ...]] = {
    "east": (1,),
    "south": (2, 3),
    "west": (4,),
    "north": (5, 6),
}


def _shift(first: HexMap, second: HexMap, join: Join) -> Hex:
    """The axial translation that puts map 2's hexes against ``join.side`` of map 1."""
    off = join.offset
    match join.side:
        case "east":
            anchor, local = from_offset(first.width, off), from_offset(0, 0)
        case "west":
            anchor, local = from_offset(-1, off), from_offset(second.width - 1, 0)
        case "south":
            anchor, local = from_offset(off, first.height), from_offset(0, 0)
        case "north":
            anchor, local = from_offset(off, -1), from_offset(0, second.height - 1)
    return Hex(anchor.q - local.q, anchor.r - local.r)


class JoinedBoard:
    """The hexes of both maps in one coordinate space (map 1 at its own origin)."""

    def __init__(self, first: HexMap, second: HexMap, join: Join) -> None:
        self.maps = (first, second)
        self.join = join
        self.shifts = (Hex(0, 0), _shift(first, second, join))
        self._cost: dict[Hex, MoveCost] = {}
        self._where: dict[Hex, int] = {}
        # Labels are made on demand (to_spot / to_hex cache them): building all of
        # them up front was most of the cost of opening a battle.
        self._hex: dict[tuple[int, str], Hex] = {}
        self._spot: dict[Hex, Spot] = {}
        for number, (hex_map, shift) in enumerate(zip(self.maps, self.shifts, strict=True), start=1):
            # The rows directly: the map's own lookups cost a pydantic attribute access per hex.
            for row_index, row in enumerate(hex_map.costs):
                for col_index, cost in enumerate(row):
                    local = from_offset(col_index, row_index)
                    h = Hex(local.q + shift.q, local.r + shift.r)
                    self._cost[h] = cost
                    self._where[h] = number
        first_hexes = set(first.hexes())
        if not any(n in first_hexes for h in self.map_hexes(2) for n in neighbors(h)):
            raise EngineError(
                "With the offset {offset} map 2 does not touch map 1 on its {side} side.",
                offset=join.offset,
                side=join.side,
            )

    # -- Terrain protocol ------------------------------------------------------
    def in_bounds(self, h: Hex) -> bool:
        return h in self._cost

    def require(self, h: Hex) -> Hex:
        if h not in self._cost:
            raise EngineError("The hex ({q}, {r}) is not on the battle board.", q=h.q, r=h.r)
        return h

    def cost(self, h: Hex) -> MoveCost:
        return self._cost[self.require(h)]

    # -- positions ---------------------------------------------------------------
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(self._cost)

    def to_hex(self, where: Spot) -> Hex:
        """The board hex of a spot; refuses a label off its map."""
        key = (where.map, where.hex)
        found = self._hex.get(key)
        if found is None:
            local = self.maps[where.map - 1].require(parse_label(where.hex))
            shift = self.shifts[where.map - 1]
            found = self._hex[key] = Hex(local.q + shift.q, local.r + shift.r)
        return found

    def to_spot(self, h: Hex) -> Spot:
        found = self._spot.get(h)
        if found is None:
            number = self._where[self.require(h)]
            shift = self.shifts[number - 1]
            name = label(Hex(h.q - shift.q, h.r - shift.r))
            found = self._spot[h] = Spot.model_construct(map=cast(Literal[1, 2], number), hex=name)  # canonical
        return found

    def zone(self, name: str) -> frozenset[Hex]:
        """The board hexes of zone ``name`` on either map (empty if neither defines it)."""
        out: set[Hex] = set()
        for hex_map, shift in zip(self.maps, self.shifts, strict=True):
            if name in hex_map.zone_names():
                out |= {Hex(h.q + shift.q, h.r + shift.r) for h in hex_map.zone(name)}
        return frozenset(out)

    def map_hexes(self, number: int) -> frozenset[Hex]:
        return frozenset(h for h, where in self._where.items() if where == number)

    def open_sides(self, h: Hex) -> tuple[Side, ...]:
        """The sides a token on ``h`` can step off the board by (ENC-10)."""
        self.require(h)
        return tuple(side for side in SIDES if all(neighbor(h, d) not in self._cost for d in SIDE_DIRECTIONS[side]))

    def edge_hexes(self) -> tuple[Hex, ...]:
        return tuple(h for h in self._cost if any(n not in self._cost for n in neighbors(h)))

    def spots(self, hexes: Iterable[Hex]) -> list[Spot]:
        return [self.to_spot(h) for h in hexes]


_CACHE: dict[tuple[int, int, Join], tuple[HexMap, HexMap, JoinedBoard]] = {}


def board_of(battle: BattleState) -> JoinedBoard:
    """The joined board of a battle, built once per pair of map objects.

    Frozen models are shared between successive states, so a token move keeps
    the same maps and the same board; the cache holds the maps themselves so
    their ids cannot be reused while cached.
    """
    first, second = battle.maps
    key = (id(first), id(second), battle.join)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is first and hit[1] is second:
        return hit[2]
    board = JoinedBoard(first, second, battle.join)
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[key] = (first, second, board)
    return board
