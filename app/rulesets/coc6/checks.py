"""The questions a CoC check from the sheet asks the GM, around the engine's one roll.

Ruleset A (CHK-A-3/4): a critical or fumble is either a special effect or a
chip for the party pool, and the GM decides.  The check is sent once, asking
the engine to wait for the ruling; when the engine keeps a pending ruling in
the CoC slice, the GM is asked and the answer is sent as ``coc_decide`` — the
engine records check and answer as one undo step.  Cancelling the question
takes the check back (its die stays rolled: a roll is final at a table).

Ruleset B: 言いくるめ/説得/信用 ask whether this is a first meeting; the check
is then sent with ``first_meeting`` and the engine rolls the APP×5 pre-roll and
carries its +15/−20 (CHK-B-7).  クトゥルフ神話/夢の知識 ask the SAN cost the GM
names before they are rolled (CHK-B-8).

The questions are module functions so tests answer them without a modal box.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from app.bridge import SessionBridge
from engine.coc6.check_events import CocDecisionOpened
from engine.coc6.checks import INTERPERSONAL, check_kind
from engine.coc6.commands import CocCheck, CocDecide, CocLoreCheck
from engine.coc6.decisions import PendingDecision
from engine.coc6.events import COC_SLICE
from engine.coc6.skills import canonical_name, family
from engine.coc6.state import CocState
from engine.core.commands import CommandBase

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


def pending_decision(bridge: SessionBridge) -> PendingDecision | None:
    """The decision a check in this session waits for (None: nothing waits)."""
    found = bridge.state.slices.get(COC_SLICE)
    return found.pending if isinstance(found, CocState) else None


def answer_pending(bridge: SessionBridge, parent: QWidget | None = None) -> bool:
    """Ask the GM the question a check waits for and send the answer (True: nothing waits any more).

    A SAN roll's ruling may be followed by its アイデア roll's: each is asked in turn.  Cancelled, the
    waiting check is taken back when it is the last step; otherwise it keeps waiting."""
    decision = pending_decision(bridge)
    while decision is not None:
        choice = ask_special_or_pool(parent, decision.check.what, decision.check.level)
        if choice is None:
            top = bridge.session.top
            if top is not None and any(isinstance(e, CocDecisionOpened) for e in top.events):
                bridge.undo()
            return False
        if not bridge.dispatch(CocDecide(choice=choice), origin=ORIGIN):
            return False
        decision = pending_decision(bridge)
    return True


def dispatch_sheet_command(bridge: SessionBridge, command: CommandBase, parent: QWidget | None = None) -> bool:
    """Send what the sheet dialog asked for, asking the ruleset's questions around it."""
    if not isinstance(command, CocCheck):
        return bridge.dispatch(command, origin=ORIGIN)
    if not answer_pending(bridge, parent):  # a ruling left open before (a reopened session) comes first
        return False
    if bridge.state.ruleset == "coc6-a":
        if not bridge.dispatch(command.model_copy(update={"ask": True}), origin=ORIGIN):
            return False
        return answer_pending(bridge, parent)
    return _check_b(bridge, command, parent)


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
        command = command.model_copy(update={"first_meeting": first})
    return bridge.dispatch(command, origin=ORIGIN)


__all__ = [
    "answer_pending",
    "ask_first_meeting",
    "ask_san_cost",
    "ask_special_or_pool",
    "dispatch_sheet_command",
    "pending_decision",
]
