"""The battle slice: two joined hex maps, their tokens, and what the set-up decided.

``BattleState`` is a frozen pydantic model like the rest of the session state,
so undo keeps earlier battles for free and a session file holds the whole board
(the maps themselves included, not just their file names).  Nothing here knows a
ruleset: the Upland encounter set-up (ENC-2…ENC-10) only fills these fields.

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

Skill = Literal["sight", "listen"]
"""ENC-5: 視力 (sight) or 聞き耳 (listen)."""


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


class SpotterResult(Frozen):
    """ENC-5/ENC-6: one character's appearance roll and its discovery strength."""

    token: str
    skill: Skill
    target: int
    roll: int | None
    level: str
    degree: int
    modifier: int
    discovery: int


class Appearance(Frozen):
    """ENC-5…ENC-6: what the appearance rolls decided, kept for the later steps."""

    strength: int
    table_die: int
    table_sides: int
    creature: str
    count_text: str
    special: bool
    results: tuple[SpotterResult, ...]
    first_spotter: str
    experience: tuple[str, ...]
    """Others who succeeded with the first spotter's discovery strength (ENC-6)."""

    def discovery_of(self, token: str) -> int | None:
        for result in self.results:
            if result.token == token:
                return result.discovery
        return None

    @property
    def best(self) -> int:
        return max(r.discovery for r in self.results)


class BattleState(SliceBase):
    """The whole battle board: usable by any ruleset (the ``battle`` slice of the state)."""

    maps: tuple[HexMap, HexMap]
    join: Join = Join()
    tokens: dict[str, Token] = Field(default_factory=dict)
    sr_delays: dict[str, int] = Field(default_factory=dict)
    """ENC-8: token id → strike ranks its first action is delayed."""
    exits: tuple[Exit, ...] = ()
    appearance: Appearance | None = None
    metres_per_hex: int = Field(default=5, ge=1)
    """ENC-7 **Reading**: one hex is 5 m."""
    notes: tuple[str, ...] = ()
    """GM notes about the battle; never shown to players."""

    def token(self, token_id: str) -> Token:
        found = self.tokens.get(token_id)
        if found is None:
            raise EngineError("There is no token {token} on the battle board.", token=token_id)
        return found

    def with_token(self, token: Token) -> BattleState:
        return self.model_copy(update={"tokens": {**self.tokens, token.id: token}})

    def characters(self) -> list[Token]:
        return [t for t in self.tokens.values() if t.kind == "character"]
