"""What a ruleset's GUI part may give the shared GUI (napari's layer controls are
the model): its docks, its procedure panel, its character sheet editor, its
step forms, its menu entries, and the capabilities the shared GUI asks instead
of comparing ruleset ids (does the session play on the card table, what the
dice box suggests).

Each ruleset's GUI package (``app.rulesets.upland``, ``app.rulesets.coc6``)
builds one :class:`RulesetParts`; the registry in ``app.rulesets`` finds it.
The parts' callables import their modules when first called, so a part costs
nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QWidget

    from app.bridge import SessionBridge
    from engine.core.commands import CommandBase
    from engine.core.session import Entry
    from engine.core.state import Character, State


class DialogHost(Protocol):
    """Who shows a ruleset's modal dialogs: the shell's prompts (tests answer them)."""

    #: the window the dialogs belong to
    parent: QWidget | None

    def run(self, dialog: QDialog) -> bool:
        """Show ``dialog`` until the GM answers; True when accepted."""
        ...


class TypedDice(Protocol):
    """Where the keeper types physical dice (出目入力, DICE-2): the dice box.  A roll made
    elsewhere (a skill rolled from a sheet) takes them from here, as the dice box's own roll does."""

    def typed_dice(self) -> list[int] | None:
        """The dice typed now (None: none, the session rolls); a malformed entry raises ``EngineError``."""
        ...

    def typed_dice_used(self) -> None:
        """The typed dice went into a roll the table took: the box is emptied."""
        ...


class DockHost(Protocol):
    """The main window's ruleset docks, as a ruleset's menu entry sees them."""

    def show_dock(self, name: str) -> None:
        """Show (and raise) the ruleset's dock ``name``."""
        ...

    def host_window(self) -> QWidget | None:
        """The window the docks belong to (a parent for the entry's dialogs)."""
        ...


@dataclass(frozen=True)
class DockPart:
    """A dock a ruleset adds to the main window (removed when another ruleset's
    session replaces this one)."""

    #: stable id: the dock's ``objectName`` is ``dock-<name>``
    name: str
    #: the dock title, in the current language (called again on a language change)
    title: Callable[[], str]
    #: builds the dock's widget for the session behind ``bridge``
    build: Callable[[SessionBridge], QWidget]
    area: Qt.DockWidgetArea = Qt.DockWidgetArea.RightDockWidgetArea
    #: the ruleset's procedure panel: the Procedure menu resolves its step, and its
    #: ``step_changed`` signal lights the step's focus on the board
    procedure: bool = False


@dataclass(frozen=True)
class MenuEntry:
    """An action a ruleset adds to the Procedure menu."""

    name: str
    text: Callable[[], str]
    #: what it does; gets the window's ruleset docks (to show one) and the bridge
    run: Callable[[DockHost, SessionBridge], object]
    #: whether it can be used in this state (re-asked after every change)
    enabled: Callable[[State], bool] = lambda _state: True


@dataclass(frozen=True)
class SheetPart:
    """How the GM edits a character's rules sheet and how the party list sums it up."""

    #: ask the GM (through the prompts) and return the command that saves the sheet, or None
    edit: Callable[[DialogHost, Character], CommandBase | None]
    #: the characters panel's second line for a character (None: no line)
    summary: Callable[[Character], str | None]
    #: the Sheet… button's tooltip
    tooltip: Callable[[], str]
    #: how the command ``edit`` returned reaches the table: (bridge, command, parent) -> applied.
    #: None: dispatched as it is (CoC asks "special effect or pool?" and the like first)
    dispatch: Callable[[SessionBridge, CommandBase, QWidget | None], bool] | None = None
    #: the command that makes a character with a sheet an NPC (True) or a player character,
    #: where the sheet carries the side too (CoC: an NPC has no caps); None: the shared edit does
    side: Callable[[Character, bool], CommandBase | None] | None = None
    #: a sheet window that is not modal and dispatches its own commands:
    #: (bridge, character, parent, the dice box's typed dice) -> the window, shown; None: ``edit`` runs modal
    open: Callable[[SessionBridge, Character, QWidget | None, TypedDice | None], QWidget] | None = None


