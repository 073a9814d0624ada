"""Hex geometry for the battle maps (ENC-2..ENC-8): axial coordinates, no map.

Battle maps are printed with rows of hexes, so the grid is **pointy-top**: each
row runs left to right, and every other row is shifted half a hex.  A hex is
stored in axial coordinates ``(q, r)``: ``r`` is the row (growing *down* the
map, so "up" means ``r`` decreasing) and ``q`` grows to the right along a row.
Cube coordinates ``(q, r, s)`` with ``q + r + s == 0`` make distances and lines
simple; they are derived, never stored.

Directions are numbered 1–6 so one D6 face picks one (ENC-4 drift, ENC-7 first
enemy), going **clockwise as seen on the screen, starting east**::

        5   6            5 = north-west (up-left)    6 = north-east (up-right)
      4   ·   1          4 = west (left)             1 = east (right)
        3   2            3 = south-west (down-left)  2 = south-east (down-right)

Rectangular maps and their labels use **odd-r** offset coordinates: ``col`` and
``row`` count from 0 at the top-left hex, and odd rows (the 2nd, 4th... printed
row) sit half a hex to the right.  A GM reads a hex as a column letter and a
1-based row number, like the exploration squares of MAP-1: ``A1`` is the
top-left hex, ``C4`` the third column of the fourth row; after ``Z`` come
``AA``, ``AB``... as in a spreadsheet.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from engine.errors import EngineError


class Hex(NamedTuple):
    """One hex in axial coordinates; a tuple so it is hashable, ordered and cheap."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, implied by ``q + r + s == 0``."""
        return -self.q - self.r

    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)``, where distances are plain arithmetic."""
        return (self.q, self.r, -self.q - self.r)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """The hex at cube ``(q, r, s)``; refuses triples off the ``q+r+s=0`` plane."""
        if q + r + s != 0:
            raise EngineError("Cube coordinates must add up to 0 (got {q}, {r}, {s}).", q=q, r=r, s=s)
        return cls(q, r)


class Offset(NamedTuple):
    """A position on a rectangular map: 0-based column and row (odd-r layout)."""

    col: int
    row: int


# Axial steps for D6 faces 1..6: E, SE, SW, W, NW, NE (clockwise on screen).
_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

DIRECTIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The direction numbers, in the order :func:`neighbors` lists them."""

DIRECTION_NAMES: dict[int, str] = {
    1: "east",
    2: "south-east",
    3: "south-west",
    4: "west",
    5: "north-west",
    6: "north-east",
}
"""English names of the directions, for logs and tests (not translated here)."""


def _check_direction(direction: int) -> None:
    if isinstance(direction, bool) or direction not in DIRECTIONS:
        raise EngineError("A hex direction must be 1 to 6 (a D6 face), got {direction}.", direction=direction)


def direction_step(direction: int) -> Hex:
    """The axial offset one step in ``direction`` moves by."""
    _check_direction(direction)
    dq, dr = _STEPS[direction - 1]
    return Hex(dq, dr)


def opposite(direction: int) -> int:
    """The direction pointing back; "behind" the first enemy in ENC-7."""
    _check_direction(direction)
    return (direction + 2) % 6 + 1


def d3_direction(face: int, *, forward: int = 2) -> int:
    """The D6-numbered direction a D3 face points to (ENC-7, strength ≤ 1).

    **Reading:** RULES.md does not say which three directions a D3 picks.  The
    D3 covers a fan of three neighbouring directions centred on ``forward``:
    face 1 = one step counter-clockwise of it, 2 = ``forward`` itself, 3 = one
    step clockwise.  With the default ``forward=2`` that is simply directions
    1–3 of the D6 numbering (east, south-east, south-west), so a D3 face *n*
    means D6 direction *n*.  Callers that know a facing (say, away from the
    first spotter toward the map's front) pass it as ``forward``.
    """
    if isinstance(face, bool) or face not in (1, 2, 3):
        raise EngineError("A D3 face must be 1 to 3, got {face}.", face=face)
    _check_direction(forward)
    return (forward - 1 + face - 2) % 6 + 1


def neighbor(h: Hex, direction: int) -> Hex:
    """The adjacent hex in ``direction`` (1–6, see the module docstring)."""
    _check_direction(direction)
    dq, dr = _STEPS[direction - 1]
    return Hex(h.q + dq, h.r + dr)


