"""The rulesets that ship with yobigoe, and the free table they all share.

:func:`load` is called by the engine's front door (:mod:`engine.session`);
anything that reads commands, events or states of these rulesets without
going through it (the store, the command line) calls it too.  Calling it again
changes nothing.
"""

from __future__ import annotations

from engine.rulesets import registry


def load() -> None:
    from engine.coc6.ruleset import register_coc
    from engine.hexbattle.commands import BATTLE_COMMANDS
    from engine.hexbattle.events import BATTLE_EVENTS
    from engine.hexbattle.model import BattleState
    from engine.hexbattle.view import battle_slice_view
    from engine.table.commands import BOARD_COMMANDS
    from engine.table.events import BOARD_EVENTS
    from engine.table.group import GROUP_COMMANDS, GROUP_EVENTS
    from engine.upland.ruleset import UPLAND

    registry.register_part("table", BOARD_COMMANDS, BOARD_EVENTS)
    registry.register_part("table_group", GROUP_COMMANDS, GROUP_EVENTS)  # several cards/markers at once
    # The hex battle board is a slice any ruleset may open (issue 10).
    registry.register_slice("battle", BattleState, battle_slice_view)
    registry.register_part("battle", BATTLE_COMMANDS, BATTLE_EVENTS)
    registry.register(UPLAND)
    register_coc()
