"""The Upland encounter walked in the 進行 dock, from the active ♠ to the
treasure: each set-up step one button and one undo step with the current one
marked (ENC-2…ENC-8), the rounds with a surprised character (ENC-8), the end
asked as defeated or escaped (ENC-10) and the treasure coming up (TRS-1); a
refused ♥ offers the same board (INT-2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLabel, QPushButton, QSpinBox, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.rulesets.upland import battle as upland_battle
from app.rulesets.upland.forms import SuitEventForm
from app.rulesets.upland.forms.diamonds import TreasureForm
from app.rulesets.upland.forms.encounter import EncounterSteps
from app.rulesets.upland.stepper import StepperPanel
from engine.core.roll_log import records_of
from engine.hexbattle.slot import battle_of
from engine.upland.commands import ChooseWait, ResolveInvestigation, StartIncidents
from engine.upland.encounter_commands import SETUP_ORDER, current_setup_step
from engine.upland.procedure import StepId
from engine.upland.slice import cycle_now, encounter_of
from tests.engine.upland_support import lay, upland_session

T = TypeVar("T", bound=QWidget)


def due(card: str, lang: str = "ja") -> SessionBridge:
    session = upland_session()
    lay(session, "C5", card)
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    return SessionBridge(session, lang=lang)


@pytest.fixture
def spade(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[StepperPanel, SessionBridge]]:
    # the appearance and enemy dialogs are answered as the GM would: OK with what they offer
    monkeypatch.setattr(upland_battle.AppearanceDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(upland_battle.EnemiesDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    bridge = due("9S")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.resize(520, 760)
    widget.show()
    yield widget, bridge


def shown(widget: StepperPanel, kind: type[T], name: str) -> T:
    """The visible child ``name`` (a rebuilt form's old widgets linger hidden until deleted)."""
    QApplication.processEvents()  # the rebuilt form's widgets are shown by posted events
    found = [w for w in widget.findChildren(kind, name) if w.isVisible()]
    assert len(found) == 1, (name, found)
    return found[0]


def steps(widget: StepperPanel) -> EncounterSteps:
    return shown(widget, EncounterSteps, "encounter.steps")


def click(qtbot: QtBot, widget: StepperPanel, name: str) -> None:
    button = shown(widget, QPushButton, name)
    assert button.isEnabled(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def set_up_the_fight(qtbot: QtBot, widget: StepperPanel) -> None:
    """Every set-up step clicked in the dock, in order (ENC-2…ENC-8): the fight is on."""
    for step in SETUP_ORDER:
        click(qtbot, widget, f"encounter.step.{step}")


def log(bridge: SessionBridge) -> str:
    return "\n".join(e.describe("ja") for entry in bridge.session.done for e in entry.events)


def test_the_dock_walks_the_set_up_one_undoable_command_a_step(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-2, ENC-3, ENC-4, ENC-5, ENC-7, ENC-8
    widget, bridge = spade
    form = widget.form
    assert isinstance(form, SuitEventForm) and form.kind == "encounter"
    for step in SETUP_ORDER:
        walked = steps(widget)
        assert walked.current == step == current_setup_step(bridge.state)
        mark = walked.findChild(QLabel, f"encounter.mark.{step}")
        assert mark is not None and mark.text() == "▶"  # the current step is marked
        before = len(bridge.session.done)
        click(qtbot, widget, f"encounter.step.{step}")
        assert len(bridge.session.done) == before + 1, step  # one command, one undo step
    assert steps(widget).current is None  # the fight is on
    assert all(steps(widget).findChild(QLabel, f"encounter.mark.{s}").text() == "✓" for s in SETUP_ORDER)  # type: ignore[union-attr]
    assert encounter_of(bridge.state).round == 1
    bridge.undo()  # the round undone: the dock marks it current again
    assert steps(widget).current == "upland_start_battle_round"
    # the players' names, not the tokens' ids, in every line the set-up wrote
    assert "pc-c" not in log(bridge) and "enemy-" not in log(bridge)


def test_the_appearance_rolls_appear_as_rolls_under_each_characters_name(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-5 (DICE-1: every roll seen)
    widget, bridge = spade
    for step in SETUP_ORDER[:5]:
        click(qtbot, widget, f"encounter.step.{step}")
    records = records_of(bridge.session.done[-1].events)
    names = {c.name for c in bridge.state.characters.values()}
    assert {r.by for r in records} <= names and len(records) == 5  # four checks and the table die
    assert encounter_of(bridge.state).appearance.strength == 9  # type: ignore[union-attr]  # the spade's, no dialog typing


def test_two_rounds_with_a_surprised_character_then_defeated_brings_the_treasure_up(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-8, ENC-10, TRS-1
    widget, bridge = spade
    for step in SETUP_ORDER[:4]:
        click(qtbot, widget, f"encounter.step.{step}")
    from engine.upland.encounter_commands import ApplySrDelays, PlaceEnemies, RollAppearance, StartBattleRound

    declarations = {t.id: "sight" for t in battle_of(bridge.state).characters()}  # type: ignore[union-attr]
    assert bridge.dispatch(RollAppearance(declarations=declarations, dice=[10, 90, 95, 99, 3]))  # type: ignore[arg-type]
    assert bridge.dispatch(PlaceEnemies(count=2))
    assert bridge.dispatch(ApplySrDelays())
    assert bridge.dispatch(StartBattleRound())
    delays = encounter_of(bridge.state).sr_delays
    late = max(delays, key=lambda t: delays[t])
    attacked = shown(widget, QComboBox, "encounter.attacked")
    sr = shown(widget, QSpinBox, "encounter.strike_rank")
    attacked.setCurrentIndex(attacked.findData(late))
    sr.setValue(1)
    click(qtbot, widget, "encounter.attack")
    assert encounter_of(bridge.state).surprised == (late,)
    assert "不意打ち（ENC-8）" in log(bridge)
    click(qtbot, widget, "encounter.next_round")
    assert encounter_of(bridge.state).round == 2
    click(qtbot, widget, "encounter.defeated")
    assert cycle_now(bridge.state).step is StepId.TREASURE  # type: ignore[union-attr]
    assert isinstance(widget.form, TreasureForm)  # the treasure comes up in the dock
    qtbot.mouseClick(widget.resolve_button, Qt.MouseButton.LeftButton)
    assert "9S" in bridge.state.discard and "宝物" in log(bridge)


def test_an_attacks_picks_stay_chosen_for_the_next_attack(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-8 — a round of many attacks: who is attacked, by whom and at which strike rank stay as picked
    widget, bridge = spade
    set_up_the_fight(qtbot, widget)
    attacked = shown(widget, QComboBox, "encounter.attacked")
    attacker = shown(widget, QComboBox, "encounter.attacker")
    second, enemy = attacked.itemData(1), attacker.itemData(2)
    attacked.setCurrentIndex(1)
    attacker.setCurrentIndex(2)
    shown(widget, QSpinBox, "encounter.strike_rank").setValue(7)
    before = len(bridge.session.done)
    click(qtbot, widget, "encounter.attack")
    assert len(bridge.session.done) == before + 1
    # the dock builds its form again whenever the battle board changes (a token moved, someone surprised)
    widget.sync_from_state()
    assert shown(widget, QComboBox, "encounter.attacked") is not attacked
    assert shown(widget, QComboBox, "encounter.attacked").currentData() == second
    assert shown(widget, QComboBox, "encounter.attacker").currentData() == enemy
    assert shown(widget, QSpinBox, "encounter.strike_rank").value() == 7


def test_the_escape_asks_the_side_and_leaving_by_it_ends_the_event_phase(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-10
    widget, bridge = spade
    side = shown(widget, QComboBox, "encounter.side")
    assert [side.itemData(i) for i in range(side.count())] == [None, "north", "east", "south", "west"]
    side.setCurrentIndex(side.findData("west"))
    click(qtbot, widget, "encounter.escaped")
    assert cycle_now(bridge.state).escape_to == "B5"  # type: ignore[union-attr]


def test_nobody_drifting_is_an_outcome_not_a_refusal(qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]) -> None:
    # rule: ENC-4
    widget, bridge = spade
    refused: list[object] = []
    bridge.refused.connect(lambda *args: refused.append(args))
    for step in SETUP_ORDER[:3]:
        click(qtbot, widget, f"encounter.step.{step}")
    for character in bridge.state.characters.values():  # nobody at spirit pressure 10
        assert character.sheet is not None and character.sheet.spirit_pressure < 10  # type: ignore[attr-defined]
    click(qtbot, widget, "encounter.step.battle_drift")
    assert not refused and "誰も移動しません" in log(bridge)
    assert steps(widget).current == "roll_appearance"


def test_a_refused_heart_offers_the_battle_board_as_a_spade_does(qtbot: QtBot) -> None:
    # rule: INT-2
    bridge = due("4H")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    effect = widget.findChild(QComboBox, "interaction.effect")
    assert effect is not None
    board = widget.findChild(EncounterSteps, "encounter.steps")
    assert board is not None and not board.isVisible()
    effect.setCurrentIndex(effect.findData("combat"))
    assert board.isVisible()
    click(qtbot, widget, "encounter.step.open_battle")
    assert battle_of(bridge.state) is not None
    assert steps(widget).current == "lay_out_zones"  # the refused heart's fight goes on in the dock


def test_the_choices_show_each_characters_odds(qtbot: QtBot) -> None:
    # rule: OBS-5, ENC-5 — the skill's target % beside its name, the name whole
    bridge = due("10C")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.show()
    combo = shown(widget, QComboBox, "obstacle.skill.c1")
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert any(text.endswith("%") for text in texts), texts
    assert combo.width() >= combo.fontMetrics().horizontalAdvance(max(texts, key=len))
    spade_bridge = due("9S")
    from engine.hexbattle.commands import OpenBattle
    from engine.upland.encounter_commands import LayOutZones, PlaceMarchingOrder

    for command in (OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds"), LayOutZones(), PlaceMarchingOrder()):
        assert spade_bridge.dispatch(command)
    dialog = upland_battle.AppearanceDialog(spade_bridge.state)
    qtbot.addWidget(dialog)
    assert dialog.strength.value() == 9 and not dialog.reason.isEnabled()  # the active spade's strength
    sight = next(iter(dialog.skills.values()))
    assert [sight.itemText(i) for i in range(sight.count())] == ["Sight 50%", "Listen 40%"]
    dialog.strength.setValue(1)
    assert dialog.reason.isEnabled()  # another strength needs its reason


def test_the_battles_rolls_are_under_the_logs_rolls_filter_and_each_characters(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-4, ENC-5, ENC-7 (DICE-1: every roll seen)
    from app.panels.log_filter import Kind, record_facts
    from engine.upland.encounter_commands import Drift

    widget, bridge = spade
    for step in SETUP_ORDER[:3]:
        click(qtbot, widget, f"encounter.step.{step}")
    assert bridge.dispatch(Drift(pressures={"pc-c1": 12}))  # アイリン drifts once
    for step in SETUP_ORDER[4:6]:
        click(qtbot, widget, f"encounter.step.{step}")
    drift, appearance, enemies = bridge.session.done[-3:]
    for entry in (drift, appearance, enemies):
        assert Kind.ROLLS in record_facts("do", entry).kinds, entry.command.type
    assert "c1" in record_facts("do", drift).characters
    assert set(bridge.state.characters) <= record_facts("do", appearance).characters
    assert record_facts("do", appearance).secret_lines  # the table die: the GM's until the enemies are shown


def test_the_players_roll_feed_names_each_appearance_roller_and_keeps_the_table_die_secret(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-5, ENC-9
    from app.projector import ProjectorWindow

    widget, bridge = spade
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)
    projector.show()
    for step in SETUP_ORDER[:5]:
        click(qtbot, widget, f"encounter.step.{step}")
    lines = projector.feed.lines()
    names = [c.name for c in bridge.state.characters.values()]
    assert all(any(line.startswith(f"{name}:") and "1D100" in line for line in lines) for name in names), lines
    assert not any("1D9" in line for line in lines)  # the table die names the row: not the players'


@pytest.fixture
def heart(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[StepperPanel, SessionBridge]]:
    """A 9♥ due, its condition refused in the dock: the fight's rows are shown."""
    monkeypatch.setattr(upland_battle.AppearanceDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(upland_battle.EnemiesDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    from app.i18n import Translations

    translations = Translations(QApplication.instance())  # type: ignore[arg-type]
    translations.install("ja")  # the GM's words
    bridge = due("9H")
    widget = StepperPanel(bridge)
    qtbot.addWidget(widget)
    widget.resize(520, 760)
    widget.show()
    effect = shown(widget, QComboBox, "interaction.effect")
    assert widget.resolve_button.isEnabled()  # the row's first effect resolves with the main button
    effect.setCurrentIndex(effect.findData("combat"))
    yield widget, bridge
    translations.install("en")


def test_a_refused_hearts_fight_ends_through_defeated_not_a_won_checkbox(
    qtbot: QtBot, heart: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: INT-2, ENC-10 (a ♥'s fight gives no treasure: TRS-1 is the encounter's)
    widget, bridge = heart
    assert not widget.resolve_button.isEnabled()  # a fight is not "resolved": it ends in its rows
    assert not [w for w in widget.findChildren(QWidget, "interaction.won") if w.isVisible()]
    set_up_the_fight(qtbot, widget)
    assert steps(widget).current is None  # the fight is on
    assert shown(widget, QPushButton, "encounter.defeated").text() == "集団を撃破（INT-2）"  # what a ♥'s win gives
    click(qtbot, widget, "encounter.defeated")
    cycle = cycle_now(bridge.state)
    assert cycle is not None and cycle.beaten_interactions == (9,)
    assert cycle.step is not StepId.TREASURE and not isinstance(widget.form, TreasureForm)
    assert "9H" in bridge.state.discard and "ハートの9の敵を撃破しました" in log(bridge)


def test_a_refused_hearts_fight_escaped_by_a_side_ends_the_event_phase(
    qtbot: QtBot, heart: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: INT-2, ENC-10
    widget, bridge = heart
    click(qtbot, widget, "encounter.step.open_battle")
    side = shown(widget, QComboBox, "encounter.side")
    side.setCurrentIndex(side.findData("west"))
    click(qtbot, widget, "encounter.escaped")
    cycle = cycle_now(bridge.state)
    assert cycle is not None and cycle.escape_to == "B5" and cycle.step is StepId.END
    assert cycle.beaten_interactions == () and "9H" in bridge.state.discard


def _wheel(target: QWidget, steps: int = -3) -> None:
    """A real wheel event over the middle of ``target`` (negative: scroll down)."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    local = QPointF(target.width() / 2, target.height() / 2)
    event = QWheelEvent(
        local,
        QPointF(target.mapToGlobal(local.toPoint())),
        QPoint(),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(target, event)


def test_the_wheel_over_an_unfocused_box_scrolls_the_dock_and_leaves_the_choice(
    qtbot: QtBot, spade: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-2 (the maps the battle opens on are the GM's choice, never the wheel's)
    widget, _bridge = spade
    widget.resize(360, 300)  # a short dock: the form scrolls
    QApplication.processEvents()
    bar = widget.form_scroll.verticalScrollBar()
    assert bar.maximum() > 0
    map1 = shown(widget, QComboBox, "encounter.map1")
    widget.form_scroll.ensureWidgetVisible(map1)
    QApplication.processEvents()
    before, scrolled = map1.currentIndex(), bar.value()
    assert not map1.hasFocus() and scrolled < bar.maximum()
    _wheel(map1, -1)  # down: towards the fight's rows
    assert map1.currentIndex() == before  # the choice stays
    assert bar.value() > scrolled  # the dock scrolled instead
    assert map1.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel does not focus it either
    widget.activateWindow()
    map1.setFocus()
    qtbot.waitUntil(map1.hasFocus)
    _wheel(map1, -1)
    assert map1.currentIndex() != before  # focused, the wheel turns it as in any Qt form


@pytest.mark.parametrize("card", ["9S", "9H"])
def test_the_fight_fits_the_dock_of_a_1280_by_720_window_without_scrolling(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, card: str
) -> None:
    # rule: ENC-8, ENC-10, INT-2 (the round's rows and the fight's end in sight beside the board,
    # for an active spade and for a heart whose condition was refused)
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.store import RecentFiles

    monkeypatch.setattr(upland_battle.AppearanceDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(upland_battle.EnemiesDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    bridge = due(card)
    window = MainWindow(bridge, SessionController(bridge, RecentFiles()), prompts=Prompts())
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    panel = window.stepper
    assert isinstance(panel, StepperPanel)
    if card == "9H":
        effect = shown(panel, QComboBox, "interaction.effect")
        effect.setCurrentIndex(effect.findData("combat"))
    set_up_the_fight(qtbot, panel)
    QApplication.processEvents()
    assert steps(panel).current is None  # the fight is on
    assert shown(panel, QToolButton, "encounter.setup_toggle").text().endswith("done")  # the set-up folded
    assert panel.form_scroll.verticalScrollBar().maximum() == 0  # every row in sight
    for name in ("encounter.next_round", "encounter.attack", "encounter.defeated", "encounter.escaped"):
        button = shown(panel, QPushButton, name)
        top = button.mapTo(panel.form_scroll.viewport(), button.rect().bottomLeft()).y()
        assert 0 <= top <= panel.form_scroll.viewport().height(), name


def test_the_players_banner_reads_the_battle_round_during_the_fight(
    qtbot: QtBot, heart: tuple[StepperPanel, SessionBridge]
) -> None:
    # rule: ENC-8 (the round is public: the players see which one is being fought)
    from app.projector import ProjectorWindow

    widget, bridge = heart
    set_up_the_fight(qtbot, widget)
    click(qtbot, widget, "encounter.next_round")
    players = ProjectorWindow(bridge)
    qtbot.addWidget(players)
    assert players.banner.text().endswith("（戦闘ラウンド 2）")
    click(qtbot, widget, "encounter.defeated")  # the fight over: the banner says the phase alone
    assert "戦闘ラウンド" not in players.banner.text()


def test_the_appearance_dialog_chooses_each_explorers_better_sense(qtbot: QtBot) -> None:
    # rule: ENC-5 — an explorer without 視力 but with 聞き耳 is not sent to roll 視力 at 0%
    from engine.hexbattle.commands import OpenBattle
    from engine.upland.encounter_commands import LayOutZones, PlaceMarchingOrder
    from engine.upland.sheet import Skill
    from tests.engine.upland_support import sheet

    session = upland_session(sheets={"c2": sheet(skills={"聞き耳": Skill(value=45)})})
    lay(session, "C5", "9S")
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    for command in (OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds"), LayOutZones(), PlaceMarchingOrder()):
        session.dispatch(command)
    dialog = upland_battle.AppearanceDialog(session.state)
    qtbot.addWidget(dialog)
    chosen = {token: combo.currentData() for token, combo in dialog.skills.items()}
    assert chosen["pc-c2"] == "listen" and chosen["pc-c1"] == "sight"  # 視力 50 over 聞き耳 40


def test_the_gm_page_goes_back_to_the_card_table_once_the_fight_is_over(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rule: ENC-10 (the event phase goes on on the card table; F6 still shows the battle board)
    from app.dialogs.prompts import Prompts
    from app.mainwindow import MainWindow
    from app.sessions import SessionController
    from engine.store import RecentFiles

    bridge = due("9S")
    window = MainWindow(bridge, SessionController(bridge, RecentFiles()), prompts=Prompts())
    qtbot.addWidget(window)
    window.show()
    panel = window.stepper
    assert isinstance(panel, StepperPanel)
    click(qtbot, panel, "encounter.step.open_battle")
    assert window.battle_page_action.isChecked()  # the battle board shown for the set-up
    side = shown(panel, QComboBox, "encounter.side")
    side.setCurrentIndex(side.findData("west"))
    click(qtbot, panel, "encounter.escaped")
    assert not window.battle_page_action.isChecked()  # the card table again
    assert battle_of(bridge.state) is not None  # the board kept as it was
