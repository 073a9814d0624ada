"""The GUI parts of the CoC rulesets ``coc6-a`` and ``coc6-b``: the investigator
sheet dialog (Sheet… in the characters panel; double-clicking a skill rolls it,
after the questions of :mod:`app.rulesets.coc6.checks`), the party modifier pool
dock (ruleset A, with the game clock), the combat round tracker dock, and the
Procedure menu: Import an investigator (clipboard or file), SAN check…, in
ruleset A Session growth…, Advance the game clock… and Psychoanalysis…, in
ruleset B Student investigator… (STU-B-1); on the battle board, ruleset B's unready mark (CND-B-3).

Every part imports its modules when first used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from app.rulesets.parts import (
    BattlePart,
    DialogHost,
    DockHost,
    DockPart,
    MenuEntry,
    Progress,
    RulesetParts,
    SheetPart,
    TypedDice,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.bridge import SessionBridge
    from engine.core.commands import CommandBase
    from engine.core.state import Character, State


def _pool_title() -> str:
    return QCoreApplication.translate("CocParts", "Modifier pool")


def _tracker_title() -> str:
    return QCoreApplication.translate("CocParts", "Combat")


def _build_pool(bridge: SessionBridge) -> QWidget:
    from app.rulesets.coc6.pool import PoolPanel

    return PoolPanel(bridge)


def _build_tracker(bridge: SessionBridge) -> QWidget:
    from app.rulesets.coc6.tracker import TrackerPanel

    return TrackerPanel(bridge)


def _edit_sheet(prompts: DialogHost, character: Character) -> CommandBase | None:
    """The investigator sheet dialog; Save is one ``coc_set_sheet``, a skill's double-click one ``coc_check``."""
    from app.rulesets.coc6.sheet import CocSheetDialog, blank_sheet
    from engine.coc6.sheet import CocSheet

    sheet = character.sheet if isinstance(character.sheet, CocSheet) else None
    dialog = CocSheetDialog(character.id, sheet or blank_sheet(character.name, npc=character.npc),
                            parent=prompts.parent, new=sheet is None)  # fmt: skip
    dialog.exec()
    return dialog.command()


def open_sheet(
    bridge: SessionBridge, character: Character, parent: QWidget | None = None, typed: TypedDice | None = None
) -> QWidget:
    """The investigator sheet as a window beside the table (not modal): Save dispatches
    one ``coc_set_sheet``; a skill's double-click dispatches its check with the
    ruleset's questions and the window stays open, following the table.  A roll takes
    the physical dice typed in the dice box (``typed``, DICE-2), as the box's own roll does."""
    from PySide6.QtCore import Qt

    from app.rulesets.coc6.checks import dispatch_sheet_command
    from app.rulesets.coc6.sheet import CocSheetDialog, blank_sheet
    from engine.coc6.sheet import CocSheet
    from engine.core.session import Outcome
    from engine.errors import EngineError
    from engine.rulesets.coc6_checks import Coc6BOptions

    sheet = character.sheet if isinstance(character.sheet, CocSheet) else None
    options = bridge.state.options if isinstance(bridge.state.options, Coc6BOptions) else None
    dialog: CocSheetDialog

    def send(command: CommandBase) -> bool:
        refusals: list[str] = []

        def refused(error: object, _origin: object) -> None:
            if isinstance(error, EngineError):
                refusals.append(bridge.message(error))

        bridge.refused.connect(refused)
        try:
            ok = dispatch_sheet_command(bridge, command, dialog)
        finally:
            bridge.refused.disconnect(refused)
        if refusals:
            dialog.say(refusals[0])
        return ok

    def roll(command: CommandBase) -> bool:
        """A skill's check with the dice typed in the dice box, if any; the box empties once the table took it."""
        try:
            dice = typed.typed_dice() if typed is not None else None
        except EngineError as refusal:
            dialog.say(bridge.message(refusal))
            return False
        if dice is not None:
            command = command.model_copy(update={"dice": tuple(dice)})
        ok = send(command)
        if ok and dice is not None and typed is not None:
            typed.typed_dice_used()
        return ok

    dialog = CocSheetDialog(
        character.id, sheet or blank_sheet(character.name, npc=character.npc), lang=bridge.lang, parent=parent,
        new=sheet is None, options=options, dispatch=send, roll=roll,
    )  # fmt: skip
    dialog.setModal(False)
    dialog.setWindowModality(Qt.WindowModality.NonModal)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def follow(outcome: Outcome) -> None:
        if character.id in outcome.changes.characters:
            now = bridge.state.characters.get(character.id)
            dialog.follow(now.sheet if now is not None and isinstance(now.sheet, CocSheet) else None)

    bridge.applied.connect(follow)
    dialog.destroyed.connect(lambda *_args: _disconnect(bridge, follow))
    dialog.show()
    return dialog


