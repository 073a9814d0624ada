"""Commands of the CoC rulesets ``coc6-a`` and ``coc6-b``.

Each command looks up the sheets and the CoC slice, calls the pure rule
functions of :mod:`engine.coc6` with the session's dice and emits one
:class:`~engine.coc6.events.CocFact` per fact (rule IDs and dice inside).  An
illegal action raises the rule function's :class:`EngineError` (e.g. "2 action
points needed, 1 left") before anything is emitted, so the state is untouched.
Combatants are named by their sheet's name (the tracker's key); characters by
id or name.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.coc6 import combat_a, combat_b, growth, madness, pool, sanity, student
from engine.coc6.checks import app_preroll, check, lore_check
from engine.coc6.conditions import ConditionKind, attack_modifier
from engine.coc6.events import COC_SLICE, CocFact, CocSheetSet, check_record
from engine.coc6.house_a import investigator_check
from engine.coc6.importers.documents import import_text
from engine.coc6.rolls import roll
from engine.coc6.sheet import CocSheet, new_investigator, set_skill
from engine.coc6.state import CocState
from engine.coc6.tracker import (
    CombatTracker,
    combatant_from,
    damage,
    next_turn,
    set_order,
    start_combat,
    treat,
)
from engine.core.commands import CommandBase, Context
from engine.core.state import Character
from engine.errors import EngineError
from engine.i18n import render
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions
from engine.table.events import CharacterAdded
from engine.table.piles import require_started

COC_RULESETS = ("coc6-a", "coc6-b")


# -- reading the state ----------------------------------------------------------
def coc_state(ctx: Context) -> CocState:
    """The CoC slice (a fresh one for a new session); refused outside a CoC session."""
    require_started(ctx.state)
    if ctx.state.ruleset not in COC_RULESETS:
        raise EngineError("This is not a Call of Cthulhu session ({ruleset}).", ruleset=ctx.state.ruleset)
    found = ctx.state.slices.get(COC_SLICE)
    if isinstance(found, CocState):
        return found
    return CocState(ruleset=ctx.state.ruleset)


def find_character(ctx: Context, who: str) -> Character:
    """A character by id (``c1``) or by name."""
    found = ctx.state.characters.get(who)
    if found is None:
        found = next((c for c in ctx.state.ordered_characters() if c.name == who), None)
    if found is None:
        raise EngineError("There is no character '{id}'.", id=who)
    return found


def coc_sheet(ctx: Context, who: str) -> tuple[str, CocSheet]:
    """The character id and investigator sheet of ``who`` (id, character name or sheet name)."""
    coc_state(ctx)
    character = next(
        (c for c in ctx.state.ordered_characters() if isinstance(c.sheet, CocSheet) and c.sheet.name == who), None
    )
    if character is None:
        character = find_character(ctx, who)
    if not isinstance(character.sheet, CocSheet):
        raise EngineError("{name} has no investigator sheet yet.", name=character.name)
    return character.id, character.sheet


def tracker_of(ctx: Context) -> CombatTracker:
    tracker = coc_state(ctx).combat
    if tracker is None:
        raise EngineError("No combat is running.")
    return tracker


def b_options(ctx: Context) -> Coc6BOptions | None:
    return ctx.state.options if isinstance(ctx.state.options, Coc6BOptions) else None


def a_options(ctx: Context) -> Coc6AOptions | None:
    return ctx.state.options if isinstance(ctx.state.options, Coc6AOptions) else None


# -- emitting facts -------------------------------------------------------------
def emit_fact(
    ctx: Context,
    fact: str,
    detail: BaseModel | dict[str, Any],
    *,
    coc: CocState | None = None,
    sheets: dict[str, CocSheet] | None = None,
    rule_ids: tuple[str, ...] | None = None,
) -> None:
    """Emit one fact with the state it leaves and the dice as they now stand."""
    data = detail.model_dump(mode="json") if isinstance(detail, BaseModel) else dict(detail)
    rules = tuple(rule_ids if rule_ids is not None else data.pop("rule_ids", ()))
    data.pop("rule_ids", None)
    dice = ctx.dice.state if ctx.dice.state != ctx.state.dice else None
    changed = {k: v for k, v in (sheets or {}).items() if ctx.state.characters[k].sheet != v}
    same = coc is not None and ctx.state.slices.get(COC_SLICE) == coc
    record = check_record(fact, data, rules, ctx.state.seq + 1)
    ctx.emit(CocFact(fact=fact, detail=data, rule_ids=rules, coc=None if same else coc, sheets=changed, dice=dice,
                     record=record))  # fmt: skip


def with_combat(state: CocState, tracker: CombatTracker | None) -> CocState:
    return state.model_copy(update={"combat": tracker})


def write_back_hp(ctx: Context, tracker: CombatTracker, name: str) -> dict[str, CocSheet]:
    """The tracker's HP of ``name`` written back to its sheet (when it has one)."""
    character = next(
        (c for c in ctx.state.ordered_characters() if isinstance(c.sheet, CocSheet) and c.sheet.name == name), None
    )
    if character is None or not isinstance(character.sheet, CocSheet):
        return {}
    hp = tracker.get(name).hp
    sheet = character.sheet
    if hp == sheet.hp:
        return {}
    return {character.id: sheet.model_copy(update={"hp": max(min(hp, sheet.hp_max), -99)})}