@dataclass(frozen=True)
class MarkerDropPart:
    """What a marker drop on the board means while the ruleset says so (the
    Upland: a declaration in the investigation's declare step, INV-1).  The
    answers come from the engine; a refusal is an ``EngineError``."""

    #: True while ``character``'s marker drop means this ruleset's gesture
    active: Callable[[State, str], bool]
    #: the squares the drag may end on (lit during the drag)
    targets: Callable[[State, str], set[str]]
    #: the command a drop on a square (None: back home on the hand) means; None: nothing changes
    drop: Callable[[State, str, str | None], CommandBase | None]


@dataclass(frozen=True)
class PiecesPart:
    """The ruleset's own pieces on the card table beside the cards (the Upland: the
    party token and the characters' investigation markers): where they stand, kept
    in the ruleset's slice, and the engine's commands that move them."""

    #: the id of the state slice that holds them (the board redraws them when it changes)
    slice: str
    #: (state) -> the party token's square, None while it is off the map
    party: Callable[[State], str | None]
    #: (state) -> character id -> the square of its marker
    markers: Callable[[State], Mapping[str, str]]
    #: (square or None for off the map) -> the command that moves the party token
    move_party: Callable[[str | None], CommandBase]
    #: (character, square or None for off the map) -> the command that moves its marker
    place_marker: Callable[[str, str | None], CommandBase]
    #: (state, character) -> the squares its marker may go to
    marker_targets: Callable[[State, str], list[str]]
    #: (state, cards, characters whose markers move, lead) -> the squares the group may go to
    group_targets: Callable[[State, Sequence[str], Sequence[str], str], list[str]]
    #: (cards, characters whose markers move, lead, square) -> the command of a group move
    move_group: Callable[[Sequence[str], Sequence[str], str, str], CommandBase]
    #: (state) -> the square of the mark only the GM sees (the Upland: the lingering bone's
    #: secret square before the crossing, MAP-5), None: no mark
    secret_square: Callable[[State], str | None] = lambda _state: None
    #: (state, square) -> the procedure's own command a drop of the party on ``square``
    #: means now (the Upland's time phase: that move, with its cost), None: a hand move
    party_drop: Callable[[State, str], CommandBase | None] = lambda _state, _square: None
    #: (state, selected cards) -> the characters whose hand they may go to together (END-2)
    give_targets: Callable[[State, Sequence[str]], list[str]] = lambda _state, _cards: []
    #: (selected cards, character) -> the one command handing them all to that hand
    give_cards: Callable[[Sequence[str], str], CommandBase] | None = None


@dataclass(frozen=True)
class StepsPart:
    """The ruleset's procedure as the phase stepper shows it: the current step
    (the engine's answer) and the form of its choices."""

    #: the step the procedure stands at, or None (not started, or no procedure)
    current: Callable[[State], Any]
    #: the widgets of a step's choices: (state, step, language, dispatch) -> a step form
    form: Callable[[State, Any, str, Callable[[CommandBase], bool]], QWidget]


@dataclass(frozen=True)
class SquareAction:
    """An entry a ruleset adds to a square's context menu (the Upland: set and
    reveal the lingering bone)."""

    #: the action's objectName (tests and key bindings find it by this)
    name: str
    text: Callable[[], str]
    command: CommandBase


@dataclass(frozen=True)
class Progress:
    """Where a game stands, for the players' banner and the start page: the
    ruleset's round (the Upland's cycle) and its phase in words."""

    number: int
    phase: str
    #: What the number counts: the Upland's exploration cycle, or a combat round.
    unit: Literal["cycle", "round"] = "cycle"


