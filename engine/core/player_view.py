"""What one seat at the table may see (boardgame.io's playerView).

Every screen that is not the GM's is drawn only from ``player_view(state,
seat)``: a copy with every secret of that seat taken out — identities of
face-down cards, of the deck and of other seats' hands, the cards a slice
keeps secret (its view leaves them out), secret rolls, GM notes, the dice generator's seed (which
would let anyone predict rolls), non-player characters the GM has not shown yet
(with their hands and what the slices keep of them) — and what each registered slice says that seat
may see of it (``Ruleset.slice_view``).  The projector's seat (the default) sees
what every player may see; a character's seat also sees its own hand face up and
its own sheet without the GM's notes (:mod:`engine.core.seats`).  Hidden cards keep their place
and count under opaque names (``?deck-3``) that say nothing about which card
they are.
"""

from __future__ import annotations

from engine.core.models import SliceBase
from engine.core.seats import PROJECTOR, Seat, hidden_characters
from engine.core.state import State
from engine.dice.rng import DiceState
from engine.rulesets import registry
from engine.table.places import CardFlags

HIDDEN_PREFIX = "?"


def is_hidden(code: str) -> bool:
    return code.startswith(HIDDEN_PREFIX)


def view_slice(state: State, key: str, part: SliceBase, seat: Seat) -> SliceBase:
    """What ``seat`` sees of the slice ``key``: asked of its registered entry, which
    registers a part declared to come later (a slice present in the state is always seen
    through its view, however it got there)."""
    view = registry.slice_entry(key).view
    return view(state, part, seat) if view is not None else part


def player_view(state: State, seat: Seat = PROJECTOR) -> State:
    """The copy of ``state`` that ``seat`` may see (the projector's by default)."""
    hidden = hidden_characters(state, seat)
    flags: dict[str, CardFlags] = {}

    def show(pile: tuple[str, ...], label: str, visible: bool | None = None, own: bool = False) -> tuple[str, ...]:
        """``own``: the seat's own hand, face up to it whatever its flags say."""
        out: list[str] = []
        for index, card in enumerate(pile):
            card_flags = state.card_flags(card)
            seen = own or (card_flags.face_up if visible is None else visible)
            name = card if seen else f"{HIDDEN_PREFIX}{label}-{index + 1}"
            if not seen:
                card_flags = CardFlags(face_up=False, tapped=card_flags.tapped)
            elif own:
                card_flags = card_flags.model_copy(update={"face_up": True})
            flags[name] = card_flags
            out.append(name)
        return tuple(out)

    squares = {name: show(stack, name) for name, stack in state.squares.items()}
    slices = {key: view_slice(state, key, part, seat) for key, part in state.slices.items()}
    hands = {
        cid: show(pile, f"hand-{cid}", visible=False, own=seat.owns(cid))
        for cid, pile in state.hands.items()
        if cid not in hidden
    }
    characters = {
        cid: c
        if c.sheet is None
        else c.model_copy(update={"sheet": c.sheet.for_owner() if seat.owns(cid) else c.sheet.for_players()})
        for cid, c in state.characters.items()
        if cid not in hidden
    }
    update: dict[str, object] = {"notes": (), "dice": DiceState(), "slices": slices, "characters": characters}
    if state.card_table:
        update.update(
            deck=show(state.deck, "deck"),
            discard=show(state.discard, "discard", visible=True),
            removed=show(state.removed, "removed", visible=True),
            squares=squares,
            hands=hands,
            flags=flags,
        )
    return state.model_copy(update=update)