# -- sheets ---------------------------------------------------------------------
class CocSetSheet(CommandBase):
    """Give a character a whole investigator sheet (``sheet`` None removes it)."""

    type: Literal["coc_set_sheet"] = "coc_set_sheet"
    character: str
    sheet: CocSheet | None

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        who = find_character(ctx, self.character)
        if who.sheet == self.sheet:
            raise EngineError("Nothing to change for {name}.", name=who.name)
        ctx.emit(CocSheetSet(character=who.id, name=who.name, before=who.sheet, after=self.sheet))

    def label(self, lang: str = "ja") -> str:
        return render("Set an investigator sheet", lang)


class CocNewInvestigator(CommandBase):
    """A fresh sheet from the eight characteristics: every skill at its base (SKL-A-1)."""

    type: Literal["coc_new_investigator"] = "coc_new_investigator"
    character: str
    characteristics: dict[str, int]
    occupation: str = ""
    occupation_skills: tuple[str, ...] = ()
    npc: bool = False
    #: Skills set above their base after creation.
    skills: dict[str, int] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        who = find_character(ctx, self.character)
        sheet = new_investigator(
            who.name, self.characteristics, occupation=self.occupation, occupation_skills=self.occupation_skills,
            npc=self.npc,
        )  # fmt: skip
        for skill, value in self.skills.items():
            sheet = set_skill(sheet, skill, value)
        ctx.emit(CocSheetSet(character=who.id, name=who.name, before=who.sheet, after=sheet))

    def label(self, lang: str = "ja") -> str:
        return render("New investigator {name}", lang, name=self.character)


class CocSetSkill(CommandBase):
    """Set one skill's value (a free skill is added by name); invalid values are refused."""

    type: Literal["coc_set_skill"] = "coc_set_skill"
    character: str
    skill: str
    value: int
    occupational: bool | None = None

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        after = set_skill(sheet, self.skill, self.value, occupational=self.occupational)
        if after == sheet:
            raise EngineError("Nothing to change for {name}.", name=sheet.name)
        ctx.emit(CocSheetSet(character=cid, name=sheet.name, before=sheet, after=after, how="edit"))

    def label(self, lang: str = "ja") -> str:
        return render("Set {skill}", lang, skill=self.skill)


