"""The investigation phase (INV-1 … INV-9).

Each character declares scout, vision, prayer, resonance or none (INV-1) with
:func:`declare`; :func:`resolve` then rolls everyone at once and applies the
results in action order (DICE-7).  Legal targets come from
:func:`investigation_targets`, which the GUI can highlight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.checks.levels import Level
from engine.checks.simultaneous import Participant
from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.table.cards import Suit, parse_card
from engine.table.events import CardFlipped
from engine.table.piles import deal_top, move_card
from engine.table.places import DISCARD, square
from engine.upland.bone import BoneRevealed
from engine.upland.cycle import (
    after_investigation,
    enter,
    time_first_step,
)
from engine.upland.effects import (
    FATIGUE_POINT,
    add_training,
    change_fatigue,
    change_value,
    draw_cards,
    grant_check,
    move_party,
)
from engine.upland.events import (
    ActionDeclared,
    InvestigationResolved,
    PeekPending,
    PeekResolved,
    ResponsesCounted,
    SpadeProbed,
    SuitLearned,
)
from engine.upland.facts import (
    action_order,
    bone_square,
    crossed,
    cycle_of,
    hearts_in_hand,
    is_blank,
    is_closed,
    name_of,
    options,
    party_square,
    sheet_of,
    suit_of,
    top_card,
    upland_sheet,
)
from engine.upland.procedure import Action, Declaration, PendingPeek, StepId
from engine.upland.rolls import roll, simultaneous, total
from engine.upland.skills import skill_set_choice
from engine.upland.slice import bone_of, cycle_now, markers_of, party_of
from engine.upland.table_events import MarkerPlaced
from engine.upland.tables import tables
from engine.upland.texts import names_text

CROSSING_AT = 3  # INV-9: the third response in total
_RULE = {Action.SCOUT: "INV-2", Action.PRAYER: "INV-5", Action.RESONANCE: "INV-7"}


def investigation_targets(state: State, character: str, action: Action | str) -> list[str]:
    """INV-1: where ``character`` may put its marker for ``action``.

    Scout: an orthogonally adjacent closed or blank square (INV-2); resonance: a
    diagonal square (INV-7); prayer: the party's square; vision: any square whose
    top card is face down, if the character holds a heart (INV-4); none: nowhere.
    """
    here, grid = party_of(state), state.grid
    if here is None or character not in state.characters:
        return []
    match Action(action):
        case Action.SCOUT:
            return [s for s in grid.orthogonal(here) if is_blank(state, s) or is_closed(state, s)]
        case Action.RESONANCE:
            return grid.diagonal(here)
        case Action.PRAYER:
            return [here]
        case Action.VISION:
            if not hearts_in_hand(state, character):
                return []
            return [s for s in grid.squares() if is_closed(state, s)]
        case _:
            return []


def highest_skill(state: State, character: str) -> str | None:
    """INV-7 default target skill: the character's highest skill (first of equals)."""
    skills = sheet_of(state, character).skills
    if not skills:
        return None
    return max(skills, key=lambda n: skills[n].value)


def undeclared(state: State) -> list[str]:
    """INV-1: the characters (in action order) with a sheet who have not declared yet.

    Resolving refuses while there are any (option ``require_declarations``, on for
    sessions created since the engine enforces it): "no action" is a declaration
    like the others, so taking it stays the GM's call.  Sessions created before
    keep their reading — silence taken as no action — so their files replay as
    they were recorded.
    """
    cycle = cycle_now(state)
    if cycle is None or cycle.step is not StepId.DECLARE:
        return []
    return [
        c for c in action_order(state) if c not in cycle.declarations and upland_sheet(state.characters[c]) is not None
    ]


class NotDeclared(EngineError):
    """INV-1: the resolve waits for every declaration; the message names who is
    still to declare, joined as the reader's language joins names."""

    SOURCE = "Not yet: {names} must declare an action first (“no action” is a declaration too)."

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(self.SOURCE, names=names_text(names, "en"))

    def text(self, lang: str = "en") -> str:
        return render(self.SOURCE, lang, names=names_text(self.names, lang))


