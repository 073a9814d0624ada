"""What every CoC command needs: the slice and the sheets it reads, and the facts it emits.

Each command looks up the sheets and the CoC slice, calls the pure rule
functions of :mod:`engine.coc6` with the session's dice and emits one event
per fact (rule IDs and dice inside).  An illegal action raises the rule
function's :class:`EngineError` (e.g. "2 action points needed, 1 left")
before anything is emitted, so the state is untouched.  Combatants are named
by their sheet's name (the tracker's key); characters by id or name.

While a check waits for the GM's decision (:mod:`engine.coc6.decisions`),
:func:`coc_state` refuses every CoC command but the one that answers it.
"""

from __future__ import annotations

from typing import Any

from engine.coc6.check_events import CocAppRolled, CocChecked, coc_of
from engine.coc6.checks import AppPreroll, CheckResult
from engine.coc6.combat_events import CocCombatFact
from engine.coc6.decisions import refusal
from engine.coc6.events import COC_SLICE
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.tracker import CombatTracker
from engine.core.commands import Context
from engine.core.state import Character
from engine.dice.rng import DiceState
from engine.errors import EngineError
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions
from engine.table.piles import require_started

COC_RULESETS = ("coc6-a", "coc6-b")


# -- reading the state ----------------------------------------------------------
def coc_state(ctx: Context, *, answering: bool = False) -> CocState:
    """The CoC slice (a fresh one for a new session); refused outside a CoC session,
    and while a check waits for the GM unless this command is the answer (``answering``)."""
    require_started(ctx.state)
    if ctx.state.ruleset not in COC_RULESETS:
        raise EngineError("This is not a Call of Cthulhu session ({ruleset}).", ruleset=ctx.state.ruleset)
    found = ctx.state.slices.get(COC_SLICE)
    if not isinstance(found, CocState):
        return CocState.model_validate({"ruleset": ctx.state.ruleset})
    if found.pending is not None and not answering:
        raise refusal(found.pending)
    return found


def find_character(ctx: Context, who: str) -> Character:
    """A character by id (``c1``) or by name."""
    found = ctx.state.characters.get(who)
    if found is None:
        found = next((c for c in ctx.state.ordered_characters() if c.name == who), None)
    if found is None:
        raise EngineError("There is no character '{id}'.", id=who)
    return found


def coc_sheet(ctx: Context, who: str, *, answering: bool = False) -> tuple[str, CocSheet]:
    """The character id and investigator sheet of ``who`` (id, character name or sheet name)."""
    coc_state(ctx, answering=answering)
    character = next(
        (c for c in ctx.state.ordered_characters() if isinstance(c.sheet, CocSheet) and c.sheet.name == who), None
    )
    if character is None:
        character = find_character(ctx, who)
    if not isinstance(character.sheet, CocSheet):
        raise EngineError("{name} has no investigator sheet yet.", name=character.name)
    return character.id, character.sheet


def tracker_of(ctx: Context) -> CombatTracker:
    tracker = coc_state(ctx).combat
    if tracker is None:
        raise EngineError("No combat is running.")
    return tracker


def b_options(ctx: Context) -> Coc6BOptions | None:
    return ctx.state.options if isinstance(ctx.state.options, Coc6BOptions) else None


def keeper_round(ctx: Context) -> bool:
    """Whether the round runs as the keeper's (the downed passed over, delays, wounds kept: HP-B-1,
    CBT-B-1); False for sessions stored before."""
    options = ctx.state.options
    return options.keeper_round if isinstance(options, (Coc6AOptions, Coc6BOptions)) else True


def a_options(ctx: Context) -> Coc6AOptions | None:
    return ctx.state.options if isinstance(ctx.state.options, Coc6AOptions) else None


# -- emitting facts -------------------------------------------------------------
def rolled_dice(ctx: Context) -> DiceState | None:
    """Where the dice stand after this command's rolls so far (None: they have not moved)."""
    return ctx.dice.state if ctx.dice.state != ctx.state.dice else None


def emit_check(ctx: Context, result: CheckResult) -> None:
    """One check as its own event, with its roll record for the dice box."""
    ctx.emit(CocChecked.of(result, rolled_dice(ctx), ctx.state.seq + 1))


def emit_app_preroll(ctx: Context, preroll: AppPreroll) -> None:
    ctx.emit(CocAppRolled(preroll=preroll, dice=rolled_dice(ctx)))


def emit_combat(
    ctx: Context,
    event: CocCombatFact,
    tracker: CombatTracker | None = None,
    sheets: dict[str, CocSheet] | None = None,
) -> None:
    """Emit one combat fact with what it changed and nothing more: the combatants
    of ``tracker`` that differ from the running combat's, the HP written back to
    ``sheets`` and the dice as they now stand.

    The event's own fields move the tracker's round, turn or order; the tracker
    it leaves must be ``tracker``, the one the rule functions returned."""
    update: dict[str, Any] = {"dice": rolled_dice(ctx)}
    if tracker is not None:
        before = coc_of(ctx.state).combat
        old = before.combatants if before is not None else {}
        update["combatants"] = tuple(c for name, c in tracker.combatants.items() if old.get(name) != c)
    if sheets:
        update["sheet_hp"] = {k: v.hp for k, v in sheets.items() if ctx.state.characters[k].sheet != v}
    ctx.emit(event.model_copy(update=update))
    if tracker is not None and coc_of(ctx.state).combat != tracker:  # pragma: no cover - a bug
        raise AssertionError(f"{event.type} left another tracker than the rules computed")


def write_back_hp(ctx: Context, tracker: CombatTracker, name: str) -> dict[str, CocSheet]:
    """The tracker's HP of ``name`` written back to its sheet (when it has one)."""
    character = next(
        (c for c in ctx.state.ordered_characters() if isinstance(c.sheet, CocSheet) and c.sheet.name == name), None
    )
    if character is None or not isinstance(character.sheet, CocSheet):
        return {}
    hp = tracker.get(name).hp
    sheet = character.sheet
    if hp == sheet.hp:
        return {}
    return {character.id: sheet.model_copy(update={"hp": max(min(hp, sheet.hp_max), -99)})}
