"""The Japanese catalogues as shipped: each message of a ``.ts`` beside what the
compiled ``.qm`` next to it answers, so a test sees at once a message left
untranslated and a catalogue whose ``lrelease`` was not run again."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

from PySide6.QtCore import QTranslator

from app.resources import assets_dir


class Shipped(NamedTuple):
    context: str
    source: str
    #: the translation the ``.ts`` holds ("" when it has none)
    translation: str
    #: what Qt answers from the compiled ``.qm`` for the same context and source
    compiled: str
    #: the ``.ts`` element, for what a test checks beyond the text (its ``type``)
    element: ET.Element


def shipped_messages(stem: str) -> list[Shipped]:
    """Every message of ``assets/i18n/{stem}.ts``; its ``.qm`` must load."""
    ts = assets_dir() / "i18n" / f"{stem}.ts"
    translator = QTranslator()
    assert translator.load(str(ts.with_suffix(".qm"))), ts  # lrelease was run on the .ts
    found: list[Shipped] = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.findtext("translation") or ""
            found.append(Shipped(name, source, translation, translator.translate(name, source), message))
    return found
