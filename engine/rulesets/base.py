"""What a ruleset declares to plug in beside the core (python-chess's variant
classes, Redux's slices): its id, options, state slice, sheet, commands and
events, flow, set-up, what its slice shows the players, and its importers.

A ruleset is data: a :class:`Ruleset` value handed to
:func:`engine.rulesets.registry.register`.  Nothing in the core names one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase
    from engine.core.models import OptionsBase, SheetBase, SliceBase
    from engine.core.seats import Seat
    from engine.core.state import State
    from engine.dice.result import RollResult
    from engine.dice.rng import DiceSource
    from engine.rulesets.steps import Flow


@dataclass(frozen=True)
class TableSetup:
    """The cards a new session of a ruleset starts with (MAP-6 for Upland):
    the deck (top first) and cards set aside, plus ``record``: the ruleset's own
    set-up values the session's first event keeps (the ruleset's ``start`` lays
    them out in its slice)."""

    deck: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    record: Mapping[str, Any] = field(default_factory=dict)


def no_cards(options: OptionsBase) -> TableSetup:
    """The set-up of a ruleset that plays without the card table."""
    return TableSetup()


#: What a slice shows one seat (the projector, or a character's own device): the
#: slice with that seat's secrets taken out (the state is the full one, for rules
#: that need to look at the table).
SliceView = Callable[["State", "SliceBase", "Seat"], "SliceBase"]
#: Evaluates one dice-box command: text, ruleset id, options, the session's dice.
Roller = Callable[[str, str, "OptionsBase | None", "DiceSource"], "RollResult"]
#: Checks the set-up values New Session asked for beyond the map size (asked values,
#: the map, an ``engine.table.board.Grid`` typed loosely as the core reaches this module
#: through the registry) and returns what the session's first event records of them.
SetupAsk = Callable[[Mapping[str, object], Any], dict[str, Any]]
#: Lays a new session's own things out in the ruleset's slice, from the first event's
#: record (the fresh state, the record) -> the state.
SetupStart = Callable[["State", Mapping[str, Any]], "State"]
#: Brings a state dict of an older schema up to date (see ``State``).
StateUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
#: The move points a battle-board token (``engine.hexbattle.model.Token``) may spend on one
#: move (None: the token's own).  The token is typed loosely so that the rulesets' base,
#: which the core reaches through the registry, does not depend on the battle board.
MovePoints = Callable[["State", Any], "int | None"]


#: Imports a part's commands and events when first needed: () -> (commands, events).
PlayLoader = Callable[[], "tuple[tuple[type[CommandBase], ...], tuple[type[EventBase], ...]]"]


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
    #: More commands and events, imported on first need (a command read, a union asked
    #: for, an event written): a session opens from its snapshot and paints its board
    #: before the ruleset's many command and event models are made (see ``registry``).
    play: PlayLoader | None = None
    slice: type[SliceBase] | None = None
    slice_view: SliceView | None = None
    sheet: type[SheetBase] | None = None
    #: The procedure's step table, loaded on first use (a step's views read the rule
    #: modules, which a session need not load at start-up); see ``registry.flow``.
    #: The session enforces it: a command it names runs only at a step that takes it.
    #: Its view type is the ruleset's own (``Flow[StepInfo]`` for the Upland).
    flow: Callable[[], Flow[Any]] | None = None
    setup: Callable[[OptionsBase], TableSetup] = no_cards
    #: Whether the ruleset plays on the card table (grid, deck, piles, hands, card flags).
    #: Without it a session's card commands are refused and its stored state holds no
    #: card table (``State`` leaves the part out while it is untouched).
    card_table: bool = True
    #: New Session's further questions (the Upland: the gate); None asks nothing more.
    ask: SetupAsk | None = None
    #: Lays out the first event's ``record`` in the ruleset's slice (None: nothing to lay out).
    start: SetupStart | None = None
    #: The new session's log line with the record's values ({ruleset}, {cols}, {rows} and
    #: the record's keys); None: the table's own line.
    start_text: str | None = None
    importers: tuple[Importer, ...] = ()
    dice_system: str = ""
    #: The dice box: evaluates a command typed in it (None: this ruleset rolls nothing).
    roll: Roller | None = None
    #: Upgrades of state dicts written before this ruleset kept its data in a slice.
    upgrades: tuple[StateUpgrade, ...] = ()
    #: How far a token on the battle board may move (``engine.hexbattle.movement`` asks).
    token_move_points: MovePoints | None = None
