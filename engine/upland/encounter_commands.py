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
from engine.core.state import State
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.commands import character_token_id
from engine.hexbattle.events import BattleMapChanged, TokenPlaced
from engine.hexbattle.model import Token
from engine.hexbattle.slot import require_battle
from engine.i18n import render
from engine.upland import encounter_appearance as appearance_rules
from engine.upland import encounter_setup as setup
from engine.upland.encounter_events import (
    AppearanceRolled,
    BattleRoundStarted,
    CharacterAttacked,
    DriftRolled,
    EnemiesPlaced,
    NothingDrifts,
    RoundOrder,
    SrDelaysSet,
)
from engine.upland.encounter_state import Appearance, Skill
from engine.upland.encounter_steps import SETUP_STEPS
from engine.upland.facts import options, upland_sheet
from engine.upland.sheet_event_types import SkillChanged
from engine.upland.slice import encounter_of

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
        ctx.dice.check_all_typed_used()
        if not steps:
            ctx.emit(NothingDrifts())
            return
        board = board_of(battle)
        for step in steps:  # the events of one command apply together: each keeps the dice after all
            drifter = battle.token(step.token)
            drawn(
                ctx,
                "1D6",
                step.face,
                character=drifter.character,
                name=drifter.label or drifter.id,
                what="drift",
                rule="ENC-4",
            )
            ctx.emit(
                DriftRolled(
                    token=step.token,
                    face=step.face,
                    start=board.to_spot(step.start),
                    end=board.to_spot(step.end),
                    dice=ctx.dice.state,
                    name=battle.token(step.token).label or step.token,
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

    ``strength`` is the due active spade's, lowered by a ♥ reinforcement
    (INT-3), unless given; a strength other than that needs ``reason``, which is
    logged (**Reading**, ENC-7 in docs/rules.md).  With no active spade due (a
    battle opened by hand) the GM gives the strength.  Only characters on the
    board declare: an enemy token is never the first spotter.  ``targets``
    overrides the skill % (default: the Upland sheet's 視力 / 聞き耳).
    """

    type: Literal["roll_appearance"] = "roll_appearance"
    strength: int | None = Field(default=None, ge=1)
    reason: str = ""
    declarations: dict[str, Skill]
    targets: dict[str, int] = Field(default_factory=dict)
    dice: list[int] | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        strength, source = _appearance_strength(ctx, self.strength, self.reason.strip())
        for token_id in self.declarations:
            token = battle.token(token_id)
            if token.kind != "character" or token.at is None:
                raise EngineError(
                    "Only characters on the battle board declare sight or listen; {token} is not one (ENC-5).",
                    token=token.label or token.id,
                )
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
        appearance = appearance_rules.roll_appearance(declared, strength, tables().encounter, ctx.dice)
        ctx.dice.check_all_typed_used()
        names = {t.id: t.label or t.id for t in party}
        _record_appearance(ctx, appearance, {t.id: t for t in party}, names)
        ctx.emit(
            AppearanceRolled(
                appearance=appearance, dice=ctx.dice.state, names=names, source=source, reason=self.reason.strip()
            )
        )
        for token_id in appearance.experience:
            _mark_experience(ctx, battle.token(token_id), SKILL_NAMES[self.declarations[token_id]])

    def label(self, lang: str = "ja") -> str:
        return render("Roll the appearance", lang)


def drawn(ctx: Context, text: str, value: int, **fields: object) -> None:
    """:func:`engine.upland.rolls.drawn`, whose dice bot loads on first use, not at start-up."""
    from engine.upland.rolls import drawn as record

    record(ctx, text, value, **fields)  # type: ignore[arg-type]


def _record_appearance(ctx: Context, appearance: Appearance, tokens: dict[str, Token], names: dict[str, str]) -> None:
    """DICE-1 for the appearance: each character's 〈視力〉/〈聞き耳〉 check and the table die,
    in the dice box and the log under the roller's name.  **Reading** (ENC-9 and
    the players' view): the table die names the row, so it is a secret roll — the
    players see it only as the GM reveals the enemies."""
    for result in appearance.results:
        if result.roll is None:
            continue
        ctx_name = names.get(result.token, result.token)
        drawn(
            ctx,
            f"1D100<={result.target}",
            result.roll,
            character=tokens[result.token].character,
            name=ctx_name,
            what="appearance",
            rule="ENC-5",
            label=f"〈{SKILL_NAMES[result.skill]}〉",
        )
    first = appearance.first_spotter
    drawn(
        ctx,
        f"1D{appearance.table_sides}",
        appearance.table_die,
        character=tokens[first].character if first in tokens else None,
        name=names.get(first, first),
        what="encounter_table",
        rule="ENC-9",
        secret=True,
    )


def _appearance_strength(ctx: Context, given: int | None, reason: str) -> tuple[int, str]:
    """ENC-5/INT-3: the strength and where it came from (``game``, ``override``, ``gm``)."""
    from engine.upland.encounter import due_encounter_strength

    due = due_encounter_strength(ctx.state)
    if due is None:
        if given is None:
            raise EngineError("No active encounter is due: give the encounter strength (ENC-5).")
        return given, "gm"
    if given is None or given == due:
        return due, "game"
    if not reason:
        raise EngineError(
            "The encounter strength is {due} (the active spade, after any reinforcement, INT-3); "
            "a strength of {given} needs a reason (ENC-5).",
            due=due,
            given=given,
        )
    return given, "override"


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
        appearance = encounter_of(ctx.state).appearance
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
        stats = appearance_rules.creature_stats(appearance.count_text, appearance.strength)
        sizes = appearance_rules.share_siz(stats.siz_total, count) if stats.siz_total else (None,) * count
        enemies = [
            Token(
                id=f"enemy-{start + i}",
                kind="enemy",
                label=f"{name}{start + i}",
                hidden=self.hidden,
                note=_stat_note(appearance.creature, sizes[i], stats.mp),
            )
            for i in range(count)
        ]
        metres = options(ctx.state).metres_per_hex
        placed, facts = appearance_rules.place_enemies(battle, enemies, ctx.dice, appearance, metres_per_hex=metres)
        ctx.dice.check_all_typed_used()
        spotter = battle.token(appearance.first_spotter)
        drawn(
            ctx,
            f"1D{facts.sides}",
            facts.face,
            character=spotter.character,
            name=spotter.label or spotter.id,
            what="enemy_direction",
            rule="ENC-7",
        )
        ctx.emit(
            EnemiesPlaced(
                face=facts.face,
                sides=facts.sides,
                direction=facts.direction,
                hexes=facts.hexes,
                tokens=tuple(placed.tokens[e.id] for e in enemies),
                dice=ctx.dice.state,
                siz_total=stats.siz_total,
                sizes={e.id: size for e, size in zip(enemies, sizes, strict=True) if size is not None},
                venomous=tuple(
                    e.id
                    for e, size in zip(enemies, sizes, strict=True)
                    if size is not None and appearance_rules.venomous(appearance.creature, size)
                ),
                mp=stats.mp,
            )
        )

    def label(self, lang: str = "ja") -> str:
        return render("Place the enemies", lang)


def _names(ctx: Context, tokens: dict[str, int]) -> dict[str, str]:
    battle = require_battle(ctx.state)
    return {t: battle.token(t).label or t for t in tokens}


def _stat_note(creature: str, siz: int | None, mp: int | None) -> str:
    """ENC-9 on the token's GM note: its SIZ (☠: a venomous snake) or its MP."""
    parts = []
    if siz is not None:
        parts.append(f"SIZ {siz}" + (" ☠" if appearance_rules.venomous(creature, siz) else ""))
    if mp is not None:
        parts.append(f"MP {mp}")
    return " ".join(parts)


class ApplySrDelays(CommandBase):
    """ENC-8: +3 SR per point of discovery strength below the first spotter's."""

    type: Literal["apply_sr_delays"] = "apply_sr_delays"

    def run(self, ctx: Context) -> None:
        require_battle(ctx.state)
        appearance = encounter_of(ctx.state).appearance
        if appearance is None:
            raise EngineError("No first spotter is known; roll the appearance first.")
        delays = appearance_rules.sr_delays(appearance)
        ctx.emit(SrDelaysSet(delays=delays, names=_names(ctx, delays)))

    def label(self, lang: str = "ja") -> str:
        return render("Set the strike-rank delays", lang)


class SetSrDelay(CommandBase):
    """ENC-8 by hand: set one token's strike-rank delay marker (0 removes it)."""

    type: Literal["set_sr_delay"] = "set_sr_delay"
    token: str
    sr: int = Field(ge=0)

    def run(self, ctx: Context) -> None:
        require_battle(ctx.state).token(self.token)
        delays = {**encounter_of(ctx.state).sr_delays, self.token: self.sr}
        ctx.emit(SrDelaysSet(delays=delays, names=_names(ctx, delays)))

    def label(self, lang: str = "ja") -> str:
        return render("Set a strike-rank delay", lang)


class StartBattleRound(CommandBase):
    """ENC-8: the next battle round, its strike-rank order with the set-up's delays.

    **Reading:** the tokens on the board in order of their delay (none first),
    then the marching order; the creatures' own strike ranks are the GM's book.
    """

    type: Literal["upland_start_battle_round"] = "upland_start_battle_round"

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        encounter = encounter_of(ctx.state)
        number = encounter.round + 1
        delays = encounter.sr_delays if number == 1 else {}
        on_board = [t for t in battle.tokens.values() if t.at is not None]
        if not on_board:
            raise EngineError("Nobody stands on the battle board.")
        characters = _in_marching_order(ctx, [t for t in on_board if t.kind == "character"])
        enemies = [t for t in on_board if t.kind != "character"]
        ranked = sorted([*characters, *enemies], key=lambda t: delays.get(t.id, 0))
        order = tuple(RoundOrder(token=t.id, name=t.label or t.id, delay=delays.get(t.id, 0)) for t in ranked)
        ctx.emit(BattleRoundStarted(round=number, order=order))

    def label(self, lang: str = "ja") -> str:
        return render("Start the battle round", lang)


class AttackCharacter(CommandBase):
    """ENC-8: the GM says a character was attacked at strike rank ``strike_rank`` this
    round; attacked during the first round before its delay ends, it is surprised."""

    type: Literal["upland_attack_character"] = "upland_attack_character"
    token: str
    strike_rank: int = Field(ge=1, le=99)
    by: str | None = None

    def run(self, ctx: Context) -> None:
        battle = require_battle(ctx.state)
        encounter = encounter_of(ctx.state)
        token = battle.token(self.token)
        if token.kind != "character":
            raise EngineError("Only a character can be surprised; {token} is not one (ENC-8).", token=token.label)
        if encounter.round < 1:
            raise EngineError("The battle has not begun: start its first round (ENC-8).")
        attacker = battle.token(self.by) if self.by else None
        delay = encounter.delay_of(token.id) if encounter.round == 1 else 0
        ctx.emit(
            CharacterAttacked(
                token=token.id,
                name=token.label or token.id,
                strike_rank=self.strike_rank,
                delay=delay,
                surprised=self.strike_rank < delay,
                by=(attacker.label or attacker.id) if attacker else "",
            )
        )

    def label(self, lang: str = "ja") -> str:
        return render("A character is attacked", lang)


ENCOUNTER_COMMANDS: tuple[type[CommandBase], ...] = (
    LayOutZones,
    PlaceMarchingOrder,
    Drift,
    RollAppearance,
    PlaceEnemies,
    ApplySrDelays,
    SetSrDelay,
    StartBattleRound,
    AttackCharacter,
)


SETUP_ORDER: tuple[str, ...] = (*SETUP_STEPS, "upland_start_battle_round")
"""Seed 000 【配置】【出現】 step by step: the battle board, then the Upland's set-up."""


def setup_done(state: State) -> dict[str, bool]:
    """Which set-up steps the battle on the board has had (the stepper marks the
    first one not done as the current one)."""
    from engine.hexbattle.hexmap import ZONE_LEAD
    from engine.hexbattle.slot import battle_of

    battle = battle_of(state)
    encounter = encounter_of(state)
    tokens = battle.tokens.values() if battle is not None else ()
    return {
        "open_battle": battle is not None,
        "lay_out_zones": battle is not None and ZONE_LEAD in battle.maps[0].zone_names(),
        "place_marching_order": any(t.kind == "character" for t in tokens),
        "battle_drift": encounter.drifted,
        "roll_appearance": encounter.appearance is not None,
        "place_enemies": any(t.kind == "enemy" for t in tokens),
        "apply_sr_delays": encounter.delays_set,
        "upland_start_battle_round": encounter.round > 0,
    }


def current_setup_step(state: State) -> str | None:
    """The first set-up step not done yet (None: the fight is on)."""
    done = setup_done(state)
    return next((step for step in SETUP_ORDER if not done[step]), None)
