"""The event phase (EVT-1 … EVT-4): the map cards of the party's square trigger
from the top down; the GM resolves each by hand and says how it ended.

The engine exposes each card with its suit's event (``events.toml``): ♠
encounter — with the ENC-1 deathless test —, ♦ remains before the crossing or
tear spirit after, ♥ interaction, ♣ obstacle, and the revealed lingering bone
(BONE-1).  The card under way is always read from the board: the top-most
untapped card of the party's square not already dealt with in this phase.

In Python names the game's card events (イベント) are *incidents*
(``IncidentCard``, ``StartIncidents``…), so they cannot be confused with the
engine's events (facts about what happened, ``EventBase``).  Stored names —
command and event ``type`` values, step ids, ``events_done`` — are unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.table.events import CardFlipped, CardTapped
from engine.table.piles import deal_top, move_card
from engine.table.places import DISCARD, REMOVED, square
from engine.upland.cycle import enter
from engine.upland.events import IncidentExposed, IncidentOutcome, IncidentResolved
from engine.upland.facts import (
    active_spade,
    crossed,
    cycle_of,
    deathless,
    is_blank,
    open_spades,
    party_square,
    strength,
)
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now, party_of
from engine.upland.tables import tables

#: ♦ diamonds and the bone: stages where the GM may still resolve the card by hand.
DIAMOND_STAGES = (StepId.REMAINS, StepId.TEAR_CHOICE, StepId.TEAR_SUMMON, StepId.TEAR_COMBAT, StepId.TEAR_ACCEPT)


@dataclass(frozen=True)
class IncidentCard:
    """A map card whose event is due, as the stepper shows it."""

    card: str
    square: str
    kind: Literal["encounter", "remains", "tear_spirit", "interaction", "obstacle", "bone"]
    event_ja: str
    event_en: str
    rules: str
    deathless: int | None = None
    spade_total: int | None = None
    active: bool | None = None

    def name(self, lang: str) -> str:
        return self.event_ja if lang == "ja" else self.event_en


_KINDS = {Suit.SPADES: "encounter", Suit.HEARTS: "interaction", Suit.CLUBS: "obstacle"}


def current_incident_card(state: State) -> str | None:
    """EVT-2: the top-most untapped card of the party's square still to trigger."""
    here = party_of(state)
    if here is None or cycle_now(state) is None:
        return None
    for card in state.squares.get(here, ()):
        if state.card_flags(card).tapped or card in cycle_of(state).events_done:
            continue
        return card
    return None


def incident_card(state: State, card: str) -> IncidentCard:
    """What ``card`` raises now (♦ depends on the crossing, ♠ on ENC-1)."""
    where = party_of(state) or ""
    parsed = parse_card(card)
    if parsed.suit is None:
        bone = tables().events.bone
        return IncidentCard(card, where, "bone", bone.ja, bone.en, bone.rules)
    row = tables().suit_event(parsed.suit.value)
    if parsed.suit is Suit.DIAMONDS and crossed(state) and row.ja_after and row.en_after:
        return IncidentCard(card, where, "tear_spirit", row.ja_after, row.en_after, row.rules_after or row.rules)
    if parsed.suit is Suit.DIAMONDS:
        return IncidentCard(card, where, "remains", row.ja, row.en, row.rules)
    if parsed.suit is Suit.SPADES:
        spades = open_spades(state)
        total = sum(strength(state, c) for c, _ in spades)
        if card not in [c for c, _ in spades]:
            total += strength(state, card)  # it opens as it triggers
        active = active_spade(state)
        is_active = active == card if state.card_flags(card).face_up else total > deathless(state)
        if is_active and defended(state, card):  # INT-3: a defence ignores it
            is_active = False
        return IncidentCard(
            card,
            where,
            "encounter",
            row.ja,
            row.en,
            row.rules,
            deathless=deathless(state),
            spade_total=total,
            active=is_active,
        )
    return IncidentCard(card, where, _KINDS[parsed.suit], row.ja, row.en, row.rules)  # type: ignore[arg-type]


def defended(state: State, card: str) -> bool:
    """INT-3: the party holds a defence on its square covering ``card``'s strength."""
    cycle = cycle_now(state)
    held = cycle.defence if cycle is not None else None
    return held is not None and held[0] == party_of(state) and strength(state, card) <= held[1]


def _expose_next(ctx: Context) -> None:
    """Open the next card due (events are played face up) and say what it raises."""
    card = current_incident_card(ctx.state)
    if card is None:
        enter(ctx, StepId.END)
        return
    where = party_square(ctx.state)
    if not ctx.state.card_flags(card).face_up:
        ctx.emit(CardFlipped(card=card, face_up=True, square=where))
    info = incident_card(ctx.state, card)
    ctx.emit(
        IncidentExposed(
            card=card,
            square=where,
            event_ja=info.event_ja,
            event_en=info.event_en,
            rules=info.rules,
            deathless=info.deathless,
            spade_total=info.spade_total,
            active=info.active,
        )
    )
    if info.kind == "encounter":  # INT-3: a reinforcement or a defence on this square
        from engine.upland.encounter import modify

        modify(ctx, card, bool(info.active))
    # ♦ diamonds and the bone
    if info.kind in ("remains", "tear_spirit", "bone"):
        from engine.upland.tear_spirit import begin_diamond

        begin_diamond(ctx, card, info.kind)
        return
    if cycle_now(ctx.state) is not None and cycle_of(ctx.state).step is not StepId.INCIDENT_RESOLVE:
        enter(ctx, StepId.INCIDENT_RESOLVE)


def next_incident(ctx: Context) -> None:
    """After a suit's own command resolved the due card: on to the next."""
    _expose_next(ctx)


def start_events(ctx: Context) -> None:
    """EVT-1: a blank square at the phase start gets the deck's top card as its map card."""
    from engine.upland.interaction import lodging_hour  # INT-3: a stay in a hidden village has no events

    if lodging_hour(ctx):
        return
    where = party_square(ctx.state)
    if is_blank(ctx.state, where):
        deal_top(ctx, square(where), face_up=True)
    _expose_next(ctx)


def resolve_event(ctx: Context, card: str, outcome: IncidentOutcome) -> None:
    """EVT-3/EVT-4: removed to the discard (a heart is replaced face down), left
    face up (retreat, remains not searched, no encounter), or tapped (OBS-1)."""
    code = parse_card(card).code
    due = current_incident_card(ctx.state)
    if due is None or code != due:
        raise EngineError("{card} is not the map card whose event is due.", card=code)
    if outcome == "left" and parse_card(code).suit is Suit.HEARTS:
        raise EngineError("An interaction always happens: {card} cannot be left face up (EVT-4).", card=code)
    settle(ctx, code, outcome)


def settle(ctx: Context, code: str, outcome: IncidentOutcome) -> None:
    """EVT-3/EVT-4 for the due card ``code`` (by hand or at the end of a stage the
    stepper ran), then the next card's event."""
    # ♦ diamonds and the bone
    from engine.upland.tear_spirit import drop_spirit

    drop_spirit(ctx, code)
    where = party_square(ctx.state)
    replacement: str | None = None
    if outcome == "removed":
        move_card(ctx, code, REMOVED if parse_card(code).suit is None else DISCARD)
        if parse_card(code).suit is Suit.HEARTS:
            replacement = deal_top(ctx, square(where), face_up=False)
    elif outcome == "tapped":
        ctx.emit(CardTapped(card=code, tapped=True, square=where))
    ctx.emit(IncidentResolved(card=code, square=where, outcome=outcome, replacement=replacement))
    _expose_next(ctx)
