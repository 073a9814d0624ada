"""The table's notices and questions (undeclared characters, the party pawn
dragged by hand, refusals kept in the log, the stack list) all have Japanese,
and the compiled catalogue that ships says the same."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.i18n import Translations
from tests.app.shipped_catalogues import shipped_messages


def test_every_notice_string_is_translated_and_compiled() -> None:
    count = 0
    for shipped in shipped_messages("notices_ja"):
        assert shipped.translation.strip(), shipped.source
        assert shipped.compiled == shipped.translation, shipped.source
        count += 1
    assert count >= 12


def test_the_undeclared_question_and_the_party_warning_speak_japanese(qapp: QApplication) -> None:
    translations = Translations(qapp)
    try:
        translations.install("ja")
        text = QApplication.translate("StepperPanel", "{names}: no action declared yet.").format(names="ロイ、ミナ")
        assert text == "ロイ、ミナ：まだ行動を宣言していません。"
        assert QApplication.translate("BoardScene", "Move it") == "動かす"
    finally:
        translations.install("en")