class CocImportSheet(CommandBase):
    """Bring a character in from キャラクター保管所 / CCFOLIA / yobigoe JSON (format detected).

    A character of the same name gets the sheet; otherwise a new character is
    added.  A broken document is refused whole, naming the field.
    """

    type: Literal["coc_import_sheet"] = "coc_import_sheet"
    document: str = Field(max_length=1_000_000)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _fmt, sheet = import_text(self.document)
        existing = next((c for c in ctx.state.ordered_characters() if c.name == sheet.name), None)
        if existing is None:
            if len(ctx.state.characters) >= 12:
                raise EngineError("A party has at most 12 characters.")
            existing = Character(
                id=f"c{ctx.state.next_character}", name=sheet.name, order=len(ctx.state.characters) + 1
            )
            ctx.emit(CharacterAdded(character=existing))
        before = existing.sheet if isinstance(existing.sheet, CocSheet) else None
        ctx.emit(CocSheetSet(character=existing.id, name=existing.name, before=before, after=sheet, how="import"))

    def label(self, lang: str = "ja") -> str:
        return render("Import an investigator", lang)


class CocStudent(CommandBase):
    """STU-B-1: the student changes to a finished sheet."""

    type: Literal["coc_student"] = "coc_student"
    character: str
    track: Literal["arts", "science"] | None = None
    track_skills: tuple[str, ...] = ()
    gm_says: bool = False

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        after, fact = student.apply_student(sheet, track=self.track, track_skills=self.track_skills,
                                            gm_says=self.gm_says)  # fmt: skip
        emit_fact(ctx, "student", fact, sheets={cid: after})

    def label(self, lang: str = "ja") -> str:
        return render("Student changes", lang)


# -- checks and the pool ----------------------------------------------------------
class CocCheck(CommandBase):
    """A check from the sheet: A through the pool with its growth mark (CHK-A-1…4,
    GRW-A-1); B with its caps and secret 〈心理学〉 (CHK-B-0…6)."""

    type: Literal["coc_check"] = "coc_check"
    character: str
    what: str = Field(min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)
    #: A: the plus chips the player spends on this check.
    spend_plus: tuple[int, ...] = ()
    #: A: the GM's answer to "special effect or pool?" for a C/F (None: the option's default).
    choice: Literal["pool", "special_effect"] | None = None
    #: In combat: add the attacker's condition modifiers (CND-B-1 tear gas…).
    attack: bool = False

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        modifier = self.modifier
        if self.attack and state.combat is not None and sheet.name in state.combat.combatants:
            modifier += attack_modifier(state.combat.get(sheet.name).conditions)
        if state.ruleset == "coc6-a":
            new_state, new_sheet, done = investigator_check(
                state, sheet, self.what, ctx.dice, spend_plus=self.spend_plus, modifier=modifier,
                choice=self.choice, options=a_options(ctx),
            )  # fmt: skip
            emit_fact(ctx, "check", done.check)
            if sheet.npc is False:
                pool_detail = done.pool.model_dump(mode="json") | {"chips": list(new_state.pool.chips)}
                emit_fact(ctx, "pool", pool_detail, coc=new_state)
            if done.growth is not None:
                emit_fact(ctx, "growth_mark", done.growth, sheets={cid: new_sheet})
            return
        if self.spend_plus:
            raise EngineError("Only ruleset A has a modifier pool.")
        result = check(sheet, self.what, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
        emit_fact(ctx, "check", result)

    def label(self, lang: str = "ja") -> str:
        return render("Check {what}", lang, what=self.what)


class CocAppPreroll(CommandBase):
    """CHK-B-7: the APP×5 roll before 言いくるめ/説得/信用 on a first meeting (+15 / −20 to the check)."""

    type: Literal["coc_app_preroll"] = "coc_app_preroll"
    character: str
    skill: str = Field(min_length=1, max_length=60)
    first_meeting: bool = True
    hostile_feelings: bool = False

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.character)
        emit_fact(ctx, "app_preroll", app_preroll(sheet, self.skill, ctx.dice, first_meeting=self.first_meeting,
                                                  hostile_feelings=self.hostile_feelings))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("APP roll before {skill}", lang, skill=self.skill)


