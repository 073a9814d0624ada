"""The tokens of a board scene: each character's investigation marker, the
party token and (GM only) the dashed mark of the secret lingering bone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGraphicsItem

from app.board.markers import MarkerItem, PartyItem
from app.board.squares import BoneMarkerItem
from app.rulesets import marker_squares, party_square, pieces_of
from engine.core.state import State

if TYPE_CHECKING:
    from app.board.scene import BoardScene


def marker_tooltip(name: str) -> str:
    return QCoreApplication.translate("BoardScene", "{name}'s investigation marker").format(name=name)


class TokenLayer:
    """Creates and places the markers, the party token and the bone mark."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene
        self.markers: dict[str, MarkerItem] = {}
        self.party = PartyItem(scene.board_style)
        scene.addItem(self.party)
        self.bone: BoneMarkerItem | None = None
        if not scene.player:
            self.bone = BoneMarkerItem(scene.board_style)
            scene.addItem(self.bone)

    def on_markers_change(self, state: State) -> None:
        scene = self._scene
        for cid in [c for c in self.markers if c not in state.characters]:
            scene.removeItem(self.markers.pop(cid))
        markers = marker_squares(state)
        by_square: dict[str, list[str]] = {}
        for who in state.ordered_characters():
            sq = markers.get(who.id)
            if sq is not None:
                by_square.setdefault(sq, []).append(who.id)
        dragged = scene.drags.dragged_items()
        for who in state.ordered_characters():
            item = self.markers.get(who.id)
            if item is None:
                item = MarkerItem(who.id, scene.board_style)
                if not scene.player:  # the GM selects markers to move several together
                    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
                self.markers[who.id] = item
                scene.addItem(item)
            sq = markers.get(who.id)
            item.set_info(who.name, who.color, sq)
            if not scene.player:
                item.setToolTip(marker_tooltip(who.name))
            if item in dragged:
                continue
            if sq is not None and sq in scene.layout.squares:
                group = by_square[sq]
                pos = scene.layout.marker_spot(sq, group.index(who.id), len(group))
            else:
                pos = scene.layout.marker_home(who.id)
            if item.pos() != pos:
                item.setPos(pos)

    def on_party_change(self, state: State) -> None:
        scene = self._scene
        here = party_square(state)
        self.party.square = here
        if not scene.player:
            self.party.setToolTip(self.party.tooltip_text())
        if self.party in scene.drags.dragged_items():
            return
        pos = scene.layout.party_spot(here)
        if self.party.pos() != pos:
            self.party.setPos(pos)

    def on_bone_change(self, state: State) -> None:
        if self.bone is None:
            return
        pieces = pieces_of(state)
        sq = pieces.secret_square(state) if pieces is not None else None
        self.bone.place_on(sq, self._scene.layout.squares.get(sq) if sq else None)

    def sync(self, state: State) -> None:
        self.on_markers_change(state)
        self.on_party_change(state)
        self.on_bone_change(state)

    def update_tooltips(self) -> None:
        for marker in self.markers.values():
            marker.setToolTip(marker_tooltip(marker.name))
        self.party.setToolTip(self.party.tooltip_text())


__all__ = ["TokenLayer", "marker_tooltip"]
