"""What the players may see (boardgame.io's playerView).

The projector window is drawn only from ``player_view(state)``: a copy with
every secret taken out — identities of face-down cards and of cards in hands
and the deck, the lingering bone before the crossing, secret rolls, GM notes,
the dice generator's seed (which would let anyone predict rolls) — and what
each registered slice says its players may see of it (``Ruleset.slice_view``).
Hidden cards keep their place and count under opaque names (``?deck-3``)
that say nothing about which card they are.
"""

from __future__ import annotations

from engine.core.state import State
from engine.dice.rng import DiceState
from engine.rulesets import registry
from engine.table.places import BoneState, CardFlags

HIDDEN_PREFIX = "?"


def is_hidden(code: str) -> bool:
    return code.startswith(HIDDEN_PREFIX)


def player_view(state: State) -> State:
    views = registry.slice_views()
    flags: dict[str, CardFlags] = {}

    def show(pile: tuple[str, ...], label: str, visible: bool | None = None) -> tuple[str, ...]:
        out: list[str] = []
        for index, card in enumerate(pile):
            card_flags = state.card_flags(card)
            seen = card_flags.face_up if visible is None else visible
            name = card if seen else f"{HIDDEN_PREFIX}{label}-{index + 1}"
            flags[name] = card_flags if seen else CardFlags(face_up=False, tapped=card_flags.tapped)
            out.append(name)
        return tuple(out)

    squares = {name: show(stack, name) for name, stack in state.squares.items()}
    slices = {key: views[key](state, part) if key in views else part for key, part in state.slices.items()}
    hands = {cid: show(pile, f"hand-{cid}", visible=False) for cid, pile in state.hands.items()}
    characters = {
        cid: c.model_copy(update={"sheet": c.sheet.for_players()}) if c.sheet is not None else c
        for cid, c in state.characters.items()
    }
    return state.model_copy(
        update={
            "deck": show(state.deck, "deck"),
            "discard": show(state.discard, "discard", visible=True),
            "removed": show(state.removed, "removed", visible=True),
            "squares": squares,
            "hands": hands,
            "flags": flags,
            "bone": BoneState(card=None, square=None, revealed=state.bone.revealed),
            "notes": (),
            "dice": DiceState(),
            "slices": slices,
            "characters": characters,
        }
    )