def validate(state: State, character: str, declaration: Declaration) -> Declaration:
    """A declaration checked against the current state (targets, skill, card)."""
    name = name_of(state, character)
    sheet = sheet_of(state, character)
    d = declaration
    if d.action is Action.NONE:
        if d.target or d.skill or d.card or d.choose_fail:
            raise EngineError("{name} takes no action; nothing else can be declared.", name=name)
        return d
    target = d.target
    if target is None and d.action is Action.PRAYER:
        target = party_square(state)
    if target is None:
        raise EngineError("{name}'s {action} needs a target square.", name=name, action=d.action.value)
    target = state.grid.name(state.grid.pos(target))
    if target not in investigation_targets(state, character, d.action):
        raise EngineError(
            "{square} is not a legal target for {name}'s {action}.", square=target, name=name, action=d.action.value
        )
    card = parse_card(d.card).code if d.card else None
    if card is not None and card not in state.hands.get(character, ()):
        raise EngineError("{card} is not in {name}'s hand.", card=card, name=name)
    suit = suit_of(card) if card else None
    skill = d.skill
    match d.action:
        case Action.SCOUT:
            if card is not None and suit not in (Suit.HEARTS, Suit.SPADES):
                raise EngineError("A scout can be helped only by a heart or a spade (INV-6).")
            if card is None or d.skill is not None:
                skill = skill_set_choice(sheet, "scout", options(state), d.skill, who=name).skill
        case Action.VISION:
            if card is None or suit is not Suit.HEARTS:
                raise EngineError("A vision needs a heart from {name}'s hand (INV-4).", name=name)
            if skill is not None:
                raise EngineError("A vision rolls no skill.")
        case Action.PRAYER:
            if card is not None and suit is not Suit.HEARTS:
                raise EngineError("Only a heart can replace the prayer roll (INV-6).")
            if skill is not None:
                raise EngineError("A prayer rolls 〈死祭り〉, not a chosen skill.")
        case Action.RESONANCE:
            if card is not None:
                raise EngineError("No hand card helps a resonance.")
            skill = skill or highest_skill(state, character)
            if skill is None or skill not in sheet.skills:
                raise EngineError("{name} has no skill {skill}.", name=name, skill=skill or "-")
    if d.choose_fail and card is not None:
        raise EngineError("A played card replaces the roll; there is no roll to decline.")
    return Declaration(action=d.action, target=target, skill=skill, card=card, choose_fail=d.choose_fail)


def declare(ctx: Context, character: str, declaration: Declaration | None) -> None:
    """INV-1: declare (or, with None, withdraw) an action and place its marker."""
    cycle = cycle_of(ctx.state)
    name = name_of(ctx.state, character)
    sheet_of(ctx.state, character)
    checked = validate(ctx.state, character, declaration) if declaration is not None else None
    if checked == cycle.declarations.get(character) and (checked is not None or character not in cycle.declarations):
        raise EngineError("{name} has already declared that.", name=name)
    ctx.emit(ActionDeclared(character=character, name=name, declaration=checked))
    marker = checked.target if checked is not None else None
    previous = markers_of(ctx.state).get(character)
    if marker != previous:
        ctx.emit(MarkerPlaced(character=character, square=marker, previous=previous, name=name))


@dataclass
class _Plan:
    character: str
    declaration: Declaration
    target: int | None = None
    sheet_skill: str | None = None
    label: str = ""


def _plan(state: State, character: str, declaration: Declaration) -> _Plan:
    d = validate(state, character, declaration)
    plan = _Plan(character, d)
    sheet = sheet_of(state, character)
    if d.action is Action.SCOUT and d.card is None:
        choice = skill_set_choice(sheet, "scout", options(state), d.skill, who=name_of(state, character))
        plan.target, plan.sheet_skill, plan.label = choice.target, choice.sheet_skill, f"〈{choice.skill}〉"
    elif d.action is Action.PRAYER and d.card is None:
        plan.target, plan.label = sheet.death_rite, "〈死祭り〉"
    elif d.action is Action.RESONANCE and d.skill is not None:
        bonus = sheet.spirit_pressure if options(state).resonance_adds_spirit_pressure else 0
        plan.target, plan.sheet_skill, plan.label = sheet.skills[d.skill].value + bonus, d.skill, f"〈{d.skill}〉"
    return plan


