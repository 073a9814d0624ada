"""The time phase (TIM-1 … TIM-7): sleepwalking and holding back, then the
party's move, wait or leave."""

from __future__ import annotations

from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.table.cards import parse_card
from engine.table.piles import deal_top, ensure_deck, move_card
from engine.table.places import square
from engine.upland.cycle import (
    after_time_action,
    enter,
    sleepwalk_candidates,
)
from engine.upland.effects import FATIGUE_POINT, change_fatigue, move_party
from engine.upland.events import HeldBack, SleepwalkerFound, TimeActionTaken
from engine.upland.facts import (
    bone_square,
    cycle_of,
    is_blank,
    name_of,
    options,
    party,
    party_square,
    sheet_of,
)
from engine.upland.obstacle import check_move
from engine.upland.procedure import StepId, TimeAction, WaitAction
from engine.upland.rolls import resistance_participant, simultaneous
from engine.upland.sheet import UplandSheet, limit_value
from engine.upland.slice import cycle_now, gate_of
from engine.upland.tables import tables

HOLD_BACK_COST = {"success": 1, "special": 2}


def resolve_sleepwalking(ctx: Context) -> None:
    """TIM-2: every character whose Call exceeds POW resists, Call against POW;
    a success sleepwalks toward the lingering bone."""
    ids = sleepwalk_candidates(ctx.state)
    pairs = {c: (sheet_of(ctx.state, c).call, sheet_of(ctx.state, c).POW) for c in ids}
    results = simultaneous(
        ctx, [resistance_participant(c, *pairs[c]) for c in ids], what="sleepwalk", rule="TIM-2", resistance=pairs
    )
    walkers = [r for r in results if r.level.succeeded]
    for r in walkers:
        ctx.emit(SleepwalkerFound(character=r.id, name=name_of(ctx.state, r.id), level=r.level.value))
    enter(ctx, StepId.HOLD_BACK if walkers else StepId.CHOOSE)


def hold_back(ctx: Context, sleepwalker: str, holder: str) -> None:
    """TIM-3: a non-sleepwalking character pays 1 (success) or 2 (special) fatigue;
    a critical cannot be held back."""
    cycle = cycle_of(ctx.state)
    walker_name, holder_name = name_of(ctx.state, sleepwalker), name_of(ctx.state, holder)
    walker = cycle.sleepwalkers.get(sleepwalker)
    if walker is None:
        raise EngineError("{name} is not sleepwalking.", name=walker_name)
    if walker.held_by is not None:
        raise EngineError("{name} is already held back.", name=walker_name)
    if walker.level not in HOLD_BACK_COST:
        raise EngineError("{name} sleepwalks with a critical and cannot be held back (TIM-3).", name=walker_name)
    sheet_of(ctx.state, holder)
    if holder in cycle.sleepwalkers:
        raise EngineError("{name} is sleepwalking and cannot hold anyone back.", name=holder_name)
    cost = HOLD_BACK_COST[walker.level]
    change_fatigue(ctx, holder, cost * FATIGUE_POINT, "TIM-3")
    ctx.emit(
        HeldBack(
            sleepwalker=sleepwalker, holder=holder, sleepwalker_name=walker_name, holder_name=holder_name, cost=cost
        )
    )


def finish_hold_back(ctx: Context) -> None:
    """TIM-2/TIM-4: sleepwalkers nobody holds move one square toward the bone,
    vertical first — and the whole party with them."""
    cycle = cycle_of(ctx.state)
    free = [c for c, w in cycle.sleepwalkers.items() if w.held_by is None]
    here = party_square(ctx.state)
    bone = bone_square(ctx.state)
    if free and bone is not None and bone != here:
        destination = ctx.state.grid.step_toward(here, bone)
        ctx.emit(TimeActionTaken(action=TimeAction.MOVE, square=destination, sleepwalk=True))
        move_party(ctx, destination, "TIM-5")
        if options(ctx.state).sleepwalk_is_time_move:
            enter(ctx, after_time_action(ctx.state))
            return
    enter(ctx, StepId.CHOOSE)