def _disconnect(bridge: SessionBridge, slot: object) -> None:
    try:
        bridge.applied.disconnect(slot)
    except (RuntimeError, TypeError):  # the bridge went first (the window closed with the app)
        pass


def _side(character: Character, npc: bool) -> CommandBase | None:
    """The Edit dialog's NPC switch on a character with an investigator sheet: the sheet
    carries the side (an NPC has no caps), and saving it moves the character too."""
    from engine.coc6.commands import CocSetSheet
    from engine.coc6.sheet import CocSheet

    sheet = character.sheet
    if not isinstance(sheet, CocSheet):
        return None
    return CocSetSheet(character=character.id, sheet=sheet.model_copy(update={"npc": npc}))


def _summary(character: Character) -> str | None:
    from engine.coc6.sheet import CocSheet

    sheet = character.sheet
    if not isinstance(sheet, CocSheet):
        return None
    return QCoreApplication.translate("CocParts", "HP {hp}/{hp_max} · MP {mp}/{mp_max} · SAN {san}/{san_max}").format(
        hp=sheet.hp, hp_max=sheet.hp_max, mp=sheet.mp, mp_max=sheet.mp_max, san=sheet.san, san_max=sheet.san_max
    )


def _sheet_tooltip() -> str:
    return QCoreApplication.translate("CocParts", "Edit the investigator sheet; double-click a skill to roll it.")


def _import_text() -> str:
    return QCoreApplication.translate("CocParts", "&Import an investigator (clipboard or file)…")


def import_document(text: str, bridge: SessionBridge, parent: QWidget | None = None) -> bool:
    """Check the document with the engine first (nothing is half-imported), then dispatch the import."""
    from PySide6.QtWidgets import QMessageBox

    from engine.coc6.commands import CocImportSheet
    from engine.coc6.importers.documents import import_text
    from engine.errors import EngineError

    try:
        import_text(text)
    except EngineError as exc:
        QMessageBox.warning(parent, QCoreApplication.translate("CocParts", "Import refused"), bridge.message(exc))
        return False
    return bridge.dispatch(CocImportSheet(document=text), origin="coc-import")


def _import(docks: DockHost, bridge: SessionBridge) -> bool:
    """Clipboard first (a CCFOLIA copy), else a file chosen by the GM."""
    from pathlib import Path

    from PySide6.QtWidgets import QApplication, QFileDialog

    text = QApplication.clipboard().text().strip()
    if not text.startswith("{"):
        path, _filter = QFileDialog.getOpenFileName(
            None, QCoreApplication.translate("CocParts", "Open a character document"), "", "JSON (*.json *.txt)"
        )
        if not path:
            return False
        text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
    return import_document(text, bridge)


def _dispatch_sheet(bridge: SessionBridge, command: CommandBase, parent: QWidget | None) -> bool:
    """A check from the sheet asks first: C/F special effect or pool (A), first meeting, SAN cost (B)."""
    from app.rulesets.coc6.checks import dispatch_sheet_command

    return dispatch_sheet_command(bridge, command, parent)


def _window(docks: DockHost) -> QWidget | None:
    return docks.host_window()


def _growth_text() -> str:
    return QCoreApplication.translate("CocParts", "Session &growth…")


