"""Qt translations of the GUI: which language, and switching it live.

Every ``assets/i18n/*_<lang>.qm`` catalogue is installed (one per GUI half, so
the shell and the board each own theirs), plus Qt's own ``qtbase_<lang>`` so
standard buttons (OK, Cancel, Yes, No) follow.  Installing or removing a
translator makes Qt send ``QEvent.LanguageChange`` to every widget, whose
``retranslate()`` then redraws its text.  English is the source language and
needs no catalogue.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator

from app.resources import i18n_dir
from engine.errors import EngineError

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("ja", "en")
# GUI settings next to the recent-files list (engine.store's config folder).
SETTINGS_FILE = "gui.json"


def system_language(locale: QLocale | None = None) -> str:
    """``ja`` when the system (or given) locale is Japanese, else ``en``."""
    loc = locale if locale is not None else QLocale.system()
    if loc.language() == QLocale.Language.Japanese:
        return "ja"
    for name in loc.uiLanguages():
        if name.lower().startswith("ja"):
            return "ja"
    return "en"


def choose_language(requested: str | None, locale: QLocale | None = None, remembered: str | None = None) -> str:
    """The ``--lang`` choice when given, else the one picked in the Language
    menu last time, else the system's."""
    if requested:
        lang = requested.lower()
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {requested!r} (choose from {', '.join(LANGUAGES)})")
        return lang
    if remembered in LANGUAGES:
        return str(remembered)
    return system_language(locale)


def _settings_file() -> Path:
    from engine.store import config_folder

    return config_folder() / SETTINGS_FILE


def remembered_language() -> str | None:
    """The language last picked in the menu (None when never picked or unreadable)."""
    try:
        data = json.loads(_settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError, EngineError):
        return None
    lang = data.get("language") if isinstance(data, dict) else None
    return lang if lang in LANGUAGES else None


def remember_language(lang: str) -> None:
    """Keep the menu's choice for the next start; a settings folder that cannot
    be written must not stop the game, so failures are only logged."""
    try:
        path = _settings_file()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        data["language"] = lang
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    except (OSError, EngineError) as exc:
        log.warning("could not remember the language: %s", exc)


class Translations:
    """The translators installed on the application, replaced as a whole on a switch."""

    def __init__(self, app: QCoreApplication) -> None:
        self._app = app
        self._installed: list[QTranslator] = []
        self.lang = "en"

    @property
    def installed_files(self) -> Sequence[str]:
        return [t.filePath() for t in self._installed]

    def install(self, lang: str) -> None:
        """Remove the current catalogues and install those of ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        for translator in self._installed:
            self._app.removeTranslator(translator)
        self._installed = []
        self.lang = lang
        if lang == "en":
            return
        for path in sorted(i18n_dir().glob(f"*_{lang}.qm")):
            self._load(str(path.parent), path.stem)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        self._load(qt_dir, f"qtbase_{lang}")

    def _load(self, folder: str, stem: str) -> None:
        translator = QTranslator(self._app)
        if translator.load(stem, folder):
            self._app.installTranslator(translator)
            self._installed.append(translator)
        else:
            log.warning("translation %s/%s could not be loaded", folder, stem)


class Retranslating:
    """Mixin for a widget whose texts come from its ``retranslate()``: a language
    switch (``QEvent.LanguageChange``, sent when a translator is installed)
    re-reads them.  Put it before the Qt class: ``class Panel(Retranslating, QWidget)``."""

    def retranslate(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)  # type: ignore[misc]
