"""Commands of the battle board: thin wrappers over the pure functions.

Each command checks its input against the battle (through the pure functions
of :mod:`engine.hexbattle.tokens`, which refuse with :class:`EngineError`
before anything is emitted) and emits events.  These commands know no ruleset:
how far a token may move is asked of the session's ruleset
(:mod:`engine.hexbattle.movement`), and a ruleset's own set-up of a battle (the
Upland's ENC-2…ENC-8: :mod:`engine.upland.encounter_commands`) is its own
commands, built on the same pure functions and events.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.commands import CommandBase, Context
from engine.errors import EngineError
from engine.hexbattle import movement, tokens
from engine.hexbattle.board import board_of
from engine.hexbattle.editor import replace_map
from engine.hexbattle.events import (
    BattleClosed,
    BattleMapChanged,
    BattleOpened,
    TokenEdited,
    TokenLeft,
    TokenMoved,
    TokenPlaced,
    TokenRemoved,
    TokenRevealed,
    TokenTurned,
)
from engine.hexbattle.hexmap import HexMap
from engine.hexbattle.maps import shipped_map
from engine.hexbattle.model import BattleState, Join, Side, Spot, Token
from engine.hexbattle.slot import require_battle
from engine.i18n import render


def _label(ctx: Context, token: str) -> str:
    """The name the log and refusals give a token: its label, else its id."""
    found = require_battle(ctx.state).tokens.get(token)
    return (found.label or found.id) if found is not None else token


def _map(value: str | HexMap) -> HexMap:
    return shipped_map(value) if isinstance(value, str) else value


class OpenBattle(CommandBase):
    """ENC-2: lay out two maps, map 2 against the chosen side of map 1 (ids of shipped maps or maps)."""

    type: Literal["open_battle"] = "open_battle"
    map1: str | HexMap
    map2: str | HexMap
    join: Join = Join()

    @model_validator(mode="before")
    @classmethod
    def _without_metres(cls, data: Any) -> Any:
        """Older files sent the metres a hex measures with the maps; the Upland's
        option ``metres_per_hex`` (ENC-7) holds that reading now."""
        if isinstance(data, dict) and "metres_per_hex" in data:
            data = {key: value for key, value in data.items() if key != "metres_per_hex"}
        return data

    def run(self, ctx: Context) -> None:
        battle = BattleState(maps=(_map(self.map1), _map(self.map2)), join=self.join)
        board_of(battle)  # refuses maps that do not touch
        ctx.emit(BattleOpened(battle=battle))

    def label(self, lang: str = "ja") -> str:
        return render("Lay out the battle maps", lang)


class CloseBattle(CommandBase):
    type: Literal["close_battle"] = "close_battle"

    def run(self, ctx: Context) -> None:
        require_battle(ctx.state)
        ctx.emit(BattleClosed())

    def label(self, lang: str = "ja") -> str:
        return render("Clear the battle board", lang)


class EditBattleMap(CommandBase):
    """The map editor's result replaces map 1 or 2 (tokens must still fit)."""

    type: Literal["edit_battle_map"] = "edit_battle_map"
    number: Literal[1, 2]
    map: HexMap

    def run(self, ctx: Context) -> None:
        replace_map(require_battle(ctx.state), self.number, self.map)
        ctx.emit(BattleMapChanged(number=self.number, map=self.map))

    def label(self, lang: str = "ja") -> str:
        return render("Edit a battle map", lang)


class PlaceToken(CommandBase):
    type: Literal["place_token"] = "place_token"
    token: Token

    def run(self, ctx: Context) -> None:
        tokens.place_token(require_battle(ctx.state), self.token)
        ctx.emit(TokenPlaced(token=self.token))

    def label(self, lang: str = "ja") -> str:
        return render("Place a token", lang)


