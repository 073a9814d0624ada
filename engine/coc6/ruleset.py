"""The ``coc6-a`` and ``coc6-b`` rulesets as the registry sees them.

Both keep their data in the ``coc6`` slice (:class:`CocState`: the pool, the
game clock and madness, the combat tracker), their sheets as ``kind="coc6"``
(:class:`CocSheet`), share the commands of :mod:`engine.coc6.commands`, and
declare their procedure as a step table: free play, then the combat round
(one step per turn, the round end after the last).  The combat actions belong
to the combat turn; everything else a keeper does is free at both steps.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.coc6 import battle_link
from engine.coc6.battle_link import BATTLE_LINK_COMMANDS
from engine.coc6.check_events import CHECK_EVENTS
from engine.coc6.combat_events import COMBAT_EVENTS
from engine.coc6.commands import COC_COMMANDS
from engine.coc6.events import COC_EVENTS, COC_SLICE
from engine.coc6.importers.documents import import_text
from engine.coc6.manoeuvre_commands import MANOEUVRE_COMMANDS
from engine.coc6.manoeuvre_events import MANOEUVRE_EVENTS
from engine.coc6.player_view import player_slice
from engine.coc6.pool_events import POOL_EVENTS
from engine.coc6.sanity_events import SANITY_EVENTS
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.dice.box import bcdice_roll
from engine.rulesets import registry
from engine.rulesets.base import Importer, Ruleset
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions
from engine.rulesets.steps import Flow, Step

#: Commands that act within a combat turn (each refuses without a running combat):
#: they leave the turn where it is; ``coc_end_combat`` resolves it.
COMBAT_TURN_COMMON = ("coc_next_turn", "coc_set_order", "coc_damage", "coc_treat", "coc_condition")
COMBAT_TURN_A = ("coc_action_a",)
COMBAT_TURN_B = (
    "coc_action_b", "coc_attack", "coc_defend", "coc_cover", "coc_grapple", "coc_manoeuvre",
    "coc_ma_attack", "coc_rush", "coc_rush_strike", "coc_feint", "coc_counter",
)  # fmt: skip


@dataclass(frozen=True)
class CocStepView:
    """What a CoC step shows: the round, whose turn it is and what that actor
    has left (all empty outside a combat)."""

    round: int = 0
    actor: str = ""
    ap_left: int = 0
    active_left: int = 0
    passive_left: int = 0


def _coc(state: State) -> CocState | None:
    found = state.slices.get(COC_SLICE)
    return found if isinstance(found, CocState) else None


def combat_at(state: State) -> CocStepView:
    """What the combat step shows: the round, the actor and what it has left."""
    coc = _coc(state)
    tracker = coc.combat if coc is not None else None
    if tracker is None:
        return CocStepView()
    actor = tracker.get(tracker.actor)
    return CocStepView(
        round=tracker.round,
        actor=tracker.actor,
        ap_left=actor.ap_left,
        active_left=actor.active_left,
        passive_left=actor.passive_left,
    )


def _tell_play(view: CocStepView | None, lang: str) -> str:
    if lang == "ja":
        return "自由探索：技能をクリックして判定。戦闘になったら戦闘開始。"
    return "Free play: click a skill to roll it; start a combat when one breaks out."


def _tell_turn(view: CocStepView | None, lang: str) -> str:
    data = view if view is not None else CocStepView()
    if lang == "ja":
        return f"第{data.round}ラウンド：{data.actor} の手番。行動して「次の手番」。"
    return f"Round {data.round}: {data.actor}'s turn. Act, then Next turn."


def _at(state: State) -> str:
    coc = _coc(state)
    if coc is None or coc.combat is None:
        return "coc.play"
    return "coc.combat_turn"


def _free(bound: tuple[str, ...]) -> tuple[str, ...]:
    """Every CoC command no step is bound to is free: a keeper rolls, loses
    sanity and edits sheets in and out of combat (and a command added later is
    free unless a step claims it)."""
    kinds = (str(c.model_fields["type"].default) for c in (*COC_COMMANDS, *MANOEUVRE_COMMANDS, *BATTLE_LINK_COMMANDS))
    return tuple(k for k in kinds if k not in bound)


def _flow(ruleset: str) -> Flow[CocStepView]:
    turn = COMBAT_TURN_COMMON + (COMBAT_TURN_B if ruleset == "coc6-b" else COMBAT_TURN_A)
    combat_rules = ("CBT-B-1", "CBT-B-2", "CBT-B-3", "HP-B-1", "CND-B-1") if ruleset == "coc6-b" else (
        "CBT-A-1", "CBT-A-2")  # fmt: skip
    check_rules = ("CHK-B-0", "CHK-B-1", "CHK-B-2") if ruleset == "coc6-b" else ("CHK-A-1", "CHK-A-3", "GRW-A-1")
    start, end = ("coc_start_combat",), ("coc_end_combat",)
    return Flow.of(
        (
            Step(
                id="coc.play",
                phase="play",
                title="free play",
                rules=check_rules,
                moves=start,
                next="coc.combat_turn",
                view=combat_at,
                tells=_tell_play,
            ),
            Step(
                id="coc.combat_turn",
                phase="combat",
                title="combat turn",
                rules=combat_rules,
                moves=end,
                free=turn,
                next="coc.play",
                view=combat_at,
                tells=_tell_turn,
            ),
        ),  # fmt: skip
        _at,
        free=_free(start + end + turn),
    )


COC6_A_FLOW = _flow("coc6-a")
COC6_B_FLOW = _flow("coc6-b")


def _read_document(data: bytes) -> list[CommandBase]:
    from engine.coc6.commands import CocImportSheet

    text = data.decode("utf-8-sig")
    import_text(text)  # refuses a broken document before any command exists
    return [CocImportSheet(document=text)]


IMPORTERS = (Importer(name="CoC 6e character (キャラクター保管所 / CCFOLIA / yobigoe)", suffixes=(".json", ".txt"),
                      read=_read_document),)  # fmt: skip

#: Both house rulesets share the ``coc6`` slice, the sheet and the commands; the
#: slice and the commands register once, as a part of their own (like the battle board).
#: The first log line of a CoC session: the ruleset, and no map size (a CoC table has no card map).
COC_START_TEXT = "New session: ruleset {ruleset}."

COC6_A = Ruleset(
    id="coc6-a", options=Coc6AOptions, sheet=CocSheet, flow=lambda: COC6_A_FLOW, importers=IMPORTERS,
    dice_system="Cthulhu", roll=bcdice_roll, token_move_points=battle_link.move_points, card_table=False,
    start_text=COC_START_TEXT,
)  # fmt: skip
COC6_B = Ruleset(
    id="coc6-b", options=Coc6BOptions, sheet=CocSheet, flow=lambda: COC6_B_FLOW, importers=IMPORTERS,
    dice_system="Cthulhu", roll=bcdice_roll, token_move_points=battle_link.move_points, card_table=False,
    start_text=COC_START_TEXT,
)  # fmt: skip


def register_coc() -> None:
    """Register the CoC slice and commands, then both rulesets (``engine.rulesets.builtin`` calls this)."""
    registry.register_slice(COC_SLICE, CocState, player_slice)
    commands = COC_COMMANDS + MANOEUVRE_COMMANDS + BATTLE_LINK_COMMANDS
    events = COC_EVENTS + CHECK_EVENTS + POOL_EVENTS + SANITY_EVENTS + COMBAT_EVENTS + MANOEUVRE_EVENTS
    registry.register_part(COC_SLICE, commands, events)
    registry.register(COC6_A)
    registry.register(COC6_B)