def resolve(ctx: Context, order: Sequence[str] | None = None) -> None:
    """INV-1: all roll at once (DICE-7), then results apply in action order."""
    cycle = cycle_of(ctx.state)
    state = ctx.state
    missing = undeclared(state)
    if missing and options(state).require_declarations:
        raise NotDeclared([name_of(state, c) for c in missing])
    here = party_square(state)
    sequence = action_order(state, order)
    plans = [_plan(state, c, cycle.declarations[c]) for c in sequence if c in cycle.declarations]
    cards = [p.declaration.card for p in plans if p.declaration.card]
    if len(cards) != len(set(cards)):
        raise EngineError("The same card cannot be played twice.")
    rollers = [p for p in plans if p.target is not None]
    results = simultaneous(
        ctx,
        [Participant(id=p.character, target=p.target or 0, declines=p.declaration.choose_fail) for p in rollers],
        what="scout",
        whats={p.character: p.declaration.action.value for p in rollers},  # type: ignore[misc]
        labels={p.character: p.label for p in rollers},
        rules={p.character: _RULE[p.declaration.action] for p in rollers},
        rule="INV-1",
    )
    levels = {r.id: r.level for r in results}
    rolled = {r.id for r in results if r.rolled}
    forced: str | None = None
    for plan in plans:
        d, who = plan.declaration, plan.character
        level = levels.get(who)
        match d.action:
            case Action.SCOUT:
                moved = _scout(ctx, plan, level, who in rolled)
                forced = forced or moved
            case Action.VISION:
                moved = _vision(ctx, plan, here)
                forced = forced or moved
            case Action.PRAYER:
                _prayer(ctx, plan, level)
            case Action.RESONANCE:
                _resonance(ctx, plan, here, level or Level.failure)
            case _:
                pass
    if forced is not None:
        # INV-3 fumble: after the other results, the party is forced onto the square.
        move_party(ctx, forced, "INV-3", fatigue=options(ctx.state).scout_fumble_move_fatigue)
    for c in sequence:
        previous = markers_of(ctx.state).get(c)
        if previous is not None:
            ctx.emit(MarkerPlaced(character=c, square=None, previous=previous, name=name_of(ctx.state, c)))
    ctx.emit(InvestigationResolved(names=tuple(name_of(ctx.state, p.character) for p in plans)))
    enter(ctx, after_investigation(ctx.state))


def _scout(ctx: Context, plan: _Plan, level: Level | None, rolled: bool) -> str | None:
    """INV-2/INV-3/INV-6: pay 1 fatigue, deal onto a blank square, then the result."""
    d, who = plan.declaration, plan.character
    target = d.target or ""
    change_fatigue(ctx, who, FATIGUE_POINT, "INV-2")
    if is_blank(ctx.state, target):
        deal_top(ctx, square(target), face_up=False)
    card = top_card(ctx.state, target) or ""
    if d.card is not None and suit_of(d.card) is Suit.SPADES:
        is_spade = suit_of(card) is Suit.SPADES
        ctx.emit(
            SpadeProbed(
                character=who, name=name_of(ctx.state, who), square=target, card=card, played=d.card, is_spade=is_spade
            )
        )
        if not is_spade:
            move_card(ctx, d.card, square(target), 0, face_up=True)
        return None
    if d.card is not None:  # INV-6: a heart replaces the roll
        move_card(ctx, d.card, DISCARD)
        level = Level(options(ctx.state).heart_scout_level)
    level = level or Level.failure
    if rolled and level.succeeded:
        grant_check(ctx, who, plan.sheet_skill, "INV-2")
    return scout_result(ctx, who, target, card, level)


def scout_result(ctx: Context, who: str, target: str, card: str, level: Level) -> str | None:
    """INV-3: apply a row of the scout result table; returns the square of a forced move."""
    row = tables().scout_row(level.value)
    if row.open and not ctx.state.card_flags(card).face_up:
        ctx.emit(CardFlipped(card=card, face_up=True, square=target))
    if row.tell_suit:
        ctx.emit(SuitLearned(character=who, name=name_of(ctx.state, who), square=target, card=card, rule="INV-3"))
    if row.peek_adjacent:
        ctx.emit(PeekPending(peek=PendingPeek(character=who, target=target), name=name_of(ctx.state, who)))
    here = party_of(ctx.state)
    if row.forced_move and here is not None and target in ctx.state.grid.orthogonal(here):
        return target
    return None


def _vision(ctx: Context, plan: _Plan, here: str) -> str | None:
    """INV-4: a heart from hand on a face-down card, then the scout table at the
    option's level (the heart stays stacked on it unless the option says not)."""
    d, who = plan.declaration, plan.character
    target = d.target or ""
    card = top_card(ctx.state, target) or ""
    heart = d.card or ""
    move_card(ctx, heart, square(target), 0, face_up=True)
    moved = scout_result(ctx, who, target, card, Level(options(ctx.state).vision_heart_level))
    if not options(ctx.state).vision_heart_stays:
        move_card(ctx, heart, DISCARD)
    return moved


