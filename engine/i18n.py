"""Translations of the engine's own messages (errors, dice results, log lines).

The engine cannot use Qt's translator, yet its messages reach users through the
GUI and the command line alike.  Each message is written in English in the code
(the *source*); Japanese texts live in ``engine/locale/ja/*.toml`` keyed by that
source, one file per domain so areas do not edit the same catalogue.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")


@cache
def catalog(lang: str) -> dict[str, str]:
    """All translations for ``lang``, merged from the per-domain TOML files."""
    if lang == "en":
        return {}
    # imported on first need: a run that translates nothing (a dice-box roll) reads no catalogue
    import tomllib
    from importlib import resources

    merged: dict[str, str] = {}
    folder = resources.files("engine") / "locale" / lang
    if not folder.is_dir():
        return merged
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            merged.update({str(k): str(v) for k, v in data.items()})
    return merged


def translate(source: str, lang: str = "en") -> str:
    """The text of ``source`` in ``lang``; the English source when untranslated."""
    return catalog(lang).get(source, source)


def render(source: str, lang: str = "en", **params: object) -> str:
    """Translate, then fill ``{name}`` placeholders (missing ones stay visible)."""
    text = translate(source, lang)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
