"""The remains event (♦ before the crossing, REM-1, REM-2).

The searchers spend an hour: each pays 1 fatigue and rolls the 〈慰霊〉 set, all
at once (DICE-7); the results are applied in action order, and the remains
found stop at the card's strength.  A heart from the searcher's hand replaces
its roll (the seed's 遺骨イベント用エフェクト).  A fumble raises the card's tear
spirit (REM-2), fought or accepted at once on the same card.

**Reading:** the 〈死祭り〉 gain goes with the remains actually found — +1 per
remains taken, so a roll whose finds the cap cuts off gains only for what it
kept (the seed's rows pair the two: ×3 and +3, ×2 and +2).
**Reading:** a fumble is applied after everybody's finds (results in action
order; the event it raises comes last), and several fumbles raise one spirit.
**Reading:** a searcher playing a heart still pays the hour's fatigue; the heart
counts as ``heart_requiem_level`` (default success) and goes to the discard.
**Reading:** nobody searching leaves the card face up (EVT-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.checks.simultaneous import Participant
from engine.core.commands import Context
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.table.piles import move_card
from engine.table.places import DISCARD
from engine.upland.diamond_events import RemainsSearched
from engine.upland.diamond_support import FATIGUE_POINT, due_card, in_order
from engine.upland.effects import change_fatigue, change_value, grant_check
from engine.upland.events import CheckMade
from engine.upland.facts import cycle_of, name_of, options, sheet_of, strength
from engine.upland.incident_phase import settle
from engine.upland.rolls import Level, simultaneous
from engine.upland.skills import skill_set_choice
from engine.upland.tables import tables


def search_remains(
    ctx: Context,
    searchers: Sequence[str],
    skills: dict[str, str] | None = None,
    hearts: dict[str, str] | None = None,
    order: Sequence[str] | None = None,
) -> None:
    """REM-1/REM-2 on the due ♦ card."""
    card = due_card(ctx.state)
    cap = strength(ctx.state, card)
    if not searchers:
        ctx.emit(RemainsSearched(card=card, searchers=(), found=0, cap=cap))
        settle(ctx, card, "left")
        return
    who = in_order(ctx.state, searchers, order)
    hearts = {c: parse_card(h).code for c, h in (hearts or {}).items()}
    for character, heart in hearts.items():
        if character not in who:
            raise EngineError("{name} does not search, so cannot play a card for it.", name=character)
        if parse_card(heart).suit is not Suit.HEARTS or heart not in ctx.state.hands.get(character, ()):
            raise EngineError("{card} is not a heart in {name}'s hand.", card=heart, name=name_of(ctx.state, character))
    opts = options(ctx.state)
    choices = {
        c: skill_set_choice(sheet_of(ctx.state, c), "requiem", opts, (skills or {}).get(c), name_of(ctx.state, c))
        for c in who
        if c not in hearts
    }
    for character in who:
        change_fatigue(ctx, character, FATIGUE_POINT, "REM-1")
    levels: dict[str, Level] = {}
    for character, heart in hearts.items():
        move_card(ctx, heart, DISCARD)
        levels[character] = opts.heart_requiem_level
        ctx.emit(
            CheckMade(
                character=character,
                name=name_of(ctx.state, character),
                what="remains",
                rule="REM-1",
                label=heart,
                level=opts.heart_requiem_level,
                record=None,
                dice=ctx.dice.state,
            )
        )
    rolled = [c for c in who if c in choices]
    results = simultaneous(
        ctx,
        [Participant(id=c, target=choices[c].target) for c in rolled],
        what="remains",
        rule="REM-1",
        labels={c: f"〈{choices[c].skill}〉" for c in rolled},
    )
    levels.update({r.id: r.level for r in results})
    left = cap
    for character in who:
        level = levels[character]
        if level.succeeded and character in choices:
            grant_check(ctx, character, choices[character].sheet_skill, "REM-1")
        row = next(r for r in tables().remains if r.level == level)
        kept = min(row.remains, left)
        left -= kept
        change_value(ctx, character, "remains", kept, "REM-2")
        change_value(ctx, character, "death_rite", kept, "REM-2", floor=-100)
    tear = any(level is Level.fumble for level in levels.values())
    ctx.emit(
        RemainsSearched(
            card=card, searchers=tuple(name_of(ctx.state, c) for c in who), found=cap - left, cap=cap, tear=tear
        )
    )
    if tear:
        from engine.upland.tear_spirit import raise_tear

        raise_tear(ctx, card, from_remains=True)
        return
    if cap > left and cycle_of(ctx.state).diamonds.obstacle_diamond == card:
        from engine.upland.treasure import open_treasure

        open_treasure(ctx, card, settle_after=True)  # OBS-4: remains found with the ♦ played after an obstacle
        return
    settle(ctx, card, "removed")
