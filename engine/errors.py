"""The engine's single error type.

Every refusal — an illegal command, a malformed dice expression, an unknown card
code, a damaged file — raises :class:`EngineError`.  It carries an English
source text with ``{placeholders}`` plus parameters, so the GUI and the command
line show it in the user's language; the state is never changed when it is
raised.
"""

from __future__ import annotations

from engine.i18n import render


class EngineError(Exception):
    """A refused command or bad input, with a translatable message."""

    def __init__(self, source: str, **params: object) -> None:
        self.source = source
        self.params = params
        super().__init__(render(source, "en", **params))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("ja" or "en")."""
        return render(self.source, lang, **self.params)
