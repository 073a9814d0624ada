"""Commands of the battle board: thin wrappers over the pure functions.

Each command checks its input against the battle (through the pure functions
of :mod:`engine.hexbattle.tokens` / :mod:`engine.hexbattle.setup`, which refuse
with :class:`EngineError` before anything is emitted) and emits events that
carry every die, so undo, redo and replay never re-roll.  Rolling commands
take ``dice``: physical dice the GM typed in, used before the session's dice.

The set-up of ENC-2…ENC-8 is one command per step so each is shown and undone
on its own: LayOutZones → PlaceMarchingOrder → Drift → RollAppearance →
PlaceEnemies → ApplySrDelays.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.commands import CommandBase, Context
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle import setup, tokens
from engine.hexbattle.board import board_of
from engine.hexbattle.editor import replace_map
from engine.hexbattle.events import (
    AppearanceRolled,
    BattleClosed,
    BattleMapChanged,
    BattleOpened,
    DriftRolled,
    EnemiesPlaced,
    SrDelaysSet,
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
from engine.hexbattle.model import BattleState, Join, Side, Skill, Spot, Token
from engine.hexbattle.slot import require_battle
from engine.i18n import render
from engine.upland.facts import upland_sheet

SKILL_NAMES: dict[Skill, str] = {"sight": "視力", "listen": "聞き耳"}
"""ENC-5: the sheet skills a declaration rolls."""


def _use_typed(ctx: Context, typed: list[int] | None) -> None:
    if typed is not None:
        ctx.dice = DiceSource(ctx.dice.state, typed)


def _map(value: str | HexMap) -> HexMap:
    return shipped_map(value) if isinstance(value, str) else value


class OpenBattle(CommandBase):
    """ENC-2: lay out two maps, map 2 against the chosen side of map 1 (ids of shipped maps or maps)."""

    type: Literal["open_battle"] = "open_battle"
    map1: str | HexMap
    map2: str | HexMap
    join: Join = Join()
    metres_per_hex: int = Field(default=5, ge=1)

    def run(self, ctx: Context) -> None:
        battle = BattleState(
            maps=(_map(self.map1), _map(self.map2)), join=self.join, metres_per_hex=self.metres_per_hex
        )
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


class LayOutZones(CommandBase):
    """ENC-2: the lead zone at the centre of map 1, the breakthrough zone on map 2's far edge."""

    type: Literal["lay_out_zones"] = "lay_out_zones"
    lead_radius: int = Field(default=1, ge=0, le=5)

    def run(self, ctx: Context) -> None:
        battle = setup.lay_out_zones(require_battle(ctx.state), lead_radius=self.lead_radius)
        ctx.emit(BattleMapChanged(number=1, map=battle.maps[0]))
        ctx.emit(BattleMapChanged(number=2, map=battle.maps[1]))

    def label(self, lang: str = "ja") -> str:
        return render("Set the lead and breakthrough zones", lang)


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
    """Move a token along ``path`` (or the cheapest path); ``free`` is the GM's override of the move points."""

    type: Literal["move_token"] = "move_token"
    token: str
    to: Spot
    path: tuple[Spot, ...] | None = None
    free: bool = False

    def run(self, ctx: Context) -> None:
        move = tokens.plan_move(require_battle(ctx.state), self.token, self.to, self.path, free=self.free)
        ctx.emit(TokenMoved(token=self.token, path=move.path, cost=move.cost))

    def label(self, lang: str = "ja") -> str:
        return render("Move a token", lang)


class TurnToken(CommandBase):
    """Set a token's facing (1–6, the hex directions; None = no facing)."""

    type: Literal["turn_token"] = "turn_token"
    token: str
    facing: int | None = Field(default=None, ge=1, le=6)

    def run(self, ctx: Context) -> None:
        token = require_battle(ctx.state).token(self.token)
        if token.facing == self.facing:
            raise EngineError("The token {token} already faces that way.", token=self.token)
        ctx.emit(TokenTurned(token=self.token, facing=self.facing))

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
        ctx.emit(TokenRemoved(token=self.token))

    def label(self, lang: str = "ja") -> str:
        return render("Remove a token", lang)


class RevealToken(CommandBase):
    type: Literal["reveal_token"] = "reveal_token"
    token: str
    hidden: bool = False

    def run(self, ctx: Context) -> None:
        tokens.reveal_token(require_battle(ctx.state), self.token, self.hidden)
        ctx.emit(TokenRevealed(token=self.token, hidden=self.hidden))

    def label(self, lang: str = "ja") -> str:
        return render("Reveal a token", lang)


