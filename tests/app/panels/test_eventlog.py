"""Event log: every command in words, undo and redo shown as such."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QComboBox

from app.bridge import SessionBridge
from app.i18n import Translations
from app.panels.eventlog import EventLog
from app.panels.log_filter import Kind
from engine.session import new_session
from engine.table.commands import (
    AddCharacter,
    DealCard,
    DrawCards,
    FlipCard,
    RemoveCharacter,
    Roll,
    ShuffleDeck,
    TapCard,
)


def test_commands_events_undo_and_redo_in_words(qtbot: object) -> None:
    session = new_session(seed=5)
    bridge = SessionBridge(session, lang="ja")
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    # The session's first command is already there.
    assert log.lines()[0] == "新しいセッション"
    bridge.dispatch(ShuffleDeck())
    bridge.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    bridge.dispatch(DealCard(square="C4"))
    card = bridge.state.squares["C4"][0]
    bridge.dispatch(FlipCard(card=card))
    bridge.undo()
    bridge.redo()
    lines = log.lines()
    deal = DealCard(square="C4").label("ja")
    flip = FlipCard(card=card).label("ja")
    tops = [line for line in lines if not line.startswith("    ")]
    assert tops[-4:] == [deal, flip, f"Undone: {flip}", f"Redone: {flip}"]
    # Each command is followed by its events as the engine describes them.
    flip_events = [e.describe("ja") for e in session.done[-1].events]
    index = lines.index(flip)
    assert lines[index + 1 : index + 1 + len(flip_events)] == ["    " + text for text in flip_events]
    # A refused command leaves no trace.
    count = len(lines)
    assert not bridge.dispatch(FlipCard(card="JK2"))
    assert len(log.lines()) == count

    # Switching the language re-renders everything from the records.
    bridge.lang = "en"
    log.retranslate()
    assert log.lines()[0] == "New session"
    assert f"Undone: {FlipCard(card=card).label('en')}" in log.lines()


def test_opening_a_session_shows_its_history(qtbot: object) -> None:
    bridge = SessionBridge(new_session(seed=1), lang="en")
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    other = new_session(seed=2)
    other.dispatch(ShuffleDeck())
    bridge.replace_session(other)
    assert [line for line in log.lines() if not line.startswith("    ")] == ["New session", "Shuffle the deck"]


def tops(log: EventLog) -> list[str]:
    return [line for line in log.lines() if not line.startswith("    ")]


def table_session() -> tuple[SessionBridge, str]:
    """Two characters, a few board gestures, two rolls (one secret), then a burst of taps."""
    session = new_session(seed=9)
    bridge = SessionBridge(session, lang="ja")
    bridge.dispatch(ShuffleDeck())
    bridge.dispatch(AddCharacter(name="鷹野 遥", color="#d64541"))
    bridge.dispatch(AddCharacter(name="九条 蒼", color="#3a7bd5"))
    bridge.dispatch(DealCard(square="C4"))
    bridge.dispatch(Roll(command="1D100<=60", by="c1", reason="聞き耳"))
    bridge.dispatch(DrawCards(character="c2", count=1))
    bridge.dispatch(Roll(command="S1D100<=40", by="c2", reason="目星", secret=True))
    card = bridge.state.squares["C4"][0]
    for _ in range(300):  # the burst: more rows than one fetch, all newer than the rolls
        bridge.dispatch(TapCard(card=card))
    return bridge, card


def shown(qtbot: object, bridge: SessionBridge) -> EventLog:
    log = EventLog(bridge)
    qtbot.addWidget(log)  # type: ignore[attr-defined]
    log.resize(360, 420)
    log.show()
    qtbot.waitExposed(log)  # type: ignore[attr-defined]
    return log


def choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def test_the_rolls_filter_digs_the_rolls_out_from_under_a_burst_of_taps(qtbot: object) -> None:
    bridge, _card = table_session()
    log = shown(qtbot, bridge)
    listen = Roll(command="1D100<=60", by="c1", reason="聞き耳").label("ja")
    secret = Roll(command="S1D100<=40", by="c2", reason="目星", secret=True).label("ja")
    # Reopened, the log shows the newest batch: the taps, not the rolls.
    bridge.replace_session(bridge.session)
    assert listen not in tops(log)
    choose(log.filters.kind, str(Kind.ROLLS))
    qtbot.waitUntil(lambda: tops(log) == [listen, secret])  # type: ignore[attr-defined]
    # The secret roll is marked as such (GM-only dock) and shaded like the dice box's.
    lines = log.lines()
    row = next(i for i, line in enumerate(lines) if line.startswith("    九条 蒼（目星）: （シークレット）"))
    assert log.model.index(row).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert log.model.index(row - 1).data(Qt.ItemDataRole.BackgroundRole) is None
    # A new roll shows up at once; a tap does not.
    bridge.dispatch(Roll(command="2D6", by="c1"))
    bridge.dispatch(TapCard(card=_card))
    assert tops(log) == [listen, secret, Roll(command="2D6", by="c1").label("ja")]
    choose(log.filters.kind, None)
    assert len(tops(log)) >= 100 and tops(log)[-1] == TapCard(card=_card).label("ja")


def test_the_character_filter_shows_what_concerns_one_character(qtbot: object) -> None:
    bridge, _card = table_session()
    log = shown(qtbot, bridge)
    assert [log.filters.character.itemText(i) for i in range(log.filters.character.count())][1:] == [
        "鷹野 遥",
        "九条 蒼",
    ]
    choose(log.filters.character, "c2")
    assert tops(log) == [
        AddCharacter(name="九条 蒼", color="#3a7bd5").label("ja"),
        DrawCards(character="c2", count=1).label("ja"),
        Roll(command="S1D100<=40", by="c2", reason="目星", secret=True).label("ja"),
    ]
    # Both filters at once: c1's rolls.
    choose(log.filters.character, "c1")
    choose(log.filters.kind, str(Kind.ROLLS))
    assert tops(log) == [Roll(command="1D100<=60", by="c1", reason="聞き耳").label("ja")]
    # A character who leaves is no longer offered; the filter falls back to everyone.
    bridge.dispatch(RemoveCharacter(character="c1"))
    assert log.filters.character.findData("c1") == -1
    assert log.filters.current().character is None


def test_the_search_box_finds_a_roll_by_its_text_in_either_language(qtbot: object) -> None:
    bridge, _card = table_session()
    log = shown(qtbot, bridge)
    roll = bridge.session.logged()[5]  # the 聞き耳 roll
    result = roll.events[0].describe("ja")
    qtbot.keyClicks(log.filters.search, "<=60")  # type: ignore[attr-defined]
    assert len(tops(log)) >= 100  # typing is not searching yet: the search waits for a pause
    qtbot.waitUntil(lambda: log.model.log_filter.text == "<=60")  # type: ignore[attr-defined]
    assert tops(log) == [roll.command.label("ja")]
    assert log.lines()[1] == "    鷹野 遥（聞き耳）: " + result  # the log says who rolled and why
    # By the reason the GM gave; the secret roll was for 目星.
    log.filters.search.setText("目星")
    qtbot.waitUntil(lambda: log.model.log_filter.text == "目星")  # type: ignore[attr-defined]
    assert tops(log) == [bridge.session.logged()[7].command.label("ja")]
    # Full-width text finds half-width: what a Japanese keyboard types.
    log.filters.search.setText("１Ｄ１００＜＝６０")
    log.filters.search.returnPressed.emit()
    assert tops(log) == [roll.command.label("ja")]
    # Nothing matches: the list is empty, not stale.
    log.filters.search.setText("存在しない言葉")
    log.filters.search.returnPressed.emit()
    assert log.lines() == []
    # Clearing the search shows everything again, newest at the bottom.
    log.filters.search.clear()
    log.filters.search.returnPressed.emit()
    assert tops(log)[-1] == TapCard(card=_card).label("ja")


def test_filter_labels_are_translated_and_follow_the_language(qtbot: object, qapp: QApplication) -> None:
    translations = Translations(qapp)
    try:
        translations.install("ja")
        bridge, _card = table_session()
        log = shown(qtbot, bridge)
        kinds = [log.filters.kind.itemText(i) for i in range(log.filters.kind.count())]
        assert kinds[:2] == ["すべての種類", "ロールと判定"]
        assert log.filters.character.itemText(0) == "全員"
        assert log.filters.search.placeholderText() == "ログを検索…"
        choose(log.filters.kind, str(Kind.ROLLS))
        bridge.lang = "en"
        translations.install("en")
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        assert log.filters.kind.currentText() == "Rolls and checks"  # the choice stays
        assert log.filters.character.itemText(0) == "All characters"
        assert tops(log)[0] == Roll(command="1D100<=60", by="c1", reason="聞き耳").label("en")
    finally:
        translations.install("en")


def test_a_filter_keeps_looking_further_back_until_the_list_is_full_or_the_session_ends(qtbot: object) -> None:
    from app.panels.log_model import SCAN_LIMIT

    session = new_session(seed=2)
    bridge = SessionBridge(session, lang="en")
    bridge.dispatch(AddCharacter(name="A", color="#d64541"))
    bridge.dispatch(Roll(command="1D100<=50", by="c1"))
    bridge.dispatch(DealCard(square="C4"))
    card = bridge.state.squares["C4"][0]
    for _ in range(4 * SCAN_LIMIT + 500):  # the roll lies further back than four looks
        bridge.dispatch(TapCard(card=card))
    log = shown(qtbot, bridge)
    choose(log.filters.kind, str(Kind.ROLLS))
    qtbot.waitUntil(lambda: tops(log) == [Roll(command="1D100<=50", by="c1").label("en")])  # type: ignore[attr-defined]
    assert not log.model.canFetchMore(QModelIndex())


def test_choosing_a_row_shows_its_whole_command_wrapped_below_the_one_line_rows(qtbot: object) -> None:
    bridge, _card = table_session()
    log = shown(qtbot, bridge)
    assert not log.detail.isVisible()
    choose(log.filters.kind, str(Kind.ROLLS))
    roll = bridge.session.logged()[5]
    result_row = 1  # the first roll's result line
    log.list.setCurrentIndex(log.list.model().index(result_row, 0))
    assert log.detail.isVisible()
    assert log.detail.toPlainText() == f"{roll.command.label('ja')}\n鷹野 遥（聞き耳）: {roll.events[0].describe('ja')}"
    # Another filter empties the list: nothing chosen, nothing shown.
    choose(log.filters.kind, str(Kind.NOTES))
    assert not log.detail.isVisible()
