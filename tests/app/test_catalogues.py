"""The Japanese Qt catalogues say each string once: every ``assets/i18n/*_ja.qm`` is
loaded, so a string two catalogues translate differently reads whichever was loaded
last — one term per thing only by chance.  Each (context, source) has one translation."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

CATALOGUES = Path(__file__).resolve().parents[2] / "assets" / "i18n"


def test_no_catalogue_overrides_another() -> None:
    translations: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for path in sorted(CATALOGUES.glob("*_ja.ts")):
        for context in ET.parse(path).getroot().iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                translations[(name, message.findtext("source") or "")][path.name] = (
                    message.findtext("translation") or ""
                )
    clashes = {key: found for key, found in translations.items() if len(set(found.values())) > 1}
    assert clashes == {}


def test_the_coc_words_are_the_seeds_in_the_coc_catalogue() -> None:
    """修正プール, 決定的成功/致命的失敗 and ディレイ, said by coc6_ja itself (no other catalogue fixes them)."""
    root = ET.parse(CATALOGUES / "coc6_ja.ts").getroot()
    said = {
        (c.findtext("name"), m.findtext("source")): m.findtext("translation")
        for c in root.iter("context")
        for m in c.iter("message")
    }
    assert said[("CocParts", "Modifier pool")] == "修正プール"
    assert said[("CocCheckQuestions", "a critical")] == "決定的成功"
    assert said[("CocCheckQuestions", "a fumble")] == "致命的失敗"
    assert said[("TrackerPanel", "Delay")] == "ディレイ"
