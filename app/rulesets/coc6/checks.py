"""The questions a CoC check from the sheet asks before it reaches the table.

Ruleset A (CHK-A-3/4): a critical or fumble is either a special effect or a
chip for the party pool, and the GM decides.  The check is run dry first (the
session's ``run`` neither commits nor moves the dice), and only when the dry
run shows a C/F is the GM asked; the check is then dispatched with the answer,
so the very same dice come out.

Ruleset B: 言いくるめ/説得/信用 offer the APP×5 roll of a first meeting first
(CHK-B-7; its +15/−20 goes into the check), and クトゥルフ神話/夢の知識 ask the
SAN cost the GM names before they are rolled (CHK-B-8).

The questions are module functions so tests answer them without a modal box.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from app.bridge import SessionBridge
from engine.coc6.checks import INTERPERSONAL, check_kind
from engine.coc6.commands import CocAppPreroll, CocCheck, CocLoreCheck
from engine.coc6.events import CocFact
from engine.coc6.skills import canonical_name, family
from engine.core.commands import CommandBase
from engine.errors import EngineError

ORIGIN = "coc-sheet"


#: lupdate reads the literal context and text of every translate("Context", "text") call.
translate = QCoreApplication.translate


def ask_special_or_pool(parent: QWidget | None, what: str, level: str) -> Literal["pool", "special_effect"] | None:
    """CHK-A-4: the GM's ruling on a C/F (None: the check is not rolled)."""
    box = QMessageBox(parent)
    box.setWindowTitle(translate("CocCheckQuestions", "Critical or fumble"))
    word = (
        translate("CocCheckQuestions", "a critical")
        if level == "critical"
        else translate("CocCheckQuestions", "a fumble")
    )
    text = translate(
        "CocCheckQuestions", "{what} comes out as {level}. A special effect, or a chip for the party pool?"
    )
    box.setText(text.format(what=what, level=word))
    special = box.addButton(translate("CocCheckQuestions", "Special effect"), QMessageBox.ButtonRole.AcceptRole)
    pool = box.addButton(translate("CocCheckQuestions", "Pool chip"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is special:
        return "special_effect"
    if clicked is pool:
        return "pool"
    return None


def ask_first_meeting(parent: QWidget | None, skill: str) -> bool | None:
    """CHK-B-7: is this a first meeting without hostile feelings? (None: not rolled at all)."""
    text = translate(
        "CocCheckQuestions",
        "Is this {skill} a first meeting (without hostile feelings)? Then the APP×5 roll comes first.",
    )
    answer = QMessageBox.question(
        parent, translate("CocCheckQuestions", "First meeting?"), text.format(skill=skill),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
    )  # fmt: skip
    if answer == QMessageBox.StandardButton.Cancel:
        return None
    return answer == QMessageBox.StandardButton.Yes


def ask_san_cost(parent: QWidget | None, skill: str) -> int | None:
    """CHK-B-8: the SAN the GM says this Mythos/Dream Lore roll costs (None: not rolled)."""
    text = translate("CocCheckQuestions", "How much SAN does this {skill} roll cost (paid first)?")
    title = translate("CocCheckQuestions", "SAN cost")
    cost, ok = QInputDialog.getInt(parent, title, text.format(skill=skill), 0, 0, 99)
    return cost if ok else None


def _dry_level(bridge: SessionBridge, command: CocCheck) -> str | None:
    """The level of ``command``'s check if it would be a C/F that the pool rules on (dry run)."""
    _state, events = bridge.session.run(command)
    facts = [e for e in events if isinstance(e, CocFact)]
    pool = next((f for f in facts if f.fact == "pool"), None)
    check = next((f for f in facts if f.fact == "check"), None)
    ruled = pool is not None and (pool.detail.get("added_chip") is not None or pool.detail.get("special_effect"))
    if check is None or not ruled:
        return None
    return str(check.detail.get("level", ""))


def dispatch_sheet_command(bridge: SessionBridge, command: CommandBase, parent: QWidget | None = None) -> bool:
    """Send what the sheet dialog asked for, asking the ruleset's questions first."""
    if not isinstance(command, CocCheck):
        return bridge.dispatch(command, origin=ORIGIN)
    if bridge.state.ruleset == "coc6-a":
        return _check_a(bridge, command, parent)
    return _check_b(bridge, command, parent)


def _check_a(bridge: SessionBridge, command: CocCheck, parent: QWidget | None) -> bool:
    try:
        level = _dry_level(bridge, command)
    except EngineError:
        level = None  # the real dispatch refuses it and says why
    if level is not None:
        choice = ask_special_or_pool(parent, command.what, level)
        if choice is None:
            return False
        command = command.model_copy(update={"choice": choice})
    return bridge.dispatch(command, origin=ORIGIN)


def _check_b(bridge: SessionBridge, command: CocCheck, parent: QWidget | None) -> bool:
    kind = check_kind(command.what)
    if kind in ("mythos", "dream_lore"):
        cost = ask_san_cost(parent, command.what)
        if cost is None:
            return False
        lore = CocLoreCheck(character=command.character, what=command.what, san_cost=cost)
        return bridge.dispatch(lore, origin=ORIGIN)
    if family(canonical_name(command.what)) in INTERPERSONAL:
        first = ask_first_meeting(parent, command.what)
        if first is None:
            return False
        if first:
            preroll = CocAppPreroll(character=command.character, skill=command.what)
            if not bridge.dispatch(preroll, origin=ORIGIN):
                return False
            fact = bridge.session.done[-1].events[-1]
            if isinstance(fact, CocFact) and fact.fact == "app_preroll":
                bonus = int(fact.detail.get("modifier", 0))
                command = command.model_copy(update={"modifier": command.modifier + bonus})
    return bridge.dispatch(command, origin=ORIGIN)


__all__ = ["ask_first_meeting", "ask_san_cost", "ask_special_or_pool", "dispatch_sheet_command"]