def _growth(docks: DockHost, bridge: SessionBridge) -> bool:
    """GRW-A-2: the end-of-session growth rolls of the chosen investigators."""
    from app.rulesets.coc6.growth import CocGrowthDialog

    return bool(CocGrowthDialog(bridge, _window(docks)).exec())


def _anyone_marked(state: State) -> bool:
    from app.rulesets.coc6.growth import anyone_marked

    return anyone_marked(state)


def _san_text() -> str:
    return QCoreApplication.translate("CocParts", "&SAN check…")


def _san_check(docks: DockHost, bridge: SessionBridge) -> bool:
    from app.rulesets.coc6.sanity import CocSanCheckDialog

    return bool(CocSanCheckDialog(bridge, _window(docks)).exec())


def _clock_text() -> str:
    return QCoreApplication.translate("CocParts", "Advance the game &clock…")


def _clock(docks: DockHost, bridge: SessionBridge) -> bool:
    """MAD-A-1/MAD-A-3 run on game time; the pool dock shows the clock."""
    from app.rulesets.coc6.sanity import CocClockDialog

    return bool(CocClockDialog(bridge, _window(docks)).exec())


def _analysis_text() -> str:
    return QCoreApplication.translate("CocParts", "&Psychoanalysis…")


def _analysis(docks: DockHost, bridge: SessionBridge) -> bool:
    from app.rulesets.coc6.sanity import CocPsychoanalysisDialog

    return bool(CocPsychoanalysisDialog(bridge, _window(docks)).exec())


def _student_text() -> str:
    return QCoreApplication.translate("CocParts", "S&tudent investigator…")


def _student(docks: DockHost, bridge: SessionBridge) -> bool:
    """STU-B-1: the student changes of one investigator's finished sheet."""
    from app.rulesets.coc6.student import CocStudentDialog

    return bool(CocStudentDialog(bridge, _window(docks)).exec())


def _has_pc(state: State) -> bool:
    from app.rulesets.coc6.form import investigators

    return bool(investigators(state))


def _has_investigator(state: State) -> bool:
    from app.rulesets.coc6.form import investigators

    return bool(investigators(state, npcs=True))


def _progress(state: State, lang: str) -> Progress | None:
    from engine.coc6.events import COC_SLICE
    from engine.coc6.state import CocState

    coc = state.slices.get(COC_SLICE)
    if not isinstance(coc, CocState) or coc.combat is None:
        return None
    from engine.coc6.player_view import unshown_number

    actor = coc.combat.actor
    if unshown_number(actor) is not None:  # an NPC the players have not met: the keeper acts, nobody named
        phase = "キーパーの手番" if lang == "ja" else "the keeper's turn"
    else:
        phase = f"{actor} の手番" if lang == "ja" else f"{actor}'s turn"
    return Progress(coc.combat.round, phase, unit="round")


def _players_lines(view: State, lang: str) -> tuple[str, ...]:
    """The players' window (from the player view): the pool chips everyone sees
    (CHK-A-3) and the round order with HP states and conditions (CND-B-1, HP-B-1);
    an NPC the keeper has not shown yet is not in it at all (the players meet it when shown)."""
    from engine.coc6.events import COC_SLICE
    from engine.coc6.player_view import unshown_number
    from engine.coc6.state import CocState
    from engine.coc6.texts import word

    found = view.slices.get(COC_SLICE)
    coc = found if isinstance(found, CocState) else None  # no slice yet: an empty pool, no combat
    lines: list[str] = []
    if view.ruleset == "coc6-a":
        chips = " ".join(f"{c:+d}" for c in coc.pool.chips) if coc is not None else ""
        lines.append(QCoreApplication.translate("CocProjector", "Modifier pool: {chips}").format(chips=chips or "—"))
    tracker = coc.combat if coc is not None else None
    if tracker is not None:
        for index, name in enumerate(tracker.order):
            if unshown_number(name) is not None:
                continue
            who = tracker.combatants[name]
            conditions = "".join(
                f" · {word(c.kind, lang)}" + (f" {c.rounds_left}R" if c.rounds_left is not None else "")
                for c in who.conditions
            )
            mark = "▶ " if index == tracker.current else "　"
            lines.append(f"{mark}{name}（{word(who.state, lang)}）{conditions}")
    return tuple(lines)


