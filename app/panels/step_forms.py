"""The choices of each procedure step, as widgets (RULES.md §3).

One form per kind of step, built from ``current_step(state)`` and the state:
it shows what the step needs decided and answers ``resolve_command()`` — the
command the stepper's Resolve button sends.  Forms never change the state
themselves: a per-row button or a changed declaration goes through the
``dispatch`` they are given (the bridge, origin "stepper").

Choices that are only the GM's pick until Resolve (where the party moves, what
each character does while waiting, who holds a sleepwalker back) live in the
widgets; :meth:`StepForm.selections` and :meth:`StepForm.restore` carry them
over when the form is rebuilt after an unrelated command.  Declarations live in
the state (``DeclareAction`` on every change), so the board's markers follow.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.core.commands import CommandBase
from engine.core.state import State
from engine.upland.commands import (
    ChooseLeave,
    ChooseMove,
    ChooseWait,
    ContinueCycle,
    DeclareAction,
    EndCycle,
    HoldBack,
    MovePursuer,
    ResolveDespair,
    ResolveIncident,
    ResolveInvestigation,
    ResolveSleepwalking,
    ScoutPeek,
    StartExploration,
    StartIncidents,
)
from engine.upland.declaration import playable_cards
from engine.upland.diamond_commands import (  # ♦ diamonds and the bone (issue 14)
    AcceptTearSpirit,
    ChooseTearSpirit,
    RollTreasure,
    SearchRemains,
    SummonTearSpirit,
    TearCombatRound,
)
from engine.upland.facts import upland_sheet
from engine.upland.investigation import undeclared
from engine.upland.procedure import Action, Declaration, StepId
from engine.upland.sheet_text import fatigue_text
from engine.upland.skills import skill_set_menu
from engine.upland.slice import cycle_now
from engine.upland.stepper import Choice, StepInfo
from engine.upland.texts import action_text, card_text, level_text, wait_text

if TYPE_CHECKING:
    from engine.upland.options import UplandOptions

Dispatch = Callable[[CommandBase], bool]


def choice(info: StepInfo, kind: str, character: str | None = None, action: str | None = None) -> Choice | None:
    for c in info.choices:
        if c.kind == kind and c.character == character and (action is None or c.action == action):
            return c
    return None


def fill(combo: QComboBox, items: Sequence[tuple[str, str | None]], current: str | None) -> None:
    """Replace a combo's items (text, data) and select ``current``, silently."""
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    index = combo.findData(current)
    combo.setCurrentIndex(index if index >= 0 else 0)
    combo.blockSignals(False)