class MoveToken(CommandBase):
    """Move a token along ``path`` (or the cheapest path); ``free`` is the GM's override of the move points.

    The move points come from the session's ruleset (:func:`engine.hexbattle.movement.move_points`)."""

    type: Literal["move_token"] = "move_token"
    token: str
    to: Spot
    path: tuple[Spot, ...] | None = None
    free: bool = False

    def run(self, ctx: Context) -> None:
        move = movement.plan(ctx.state, require_battle(ctx.state), self.token, self.to, self.path, free=self.free)
        ctx.emit(TokenMoved(token=self.token, path=move.path, cost=move.cost, name=_label(ctx, self.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Move a token", lang)


class TokenStep(BaseModel):
    """One token of a group move and where it goes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    token: str
    to: Spot


class MoveTokens(CommandBase):
    """Several tokens moved together (a group dragged on the board): one command, one
    undo step.  Each goes within its own move points (or anywhere open with ``free``);
    the order is found so that no token waits for a hex another is leaving, and the
    whole group is refused, unmoved, when one of them cannot go."""

    type: Literal["move_tokens"] = "move_tokens"
    moves: tuple[TokenStep, ...] = Field(min_length=1)
    free: bool = False

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        ids = [m.token for m in self.moves]
        if len(set(ids)) != len(ids):
            raise EngineError("A token can move only once in a group move.")
        pending = list(self.moves)
        planned: list[tuple[TokenStep, tokens.Move]] = []
        while pending:
            first_error: EngineError | None = None
            waiting: list[TokenStep] = []
            for step in pending:
                try:
                    move = movement.plan(ctx.state, battle, step.token, step.to, free=self.free)
                except EngineError as error:
                    first_error = first_error or error
                    waiting.append(step)
                    continue
                battle = battle.with_token(battle.token(step.token).model_copy(update={"at": step.to}))
                planned.append((step, move))
            if len(waiting) == len(pending):
                assert first_error is not None
                raise first_error
            pending = waiting
        for step, move in planned:
            ctx.emit(TokenMoved(token=step.token, path=move.path, cost=move.cost, name=_label(ctx, step.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Move tokens together", lang)


class TurnToken(CommandBase):
    """Set a token's facing (1–6, the hex directions; None = no facing)."""

    type: Literal["turn_token"] = "turn_token"
    token: str
    facing: int | None = Field(default=None, ge=1, le=6)

    def run(self, ctx: Context) -> None:
        token = require_battle(ctx.state).token(self.token)
        if token.facing == self.facing:
            raise EngineError("The token {token} already faces that way.", token=_label(ctx, self.token))
        ctx.emit(TokenTurned(token=self.token, facing=self.facing, name=_label(ctx, self.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Turn a token", lang)


class EditToken(CommandBase):
    """Change a token's label, colour, movement or GM note (fields left out stay)."""

    type: Literal["edit_token"] = "edit_token"
    token: str
    label_text: str | None = None
    color: str | None = None
    movement: int | None = Field(default=None, ge=0, le=99)
    note: str | None = None

    def run(self, ctx: Context) -> None:
        token = require_battle(ctx.state).token(self.token)
        changes = {
            key: value
            for key, value in (
                ("label", self.label_text),
                ("color", self.color),
                ("movement", self.movement),
                ("note", self.note),
            )
            if value is not None
        }
        edited = token.model_copy(update=changes)
        if edited == token:
            raise EngineError("The command changed nothing.")
        ctx.emit(TokenEdited(token=edited))

    def label(self, lang: str = "ja") -> str:
        return render("Edit a token", lang)


class RemoveToken(CommandBase):
    type: Literal["remove_token"] = "remove_token"
    token: str

    def run(self, ctx: Context) -> None:
        require_battle(ctx.state).token(self.token)
        ctx.emit(TokenRemoved(token=self.token, name=_label(ctx, self.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Remove a token", lang)


class RevealToken(CommandBase):
    type: Literal["reveal_token"] = "reveal_token"
    token: str
    hidden: bool = False

    def run(self, ctx: Context) -> None:
        tokens.reveal_token(require_battle(ctx.state), self.token, self.hidden)
        ctx.emit(TokenRevealed(token=self.token, hidden=self.hidden, name=_label(ctx, self.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Reveal a token", lang)


class LeaveBattle(CommandBase):
    """ENC-10: a token steps off the board by an edge (``side`` needed on a corner)."""

    type: Literal["leave_battle"] = "leave_battle"
    token: str
    side: Side | None = None

    def run(self, ctx: Context) -> None:
        _, exit_ = tokens.leave_board(require_battle(ctx.state), self.token, self.side)
        ctx.emit(TokenLeft(exit=exit_, name=_label(ctx, self.token)))

    def label(self, lang: str = "ja") -> str:
        return render("Leave the battle board", lang)


def character_token_id(character_id: str) -> str:
    """The token of a session character (one per character)."""
    return f"pc-{character_id}"


BATTLE_COMMANDS: tuple[type[CommandBase], ...] = (
    OpenBattle,
    CloseBattle,
    EditBattleMap,
    PlaceToken,
    MoveToken,
    MoveTokens,
    TurnToken,
    EditToken,
    RemoveToken,
    RevealToken,
    LeaveBattle,
)