class CocLoreCheck(CommandBase):
    """CHK-B-8: the SAN cost the GM names is paid first, then クトゥルフ神話 / 夢の知識 is rolled (CHK-B-5)."""

    type: Literal["coc_lore_check"] = "coc_lore_check"
    character: str
    what: str = Field(min_length=1, max_length=60)
    san_cost: int = Field(ge=0, le=99)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        after, paid, result = lore_check(sheet, self.what, self.san_cost, ctx.dice, options=b_options(ctx))
        emit_fact(ctx, "san_paid", paid, sheets={cid: after})
        emit_fact(ctx, "check", result)

    def label(self, lang: str = "ja") -> str:
        return render("Check {what}", lang, what=self.what)


class CocPayMinus(CommandBase):
    """CHK-A-3: the acting investigator pays 1d3 HP or SAN to remove a minus chip."""

    type: Literal["coc_pay_minus"] = "coc_pay_minus"
    character: str
    minus: int
    resource: Literal["hp", "san"]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        chips, after, fact = pool.pay_off(state.pool, sheet, self.minus, self.resource, ctx.dice)
        emit_fact(ctx, "minus_paid", fact, coc=state.model_copy(update={"pool": chips}), sheets={cid: after})

    def label(self, lang: str = "ja") -> str:
        return render("Pay off a minus chip", lang)


class CocCancelChips(CommandBase):
    """CHK-A-3: a plus chip cancels a minus chip."""

    type: Literal["coc_cancel_chips"] = "coc_cancel_chips"
    plus: int
    minus: int

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        chips = pool.cancel(state.pool, self.plus, self.minus)
        detail = {"plus": self.plus, "minus": self.minus, "chips": list(chips.chips)}
        emit_fact(ctx, "pool_cancel", detail, coc=state.model_copy(update={"pool": chips}), rule_ids=("CHK-A-3",))

    def label(self, lang: str = "ja") -> str:
        return render("Cancel chips", lang)


class CocAddChip(CommandBase):
    """CHK-A-4: a C/F the GM ruled for the pool after all (or a chip set by hand)."""

    type: Literal["coc_add_chip"] = "coc_add_chip"
    chip: Literal[20, 10, -10, -20]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        chips = pool.add_chip(state.pool, self.chip)
        emit_fact(ctx, "pool", {"actor": "GM", "chips": list(chips.chips)},
                  coc=state.model_copy(update={"pool": chips}), rule_ids=("CHK-A-4",))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Add a chip", lang)


class CocSanCheck(CommandBase):
    """A SAN check with its loss and (ruleset A) the madness it causes (MAD-A-1, MAD-A-3)."""

    type: Literal["coc_san_check"] = "coc_san_check"
    character: str
    success_loss: str = Field(max_length=20)
    failure_loss: str = Field(max_length=20)
    long: bool = False
    content: str | None = Field(default=None, max_length=200)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        cid, sheet = coc_sheet(ctx, self.character)
        new_state, after, done = sanity.san_check(
            state, sheet, self.success_loss, self.failure_loss, ctx.dice, long=self.long, content=self.content,
            options=b_options(ctx),
        )  # fmt: skip
        emit_fact(ctx, "check", done.check)
        if done.pool is not None:
            emit_fact(ctx, "pool", done.pool.model_dump(mode="json") | {"chips": list(new_state.pool.chips)},
                      coc=new_state.model_copy(update={"sanity": state.sanity}))  # fmt: skip
        loss = done.loss
        rules = tuple(r for r in loss.rule_ids if r) or ()
        emit_fact(ctx, "san", loss, coc=new_state, sheets={cid: after}, rule_ids=rules)
        if loss.idea is not None:
            emit_fact(ctx, "check", loss.idea)
        for bout in (loss.temporary, loss.indefinite):
            if bout is not None:
                detail = bout.model_dump(mode="json") | {"actor": sheet.name}
                emit_fact(ctx, "madness", detail, rule_ids=("MAD-A-1",) if bout.kind != "indefinite" else ("MAD-A-3",))

    def label(self, lang: str = "ja") -> str:
        return render("SAN check", lang)


