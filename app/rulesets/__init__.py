"""The GUI's rulesets, registered at this one place (the composition root).

The shared GUI finds a ruleset's parts by the session's ``state.ruleset`` through
:func:`parts_for` and never names a ruleset itself.  Each built-in ruleset's GUI
lives in its own package (``app.rulesets.upland``, ``app.rulesets.coc6``); this
registry holds a loader that imports the module building its
:class:`~app.rulesets.parts.RulesetParts` only when a session of that ruleset first asks, so importing the
registry loads no ruleset's GUI, and a start-up loads only the session's.

A new ruleset adds one :class:`RulesetEntry` here (or calls :func:`register_parts`,
as the tests' toy ruleset does) and its own package; it edits no shared file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.rulesets.parts import (
    NO_PARTS,
    BattlePart,
    BattleStep,
    DockPart,
    MarkerDropPart,
    MenuEntry,
    PiecesPart,
    Progress,
    RulesetParts,
    SheetPart,
    SquareAction,
    StepsPart,
)

if TYPE_CHECKING:
    from engine.core.session import Entry
    from engine.core.state import State


@dataclass(frozen=True)
class RulesetEntry:
    """What the GUI knows of a ruleset before its GUI package is loaded: where its
    parts are built and its names (the New Session dialog, the start page's list)."""

    id: str
    #: imports the ruleset's GUI package and answers its parts (called on first use)
    load: Callable[[], RulesetParts]
    #: the name in the New Session dialog, in the current language
    title: Callable[[], str]
    #: the shorter name in the start page's list of recent sessions
    short_title: Callable[[], str]


def _upland() -> RulesetParts:
    from app.rulesets.upland.parts import UPLAND_PARTS

    return UPLAND_PARTS


def _coc6_a() -> RulesetParts:
    from app.rulesets.coc6.parts import COC6_A_PARTS

    return COC6_A_PARTS


def _coc6_b() -> RulesetParts:
    from app.rulesets.coc6.parts import COC6_B_PARTS

    return COC6_B_PARTS


# The loaders import by name in a function body (not by a string), so the bundle's
# import analysis (packaging/yobigoe.spec) still finds each ruleset's GUI.
BUILTIN: tuple[RulesetEntry, ...] = (
    RulesetEntry(
        "upland",
        _upland,
        lambda: QCoreApplication.translate("NewSessionDialog", "Upland exploration"),
        lambda: QCoreApplication.translate("StartPage", "Upland exploration"),
    ),
    RulesetEntry(
        "coc6-a",
        _coc6_a,
        lambda: QCoreApplication.translate("NewSessionDialog", "Call of Cthulhu 6e, house rules A"),
        lambda: QCoreApplication.translate("StartPage", "CoC 6e, house rules A"),
    ),
    RulesetEntry(
        "coc6-b",
        _coc6_b,
        lambda: QCoreApplication.translate("NewSessionDialog", "Call of Cthulhu 6e, house rules B"),
        lambda: QCoreApplication.translate("StartPage", "CoC 6e, house rules B"),
    ),
)

_ENTRIES: dict[str, RulesetEntry] = {entry.id: entry for entry in BUILTIN}
_TABLE: dict[str, RulesetParts] = {}


def register_parts(ruleset: str, parts: RulesetParts) -> None:
    """Add (or replace) the GUI parts of ``ruleset``."""
    _TABLE[ruleset] = parts


def unregister_parts(ruleset: str) -> None:
    """Take a ruleset's parts out again (tests that register a toy one); a built-in
    ruleset's are loaded again on its next use."""
    _TABLE.pop(ruleset, None)


def parts_for(ruleset: str) -> RulesetParts:
    """The parts of ``ruleset``, its GUI package imported on first use; a ruleset
    without an entry gets the shared table only."""
    parts = _TABLE.get(ruleset)
    if parts is not None:
        return parts
    entry = _ENTRIES.get(ruleset)
    if entry is None:
        return NO_PARTS
    loaded = entry.load()
    _TABLE[ruleset] = loaded
    return loaded


def known_rulesets() -> tuple[str, ...]:
    """The rulesets the GUI has parts for (built in, then registered)."""
    return tuple(dict.fromkeys([*_ENTRIES, *_TABLE]))


def ruleset_title(ruleset: str | None, short: bool = False) -> str:
    """A ruleset's name for the GM (its id when it has none); loads no ruleset's GUI."""
    entry = _ENTRIES.get(ruleset or "")
    if entry is None:
        return ruleset or "—"
    return entry.short_title() if short else entry.title()


def pieces_of(state: State) -> PiecesPart | None:
    """The ruleset's pieces on the card table (None: it has none)."""
    return parts_for(state.ruleset).pieces


def party_square(state: State) -> str | None:
    """The party token's square (None: off the map, or a ruleset without one)."""
    pieces = parts_for(state.ruleset).pieces
    return pieces.party(state) if pieces is not None else None


def marker_squares(state: State) -> Mapping[str, str]:
    """Character id -> the square of its marker (empty for a ruleset without markers)."""
    pieces = parts_for(state.ruleset).pieces
    return pieces.markers(state) if pieces is not None else {}


def gate_square(state: State) -> str | None:
    """The square the board marks as the way in (the ruleset says; None: none)."""
    gate = parts_for(state.ruleset).gate
    return gate(state) if gate is not None else None


def has_card_table(ruleset: str) -> bool:
    """Whether sessions of ``ruleset`` play on the card table (the board, the deck, the hands).

    The engine's declaration decides (``Ruleset.card_table``), so the windows show the
    card board exactly when the session's state has one; before a session starts
    (no ruleset yet) the table is shown."""
    if not ruleset:
        return True
    from engine.rulesets import registry

    found = registry.find(ruleset)
    return found.card_table if found is not None else True


def battle_actor_of(state: State) -> str | None:
    """The battle-board token the ruleset says is acting now, if any."""
    actor = parts_for(state.ruleset).battle_actor
    return actor(state) if actor is not None else None


def token_states_of(state: State) -> Mapping[str, str]:
    """Battle-board tokens the ruleset says are out of the fight: id → "dead" or "down"."""
    states = parts_for(state.ruleset).token_states
    return states(state) if states is not None else {}


def battle_part_of(ruleset: str) -> BattlePart:
    """The ruleset's additions to the battle board (none: an empty part)."""
    return parts_for(ruleset).battle or BattlePart()


def party_move_warning(state: State, square: str | None) -> str | None:
    """Why a hand move of the party to ``square`` needs the GM's confirmation, if it does."""
    warn = parts_for(state.ruleset).party_move_warning
    return warn(state, square) if warn is not None else None


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


__all__ = [
    "BUILTIN",
    "NO_PARTS",
    "BattlePart",
    "BattleStep",
    "battle_part_of",
    "DockPart",
    "MarkerDropPart",
    "MenuEntry",
    "Progress",
    "RulesetEntry",
    "RulesetParts",
    "SheetPart",
    "SquareAction",
    "StepsPart",
    "battle_actor_of",
    "gate_square",
    "marker_squares",
    "party_square",
    "pieces_of",
    "has_card_table",
    "known_rulesets",
    "parts_for",
    "party_move_warning",
    "players_lines_of",
    "players_results_of",
    "progress_of",
    "register_parts",
    "ruleset_title",
    "unregister_parts",
]
