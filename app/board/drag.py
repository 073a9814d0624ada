"""What a drag means, independent of the widgets: where it may land (asked
of the engine once, at drag start) and which command a drop becomes.

Kept apart from the scene so the gesture → command table reads in one place:
every drop is one command (a Shift-drag of a stack is one ``MoveStack``).

| drag            | dropped on                     | command                                 |
|-----------------|--------------------------------|-----------------------------------------|
| deck            | square / hand / pile           | ``DealCard`` / ``DrawCards`` / ``MoveCard`` |
| card            | square, pile, other hand       | ``MoveCard`` / ``GiveCard``             |
| stack (Shift)   | square / pile / hand           | ``MoveStack``                           |
| party token     | square / its home              | ``MoveParty``                           |
| marker          | square / its hand              | ``PlaceMarker`` (free)                  |
| marker (ruled)  | square / its hand              | the ruleset's (Upland declare step: ``DeclareAction``) |
| selection (2+)  | square (under the dragged one) | ``MoveGroup``: the others keep their offsets |

What a marker drop means in a ruleset is the ruleset's ``marker_drop`` part
(``app.rulesets``), answered by the engine; a refusal comes back as an
``EngineError``, which the scene says in the GM's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem

from app.common.drag import Refusal
from app.rulesets import marker_squares, parts_for, party_square, pieces_of
from app.rulesets.parts import MarkerDropPart
from engine.core.state import State
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, Place, hand, square

if TYPE_CHECKING:
    from engine.core.commands import CommandBase

# The scene needs ``place_key`` and ``Drag`` to lay out the board; the engine's
# legal-move answers and the commands are imported when a drag starts or drops.

#: the key of the party token's off-map slot (not a pile, so not a Place)
PARTY_HOME = "party-home"


class DragKind(Enum):
    CARD = "card"  # one card from a square, a hand, the discard or removed
    DECK = "deck"  # the deck itself: deals or draws its top card
    STACK = "stack"  # Shift-drag: a square's whole stack
    MARKER = "marker"
    PARTY = "party"
    GROUP = "group"  # the GM's selection of cards and markers (app.board.selection)


@dataclass
class Drag:
    """One drag in progress: what moves, from where, and where it may land."""

    kind: DragKind
    press: QPointF
    items: list[QGraphicsItem] = field(default_factory=list)
    starts: list[QPointF] = field(default_factory=list)
    source: Place | None = None
    card: str | None = None
    character: str | None = None
    #: a group drag: the selected cards and markers (character ids); ``card`` or
    #: ``character`` is the lead, the one under the GM's mouse (``items[0]``)
    cards: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()
    targets: set[str] = field(default_factory=set)
    under: str | None = None


def place_key(place: Place) -> str:
    return str(place)


def place_from_key(key: str) -> Place | None:
    for place in (DECK, DISCARD, REMOVED):
        if place_key(place) == key:
            return place
    zone, _, rest = key.partition(":")
    if zone == PileKind.SQUARE.value and rest:
        return square(rest)
    if zone == PileKind.HAND.value and rest:
        return hand(rest)
    return None


def ruled_drop(state: State, character: str) -> MarkerDropPart | None:
    """The ruleset's meaning of this character's marker drop now, or None (a free token)."""
    part = parts_for(state.ruleset).marker_drop
    return part if part is not None and part.active(state, character) else None


def legal_targets(state: State, drag: Drag) -> set[str]:
    """The engine's answer for this drag, as target keys (the source excluded)."""
    from engine.table.legal import card_targets

    pieces = pieces_of(state)
    if drag.kind is DragKind.GROUP:
        if pieces is None:
            return set()
        lead = drag.card or drag.character or ""
        keys = {place_key(square(n)) for n in pieces.group_targets(state, drag.cards, drag.markers, lead)}
        if drag.cards and not drag.markers:  # END-2: hand cards go to another hand together
            keys |= {place_key(hand(c)) for c in pieces.give_targets(state, drag.cards)}
        return keys
    if drag.kind in (DragKind.CARD, DragKind.DECK, DragKind.STACK):
        if drag.card is None:
            return set()
        found = {place_key(p) for p in card_targets(state, drag.card)}
        return found - ({place_key(drag.source)} if drag.source is not None else set())
    if drag.kind is DragKind.MARKER:
        assert drag.character is not None
        if pieces is None:
            return set()
        markers = pieces.markers(state)
        ruled = ruled_drop(state, drag.character)
        if ruled is not None:
            current = markers.get(drag.character)
            keys = {place_key(square(n)) for n in ruled.targets(state, drag.character) if n != current}
            if current is not None:
                keys.add(place_key(hand(drag.character)))  # back home = withdraw the declaration
            return keys
        keys = {place_key(square(n)) for n in pieces.marker_targets(state, drag.character)}
        if drag.character in markers:
            keys.add(place_key(hand(drag.character)))  # back home = off the map
        return keys
    here = party_square(state)
    keys = {place_key(square(n)) for n in state.grid.squares() if n != here}
    if here is not None:
        keys.add(PARTY_HOME)
    return keys


