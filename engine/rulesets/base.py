"""What a ruleset declares to plug in beside the core (python-chess's variant
classes, Redux's slices): its id, options, state slice, sheet, commands and
events, flow, set-up, what its slice shows the players, and its importers.

A ruleset is data: a :class:`Ruleset` value handed to
:func:`engine.rulesets.registry.register`.  Nothing in the core names one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.models import OptionsBase, SheetBase, SliceBase

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase
    from engine.core.seats import Seat
    from engine.core.state import State
    from engine.dice.result import RollResult
    from engine.dice.rng import DiceSource
    from engine.rulesets.steps import Flow


@dataclass(frozen=True)
class TableSetup:
    """The cards a new session of a ruleset starts with (MAP-6 for Upland):
    the deck (top first), the card kept secret as the bone, cards set aside."""

    deck: tuple[str, ...] = ()
    bone_card: str | None = None
    removed: tuple[str, ...] = ()


def no_cards(options: OptionsBase) -> TableSetup:
    """The set-up of a ruleset that plays without the card table."""
    return TableSetup()


#: What a slice shows one seat (the projector, or a character's own device): the
#: slice with that seat's secrets taken out (the state is the full one, for rules
#: that need to look at the table).
SliceView = Callable[["State", SliceBase, "Seat"], SliceBase]
#: Evaluates one dice-box command: text, ruleset id, options, the session's dice.
Roller = Callable[[str, str, OptionsBase | None, "DiceSource"], "RollResult"]
#: Brings a state dict of an older schema up to date (see ``State``).
StateUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
#: The move points a battle-board token (``engine.hexbattle.model.Token``) may spend on one
#: move (None: the token's own).  The token is typed loosely so that the rulesets' base,
#: which the core reaches through the registry, does not depend on the battle board.
MovePoints = Callable[["State", Any], "int | None"]


@dataclass(frozen=True)
class Importer:
    """Reads a foreign file (a character sheet from another tool…) into commands."""

    name: str
    suffixes: tuple[str, ...]
    read: Callable[[bytes], list[CommandBase]]


@dataclass(frozen=True)
class Ruleset:
    """Everything a ruleset adds to the engine.

    ``slice`` is stored under the ruleset id in ``State.slices``; ``sheet`` is
    registered under its ``kind``; ``dice_system`` names the BCDice game
    system whose dice bot answers the dice box (``engine.dice.bcdice``).
    """

    id: str
    options: type[OptionsBase]
    commands: tuple[type[CommandBase], ...] = ()
    events: tuple[type[EventBase], ...] = ()
    slice: type[SliceBase] | None = None
    slice_view: SliceView | None = None
    sheet: type[SheetBase] | None = None
    #: The procedure's step table, loaded on first use (a step's views read the rule
    #: modules, which a session need not load at start-up); see ``registry.flow``.
    #: The session enforces it: a command it names runs only at a step that takes it.
    #: Its view type is the ruleset's own (``Flow[StepInfo]`` for the Upland).
    flow: Callable[[], Flow[Any]] | None = None
    setup: Callable[[OptionsBase], TableSetup] = no_cards
    importers: tuple[Importer, ...] = ()
    dice_system: str = ""
    #: The dice box: evaluates a command typed in it (None: this ruleset rolls nothing).
    roll: Roller | None = None
    #: Upgrades of state dicts written before this ruleset kept its data in a slice.
    upgrades: tuple[StateUpgrade, ...] = ()
    #: How far a token on the battle board may move (``engine.hexbattle.movement`` asks).
    token_move_points: MovePoints | None = None
