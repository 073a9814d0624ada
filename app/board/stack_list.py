"""Looking through a stack on a square (what GMs expect from CCFOLIA
or Udonarium): hovering a square with two or more cards lists them, top first.

The GM's board names every card and marks the face-down ones; the players'
board draws from the players' copy of the state, where a face-down card has no
identity, so the list there can only say "a face-down card".
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from engine.core.state import State
from engine.table.cards import parse_card


def _tr(text: str) -> str:
    return QCoreApplication.translate("BoardScene", text)


def stack_lines(state: State, square_name: str, lang: str, gm: bool) -> list[str]:
    """The cards on ``square_name``, top first, as the viewer may know them."""
    lines: list[str] = []
    for code in state.squares.get(square_name, ()):
        flags = state.card_flags(code)
        if flags.face_up:
            text = parse_card(code).display(lang)
        elif gm and not code.startswith("?"):
            text = _tr("{card} (face down)").format(card=parse_card(code).display(lang))
        else:
            text = _tr("a face-down card")
        if flags.tapped:
            text = _tr("{card}, tapped").format(card=text)
        lines.append(text)
    return lines


def stack_tooltip(state: State, square_name: str, lang: str, gm: bool) -> str | None:
    """The hover text of a stack (rich text), or None for fewer than two cards."""
    lines = stack_lines(state, square_name, lang, gm)
    if len(lines) < 2:
        return None
    title = _tr("{square}: {count} cards, top first").format(square=square_name, count=len(lines))
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<b>{html.escape(title)}</b><ol style='margin:0'>{items}</ol>"


__all__ = ["stack_lines", "stack_tooltip"]