@dataclass(frozen=True)
class BattleStep:
    """One numbered set-up step a ruleset adds to the Battle menu (the Upland's ENC-2…ENC-8)."""

    #: the ``type`` of the command the step sends (also the entry's stable id)
    command: str
    #: the menu text, in the current language
    text: Callable[[], str]
    #: (state, dispatch, parent window) -> whether a command was sent (a dialog may ask first)
    run: Callable[[State, Callable[[CommandBase], bool], QWidget | None], bool]


@dataclass(frozen=True)
class BattlePart:
    """What a ruleset adds to the shared battle board: its set-up steps, and the
    strike-rank delay marker a token carries (the Upland's ENC-8)."""

    steps: tuple[BattleStep, ...] = ()
    #: state as drawn -> token id → strike ranks of delay shown on the token (absent: none);
    #: asked once per redraw of the tokens, not once per token
    delays: Callable[[State], Mapping[str, int]] | None = None
    #: (token id, strike ranks) -> the command that sets the marker by hand
    set_delay: Callable[[str, int], CommandBase] | None = None
    #: event types that end the ruleset's fight (the GM's page goes back to the card board)
    fight_over: frozenset[str] = frozenset()


@dataclass(frozen=True)
class RulesetParts:
    """Everything the GUI shows for one ruleset beyond the shared table."""

    docks: tuple[DockPart, ...] = ()
    sheet: SheetPart | None = None
    steps: StepsPart | None = None
    marker_drop: MarkerDropPart | None = None
    #: the ruleset's pieces on the card table beside the cards (None: it has none)
    pieces: PiecesPart | None = None
    menu_entries: tuple[MenuEntry, ...] = field(default=())
    #: extra entries of a square's context menu: (state, square) -> actions
    square_actions: Callable[[State, str], tuple[SquareAction, ...]] | None = None
    #: where the game stands (state, language) -> progress, None before it starts
    progress: Callable[[State, str], Progress | None] | None = None
    #: what the start page says of a session whose ``progress`` is None, in the current
    #: language (the Upland: not started); None: a dash (CoC: no fight under way)
    progress_idle: Callable[[], str] | None = None
    #: lines the players' window lists beside the board, from the PLAYER VIEW of the
    #: state (state, language) -> lines (CoC: the modifier pool, the round order)
    players_lines: Callable[[State, str], tuple[str, ...]] | None = None
    #: the public results of the event stages, newest first, from the journal's
    #: entries (entries, language, how many) -> lines (Upland: 障害 … 克服 (OBS-1))
    players_results: Callable[[Sequence[Entry], str, int], list[str]] | None = None
    #: (state, square or None for off the map) -> why moving the party by hand now goes
    #: against the procedure (the board asks the GM first), or None when it is free
    party_move_warning: Callable[[State, str | None], str | None] | None = None
    #: (state) -> the id of the battle-board token whose turn it is (CoC: the tracker's
    #: current actor), lit on the battle page; None: no token is
    battle_actor: Callable[[State], str | None] | None = None
    #: (state) -> battle-board token id → "dead" or "down" (unconscious, dying): the token
    #: is drawn marked on both boards (CoC: the HP states, HP-B-1); None: no token is
    token_states: Callable[[State], Mapping[str, str]] | None = None
    #: (state) -> the square the board marks as the way in (the Upland's gate, MAP-1); None: none
    gate: Callable[[State], str | None] | None = None
    #: the dice box's example and tooltip in the current language; None: the plain dice-bot ones
    dice_hint: Callable[[], tuple[str, str]] | None = None
    #: the ruleset's set-up steps and markers on the battle board; None: the board alone
    battle: BattlePart | None = None


NO_PARTS = RulesetParts()

__all__ = [
    "NO_PARTS",
    "BattlePart",
    "BattleStep",
    "DialogHost",
    "DockHost",
    "DockPart",
    "MarkerDropPart",
    "MenuEntry",
    "PiecesPart",
    "Progress",
    "RulesetParts",
    "SheetPart",
    "SquareAction",
    "StepsPart",
]
