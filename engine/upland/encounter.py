"""Encounters (♠, ENC-1, ENC-10, ENC-11): which spade is active, how the GM's
fight ends, and the hand effects during an encounter.

The set-up and the appearance (ENC-2 … ENC-9) are commands on the battle board
(the board's own OpenBattle and LeaveBattle in :mod:`engine.hexbattle.commands`;
the Upland's LayOutZones, PlaceMarchingOrder, Drift, RollAppearance,
PlaceEnemies, ApplySrDelays in :mod:`engine.upland.encounter_commands`), accepted at
the event step while a spade is due; the fight itself is the GM's (its
creatures come from a book the program does not have), so the stepper offers
"enemy defeated" or "party left the maps" (:func:`end_encounter`).
"""

from __future__ import annotations

from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.hexbattle.slot import battle_of
from engine.hexbattle.tokens import escape
from engine.table.board import Pos
from engine.table.cards import Suit, parse_card
from engine.table.piles import move_card
from engine.table.places import DISCARD
from engine.upland.chs_event_types import EncounterEnded, EncounterModified, HandEffectPlayed
from engine.upland.cycle import enter
from engine.upland.effects import move_party
from engine.upland.events import IncidentResolved
from engine.upland.facts import active_spade, cycle_of, deathless, name_of, open_spades, party_square, strength, suit_of
from engine.upland.incident_phase import current_incident_card, defended, resolve_event
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now

#: ENC-10: a side of the battle maps → the step on the exploration map (rows grow downward).
SIDE_STEP: dict[str, tuple[int, int]] = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}


def spade_total(state: State) -> int:
    """ENC-1: the summed strength of the open spades on the board."""
    return sum(strength(state, card) for card, _ in open_spades(state))


def encounter_triggers(state: State) -> str | None:
    """ENC-1: the active spade once the open spades' total exceeds the deathless
    points (a total equal to them triggers nothing), else None."""
    if spade_total(state) <= deathless(state):
        return None
    return active_spade(state)


def encounter_strength(state: State, card: str) -> int:
    """ENC-5/ENC-11: the spade's strength, as a reinforcement lowered it (INT-3)."""
    cycle = cycle_now(state)
    lowered = cycle.lowered.get(card) if cycle is not None else None
    return strength(state, card) if lowered is None else lowered


def due_encounter_strength(state: State) -> int | None:
    """ENC-5/INT-3: the strength the appearance reads the table with — the due
    active spade's, as a ♥ reinforcement lowered it; None when no active spade is
    due (a battle the GM opened by hand: the strength is the GM's to give)."""
    from engine.upland.incident_phase import incident_card

    card = current_incident_card(state)
    if card is None or suit_of(card) is not Suit.SPADES or not incident_card(state, card).active:
        return None
    return encounter_strength(state, card)


def modify(ctx: Context, card: str, active: bool) -> None:
    """INT-3 on an encounter just exposed on the party's square.

    A defence held here ignores it when its strength is at most the defence's
    value (the stepper already shows the spade inactive: the GM leaves it).  A
    reinforcement waiting here lowers the first active encounter: by 2 when the
    reinforcement's value is at least the encounter's number, else by 1, never
    below 1; the reinforcement is then used up.

    **Reading:** the seed's 「遭遇イベントのナンバー以上であれば、遭遇強度を2…引き下げる」
    has the reinforcement as its subject: its value ≥ the spade's number lowers
    by 2.  (RULES.md INT-3 words the comparison the other way round — "the
    encounter number ≥ this card's number"; the seed's grammar is followed here.)
    **Reading:** 脅威度 (threat) is the encounter's strength.
    """
    where = party_square(ctx.state)
    cycle = cycle_now(ctx.state)
    if cycle is None:
        return
    power = strength(ctx.state, card)
    if defended(ctx.state, card) and cycle.defence is not None:
        ctx.emit(
            EncounterModified(
                card=card, square=where, how="defended", before=power, after=power, value=cycle.defence[1]
            )
        )
        return
    value = cycle.reinforcements.get(where)
    if not active or value is None:
        return
    after = max(1, power - (2 if value >= power else 1))
    ctx.emit(EncounterModified(card=card, square=where, how="reinforced", before=power, after=after, value=value))


def _due_spade(ctx: Context, card: str) -> str:
    code = parse_card(card).code
    if current_incident_card(ctx.state) != code or suit_of(code) is not Suit.SPADES:
        raise EngineError("{card} is not the encounter whose event is due.", card=code)
    return code


def escape_square(state: State, side: str) -> str:
    """ENC-10: the square next to the party's on ``side`` of the map."""
    here = state.grid.pos(party_square(state))
    dc, dr = SIDE_STEP[side]
    target = Pos(here.col + dc, here.row + dr)
    if not state.grid.contains(target):
        raise EngineError("There is no square on the {side} side of {square}.", side=side, square=party_square(state))
    return state.grid.name(target)


