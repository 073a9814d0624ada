"""The card board's side of the shared drag machinery (``app.common.drag``):
what can be picked up, where it may land and what a drop means.

The table of drags and the commands they become is in :mod:`app.board.drag`;
this class connects it to the scene's items.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem

from app.board.cards import CardItem
from app.board.drag import (
    PARTY_HOME,
    Drag,
    DragKind,
    commands_for,
    legal_targets,
    place_from_key,
    place_key,
    ruled_drop,
)
from app.board.hands import HandItem
from app.board.markers import MarkerItem, PartyItem
from app.board.piles import PartyHomeItem, PileItem
from app.board.squares import SquareItem
from app.common.drag import Drop, Highlight, Refusal
from engine.errors import EngineError
from engine.table.places import DECK, PileKind, Place

if TYPE_CHECKING:
    from app.board.scene import BoardScene
    from engine.core.commands import CommandBase


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardScene", text)


def is_deck(item: QGraphicsItem) -> bool:
    """The deck pile, or a card lying in it."""
    if isinstance(item, PileItem):
        return item.zone is PileKind.DECK
    return isinstance(item, CardItem) and item.place is not None and item.place.zone is PileKind.DECK


class CardBoardDrags:
    """Implements ``DragScene`` for the card board (the scene forwards to it)."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene

    def grab_at(self, pos: QPointF) -> QGraphicsItem | None:
        """The draggable thing under the cursor: a card, the deck, a marker, the party."""
        for item in self._scene.items(pos):
            if not item.isVisible():
                continue
            if isinstance(item, (CardItem, MarkerItem, PartyItem)):
                return item
            if isinstance(item, PileItem) and item.zone is PileKind.DECK:
                return item
            if isinstance(item, (SquareItem, HandItem, PileItem, PartyHomeItem)):
                return None
        return None

    # -- DragScene ----------------------------------------------------------------------
    def begin_drag(self, item: QGraphicsItem, pos: QPointF, modifiers: Qt.KeyboardModifier) -> Drag | Refusal | None:
        scene = self._scene
        state = scene.bridge.state
        cards = scene.cards.cards
        if isinstance(item, (CardItem, MarkerItem)) and not is_deck(item):
            if item.isSelected() and scene.selection.is_group():
                return self._group_drag(item, pos)
        if is_deck(item):
            if not state.deck:
                return Refusal(_tr("The deck is empty."))
            top = cards[state.deck[0]]
            return Drag(DragKind.DECK, pos, [top], source=DECK, card=top.code)
        if isinstance(item, CardItem) and item.place is not None:
            place = item.place
            if modifiers & Qt.KeyboardModifier.ShiftModifier and place.zone is PileKind.SQUARE:
                codes = state.squares.get(place.key or "", ())
                items: list[QGraphicsItem] = [cards[c] for c in codes if c in cards and cards[c].isVisible()]
                return Drag(DragKind.STACK, pos, items, source=place, card=codes[0] if codes else None)
            return Drag(DragKind.CARD, pos, [item], source=place, card=item.code)
        if isinstance(item, MarkerItem):
            return Drag(DragKind.MARKER, pos, [item], character=item.character)
        if isinstance(item, PartyItem):
            return Drag(DragKind.PARTY, pos, [item])
        return None

    def _group_drag(self, lead: CardItem | MarkerItem, pos: QPointF) -> Drag:
        """The whole selection follows the mouse; ``lead`` (pressed) is ``items[0]``."""
        members = self._scene.selection.items()
        items: list[QGraphicsItem] = [lead, *(m for m in members if m is not lead)]
        cards = tuple(m.code for m in members if isinstance(m, CardItem))
        markers = tuple(m.character for m in members if isinstance(m, MarkerItem))
        if isinstance(lead, CardItem):
            return Drag(DragKind.GROUP, pos, items, source=lead.place, card=lead.code, cards=cards, markers=markers)
        return Drag(DragKind.GROUP, pos, items, character=lead.character, cards=cards, markers=markers)

    def targets_for(self, drag: Drag) -> set[str]:
        return legal_targets(self._scene.bridge.state, drag)  # once per drag, from the engine

    def target_at(self, pos: QPointF, drag: Drag) -> str | None:
        layout = self._scene.layout
        if drag.kind is DragKind.GROUP and drag.starts:
            # the square under the dragged item's centre, not under the mouse:
            # the GM lines the group up by what it sees
            pos = drag.starts[0] + (pos - drag.press)
        if drag.kind is DragKind.PARTY and layout.party_home.contains(pos):
            return PARTY_HOME
        place = layout.place_at(pos)
        return place_key(place) if place is not None else None

    def command_for(self, drop: Drop[Drag]) -> Sequence[CommandBase] | Refusal | None:
        assert drop.key is not None
        bridge = self._scene.bridge
        if drop.drag.kind is DragKind.GROUP:
            refusal = self._group_refusal(drop.drag, drop.key)
            if refusal is not None:
                return refusal
        try:
            commands = commands_for(bridge.state, drop.drag, drop.key)
        except EngineError as refusal:  # the ruleset says why the drop means nothing legal
            return Refusal(bridge.message(refusal))
        if drop.drag.kind is DragKind.PARTY and commands:
            return commands if self._party_move_confirmed(commands) else []
        return commands

    def _group_refusal(self, drag: Drag, key: str) -> Refusal | None:
        """What the GUI itself refuses of a group drop (the engine checks the rest)."""
        state = self._scene.bridge.state
        target = place_from_key(key)
        if target is not None and target.zone is PileKind.HAND and drag.cards and not drag.markers:
            return None  # END-2: hand cards handed to another hand together (the engine checks them)
        if target is None or target.zone is not PileKind.SQUARE:
            return Refusal(_tr("A group of cards and markers can only be dropped on a square: nothing moved."))
        for character in drag.markers:
            if ruled_drop(state, character) is not None:  # the Upland's declare step (INV-1)
                name = state.characters[character].name
                return Refusal(
                    _tr("{name}'s marker is a declaration in this step: drag it on its own. Nothing moved.").format(
                        name=name
                    )
                )
        return None

    def _party_move_confirmed(self, commands: Sequence[CommandBase]) -> bool:
        """The ruleset's procedure may say where the party goes: ask before a hand move."""
        from PySide6.QtWidgets import QMessageBox

        from app.rulesets import party_move_warning, pieces_of

        state = self._scene.bridge.state
        pieces = pieces_of(state)
        if pieces is not None and commands[0].type != pieces.move_party(None).type:
            return True  # the procedure's own move (the time phase's), not a hand move
        square = getattr(commands[0], "square", None)
        warning = party_move_warning(state, square)
        if warning is None:
            return True
        views = self._scene.views()
        box = QMessageBox(views[0] if views else None)
        box.setObjectName("board.party_move")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_tr("Move the party by hand?"))
        box.setText(warning)
        move = box.addButton(_tr("Move it"), QMessageBox.ButtonRole.AcceptRole)
        back = box.addButton(_tr("Leave it"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        box.exec()
        return box.clickedButton() is move

    def missed_text(self, drag: Drag) -> str:
        if drag.kind is DragKind.GROUP:
            return _tr("Dropped outside the map: the selection went back.")
        if drag.kind in (DragKind.MARKER, DragKind.PARTY):
            return _tr("Dropped outside any square: the token went back.")
        return _tr("Dropped outside any square, pile or hand: the card went back.")

    def light(self, levels: Mapping[str, Highlight]) -> None:
        """The overlay keeps the levels and paints them (the items read theirs from it)."""
        self._scene.target_overlay.set_levels(levels)

    def snap_back(self, drag: Drag) -> None:
        """Put the dragged items where the state says they are (after a refusal
        that is back where they came from; after success, their new place)."""
        scene = self._scene
        state = scene.view_state()
        if drag.kind is DragKind.GROUP:
            scene.tokens.on_markers_change(state)
            scene.cards.lay_places(state, self._group_places(drag))
            scene.refresh_focus()
        elif drag.kind is DragKind.MARKER:
            scene.tokens.on_markers_change(state)
            scene.refresh_focus()
        elif drag.kind is DragKind.PARTY:
            scene.tokens.on_party_change(state)
        else:
            places: set[Place] = set()
            for moving in drag.items:
                if isinstance(moving, CardItem):
                    found = state.find(moving.code)
                    if found is not None:
                        places.add(found[0])
            if drag.source is not None:
                places.add(drag.source)
            scene.cards.lay_places(state, places)

    def _group_places(self, drag: Drag) -> set[Place]:
        """Where the group's cards lay before the drop and where the state has them now."""
        state = self._scene.view_state()
        places: set[Place] = set()
        for moving in drag.items:
            if isinstance(moving, CardItem):
                if moving.place is not None:
                    places.add(moving.place)
                found = state.find(moving.code)
                if found is not None:
                    places.add(found[0])
        return places

    def dispatch_command(self, command: CommandBase) -> bool:
        return self._scene.dispatch_command(command)

    def say(self, text: str) -> None:
        self._scene.status_message.emit(text)


__all__ = ["CardBoardDrags", "is_deck"]
