"""The cards of a board scene: one ``CardItem`` per card the drawn state knows,
laid where the layout says for their pile (a square's stack, a hand's fan, the
deck, the discard, the removed cards).

Only the places an outcome names are laid again; a card that left every named
place is looked for in the state (it moved further) or dropped (the projector
no longer knows it under that name).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from app.board.cards import CardItem
from app.board.drag import place_key
from engine.core.state import State
from engine.table.places import PileKind, Place, hand, square

if TYPE_CHECKING:
    from app.board.scene import BoardScene

#: the discard and removed piles are open to all
OPEN_ZONES = (PileKind.DISCARD, PileKind.REMOVED)


class CardLayer:
    """Creates, lays out and removes the card items of one scene."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene
        self.cards: dict[str, CardItem] = {}
        self._laid: dict[str, list[str]] = {}

    def sync(self, state: State) -> None:
        """Lay every pile; orphans of an earlier state are removed."""
        frame = self._scene.frame
        places = list(state.places())
        places += [square(n) for n in frame.squares if n not in state.squares]
        places += [hand(c) for c in frame.hands if c not in state.hands]
        self.lay_places(state, places)
        known = {code for place in state.places() for code in state.pile(place)}
        for code in [c for c in self.cards if c not in known]:
            self._drop_item(code)

    def lay_places(self, state: State, places: Iterable[Place]) -> None:
        laid_now: set[str] = set()
        previous: set[str] = set()
        for place in places:
            previous.update(self._laid.get(place_key(place), ()))
            laid_now.update(self._lay_place(state, place))
        for code in previous - laid_now:
            found = state.find(code) if not self._scene.player else None
            if found is not None:
                laid_now.update(self._lay_place(state, found[0]))
            else:
                self._drop_item(code)

    def _lay_place(self, state: State, place: Place) -> list[str]:
        scene = self._scene
        player = scene.player
        codes = list(state.pile(place))
        count = len(codes)
        dragged = scene.drags.dragged_items()
        bone_card = getattr(state.options, "bone_card", None)
        for index, code in enumerate(codes):
            item = self.cards.get(code)
            if item is None:
                item = CardItem(code, scene.board_style, gm=not player)
                self.cards[code] = item
                scene.addItem(item)
                item.set_stacked(scene.stacked)
            is_bone = code == bone_card
            if item.is_bone != is_bone:  # a replaced session may name another joker
                item.is_bone = is_bone
                item.repaint_look()
            flags = state.card_flags(code)
            # the GM also sees into the hands (the players never do: their codes there are hidden)
            face = flags.face_up or place.zone in OPEN_ZONES or (place.zone is PileKind.HAND and not player)
            item.present(place, index, face, flags.tapped and place.zone is PileKind.SQUARE)
            if item in dragged:
                continue
            spot = scene.layout.card_spot(place, index, count)
            if item.pos() != spot.center:
                item.setPos(spot.center)
            if item.zValue() != spot.z:
                item.setZValue(spot.z)
            if item.isVisible() != spot.visible:
                item.setVisible(spot.visible)
            self.set_tooltip(item)
        self._laid[place_key(place)] = codes
        self._count(state, place, count)
        return codes

    def _count(self, state: State, place: Place, count: int) -> None:
        """The number shown on the square, the hand zone or the pile."""
        frame = self._scene.frame
        if place.zone is PileKind.SQUARE:
            sq = frame.squares.get(place.key or "")
            if sq is not None:
                sq.set_count(count)
        elif place.zone is PileKind.HAND:
            zone_item = frame.hands.get(place.key or "")
            who = state.characters.get(place.key or "")
            if zone_item is not None and who is not None:
                zone_item.set_info(who.name, who.color, who.order, count)
        elif place.zone in frame.piles:
            frame.piles[place.zone].set_count(count)

    def _drop_item(self, code: str) -> None:
        item = self.cards.pop(code, None)
        if item is not None:
            self._scene.removeItem(item)

    def set_tooltip(self, item: CardItem) -> None:
        """GM only: the card's name; for a face-down card that is the peek."""
        if self._scene.player or item.card is None:
            return
        text = item.card.display(self._scene.bridge.lang)
        if item.toolTip() != text:
            item.setToolTip(text)

    def update_tooltips(self) -> None:
        for item in self.cards.values():
            self.set_tooltip(item)


__all__ = ["OPEN_ZONES", "CardLayer"]
