"""The battle board's side of the shared drag machinery (``app.common.drag``).

A token picked up lights every hex it can reach (the engine's
``movement.reach``, asked once per drag, with the move points the session's
ruleset gives the token) with the cheapest cost; the cost under
the cursor follows it; a drop on a lit hex is one ``MoveToken``.  A drop
anywhere else is refused where the GM is looking: a red flash and a bubble on
that hex with the engine's reason, and the token snaps back.  Shift+drag is the
GM's override (``free``: any open hex, no move points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem

from app.battle.geometry import hex_at
from app.battle.items import TokenItem
from app.battle.words import tr
from app.common.drag import Drop, Highlight, Refusal
from engine.errors import EngineError
from engine.hexbattle.board import SIDE_DIRECTIONS, board_of
from engine.hexbattle.commands import LeaveBattle, MoveToken, MoveTokens, TokenStep
from engine.hexbattle.hexgrid import Hex, neighbor
from engine.hexbattle.model import SIDES, Spot
from engine.hexbattle.movement import move_points, plan, reach
from engine.hexbattle.tokens import occupied

#: the drop key of a token stepping off the maps: ``LEAVE`` + the side
LEAVE = "leave:"

if TYPE_CHECKING:
    from app.battle.scene import BattleScene
    from engine.core.commands import CommandBase


@dataclass
class TokenDrag:
    """One token on the move (the ``Gesture`` the controller drives)."""

    press: QPointF
    items: list[QGraphicsItem]
    token: str
    start: Spot
    free: bool = False
    starts: list[QPointF] = field(default_factory=list)
    targets: set[str] = field(default_factory=set)
    under: str | None = None
    costs: dict[str, int] = field(default_factory=dict)
    #: the other tokens moving with ``token`` (a group the GM picked), by id
    group: tuple[str, ...] = ()


class BattleDrags:
    """Implements ``DragScene`` for the battle board (the scene forwards to it)."""

    def __init__(self, scene: BattleScene) -> None:
        self._scene = scene

    def grab_at(self, pos: QPointF) -> TokenItem | None:
        for item in self._scene.items(pos):
            if isinstance(item, TokenItem) and item.isVisible():
                return item
        return None

    # -- DragScene ----------------------------------------------------------------------------
    def begin_drag(self, item: QGraphicsItem, pos: QPointF, modifiers: Qt.KeyboardModifier) -> TokenDrag | None:
        if not isinstance(item, TokenItem) or item.token.at is None:
            return None
        free = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        scene = self._scene
        others = tuple(t for t in sorted(scene.picked) if t != item.token.id and t in scene.token_items)
        if item.token.id in scene.picked and others:  # the group moves as one, by the same step
            items: list[QGraphicsItem] = [item, *(scene.token_items[t] for t in others)]
            return TokenDrag(pos, items, item.token.id, item.token.at, free, group=others)
        return TokenDrag(pos, [item], item.token.id, item.token.at, free)

    def targets_for(self, drag: TokenDrag) -> set[str]:
        battle = self._scene.battle
        if battle is None:
            return set()
        if drag.free:
            board = board_of(battle)
            taken = occupied(battle, but=drag.token)
            drag.costs = {
                str(board.to_spot(h)): 0 for h in board.hexes() if board.cost(h) is not None and h not in taken
            }
        else:
            drag.costs = {str(s): c for s, c in reach(self._scene.view_state(), battle, drag.token).items()}
        drag.costs.pop(str(drag.start), None)
        self._scene.shading.costs = {self._scene.hex_of(key): c for key, c in drag.costs.items()}
        return set(drag.costs)

    def target_at(self, pos: QPointF, drag: TokenDrag) -> str | None:
        return self._scene.key_at(pos) or self._leaving_by(pos, drag)

    def _leaving_by(self, pos: QPointF, drag: TokenDrag) -> str | None:
        """ENC-10 by hand: a lone token dragged from an edge hex onto the space just past
        that edge steps off the maps by that side (``LEAVE:side``); else None (missed)."""
        battle = self._scene.battle
        if battle is None or drag.group:
            return None
        board = board_of(battle)
        start, past = board.to_hex(drag.start), hex_at(pos)
        for side in board.open_sides(start):
            if any(neighbor(start, d) == past for d in SIDE_DIRECTIONS[side]):
                return f"{LEAVE}{side}"
        return None

    def command_for(self, drop: Drop[TokenDrag]) -> Sequence[CommandBase] | Refusal | None:
        assert drop.key is not None
        drag = drop.drag
        if drop.key.startswith(LEAVE):
            side = drop.key.removeprefix(LEAVE)
            assert side in SIDES
            return [LeaveBattle(token=drag.token, side=side)]
        if drop.key == str(drag.start):
            return []
        if drop.key in drag.targets and drag.group:
            return self.group_move(drag, drop.key, drop.pos)
        if drop.key in drag.targets:
            return [MoveToken(token=drag.token, to=Spot.model_validate(drop.key), free=drag.free)]
        return Refusal(self.refusal_text(drag, drop.key, drop.pos))

    def group_move(self, drag: TokenDrag, key: str, pos: QPointF) -> Sequence[CommandBase] | Refusal:
        """Every picked token the same step as the one under the cursor: one ``MoveTokens``
        (one undo step); the engine refuses the whole group if one cannot go."""
        battle = self._scene.battle
        assert battle is not None
        board = board_of(battle)
        lead = board.to_hex(drag.start)
        goal = board.to_hex(Spot.model_validate(key))
        moves: list[TokenStep] = []
        for token_id in (drag.token, *drag.group):
            at = battle.token(token_id).at
            if at is None:
                continue
            here = board.to_hex(at)
            there = Hex(here.q + goal.q - lead.q, here.r + goal.r - lead.r)
            if not board.in_bounds(there):
                text = tr("{token} would leave the battle maps.").format(token=battle.token(token_id).label or token_id)
                self._scene.flash_refusal(goal, pos, text)
                return Refusal(text)
            moves.append(TokenStep(token=token_id, to=board.to_spot(there)))
        return [MoveTokens(moves=tuple(moves), free=drag.free)]

    def refusal_text(self, drag: TokenDrag, key: str, pos: QPointF) -> str:
        """The engine's reason for refusing this move, flashed on the hex itself."""
        scene = self._scene
        battle = scene.battle
        text = tr("The token cannot go there.")
        if battle is not None:
            try:
                plan(scene.view_state(), battle, drag.token, Spot.model_validate(key), free=drag.free)
            except EngineError as error:
                name = battle.token(drag.token).label
                # the engine names the token by id (pc-c2); the GM knows it by its label
                text = scene.bridge.message(error).replace(drag.token, name) if name else scene.bridge.message(error)
        scene.flash_refusal(scene.hex_of(key), pos, text)
        return text

    def missed_text(self, drag: TokenDrag) -> str:
        return tr("Dropped outside the battle maps: the token went back.")

    def light(self, levels: Mapping[str, Highlight]) -> None:
        scene = self._scene
        scene.shading.set_levels({scene.hex_of(key): level for key, level in levels.items()})

    def snap_back(self, drag: TokenDrag) -> None:
        self._scene.hide_cost()
        for moving in drag.items:
            if isinstance(moving, TokenItem):
                moving.laid_at = None  # it followed the cursor: lay it again whatever the state says
        self._scene.sync_tokens()

    def dispatch_command(self, command: CommandBase) -> bool:
        return self._scene.dispatch_command(command)

    def say(self, text: str) -> None:
        self._scene.status_message.emit(text)

    # -- the cost under the cursor ------------------------------------------------------------
    def cost_text(self, drag: TokenDrag, key: str | None) -> tuple[str, bool] | None:
        """What the bubble under the cursor says: the path cost, or that the hex is out of reach."""
        if key is None or key == str(drag.start):
            return None
        cost = drag.costs.get(key)
        if cost is None:
            return tr("{hex}: out of reach").format(hex=key), True
        if drag.free:
            return tr("{hex}: placed by hand").format(hex=key), False
        battle = self._scene.battle
        movement = move_points(self._scene.view_state(), battle.token(drag.token)) if battle else 0
        return tr("{hex}: cost {cost} / {movement}").format(hex=key, cost=cost, movement=movement), False


def hex_key(scene: BattleScene, h: Hex) -> str | None:
    battle = scene.battle
    if battle is None:
        return None
    board = board_of(battle)
    return str(board.to_spot(h)) if board.in_bounds(h) else None


__all__ = ["BattleDrags", "TokenDrag", "hex_at", "hex_key"]
