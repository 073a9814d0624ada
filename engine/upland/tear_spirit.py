"""Tear spirits (♦ after the crossing, or a remains fumble; TEAR-1 … TEAR-6) and
the lingering bone's fight (BONE-1).

The stages are steps of the event phase: the party's choice (TEAR-1), the
summoning that gives the spirit its POW (TEAR-2), the combat one round per
command with taunts (TEAR-3 … TEAR-5), or the acceptance that shares the card's
strength out as Call (TEAR-6).

**Reading (combat round):** each round the spirit attacks first (it challenges),
a resistance roll of its MP against the target's MP; then the target strikes
back, MP against the spirit's MP or a 〈死祭り〉 roll (TEAR-3).  Other characters
may taunt in the same round; a taunt takes effect from the next round (TEAR-4).
The spirit's MP starts at its POW.  Call moved by a hit is the 1D3 rolled, but
never more than the spirit still has.
**Reading:** the POW experience check that an MP strike earns in RuneQuest (and a
〈死祭り〉 strike does not, TEAR-3) has no mark on the Upland sheet; the log
shows which roll struck, and the GM notes the check.
**Reading:** a spirit whose MP reaches 0 can no longer fight and disperses like
one whose Call reaches 0; the character who struck it is the winner.
**Reading:** a possessed character (MP 0) ends the engine's part of the fight:
the ♦ card is removed; the GM plays out what the spirit does (TEAR-5).  The
lingering bone instead stays face up on its square and challenges again.
**Reading:** TEAR-5's "fumble: Call +1D6, no combat" is applied twice: to a
summoning fumble (RULES.md; option ``summon_fumble``) and to the winner's
remains roll, where the seed places it (a fumble there raises no new spirit).
**Reading:** a summoning failure has no effect: the party chooses again (summon
once more for another hour, or accept); the bone must be summoned again.
**Reading (BONE-1):** the revealed bone is a tear spirit already, so the party
cannot accept it; its summoning (TEAR-2, where the resonance target skill — any
skill on the sheet — also counts) sets its POW, and its first target is the
character who made the third response whoever summons it.  Its strength is
option ``bone_strength``.  The winner gains 1 remains and 〈死祭り〉 +5 instead of
the remains roll.
**Reading (TEAR-6):** the spirit pressure moves permanently by the 〈死祭り〉
degree, up or down as the player says; the Call is then poured one point at a
time on the lowest (spirit pressure + Call added so far), ties to the lower
spirit pressure and then the lower D100 (rolled only for characters whose spirit
pressures are equal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.checks.levels import success_degree
from engine.checks.simultaneous import Participant
from engine.core.commands import Context
from engine.errors import EngineError
from engine.upland.cycle import enter
from engine.upland.diamond_events import BoneWon, Possessed, TearSpiritChanged, TearWhat
from engine.upland.diamond_state import TearSpirit
from engine.upland.diamond_support import in_order, members
from engine.upland.effects import change_value, grant_check
from engine.upland.facts import cycle_of, name_of, options, sheet_of, strength
from engine.upland.incident_phase import settle
from engine.upland.procedure import StepId
from engine.upland.rolls import Level, resistance_participant, roll, simultaneous, total
from engine.upland.skills import skill_set_choice
from engine.upland.tables import LEVEL_ORDER, tables

#: TEAR-2: 〈召喚〉 or an emotional social/knowledge skill (the seed's list).
SUMMONING_SKILLS: tuple[str, ...] = (
    "召喚", "召還", "雄弁", "言いくるめ", "演技", "脅迫", "娼技", "値切り",
    "サーター語", "歌唱", "演奏", "舞踏", "人間知識", "作詩",
)  # fmt: skip

#: TEAR-4: spirit pressure lowered for now by a taunt's level.
TAUNT_LOWERS = {Level.critical: 30, Level.special: 20, Level.success: 10}

#: BONE-1: what the winner of the bone's fight gains.
BONE_REMAINS = 1
BONE_DEATH_RITE = 5


def spirit(ctx: Context) -> TearSpirit:
    tear = cycle_of(ctx.state).diamonds.tear
    if tear is None:
        raise EngineError("No tear spirit is under way.")
    return tear


def _change(
    ctx: Context, what: TearWhat, after: TearSpirit | None, rule: str, card: str, name: str = "", amount: int = 0
) -> None:
    ctx.emit(TearSpiritChanged(what=what, card=card, after=after, rule=rule, name=name, amount=amount))


def drop_spirit(ctx: Context, card: str) -> None:
    """The GM resolved ``card`` by hand while its spirit was under way: drop it."""
    tear = cycle_of(ctx.state).diamonds.tear
    if tear is not None and tear.card == card:
        _change(ctx, "dropped", None, "EVT-3", card)


def begin_diamond(ctx: Context, card: str, kind: str) -> None:
    """EVT-2: the stage a ♦ or the bone opens with."""
    if kind == "remains":
        enter(ctx, StepId.REMAINS)
    else:
        raise_tear(ctx, card, bone=kind == "bone")


def raise_tear(ctx: Context, card: str, *, bone: bool = False, from_remains: bool = False) -> None:
    """TEAR-1 (or BONE-1): a tear spirit of the card's strength appears."""
    power = options(ctx.state).bone_strength if bone else strength(ctx.state, card)
    tear = TearSpirit(card=card, strength=power, bone=bone, call=power, from_remains=from_remains)
    if bone:
        cycle = cycle_of(ctx.state)
        first = cycle.crossing_by if cycle.crossing_by in members(ctx.state) else None
        tear = tear.model_copy(update={"mode": "combat", "target": first or members(ctx.state)[0]})
        _change(ctx, "combat", tear, "BONE-1", card)
        enter(ctx, StepId.TEAR_SUMMON)
        return
    _change(ctx, "raised", tear, "TEAR-1", card)
    enter(ctx, StepId.TEAR_CHOICE)


