"""Where everything sits on the board, and how thick and big it is drawn.

The geometry is a pure function of the grid size and the characters in
marching order, so the GM's scene and the projector's scene put every square,
pile and hand at the same scene coordinates: the projector can follow the GM
view by copying its visible rectangle.  Only the *style* (line widths, label
sizes) differs between the two.

Scene units are "card pixels": a card is 72 × 100 (a poker card's 2.5 × 3.5
rounded), a square 140 × 150 so a tapped card (100 wide) and the visible
depth of its stack still fit, with a strip above and below for labels,
markers and the party token.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from engine.table.board import Grid, Pos
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, Place, hand, square

CARD_W = 72.0
CARD_H = 100.0
SQUARE_W = 140.0
SQUARE_H = 150.0
MARGIN = 40.0
LABEL_BAND = 34.0  # column letters above the grid, row numbers left of it
GUTTER = 60.0  # between the grid and the side column
PILE_W = 100.0
PILE_H = 176.0  # card, then the label and count below it (room for the projector's bigger text)
PILE_GAP = 18.0
PARTY_HOME_W = 110.0
HAND_W = PILE_W * 3 + PILE_GAP * 3 + PARTY_HOME_W
HAND_H = 150.0
HAND_HEADER = 34.0
HAND_GAP = 12.0
SIDE_TOP_GAP = 16.0  # between the pile row and the first hand

# How deep a pile looks: the top few cards are offset so the depth shows.
SQUARE_DEPTH_SHOWN = 4
SQUARE_DEPTH_STEP = 5.0
PILE_DEPTH_SHOWN = 4
PILE_DEPTH_STEP = 2.0
HAND_STEP_MAX = CARD_W + 8.0

# Z order: the board below, cards above, tokens above cards, a dragged thing on top.
Z_SQUARE = 0.0
Z_PILE = 0.0
Z_HAND = 0.0
Z_BONE = 2.0
Z_FOCUS_UNDER = 4.0  # the step's squares and hands: under the drag targets
Z_TARGETS = 5.0  # drop-target highlights: over the board, under the cards
Z_CARD = 10.0
Z_MARKER = 200.0
Z_FOCUS_OVER = 205.0  # rings around the step's cards and markers
Z_PARTY = 210.0
Z_DRAG = 1000.0

MARKER_D = 22.0
PARTY_D = 30.0


@dataclass(frozen=True)
class BoardStyle:
    """How heavily things are drawn: the GM's laptop style or the projector's
    large, high-contrast one (thicker lines, bigger labels, no subtle greys)."""

    name: str
    line: float
    grid_line: float
    label_px: int
    small_px: int
    badge_px: int
    board_bg: str
    square_bg: str
    square_line: str
    label_color: str
    gate_color: str
    highlight: str
    drop_highlight: str
    #: the phase stepper's focus (what the current step is about), unlike any drag colour
    focus: str = "#ff8c2e"

    @property
    def projector(self) -> bool:
        return self.name == "projector"


GM_STYLE = BoardStyle(
    name="gm",
    line=1.5,
    grid_line=1.2,
    label_px=20,
    small_px=12,
    badge_px=14,
    board_bg="#2b3a2f",
    square_bg="#3d5243",
    square_line="#8fa596",
    label_color="#e8efe9",
    gate_color="#e3b448",
    highlight="#7fd3ff",
    drop_highlight="#ffe066",
)

PROJECTOR_STYLE = BoardStyle(
    name="projector",
    line=3.0,
    grid_line=2.5,
    label_px=28,
    small_px=17,
    badge_px=18,
    board_bg="#101810",
    square_bg="#24382a",
    square_line="#d8e6dc",
    label_color="#ffffff",
    gate_color="#ffc83d",
    highlight="#7fd3ff",
    drop_highlight="#ffe066",
)


@dataclass(frozen=True)
class CardSpot:
    """Where one card of a pile lies: centre, stacking order, whether drawn."""

    center: QPointF
    z: float
    visible: bool


@dataclass
class BoardLayout:
    """Rectangles of everything on the board for one grid and party."""

    cols: int
    rows: int
    characters: tuple[str, ...] = ()
    squares: dict[str, QRectF] = field(default_factory=dict)
    piles: dict[PileKind, QRectF] = field(default_factory=dict)
    hands: dict[str, QRectF] = field(default_factory=dict)
    party_home: QRectF = field(default_factory=QRectF)
    col_labels: dict[str, QRectF] = field(default_factory=dict)
    row_labels: dict[str, QRectF] = field(default_factory=dict)

    @classmethod
    def build(cls, cols: int, rows: int, characters: Sequence[str] = ()) -> BoardLayout:
        lay = cls(cols, rows, tuple(characters))
        grid = Grid(cols, rows)
        gx = MARGIN + LABEL_BAND
        gy = MARGIN + LABEL_BAND
        for r in range(rows):
            for c in range(cols):
                name = grid.name(Pos(c, r))
                lay.squares[name] = QRectF(gx + c * SQUARE_W, gy + r * SQUARE_H, SQUARE_W, SQUARE_H)
        for c in range(cols):
            letter = chr(ord("A") + c)
            lay.col_labels[letter] = QRectF(gx + c * SQUARE_W, MARGIN, SQUARE_W, LABEL_BAND)
        for r in range(rows):
            lay.row_labels[str(r + 1)] = QRectF(MARGIN, gy + r * SQUARE_H, LABEL_BAND, SQUARE_H)
        sx = gx + cols * SQUARE_W + GUTTER
        for i, zone in enumerate((PileKind.DECK, PileKind.DISCARD, PileKind.REMOVED)):
            lay.piles[zone] = QRectF(sx + i * (PILE_W + PILE_GAP), gy, PILE_W, PILE_H)
        lay.party_home = QRectF(sx + 3 * (PILE_W + PILE_GAP), gy, PARTY_HOME_W, PILE_H)
        hy = gy + PILE_H + SIDE_TOP_GAP
        for i, cid in enumerate(characters):
            lay.hands[cid] = QRectF(sx, hy + i * (HAND_H + HAND_GAP), HAND_W, HAND_H)
        return lay

    # -- whole board -----------------------------------------------------------
    @property
    def grid_rect(self) -> QRectF:
        gx = MARGIN + LABEL_BAND
        return QRectF(gx, gx, self.cols * SQUARE_W, self.rows * SQUARE_H)

    def content_rect(self) -> QRectF:
        """Everything drawn, with the outer margin: what "fit to window" shows."""
        rect = self.grid_rect.adjusted(-LABEL_BAND, -LABEL_BAND, 0, 0)
        for r in self._side_rects():
            rect = rect.united(r)
        return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)

    def _side_rects(self) -> Iterable[QRectF]:
        yield from self.piles.values()
        yield self.party_home
        yield from self.hands.values()

    def squares_near(self, rect: QRectF) -> list[str]:
        """The squares that may meet ``rect`` (and their neighbours), row by row,
        found by the grid's arithmetic: a repaint or a mouse move on the 20 × 20
        board need not test all 400 rects.  Callers still test each one exactly."""
        grid = self.grid_rect
        if self.cols <= 0 or self.rows <= 0:
            return []
        c0 = max(0, math.floor((rect.left() - grid.left()) / SQUARE_W) - 1)
        c1 = min(self.cols - 1, math.floor((rect.right() - grid.left()) / SQUARE_W) + 1)
        r0 = max(0, math.floor((rect.top() - grid.top()) / SQUARE_H) - 1)
        r1 = min(self.rows - 1, math.floor((rect.bottom() - grid.top()) / SQUARE_H) + 1)
        names = Grid(self.cols, self.rows)
        return [names.name(Pos(c, r)) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]

    # -- hit testing -------------------------------------------------------------
    def place_at(self, point: QPointF) -> Place | None:
        """The pile under a scene point: a square, deck/discard/removed or a hand."""
        for name in self.squares_near(QRectF(point, point)):
            if self.squares[name].contains(point):
                return square(name)
        for zone, rect in self.piles.items():
            if rect.contains(point):
                return {PileKind.DECK: DECK, PileKind.DISCARD: DISCARD, PileKind.REMOVED: REMOVED}[zone]
        for cid, rect in self.hands.items():
            if rect.contains(point):
                return hand(cid)
        return None

    def rect_of(self, place: Place) -> QRectF | None:
        if place.zone is PileKind.SQUARE:
            return self.squares.get(place.key or "")
        if place.zone is PileKind.HAND:
            return self.hands.get(place.key or "")
        return self.piles.get(place.zone)

    # -- where cards lie -----------------------------------------------------------
    def card_spot(self, place: Place, index: int, count: int) -> CardSpot:
        """Centre and z of card ``index`` (0 = top) of a pile of ``count`` cards."""
        rect = self.rect_of(place)
        if rect is None:  # the secret bone slot: nowhere on the board
            return CardSpot(QPointF(-1000.0, -1000.0), Z_CARD, False)
        z = Z_CARD + (count - index)
        if place.zone is PileKind.SQUARE:
            shown = min(count, SQUARE_DEPTH_SHOWN)
            depth = min(index, SQUARE_DEPTH_SHOWN - 1)
            # the top card sits up-left, deeper ones peek out down-right
            offset = (depth - (shown - 1) / 2.0) * SQUARE_DEPTH_STEP
            c = rect.center()
            return CardSpot(QPointF(c.x() + offset, c.y() + offset), z, index < SQUARE_DEPTH_SHOWN)
        if place.zone is PileKind.HAND:
            inner_left = rect.left() + 12.0
            inner_w = rect.width() - 24.0
            step = HAND_STEP_MAX if count <= 1 else min(HAND_STEP_MAX, (inner_w - CARD_W) / (count - 1))
            # marching order reads left to right; the top (index 0) is the left-most card
            x = inner_left + CARD_W / 2.0 + index * step
            y = rect.top() + HAND_HEADER + (rect.height() - HAND_HEADER) / 2.0
            return CardSpot(QPointF(x, y), Z_CARD + index, True)
        depth = min(index, PILE_DEPTH_SHOWN - 1)
        c = QPointF(rect.center().x(), rect.top() + 8.0 + CARD_H / 2.0)
        offset = -depth * PILE_DEPTH_STEP
        return CardSpot(QPointF(c.x() - offset, c.y() - offset), z, index < PILE_DEPTH_SHOWN)

    def marker_spot(self, square_name: str, slot: int, of: int) -> QPointF:
        """Markers on a square line up along its bottom strip (wrapping to two rows)."""
        rect = self.squares[square_name]
        per_row = max(1, int((rect.width() - 8) // (MARKER_D + 2)))
        row, col = divmod(slot, per_row)
        in_row = min(of - row * per_row, per_row)
        width = in_row * (MARKER_D + 2) - 2
        x = rect.center().x() - width / 2.0 + col * (MARKER_D + 2) + MARKER_D / 2.0
        y = rect.bottom() - MARKER_D / 2.0 - 3.0 - row * (MARKER_D + 2)
        return QPointF(x, y)

    def marker_home(self, character: str) -> QPointF:
        """An off-map marker waits in the header of its character's hand."""
        rect = self.hands[character]
        return QPointF(rect.right() - 14.0 - MARKER_D / 2.0, rect.top() + HAND_HEADER / 2.0)

    def party_spot(self, square_name: str | None) -> QPointF:
        if square_name is None or square_name not in self.squares:
            c = self.party_home.center()
            return QPointF(c.x(), c.y() - 8.0)
        rect = self.squares[square_name]
        return QPointF(rect.left() + 4.0 + PARTY_D / 2.0, rect.center().y())


__all__ = [
    "BoardLayout",
    "BoardStyle",
    "CARD_H",
    "CARD_W",
    "CardSpot",
    "GM_STYLE",
    "PROJECTOR_STYLE",
]
