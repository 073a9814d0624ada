"""The demo session a GM sees on first start: a small party mid-setup.

It is a real session file (in the autosave place), built only from ordinary
commands, so everything in it can be undone, edited or continued, and it is
never lost.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.commands import CommandBase
from engine.store import SessionFile, autosave_path
from engine.table.commands import AddCharacter, DealCard, DrawCards, NewSession, ShuffleDeck
from engine.upland.bone import SetBone
from engine.upland.table_commands import MoveParty

DEMO_SEED = 20240611
#: The demo plays the Upland exploration.
DEMO_RULESET = "upland"

# Four sample investigators: (name, colour, free values).
DEMO_PARTY: tuple[tuple[str, str, dict[str, int | str]], ...] = (
    ("鷹野 遥", "#d64541", {"SAN": 65, "POW": 13, "目星": 60}),
    ("九条 蒼", "#3a7bd5", {"SAN": 50, "POW": 10, "聞き耳": 55}),
    ("真木 灯", "#2e9e5b", {"SAN": 70, "POW": 14, "図書館": 75}),
    ("志田 巌", "#e0a526", {"SAN": 45, "POW": 9, "こぶし": 70}),
)


def demo_commands() -> list[CommandBase]:
    """After NewSession: shuffle, the party, the bone hidden, a few cards out."""
    commands: list[CommandBase] = [ShuffleDeck()]
    for order, (name, color, values) in enumerate(DEMO_PARTY, start=1):
        commands.append(AddCharacter(name=name, order=order, color=color, values=dict(values)))
    commands += [
        SetBone(square="B2"),
        MoveParty(square="C5"),
        DealCard(square="C4", face_up=True),
        DealCard(square="B4"),
        DealCard(square="D4"),
        DrawCards(character="c1", count=2),
        DrawCards(character="c3", count=1),
    ]
    return commands


def create_demo(path: Path | None = None) -> tuple[SessionFile, Path]:
    """Write a fresh demo session (never over an existing file) and return it open."""
    if path is None:
        path = autosave_path()
    session_file = SessionFile.create(path, NewSession(ruleset=DEMO_RULESET, seed=DEMO_SEED))
    for command in demo_commands():
        session_file.session.dispatch(command)
    return session_file, path
