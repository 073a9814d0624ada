"""Treasure (TRS-1 … TRS-3, with the ♦ hand effect of ENC-11).

A treasure is due only once an encounter's enemy is eliminated (TRS-1), or
after an overcome obstacle's ♦ event (OBS-4) — the spade and club rules open
it with :func:`open_treasure`; the GM can also open it for the due map card.
The cap is the card's strength; the rank is 2D6.  Before it is applied, any
characters may pay 1 fatigue and roll the 〈目星〉 set at once (TRS-2): any
fumble loses the treasure, otherwise the best success degree is added to the
rank, never above the cap.  A ♦ from a hand may give the rank instead (ENC-11):
its strength, at most the cap, with no 〈目星〉.

**Reading:** the 〈目星〉 addition is always taken (a higher rank is a better
treasure) and only helps a rank already within the cap — a 2D6 above the cap
finds nothing whatever the degree, as TRS-1 reads the 2D6 against the cap.
**Reading:** the item-size table (アイテムサイズ表) is not in the seeds, so the
engine fixes the treasure's row (rank, kind, worth) and leaves its size and
contents to the GM after the return; the treasures found are kept on the
procedure state in the order found.
**Reading:** a ♦ hand card's rank uses the treasure table's order (A above K,
MAP-3), so an ace can never be played within a cap of 13 or less.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.checks.levels import success_degree
from engine.checks.simultaneous import Participant
from engine.core.commands import Context
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.table.piles import move_card
from engine.table.places import DISCARD
from engine.upland.cycle import enter
from engine.upland.diamond_events import TreasureChanged
from engine.upland.diamond_state import TreasureDue, TreasureFound
from engine.upland.diamond_support import FATIGUE_POINT, in_order, members
from engine.upland.effects import change_fatigue, grant_check
from engine.upland.facts import cycle_of, name_of, options, sheet_of, strength
from engine.upland.incident_phase import current_incident_card, settle
from engine.upland.procedure import StepId
from engine.upland.rolls import Level, roll, simultaneous, total
from engine.upland.skills import skill_set_choice
from engine.upland.tables import TreasureRow, tables

ACE_RANK = 14  # TRS-3: A ranks above K in the treasure table


def treasure_rank(card: str) -> int:
    """A card's rank in the treasure table: 2–10, J 11, Q 12, K 13, A 14."""
    parsed = parse_card(card)
    return ACE_RANK if parsed.rank == "A" else parsed.strength()


def treasure_row(rank: int) -> TreasureRow:
    return next(r for r in tables().treasure if rank in r.ranks)


def open_treasure(ctx: Context, card: str, cap: int | None = None, settle_after: bool = False) -> None:
    """TRS-1: a treasure roll is due for ``card`` (cap: its strength unless given);
    afterwards the card is removed (``settle_after``) or the step it came from resumes."""
    limit = strength(ctx.state, card) if cap is None else cap
    back = cycle_of(ctx.state).step.value
    due = TreasureDue(card=card, cap=limit, settle=settle_after, back=back)
    ctx.emit(TreasureChanged(card=card, due=due, cap=limit))
    enter(ctx, StepId.TREASURE)


def open_for_due_card(ctx: Context, card: str) -> None:
    """The GM says the due map card's enemy is eliminated: its treasure is rolled,
    then the card's own step resumes (whichever stage of its event the GM is at:
    the step table takes this command at the event's own steps only)."""
    code = parse_card(card).code
    if code != current_incident_card(ctx.state):
        raise EngineError("{card} is not the map card whose event is due.", card=code)
    open_treasure(ctx, code)


def roll_treasure(
    ctx: Context,
    searchers: dict[str, str | None] | None = None,
    card: str | None = None,
    holder: str | None = None,
    order: Sequence[str] | None = None,
) -> None:
    """TRS-1 … TRS-3 (ENC-11 with ``card``, a ♦ from ``holder``'s hand)."""
    due = cycle_of(ctx.state).diamonds.treasure
    assert due is not None
    searchers = dict(searchers or {})
    lost = False
    if card is not None:
        code = parse_card(card).code
        if searchers:
            raise EngineError("A diamond played for the rank allows no Notice roll (ENC-11).")
        if holder is None or parse_card(code).suit is not Suit.DIAMONDS or code not in ctx.state.hands.get(holder, ()):
            raise EngineError("{card} is not a diamond in that character's hand.", card=code)
        rank = treasure_rank(code)
        if rank > due.cap:
            raise EngineError("{card} is above the treasure cap {cap} (ENC-11).", card=code, cap=due.cap)
        move_card(ctx, code, DISCARD)
    else:
        leader = members(ctx.state)[0] if members(ctx.state) else None  # the party's roll, under its leader
        rank = total(roll(ctx, "2D6", character=leader, what="treasure", rule="TRS-1"))
        who = in_order(ctx.state, searchers, order)
        opts = options(ctx.state)
        choices = {
            c: skill_set_choice(sheet_of(ctx.state, c), "notice", opts, searchers[c], name_of(ctx.state, c))
            for c in who
        }
        for character in who:
            change_fatigue(ctx, character, FATIGUE_POINT, "TRS-2")
        results = simultaneous(
            ctx,
            [Participant(id=c, target=choices[c].target) for c in who],
            what="treasure",
            rule="TRS-2",
            labels={c: f"〈{choices[c].skill}〉" for c in who},
        )
        for result in results:
            if result.level.succeeded:
                grant_check(ctx, result.id, choices[result.id].sheet_skill, "TRS-2")
        lost = any(r.level is Level.fumble for r in results)
        best = max((success_degree(r.level) for r in results if r.level.succeeded), default=0)
        if rank <= due.cap:
            rank = min(rank + best, due.cap)
    found: TreasureFound | None = None
    if not lost and rank <= due.cap:
        row = treasure_row(rank)
        found = TreasureFound(
            card=due.card,
            cycle=cycle_of(ctx.state).cycle,
            rank=rank,
            rank_ja=row.rank_ja,
            kind=row.kind,
            ja=row.ja,
            pow=row.pow,
            lunars=row.lunars if row.lunars_per_rank_squared is None else row.lunars_per_rank_squared * rank * rank,
        )
    ctx.emit(
        TreasureChanged(
            card=due.card,
            due=None,
            found=found,
            rank=rank,
            cap=due.cap,
            lost=lost,
            rule="TRS-2" if lost else "TRS-3" if found else "TRS-1",
        )
    )
    if due.settle:
        settle(ctx, due.card, "removed")
    else:
        enter(ctx, StepId(due.back))