def neighbors(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in direction order 1..6 (so index + 1 = D6 face)."""
    return [Hex(h.q + dq, h.r + dr) for dq, dr in _STEPS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b``; None if not adjacent."""
    delta = (b.q - a.q, b.r - a.r)
    for index, step in enumerate(_STEPS):
        if step == delta:
            return index + 1
    return None


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open grid (ignores terrain)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _check_radius(radius: int) -> None:
    if radius < 0:
        raise EngineError("A radius must be 0 or more, got {radius}.", radius=radius)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` away, 6 × radius of them.

    The order is fixed so callers can number them: it starts at the hex
    ``radius`` steps east (direction 1) and goes clockwise round the centre.
    """
    _check_radius(radius)
    if radius == 0:
        return [center]
    dq, dr = _STEPS[0]
    current = Hex(center.q + dq * radius, center.r + dr * radius)
    result: list[Hex] = []
    # From the east corner, clockwise means walking south-west first, then on.
    for direction in (3, 4, 5, 6, 1, 2):
        for _ in range(radius):
            result.append(current)
            current = neighbor(current, direction)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius``: the centre, then ring 1, ring 2... in ring order."""
    _check_radius(radius)
    result = [center]
    for k in range(1, radius + 1):
        result.extend(ring(center, k))
    return result


def disk(center: Hex, radius: int) -> frozenset[Hex]:
    """The same hexes as :func:`spiral`, as a set for membership tests."""
    return frozenset(spiral(center, radius))


# Nudge added to every lerp point so a line running exactly along the edge
# between two hexes always rounds the same way (towards +q, +r).
_NUDGE = (1e-6, 2e-6, -3e-6)


def _round_cube(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return Hex(rx, ry)


def _lerp_point(a: Hex, b: Hex, t: float) -> Hex:
    ax, ay, az = a.cube()
    bx, by, bz = b.cube()
    nx, ny, nz = _NUDGE
    return _round_cube(
        ax + nx + (bx - ax) * t,
        ay + ny + (by - ay) * t,
        az + nz + (bz - az) * t,
    )


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` crosses, both ends included.

    It has ``distance(a, b) + 1`` hexes, each adjacent to the one before; the
    fixed nudge makes the choice on exact hex edges deterministic.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    return [_lerp_point(a, b, i / n) for i in range(n + 1)]


def step_toward(a: Hex, b: Hex) -> Hex:
    """The first hex of :func:`line` after ``a``; ``a`` itself when already there."""
    n = distance(a, b)
    if n == 0:
        return a
    return _lerp_point(a, b, 1 / n)


def to_offset(h: Hex) -> Offset:
    """Odd-r offset position (column, row) of an axial hex."""
    return Offset(h.q + (h.r - (h.r & 1)) // 2, h.r)


def from_offset(col: int, row: int) -> Hex:
    """The axial hex at odd-r offset ``(col, row)``."""
    return Hex(col - (row - (row & 1)) // 2, row)


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of ``h`` on screen for pointy-top hexes of circumradius ``size``.

    ``A1`` is at (0, 0); y grows downward like screen coordinates.
    """
    return (size * math.sqrt(3) * (h.q + h.r / 2), size * 1.5 * h.r)


def _column_letters(col: int) -> str:
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def label(h: Hex) -> str:
    """The GM-readable name of a hex: column letter(s) then 1-based row, e.g. ``C4``."""
    col, row = to_offset(h)
    if col < 0 or row < 0:
        raise EngineError(
            "Only hexes right of and below A1 have a label (got column {col}, row {row}).",
            col=col,
            row=row,
        )
    return f"{_column_letters(col)}{row + 1}"


_LABEL = re.compile(r"([A-Za-z]+)([0-9]+)")


def parse_label(text: str) -> Hex:
    """The hex a label such as ``C4`` or ``aa12`` names (case and spaces ignored)."""
    match = _LABEL.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None or int(match.group(2)) < 1:
        raise EngineError(
            "{label} is not a hex label (column letters then a row number, like C4).",
            label=text,
        )
    col = 0
    for char in match.group(1).upper():
        col = col * 26 + (ord(char) - ord("A") + 1)
    return from_offset(col - 1, int(match.group(2)) - 1)
