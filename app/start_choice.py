"""Choosing a session without a window: open a named file (explaining a
failure), or ask on the start page until something opens.  Start-up
(:mod:`app.main`) and File ▸ Close (:mod:`app.window.file_actions`) both use it,
so the first start, a declined crash prompt and a closed session lead to the
same page with the same choices.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from engine.errors import EngineError

if TYPE_CHECKING:
    from app.dialogs.prompts import Prompts
    from app.imports_while_asking import ImportsWhileAsking
    from engine.store import RecentFiles, SessionFile

log = logging.getLogger("yobigoe")


def open_or_explain(path: Path, recent: RecentFiles, prompts: Prompts, lang: str) -> SessionFile | None:
    """Open ``path``; a file that will not open is explained (and a damaged or
    foreign one taken off the recent list), and None is returned."""
    from engine.store import SessionFile
    from engine.store.faults import in_use

    try:
        opened = SessionFile.open(path)
        if opened.notice is not None:  # acknowledged commands the file lost
            title = QCoreApplication.translate("Startup", "Part of the session could not be recovered")
            prompts.error(title, opened.notice.text(lang))
        return opened
    except EngineError as exc:
        prompts.error(QCoreApplication.translate("Startup", "Could not open the session"), exc.text(lang))
        if exc.source != in_use().source:  # damaged or foreign: not offered again at the next start
            recent.remove(path)
    except Exception as exc:  # one session file never stops the GUI from starting
        log.exception("could not open %s", path)
        prompts.error(QCoreApplication.translate("Startup", "Could not open the session"), str(exc))
    return None


def create_named_demo() -> tuple[SessionFile, Path]:
    """The demo, in a file whose name says it is the demo (デモセッション)."""
    from app.demo import create_demo
    from app.dialogs.new_session import named_path

    return create_demo(named_path(QCoreApplication.translate("Startup", "Demo session")))


def asking(loading: ImportsWhileAsking | None) -> AbstractContextManager[None]:
    """Around a question start-up asks: ``loading``'s imports run while it waits (none: nothing)."""
    return loading.while_asking() if loading is not None else nullcontext()


def choose_on_start_page(
    recent: RecentFiles, prompts: Prompts, lang: str, loading: ImportsWhileAsking | None = None
) -> tuple[SessionFile, Path] | None:
    """Ask on the start page until something opens (None: the GM closed it).

    The page shows before the engine's models are imported (a first start shows it
    at once); at start-up (``loading``) they are imported while the GM reads it, and
    what the choice needs that they did not bring once it is made."""
    from app.startpage import StartAction  # the page itself only when it is needed
    from engine.store.paths import default_folder

    while True:
        with asking(loading):
            choice = prompts.start_page(recent.load(), lang)
        if choice is None:
            return None
        path: Path | None = None
        if choice.action is StartAction.OPEN_RECENT:
            path = choice.path
        elif choice.action is StartAction.BROWSE:
            path = prompts.open_path(default_folder())
        elif choice.action is StartAction.DEMO:
            return create_named_demo()
        elif choice.action is StartAction.NEW:
            from app.dialogs.new_session import NewSessionRequest, party_on_gate
            from engine.store import SessionFile, autosave_path

            answer = prompts.new_session(lang)
            if answer is None:
                continue
            request = answer if isinstance(answer, NewSessionRequest) else NewSessionRequest(answer)
            target = request.path() or autosave_path()
            try:
                created = SessionFile.create(target, request.command)
            except (EngineError, OSError) as exc:
                detail = exc.text(lang) if isinstance(exc, EngineError) else str(exc)
                prompts.error(QCoreApplication.translate("Startup", "Could not create the session"), detail)
                continue
            party_on_gate(created.session)
            return created, target
        if path is not None:
            opened = open_or_explain(path, recent, prompts, lang)
            if opened is not None:
                return opened, path


__all__ = ["asking", "choose_on_start_page", "create_named_demo", "open_or_explain"]