def choose(ctx: Context, mode: Literal["combat", "accept"]) -> None:
    """TEAR-1: the party fights the spirit (summoning first) or accepts it."""
    tear = spirit(ctx).model_copy(update={"mode": mode})
    _change(ctx, mode, tear, "TEAR-1", tear.card)
    enter(ctx, StepId.TEAR_SUMMON if mode == "combat" else StepId.TEAR_ACCEPT)


def _summoning_skill(ctx: Context, character: str, skill: str, bone: bool) -> int:
    sheet = sheet_of(ctx.state, character)
    if not bone and skill not in SUMMONING_SKILLS:
        raise EngineError("{skill} cannot summon a tear spirit (TEAR-2).", skill=skill)
    value = sheet.skill_value(skill)
    if value is None and skill in ("召喚", "召還"):
        value = sheet.skill_value("召還" if skill == "召喚" else "召喚")
    if value is None:
        raise EngineError("{name} has no skill {skill}.", name=name_of(ctx.state, character), skill=skill)
    return value


def summon(ctx: Context, summoners: dict[str, str], order: Sequence[str] | None = None) -> None:
    """TEAR-2: one hour's walking ritual; the spirit gathers at the best summoner
    (best level, then the higher skill %) with the summoning table's POW."""
    tear = spirit(ctx)
    if not summoners:
        raise EngineError("Name at least one summoner.")
    who = in_order(ctx.state, summoners, order)
    targets = {c: _summoning_skill(ctx, c, summoners[c], tear.bone) for c in who}
    results = simultaneous(
        ctx,
        [Participant(id=c, target=targets[c]) for c in who],
        what="summoning",
        rule="TEAR-2",
        labels={c: f"〈{summoners[c]}〉" for c in who},
    )
    best = min(results, key=lambda r: (LEVEL_ORDER.index(r.level), -r.target))
    row = next(r for r in tables().summoning if r.level == best.level)
    if row.no_effect:
        _change(ctx, "summon_failed", tear, "TEAR-2", tear.card)
        if not tear.bone:
            enter(ctx, StepId.TEAR_CHOICE)
        return
    power = tear.strength
    if row.call_rises:
        rise = total(roll(ctx, "1D6", character=best.id, what="summoning", rule="TEAR-5"))
        change_value(ctx, best.id, "call", rise, "TEAR-5")
        if options(ctx.state).summon_fumble == "no_combat":
            _change(ctx, "summon_fumbled", None, "TEAR-5", tear.card, name_of(ctx.state, best.id), rise)
            settle(ctx, tear.card, "left" if tear.bone else "removed")
            return
    else:
        assert row.pow_dice is not None
        power += total(roll(ctx, row.pow_dice, character=best.id, what="summoning", rule="TEAR-2"))
    target = tear.target if tear.bone and tear.target else best.id
    after = tear.model_copy(update={"pow": power, "mp": power, "target": target})
    _change(ctx, "summoned", after, "TEAR-2", tear.card, name_of(ctx.state, target), power)
    enter(ctx, StepId.TEAR_COMBAT)