class CocAdvanceClock(CommandBase):
    """Advance the game clock (MAD-A-1 long madness ends, MAD-A-3's game hour)."""

    type: Literal["coc_advance_clock"] = "coc_advance_clock"
    minutes: int = Field(ge=1, le=60 * 24 * 365)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        new_sanity, ended = madness.advance_clock(state.sanity, self.minutes)
        emit_fact(
            ctx,
            "clock",
            {"minutes": self.minutes, "minute": new_sanity.minute, "ended": len(ended)},
            coc=state.model_copy(update={"sanity": new_sanity}),
            rule_ids=("MAD-A-1",) if ended else (),
        )

    def label(self, lang: str = "ja") -> str:
        return render("Advance the clock", lang)


class CocPsychoanalysis(CommandBase):
    """MAD-A-2/MAD-A-3: treat one madness with 〈精神分析〉."""

    type: Literal["coc_psychoanalysis"] = "coc_psychoanalysis"
    analyst: str
    patient: str
    kind: Literal["short", "long", "indefinite"]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        _aid, analyst = coc_sheet(ctx, self.analyst)
        _pid, patient = coc_sheet(ctx, self.patient)
        new_sanity, done = madness.psychoanalysis(
            state.sanity, analyst, patient.name, self.kind, ctx.dice, in_combat=state.combat is not None
        )
        emit_fact(ctx, "check", done.check)
        emit_fact(ctx, "treatment", done, coc=state.model_copy(update={"sanity": new_sanity}))

    def label(self, lang: str = "ja") -> str:
        return render("Psychoanalysis", lang)


class CocSessionGrowth(CommandBase):
    """GRW-A-2: the end-of-session growth rolls of every marked skill, each logged."""

    type: Literal["coc_session_growth"] = "coc_session_growth"
    character: str

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        after, rolls = growth.end_of_session(sheet, ctx.dice)
        if not rolls:
            raise EngineError("{name} has no growth marks.", name=sheet.name)
        for index, one in enumerate(rolls):
            last = index == len(rolls) - 1
            emit_fact(ctx, "growth_roll", one, sheets={cid: after} if last else None)

    def label(self, lang: str = "ja") -> str:
        return render("Session growth", lang)


# -- combat -----------------------------------------------------------------------
class CocStartCombat(CommandBase):
    """Start a combat: order by DEX, ties in the GM's order (CBT-A-1 / CBT-B-1)."""

    type: Literal["coc_start_combat"] = "coc_start_combat"
    characters: tuple[str, ...] = Field(min_length=1)
    tie_order: tuple[str, ...] = ()

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        if state.combat is not None:
            raise EngineError("A combat is already running.")
        sheets = [coc_sheet(ctx, who)[1] for who in self.characters]
        tracker = start_combat(state.ruleset, [combatant_from(s) for s in sheets], self.tie_order)
        rules = ("CBT-B-1",) if state.ruleset == "coc6-b" else ("CBT-A-1",)
        emit_fact(ctx, "combat_start", {"order": list(tracker.order)}, coc=with_combat(state, tracker), rule_ids=rules)

    def label(self, lang: str = "ja") -> str:
        return render("Start combat", lang)


class CocSetOrder(CommandBase):
    """The GM reorders the round (e.g. to break DEX ties)."""

    type: Literal["coc_set_order"] = "coc_set_order"
    order: tuple[str, ...]

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = set_order(tracker_of(ctx), self.order)
        emit_fact(ctx, "order", {"order": list(tracker.order)}, coc=with_combat(state, tracker), rule_ids=())

    def label(self, lang: str = "ja") -> str:
        return render("Set the order", lang)


