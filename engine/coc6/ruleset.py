"""The ``coc6-a`` and ``coc6-b`` rulesets as the registry sees them.

Both keep their data in the ``coc6`` slice (:class:`CocState`: the pool, the
game clock and madness, the combat tracker), their sheets as ``kind="coc6"``
(:class:`CocSheet`), share the commands of :mod:`engine.coc6.commands`, and
declare their procedure as a step table: free play, then the combat round
(one step per turn, the round end after the last).
"""

from __future__ import annotations

from engine.coc6.battle_link import BATTLE_LINK_COMMANDS
from engine.coc6.commands import COC_COMMANDS
from engine.coc6.events import COC_EVENTS, COC_SLICE
from engine.coc6.importers.documents import import_text
from engine.coc6.manoeuvre_commands import MANOEUVRE_COMMANDS
from engine.coc6.player_view import player_slice
from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.dice.box import bcdice_roll
from engine.rulesets import registry
from engine.rulesets.base import Importer, Ruleset
from engine.rulesets.coc6_checks import Coc6AOptions, Coc6BOptions
from engine.rulesets.steps import Flow, Step

PLAY_MOVES = (
    "coc_check", "coc_app_preroll", "coc_lore_check", "coc_san_check", "coc_pay_minus", "coc_cancel_chips",
    "coc_add_chip", "coc_advance_clock",
    "coc_psychoanalysis", "coc_session_growth", "coc_set_sheet", "coc_new_investigator", "coc_set_skill",
    "coc_import_sheet", "coc_student", "coc_start_combat",
)  # fmt: skip
COMBAT_MOVES_A = ("coc_action_a", "coc_contest", "coc_check", "coc_damage", "coc_treat", "coc_san_check",
                  "coc_pay_minus", "coc_cancel_chips", "coc_next_turn", "coc_set_order", "coc_end_combat")  # fmt: skip
COMBAT_MOVES_B = (
    "coc_action_b", "coc_attack", "coc_defend", "coc_cover", "coc_grapple", "coc_manoeuvre", "coc_check",
    "coc_damage", "coc_treat", "coc_condition", "coc_san_check", "coc_next_turn", "coc_set_order", "coc_end_combat",
)  # fmt: skip


def _coc(state: State) -> CocState | None:
    found = state.slices.get(COC_SLICE)
    return found if isinstance(found, CocState) else None


def combat_at(state: State) -> dict[str, object]:
    """What the combat step shows: the round, the actor and what it has left."""
    coc = _coc(state)
    tracker = coc.combat if coc is not None else None
    if tracker is None:
        return {}
    actor = tracker.get(tracker.actor)
    return {
        "round": tracker.round,
        "actor": tracker.actor,
        "ap_left": actor.ap_left,
        "active_left": actor.active_left,
        "passive_left": actor.passive_left,
    }


def _tell_play(view: object, lang: str) -> str:
    if lang == "ja":
        return "自由探索：技能をクリックして判定。戦闘になったら戦闘開始。"
    return "Free play: click a skill to roll it; start a combat when one breaks out."


def _tell_turn(view: object, lang: str) -> str:
    data = view if isinstance(view, dict) else {}
    if lang == "ja":
        return f"第{data.get('round')}ラウンド：{data.get('actor')} の手番。行動して「次の手番」。"
    return f"Round {data.get('round')}: {data.get('actor')}'s turn. Act, then Next turn."


def _at(state: State) -> str:
    coc = _coc(state)
    if coc is None or coc.combat is None:
        return "coc.play"
    return "coc.combat_turn"


def _flow(ruleset: str) -> Flow:
    moves = COMBAT_MOVES_B if ruleset == "coc6-b" else COMBAT_MOVES_A
    combat_rules = ("CBT-B-1", "CBT-B-2", "CBT-B-3", "HP-B-1", "CND-B-1") if ruleset == "coc6-b" else (
        "CBT-A-1", "CBT-A-2")  # fmt: skip
    check_rules = ("CHK-B-0", "CHK-B-1", "CHK-B-2") if ruleset == "coc6-b" else ("CHK-A-1", "CHK-A-3", "GRW-A-1")
    return Flow.of(
        (
            Step(id="coc.play", phase="play", rules=check_rules, moves=PLAY_MOVES, tells=_tell_play),
            Step(
                id="coc.combat_turn", phase="combat", rules=combat_rules, moves=moves, view=combat_at, tells=_tell_turn
            ),  # fmt: skip
        ),
        _at,
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
COC6_A = Ruleset(
    id="coc6-a", options=Coc6AOptions, sheet=CocSheet, flow=lambda: COC6_A_FLOW, importers=IMPORTERS,
    dice_system="Cthulhu", roll=bcdice_roll,
)  # fmt: skip
COC6_B = Ruleset(
    id="coc6-b", options=Coc6BOptions, sheet=CocSheet, flow=lambda: COC6_B_FLOW, importers=IMPORTERS,
    dice_system="Cthulhu", roll=bcdice_roll,
)  # fmt: skip


def register_coc() -> None:
    """Register the CoC slice and commands, then both rulesets (``engine.rulesets.builtin`` calls this)."""
    registry.register_slice(COC_SLICE, CocState, player_slice)
    registry.register_part(COC_SLICE, COC_COMMANDS + MANOEUVRE_COMMANDS + BATTLE_LINK_COMMANDS, COC_EVENTS)
    registry.register(COC6_A)
    registry.register(COC6_B)
