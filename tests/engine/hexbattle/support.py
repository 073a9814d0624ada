"""Builders for the battle tests: small maps drawn as text, a battle, typed dice."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice.rng import DiceSource, DiceState
from engine.hexbattle.board import board_of
from engine.hexbattle.hexgrid import Hex
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.maps import TERRAIN
from engine.hexbattle.model import BattleState, Join, Side, Spot, Token, spot


def drawn(map_id: str, *rows: str) -> HexMap:
    """A map from rows of cost signs (``1 2 3 #``), as in the map files."""
    costs = tuple(tuple(TERRAIN[c] for c in row.replace(" ", "")) for row in rows)
    return HexMap(id=map_id, width=len(costs[0]), height=len(costs), costs=costs)


def plain(map_id: str, width: int, height: int) -> HexMap:
    return HexMap(id=map_id, width=width, height=height)


def battle(first: HexMap, second: HexMap, side: Side = "east", offset: int = 0) -> BattleState:
    return BattleState(maps=(first, second), join=Join(side=side, offset=offset))


def h(b: BattleState, text: str) -> Hex:
    """The board hex of ``"1:C4"``."""
    return board_of(b).to_hex(spot(text))


def s(b: BattleState, hx: Hex) -> str:
    return str(board_of(b).to_spot(hx))


def typed(*faces: int) -> DiceSource:
    """Dice the GM typed in: used in order, and a test fails if a roll needs more."""
    return DiceSource(DiceState(seed=1), list(faces))


def pc(token_id: str, at: str | None = None, movement: int = 3) -> Token:
    return Token(id=token_id, kind="character", label=token_id, at=spot(at) if at else None, movement=movement)


def foe(token_id: str, at: str | None = None, hidden: bool = False) -> Token:
    return Token(id=token_id, kind="enemy", label=token_id, at=spot(at) if at else None, hidden=hidden)


def with_tokens(b: BattleState, tokens: Sequence[Token]) -> BattleState:
    return b.model_copy(update={"tokens": {**b.tokens, **{t.id: t for t in tokens}}})


def at(b: BattleState, token_id: str) -> str:
    where: Spot | None = b.tokens[token_id].at
    return str(where) if where else "-"