def name_label(state: State, character: str) -> QLabel:
    """The character's name in its colour, as on the board's hand zone."""
    who = state.characters.get(character)
    if who is None:
        return QLabel(character)
    label = QLabel(f'<span style="color:{who.color}">■</span>&nbsp;<b>{html.escape(who.name)}</b>')
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class StepForm(QWidget):
    """Base of the step forms: nothing to choose, nothing to resolve."""

    # typed dice (DICE-2) apply to the Resolve command
    rolls = False

    def __init__(self, state: State, info: StepInfo, lang: str, dispatch: Dispatch) -> None:
        super().__init__()
        self.state = state
        self.info = info
        self.lang = lang
        self.dispatch = dispatch
        self._kept: dict[str, QWidget] = {}
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.build()
        self.box.addStretch(1)

    def build(self) -> None:
        """Add the step's widgets (subclasses)."""

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return None

    def resolve_text(self) -> str:
        return self.tr("Resolve")

    def undeclared(self) -> list[tuple[str, CommandBase]]:
        """Who has not declared yet, each with the command declaring "no action"."""
        return []

    # -- the GM's picks across rebuilds ----------------------------------------------------
    def keep(self, key: str, widget: QWidget) -> None:
        self._kept[key] = widget

    def selections(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, widget in self._kept.items():
            if isinstance(widget, QComboBox):
                out[key] = widget.currentData()
            elif isinstance(widget, QAbstractButton):
                out[key] = widget.isChecked()
        return out

    def restore(self, picks: dict[str, object]) -> None:
        for key, value in picks.items():
            widget = self._kept.get(key)
            if isinstance(widget, QComboBox):
                index = widget.findData(value)
                if index >= 0:
                    widget.setCurrentIndex(index)
            elif isinstance(widget, QAbstractButton) and isinstance(value, bool) and widget.isEnabled():
                widget.setChecked(value)

    def names(self, characters: Sequence[str]) -> str:
        sep = "、" if self.lang == "ja" else ", "
        return sep.join(self.info.names.get(c, c) for c in characters)


class SetupForm(StepForm):
    """CYC-1: before cycle 1 — who still lacks a sheet."""

    def build(self) -> None:
        if self.info.characters:
            label = QLabel(self.tr("Without an Upland sheet: {names}").format(names=self.names(self.info.characters)))
            label.setWordWrap(True)
            self.box.addWidget(label)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return StartExploration()

    def resolve_text(self) -> str:
        return self.tr("Start the exploration")


class RollForm(StepForm):
    """A step the engine rolls for as a whole: despair, sleepwalking, the pursuer, or
    the start of the event phase (no dice)."""

    # the command classes take their ``type`` tag by default, so they are called without it
    COMMANDS: dict[StepId, Callable[..., CommandBase]] = {
        StepId.CYCLE_DESPAIR: ResolveDespair,
        StepId.TIME_DESPAIR: ResolveDespair,
        StepId.SLEEPWALK: ResolveSleepwalking,
        StepId.PURSUER: MovePursuer,
        StepId.INCIDENT_START: StartIncidents,
    }

    def build(self) -> None:
        self.rolls = self.info.step is not StepId.INCIDENT_START
        if self.info.characters:
            label = QLabel(self.tr("Taking part: {names}").format(names=self.names(self.info.characters)))
            label.setWordWrap(True)
            self.box.addWidget(label)
        if self.info.cards:
            cards = ("、" if self.lang == "ja" else ", ").join(card_text(c, self.lang) for c in self.info.cards)
            self.box.addWidget(QLabel(self.tr("Cards: {cards}").format(cards=cards)))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        command = self.COMMANDS[self.info.step]
        if self.rolls:
            return command(dice=dice)
        return command()


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


class HoldBackForm(StepForm):
    """TIM-3: who holds each sleepwalker back (or nobody), then continue."""

    def build(self) -> None:
        cycle = cycle_now(self.state)
        walkers = cycle.sleepwalkers if cycle is not None else {}
        grid = QGridLayout()
        row = 0
        for cid, walker in walkers.items():
            grid.addWidget(name_label(self.state, cid), row, 0)
            level = QLabel(level_text(walker.level, self.lang))
            grid.addWidget(level, row, 1)
            found = choice(self.info, "holder", cid)
            if walker.held_by is not None:
                grid.addWidget(
                    QLabel(
                        self.tr("held back by {name}").format(name=self.info.names.get(walker.held_by, walker.held_by))
                    ),
                    row,
                    2,
                    1,
                    2,
                )
            elif found is None:
                grid.addWidget(QLabel(self.tr("cannot be held back")), row, 2, 1, 2)
            else:
                holder = QComboBox()
                fill(holder, [(self.info.names.get(h, h), h) for h in found.options], None)
                button = QPushButton(self.tr("Hold back"))
                button.clicked.connect(
                    lambda _c=False, w=cid, h=holder: self.dispatch(HoldBack(sleepwalker=w, holder=h.currentData()))
                )
                self.keep(f"holder:{cid}", holder)
                grid.addWidget(holder, row, 2)
                grid.addWidget(button, row, 3)
            row += 1
        self.box.addLayout(grid)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ContinueCycle()

    def resolve_text(self) -> str:
        return self.tr("Continue")


class ChooseForm(StepForm):
    """TIM-1: move (TIM-4/TIM-5), wait with each one's sleep/rest/watch (TIM-6), or
    leave at the gate (TIM-7)."""

    def build(self) -> None:
        self.move_choice = QRadioButton(self.tr("Move to"))
        self.wait = QRadioButton(self.tr("Wait one hour"))
        self.leave = QRadioButton(self.tr("Leave the Upland"))
        self.group = QButtonGroup(self)
        for button in (self.move_choice, self.wait, self.leave):
            self.group.addButton(button)
        self.move_choice.setChecked(True)
        self.leave.setEnabled(ChooseLeave().type in self.info.commands)
        self.square = QComboBox()
        moves = choice(self.info, "move")
        options = moves.options if moves else ()
        fill(self.square, [(s, s) for s in options], options[0] if options else None)
        self.card = QComboBox()
        cards: list[tuple[str, str | None]] = [(self.tr("no card for a blank square"), None)]
        for member in self.state.ordered_characters():
            for code in self.state.hands.get(member.id, ()):
                cards.append((f"{member.name}: {card_text(code, self.lang)}", f"{member.id}|{code}"))
        fill(self.card, cards, None)
        self.card.setToolTip(self.tr("Moving into a blank square, a player may set a hand card there (TIM-5)."))
        for key, widget in (
            ("mode:move", self.move_choice),
            ("mode:wait", self.wait),
            ("mode:leave", self.leave),
            ("square", self.square),
            ("card", self.card),
        ):
            self.keep(key, widget)

        top = QHBoxLayout()
        top.addWidget(self.move_choice)
        top.addWidget(self.square, 1)
        self.box.addLayout(top)
        self.box.addWidget(self.card)
        self.box.addWidget(self.wait)
        grid = QGridLayout()
        grid.setContentsMargins(18, 0, 0, 0)
        self.waits: dict[str, QComboBox] = {}
        for row, found in enumerate(c for c in self.info.choices if c.kind == "wait"):
            cid = found.character or ""
            combo = QComboBox()
            fill(combo, [(wait_text(a, self.lang), a) for a in found.options], found.default)
            self.waits[cid] = combo
            self.keep(f"wait:{cid}", combo)
            grid.addWidget(name_label(self.state, cid), row, 0)
            grid.addWidget(combo, row, 1)
        self.box.addLayout(grid)
        self.box.addWidget(self.leave)
        self.square.activated.connect(lambda _i: self.move_choice.setChecked(True))
        self.square.currentIndexChanged.connect(lambda _i: self._on_square_change())
        self._on_square_change()
        for combo in self.waits.values():
            combo.activated.connect(lambda _i: self.wait.setChecked(True))

    def _on_square_change(self) -> None:
        # TIM-5: a hand card can be set only on a blank square
        square = self.square.currentData()
        self.card.setEnabled(square is not None and not self.state.squares.get(square))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        if self.leave.isChecked():
            return ChooseLeave()
        if self.wait.isChecked():
            return ChooseWait(actions={c: box.currentData() for c, box in self.waits.items()})
        square = self.square.currentData()
        if square is None:
            return None
        picked = self.card.currentData() if self.card.isEnabled() else None
        if picked:
            by, _, code = str(picked).partition("|")
            return ChooseMove(square=square, card=code, by=by)
        return ChooseMove(square=square)


class EventForm(StepForm):
    """EVT-2/EVT-3: the due map card, resolved by hand, then marked removed, left
    face up or tapped."""

    OUTCOMES = ("removed", "left", "tapped")

    def build(self) -> None:
        event = self.info.incident
        self.buttons: dict[str, QPushButton] = {}
        if event is None:
            self.box.addWidget(QLabel(self.tr("No map card is due.")))
            return
        what = QLabel(
            self.tr("{card} on {square}: {event} ({rules})").format(
                card=card_text(event.card, self.lang),
                square=event.square,
                event=event.name(self.lang),
                rules=event.rules,
            )
        )
        what.setWordWrap(True)
        self.box.addWidget(what)
        if event.deathless is not None:
            self.box.addWidget(
                QLabel(
                    self.tr("Open spades {total} against deathless points {deathless}").format(
                        total=event.spade_total, deathless=event.deathless
                    )
                )
            )
        row = QHBoxLayout()
        texts = {
            "removed": self.tr("Resolved → removed"),
            "left": self.tr("Left face up"),
            "tapped": self.tr("Tapped"),
        }
        found = choice(self.info, "outcome")
        self.default = found.default if found is not None and found.default else "removed"
        for outcome in self.OUTCOMES:
            button = QPushButton(texts[outcome])
            button.setObjectName(f"outcome.{outcome}")
            if outcome == self.default:
                button.setStyleSheet("font-weight: bold;")
            button.clicked.connect(
                lambda _c=False, o=outcome, card=event.card: self.dispatch(ResolveIncident(card=card, outcome=o))
            )
            self.buttons[outcome] = button
            row.addWidget(button)
        self.box.addLayout(row)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        event = self.info.incident
        if event is None:
            return None
        return ResolveIncident(card=event.card, outcome=self.default)


class EndForm(StepForm):
    """END-1: each character's fatigue change over the cycle, then end it."""

    def build(self) -> None:
        cycle = cycle_now(self.state)
        start = cycle.fatigue_at_start if cycle is not None else {}
        grid = QGridLayout()
        sheets = [(m, s) for m in self.state.ordered_characters() if (s := upland_sheet(m)) is not None]
        for row, (member, sheet) in enumerate(sheets):
            now = sheet.fatigue_thirds
            before = start.get(member.id, now)
            delta = now - before
            grid.addWidget(name_label(self.state, member.id), row, 0)
            grid.addWidget(
                QLabel(
                    self.tr("fatigue {before} → {after} ({delta})").format(
                        before=fatigue_text(before),
                        after=fatigue_text(now),
                        delta=("+" if delta >= 0 else "−") + fatigue_text(abs(delta)),
                    )
                ),
                row,
                1,
            )
        self.box.addLayout(grid)
        add_obstacle_diamond(self)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return EndCycle()

    def resolve_text(self) -> str:
        return self.tr("End the cycle")


def add_obstacle_diamond(form: StepForm) -> None:
    """OBS-4: after an overcome obstacle, a ♦ (at most its strength) from a hand
    raises a remains (tear spirit) event — a row with the playable diamonds."""
    if "upland_obstacle_diamond" not in form.info.commands:
        return
    from engine.table.cards import Suit
    from engine.upland.chs_command_types import PlayObstacleDiamond
    from engine.upland.facts import strength, suit_of
    from engine.upland.obstacle import overcome_obstacle

    club = overcome_obstacle(form.state)
    if club is None:
        return
    cap = strength(form.state, club)
    playable = [
        (f"{form.state.characters[cid].name}: {card_text(card, form.lang)}", f"{cid} {card}")
        for cid, hand in form.state.hands.items()
        if cid in form.state.characters
        for card in hand
        if suit_of(card) is Suit.DIAMONDS and strength(form.state, card) <= cap
    ]
    if not playable:
        return
    row = QHBoxLayout()
    row.addWidget(
        QLabel(
            QCoreApplication.translate("ObstacleDiamond", "A diamond after {card} (OBS-4):").format(
                card=card_text(club, form.lang)
            )
        )
    )
    combo = QComboBox()
    combo.setObjectName("obstacle.diamond")
    fill(combo, [(text, value) for text, value in playable], playable[0][1])
    row.addWidget(combo)
    play = QPushButton(QCoreApplication.translate("ObstacleDiamond", "Play it"))
    play.setObjectName("obstacle.diamond.play")

    def _play() -> None:
        holder, diamond = str(combo.currentData()).split()
        form.dispatch(PlayObstacleDiamond(card=club, holder=holder, diamond=diamond))

    play.clicked.connect(_play)
    row.addWidget(play)
    form.box.addLayout(row)


FORMS: dict[StepId, type[StepForm]] = {
    StepId.SETUP: SetupForm,
    StepId.CYCLE_DESPAIR: RollForm,
    StepId.DECLARE: DeclareForm,
    StepId.FOLLOW_UP: FollowUpForm,
    StepId.TIME_DESPAIR: RollForm,
    StepId.SLEEPWALK: RollForm,
    StepId.HOLD_BACK: HoldBackForm,
    StepId.CHOOSE: ChooseForm,
    StepId.PURSUER: RollForm,
    StepId.INCIDENT_START: RollForm,
    StepId.INCIDENT_RESOLVE: EventForm,
    StepId.END: EndForm,
}


def form_for(state: State, info: StepInfo, lang: str, dispatch: Dispatch) -> StepForm:
    """The form of ``info``'s step (a bare one for the night and after leaving)."""
    return FORMS.get(info.step, StepForm)(state, info, lang, dispatch)


__all__ = ["FORMS", "StepForm", "form_for"]


# ♣ ♥ ♠ clubs, hearts and spades (issue 14)
class SuitEventForm(EventForm):
    """OBS / INT / ENC: the due club, heart or active spade run by its own rule —
    who rolls what, the dice (typed or the session's) and the outcome in the
    log with its rule ID; other cards keep :class:`EventForm`'s hand outcomes."""

    def build(self) -> None:
        event = self.info.incident
        self.kind = event.kind if event is not None else ""
        if event is None or not (
            self.kind in ("obstacle", "interaction") or (self.kind == "encounter" and event.active)
        ):
            super().build()
            return
        self.card = event.card
        head = QLabel(
            self.tr("{card} on {square}: {event} ({rules})").format(
                card=card_text(event.card, self.lang),
                square=event.square,
                event=event.name(self.lang),
                rules=", ".join(self.info.rules),
            )
        )
        head.setWordWrap(True)
        self.box.addWidget(head)
        if self.kind == "obstacle":
            self._obstacle()
        elif self.kind == "interaction":
            self._interaction()
        else:
            self._encounter()
        add_obstacle_diamond(self)  # OBS-4: a ♦ after an obstacle overcome above

    # -- ♣ OBS-5: each character's skill (or decline on a simultaneous check) ----------------
    def _obstacle(self) -> None:
        from engine.upland.facts import strength
        from engine.upland.obstacle_table import obstacle_table

        self.rolls = True
        row = obstacle_table().row(strength(self.state, self.card))
        seed = QLabel(f"{row.name(self.lang)}: {row.seed}")
        seed.setWordWrap(True)
        self.box.addWidget(seed)
        self.rollers: dict[str, QComboBox] = {}
        grid = QGridLayout()
        for index, member in enumerate(m for m in self.state.ordered_characters() if m.sheet is not None):
            combo = QComboBox()
            combo.setObjectName(f"obstacle.skill.{member.id}")
            items: list[tuple[str, str | None]] = [(s, s) for s in (*row.skills, *row.disarm_skills)]
            if row.simultaneous:
                items.append((self.tr("Decline (a failure without a roll)"), None))
            fill(combo, items, row.skills[0])
            grid.addWidget(name_label(self.state, member.id), index, 0)
            grid.addWidget(combo, index, 1)
            self.rollers[member.id] = combo
            self.keep(f"obstacle.{member.id}", combo)
        self.box.addLayout(grid)
        # OBS-6: the rope (crevasse, river) and the boat's square on twice the requirement
        self.rope = QCheckBox(self.tr("The party has a rope (OBS-6)"))
        self.rope.setObjectName("obstacle.rope")
        self.rope.setVisible(row.strength in (9, 11))
        self.keep("obstacle.rope", self.rope)
        self.box.addWidget(self.rope)
        self.boat_to = QComboBox()
        self.boat_to.setObjectName("obstacle.boat_to")
        here = self.state.party or ""
        fill(
            self.boat_to,
            [(self.tr("Stay (no square named)"), None)]
            + [(sq, sq) for sq in (self.state.grid.orthogonal(here) if here else ())],
            None,
        )
        self.boat_to.setVisible(row.strength == 12)
        self.box.addWidget(self.boat_to)

    # -- ♥ INT-1: the row's effects (and combat, or a named card effect's cancel) -----------
    def _interaction(self) -> None:
        from PySide6.QtWidgets import QLineEdit

        from engine.upland.interaction import interaction_row

        self.rolls = True
        row = interaction_row(self.card)
        seed = QLabel(f"{row.ja if self.lang == 'ja' else row.en} ({' + '.join(row.count) or '—'}): {row.seed}")
        seed.setWordWrap(True)
        self.box.addWidget(seed)
        self.effect = QComboBox()
        self.effect.setObjectName("interaction.effect")
        kinds = [e.kind for e in row.effects]
        items: list[tuple[str, str | None]] = [
            (effect_text(e.kind, self.lang) + (f" ({e.n})" if e.n else ""), e.kind) for e in row.effects
        ]
        items += [
            (self.tr("Combat (condition refused)"), "combat"),
            (self.tr("Cancelled by a card effect"), "cancelled"),
        ]
        fill(self.effect, items, kinds[0])
        self.keep("interaction.effect", self.effect)
        self.box.addWidget(self.effect)
        self.where = QLineEdit()
        self.where.setObjectName("interaction.squares")
        self.where.setPlaceholderText(self.tr("Squares: the move's path, or the reinforcement's square"))
        self.box.addWidget(self.where)
        amount_row = QHBoxLayout()
        amount_row.addWidget(QLabel(self.tr("Threat level (defence) or hours of the stay (lodging):")))
        self.amount = QSpinBox()
        self.amount.setObjectName("interaction.amount")
        self.amount.setRange(0, 99)
        self.amount.setSpecialValueText(self.tr("none"))
        self.keep("interaction.amount", self.amount)
        amount_row.addWidget(self.amount)
        self.box.addLayout(amount_row)
        self.note = QLineEdit()
        self.note.setObjectName("interaction.note")
        self.note.setPlaceholderText(self.tr("Note (the card effect that cancels it)"))
        self.box.addWidget(self.note)
        self.won = QCheckBox(self.tr("Combat: the party beat the group (INT-2)"))
        self.won.setObjectName("interaction.won")
        self.keep("interaction.won", self.won)
        self.box.addWidget(self.won)

    # -- ♠ ENC-10 / ENC-11: the GM's fight ends --------------------------------------------
    def _encounter(self) -> None:
        event = self.info.incident
        assert event is not None
        self.box.addWidget(
            QLabel(
                self.tr("Open spades {total} against deathless points {deathless}").format(
                    total=event.spade_total, deathless=event.deathless
                )
            )
        )
        self.box.addWidget(QLabel(self.tr("Set up the battle board (ENC-2 … ENC-9); the fight is the GM's.")))
        self.side = QComboBox()
        self.side.setObjectName("encounter.side")
        fill(
            self.side,
            [(self.tr("Side counted on the battle board"), None)]
            + [(s, s) for s in ("north", "east", "south", "west")],
            None,
        )
        row = QHBoxLayout()
        defeated = QPushButton(self.tr("Enemy defeated"))
        defeated.setObjectName("encounter.defeated")
        defeated.clicked.connect(lambda: self.dispatch(EndEncounter(card=self.card, outcome="defeated")))
        escaped = QPushButton(self.tr("The party left the maps"))
        escaped.setObjectName("encounter.escaped")
        escaped.clicked.connect(
            lambda: self.dispatch(EndEncounter(card=self.card, outcome="escaped", side=self.side.currentData()))
        )
        row.addWidget(defeated)
        row.addWidget(escaped)
        row.addWidget(self.side)
        self.box.addLayout(row)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        if self.kind == "obstacle" and hasattr(self, "rollers"):
            rollers = [(c, combo.currentData()) for c, combo in self.rollers.items()]
            return CheckObstacle(
                card=self.card, rollers=rollers, dice=dice, rope=self.rope.isChecked(), to=self.boat_to.currentData()
            )
        if self.kind == "interaction" and hasattr(self, "effect"):
            squares = [s for s in self.where.text().replace(",", " ").split() if s]
            effect = self.effect.currentData()
            amount = self.amount.value() or None
            return ResolveInteraction(
                card=self.card,
                effect=effect,
                dice=dice,
                note=self.note.text(),
                won=effect == "combat" and self.won.isChecked(),
                path=squares if effect == "move" else [],
                to=squares[0] if effect in ("reinforcement", "scout") and squares else None,
                level=amount if effect == "defence" else None,
                stay=amount if effect == "lodging" else None,
            )
        if self.kind == "encounter" and hasattr(self, "side"):
            return EndEncounter(card=self.card, outcome="defeated")
        return super().resolve_command(dice)


from engine.upland.chs_command_types import CheckObstacle, EndEncounter, ResolveInteraction  # noqa: E402
from engine.upland.chs_event_types import effect_text  # noqa: E402

FORMS[StepId.INCIDENT_RESOLVE] = SuitEventForm


# ♦ diamonds and the bone (issue 14) ------------------------------------------------------
class DiamondForm(StepForm):
    """Base of the ♦ stage forms: the card, the spirit's numbers and the treasures
    found so far (the outcome of each roll is in the log with its rule ID), then
    one row per character — a check box (takes part) and a combo (what it rolls)."""

    rolls = True

    def status(self) -> None:
        cycle = cycle_now(self.state)
        if cycle is None:
            return
        counts = self.info.counts
        if self.info.cards:
            self.box.addWidget(QLabel(self.tr("Card: {card}").format(card=card_text(self.info.cards[0], self.lang))))
        tear = cycle.diamonds.tear
        if tear is not None:
            text = self.tr("Tear spirit: strength {strength}, Call {call}").format(
                strength=tear.strength, call=tear.call
            )
            if tear.pow is not None:
                text += self.tr(", POW {pow}, MP {mp}, rounds fought {round}").format(
                    pow=tear.pow, mp=tear.mp, round=tear.round
                )
            if tear.target:
                text += self.tr(" — attacks {name}").format(name=self.names([tear.target]))
            label = QLabel(text)
            label.setObjectName("diamond.status")
            label.setWordWrap(True)
            self.box.addWidget(label)
        if "cap" in counts:
            self.box.addWidget(QLabel(self.tr("Treasure cap: {cap}").format(cap=counts["cap"])))

    def rows(self, kind: str, box_text: str, checked: bool = True, fixed: bool = False) -> None:
        """One row per character that has a ``kind`` choice: check box (``fixed``:
        always ticked, e.g. the target's strike) + combo."""
        self.checks: dict[str, QCheckBox] = getattr(self, "checks", {})
        self.combos: dict[str, QComboBox] = getattr(self, "combos", {})
        grid = QGridLayout()
        row = 0
        for item in self.info.choices:
            if item.kind != kind or item.character is None:
                continue
            who = item.character
            grid.addWidget(name_label(self.state, who), row, 0)
            check = QCheckBox(box_text)
            check.setObjectName(f"{kind}.{who}")
            check.setChecked(checked or fixed)
            check.setEnabled(not fixed)
            self.keep(f"{kind}.check.{who}", check)
            self.checks[f"{kind}.{who}"] = check
            grid.addWidget(check, row, 1)
            combo = QComboBox()
            combo.setObjectName(f"{kind}.skill.{who}")
            fill(combo, [(self._item_text(kind, o), o) for o in item.options], item.default)
            self.keep(f"{kind}.combo.{who}", combo)
            self.combos[f"{kind}.{who}"] = combo
            grid.addWidget(combo, row, 2)
            row += 1
        self.box.addLayout(grid)

    def _item_text(self, kind: str, option: str) -> str:
        if kind in ("heart", "diamond"):
            return card_text(option, self.lang)
        words = {
            "mp": self.tr("MP"),
            "death_rite": self.tr("Death Rite"),
            "none": self.tr("no roll"),
            "up": self.tr("roll, raise"),
            "down": self.tr("roll, lower"),
        }
        return words.get(option, option)

    def picked(self, kind: str) -> dict[str, str | None]:
        """The characters ticked for ``kind`` and their combo's pick."""
        out: dict[str, str | None] = {}
        for key, check in getattr(self, "checks", {}).items():
            head, _, who = key.partition(".")
            if head == kind and check.isChecked():
                out[who] = self.combos[key].currentData()
        return out


class RemainsForm(DiamondForm):
    """REM-1/REM-2: who searches (1 fatigue each) with which 〈慰霊〉 skill, and a
    heart replacing a roll."""

    def build(self) -> None:
        self.status()
        self.rows("skill", self.tr("searches (1 fatigue)"))
        self.rows("heart", self.tr("plays a heart"), checked=False)
        add_obstacle_diamond(self)  # OBS-4: a ♦ after the obstacle above goes first

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        skills = {c: s for c, s in self.picked("skill").items() if s}
        hearts = {c: h for c, h in self.picked("heart").items() if h and c in skills}
        return SearchRemains(searchers=list(skills), skills=skills, hearts=hearts, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Search for remains")


class TearChoiceForm(DiamondForm):
    """TEAR-1: fight (summoning first) or accept."""

    rolls = False

    def build(self) -> None:
        self.status()
        row = QHBoxLayout()
        for mode, text in (("combat", self.tr("Fight it")), ("accept", self.tr("Accept it"))):
            button = QPushButton(text)
            button.setObjectName(f"tear.{mode}")
            button.clicked.connect(lambda _c=False, m=mode: self.dispatch(ChooseTearSpirit(mode=m)))
            row.addWidget(button)
        self.box.addLayout(row)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        return ChooseTearSpirit(mode="combat")

    def resolve_text(self) -> str:
        return self.tr("Fight it")


class SummonForm(DiamondForm):
    """TEAR-2 (BONE-1): the summoners and their skills."""

    def build(self) -> None:
        self.status()
        self.rows("summon", self.tr("summons"), checked=False)
        first = next(iter(getattr(self, "checks", {}).values()), None)
        if first is not None:
            first.setChecked(True)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        summoners = {c: s for c, s in self.picked("summon").items() if s}
        return SummonTearSpirit(summoners=summoners, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Summon the tear spirit")


class TearCombatForm(DiamondForm):
    """TEAR-3 … TEAR-5: the target's strike (MP or 〈死祭り〉) and the taunters."""

    def build(self) -> None:
        self.status()
        self.rows("strike", self.tr("strikes back with"), fixed=True)
        self.rows("taunt", self.tr("taunts"), checked=False)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        strike = next(iter(self.picked("strike").values()), "mp")
        taunts = {c: s for c, s in self.picked("taunt").items() if s}
        return TearCombatRound(death_rite=strike == "death_rite", taunts=taunts, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Fight a round")


class AcceptForm(DiamondForm):
    """TEAR-6: who rolls 〈死祭り〉, and which way its spirit pressure moves."""

    def build(self) -> None:
        self.status()
        self.rows("adjust", self.tr("Death Rite"))

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        adjust = {c: d for c, d in self.picked("adjust").items() if d in ("up", "down")}
        return AcceptTearSpirit(adjust=adjust, dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Accept the tear spirit")


class TreasureForm(DiamondForm):
    """TRS-1 … TRS-3: who rolls 〈目星〉 (1 fatigue each), or a ♦ from a hand as
    the rank (ENC-11)."""

    def build(self) -> None:
        self.status()
        self.rows("notice", self.tr("Notice (1 fatigue)"), checked=False)
        self.rows("diamond", self.tr("plays a diamond as the rank"), checked=False)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        played = [(c, d) for c, d in self.picked("diamond").items() if d]
        if played:
            holder, card = played[0]
            return RollTreasure(card=card, holder=holder, dice=dice)
        return RollTreasure(searchers=self.picked("notice"), dice=dice)

    def resolve_text(self) -> str:
        return self.tr("Roll for treasure")


FORMS[StepId.REMAINS] = RemainsForm
FORMS[StepId.TEAR_CHOICE] = TearChoiceForm
FORMS[StepId.TEAR_SUMMON] = SummonForm
FORMS[StepId.TEAR_COMBAT] = TearCombatForm
FORMS[StepId.TEAR_ACCEPT] = AcceptForm
FORMS[StepId.TREASURE] = TreasureForm
