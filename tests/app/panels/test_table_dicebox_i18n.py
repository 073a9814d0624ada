"""At the table: the dice box's examples follow the
ruleset and the newest roll stays in sight; file dialogs speak Japanese; every
string of the table catalogue is translated."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLabel

from app.bridge import SessionBridge
from app.i18n import Translations
from app.panels.dicebox import DiceBox
from engine.session import new_session
from engine.table.commands import Roll
from tests.app.shipped_catalogues import shipped_messages


@pytest.fixture
def japanese(qapp: QApplication):  # type: ignore[no-untyped-def]
    t = Translations(qapp)
    t.install("ja")
    yield t
    t.install("en")


def test_dice_box_examples_follow_the_ruleset(qtbot: object, japanese: Translations) -> None:
    bridge = SessionBridge(new_session(ruleset="upland", seed=3), lang="ja")
    box = DiceBox(bridge)
    qtbot.addWidget(box)  # type: ignore[attr-defined]
    hints = box.command.placeholderText() + box.command.toolTip()
    assert "CCB" not in hints
    assert "1D100<=45" in box.command.placeholderText() and "RES(12-10)" in box.command.placeholderText()
    assert box.command.placeholderText().startswith("例:")
    # Every example the Upland box suggests is accepted by an Upland session.
    for example in ("1D100<=45", "RES(12-10)", "2D6"):
        assert bridge.dispatch(Roll(command=example)), example
    # A CoC session (opened in the same window) gets its CCB example back.
    bridge.replace_session(new_session(ruleset="coc6-a", seed=3))
    box.sync_from_state()
    assert "CCB<=60" in box.command.placeholderText()


def test_the_newest_roll_stays_visible_after_an_error_line(qtbot: object, japanese: Translations) -> None:
    bridge = SessionBridge(new_session(ruleset="upland", seed=3), lang="ja")
    box = DiceBox(bridge)
    qtbot.addWidget(box)  # type: ignore[attr-defined]
    box.resize(320, 260)
    box.show()
    qtbot.waitExposed(box)  # type: ignore[attr-defined]
    for number in range(12):
        assert bridge.dispatch(Roll(command=f"1D100<={40 + number}"))
    box.command.setText("CCB<=60")  # refused in Upland: an error line appears above the log
    assert not box.roll()
    assert box.error.isVisible()
    qtbot.wait(50)  # type: ignore[attr-defined]
    last = box.log.item(box.log.count() - 1)
    shown = box.log.viewport().rect()
    assert shown.contains(box.log.visualItemRect(last)), "the newest roll fell below the fold"


def test_japanese_file_dialogs_have_no_english_labels(qtbot: object, japanese: Translations) -> None:
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    dialog.setNameFilters(["*.yobigoe"])
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.show()
    texts = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    texts += [button.text() for button in dialog.findChildren(QAbstractButton) if button.text()]
    assert "場所(&L):" in texts and "ファイルの種類(&T):" in texts
    for text in texts:
        letters = [ch for ch in text.replace("&", "") if ch.isascii() and ch.isalpha()]
        assert len(letters) <= 1, text  # a mnemonic letter at most


def test_every_table_message_has_a_japanese_translation() -> None:
    count = 0
    for shipped in shipped_messages("table_ja"):
        assert shipped.translation.strip(), shipped.source
        assert shipped.compiled == shipped.translation, shipped.source
        count += 1
    assert count > 10
