"""The Upland's encounter set-up as commands (seed 000, ENC-2…ENC-8).

One command per step so each is shown and undone on its own:
LayOutZones → PlaceMarchingOrder → Drift → RollAppearance → PlaceEnemies →
ApplySrDelays.  They work on the battle board (:mod:`engine.hexbattle`: its
slice, its pure functions, its events) with the Upland's rules — spirit
pressure and skills from the Upland sheets, the Upland's encounter table, the
experience check on the sheet — which is why they belong to the Upland ruleset
and not to the board.  Their ``type`` strings are the ones session files have
always stored.

Each command checks its input (the pure functions of
:mod:`engine.upland.encounter_setup` / :mod:`engine.upland.encounter_appearance`
refuse with :class:`EngineError` before anything is emitted) and emits events
that carry every die, so undo, redo and replay never re-roll.  Rolling commands
take ``dice``: physical dice the GM typed in, used before the session's dice.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.commands import CommandBase, Context
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.commands import character_token_id
from engine.hexbattle.events import BattleMapChanged, SrDelaysSet, TokenPlaced
from engine.hexbattle.model import Skill, Token
from engine.hexbattle.slot import require_battle
from engine.i18n import render
from engine.upland import encounter_appearance as appearance_rules
from engine.upland import encounter_setup as setup
from engine.upland.encounter_events import AppearanceRolled, DriftRolled, EnemiesPlaced
from engine.upland.facts import upland_sheet
from engine.upland.sheet_event_types import SkillChanged

SKILL_NAMES: dict[Skill, str] = {"sight": "視力", "listen": "聞き耳"}
"""ENC-5: the sheet skills a declaration rolls."""


def _use_typed(ctx: Context, typed: list[int] | None) -> None:
    if typed is not None:
        ctx.dice = DiceSource(ctx.dice.state, typed)


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
        declared: list[appearance_rules.Declaration] = []
        for token in party:
            skill = self.declarations[token.id]
            target = self.targets.get(token.id)
            if target is None:
                character = ctx.state.characters.get(token.character or "")
                sheet = upland_sheet(character) if character else None
                found = sheet.skills.get(SKILL_NAMES[skill]) if sheet else None
                target = found.value if found else 0
            declared.append(appearance_rules.Declaration(token.id, skill, target))
        from engine.upland.tables import tables  # the rule tables load on first use, not at start-up

        _use_typed(ctx, self.dice)
        appearance = appearance_rules.roll_appearance(declared, self.strength, tables().encounter, ctx.dice)
        ctx.dice.check_all_typed_used()
        ctx.emit(AppearanceRolled(appearance=appearance, dice=ctx.dice.state))
        for token_id in appearance.experience:
            _mark_experience(ctx, battle.token(token_id), SKILL_NAMES[self.declarations[token_id]])

    def label(self, lang: str = "ja") -> str:
        return render("Roll the appearance", lang)


def _mark_experience(ctx: Context, token: Token, skill: str) -> None:
    """ENC-6 → CHK-U-4: the experience check goes on the Upland sheet's skill, when there is one."""
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
            count = appearance_rules.number_appearing(appearance.count_text, appearance.strength, ctx.dice).number
            if count is None:
                raise EngineError("The table names no number appearing; give the count.")
        name = self.label_text or appearance.creature.split("(")[0]
        numbers = [int(t[6:]) for t in battle.tokens if t.startswith("enemy-") and t[6:].isdigit()]
        start = 1 + max(numbers, default=0)
        enemies = [
            Token(id=f"enemy-{start + i}", kind="enemy", label=f"{name}{start + i}", hidden=self.hidden)
            for i in range(count)
        ]
        placed, facts = appearance_rules.place_enemies(battle, enemies, ctx.dice)
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
        ctx.emit(SrDelaysSet(delays=appearance_rules.sr_delays(battle.appearance)))

    def label(self, lang: str = "ja") -> str:
        return render("Set the strike-rank delays", lang)


ENCOUNTER_COMMANDS: tuple[type[CommandBase], ...] = (
    LayOutZones,
    PlaceMarchingOrder,
    Drift,
    RollAppearance,
    PlaceEnemies,
    ApplySrDelays,
)