def end_encounter(ctx: Context, card: str, outcome: str, side: str | None = None) -> None:
    """ENC-10: the GM's fight is over.

    ``defeated``: the enemy is eliminated, so its treasure is due (TRS-1, the
    stepper's treasure step: 2D6 against the card's strength, the 〈目星〉 set,
    a ♦ from a hand, ENC-11); then the spade is removed to the discard and the
    event phase goes on with the next card.  A treasure the GM rolled for the
    card before is not rolled again.  ``escaped``: all characters left the maps; the side
    is the battle board's (:func:`engine.hexbattle.tokens.escape`, the side most
    characters left by) unless the GM names it.  **Reading:** the event
    phase ends at once — the cards under the spade raise nothing — and the next
    cycle begins with its time phase, its move already decided.  Only when
    someone left outside the breakthrough zone is the move unscouted (a deck card
    is stacked on the destination, scouted or not); all through the zone, it is
    a plain move (**Reading**, ENC-10 in docs/rules.md).
    """
    heart = parse_card(card).code
    if current_incident_card(ctx.state) == heart and suit_of(heart) is Suit.HEARTS:
        return _end_interaction_fight(ctx, heart, outcome, side)
    code = _due_spade(ctx, card)
    where = party_square(ctx.state)
    if outcome == "defeated":
        ctx.emit(EncounterEnded(card=code, square=where, outcome="defeated"))
        if code in cycle_of(ctx.state).diamonds.treasure_rolled:
            resolve_event(ctx, code, "removed")  # its treasure was rolled before the GM said so
        else:
            from engine.upland.treasure import open_treasure

            open_treasure(ctx, code, settle_after=True)  # TRS-1: the enemy eliminated, the treasure comes up
        return
    side, target, unscouted = _escape(ctx, side)
    ctx.emit(EncounterEnded(card=code, square=where, outcome="escaped", side=side, to=target, unscouted=unscouted))
    enter(ctx, StepId.END)


def _escape(ctx: Context, side: str | None) -> tuple[str, str, bool]:
    """ENC-10: the side the party escaped by (the GM's, else the battle board's
    count), the square it leads to, and whether the move is unscouted."""
    battle = battle_of(ctx.state)
    found = escape(battle) if battle is not None else None
    unscouted = found.unscouted if found is not None and found.all_out else True
    if side is None:
        if found is None or not found.all_out:
            raise EngineError("Not every character has left the battle maps; say the side they escaped by (ENC-10).")
        if found.side is None:
            raise EngineError(
                "The characters left by several sides equally ({sides}); say which (ENC-10).",
                sides=", ".join(found.tied),
            )
        side = found.side
    if side not in SIDE_STEP:
        raise EngineError("Unknown side '{side}'.", side=side)
    return side, escape_square(ctx.state, side), unscouted


def _end_interaction_fight(ctx: Context, card: str, outcome: str, side: str | None) -> None:
    """INT-2 with ENC-10: the fight of a ♥ whose condition the party refused ends
    as a spade's does, through "defeated" or "escaped by a side".

    ``defeated``: the group is beaten — its number is remembered (INT-2) and the
    heart is spent; the event phase goes on with the next card.  **Reading:** no
    treasure: seed 000 gives the treasure table (TRS-1, 「出現する敵を排除した場合に限り」)
    under the encounter (遭遇, ♠) only, and the interaction's own reward for a won
    fight is INT-2's (the next heart of that number).  ``escaped``: the heart is
    spent all the same (the interaction took place, EVT-4) and the party's escape
    is the spade's (ENC-10): the event phase ends, the next cycle moves to the
    side's square, unscouted unless everyone left through the breakthrough zone.
    """
    from engine.upland.interaction import resolve_interaction

    where = party_square(ctx.state)
    if outcome == "defeated":
        ctx.emit(EncounterEnded(card=card, square=where, outcome="defeated"))
        resolve_interaction(ctx, card, "combat", won=True)
        return
    chosen, target, unscouted = _escape(ctx, side)
    resolve_interaction(ctx, card, "combat", won=False, then=False)
    ctx.emit(EncounterEnded(card=card, square=where, outcome="escaped", side=chosen, to=target, unscouted=unscouted))
    enter(ctx, StepId.END)


def leave_with_clubs(ctx: Context, card: str, clubs: dict[str, tuple[str, ...]], destination: str) -> None:
    """ENC-11: clubs from hand whose strengths add up to at least the encounter's
    strength overcome it as an obstacle: the party moves to an adjacent square;
    the spade stays.

    **Reading:** the move is a move (TIM-5 fatigue) and ends the event phase, as
    the party has left the square whose cards were due; the clubs are spent.
    """
    code = _due_spade(ctx, card)
    here = party_square(ctx.state)
    target = ctx.state.grid.name(ctx.state.grid.pos(destination))
    if target not in ctx.state.grid.orthogonal(here):
        raise EngineError("The party can move only to a square next to {square}.", square=here)
    played = [(who, parse_card(c).code) for who, cards in clubs.items() for c in cards]
    for who, club in played:
        if club not in ctx.state.hands.get(who, ()) or suit_of(club) is not Suit.CLUBS:
            raise EngineError("{card} is not a club in {name}'s hand.", card=club, name=name_of(ctx.state, who))
    summed = sum(strength(ctx.state, club) for _, club in played)
    if summed < encounter_strength(ctx.state, code):
        raise EngineError(
            "The clubs add up to {total}, less than the encounter strength {strength} (ENC-11).",
            total=summed,
            strength=encounter_strength(ctx.state, code),
        )
    ctx.emit(
        HandEffectPlayed(
            on=code,
            cards={w: tuple(parse_card(c).code for c in cs) for w, cs in clubs.items()},
            names={w: name_of(ctx.state, w) for w in clubs},
            effect="leave_encounter",
            rule="ENC-11",
        )
    )
    for _, club in played:
        move_card(ctx, club, DISCARD)
    ctx.emit(IncidentResolved(card=code, square=here, outcome="left"))
    move_party(ctx, target, "ENC-11")
    enter(ctx, StepId.END)
