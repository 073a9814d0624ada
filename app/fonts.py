"""A font that can draw Japanese, so kana and kanji never show as boxes.

Qt's own fallback depends on the platform's font configuration, which is thin
on minimal Linux installs and inside bundles; choosing a family that declares
the Japanese writing system and putting it in the application font's family
list makes the choice explicit.  Without one the program still runs (and says
so in the log).
"""

from __future__ import annotations

import logging

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

log = logging.getLogger(__name__)

# Well-known Japanese UI families, best first; anything else that declares
# Japanese is used when none of these is installed.
PREFERRED: tuple[str, ...] = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "Source Han Sans",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic UI",
    "Yu Gothic",
    "Meiryo UI",
    "Meiryo",
    "IPAexGothic",
    "IPAGothic",
    "TakaoPGothic",
    "VL PGothic",
    "MS UI Gothic",
)


def japanese_family() -> str | None:
    """The best installed family that supports Japanese, or None."""
    families = QFontDatabase.families(QFontDatabase.WritingSystem.Japanese)
    if not families:
        return None
    available = set(families)
    for name in PREFERRED:
        if name in available:
            return name
    # Prefer sans over serif and proportional over mono among the rest.
    ranked = sorted(families, key=lambda f: ("Serif" in f or "Mincho" in f, "Mono" in f, f))
    return ranked[0]


def register_bundled_fonts() -> int:
    """Load the fonts shipped in ``assets/fonts`` (the Linux bundle carries a CJK
    font because minimal desktops may have none); returns how many loaded."""
    from app.resources import assets_dir

    folder = assets_dir() / "fonts"
    loaded = 0
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in (".ttf", ".otf", ".ttc") and QFontDatabase.addApplicationFont(str(path)) >= 0:
                loaded += 1
    return loaded


def ensure_japanese_font(app: QApplication) -> str | None:
    """Put a Japanese-capable family in front of the application font; None if there is none."""
    family = japanese_family()
    if family is None and register_bundled_fonts():
        family = japanese_family()
    if family is None:
        log.warning("No font supporting Japanese was found; Japanese text may show as boxes.")
        return None
    font = QFont(app.font())
    rest = [f for f in font.families() if f != family]
    font.setFamilies([family, *rest])
    app.setFont(font)
    return family
