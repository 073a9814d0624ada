"""Geometry of the grid of squares (rules MAP-1, MAP-2, MAP-7, MAP-8).

Squares are named like a spreadsheet: column letters A.. left to right, row
numbers 1.. top to bottom, so ``C5`` is the middle of the bottom row of the
default 5 × 5 map.  "Up" goes from row 5 toward row 1.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from engine.errors import EngineError

MAX_SIDE = 26
_NAME = re.compile(r"^([A-Z])([1-9][0-9]?)$")


class Pos(NamedTuple):
    """Zero-based (column, row) of a square."""

    col: int
    row: int


class Grid(NamedTuple):
    """A grid's size; all geometry is answered relative to it."""

    cols: int = 5
    rows: int = 5

    def validate(self) -> Grid:
        if not (1 <= self.cols <= MAX_SIDE and 1 <= self.rows <= MAX_SIDE):
            raise EngineError(
                "A map must be between 1×1 and {max}×{max} squares (got {cols}×{rows}).",
                max=MAX_SIDE,
                cols=self.cols,
                rows=self.rows,
            )
        return self

    def contains(self, pos: Pos) -> bool:
        return 0 <= pos.col < self.cols and 0 <= pos.row < self.rows

    def pos(self, name: str) -> Pos:
        """Position of a square name; unknown or off-map names are a clear error."""
        match = _NAME.match(name.strip().upper())
        if match:
            pos = Pos(ord(match.group(1)) - ord("A"), int(match.group(2)) - 1)
            if self.contains(pos):
                return pos
        raise EngineError(
            "There is no square '{name}' on a {cols}×{rows} map.",
            name=name,
            cols=self.cols,
            rows=self.rows,
        )

    def name(self, pos: Pos) -> str:
        return f"{chr(ord('A') + pos.col)}{pos.row + 1}"

    def squares(self) -> list[str]:
        """All square names, row by row from the top, left to right."""
        return [self.name(Pos(c, r)) for r in range(self.rows) for c in range(self.cols)]

    def is_square(self, name: str) -> bool:
        try:
            self.pos(name)
        except EngineError:
            return False
        return True

    def orthogonal(self, name: str) -> list[str]:
        """MAP-7: squares sharing a side (up, right, down, left order)."""
        p = self.pos(name)
        steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
        return [self.name(q) for q in (Pos(p.col + dc, p.row + dr) for dc, dr in steps) if self.contains(q)]

    def diagonal(self, name: str) -> list[str]:
        """MAP-7: squares sharing only a corner."""
        p = self.pos(name)
        steps = ((1, -1), (1, 1), (-1, 1), (-1, -1))
        return [self.name(q) for q in (Pos(p.col + dc, p.row + dr) for dc, dr in steps) if self.contains(q)]

    def distance(self, a: str, b: str) -> int:
        """Manhattan distance: the number of orthogonal steps between two squares."""
        pa, pb = self.pos(a), self.pos(b)
        return abs(pa.col - pb.col) + abs(pa.row - pb.row)

    def step_toward(self, start: str, target: str) -> str:
        """MAP-7: one orthogonal step toward ``target``, vertical first (縦を優先)."""
        p, t = self.pos(start), self.pos(target)
        if p.row != t.row:
            return self.name(Pos(p.col, p.row + (1 if t.row > p.row else -1)))
        if p.col != t.col:
            return self.name(Pos(p.col + (1 if t.col > p.col else -1), p.row))
        return start

    def by_nearness(self, origin: str, squares: list[str] | None = None) -> list[str]:
        """MAP-8: squares ordered by distance from ``origin``; ties prefer the smaller
        column offset (the vertical axis first), then the smaller row offset, then
        left before right and top before bottom so the order is total."""
        g = self.pos(origin)
        names = squares if squares is not None else self.squares()

        def key(name: str) -> tuple[int, int, int, int, int]:
            p = self.pos(name)
            dc, dr = abs(p.col - g.col), abs(p.row - g.row)
            return (dc + dr, dc, dr, p.col, p.row)

        return sorted(names, key=key)

    def block_2x2(self, a: str, b: str) -> list[str] | None:
        """The 2 × 2 block holding two diagonal neighbours (INV-7), else None."""
        pa, pb = self.pos(a), self.pos(b)
        if abs(pa.col - pb.col) != 1 or abs(pa.row - pb.row) != 1:
            return None
        cols = sorted((pa.col, pb.col))
        rows = sorted((pa.row, pb.row))
        return [self.name(Pos(c, r)) for r in rows for c in cols]
