"""The rulesets that ship with yobigoe, and the free table they all share.

:func:`declare` is handed to the registry by the engine's front door
(:mod:`engine.session`) and by the store: it registers the free table and the
battle board (every ruleset uses them) and only *names* the rulesets — their
ids, slices, sheet kinds and command prefixes — so each one's modules are
imported when a session, a file or a command first needs it (the
first paint of an Upland session does not wait for CoC 6, nor the other way
round).  :func:`load` registers everything now (the command line's listings,
exports, schemas).  Calling either again changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets import registry

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase


def _load_upland() -> None:
    from engine.upland.ruleset import UPLAND

    registry.register(UPLAND)


def _table_play() -> tuple[tuple[type[CommandBase], ...], tuple[type[EventBase], ...]]:
    from engine.table.commands import BOARD_COMMANDS
    from engine.table.events import BOARD_EVENTS

    return BOARD_COMMANDS, BOARD_EVENTS


def _cast_play() -> tuple[tuple[type[CommandBase], ...], tuple[type[EventBase], ...]]:
    from engine.table.cast import CAST_COMMANDS, CAST_EVENTS

    return CAST_COMMANDS, CAST_EVENTS


def _battle_play() -> tuple[tuple[type[CommandBase], ...], tuple[type[EventBase], ...]]:
    from engine.hexbattle.commands import BATTLE_COMMANDS
    from engine.hexbattle.events import BATTLE_EVENTS

    return BATTLE_COMMANDS, BATTLE_EVENTS


def _load_coc() -> None:
    from engine.coc6.ruleset import register_coc

    register_coc()


#: The built-in rulesets by name: what the registry knows of them before they load.
DECLARED = (
    registry.Declared(
        owner="upland", load=_load_upland, rulesets=("upland",), slices=("upland",), sheets=("upland",),
        # the Upland's things on the card table keep the types they had as free board commands
        prefixes=("upland_", "move_party", "party_moved", "place_marker", "marker_placed", "move_group",
                  "group_moved", "set_bone", "bone_set", "reveal_bone", "bone_revealed"),
        dice_system="RuneQuest",
    ),
    registry.Declared(
        owner="coc6", load=_load_coc, rulesets=("coc6-a", "coc6-b"), slices=("coc6",), sheets=("coc6",),
        prefixes=("coc_",), dice_system="Cthulhu",
    ),
)  # fmt: skip


def _load_battle_slice() -> None:
    from engine.hexbattle.model import BattleState
    from engine.hexbattle.view import battle_slice_view

    registry.register_slice("battle", BattleState, battle_slice_view)


#: The hex battle board is a slice any ruleset may open.  Its models are imported when a
#: state holding a battle is first read or shown to a seat (or a battle command opens one):
#: a session without a battle paints without them.
BATTLE_SLICE = registry.Declared(owner="battle_board", load=_load_battle_slice, slices=("battle",))


def declare() -> None:
    """Register the table and the battle board's commands; name the battle slice and the
    rulesets (they load on first need)."""
    # the commands of each part are imported when a command is first read, run or written:
    # a session's board paints from its snapshot before any of them is needed
    registry.register_part_later("table", _table_play)
    registry.register_part_later("table_cast", _cast_play)  # characters shown to the players or not
    registry.register_part_later("battle", _battle_play)
    registry.declare(BATTLE_SLICE)
    for part in DECLARED:
        registry.declare(part)


def load() -> None:
    """Register every built-in ruleset now."""
    declare()
    registry.load_all()
