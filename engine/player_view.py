"""What the players may see (boardgame.io's playerView).

The projector window is drawn only from ``player_view(state)``: a copy with
every secret taken out — identities of face-down cards and of cards in hands
and the deck, the lingering bone before the crossing, secret rolls, GM notes,
the dice generator's seed (which would let anyone predict rolls) and the hand
cards declared for investigation actions before they are played.
Hidden cards keep their place and count under opaque names (``?deck-3``)
that say nothing about which card they are.
"""

from __future__ import annotations

from engine.dice.rng import DiceState
from engine.state import BoneState, CardFlags, State

HIDDEN_PREFIX = "?"


def is_hidden(code: str) -> bool:
    return code.startswith(HIDDEN_PREFIX)


def player_view(state: State) -> State:
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
    cycle = state.cycle
    if cycle is not None:
        # INV-1/INV-6: a card declared for an action is still in the hand until resolved;
        # EVT-4: a heart's replacement lies face down, so its code must not show.
        declarations = {
            cid: d.model_copy(update={"card": f"{HIDDEN_PREFIX}declared-{cid}" if d.card else None})
            for cid, d in cycle.declarations.items()
        }
        done = tuple(c for c in cycle.events_done if state.card_flags(c).face_up)
        cycle = cycle.model_copy(update={"declarations": declarations, "events_done": done})
    hands = {cid: show(pile, f"hand-{cid}", visible=False) for cid, pile in state.hands.items()}
    return state.model_copy(
        update={
            "deck": show(state.deck, "deck"),
            "discard": show(state.discard, "discard", visible=True),
            "removed": show(state.removed, "removed", visible=True),
            "squares": squares,
            "hands": hands,
            "flags": flags,
            "bone": BoneState(card=None, square=None, revealed=state.bone.revealed),
            "rolls": tuple(r for r in state.rolls if not r.result.secret),
            "notes": (),
            "dice": DiceState(),
            "cycle": cycle,
        }
    )
