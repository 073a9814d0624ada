"""The map editor's model: paint move costs, set zones, rename, resize.

Every edit returns a new, validated :class:`HexMap` (or refuses with an
:class:`EngineError`), so the editor dialog only ever holds a map a session
could use, and :func:`replace_map` puts an edited map into a battle only if
no token would end up off the board or on an impassable hex.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import EngineError
from engine.hexbattle.board import JoinedBoard
from engine.hexbattle.hexgrid import Hex, label, parse_label, to_offset
from engine.hexbattle.hexmap import HexMap, MoveCost
from engine.hexbattle.model import BattleState

MAX_SIDE = 80
"""Largest width or height the editor allows (a 40×40 map is the benchmark's)."""


def _hexes(hex_map: HexMap, hexes: Iterable[Hex | str]) -> list[Hex]:
    return [hex_map.require(parse_label(h) if isinstance(h, str) else h) for h in hexes]


def paint_cost(hex_map: HexMap, hexes: Iterable[Hex | str], cost: MoveCost) -> HexMap:
    """Set the move cost (1, 2, 3 or None = impassable) of some hexes."""
    rows = [list(r) for r in hex_map.costs]
    for h in _hexes(hex_map, hexes):
        col, row = to_offset(h)
        rows[row][col] = cost
    return HexMap.model_validate({**hex_map.model_dump(), "costs": rows})


def set_zone(hex_map: HexMap, name: str, hexes: Iterable[Hex | str]) -> HexMap:
    """Make zone ``name`` exactly ``hexes`` (an empty set removes the zone)."""
    clean = name.strip()
    if not clean:
        raise EngineError("A zone needs a name.")
    members = _hexes(hex_map, hexes)
    zones = [z.model_dump() for z in hex_map.zones if z.name != clean]
    if members:
        zones.append({"name": clean, "hexes": [label(h) for h in members]})
    return HexMap.model_validate({**hex_map.model_dump(), "zones": zones})


def rename(hex_map: HexMap, ja: str | None = None, en: str | None = None) -> HexMap:
    """Give the map a display name in either language (blank clears it)."""
    name = hex_map.name.model_copy(update={k: v.strip() for k, v in (("ja", ja), ("en", en)) if v is not None})
    return hex_map.model_copy(update={"name": name})


def _check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise EngineError(
            "A map must be 1 to {most} hexes wide and high (got {width}×{height}).",
            most=MAX_SIDE,
            width=width,
            height=height,
        )


def resize(hex_map: HexMap, width: int, height: int) -> HexMap:
    """Grow or shrink the map from its bottom-right corner; new hexes cost 1.

    Zone hexes that fall off the map are dropped from their zones.
    """
    _check_size(width, height)
    rows = [
        [hex_map.costs[r][c] if r < hex_map.height and c < hex_map.width else 1 for c in range(width)]
        for r in range(height)
    ]

    def inside(text: str) -> bool:
        col, row = to_offset(parse_label(text))
        return col < width and row < height

    zones = [{"name": z.name, "hexes": [h for h in z.hexes if inside(h)]} for z in hex_map.zones]
    zones = [z for z in zones if z["hexes"]]
    return HexMap.model_validate(
        {
            **hex_map.model_dump(),
            "width": width,
            "height": height,
            "costs": rows,
            "zones": zones,
        }
    )


def replace_map(battle: BattleState, number: int, hex_map: HexMap) -> BattleState:
    """Put an edited map in place of map ``number`` (1 or 2), if every token still fits."""
    if number not in (1, 2):
        raise EngineError("A battle has maps 1 and 2, not {number}.", number=number)
    maps = (hex_map, battle.maps[1]) if number == 1 else (battle.maps[0], hex_map)
    board = JoinedBoard(maps[0], maps[1], battle.join)
    for token in battle.tokens.values():
        if token.at is None or token.at.map != number:
            continue
        local = parse_label(token.at.hex)
        if not hex_map.in_bounds(local) or board.cost(board.to_hex(token.at)) is None:
            raise EngineError(
                "The edit leaves the token {token} on {spot}, off the map or impassable; move it first.",
                token=token.id,
                spot=str(token.at),
            )
    return battle.model_copy(update={"maps": maps})


def blank_map(map_id: str, width: int, height: int) -> HexMap:
    """A new map of firm ground (every hex costs 1), for the editor's "New"."""
    _check_size(width, height)
    return HexMap(id=map_id, width=width, height=height)


__all__ = ["MAX_SIDE", "blank_map", "paint_cost", "rename", "replace_map", "resize", "set_zone"]
