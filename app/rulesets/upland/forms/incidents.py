"""The event phase's hand outcome form (the GM picks each incident's outcome)
and the OBS-4 diamond row after an overcome obstacle."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton

from app.rulesets.upland.forms.base import StepForm, choice, fill
from engine.core.commands import CommandBase
from engine.upland.commands import ResolveIncident
from engine.upland.texts import card_text


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
        texts = {"removed": self.tr("Resolved → removed"), "left": self.tr("Left face up"), "tapped": self.tr("Tapped")}
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