class SetSrDelay(CommandBase):
    """ENC-8 by hand: set one token's strike-rank delay marker (0 removes it)."""

    type: Literal["set_sr_delay"] = "set_sr_delay"
    token: str
    sr: int = Field(ge=0)

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        battle.token(self.token)
        ctx.emit(SrDelaysSet(delays={**battle.sr_delays, self.token: self.sr}))

    def label(self, lang: str = "ja") -> str:
        return render("Set a strike-rank delay", lang)


class LeaveBattle(CommandBase):
    """ENC-10: a token steps off the board by an edge (``side`` needed on a corner)."""

    type: Literal["leave_battle"] = "leave_battle"
    token: str
    side: Side | None = None

    def run(self, ctx: Context) -> None:
        _, exit_ = tokens.leave_board(require_battle(ctx.state), self.token, self.side)
        ctx.emit(TokenLeft(exit=exit_))

    def label(self, lang: str = "ja") -> str:
        return render("Leave the battle board", lang)


def character_token_id(character_id: str) -> str:
    """The token of a session character (one per character)."""
    return f"pc-{character_id}"


class PlaceMarchingOrder(CommandBase):
    """ENC-3: a token for each character (marching order unless ``characters`` names them), placed in turn."""

    type: Literal["place_marching_order"] = "place_marching_order"
    characters: tuple[str, ...] | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        if self.characters is None:
            chosen = ctx.state.ordered_characters()
        else:
            chosen = [ctx.state.characters[c] for c in self.characters if c in ctx.state.characters]
            if len(chosen) != len(self.characters):
                missing = [c for c in self.characters if c not in ctx.state.characters]
                raise EngineError("There is no character '{id}'.", id=missing[0])
        if not chosen:
            raise EngineError("There are no characters to place.")
        party = [
            Token(id=character_token_id(c.id), kind="character", label=c.name, color=c.color, character=c.id)
            for c in chosen
        ]
        for token in party:
            if token.id in battle.tokens:
                raise EngineError("There is already a token {token} on the battle board.", token=token.id)
        placed, _ = setup.place_marching_order(battle, party)
        for token in party:
            ctx.emit(TokenPlaced(token=placed.tokens[token.id]))

    def label(self, lang: str = "ja") -> str:
        return render("Place the party in marching order", lang)


class Drift(CommandBase):
    """ENC-4: drift by spirit pressure (from the Upland sheets unless ``pressures`` gives them)."""

    type: Literal["battle_drift"] = "battle_drift"
    pressures: dict[str, int] | None = None
    dice: list[int] | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        pressures = self.pressures
        if pressures is None:
            pressures = {t.id: _spirit_pressure(ctx, t) for t in _in_marching_order(ctx, battle.characters())}
        _use_typed(ctx, self.dice)
        _, steps = setup.drift(battle, pressures, ctx.dice)
        if not steps:
            raise EngineError("Nobody's spirit pressure reaches 10: there is no drift.")
        ctx.dice.check_all_typed_used()
        board = board_of(battle)
        for step in steps:  # the events of one command apply together: each keeps the dice after all
            ctx.emit(
                DriftRolled(
                    token=step.token,
                    face=step.face,
                    start=board.to_spot(step.start),
                    end=board.to_spot(step.end),
                    dice=ctx.dice.state,
                )
            )

    def label(self, lang: str = "ja") -> str:
        return render("Drift by spirit pressure", lang)


def _spirit_pressure(ctx: Context, token: Token) -> int:
    """霊圧 from the character's Upland sheet; 0 for tokens without one."""
    character = ctx.state.characters.get(token.character or "")
    sheet = upland_sheet(character) if character else None
    return sheet.spirit_pressure if sheet else 0


def _in_marching_order(ctx: Context, party: list[Token]) -> list[Token]:
    order = {c.id: i for i, c in enumerate(ctx.state.ordered_characters())}
    return sorted(party, key=lambda t: (order.get(t.character or "", len(order)), t.id))