def commands_for(state: State, drag: Drag, key: str) -> list[CommandBase] | None:
    """The command(s) a drop means; [] for "back where it was", None for nowhere.
    Raises ``EngineError`` when the ruleset says the drop cannot mean anything legal."""
    from engine.table.commands import DealCard, DrawCards, GiveCard, MoveCard, MoveStack

    pieces = pieces_of(state)
    if drag.kind is DragKind.PARTY:
        if pieces is None:
            return None
        here = pieces.party(state)
        if key == PARTY_HOME:
            return [pieces.move_party(None)] if here is not None else []
        target = place_from_key(key)
        if target is None or target.zone is not PileKind.SQUARE:
            return None
        if target.key == here:
            return []
        chosen = pieces.party_drop(state, target.key) if target.key else None  # the procedure's move, if any
        return [chosen if chosen is not None else pieces.move_party(target.key)]
    target = place_from_key(key)
    if target is None:
        return None
    if drag.kind is DragKind.GROUP:
        if target.zone is PileKind.HAND and target.key is not None:
            return give_command(state, drag, target.key)
        return group_command(state, drag, target) if target.zone is PileKind.SQUARE else None
    if drag.kind is DragKind.MARKER:
        assert drag.character is not None
        if pieces is None:
            return None
        current = pieces.markers(state).get(drag.character)
        ruled = ruled_drop(state, drag.character)
        if ruled is not None:
            if target.zone is PileKind.SQUARE or target == hand(drag.character):
                found = ruled.drop(state, drag.character, target.key if target.zone is PileKind.SQUARE else None)
                return [found] if found is not None else []
            return None
        if target.zone is PileKind.SQUARE:
            return [] if target.key == current else [pieces.place_marker(drag.character, target.key)]
        if target == hand(drag.character):
            return [pieces.place_marker(drag.character, None)] if current is not None else []
        return None
    card = drag.card
    assert card is not None
    if target == drag.source:
        return []
    if drag.kind is DragKind.DECK:
        if target.zone is PileKind.SQUARE:
            return [DealCard(square=target.key or "", face_up=False)]
        if target.zone is PileKind.HAND:
            return [DrawCards(character=target.key or "", count=1)]
        return [MoveCard(card=card, to=target, index=0)]
    if drag.kind is DragKind.STACK:
        if drag.source is None or drag.source.key is None:
            return None
        return [MoveStack(square=drag.source.key, to=target)]
    if target.zone is PileKind.HAND and drag.source is not None and drag.source.zone is PileKind.HAND:
        return [GiveCard(card=card, to_character=target.key or "")]
    if target.zone is PileKind.DECK:
        return [MoveCard(card=card, to=DECK, index=0)]
    return [MoveCard(card=card, to=target)]


def group_command(state: State, drag: Drag, target: Place) -> list[CommandBase]:
    """The ``MoveGroup`` a group drop on a square means, checked by the engine
    before it is sent: raises ``EngineError`` naming the first member that cannot
    go and why; [] when dropped where the dragged one lies (nothing moves)."""
    from engine.core.commands import Context

    pieces = pieces_of(state)
    lead = drag.card or drag.character or ""
    if pieces is None or target.key == group_lead_square(state, drag):
        return []
    command = pieces.move_group(drag.cards, drag.markers, lead, target.key or "")
    command.run(Context(state))  # the whole group is checked now; the bridge sends it after
    return [command]


def give_command(state: State, drag: Drag, character: str) -> list[CommandBase] | None:
    """END-2: the selected hand cards dropped on a hand: one command handing them all,
    checked by the engine before it is sent (raises ``EngineError`` naming the card)."""
    from engine.core.commands import Context

    pieces = pieces_of(state)
    if pieces is None or pieces.give_cards is None or drag.markers:
        return None
    command = pieces.give_cards(drag.cards, character)
    command.run(Context(state))
    return [command]


def group_lead_square(state: State, drag: Drag) -> str | None:
    """The square the dragged member of a group lies on now (None: off the map)."""
    if drag.card is not None:
        found = state.find(drag.card)
        return found[0].key if found is not None and found[0].zone is PileKind.SQUARE else None
    return marker_squares(state).get(drag.character or "")


__all__ = [
    "Drag",
    "DragKind",
    "PARTY_HOME",
    "Refusal",
    "commands_for",
    "group_command",
    "group_lead_square",
    "legal_targets",
    "place_from_key",
    "place_key",
]