def combat_round(
    ctx: Context, death_rite: bool = False, taunts: dict[str, str] | None = None, order: Sequence[str] | None = None
) -> None:
    """TEAR-3/TEAR-4/TEAR-5: one round of tear-spirit combat."""
    tear = spirit(ctx)
    assert tear.mp is not None and tear.target is not None
    spirit_mp: int = tear.mp
    target = tear.target
    taunts = dict(taunts or {})
    if target in taunts:
        raise EngineError("{name} is the spirit's target and cannot taunt it.", name=name_of(ctx.state, target))
    tear = tear.model_copy(update={"round": tear.round + 1})
    card, who = tear.card, name_of(ctx.state, target)
    # the spirit attacks (TEAR-3)
    mine = sheet_of(ctx.state, target).mp
    hit = simultaneous(
        ctx,
        [resistance_participant(target, spirit_mp, mine)],
        what="tear_combat",
        rule="TEAR-3",
        labels={target: "(涙霊の攻撃)"},
        resistance={target: (spirit_mp, mine)},
    )[0]
    if hit.level.succeeded:
        amount = total(roll(ctx, "1D3", character=target, what="tear_combat", rule="TEAR-3"))
        moved = min(amount, tear.call)
        change_value(ctx, target, "mp", -amount, "TEAR-3")
        change_value(ctx, target, "call", moved, "TEAR-3")
        tear = tear.model_copy(update={"call": tear.call - moved})
        ctx.emit(
            TearSpiritChanged(what="hit", card=card, after=tear, rule="TEAR-3", name=who, amount=amount, moved=moved)
        )
    else:
        _change(ctx, "missed", tear, "TEAR-3", card, who)
    if sheet_of(ctx.state, target).mp <= 0:
        ctx.emit(Possessed(character=target, name=who))
        _change(ctx, "possessed", None, "TEAR-5", card, who)
        settle(ctx, card, "left" if tear.bone else "removed")
        return
    if tear.call <= 0:
        _win(ctx, tear, target)
        return
    # the target strikes back (TEAR-3)
    mine = sheet_of(ctx.state, target).mp
    if death_rite:
        strike = simultaneous(
            ctx,
            [Participant(id=target, target=sheet_of(ctx.state, target).death_rite)],
            what="tear_combat",
            rule="TEAR-3",
            labels={target: "〈死祭り〉"},
        )[0]
    else:
        strike = simultaneous(
            ctx,
            [resistance_participant(target, mine, spirit_mp)],
            what="tear_combat",
            rule="TEAR-3",
            labels={target: "MP"},
            resistance={target: (mine, spirit_mp)},
        )[0]
    if strike.level.succeeded:
        amount = total(roll(ctx, "1D3", character=target, what="tear_combat", rule="TEAR-3"))
        spirit_mp = max(0, spirit_mp - amount)
        tear = tear.model_copy(update={"mp": spirit_mp, "call": max(0, tear.call - amount)})
        _change(ctx, "struck", tear, "TEAR-3", card, who, amount)
        if tear.call <= 0 or spirit_mp <= 0:
            _win(ctx, tear, target)
            return
    else:
        _change(ctx, "parried", tear, "TEAR-3", card, who)
    drawn = _taunt(ctx, tear, taunts, order)
    if drawn.target != target:
        _change(ctx, "taunted", drawn, "TEAR-4", card, name_of(ctx.state, drawn.target or target))


def _taunt(ctx: Context, tear: TearSpirit, taunts: dict[str, str], order: Sequence[str] | None) -> TearSpirit:
    """TEAR-4: taunters lower their spirit pressure for now; one 10+ below the
    target's draws the spirit from the next round (the lowest of several)."""
    if not taunts:
        return tear
    who = in_order(ctx.state, taunts, order)
    targets = {c: _summoning_skill(ctx, c, taunts[c], tear.bone) for c in who}
    results = simultaneous(
        ctx,
        [Participant(id=c, target=targets[c]) for c in who],
        what="taunt",
        rule="TEAR-4",
        labels={c: f"〈{taunts[c]}〉" for c in who},
    )
    assert tear.target is not None
    against = sheet_of(ctx.state, tear.target).spirit_pressure
    pressures = {
        r.id: sheet_of(ctx.state, r.id).spirit_pressure - TAUNT_LOWERS[r.level]
        for r in results
        if r.level in TAUNT_LOWERS
    }
    drawn = [c for c in who if c in pressures and pressures[c] <= against - 10]
    if not drawn:
        return tear
    lowest = min(drawn, key=lambda c: pressures[c])
    return tear.model_copy(update={"target": lowest})