class RollAppearance(CommandBase):
    """ENC-5/ENC-6: each character's declared skill, the simultaneous checks, the table roll.

    ``targets`` overrides the skill % (default: the Upland sheet's 視力 / 聞き耳).
    """

    type: Literal["roll_appearance"] = "roll_appearance"
    strength: int = Field(ge=1)
    declarations: dict[str, Skill]
    targets: dict[str, int] = Field(default_factory=dict)
    dice: list[int] | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        party = _in_marching_order(ctx, [battle.token(t) for t in self.declarations])
        declared: list[setup.Declaration] = []
        for token in party:
            skill = self.declarations[token.id]
            target = self.targets.get(token.id)
            if target is None:
                character = ctx.state.characters.get(token.character or "")
                sheet = upland_sheet(character) if character else None
                found = sheet.skills.get(SKILL_NAMES[skill]) if sheet else None
                target = found.value if found else 0
            declared.append(setup.Declaration(token.id, skill, target))
        from engine.upland.tables import tables  # the rule tables load on first use

        _use_typed(ctx, self.dice)
        appearance = setup.roll_appearance(declared, self.strength, tables().encounter, ctx.dice)
        ctx.dice.check_all_typed_used()
        ctx.emit(AppearanceRolled(appearance=appearance, dice=ctx.dice.state))
        for token_id in appearance.experience:
            _mark_experience(ctx, battle.token(token_id), SKILL_NAMES[self.declarations[token_id]])

    def label(self, lang: str = "ja") -> str:
        return render("Roll the appearance", lang)


def _mark_experience(ctx: Context, token: Token, skill: str) -> None:
    """ENC-6 → CHK-U-4: the experience check goes on the Upland sheet's skill, when there is one."""
    from engine.upland.sheet_event_types import SkillChanged

    character = ctx.state.characters.get(token.character or "")
    sheet = upland_sheet(character) if character else None
    before = sheet.skills.get(skill) if sheet else None
    if character is None or before is None or before.checked:
        return
    ctx.emit(
        SkillChanged(
            character=character.id,
            name=character.name,
            skill=skill,
            before=before,
            after=before.model_copy(update={"checked": True}),
            rule="ENC-6",
        )
    )


class PlaceEnemies(CommandBase):
    """ENC-7: the enemies from the first spotter (count: the table's number appearing unless given)."""

    type: Literal["place_enemies"] = "place_enemies"
    count: int | None = Field(default=None, ge=1, le=200)
    label_text: str | None = None
    hidden: bool = False
    dice: list[int] | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        appearance = battle.appearance
        if appearance is None:
            raise EngineError("No first spotter is known; roll the appearance first.")
        _use_typed(ctx, self.dice)
        count = self.count
        if count is None:
            count = setup.number_appearing(appearance.count_text, appearance.strength, ctx.dice).number
            if count is None:
                raise EngineError("The table names no number appearing; give the count.")
        name = self.label_text or appearance.creature.split("(")[0]
        numbers = [int(t[6:]) for t in battle.tokens if t.startswith("enemy-") and t[6:].isdigit()]
        start = 1 + max(numbers, default=0)
        enemies = [
            Token(id=f"enemy-{start + i}", kind="enemy", label=f"{name}{start + i}", hidden=self.hidden)
            for i in range(count)
        ]
        placed, facts = setup.place_enemies(battle, enemies, ctx.dice)
        ctx.dice.check_all_typed_used()
        ctx.emit(
            EnemiesPlaced(
                face=facts.face,
                sides=facts.sides,
                direction=facts.direction,
                hexes=facts.hexes,
                tokens=tuple(placed.tokens[e.id] for e in enemies),
                dice=ctx.dice.state,
            )
        )

    def label(self, lang: str = "ja") -> str:
        return render("Place the enemies", lang)


class ApplySrDelays(CommandBase):
    """ENC-8: +3 SR per point of discovery strength below the first spotter's."""

    type: Literal["apply_sr_delays"] = "apply_sr_delays"

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        if battle.appearance is None:
            raise EngineError("No first spotter is known; roll the appearance first.")
        ctx.emit(SrDelaysSet(delays=setup.sr_delays(battle.appearance)))

    def label(self, lang: str = "ja") -> str:
        return render("Set the strike-rank delays", lang)


BATTLE_COMMANDS: tuple[type[CommandBase], ...] = (
    OpenBattle,
    CloseBattle,
    LayOutZones,
    EditBattleMap,
    PlaceToken,
    MoveToken,
    TurnToken,
    EditToken,
    RemoveToken,
    RevealToken,
    SetSrDelay,
    LeaveBattle,
    PlaceMarchingOrder,
    Drift,
    RollAppearance,
    PlaceEnemies,
    ApplySrDelays,
)
