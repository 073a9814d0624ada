"""Right-click menus of the board, in the current language.

Every action dispatches exactly one command through the scene (and so the
bridge).  Menus are built by plain methods that return a ``QMenu`` without
showing it, so tests (and the keyboard) can trigger actions directly; each
action has a stable ``objectName`` (``card.flip``, ``deck.draw.c2``…).
An action the engine would refuse is shown disabled, with the engine's reason
as its tooltip: the answer comes from a dry run of the very command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QMenu, QVBoxLayout, QWidget

from app.i18n import Retranslating
from app.rulesets import parts_for, pieces_of
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.errors import EngineError
from engine.table.cards import parse_card
from engine.table.commands import (
    DealCard,
    DrawCards,
    FlipCard,
    GiveCard,
    MoveCard,
    RecycleDiscard,
    ShuffleDeck,
    ShuffleStack,
    TapCard,
)
from engine.table.places import DECK, DISCARD, REMOVED, PileKind, hand

if TYPE_CHECKING:
    from app.board.scene import BoardScene

#: Above this many squares, "Deal to square" groups them by row.
FLAT_SQUARES = 30


class BoardMenus:
    """Builds the GM scene's menus from the current state."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = scene

    @property
    def _state(self) -> State:
        return self._scene.bridge.state

    def menu_at(self, pos: QPointF) -> QMenu | None:
        """The right-click menu for whatever is under ``pos`` (built, not shown)."""
        from app.board.cards import CardItem
        from app.board.hands import HandItem
        from app.board.markers import MarkerItem, PartyItem
        from app.board.piles import PileItem
        from app.board.squares import SquareItem

        state = self._state
        for item in self._scene.items(pos):
            if not item.isVisible():
                continue
            if isinstance(item, CardItem):
                if item.place is not None and item.place.zone is PileKind.DECK:
                    return self.deck_menu()
                return self.card_menu(item.code)
            if isinstance(item, MarkerItem):
                return self.marker_menu(item.character)
            if isinstance(item, PartyItem):
                return self.party_menu()
            if isinstance(item, SquareItem):
                return self.square_menu(item.name)
            if isinstance(item, PileItem):
                if item.zone is PileKind.DECK:
                    return self.deck_menu()
                if item.zone is PileKind.DISCARD:
                    return self.discard_menu()
                return None
            if isinstance(item, HandItem) and item.character in state.characters:
                return self.hand_menu(item.character)
        return None

    # -- building blocks -----------------------------------------------------------
    def _new_menu(self, title: str = "", parent: QWidget | None = None) -> QMenu:
        menu = QMenu(title, parent)
        menu.setToolTipsVisible(True)
        return menu

    def _add(self, menu: QMenu, text: str, name: str, command: CommandBase, check: bool = True) -> QAction:
        """One action, one command; disabled with the engine's reason if refused."""
        action = QAction(text, menu)
        action.setObjectName(name)
        if check:
            reason = self._refusal(command)
            if reason is not None:
                action.setEnabled(False)
                action.setToolTip(reason)
        action.triggered.connect(lambda _checked=False, c=command: self._scene.dispatch_command(c))
        menu.addAction(action)
        return action

    def _refusal(self, command: CommandBase) -> str | None:
        try:
            self._scene.bridge.session.run(command)
        except EngineError as exc:
            return self._scene.bridge.message(exc)
        return None

    # -- a card ----------------------------------------------------------------------
    def card_menu(self, code: str) -> QMenu:
        state = self._state
        card = parse_card(code)
        menu = self._new_menu(card.display(self._scene.bridge.lang))
        found = state.find(card.code)
        flags = state.card_flags(card.code)
        place = found[0] if found else None
        if flags.face_up:
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Turn face down"),
                "card.flip",
                FlipCard(card=code, face_up=False),
            )
        else:
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Turn face up"),
                "card.flip",
                FlipCard(card=code, face_up=True),
            )
        if flags.tapped:
            self._add(
                menu, QCoreApplication.translate("BoardMenu", "Untap"), "card.tap", TapCard(card=code, tapped=False)
            )
        else:
            self._add(menu, QCoreApplication.translate("BoardMenu", "Tap"), "card.tap", TapCard(card=code, tapped=True))
        move = self._new_menu(QCoreApplication.translate("BoardMenu", "Move to"), menu)
        move.setObjectName("card.move")
        self._add(
            move,
            QCoreApplication.translate("BoardMenu", "Top of the deck"),
            "card.move.deck_top",
            MoveCard(card=code, to=DECK, index=0),
        )
        self._add(
            move,
            QCoreApplication.translate("BoardMenu", "Bottom of the deck"),
            "card.move.deck_bottom",
            MoveCard(card=code, to=DECK, index=-1),
        )
        self._add(
            move,
            QCoreApplication.translate("BoardMenu", "Discard"),
            "card.move.discard",
            MoveCard(card=code, to=DISCARD),
        )
        self._add(
            move,
            QCoreApplication.translate("BoardMenu", "Removed cards"),
            "card.move.removed",
            MoveCard(card=code, to=REMOVED),
        )
        menu.addMenu(move)
        give = self._new_menu(QCoreApplication.translate("BoardMenu", "Give to"), menu)
        give.setObjectName("card.give")
        for who in state.ordered_characters():
            if place is not None and place == hand(who.id):
                continue
            command: CommandBase
            if place is not None and place.zone is PileKind.HAND:
                command = GiveCard(card=code, to_character=who.id)
            else:
                command = MoveCard(card=code, to=hand(who.id))
            self._add(give, who.name, f"card.give.{who.id}", command)
        give.setEnabled(bool(give.actions()))
        menu.addMenu(give)
        if place is not None and place.zone is PileKind.DISCARD:
            menu.addSeparator()
            self._add_discard_actions(menu)
        return menu

    # -- a square ----------------------------------------------------------------------
    def square_menu(self, name: str) -> QMenu:
        state = self._state
        menu = self._new_menu(name)
        self._add(
            menu,
            QCoreApplication.translate("BoardMenu", "Deal a card here face down"),
            "square.deal_down",
            DealCard(square=name, face_up=False),
        )
        self._add(
            menu,
            QCoreApplication.translate("BoardMenu", "Deal a card here face up"),
            "square.deal_up",
            DealCard(square=name, face_up=True),
        )
        self._add(
            menu,
            QCoreApplication.translate("BoardMenu", "Shuffle the stack"),
            "square.shuffle",
            ShuffleStack(square=name),
        )
        pieces = pieces_of(state)
        if pieces is not None:
            menu.addSeparator()
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Move the party here"),
                "square.party",
                pieces.move_party(name),
            )
            markers = self._new_menu(QCoreApplication.translate("BoardMenu", "Place the marker of"), menu)
            markers.setObjectName("square.marker")
            for who in state.ordered_characters():
                self._add(markers, who.name, f"square.marker.{who.id}", pieces.place_marker(who.id, name))
            markers.setEnabled(bool(markers.actions()))
            menu.addMenu(markers)
        square_actions = parts_for(state.ruleset).square_actions
        extra = square_actions(state, name) if square_actions is not None else ()
        if extra:
            menu.addSeparator()
        for entry in extra:
            self._add(menu, entry.text(), entry.name, entry.command)
        return menu

    # -- the deck and the discard ------------------------------------------------------------
    def deck_menu(self) -> QMenu:
        state = self._state
        menu = self._new_menu(QCoreApplication.translate("BoardMenu", "Deck"))
        draw = self._new_menu(QCoreApplication.translate("BoardMenu", "Draw one to"), menu)
        draw.setObjectName("deck.draw")
        for who in state.ordered_characters():
            self._add(draw, who.name, f"deck.draw.{who.id}", DrawCards(character=who.id, count=1))
        draw.setEnabled(bool(draw.actions()))
        menu.addMenu(draw)
        self._add(menu, QCoreApplication.translate("BoardMenu", "Shuffle the deck"), "deck.shuffle", ShuffleDeck())
        if state.deck:
            top = state.deck[0]
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Turn the top card over"),
                "deck.flip_top",
                FlipCard(card=top),
            )
        deal = self._new_menu(QCoreApplication.translate("BoardMenu", "Deal face down to"), menu)
        deal.setObjectName("deck.deal")
        names = state.grid.squares()
        if len(names) <= FLAT_SQUARES:
            for name in names:
                self._add(deal, name, f"deck.deal.{name}", DealCard(square=name), check=False)
        else:
            for row in range(state.rows):
                row_menu = self._new_menu(
                    QCoreApplication.translate("BoardMenu", "Row {row}").format(row=row + 1), deal
                )
                for name in names[row * state.cols : (row + 1) * state.cols]:
                    self._add(row_menu, name, f"deck.deal.{name}", DealCard(square=name), check=False)
                deal.addMenu(row_menu)
        deal.setEnabled(bool(state.deck or state.discard))
        menu.addMenu(deal)
        menu.addSeparator()
        listing = QAction(QCoreApplication.translate("BoardMenu", "List the cards (GM only)…"), menu)
        listing.setObjectName("deck.list")
        listing.triggered.connect(self.show_deck_list)
        menu.addAction(listing)
        return menu

    def discard_menu(self) -> QMenu:
        menu = self._new_menu(QCoreApplication.translate("BoardMenu", "Discard"))
        self._add_discard_actions(menu)
        return menu

    def _add_discard_actions(self, menu: QMenu) -> None:
        self._add(
            menu,
            QCoreApplication.translate("BoardMenu", "Shuffle the discard into the deck"),
            "discard.recycle",
            RecycleDiscard(),
        )

    # -- hands and tokens ---------------------------------------------------------------------
    def hand_menu(self, character: str) -> QMenu:
        who = self._state.characters[character]
        menu = self._new_menu(who.name)
        self._add(
            menu,
            QCoreApplication.translate("BoardMenu", "Draw one"),
            "hand.draw",
            DrawCards(character=character, count=1),
        )
        return menu

    def marker_menu(self, character: str) -> QMenu:
        who = self._state.characters[character]
        menu = self._new_menu(who.name)
        pieces = pieces_of(self._state)
        if pieces is not None:
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Remove the marker"),
                "marker.remove",
                pieces.place_marker(character, None),
            )
        return menu

    def party_menu(self) -> QMenu:
        menu = self._new_menu(QCoreApplication.translate("BoardMenu", "Party"))
        pieces = pieces_of(self._state)
        if pieces is not None:
            self._add(
                menu,
                QCoreApplication.translate("BoardMenu", "Take the party token off the map"),
                "party.remove",
                pieces.move_party(None),
            )
        return menu

    # -- the GM's deck list ------------------------------------------------------------------
    def show_deck_list(self) -> DeckListDialog:
        """GM only: the deck in order, top first (reading it changes nothing)."""
        dialog = DeckListDialog(self._state, self._scene.bridge.lang)
        self._scene.deck_dialog = dialog
        dialog.show()
        return dialog


class DeckListDialog(Retranslating, QDialog):
    """A read-only list of the deck, top card first, for the GM's eyes only."""

    def __init__(self, state: State, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self._note = QLabel()
        self.list = QListWidget()
        for n, code in enumerate(state.deck, start=1):
            card = parse_card(code)
            face = " ▲" if state.card_flags(code).face_up else ""
            self.list.addItem(f"{n:2d}.  {card.short()}  {card.display(lang)}{face}")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        box = QVBoxLayout(self)
        box.addWidget(self._note)
        box.addWidget(self.list)
        box.addWidget(buttons)
        self.resize(320, 480)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Deck, top card first"))
        self._note.setText(self.tr("Only you see this list; the players' screen does not."))


__all__ = ["BoardMenus", "DeckListDialog"]