def choose_move(ctx: Context, destination: str, card: str | None = None, by: str | None = None) -> None:
    """TIM-4/TIM-5: the party moves to an adjacent square, each paying fatigue by
    moving weight; into a blank square one player may lay a hand card as its map card."""
    here = party_square(ctx.state)
    target = ctx.state.grid.name(ctx.state.grid.pos(destination))
    if target not in ctx.state.grid.orthogonal(here):
        raise EngineError("The party can move only to a square next to {square}.", square=here)
    escape_to = cycle_now(ctx.state).escape_to  # type: ignore[union-attr]
    if escape_to is not None and target != escape_to:
        raise EngineError("After the escape the party moves to {square} (ENC-10).", square=escape_to)
    if escape_to is None:
        check_move(ctx.state, target)
    if card is not None:
        if not is_blank(ctx.state, target):
            raise EngineError("A hand card can be laid only on a blank square.")
        if by is None or by not in ctx.state.characters:
            raise EngineError("Say whose hand the card comes from.")
        code = parse_card(card).code
        if code not in ctx.state.hands.get(by, ()):
            raise EngineError("{card} is not in {name}'s hand.", card=code, name=name_of(ctx.state, by))
        move_card(ctx, code, square(target), 0, face_up=False)
    if escape_to is not None and cycle_now(ctx.state).escape_unscouted:  # type: ignore[union-attr]
        # ENC-10: leaving outside the breakthrough zone is an unscouted move: a deck
        # card is stacked there even if it was scouted; by the zone it is a plain move
        ensure_deck(ctx, 1)
        deal_top(ctx, square(target), face_up=False)
    ctx.emit(TimeActionTaken(action=TimeAction.MOVE, square=target))
    move_party(ctx, target, "TIM-5")
    enter(ctx, after_time_action(ctx.state))


def _refuse_after_escape(state: State) -> None:
    cycle = cycle_now(state)
    if cycle is not None and cycle.escape_to is not None:
        raise EngineError("After the escape the party moves to {square} (ENC-10).", square=cycle.escape_to)


def forbidden_wait_actions(state: State, character: str) -> set[WaitAction]:
    """TIM-3: a character holding a sleepwalker back cannot rest (option: nor sleep)."""
    cycle = cycle_now(state)
    if cycle is None or not any(w.held_by == character for w in cycle.sleepwalkers.values()):
        return set()
    if options(state).holding_back_forbids == "sleep_and_rest":
        return {WaitAction.REST, WaitAction.SLEEP}
    return {WaitAction.REST}


def load_modifier(sheet: UplandSheet) -> int:
    """TIM-6: the load row of the recovery table (armour reading for the first row)."""
    rows = tables().recovery.loads
    if sheet.light_armour:
        return rows[0].modifier
    for row in rows[1:]:
        if row.limit is not None and sheet.worn_load <= limit_value(row.limit, sheet):
            return row.modifier
    return rows[-1].modifier


def recovery_points(sheet: UplandSheet, action: WaitAction, extends: bool = True) -> int:
    """TIM-6: recovery = table(CON + action modifier + load modifier); no food, none."""
    if sheet.food <= 0:
        return 0
    table = tables().recovery
    action_mod = next(a.modifier for a in table.actions if a.key == action.value)
    con = sheet.CON + action_mod + load_modifier(sheet)
    for band in table.con:
        if band.min <= con <= band.max:
            return band.recovery
    last = table.con[-1]
    if con < table.con[0].min:
        return 0
    if not extends:
        return last.recovery
    return last.recovery + (con - last.max - 1) // table.extend_every + 1


def choose_wait(ctx: Context, actions: dict[str, WaitAction]) -> None:
    """TIM-6: one hour in place; each sleeps, rests or watches (watch +1 fatigue),
    and with food recovers per the recovery table."""
    _refuse_after_escape(ctx.state)
    state = ctx.state
    unknown = [c for c in actions if c not in state.characters]
    if unknown:
        raise EngineError("There is no character '{id}'.", id=unknown[0])
    chosen: dict[str, WaitAction] = {}
    for member in party(state):
        sheet_of(state, member.id)
        forbidden = forbidden_wait_actions(state, member.id)
        default = WaitAction.WATCH if WaitAction.SLEEP in forbidden else WaitAction.SLEEP
        action = actions.get(member.id, default)
        if action in forbidden:
            raise EngineError(
                "{name} is holding a sleepwalker back and cannot {action} (TIM-3).",
                name=member.name,
                action=action.value,
            )
        chosen[member.id] = action
    ctx.emit(TimeActionTaken(action=TimeAction.WAIT, wait_actions=chosen, names={c.id: c.name for c in party(state)}))
    extends = options(state).recovery_table_extends
    for member in party(ctx.state):
        action = chosen[member.id]
        watch_cost = next(a.fatigue_thirds for a in tables().recovery.actions if a.key == action.value)
        change_fatigue(ctx, member.id, watch_cost, "TIM-6")
        points = recovery_points(sheet_of(ctx.state, member.id), action, extends)
        change_fatigue(ctx, member.id, -points * FATIGUE_POINT, "TIM-6")
    enter(ctx, after_time_action(ctx.state))


def choose_leave(ctx: Context) -> None:
    """TIM-7: only at the gate; the exploration cycles end (the leave phase is
    outside the seeds: the engine records it and stops)."""
    _refuse_after_escape(ctx.state)
    if party_square(ctx.state) != gate_of(ctx.state):
        raise EngineError("The party can leave only at the gate ({gate}).", gate=gate_of(ctx.state))
    ctx.emit(TimeActionTaken(action=TimeAction.LEAVE, square=gate_of(ctx.state)))
    enter(ctx, StepId.LEFT)
