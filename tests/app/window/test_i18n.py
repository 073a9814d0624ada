"""Japanese for every shell string, and the language switching live."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from app.i18n import Translations, choose_language, system_language
from app.resources import assets_dir


def test_every_shell_message_has_a_japanese_translation() -> None:
    ts = assets_dir() / "i18n" / "shell_ja.ts"
    root = ET.parse(ts).getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 50
    for message in messages:
        source = message.findtext("source")
        translation = message.find("translation")
        assert translation is not None, source
        assert translation.get("type") not in ("unfinished", "obsolete", "vanished"), source
        assert (translation.text or "").strip(), source
    # The compiled catalogue ships next to it and says the same (lrelease was run).
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(ts.with_suffix(".qm")))
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            assert translator.translate(name, source) == message.findtext("translation"), source


def test_language_follows_the_locale_unless_asked() -> None:
    assert system_language(QLocale("ja_JP")) == "ja"
    assert system_language(QLocale("de_DE")) == "en"
    assert choose_language("en", QLocale(QLocale.Language.Japanese)) == "en"
    assert choose_language(None, QLocale(QLocale.Language.Japanese)) == "ja"
    assert choose_language(None, QLocale("ja_JP"), remembered="en") == "en"
    assert choose_language("ja", QLocale("de_DE"), remembered="en") == "ja"
    with pytest.raises(ValueError):
        choose_language("fr")


def test_translators_install_and_come_off(qapp: QApplication) -> None:
    translations = Translations(qapp)
    try:
        translations.install("ja")
        names = [Path(p).name for p in translations.installed_files]
        assert "shell_ja.qm" in names
        assert QApplication.translate("MainWindow", "&File") == "ファイル(&F)"
        translations.install("en")
        assert translations.installed_files == []
        assert QApplication.translate("MainWindow", "&File") == "&File"
    finally:
        translations.install("en")


def test_a_japanese_font_is_put_first(qapp: QApplication) -> None:
    from PySide6.QtGui import QFontDatabase

    from app.fonts import ensure_japanese_font, japanese_family

    before = qapp.font()
    try:
        family = japanese_family()
        if family is None:  # no CJK font on this machine: the program still runs
            assert ensure_japanese_font(qapp) is None
            return
        assert family in QFontDatabase.families(QFontDatabase.WritingSystem.Japanese)
        assert ensure_japanese_font(qapp) == family
        assert qapp.font().families()[0] == family
    finally:
        qapp.setFont(before)
