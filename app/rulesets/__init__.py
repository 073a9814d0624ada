"""The GUI finds a ruleset's parts through one table, keyed by ``state.ruleset``
(napari's ``layer_to_controls`` is the model): its docks, its procedure panel,
its character sheet editor, its step forms and its menu entries.

Nothing else in ``app/`` asks which ruleset a session plays: the main window,
the characters panel and the stepper look the parts up here, so a new ruleset
adds one entry (``register_parts``) and its own modules, and edits no shared
file.  The entries' callables import their modules when first called, so the
table costs nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.bridge import SessionBridge
    from app.dialogs.prompts import Prompts
    from app.rulesets.docks import RulesetDocks
    from engine.core.commands import CommandBase
    from engine.core.session import Entry
    from engine.core.state import Character, State


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
    run: Callable[[RulesetDocks, SessionBridge], object]
    #: whether it can be used in this state (re-asked after every change)
    enabled: Callable[[State], bool] = lambda _state: True


@dataclass(frozen=True)
class SheetPart:
    """How the GM edits a character's rules sheet and how the party list sums it up."""

    #: ask the GM (through the prompts) and return the command that saves the sheet, or None
    edit: Callable[[Prompts, Character], CommandBase | None]
    #: the characters panel's second line for a character (None: no line)
    summary: Callable[[Character], str | None]
    #: the Sheet… button's tooltip
    tooltip: Callable[[], str]
    #: how the command ``edit`` returned reaches the table: (bridge, command, parent) -> applied.
    #: None: dispatched as it is (CoC asks "special effect or pool?" and the like first)
    dispatch: Callable[[SessionBridge, CommandBase, QWidget | None], bool] | None = None


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


@dataclass(frozen=True)
class RulesetParts:
    """Everything the GUI shows for one ruleset beyond the shared table."""

    docks: tuple[DockPart, ...] = ()
    sheet: SheetPart | None = None
    steps: StepsPart | None = None
    marker_drop: MarkerDropPart | None = None
    menu_entries: tuple[MenuEntry, ...] = field(default=())
    #: extra entries of a square's context menu: (state, square) -> actions
    square_actions: Callable[[State, str], tuple[SquareAction, ...]] | None = None
    #: where the game stands (state, language) -> progress, None before it starts
    progress: Callable[[State, str], Progress | None] | None = None
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


def battle_actor_of(state: State) -> str | None:
    """The battle-board token the ruleset says is acting now, if any."""
    actor = parts_for(state.ruleset).battle_actor
    return actor(state) if actor is not None else None


def party_move_warning(state: State, square: str | None) -> str | None:
    """Why a hand move of the party to ``square`` needs the GM's confirmation, if it does."""
    warn = parts_for(state.ruleset).party_move_warning
    return warn(state, square) if warn is not None else None


NO_PARTS = RulesetParts()

_TABLE: dict[str, RulesetParts] = {}


def register_parts(ruleset: str, parts: RulesetParts) -> None:
    """Add (or replace) the GUI parts of ``ruleset``."""
    _TABLE[ruleset] = parts


def unregister_parts(ruleset: str) -> None:
    """Take a ruleset's entry out again (tests that register a toy one)."""
    _TABLE.pop(ruleset, None)


def parts_for(ruleset: str) -> RulesetParts:
    """The parts of ``ruleset``; a ruleset without an entry gets the shared table only."""
    return _TABLE.get(ruleset, NO_PARTS)


def progress_of(state: State, lang: str) -> Progress | None:
    """Where the session's game stands, if its ruleset says (None otherwise)."""
    progress = parts_for(state.ruleset).progress
    return progress(state, lang) if progress is not None else None


def players_lines_of(view: State, lang: str) -> tuple[str, ...]:
    """What the ruleset lists on the players' window; ``view`` must be the player view."""
    lines = parts_for(view.ruleset).players_lines
    return lines(view, lang) if lines is not None else ()


def players_results_of(ruleset: str, entries: Sequence[Entry], lang: str, limit: int) -> list[str]:
    """The public results the players' window lists (none if the ruleset says none)."""
    results = parts_for(ruleset).players_results
    return results(entries, lang, limit) if results is not None else []


def known_rulesets() -> tuple[str, ...]:
    return tuple(_TABLE)


def _register_builtin() -> None:
    from app.rulesets.coc6 import COC6_A_PARTS, COC6_B_PARTS
    from app.rulesets.upland import UPLAND_PARTS

    register_parts("upland", UPLAND_PARTS)
    register_parts("coc6-a", COC6_A_PARTS)
    register_parts("coc6-b", COC6_B_PARTS)


_register_builtin()

__all__ = [
    "NO_PARTS",
    "DockPart",
    "MarkerDropPart",
    "MenuEntry",
    "Progress",
    "RulesetParts",
    "SheetPart",
    "SquareAction",
    "StepsPart",
    "battle_actor_of",
    "known_rulesets",
    "party_move_warning",
    "parts_for",
    "players_lines_of",
    "players_results_of",
    "progress_of",
    "register_parts",
    "unregister_parts",
]
