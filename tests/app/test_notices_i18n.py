"""The table's notices and questions (undeclared characters, the party pawn
dragged by hand, refusals kept in the log, the stack list) all have Japanese,
and the compiled catalogue that ships says the same."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from app.i18n import Translations
from app.resources import assets_dir


def test_every_notice_string_is_translated_and_compiled() -> None:
    ts = assets_dir() / "i18n" / "notices_ja.ts"
    root = ET.parse(ts).getroot()
    translator = QTranslator()
    assert translator.load(str(ts.with_suffix(".qm")))
    count = 0
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.findtext("translation") or ""
            assert translation.strip(), source
            assert translator.translate(name, source) == translation, source
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
