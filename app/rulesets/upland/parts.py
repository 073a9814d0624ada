"""The Upland's GUI parts: the procedure dock (the phase stepper with its step
forms), the Upland sheet editor and the summary line of the party list, and
Procedure ▸ Start the exploration.

Every part imports the rules engine behind it only when it is first used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.rulesets.parts import (
    DialogHost,
    DockHost,
    DockPart,
    MarkerDropPart,
    MenuEntry,
    Progress,
    RulesetParts,
    SheetPart,
    SquareAction,
    StepsPart,
)
from app.rulesets.upland.battle import UPLAND_BATTLE
from app.rulesets.upland.pieces import UPLAND_PIECES
from engine.upland.slice import bone_of, cycle_now, gate_of

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.bridge import SessionBridge
    from engine.core.commands import CommandBase
    from engine.core.session import Entry
    from engine.core.state import Character, State
    from engine.upland.stepper import StepInfo


def _procedure_title() -> str:
    return QCoreApplication.translate("MainWindow", "Procedure")


def _build_stepper(bridge: SessionBridge) -> QWidget:
    from app.rulesets.upland.stepper import StepperPanel

    return StepperPanel(bridge)


def _edit_sheet(prompts: DialogHost, character: Character) -> CommandBase | None:
    """The sheet editor; Save becomes one ``SetSheet`` (one undo step)."""
    from app.rulesets.upland.sheet import SheetDialog
    from engine.upland.commands import SetSheet
    from engine.upland.facts import upland_sheet

    dialog = SheetDialog(character.name, upland_sheet(character), prompts.parent)
    if not prompts.run(dialog):
        return None
    sheet = dialog.sheet()
    if sheet == character.sheet:
        return None
    return SetSheet(character=character.id, sheet=sheet)


def _summary(character: Character) -> str | None:
    """Fatigue, the Call against POW and spirit pressure: what the cycle keeps changing."""
    from engine.upland.facts import upland_sheet
    from engine.upland.sheet_text import fatigue_text

    sheet = upland_sheet(character)
    if sheet is None:
        return None
    return QCoreApplication.translate(
        "CharactersPanel", "fatigue {fatigue} · Call {call}/POW {pow} · spirit pressure {sp}"
    ).format(fatigue=fatigue_text(sheet.fatigue_thirds), call=sheet.call, pow=sheet.POW, sp=sheet.spirit_pressure)


def _sheet_tooltip() -> str:
    return QCoreApplication.translate(
        "CharactersPanel", "Edit the Upland character sheet (also: double-click the row)."
    )


def _start_text() -> str:
    return QCoreApplication.translate("MainWindow", "&Start the exploration")


def _start(docks: DockHost, bridge: SessionBridge) -> bool:
    """Procedure ▸ Start the exploration (CYC-1); the stepper then shows cycle 1."""
    from engine.upland.commands import StartExploration

    docks.show_dock("stepper")
    return bridge.dispatch(StartExploration(), origin="stepper")


def _can_start(state: State) -> bool:
    return cycle_now(state) is None


def _current_step(state: State) -> StepInfo | None:
    from engine.upland.stepper import current_step

    return current_step(state)


def _step_form(state: State, info: StepInfo, lang: str, dispatch: Callable[[CommandBase], bool]) -> QWidget:
    from app.rulesets.upland.forms import form_for

    return form_for(state, info, lang, dispatch)


def _declaring(state: State, character: str) -> bool:
    from engine.upland.declaration import declaring

    return declaring(state, character)


def _declare_targets(state: State, character: str) -> set[str]:
    from engine.upland.declaration import declare_targets

    return declare_targets(state, character)


def _declare_drop(state: State, character: str, square: str | None) -> CommandBase | None:
    from engine.upland.declaration import declare_drop

    return declare_drop(state, character, square)


def _bone_actions(state: State, name: str) -> tuple[SquareAction, ...]:
    """MAP-5, INV-9: the GM hides the lingering bone under a square and reveals it at the crossing."""
    from engine.upland.bone import RevealBone, SetBone

    bone = bone_of(state)
    if bone.card is None or bone.revealed:
        return ()
    out = [
        SquareAction(
            "square.bone",
            lambda: QCoreApplication.translate("BoardMenu", "Set the lingering bone here (secret)"),
            SetBone(square=name),
        )
    ]
    if bone.square == name:
        out.append(
            SquareAction(
                "square.reveal_bone",
                lambda: QCoreApplication.translate("BoardMenu", "Reveal the lingering bone (the crossing)"),
                RevealBone(),
            )
        )
    return tuple(out)


def _progress(state: State, lang: str) -> Progress | None:
    """CYC-1: the cycle number and the step's name (the engine's words); during
    an encounter's fight, its battle round as well (ENC-8: the players see it)."""
    from engine.upland.slice import encounter_of
    from engine.upland.texts import step_text

    cycle = cycle_now(state)
    if cycle is None:
        return None
    phase = step_text(cycle.step, lang)
    fight = encounter_of(state).round
    if fight > 0:
        phase = QCoreApplication.translate("UplandParts", "{phase} (battle round {n})").format(phase=phase, n=fight)
    return Progress(cycle.cycle, phase)


def _party_move_warning(state: State, square: str | None) -> str | None:
    """Mid-cycle the procedure moves the party (TIM-4/TIM-5 Move, an INV-3 fumble,
    TIM-2 sleepwalking): a hand move then goes around it, so the GM is asked."""
    from engine.upland.procedure import StepId

    cycle = cycle_now(state)
    if cycle is None or cycle.step in (StepId.SETUP, StepId.NIGHT, StepId.LEFT):
        return None
    where = square or QCoreApplication.translate("UplandParts", "off the map")
    return QCoreApplication.translate(
        "UplandParts",
        "Mid-cycle the procedure moves the party (the time phase's Move, TIM-4; a fumbled scout, INV-3). "
        "Move it to {square} by hand anyway (no fatigue is paid)?",
    ).format(square=where)


def _players_results(entries: Sequence[Entry], lang: str, limit: int) -> list[str]:
    from engine.upland.public_results import public_results

    return public_results(entries, lang, limit)


UPLAND_PARTS = RulesetParts(
    docks=(DockPart(name="stepper", title=_procedure_title, build=_build_stepper, procedure=True),),
    sheet=SheetPart(edit=_edit_sheet, summary=_summary, tooltip=_sheet_tooltip),
    steps=StepsPart(current=_current_step, form=_step_form),
    marker_drop=MarkerDropPart(active=_declaring, targets=_declare_targets, drop=_declare_drop),
    menu_entries=(MenuEntry(name="start", text=_start_text, run=_start, enabled=_can_start),),
    square_actions=_bone_actions,
    progress=_progress,
    progress_idle=lambda: QCoreApplication.translate("UplandParts", "Not started"),
    party_move_warning=_party_move_warning,
    gate=gate_of,
    pieces=UPLAND_PIECES,
    players_results=_players_results,
    battle=UPLAND_BATTLE,
)

__all__ = ["UPLAND_PARTS"]
