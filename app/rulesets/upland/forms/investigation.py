"""The investigation's forms (INV-1 … INV-9): each character's declaration, and
the follow-up rolls after the investigation resolved."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QPushButton, QSizePolicy

from engine.core.commands import CommandBase
from engine.upland.commands import ContinueCycle, DeclareAction, ResolveInvestigation, ScoutPeek
from engine.upland.declaration import playable_cards
from engine.upland.facts import upland_sheet
from engine.upland.investigation import undeclared
from engine.upland.procedure import Action, Declaration
from engine.upland.skills import skill_set_menu
from engine.upland.slice import cycle_now
from engine.upland.stepper import Choice
from engine.upland.texts import action_text, card_text

if TYPE_CHECKING:
    from engine.upland.options import UplandOptions

from app.rulesets.upland.forms.base import StepForm, choice, fill, name_label


class DeclareForm(StepForm):
    """INV-1: per character its action, target square, skill (CHK-U-2, default the
    highest) and hand card (INV-4/INV-6); every change is a ``DeclareAction``."""

    rolls = True

    def build(self) -> None:
        self.rows: dict[str, tuple[QComboBox, QComboBox, QComboBox, QComboBox, QCheckBox]] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        cycle = cycle_now(self.state)
        declarations = cycle.declarations if cycle is not None else {}
        row = 0
        for member in self.state.ordered_characters():
            if member.sheet is None:
                continue
            cid = member.id
            declared = declarations.get(cid)
            action, target, skill, card = (QComboBox() for _ in range(4))
            fail = QCheckBox(self.tr("No roll"))
            fail.setToolTip(self.tr("The character chooses to fail without rolling (DICE-7)."))
            for combo in (action, target, skill, card):
                combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
                combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
                combo.setMinimumContentsLength(4)
            self._fill_row(cid, declared, action, target, skill, card, fail)
            grid.addWidget(name_label(self.state, cid), row, 0)
            grid.addWidget(action, row, 1)
            grid.addWidget(target, row, 2)
            grid.addWidget(fail, row, 3)
            grid.addWidget(skill, row + 1, 1)
            grid.addWidget(card, row + 1, 2, 1, 2)
            row += 2
            self.rows[cid] = (action, target, skill, card, fail)
            action.activated.connect(lambda _i, c=cid: self._on_action_change(c))
            for combo in (target, skill, card):
                combo.activated.connect(lambda _i, c=cid: self._on_detail_change(c))
            fail.clicked.connect(lambda _on, c=cid: self._on_detail_change(c))
        self.box.addLayout(grid)

    def _fill_row(
        self,
        cid: str,
        declared: Declaration | None,
        action: QComboBox,
        target: QComboBox,
        skill: QComboBox,
        card: QComboBox,
        fail: QCheckBox,
    ) -> None:
        lang = self.lang
        actions = list((choice(self.info, "action", cid) or Choice("action", ("none",))).options)
        current = declared.action.value if declared is not None else None
        if current is not None and current not in actions:
            actions.append(current)
        fill(action, [(self.tr("— not declared —"), None)] + [(action_text(a, lang), a) for a in actions], current)

        found_targets = choice(self.info, "target", cid, current) if current else None
        targets = list(found_targets.options) if found_targets is not None else []
        if declared is not None and declared.target and declared.target not in targets:
            targets.append(declared.target)
        fill(target, [(t, t) for t in targets], declared.target if declared else None)
        target.setEnabled(len(targets) > 1)
        target.setVisible(bool(targets))
        target.setToolTip(self.tr("Target square (the marker's square)"))

        skills: list[str] = []
        if current in (Action.SCOUT.value, Action.RESONANCE.value):
            found = choice(self.info, "skill", cid, current)
            skills = list(found.options) if found else []
        if declared is not None and declared.skill and declared.skill not in skills:
            skills.append(declared.skill)
        targets_of = self._targets(cid, current)
        items: list[tuple[str, str | None]] = []
        for name in skills:
            value = targets_of.get(name)
            items.append((f"〈{name}〉 {value}%" if value is not None else f"〈{name}〉", name))
        fill(skill, items, declared.skill if declared else None)
        skill.setVisible(bool(items))
        skill.setToolTip(self.tr("Skill rolled and its target % (the default is the highest skill, CHK-U-2)"))

        hand = playable_cards(self.state, cid, Action(current)) if current else []  # INV-4, INV-6
        card_items: list[tuple[str, str | None]] = []
        if current != Action.VISION.value:
            card_items.append((self.tr("no hand card"), None))
        card_items += [(card_text(c, lang), c) for c in hand]
        fill(card, card_items, declared.card if declared else None)
        card.setVisible(bool(hand))
        card.setToolTip(
            self.tr("Hand card played: a heart replaces the roll, a spade probes the square (INV-4, INV-6)")
        )

        fail.blockSignals(True)
        fail.setChecked(bool(declared and declared.choose_fail))
        fail.setVisible(current in (Action.SCOUT.value, Action.PRAYER.value, Action.RESONANCE.value))
        fail.blockSignals(False)

    def _targets(self, cid: str, action: str | None) -> dict[str, int]:
        """What each skill would roll against, as the engine computes it: the
        skill set with its CHK-U-3 bonuses for a scout, skill + spirit pressure
        for a resonance (INV-7)."""
        sheet = upland_sheet(self.state.characters[cid])
        if sheet is None:
            return {}
        # the step forms are the Upland's (app.rulesets): its sessions carry Upland options
        options = cast("UplandOptions", self.state.options)
        if action == Action.SCOUT.value:
            return {c.skill: c.target for c in skill_set_menu(sheet, "scout", options)}
        if action == Action.RESONANCE.value:
            bonus = sheet.spirit_pressure if options.resonance_adds_spirit_pressure else 0
            return {name: skill.value + bonus for name, skill in sheet.skills.items()}
        return {}

    def _on_action_change(self, cid: str) -> None:
        action, target, _skill, _card, _fail = self.rows[cid]
        chosen = action.currentData()
        if chosen is None:
            self.dispatch(DeclareAction(character=cid, action=None))
            return
        act = Action(chosen)
        targets = choice(self.info, "target", cid, chosen)
        square = None
        if targets is not None:
            square = target.currentData() if target.currentData() in targets.options else targets.default
        card = None
        if act is Action.VISION:
            hearts = playable_cards(self.state, cid, act)  # INV-4: a vision lays a heart
            card = hearts[0] if hearts else None
        self.dispatch(DeclareAction(character=cid, action=act, target=square, card=card))

    def _on_detail_change(self, cid: str) -> None:
        action, target, skill, card, fail = self.rows[cid]
        chosen = action.currentData()
        if chosen is None:
            return
        self.dispatch(
            DeclareAction(
                character=cid,
                action=Action(chosen),
                target=target.currentData(),
                # isHidden, not isVisible: a freshly built form is shown only
                # after the event loop runs, yet its choices already count
                skill=None if skill.isHidden() else skill.currentData(),
                card=None if card.isHidden() else card.currentData(),
                choose_fail=fail.isChecked() and not fail.isHidden(),
            )
        )

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ResolveInvestigation(dice=dice)

    def undeclared(self) -> list[tuple[str, CommandBase]]:
        return [
            (self.state.characters[cid].name, DeclareAction(character=cid, action=Action.NONE))
            for cid in undeclared(self.state)
        ]


class FollowUpForm(StepForm):
    """INV-3 critical: each scouter may learn one neighbouring square's suit."""

    def build(self) -> None:
        grid = QGridLayout()
        for row, found in enumerate(c for c in self.info.choices if c.kind == "peek"):
            cid = found.character or ""
            square, card = QComboBox(), QComboBox()
            fill(square, [(s, s) for s in found.options], found.options[0] if found.options else None)
            fill(
                card,
                [(self.tr("no hand card"), None)]
                + [(card_text(c, self.lang), c) for c in self.state.hands.get(cid, ())],
                None,
            )
            card.setToolTip(self.tr("A hand card to set on a blank square"))
            button = QPushButton(self.tr("Learn"))
            button.clicked.connect(
                lambda _c=False, who=cid, s=square, k=card: self.dispatch(
                    ScoutPeek(character=who, square=s.currentData(), card=k.currentData())
                )
            )
            self.keep(f"peek:{cid}", square)
            grid.addWidget(name_label(self.state, cid), row, 0)
            grid.addWidget(square, row, 1)
            grid.addWidget(card, row, 2)
            grid.addWidget(button, row, 3)
        self.box.addLayout(grid)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ContinueCycle()

    def resolve_text(self) -> str:
        return self.tr("Pass and continue")
