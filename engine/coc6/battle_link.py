"""The CoC combat tracker on the hex battle board ("It can use the hex
battle board for positions when the GM wants one").

The tracker keeps no positions of its own: ``coc_place_on_battle_map`` puts a
token for each combatant that has none on the open battle board through the
board's own ``place_token`` command — investigators on map 1, NPCs on map 2,
each on the free hex nearest its map's centre — and from then on the board's
commands (drag, move, remove) own the positions.  A token's id and label are the
combatant's name, so the tracker finds its combatants' hexes by name
(:func:`positions`) and the battle page can light the current actor's token.
How far a combatant may move is the ruleset's answer to the board
(:func:`move_points`: MOV 8, not the Upland's move points).

Layering: this ruleset module uses :mod:`engine.hexbattle`; the core and the
table import neither.
"""

from __future__ import annotations

from typing import Literal

from engine.coc6.commands import coc_state, tracker_of
from engine.coc6.sheet import CocSheet
from engine.coc6.tracker import CombatTracker
from engine.core.commands import CommandBase, Context
from engine.core.state import State
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.commands import PlaceToken
from engine.hexbattle.hexgrid import distance, label
from engine.hexbattle.model import BattleState, Spot, Token
from engine.hexbattle.slot import battle_of, require_battle
from engine.hexbattle.tokens import occupied
from engine.i18n import render


def free_spots(battle: BattleState, number: Literal[1, 2]) -> list[Spot]:
    """The passable, empty hexes of map ``number``, nearest its centre first (then by label)."""
    board = board_of(battle)
    taken = set(occupied(battle))
    centre = board.to_hex(Spot(map=number, hex=label(battle.maps[number - 1].center())))
    free = [h for h in board.map_hexes(number) if h not in taken and board.cost(h) is not None]
    free.sort(key=lambda h: (distance(h, centre), h.q, h.r))
    return board.spots(free)


def positions(state: State, tracker: CombatTracker) -> dict[str, Spot | None]:
    """Each combatant's hex on the battle board (None: no token there, or no battle open)."""
    battle = battle_of(state)
    tokens = battle.tokens if battle is not None else {}
    return {name: tokens[name].at if name in tokens else None for name in tracker.order}


class CocPlaceOnBattleMap(CommandBase):
    """Put a token for each combatant without one on the open battle board (investigators map 1, NPCs map 2)."""

    type: Literal["coc_place_on_battle_map"] = "coc_place_on_battle_map"

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        tracker = tracker_of(ctx)
        battle = require_battle(ctx.state)
        missing = [name for name in tracker.order if name not in battle.tokens]
        if not missing:
            raise EngineError("Every combatant already has a token on the battle map.")
        characters = {c.sheet.name: c.id for c in ctx.state.ordered_characters() if isinstance(c.sheet, CocSheet)}
        for name in missing:
            npc = tracker.get(name).npc
            battle = require_battle(ctx.state)
            spots = free_spots(battle, 2 if npc else 1) or free_spots(battle, 1 if npc else 2)
            if not spots:
                raise EngineError("The battle map has no free hex for {name}.", name=name)
            token = Token(id=name, kind="enemy" if npc else "character", label=name, at=spots[0],
                          character=None if npc else characters.get(name))  # fmt: skip
            PlaceToken(token=token).run(ctx)

    def label(self, lang: str = "ja") -> str:
        return render("Place the combatants on the battle map", lang)


BATTLE_LINK_COMMANDS: tuple[type[CommandBase], ...] = (CocPlaceOnBattleMap,)


HUMAN_MOV = 8
"""The rulebook's MOV of every human, investigator or not (CoC 6e: MOV 8)."""


def move_points(state: State, token: Token) -> int:
    """How far a CoC combatant may move in one go on the battle board (the ruleset's
    ``token_move_points``).

    **Reading** (movement; seeds 002 and 004 say nothing): a combatant moves its
    MOV in metres a round — yards in the English rulebook — and a hex is the
    option ``hex_metres`` metres (default 1), so a human has MOV 8 ÷ 1 = 8 move
    points, spent like everywhere on the board (a hex costs 1, 2 or 3 to enter).
    Every token gets a human's MOV: neither the sheet nor the tracker keeps a
    MOV of its own, and a creature moving otherwise is the keeper's free move.
    """
    hex_metres = getattr(state.options, "hex_metres", 1)
    return max(1, HUMAN_MOV // max(1, int(hex_metres)))