def _win(ctx: Context, tear: TearSpirit, winner: str) -> None:
    """TEAR-5 / BONE-1: the spirit disperses; the winner's reward."""
    who = name_of(ctx.state, winner)
    if tear.bone:
        change_value(ctx, winner, "remains", BONE_REMAINS, "BONE-1")
        change_value(ctx, winner, "death_rite", BONE_DEATH_RITE, "BONE-1", floor=-100)
        ctx.emit(BoneWon(character=winner, name=who))
    else:
        choice = skill_set_choice(sheet_of(ctx.state, winner), "requiem", options(ctx.state), None, who)
        result = simultaneous(
            ctx,
            [Participant(id=winner, target=choice.target)],
            what="remains",
            rule="TEAR-5",
            labels={winner: f"〈{choice.skill}〉"},
        )[0]
        if result.level is Level.fumble:
            rise = total(roll(ctx, "1D6", character=winner, what="remains", rule="TEAR-5"))
            change_value(ctx, winner, "call", rise, "TEAR-5")
        else:
            if result.level.succeeded:
                grant_check(ctx, winner, choice.sheet_skill, "TEAR-5")
            row = next(r for r in tables().remains if r.level == result.level)
            kept = min(row.remains, tear.strength)
            change_value(ctx, winner, "remains", kept, "TEAR-5")
            change_value(ctx, winner, "death_rite", kept, "TEAR-5", floor=-100)
    _change(ctx, "dispersed", None, "BONE-1" if tear.bone else "TEAR-5", tear.card, who)
    if not tear.bone and cycle_of(ctx.state).diamonds.obstacle_diamond == tear.card:
        from engine.upland.treasure import open_treasure

        open_treasure(ctx, tear.card, settle_after=True)  # OBS-4: the ♦ played after an obstacle, spirit repelled
        return
    settle(ctx, tear.card, "removed")


def level_call(pressures: dict[str, int], amount: int, ties: dict[str, int] | None = None) -> dict[str, int]:
    """TEAR-6: pour ``amount`` Call over the characters like water — each point to
    the lowest (spirit pressure + added), ties to the lower spirit pressure, then the
    lower ``ties`` D100 (then the given order)."""
    ties = ties or {}
    order = list(pressures)
    added = dict.fromkeys(pressures, 0)
    for _ in range(max(0, amount)):
        if not order:
            break
        pick = min(order, key=lambda c: (pressures[c] + added[c], pressures[c], ties.get(c, 0), order.index(c)))
        added[pick] += 1
    return added


def accept(
    ctx: Context, adjust: dict[str, Literal["up", "down"]] | None = None, order: Sequence[str] | None = None
) -> None:
    """TEAR-6: optional 〈死祭り〉 rolls move spirit pressures, then the card's
    strength is added as Call, levelling the lowest first."""
    tear = spirit(ctx)
    adjust = dict(adjust or {})
    rollers = in_order(ctx.state, adjust, order)
    results = simultaneous(
        ctx,
        [Participant(id=c, target=sheet_of(ctx.state, c).death_rite) for c in rollers],
        what="acceptance",
        rule="TEAR-6",
        labels={c: "〈死祭り〉" for c in rollers},
    )
    for result in results:
        degree = success_degree(result.level)
        sign = 1 if adjust[result.id] == "up" else -1
        change_value(ctx, result.id, "spirit_pressure", sign * degree, "TEAR-6", floor=-99)
    everyone = members(ctx.state)
    pressures = {c: sheet_of(ctx.state, c).spirit_pressure for c in everyone}
    ties: dict[str, int] = {}
    for character in everyone:
        if sum(1 for p in pressures.values() if p == pressures[character]) > 1:
            ties[character] = total(roll(ctx, "1D100", character=character, what="acceptance", rule="TEAR-6"))
    added = level_call(pressures, tear.strength, ties)
    for character in everyone:
        change_value(ctx, character, "call", added[character], "TEAR-6")
    _change(ctx, "accepted", None, "TEAR-6", tear.card)
    settle(ctx, tear.card, "removed")