class CocNextTurn(CommandBase):
    """The next living actor; after the last one the round ends (HP-B-1 deaths, CND-B-1 countdowns)."""

    type: Literal["coc_next_turn"] = "coc_next_turn"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker, end = next_turn(tracker_of(ctx))
        sheets: dict[str, CocSheet] = {}
        if end is not None:
            new_sanity = madness.end_round(state.sanity) if state.ruleset == "coc6-a" else state.sanity
            state = state.model_copy(update={"sanity": new_sanity})
            emit_fact(ctx, "round_end", end, coc=with_combat(state, tracker))
            for name in end.deaths:
                sheets |= write_back_hp(ctx, tracker, name)
        emit_fact(ctx, "turn", {"round": tracker.round, "actor": tracker.actor}, coc=with_combat(state, tracker),
                  sheets=sheets, rule_ids=())  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Next turn", lang)


class CocEndCombat(CommandBase):
    type: Literal["coc_end_combat"] = "coc_end_combat"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker_of(ctx)
        emit_fact(ctx, "combat_end", {}, coc=with_combat(state, None), rule_ids=())

    def label(self, lang: str = "ja") -> str:
        return render("End combat", lang)


class CocActionA(CommandBase):
    """Ruleset A: an active action (attack/flee), a passive one (dodge/cover), or giving up the active (CBT-A-1/2)."""

    type: Literal["coc_action_a"] = "coc_action_a"
    name: str
    action: Literal["attack", "flee", "dodge", "cover", "give_up_active"]
    covered: str | None = None

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        if self.action in ("attack", "flee"):
            tracker, fact = combat_a.take_active(tracker, self.name, self.action)
        elif self.action == "give_up_active":
            tracker, fact = combat_a.give_up_active(tracker, self.name)
        else:
            tracker, fact = combat_a.take_passive(tracker, self.name, self.action, self.covered)  # type: ignore[arg-type]
        emit_fact(ctx, "action_a", fact, coc=with_combat(state, tracker))

    def label(self, lang: str = "ja") -> str:
        return render("Combat action", lang)


class CocActionB(CommandBase):
    """Ruleset B: pay an action's points (CBT-B-1); refused with the reason when they are not there."""

    type: Literal["coc_action_b"] = "coc_action_b"
    name: str
    action: combat_b.ActionB
    critical: bool = False
    free: combat_b.FreeReason | None = None

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker, fact = combat_b.take_action(tracker_of(ctx), self.name, self.action, critical=self.critical,
                                             free=self.free)  # fmt: skip
        emit_fact(ctx, "action_b", fact, coc=with_combat(state, tracker))

    def label(self, lang: str = "ja") -> str:
        return render("Combat action", lang)


