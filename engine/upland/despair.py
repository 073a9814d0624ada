"""The despair event (絶望イベント / 死の予兆, DSP-1, DSP-2), after the crossing.

Characters holding a spade (except the one immune to despair) resist POW
(active) against their own spirit pressure (passive) at once (DICE-7).  Each
who fails gives up its strongest spade, placed on the squares nearest the gate
(MAP-8): a single card face up, several shuffled face down in order of
nearness (option ``despair_single_face_up``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.commands import Context
from engine.table.piles import move_card
from engine.table.places import square
from engine.upland.cycle import (
    advance,
    after_time_despair,
    despair_participants,
    enter,
)
from engine.upland.events import DespairResolved
from engine.upland.facts import (
    action_order,
    cycle_of,
    name_of,
    near_gate,
    options,
    sheet_of,
    spades_in_hand,
    strength,
)
from engine.upland.procedure import StepId
from engine.upland.rolls import resistance_participant, simultaneous


def resolve_despair(ctx: Context, order: Sequence[str] | None = None) -> None:
    """DSP-1/DSP-2 at the cycle start or the time phase start (option ``despair_at``)."""
    cycle = cycle_of(ctx.state)
    state = ctx.state
    sequence = action_order(state, order)
    eligible = set(despair_participants(state))
    ids = [c for c in sequence if c in eligible]
    pairs = {c: (sheet_of(state, c).POW, sheet_of(state, c).spirit_pressure) for c in ids}
    results = simultaneous(
        ctx,
        [resistance_participant(c, *pairs[c]) for c in ids],
        what="despair",
        rule="DSP-2",
        resistance=pairs,
    )
    failed = [r.id for r in results if not r.level.succeeded]
    cards = [max(spades_in_hand(ctx.state, c), key=lambda code: strength(ctx.state, code)) for c in failed]
    squares = near_gate(ctx.state)
    dice = None
    if len(cards) == 1:
        move_card(ctx, cards[0], square(squares[0]), 0, face_up=options(ctx.state).despair_single_face_up)
    elif cards:
        shuffled = ctx.dice.shuffled(cards)
        dice = ctx.dice.state
        for card, target in zip(shuffled, squares, strict=False):
            move_card(ctx, card, square(target), 0, face_up=False)
    ctx.emit(
        DespairResolved(
            cycle=cycle.cycle,
            participants=tuple(name_of(ctx.state, c) for c in ids),
            failed=tuple(name_of(ctx.state, c) for c in failed),
            dice=dice,
        )
    )
    if cycle.step is StepId.CYCLE_DESPAIR:
        advance(ctx)  # the step table: the declarations follow
    else:
        enter(ctx, after_time_despair(ctx.state))
