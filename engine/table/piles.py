"""Moving cards between piles — the one mechanism every card command uses, so
MAP-6 (every card in exactly one place) holds by construction."""

from __future__ import annotations

from engine.core.commands import Context
from engine.core.models import SliceBase
from engine.core.state import Character, State
from engine.errors import EngineError
from engine.table.cards import parse_card
from engine.table.events import CardMoved, DiscardRecycled
from engine.table.places import DECK, PileKind, Place


def require_started(state: State) -> None:
    if not state.started:
        raise EngineError("No session has been started yet.")


def require_square(state: State, name: str) -> str:
    """The canonical square name, or a clear error."""
    pos = state.grid.pos(name)
    return state.grid.name(pos)


def require_character(state: State, character_id: str) -> Character:
    character = state.characters.get(character_id)
    if character is None:
        raise EngineError("There is no character '{id}'.", id=character_id)
    return character


def require_card_table(state: State) -> None:
    """A card command needs a started session whose ruleset plays on the card table."""
    require_started(state)
    if not state.card_table:
        raise EngineError(
            "A {ruleset} session plays without the card table: there are no cards to move.", ruleset=state.ruleset
        )


def require_place(state: State, place: Place) -> Place:
    """Validate a destination pile; squares are normalised (``b3`` → ``B3``)."""
    if place.zone is PileKind.SQUARE:
        return Place(zone=PileKind.SQUARE, key=require_square(state, place.key or ""))
    if place.zone is PileKind.HAND:
        require_character(state, place.key or "")
        return place
    if place.zone is PileKind.SECRET:
        part = state.slices.get(place.key or "")
        raise EngineError(part.secret_place_refusal if part is not None else SliceBase.secret_place_refusal)
    if place.key is not None:
        raise EngineError("The {zone} takes no square or character.", zone=place.zone.value)
    return place


def locate(state: State, card: str) -> tuple[str, Place, int]:
    """Canonical code, pile and index of a card; unknown codes are an error."""
    code = parse_card(card).code
    found = state.find(code)
    if found is None:
        raise EngineError("{card} is not in play in this session.", card=code)
    return code, found[0], found[1]


def names(state: State) -> dict[str, str]:
    return {c.id: c.name for c in state.characters.values()}


def landing_face(place: Place, face_up: bool | None, current: bool) -> bool:
    """How a card lies where it lands: hands and the deck hide it, the discard
    and removed piles show it, a square keeps it unless told otherwise."""
    if place.zone is PileKind.HAND:
        return False
    if place.zone is PileKind.DECK:
        return bool(face_up)
    if place.zone in (PileKind.DISCARD, PileKind.REMOVED):
        return True
    return current if face_up is None else face_up


def move_card(ctx: Context, card: str, dst: Place, index: int | None = None, face_up: bool | None = None) -> None:
    """Emit the move of ``card`` to ``dst`` at ``index`` (0 = top, -1 = bottom)."""
    state = ctx.state
    code, src, src_index = locate(state, card)
    if src.zone is PileKind.SECRET:
        raise EngineError(state.slices[src.key or ""].secret_move_refusal)
    dst = require_place(state, dst)
    pile_after_removal = len(state.pile(dst)) - (1 if src == dst else 0)
    if index is None:
        dst_index = 0
    elif index < 0:
        dst_index = pile_after_removal
    else:
        dst_index = min(index, pile_after_removal)
    flags = state.card_flags(code)
    landing = landing_face(dst, face_up, flags.face_up)
    tapped = flags.tapped if (src.zone is PileKind.SQUARE and dst.zone is PileKind.SQUARE) else False
    if src == dst and src_index == dst_index and landing == flags.face_up:
        raise EngineError("{card} is already there.", card=parse_card(code).display("en"))
    ctx.emit(
        CardMoved(
            card=code,
            src=src,
            src_index=src_index,
            dst=dst,
            dst_index=dst_index,
            face_up=landing,
            tapped=tapped,
            names=names(state) if PileKind.HAND in (src.zone, dst.zone) else {},
        )
    )


def ensure_deck(ctx: Context, count: int = 1) -> None:
    """MAP-6 reading: an empty deck takes the shuffled discard (and says so)."""
    state = ctx.state
    if len(state.deck) >= count:
        return
    allowed = state.options is None or state.options.reshuffles_discard_when_empty()
    if allowed and state.discard and len(state.deck) + len(state.discard) >= count:
        order = tuple(ctx.dice.shuffled(state.discard))
        ctx.emit(DiscardRecycled(order=order, dice=ctx.dice.state))
        return
    raise EngineError(
        "Not enough cards: {count} needed, the deck has {deck} and the discard {discard}.",
        count=count,
        deck=len(state.deck),
        discard=len(state.discard),
    )


def deal_top(ctx: Context, dst: Place, face_up: bool | None = None) -> str:
    """Move the deck's top card to ``dst`` (reshuffling first if needed)."""
    ensure_deck(ctx, 1)
    card = ctx.state.deck[0]
    move_card(ctx, card, dst, 0, face_up)
    return card


__all__ = [
    "DECK",
    "deal_top",
    "ensure_deck",
    "locate",
    "move_card",
    "require_character",
    "require_place",
    "require_square",
    "require_started",
]
