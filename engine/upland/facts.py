"""Board facts the cycle reads from the state each time (never cached): the
party's square, closed/open/blank squares (MAP-2), the lingering bone's square,
card strength (MAP-3), open spades and deathless points (ENC-1)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.state import Character, State
from engine.errors import EngineError
from engine.table.cards import Suit, parse_card
from engine.upland.options import UplandOptions
from engine.upland.procedure import CycleState
from engine.upland.sheet import UplandSheet
from engine.upland.slice import bone_of, cycle_now, gate_of, party_of


def options(state: State) -> UplandOptions:
    if not isinstance(state.options, UplandOptions):
        raise EngineError("The exploration cycle needs the upland ruleset.")
    return state.options


def cycle_of(state: State) -> CycleState:
    cycle = cycle_now(state)
    if cycle is None:
        raise EngineError("The exploration has not started yet.")
    return cycle


def crossed(state: State) -> bool:
    """INV-9: "after the crossing" rules apply once the bone is revealed."""
    return bone_of(state).revealed


def upland_sheet(character: Character) -> UplandSheet | None:
    """The character's Upland sheet (None when it has none, or another ruleset's)."""
    return character.sheet if isinstance(character.sheet, UplandSheet) else None


def party_square(state: State) -> str:
    here = party_of(state)
    if here is None:
        raise EngineError("The party token is not on the map.")
    return here


def sheet_of(state: State, character_id: str) -> UplandSheet:
    character = state.characters.get(character_id)
    if character is None:
        raise EngineError("There is no character '{id}'.", id=character_id)
    sheet = upland_sheet(character)
    if sheet is None:
        raise EngineError("{name} has no Upland sheet yet.", name=character.name)
    return sheet


def name_of(state: State, character_id: str) -> str:
    character = state.characters.get(character_id)
    return character.name if character is not None else character_id


def party(state: State) -> list[Character]:
    """The characters in marching order (the action order of DICE-7)."""
    return state.ordered_characters()


def action_order(state: State, order: Sequence[str] | None = None) -> list[str]:
    """DICE-7: the marching order, unless the GM gives another (every character once)."""
    ids = [c.id for c in party(state)]
    if order is None:
        return ids
    if sorted(order) != sorted(ids):
        raise EngineError("The action order must name every character exactly once.")
    return list(order)


def top_card(state: State, square: str) -> str | None:
    stack = state.squares.get(square, ())
    return stack[0] if stack else None


def is_blank(state: State, square: str) -> bool:
    return not state.squares.get(square)


def is_closed(state: State, square: str) -> bool:
    """MAP-2: the top card is face down."""
    top = top_card(state, square)
    return top is not None and not state.card_flags(top).face_up


def strength(state: State, card: str) -> int:
    """MAP-3 with the ``ace_strength`` option."""
    return parse_card(card).strength(options(state).ace_strength)


def suit_of(card: str) -> Suit | None:
    return parse_card(card).suit


def bone_card(state: State) -> str:
    return bone_of(state).card or options(state).bone_card


def bone_square(state: State) -> str | None:
    """Where the lingering bone is: its secret square before the crossing, the
    square holding its card after it (INV-9 stacks it there; a GM may move it)."""
    if not bone_of(state).revealed:
        return bone_of(state).square
    found = state.find(options(state).bone_card)
    if found is not None and found[0].key is not None and found[0].zone.value == "square":
        return found[0].key
    return bone_of(state).square


def open_spades(state: State) -> list[tuple[str, str]]:
    """(card, square) of every face-up spade on the board."""
    out: list[tuple[str, str]] = []
    for name in state.grid.squares():
        for card in state.squares.get(name, ()):
            if suit_of(card) is Suit.SPADES and state.card_flags(card).face_up:
                out.append((card, name))
    return out


def deathless(state: State) -> int:
    """ENC-1: ⌊sum of the participants' 〈死祭り〉 % / 20⌋."""
    total = sum(s.death_rite for c in party(state) if (s := upland_sheet(c)) is not None)
    return max(total, 0) // 20


def active_spade(state: State) -> str | None:
    """ENC-1: the open spade that triggers, or None while the total strength of the
    open spades is within the deathless points."""
    spades = open_spades(state)
    total = sum(strength(state, c) for c, _ in spades)
    if total <= deathless(state) or not spades:
        return None
    return max(spades, key=lambda cs: strength(state, cs[0]))[0]


def spades_in_hand(state: State, character_id: str) -> list[str]:
    return [c for c in state.hands.get(character_id, ()) if suit_of(c) is Suit.SPADES]


def hearts_in_hand(state: State, character_id: str) -> list[str]:
    return [c for c in state.hands.get(character_id, ()) if suit_of(c) is Suit.HEARTS]


def near_gate(state: State) -> list[str]:
    """MAP-8: the squares near the gate, nearest first.

    **Reading:** 門に近いスクエア is a square *near* the gate, so the gate
    square itself is not a candidate (with the gate at C5 the first is C4);
    option ``gate_counts_as_near`` puts it back at distance 0.
    """
    squares = state.grid.by_nearness(gate_of(state))
    if options(state).gate_counts_as_near:
        return squares
    return [s for s in squares if s != gate_of(state)]
