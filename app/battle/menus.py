"""Right-click menus of the battle board (GM only): one entry, one command.

On a token: reveal or hide (enemies), turn, edit its label, movement or GM
note, SR delay, step off the board (ENC-10), remove.  On an empty hex: place a
session character who has no token yet, or an enemy (hidden or seen).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from app.battle.items import TokenItem
from app.battle.words import tr
from app.rulesets import battle_part_of
from engine.hexbattle.board import board_of
from engine.hexbattle.commands import (
    EditToken,
    LeaveBattle,
    PlaceToken,
    RemoveToken,
    RevealToken,
    TurnToken,
    character_token_id,
)
from engine.hexbattle.model import Spot, Token

if TYPE_CHECKING:
    from app.battle.scene import BattleScene


def direction_text(direction: int) -> str:
    names = {
        1: tr("east"),
        2: tr("south-east"),
        3: tr("south-west"),
        4: tr("west"),
        5: tr("north-west"),
        6: tr("north-east"),
    }
    return names[direction]


def next_enemy_id(scene: BattleScene) -> str:
    battle = scene.battle
    numbers = [int(t[6:]) for t in (battle.tokens if battle else {}) if t.startswith("enemy-") and t[6:].isdigit()]
    return f"enemy-{1 + max(numbers, default=0)}"


def _parent(scene: BattleScene) -> QWidget | None:
    view = scene.gm_view()
    return view.window() if view is not None else None


def menu_at(scene: BattleScene, pos: QPointF) -> QMenu | None:
    """The menu for whatever is under ``pos`` (built, not shown)."""
    item = scene.drag_rules.grab_at(pos)
    if item is not None:
        return token_menu(scene, item)
    key = scene.key_at(pos)
    if key is None:
        return None
    return hex_menu(scene, key)


def token_menu(scene: BattleScene, item: TokenItem) -> QMenu:
    token = item.token
    menu = QMenu()
    menu.setTitle(token.label or token.id)
    send = scene.dispatch_command
    if token.kind == "enemy":
        if token.hidden:
            menu.addAction(tr("Reveal to the players"), lambda: send(RevealToken(token=token.id)))
        else:
            menu.addAction(tr("Hide from the players"), lambda: send(RevealToken(token=token.id, hidden=True)))
    turn = menu.addMenu(tr("Turn"))

    def turn_to(facing: int | None) -> Callable[[], object]:
        return lambda: send(TurnToken(token=token.id, facing=facing))

    for direction in range(1, 7):
        action = turn.addAction(direction_text(direction), turn_to(direction))
        action.setCheckable(True)
        action.setChecked(token.facing == direction)
    turn.addAction(tr("No facing"), lambda: send(TurnToken(token=token.id, facing=None)))

    def ask_label() -> None:
        text, ok = QInputDialog.getText(_parent(scene), tr("Token label"), tr("Label:"), text=token.label)
        if ok:
            send(EditToken(token=token.id, label_text=text))

    def ask_movement() -> None:
        value, ok = QInputDialog.getInt(
            _parent(scene), tr("Movement"), tr("Move points a turn:"), token.movement, 0, 99
        )
        if ok:
            send(EditToken(token=token.id, movement=value))

    def ask_note() -> None:
        text, ok = QInputDialog.getText(
            _parent(scene), tr("GM note"), tr("Note (never shown to players):"), text=token.note
        )
        if ok:
            send(EditToken(token=token.id, note=text))

    part = battle_part_of(scene.view_state().ruleset)

    def ask_delay() -> None:
        current = part.delays(scene.view_state()).get(token.id, 0) if part.delays is not None else 0
        value, ok = QInputDialog.getInt(
            _parent(scene), tr("SR delay"), tr("Strike ranks of delay (0: none):"), current, 0, 99
        )
        if ok and part.set_delay is not None:
            send(part.set_delay(token.id, value))

    menu.addAction(tr("Edit label…"), ask_label)
    menu.addAction(tr("Movement…"), ask_movement)
    if part.set_delay is not None:
        menu.addAction(tr("SR delay…"), ask_delay)
    menu.addAction(tr("GM note…"), ask_note)
    menu.addSeparator()
    menu.addAction(tr("Leave the board here"), lambda: send(LeaveBattle(token=token.id)))
    menu.addAction(tr("Remove the token"), lambda: send(RemoveToken(token=token.id)))
    return menu


def hex_menu(scene: BattleScene, key: str) -> QMenu | None:
    battle = scene.battle
    if battle is None:
        return None
    where = Spot.model_validate(key)
    board = board_of(battle)
    menu = QMenu()
    menu.setTitle(key)
    if board.cost(board.to_hex(where)) is None:
        action = menu.addAction(tr("{hex} is impassable").format(hex=key))
        action.setEnabled(False)
        return menu
    state = scene.bridge.state
    send = scene.dispatch_command
    place = menu.addMenu(tr("Place a character here"))
    for character in state.ordered_characters():
        token_id = character_token_id(character.id)
        if token_id in battle.tokens:
            continue  # on the board, or it left (ENC-10 keeps its exit)
        token = Token(
            id=token_id, kind="character", label=character.name, color=character.color, character=character.id, at=where
        )
        place.addAction(character.name, partial(send, PlaceToken(token=token)))
    place.setEnabled(bool(place.actions()))
    menu.addAction(
        tr("Place an enemy here (hidden)"),
        lambda: send(
            PlaceToken(token=Token(id=next_enemy_id(scene), kind="enemy", label=tr("Enemy"), hidden=True, at=where))
        ),
    )
    menu.addAction(
        tr("Place an enemy here (seen)"),
        lambda: send(PlaceToken(token=Token(id=next_enemy_id(scene), kind="enemy", label=tr("Enemy"), at=where))),
    )
    return menu


__all__ = ["hex_menu", "menu_at", "next_enemy_id", "token_menu"]