class CocAttack(CommandBase):
    """Ruleset B: pay an attack's points, then roll the attack skill with the condition modifiers."""

    type: Literal["coc_attack"] = "coc_attack"
    name: str
    skill: str = Field(min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        tracker, paid = combat_b.take_action(tracker_of(ctx), sheet.name, "attack")
        emit_fact(ctx, "action_b", paid, coc=with_combat(state, tracker))
        modifier = self.modifier + attack_modifier(tracker.get(sheet.name).conditions)
        result = check(sheet, self.skill, "coc6-b", ctx.dice, modifier=modifier, options=b_options(ctx))
        emit_fact(ctx, "check", result)

    def label(self, lang: str = "ja") -> str:
        return render("Attack", lang)


class CocDefend(CommandBase):
    """Ruleset B: dodge or parry — the points are checked first, a critical makes it free (CBT-B-1, CHK-B-5)."""

    type: Literal["coc_defend"] = "coc_defend"
    name: str
    action: Literal["dodge", "parry"]
    skill: str = Field(min_length=1, max_length=60)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        before = tracker_of(ctx)
        combat_b.take_action(before, sheet.name, self.action)  # refuses before rolling
        result = check(sheet, self.skill, "coc6-b", ctx.dice, options=b_options(ctx))
        tracker, paid = combat_b.take_action(before, sheet.name, self.action, critical=result.level == "critical")
        emit_fact(ctx, "action_b", paid, coc=with_combat(state, tracker))
        emit_fact(ctx, "check", result)

    def label(self, lang: str = "ja") -> str:
        return render("Defend", lang)


class CocCover(CommandBase):
    """Ruleset B: cover an investigator — the attack is judged at 99 (CBT-B-3)."""

    type: Literal["coc_cover"] = "coc_cover"
    coverer: str
    covered: str
    attacker: str
    before_attack_roll: bool = True
    gm_calls_it_retroactive: bool = False

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker, paid, fact = combat_b.cover(
            tracker_of(ctx), self.coverer, self.covered, self.attacker, ctx.dice,
            before_attack_roll=self.before_attack_roll, gm_calls_it_retroactive=self.gm_calls_it_retroactive,
        )  # fmt: skip
        emit_fact(ctx, "action_b", paid, coc=with_combat(state, tracker))
        emit_fact(ctx, "cover", fact)

    def label(self, lang: str = "ja") -> str:
        return render("Cover", lang)


class CocDamage(CommandBase):
    """Damage: roll (or take) the amount, apply HP-B-1's states, write the HP back to the sheet.

    ``pulled`` (CBT-B-4) halves the rolled damage, rounding up; ``stun`` adds a
    stun when the target is still conscious (CND-B-1).
    """

    type: Literal["coc_damage"] = "coc_damage"
    target: str
    roll: str | None = Field(default=None, max_length=40)
    amount: int | None = Field(default=None, ge=0, le=999)
    pulled: bool = False
    stun: bool = False

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        tracker.get(self.target)
        if (self.roll is None) == (self.amount is None):
            raise EngineError("Give either a damage roll or an amount.")
        amount = self.amount or 0
        if self.roll is not None:
            rolled = roll(ctx.dice, self.roll)
            amount = max(rolled.total, 0)
            if self.pulled:
                amount = (amount + 1) // 2
            rule = ("CBT-B-4",) if self.pulled else ()
            emit_fact(ctx, "damage_roll", rolled.model_dump(mode="json") | {"target": self.target, "total": amount},
                      rule_ids=rule)  # fmt: skip
        tracker, change = damage(tracker, self.target, amount)
        emit_fact(ctx, "hp", change, coc=with_combat(state, tracker), sheets=write_back_hp(ctx, tracker, self.target))
        if self.stun and change.state == "conscious":
            tracker, condition = combat_b.add_condition(tracker, self.target, "stun")
            emit_fact(ctx, "condition", condition.model_dump(mode="json") | {"target": self.target},
                      coc=with_combat(state, tracker), rule_ids=("CND-B-1",))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Damage", lang)


class CocTreat(CommandBase):
    """HP-B-1: treatment stops the death countdown and wakes the patient.

    With a ``healer`` in combat the healer pays a non-attack skill's points and
    rolls ``skill``; on a success ``heal`` is rolled and applied.
    """

    type: Literal["coc_treat"] = "coc_treat"
    patient: str
    healer: str | None = None
    skill: str = "応急手当"
    heal: str = Field(default="1D3", max_length=20)

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        tracker.get(self.patient)
        if self.healer is not None:
            _hid, healer = coc_sheet(ctx, self.healer)
            if tracker.ruleset == "coc6-b":
                tracker, paid = combat_b.take_action(tracker, healer.name, "non_attack_skill")
                emit_fact(ctx, "action_b", paid, coc=with_combat(state, tracker))
            result = check(healer, self.skill, state.ruleset, ctx.dice, options=b_options(ctx))
            emit_fact(ctx, "check", result)
            if not result.success:
                return
        healed = roll(ctx.dice, self.heal)
        tracker, change = treat(tracker, self.patient, max(healed.total, 0))
        emit_fact(ctx, "treated", change, coc=with_combat(state, tracker),
                  sheets=write_back_hp(ctx, tracker, self.patient))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Treat", lang)


class CocCondition(CommandBase):
    """CND-B-1/2: give a combatant a condition with its duration (stun ⌊18/CON⌋ rounds…)."""

    type: Literal["coc_condition"] = "coc_condition"
    target: str
    kind: ConditionKind

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker, condition = combat_b.add_condition(tracker_of(ctx), self.target, self.kind)
        emit_fact(ctx, "condition", condition.model_dump(mode="json") | {"target": self.target},
                  coc=with_combat(state, tracker), rule_ids=("CND-B-1",))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Condition", lang)


class CocGrapple(CommandBase):
    """CBT-B-5: a grapple roll; the second success in a round deals damage."""

    type: Literal["coc_grapple"] = "coc_grapple"
    name: str
    skill: str = "組み付き"
    #: The points paid for this roll (None: a roll of a held grapple the GM calls free).
    action: combat_b.ActionB | None = "attack"

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        tracker = tracker_of(ctx)
        if self.action is not None:
            tracker, paid = combat_b.take_action(tracker, sheet.name, self.action)
            emit_fact(ctx, "action_b", paid, coc=with_combat(state, tracker))
        result = check(sheet, self.skill, "coc6-b", ctx.dice, options=b_options(ctx))
        emit_fact(ctx, "check", result)
        tracker, fact = combat_b.grapple_roll(tracker, sheet.name, result.success)
        emit_fact(ctx, "grapple", fact, coc=with_combat(state, tracker))

    def label(self, lang: str = "ja") -> str:
        return render("Grapple", lang)


class CocManoeuvre(CommandBase):
    """CBT-B-7: a salto (the target thrown down where it stands) or a tackle (DEX/CON rolls of the target).

    Both are listed with the rush and the feint under seed 004's MA paragraph, so
    they are "武道の特殊攻撃" and need マーシャルアーツ at 60 or more (CBT-B-6).
    """

    type: Literal["coc_manoeuvre"] = "coc_manoeuvre"
    name: str
    manoeuvre: Literal["salto", "tackle"]
    target: str

    def run(self, ctx: Context) -> None:
        state = coc_state(ctx)
        tracker = tracker_of(ctx)
        _uid, user = coc_sheet(ctx, self.name)
        combat_b.require_ma_special({combat_b.MA: user.skill(combat_b.MA).value})
        if self.manoeuvre == "salto":
            tracker, fact = combat_b.salto(tracker, self.name, self.target)
            emit_fact(ctx, "manoeuvre", fact, coc=with_combat(state, tracker))
            return
        _tid, target = coc_sheet(ctx, self.target)
        tracker, tackled = combat_b.tackle(tracker, target, ctx.dice)
        emit_fact(ctx, "tackle", tackled, coc=with_combat(state, tracker))

    def label(self, lang: str = "ja") -> str:
        return render("Manoeuvre", lang)


class CocContest(CommandBase):
    """Ruleset A: a flee or cover roll (DEX×5 / DEX×4 or the DEX contest, CBT-A-1)."""

    type: Literal["coc_contest"] = "coc_contest"
    name: str
    kind: Literal["flee", "cover"]
    enemy_dex: int = Field(ge=1, le=99)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _cid, sheet = coc_sheet(ctx, self.name)
        emit_fact(ctx, "contest", combat_a.contest_roll(sheet, self.kind, self.enemy_dex, ctx.dice))

    def label(self, lang: str = "ja") -> str:
        return render("Contest roll", lang)


COC_COMMANDS: tuple[type[CommandBase], ...] = (
    CocSetSheet, CocNewInvestigator, CocSetSkill, CocImportSheet, CocStudent,
    CocCheck, CocAppPreroll, CocLoreCheck,
    CocPayMinus, CocCancelChips, CocAddChip, CocSanCheck, CocAdvanceClock, CocPsychoanalysis,
    CocSessionGrowth, CocStartCombat, CocSetOrder, CocNextTurn, CocEndCombat, CocActionA, CocActionB, CocAttack,
    CocDefend, CocCover, CocDamage, CocTreat, CocCondition, CocGrapple, CocManoeuvre, CocContest,
)  # fmt: skip
