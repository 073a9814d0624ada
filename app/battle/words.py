"""The battle board's words go through Qt's translator (context ``Battle``).

lupdate reads the literal context and text of every ``QCoreApplication.translate("Battle", ...)``
call; the helper keeps the call sites short.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def tr(text: str) -> str:
    """``text`` in the GUI's language (assets/i18n/battle_ja.ts)."""
    return QCoreApplication.translate("Battle", text)


__all__ = ["tr"]
