"""The ``upland`` ruleset as the registry sees it: everything the Upland
exploration (seed 000) adds to the core, in one declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.models import OptionsBase
from engine.dice.box import bcdice_roll
from engine.errors import EngineError
from engine.rulesets.base import Ruleset, TableSetup
from engine.rulesets.steps import Flow
from engine.table.cards import JOKERS, parse_card, standard_deck
from engine.upland.options import UplandOptions
from engine.upland.sheet import UplandSheet
from engine.upland.slice import (
    UplandSlice,
    ask_setup,
    player_slice,
    start_setup,
    upgrade_schema_1,
    upgrade_schema_2,
    upgrade_schema_3,
)

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase
    from engine.core.state import State
    from engine.hexbattle.model import Token


def table_setup(options: OptionsBase) -> TableSetup:
    """MAP-5/MAP-6: the 52 cards form the deck, the chosen joker is the lingering
    bone and the other joker is set aside.  With ``decks`` > 1 (stress boards
    only) the further decks' cards (``AS#2``…) join the deck; the jokers stay two."""
    assert isinstance(options, UplandOptions)
    bone = parse_card(options.bone_card).code
    if bone not in JOKERS:
        raise EngineError("The lingering bone must be a joker (got {card}).", card=bone)
    return TableSetup(
        deck=standard_deck(options.decks), removed=tuple(j for j in JOKERS if j != bone), record={"bone_card": bone}
    )


def move_points(state: State, token: Token) -> int:
    """The Upland's move points of a token on the battle board (the ruleset's
    ``token_move_points``): the token's own, which the GM edits on the board.

    **Reading** (the seed gives no number): 3 a turn unless the GM sets another;
    hexes cost 1, 2 or 3 to enter.
    """
    return token.movement


def upland_flow() -> Flow:
    """The exploration cycle's step table (loads the rule modules on first use)."""
    from engine.upland.stepper import UPLAND_FLOW

    return UPLAND_FLOW


def upland_play() -> tuple[tuple[type[CommandBase], ...], tuple[type[EventBase], ...]]:
    """The Upland's commands and events (≈ 150 models), imported when a command is
    first read, run or written: a session's board paints from its snapshot first."""
    from engine.upland.bone import BONE_COMMANDS, BONE_EVENTS
    from engine.upland.chs_command_types import CHS_COMMANDS  # ♣ ♥ ♠ clubs, hearts and spades
    from engine.upland.chs_event_types import CHS_EVENTS
    from engine.upland.command_types import PROCEDURE_COMMANDS
    from engine.upland.diamond_commands import DIAMOND_COMMANDS  # ♦ diamonds and the bone
    from engine.upland.diamond_events import DIAMOND_EVENTS
    from engine.upland.encounter_commands import ENCOUNTER_COMMANDS
    from engine.upland.encounter_events import ENCOUNTER_EVENTS
    from engine.upland.event_types import UPLAND_EVENTS
    from engine.upland.group import GROUP_COMMANDS, GROUP_EVENTS
    from engine.upland.sheet_command_types import SHEET_COMMANDS
    from engine.upland.table_commands import TABLE_COMMANDS
    from engine.upland.table_events import TABLE_EVENTS

    commands = (
        SHEET_COMMANDS
        + PROCEDURE_COMMANDS
        + BONE_COMMANDS
        + CHS_COMMANDS
        + DIAMOND_COMMANDS
        + ENCOUNTER_COMMANDS
        + TABLE_COMMANDS
        + GROUP_COMMANDS
    )
    events = UPLAND_EVENTS + BONE_EVENTS + CHS_EVENTS + DIAMOND_EVENTS + ENCOUNTER_EVENTS + TABLE_EVENTS + GROUP_EVENTS
    return commands, events


UPLAND = Ruleset(
    id="upland",
    options=UplandOptions,
    play=upland_play,
    slice=UplandSlice,
    slice_view=player_slice,
    sheet=UplandSheet,
    flow=upland_flow,
    setup=table_setup,
    ask=ask_setup,
    start=start_setup,
    start_text="New session: ruleset {ruleset}, {cols}×{rows} map, gate {gate}.",
    dice_system="RuneQuest",
    roll=bcdice_roll,
    upgrades=(upgrade_schema_1, upgrade_schema_2, upgrade_schema_3),
    token_move_points=move_points,
)