def _prayer(ctx: Context, plan: _Plan, level: Level | None) -> None:
    """INV-5: draw cards equal to the success degree; a fumble raises the Call 1D6."""
    d, who = plan.declaration, plan.character
    if d.card is not None:  # INV-6: a heart replaces the prayer roll
        move_card(ctx, d.card, DISCARD)
        level = Level(options(ctx.state).heart_prayer_level)
    row = tables().prayer_row((level or Level.failure).value)
    draw_cards(ctx, who, row.draws)
    if row.call_dice:
        result = roll(ctx, row.call_dice, character=who, what="call", rule="INV-5")
        change_value(ctx, who, "call", total(result), "INV-5")


def _resonance(ctx: Context, plan: _Plan, here: str, level: Level) -> None:
    """INV-7/INV-8/INV-9: 1 fatigue; on success a response per degree if the bone
    lies in the 2×2 block; experience check or training; the crossing at the third."""
    d, who = plan.declaration, plan.character
    change_fatigue(ctx, who, FATIGUE_POINT, "INV-7")
    row = tables().resonance_row(level.value)
    if level.succeeded:
        block = tuple(ctx.state.grid.block_2x2(d.target or "", here) or ())
        bone = bone_square(ctx.state)
        responses = row.responses if bone is not None and bone in block else 0
        cycle = cycle_of(ctx.state)
        new_total = cycle.responses + responses
        crossing = (
            not crossed(ctx.state)
            and cycle.responses < CROSSING_AT <= new_total
            and bone_of(ctx.state).card is not None
            and bone_of(ctx.state).square is not None
        )
        ctx.emit(
            ResponsesCounted(
                character=who,
                name=name_of(ctx.state, who),
                block=block,
                responses=responses,
                total=new_total,
                crossing=crossing,
            )
        )
        draw_cards(ctx, who, responses)
        skill = plan.sheet_skill
        if skill is not None:
            if sheet_of(ctx.state, who).skills[skill].no_checks:
                add_training(ctx, who, skill, 10 * responses, "INV-8")
            else:
                grant_check(ctx, who, skill, "INV-8")
        if crossing:
            ctx.emit(BoneRevealed(card=bone_of(ctx.state).card or "", square=bone_of(ctx.state).square or ""))
    if row.call_dice:
        result = roll(ctx, row.call_dice, character=who, what="call", rule="INV-7")
        change_value(ctx, who, "call", total(result), "INV-7")


def peek(ctx: Context, character: str, target_square: str, card: str | None) -> None:
    """INV-3 critical follow-up: learn the suit of one square adjacent to the scouted
    one, or set a hand card on it if it is blank."""
    cycle = cycle_of(ctx.state)
    name = name_of(ctx.state, character)
    pending = next((p for p in cycle.pending_peeks if p.character == character), None)
    if pending is None:
        raise EngineError("{name} has no critical scout follow-up to make.", name=name)
    chosen = ctx.state.grid.name(ctx.state.grid.pos(target_square))
    if chosen not in ctx.state.grid.orthogonal(pending.target):
        raise EngineError("{square} is not next to {target}.", square=chosen, target=pending.target)
    if is_blank(ctx.state, chosen):
        if card is not None:
            code = parse_card(card).code
            if code not in ctx.state.hands.get(character, ()):
                raise EngineError("{card} is not in {name}'s hand.", card=code, name=name)
            move_card(ctx, code, square(chosen), 0, face_up=False)
    else:
        if card is not None:
            raise EngineError("A hand card can be set only on a blank square.")
        top = top_card(ctx.state, chosen) or ""
        ctx.emit(SuitLearned(character=character, name=name, square=chosen, card=top, rule="INV-3"))
    ctx.emit(PeekResolved(peek=pending, name=name, square=chosen))
    if not cycle_of(ctx.state).pending_peeks:
        enter(ctx, time_first_step(ctx.state))


def pass_peeks(ctx: Context) -> None:
    """Skip the remaining critical follow-ups and go on to the time phase."""
    cycle = cycle_of(ctx.state)
    for pending in cycle.pending_peeks:
        ctx.emit(PeekResolved(peek=pending, name=name_of(ctx.state, pending.character)))
    enter(ctx, time_first_step(ctx.state))