def _battle_actor(state: State) -> str | None:
    """The tracker's current actor: its token on the battle board has the combatant's name."""
    from app.rulesets.coc6.tracker import tracker_of

    tracker = tracker_of(state)
    return tracker.actor if tracker is not None else None


def _token_states(state: State) -> dict[str, str]:
    """HP-B-1: the combatants out of the fight, by their battle-board token (the combatant's name):
    dead, or down (unconscious or dying)."""
    from app.rulesets.coc6.tracker import tracker_of

    tracker = tracker_of(state)
    if tracker is None:
        return {}
    out: dict[str, str] = {}
    for name, who in tracker.combatants.items():
        if who.state == "dead":
            out[name] = "dead"
        elif who.state in ("unconscious", "dying"):
            out[name] = "down"
    return out


def _dice_hint() -> tuple[str, str]:
    """The dice box's examples at a CoC table: the ``CCB`` check first (in the dice box's words)."""
    return (
        QCoreApplication.translate("DiceBox", "e.g. CCB<=60, 1D100<=45, 2D6"),
        QCoreApplication.translate(
            "DiceBox",
            "Dice-bot commands as in BCDice: 1D100<=45, CCB<=60, RES(12-10), 2D6, 1D6+2…\n"
            "Put S in front (S1D100<=45) or tick Secret for a GM-only roll.\n"
            "Up and Down bring back earlier commands.",
        ),
    )


_SHEET = SheetPart(edit=_edit_sheet, summary=_summary, tooltip=_sheet_tooltip, dispatch=_dispatch_sheet, side=_side,
                   open=open_sheet)  # fmt: skip
_TRACKER = DockPart(name="coc-tracker", title=_tracker_title, build=_build_tracker)
_IMPORT = MenuEntry(name="coc-import", text=_import_text, run=_import)
_SAN = MenuEntry(name="coc-san-check", text=_san_text, run=_san_check, enabled=_has_investigator)
_A_ENTRIES = (
    _IMPORT, _SAN,
    MenuEntry(name="coc-growth", text=_growth_text, run=_growth, enabled=_anyone_marked),
    MenuEntry(name="coc-clock", text=_clock_text, run=_clock),
    MenuEntry(name="coc-psychoanalysis", text=_analysis_text, run=_analysis, enabled=_has_investigator),
)  # fmt: skip

COC6_A_PARTS = RulesetParts(
    docks=(DockPart(name="coc-pool", title=_pool_title, build=_build_pool), _TRACKER),
    sheet=_SHEET, menu_entries=_A_ENTRIES, progress=_progress, players_lines=_players_lines,
    battle_actor=_battle_actor, dice_hint=_dice_hint, token_states=_token_states,
)  # fmt: skip


def _board_delays(state: State) -> Mapping[str, int]:
    """CND-B-3: the tokens the keeper marked unready (shown on the GM's board; the players' view has none)."""
    from engine.coc6.events import COC_SLICE
    from engine.coc6.state import CocState

    coc = state.slices.get(COC_SLICE)
    return coc.board_delays if isinstance(coc, CocState) else {}


def _set_board_delay(token: str, sr: int) -> CommandBase:
    from engine.coc6.commands import CocSetBoardDelay

    return CocSetBoardDelay(token=token, sr=sr)


COC6_B_PARTS = RulesetParts(
    docks=(_TRACKER,), sheet=_SHEET, progress=_progress, players_lines=_players_lines, battle_actor=_battle_actor,
    dice_hint=_dice_hint, token_states=_token_states,
    battle=BattlePart(delays=_board_delays, set_delay=_set_board_delay),
    menu_entries=(_IMPORT, _SAN, MenuEntry(name="coc-student", text=_student_text, run=_student, enabled=_has_pc)),
)  # fmt: skip

__all__ = ["COC6_A_PARTS", "COC6_B_PARTS", "import_document", "open_sheet"]
