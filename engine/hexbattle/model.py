"""The battle slice: two joined hex maps, their tokens, and what the set-up decided.

``BattleState`` is a frozen pydantic model like the rest of the session state,
so undo keeps earlier battles for free and a session file holds the whole board
(the maps themselves included, not just their file names).  Nothing here knows a
ruleset: what a ruleset's own set-up decides (the Upland's appearance and
strike-rank delays) lives in that ruleset's slice.

Positions are :class:`Spot` — a map number and a hex label such as ``C4`` —
because that is what a GM reads and what a session file should say; the searches
work on the joined board's axial hexes (:mod:`engine.hexbattle.board`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.core.models import SliceBase
from engine.errors import EngineError
from engine.hexbattle.hexgrid import label, parse_label
from engine.hexbattle.hexmap import HexMap

Side = Literal["north", "east", "south", "west"]
"""A side of the battle board; north is "up" on the exploration map (MAP-1)."""

SIDES: tuple[Side, ...] = ("north", "east", "south", "west")

TokenKind = Literal["character", "enemy"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Spot(Frozen):
    """One hex of the battle board: which map (1 or 2) and its label there."""

    map: Literal[1, 2]
    hex: str

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, data: Any) -> Any:
        """Scripts and saved files may write a hex as ``"2:C4"`` (also what ``str`` gives)."""
        if isinstance(data, str):
            map_part, _, hex_part = data.strip().partition(":")
            if map_part not in ("1", "2") or not hex_part:
                raise ValueError(f"{data!r} is not a battle hex such as 2:C4")
            return {"map": int(map_part), "hex": hex_part}
        return data

    @field_validator("hex")
    @classmethod
    def _canonical(cls, value: str) -> str:
        return label(parse_label(value))

    def __str__(self) -> str:
        return f"{self.map}:{self.hex}"


def spot(text: str) -> Spot:
    """``"2:C4"`` → ``Spot(map=2, hex="C4")``; the short form scripts and tests use."""
    map_part, _, hex_part = text.strip().partition(":")
    if map_part not in ("1", "2") or not hex_part:
        raise EngineError("{spot} is not a battle hex (map 1 or 2, a colon, a label: 2:C4).", spot=text)
    return Spot(map=int(map_part), hex=hex_part)


class Join(Frozen):
    """Where map 2 lies against map 1 (ENC-2: the GM lays out the two maps).

    ``side`` is the side of map 1 that map 2 touches; ``offset`` slides map 2
    along that side, in hexes (rows for east/west, columns for north/south).
    An odd row offset leaves a half-hex gap on every other row, as two printed
    maps would.
    """

    side: Side = "east"
    offset: int = 0


class Token(Frozen):
    """A character or an enemy on the board.  ``at`` None = not on the board."""

    id: str = Field(min_length=1)
    kind: TokenKind
    label: str = ""
    at: Spot | None = None
    facing: int | None = Field(default=None, ge=1, le=6)
    hidden: bool = False
    """Enemies the players have not noticed yet; the player view leaves them out."""
    color: str | None = None
    character: str | None = None
    """The session character this token stands for, if any."""
    movement: int = Field(default=3, ge=0)
    """The token's own move points (hexes cost 1, 2 or 3 to enter), which the GM edits.

    What a move may cost is the session's ruleset's answer
    (:func:`engine.hexbattle.movement.move_points`): the Upland gives these
    (**Reading**: default 3), CoC its MOV; a ruleset that says nothing leaves these."""
    note: str = ""
    """A GM note; never shown to players."""


class Exit(Frozen):
    """ENC-10: a token left the board — where, and whether it was the breakthrough."""

    token: str
    side: Side
    last: Spot
    breakthrough: bool


LEGACY_FIELDS = frozenset({"appearance", "sr_delays", "metres_per_hex"})
"""Fields older files wrote on the board and a ruleset's slice holds since."""


class BattleState(SliceBase):
    """The whole battle board: usable by any ruleset (the ``battle`` slice of the state)."""

    maps: tuple[HexMap, HexMap]
    join: Join = Join()
    tokens: dict[str, Token] = Field(default_factory=dict)
    exits: tuple[Exit, ...] = ()
    notes: tuple[str, ...] = ()
    """GM notes about the battle; never shown to players."""

    @model_validator(mode="before")
    @classmethod
    def _without_ruleset_fields(cls, data: Any) -> Any:
        """A board written when it still kept a ruleset's set-up (an opened board's
        empty appearance and delays, the metres a hex measured) reads without them;
        a stored state whose set-up had filled them is moved into its ruleset's
        slice by that ruleset's upgrade before the board is read."""
        if isinstance(data, dict) and LEGACY_FIELDS & data.keys():
            data = {key: value for key, value in data.items() if key not in LEGACY_FIELDS or value}
            if "metres_per_hex" in data:
                del data["metres_per_hex"]
        return data

    def token(self, token_id: str) -> Token:
        found = self.tokens.get(token_id)
        if found is None:
            raise EngineError("There is no token {token} on the battle board.", token=token_id)
        return found

    def with_token(self, token: Token) -> BattleState:
        return self.model_copy(update={"tokens": {**self.tokens, token.id: token}})

    def characters(self) -> list[Token]:
        return [t for t in self.tokens.values() if t.kind == "character"]
