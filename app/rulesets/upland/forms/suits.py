"""♣ ♥ ♠ clubs, hearts and spades: the due obstacle, interaction or active
encounter run by its own rule (OBS / INT / ENC)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QSpinBox

from app.rulesets.upland.forms.base import fill, name_label
from app.rulesets.upland.forms.incidents import EventForm, add_obstacle_diamond
from engine.core.commands import CommandBase
from engine.upland.chs_command_types import CheckObstacle, EndEncounter, ResolveInteraction
from engine.upland.chs_event_types import effect_text
from engine.upland.facts import upland_sheet
from engine.upland.sheet import UplandSheet
from engine.upland.slice import party_of
from engine.upland.texts import card_text


def _with_odds(skill: str, sheet: UplandSheet | None) -> str:
    """A skill with the character's target % beside it (the GM sees the odds while choosing)."""
    found = sheet.skills.get(skill) if sheet is not None else None
    return f"{skill} {found.value}%" if found is not None else skill


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
        self.head, self.head_full = head, head.text()
        # the head without its rules (the dock's rules line has them): for a fight in a short dock
        self.head_short = f"{card_text(event.card, self.lang)} · {event.square} · {event.name(self.lang)}"
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
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # no skill name cut off
            sheet = upland_sheet(member)
            items: list[tuple[str, str | None]] = [(_with_odds(s, sheet), s) for s in (*row.skills, *row.disarm_skills)]
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
        here = party_of(self.state) or ""
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
        who = f"{row.ja if self.lang == 'ja' else row.en} ({' + '.join(row.count) or '—'})"
        self.seed = QLabel(f"{who}: {row.seed}")
        self.seed.setWordWrap(True)
        self.seed_texts = (self.seed.text(), who)  # the whole row, and for a fight only who comes
        self.box.addWidget(self.seed)
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
        self.amount_label = QLabel(self.tr("Threat level (defence) or hours of the stay (lodging):"))
        amount_row.addWidget(self.amount_label)
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
        # INT-2: a refused condition is a fight — the battle board as for a spade, and it
        # ends as a spade's does: defeated, or escaped by a side (ENC-10)
        from app.rulesets.upland.forms.encounter import EncounterSteps

        self.steps = EncounterSteps(self.state, self.dispatch, self.lang, self.card)
        for key, widget in self.steps.picks().items():  # unfolded stays unfolded, the attack's picks stay
            self.keep(key, widget)
        self.box.addWidget(self.steps)
        self.effect.currentIndexChanged.connect(self._fight_shown)
        self._fight_shown()

    def _fight_shown(self) -> None:
        fight = self.effect.currentData() == "combat"
        self.steps.setVisible(fight)
        for widget in (self.where, self.amount_label, self.amount, self.note):  # a fight needs none of them
            widget.setVisible(not fight)
        self.compact = fight  # the fight's rows take the dock's height
        self.head.setText(self.head_short if fight else self.head_full)
        self.seed.setText(self.seed_texts[1] if fight else self.seed_texts[0])
        # once the set-up is done the fight is on: the choice is made, and who came joins
        # the head's line, so the round's rows and the fight's end fit a 1280×720 dock as
        # a spade's do
        on = fight and self.steps.current is None
        if on:
            self.head.setText(f"{self.head_short} — {self.seed_texts[1]}")
        self.seed.setVisible(not on)
        self.effect.setVisible(not on)
        self.rolls = not on  # the fight's rows take no typed dice: the dock folds that row, as for a spade
        self.changed.emit()

    # -- ♠ ENC-10 / ENC-11: the GM's fight ends --------------------------------------------
    def _encounter(self) -> None:
        event = self.info.incident
        assert event is not None
        # the count that made the spade active in the head's line, the rules left to the
        # dock's rules line and the step's general text folded: the fight fits a short dock
        self.compact = True
        odds = self.tr("Open spades {total} against deathless points {deathless}").format(
            total=event.spade_total, deathless=event.deathless
        )
        self.head.setText(f"{self.head_short} — {odds}")
        from app.rulesets.upland.forms.encounter import EncounterSteps

        self.steps = EncounterSteps(self.state, self.dispatch, self.lang, self.card)
        self.side = self.steps.side
        for key, widget in self.steps.picks().items():  # unfolded stays unfolded, the attack's picks stay
            self.keep(key, widget)
        self.box.addWidget(self.steps)

    def resolve_command(self, dice: list[int] | None = None) -> CommandBase | None:
        if self.kind == "obstacle" and hasattr(self, "rollers"):
            rollers = [(c, combo.currentData()) for c, combo in self.rollers.items()]
            return CheckObstacle(
                card=self.card, rollers=rollers, dice=dice, rope=self.rope.isChecked(), to=self.boat_to.currentData()
            )
        if self.kind == "interaction" and hasattr(self, "effect"):
            squares = [s for s in self.where.text().replace(",", " ").split() if s]
            effect = self.effect.currentData()
            if effect == "combat":
                return None  # the fight ends through its own rows: defeated, or escaped by a side
            amount = self.amount.value() or None
            return ResolveInteraction(
                card=self.card,
                effect=effect,
                dice=dice,
                note=self.note.text(),
                path=squares if effect == "move" else [],
                to=squares[0] if effect in ("reinforcement", "scout") and squares else None,
                level=amount if effect == "defence" else None,
                stay=amount if effect == "lodging" else None,
            )
        if self.kind == "encounter" and hasattr(self, "steps"):
            # the dock's main button ends the fight only once it is on (the set-up is walked above)
            return EndEncounter(card=self.card, outcome="defeated") if self.steps.current is None else None
        return super().resolve_command(dice)

    def resolve_text(self) -> str:
        if self.kind == "encounter" and hasattr(self, "steps"):
            return self.tr("Enemy defeated")
        return super().resolve_text()
