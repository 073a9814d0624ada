"""Interactions (♥, EVT-4, INT-1 … INT-5): the interaction table as data and
the effects the engine applies.

An interaction always happens (EVT-4): the stepper resolves the due heart with
one of its row's effects, or cancels it by a named card effect.  The engine
rolls the number appearing, applies the structured part (a move with its
opened cards, a reinforcement's tapped card) and logs the rest (conditions,
prices, trade, lodging, combat — the GM's).  A heart that leaves its square is
replaced face down from the deck (EVT-4).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from functools import cache
from typing import Literal

from pydantic import ValidationError

from engine.core.commands import Context
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.table.events import CardTapped
from engine.table.piles import deal_top, ensure_deck, move_card
from engine.table.places import DISCARD, square
from engine.upland.assets import upland_rules_dir
from engine.upland.chs_event_types import InteractionApplied, LodgingHour
from engine.upland.cycle import enter
from engine.upland.effects import move_party
from engine.upland.events import IncidentResolved
from engine.upland.facts import cycle_of, is_blank, options, party, party_square, strength, suit_of, top_card
from engine.upland.incident_phase import current_incident_card, next_incident, start_events
from engine.upland.procedure import Lodging, StepId
from engine.upland.rolls import Level, roll, total
from engine.upland.sheet import UplandModel
from engine.upland.slice import party_of

EffectKind = Literal["scout", "move", "reinforcement", "defence", "lodging", "trade", "hostile"]


class InteractionEffect(UplandModel):
    """INT-5: one effect of a row — its kind, n for a move, the seed's condition,
    and what its effect value is: the heart's number, or the number appearing
    where the seed says 「出現数と同じ効果（値）」."""

    kind: EffectKind
    n: int | None = None
    condition: str = ""
    value: Literal["number", "count"] = "number"


class InteractionRow(UplandModel):
    number: int
    ja: str
    en: str
    count: tuple[str, ...]
    seed: str
    effects: tuple[InteractionEffect, ...]

    def hostile(self) -> bool:
        """INT-2: a row with 敵対 cannot be settled by accepting a condition."""
        return any(e.kind == "hostile" for e in self.effects)


class TradeGood(UplandModel):
    """INT-4: a local good (discarded at mission end)."""

    ja: str
    en: str
    price: str
    effect: str


class SpiritMagic(UplandModel):
    max_mp: int
    lunars_per_mp: int


class InteractionTable(UplandModel):
    rows: tuple[InteractionRow, ...]
    goods: tuple[TradeGood, ...]
    spirit_magic: SpiritMagic

    def row(self, number: int) -> InteractionRow:
        for row in self.rows:
            if row.number == number:
                return row
        raise EngineError("The interaction table has no row for number {number}.", number=number)


@cache
def interaction_table() -> InteractionTable:
    path = upland_rules_dir() / "interactions.toml"
    try:
        return InteractionTable.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise EngineError(
            "The rule table {file} cannot be read: {detail}", file=str(path), detail=str(exc).splitlines()[0]
        ) from exc


def interaction_row(card: str) -> InteractionRow:
    """INT-1: the row of a heart's number (an ace counts as its MAP-3 strength, never below 2).

    **Reading:** the table starts at 2; an ace (strength 1) uses row 2."""
    return interaction_table().row(max(2, parse_card(card).strength()))


def _due_heart(ctx: Context, card: str) -> str:
    code = parse_card(card).code
    if current_incident_card(ctx.state) != code or suit_of(code) is not Suit.HEARTS:
        raise EngineError("{card} is not the interaction whose event is due.", card=code)
    return code


def _remove_and_replace(ctx: Context, code: str, where: str) -> str | None:
    """EVT-4: the heart leaves its square; a new card lies face down in its place."""
    ensure_deck(ctx, 1)
    replacement = deal_top(ctx, square(where), face_up=False) if ctx.state.deck else None
    ctx.emit(IncidentResolved(card=code, square=where, outcome="removed", replacement=replacement))
    return replacement


def resolve_interaction(
    ctx: Context,
    card: str,
    effect: str,
    *,
    path: Sequence[str] = (),
    to: str | None = None,
    note: str = "",
    won: bool = False,
    level: int | None = None,
    character: str | None = None,
    stay: int | None = None,
    then: bool = True,
) -> None:
    """INT-1 … INT-5: apply one effect of the due heart's row.

    ``effect`` is an effect kind of the row, ``cancelled`` (a named card effect
    cancels the interaction: ``note`` names it; the heart stays, done for this
    phase) or ``combat`` (the condition refused, INT-2: the GM's fight).

    - move(n): ``path`` is the n squares, each next to the last; every square
      passed gets a deck card, opened; the party moves there without time or
      fatigue and the destination's events follow (INT-4); the cards under the
      heart raise nothing.  **Reading:** the square the party came from (OBS-1)
      is the last square passed (the heart's own square for a move of 1).
      **Reading:** the destination itself gets no extra
      card (EVT-1 gives a blank one the deck's top), it is not "passed".
    - reinforcement: the heart is tapped and moved to ``to`` next to the party
      (INT-3) and waits there with its effect value; the first encounter raised
      on that square is lowered (:func:`engine.upland.encounter.modify`).
    - defence: the party ignores encounters up to the effect value while it
      stays on this square; where the row gives no value (rows 10, J) the GM
      says the threat level (``level``).
    - scout: replaces a scout roll (偵察判定代替) on ``to``, a closed or blank
      square next to the party (INV-2: a blank one first gets a face-down deck
      card); the result is the scout table's row at the level a heart replacing
      the roll counts as (option ``heart_scout_level``, INV-6), told to
      ``character`` (default: the first in the party).  **Reading:** no fatigue
      (the group scouts, not a character), no experience check; the rows' effect
      values (「出現数×2の効果」, 「出現数と同じ効果」) name no level, so they are logged
      with the condition and the GM adjudicates anything beyond the one result.
    - lodging: the party chooses its stay (``stay`` hours) and D20+4 is rolled:
      the next ``stay`` cycles on this square have no events
      (:func:`lodging_hour`); at that hour the villagers turn into monsters
      (D6) and attack — the fight is the GM's, the village is gone and events
      come as usual from the next cycle.  **Reading:** one cycle is one hour of
      the stay (a wait is one hour, TIM-6); the hour is counted from the cycle
      after the interaction; leaving the square ends the stay; the D20+4 is a
      secret roll (the players learn the hour when the villagers turn).
    - effect value: the number appearing on the rows that say
      「出現数と同じ効果（値）」 (5, 6, 9), else the heart's number.
    - any other effect: logged with the row's condition; the heart goes to the
      discard.
    - combat with ``won``: the party beat the group; the number is remembered
      (INT-2): the next heart of that number rolls its count — the minimum means
      nobody appears (the heart is simply spent), otherwise the count doubles and
      only combat is possible.
    A heart that leaves its square is replaced face down (EVT-4).  ``then``
    False: the event phase does not go on to the next card (an escape from the
    heart's fight ends it, :func:`engine.upland.encounter.end_encounter`).
    """
    code = _due_heart(ctx, card)
    where = party_square(ctx.state)
    row = interaction_row(code)
    kinds = {e.kind for e in row.effects}
    if effect == "cancelled":
        if not note:
            raise EngineError("Name the card effect that cancels the interaction (EVT-4).")
        ctx.emit(
            InteractionApplied(
                card=code, square=where, counterpart_ja=row.ja, counterpart_en=row.en, effect="cancelled", note=note
            )
        )
        ctx.emit(IncidentResolved(card=code, square=where, outcome="left"))
        return _next(ctx)
    if effect != "combat" and effect not in kinds:
        raise EngineError("Interaction {name} offers no {effect} effect (INT-1).", name=row.ja, effect=effect)
    again = row.number in cycle_of(ctx.state).beaten_interactions
    if again and effect not in ("combat", "cancelled"):
        raise EngineError("The group of {name} was beaten before: only combat now (INT-2).", name=row.ja)
    count = (
        sum(
            total(roll(ctx, dice, character=None, what="interaction", rule="INT-1", label=row.ja)) for dice in row.count
        )
        if row.count
        else None
    )
    if again and count is not None:
        if count == sum(minimum(dice) for dice in row.count):
            ctx.emit(
                InteractionApplied(
                    card=code,
                    square=where,
                    counterpart_ja=row.ja,
                    counterpart_en=row.en,
                    count=0,
                    effect="none",
                    note="INT-2",
                )
            )
            move_card(ctx, code, DISCARD)
            _remove_and_replace(ctx, code, where)
            return _next(ctx) if then else None
        count *= 2
    chosen = next((e for e in row.effects if e.kind == effect), None)
    if effect == "move":
        assert chosen is not None and chosen.n is not None
        steps = [ctx.state.grid.name(ctx.state.grid.pos(s)) for s in path]
        if len(steps) != chosen.n:
            raise EngineError("This move goes {n} squares (INT-3).", n=chosen.n)
        here = where
        for step in steps:
            if step not in ctx.state.grid.orthogonal(here):
                raise EngineError("The party can move only to a square next to {square}.", square=here)
            here = step
    if effect == "reinforcement":
        target = ctx.state.grid.name(ctx.state.grid.pos(to or ""))
        if target not in ctx.state.grid.orthogonal(where):
            raise EngineError("A reinforcement card goes to a square next to {square} (INT-3).", square=where)
    if effect == "scout":
        scouted = _scout_target(ctx, where, to)
    lodging: Lodging | None = None
    if effect == "lodging":
        if stay is None:
            raise EngineError("Say how many hours the party stays (INT-3).")
        # secret: the players must not know when the villagers turn
        hour = total(roll(ctx, "S1D20+4", character=None, what="lodging", rule="INT-3"))
        lodging = Lodging(square=where, since=cycle_of(ctx.state).cycle, hours=stay, attack_at=hour)
    value = (count or 0) if chosen is not None and chosen.value == "count" else strength(ctx.state, code)
    held: tuple[str, int] | None = None
    if effect == "defence":
        if chosen is not None and chosen.value != "count":
            if level is None:
                raise EngineError("Say the threat level the defence covers (INT-3).")
            value = level
        held = (where, value)
    ctx.emit(
        InteractionApplied(
            card=code,
            square=where,
            counterpart_ja=row.ja,
            counterpart_en=row.en,
            count=count,
            effect=effect,
            note=note or (chosen.condition if chosen else ""),
            beaten=row.number if effect == "combat" and won else None,
            came_from=([where, *steps][-2] if effect == "move" else None),
            reinforcement=(target, value) if effect == "reinforcement" else None,
            defence=held,
            lodging=lodging,
        )
    )
    if effect == "reinforcement":
        ctx.emit(CardTapped(card=code, tapped=True, square=where))
        move_card(ctx, code, square(target), 0)
    else:
        move_card(ctx, code, DISCARD)
    _remove_and_replace(ctx, code, where)
    if effect == "scout":
        _scout(ctx, scouted, character)
    if effect == "move":
        for step in steps[:-1]:
            ensure_deck(ctx, 1)
            deal_top(ctx, square(step), face_up=True)
        move_party(ctx, steps[-1], "INT-3", fatigue=False)
        enter(ctx, StepId.INCIDENT_START)
        start_events(ctx)
        return
    if then:
        _next(ctx)


def minimum(dice: str) -> int:
    """The lowest roll of a count expression like ``2D4+2`` or ``1D6`` (INT-2)."""
    match = re.fullmatch(r"(\d+)D(\d+)([+-]\d+)?", dice.upper())
    if match is None:
        raise EngineError("Cannot read the dice {dice}.", dice=dice)
    return int(match.group(1)) + int(match.group(3) or 0)


def _next(ctx: Context) -> None:
    next_incident(ctx)


def _scout_target(ctx: Context, where: str, to: str | None) -> str:
    """INT-3 scout: the square must be one a scout may target (INV-2)."""
    target = ctx.state.grid.name(ctx.state.grid.pos(to or ""))
    top = top_card(ctx.state, target)
    if target not in ctx.state.grid.orthogonal(where) or (top is not None and ctx.state.card_flags(top).face_up):
        raise EngineError("The scout goes to a closed or blank square next to {square} (INT-3).", square=where)
    return target


def _scout(ctx: Context, target: str, character: str | None) -> None:
    """INT-3 scout: the scout table's row for the level a heart stands for (INV-6)."""
    from engine.upland.investigation import scout_result

    who = character or party(ctx.state)[0].id
    if is_blank(ctx.state, target):
        deal_top(ctx, square(target), face_up=False)
    card = top_card(ctx.state, target) or ""
    scout_result(ctx, who, target, card, Level(options(ctx.state).heart_scout_level))


def lodging_hour(ctx: Context) -> bool:
    """INT-3 lodging at the event phase's start: True if this cycle is an hour
    of the stay (no events: the phase ends here)."""
    cycle = cycle_of(ctx.state)
    stay = cycle.lodging
    if stay is None or stay.square != party_of(ctx.state):
        return False
    hour = cycle.cycle - stay.since
    if hour < 1 or hour > stay.hours:
        return False
    monster = None
    if hour == stay.attack_at:
        monster = total(roll(ctx, "1D6", character=None, what="lodging", rule="INT-3"))
    ctx.emit(LodgingHour(square=stay.square, hour=hour, hours=stay.hours, monster=monster))
    enter(ctx, StepId.END)
    return True
