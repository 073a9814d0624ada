"""A non-player character added from the characters dock stays off the players'
window — its hand zone, its marker, its rolls, its place in the round order —
until the GM ticks "Shown to the players" in the row's right-click menu."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.dialogs.character import CharacterDraft
from app.dialogs.prompts import Prompts
from app.i18n import Translations
from app.panels.characters import CharactersPanel
from app.projector import ProjectorWindow
from engine.core.session import Session
from engine.core.state import Character
from engine.session import new_session
from engine.table.commands import AddCharacter, DrawCards, Roll, ShuffleDeck
from engine.upland.table_commands import PlaceMarker
from tests.engine.coc6.test_manoeuvres import combat

CULTIST = "教団員A"


class Answers(Prompts):
    """Answers the character dialog with the drafts queued by the test."""

    def __init__(self) -> None:
        super().__init__()
        self.drafts: list[CharacterDraft | None] = []

    def character(
        self, character: Character | None, *, order: int = 1, color: str = "#000000", npc: bool = False
    ) -> CharacterDraft | None:
        draft = self.drafts.pop(0)
        if draft is not None and npc:  # "Add NPC…" opens the dialog with its NPC switch on
            draft.npc = True
        return draft


@pytest.fixture
def translations(qapp: QApplication) -> Iterator[Translations]:
    t = Translations(qapp)
    t.install("ja")
    yield t
    t.install("en")


def table(qtbot: QtBot, session: Session) -> tuple[SessionBridge, CharactersPanel, ProjectorWindow, Answers]:
    bridge = SessionBridge(session, lang="ja")
    answers = Answers()
    panel = CharactersPanel(bridge, answers)
    projector = ProjectorWindow(bridge)
    for widget in (panel, projector):
        qtbot.addWidget(widget)
        widget.show()
    qtbot.waitExposed(projector)
    return bridge, panel, projector, answers


def entry(menu: QMenu, name: str) -> QAction:
    found = [action for action in menu.actions() if action.objectName() == name]
    assert len(found) == 1, name
    return found[0]


def rows(panel: CharactersPanel) -> list[str]:
    return [panel.list.item(i).text() for i in range(panel.list.count())]


def players_text(projector: ProjectorWindow) -> str:
    """Every text the players' window shows: banner, lines, feeds, hand zones, markers, tokens."""
    texts = [projector.banner.text(), projector.table_lines.text(), *projector.feed.lines(), *projector.results()]
    for scene in (projector.scene, projector.battle_scene):
        for item in scene.items():
            for attribute in ("name", "label"):
                value = getattr(item, attribute, None)
                if isinstance(value, str):
                    texts.append(value)
    return "\n".join(texts)


def test_an_npc_added_from_the_dock_is_off_the_projector_until_shown(qtbot: QtBot, translations: Translations) -> None:
    session = new_session(seed=3)
    session.dispatch(ShuffleDeck())
    session.dispatch(AddCharacter(name="鷹野"))
    bridge, panel, projector, answers = table(qtbot, session)
    answers.drafts.append(CharacterDraft(name=CULTIST, order=2, color="#d64541", values={}))
    entry(panel.context_menu(), "add-npc").trigger()
    cultist = bridge.state.characters["c2"]
    assert cultist.name == CULTIST and cultist.npc and not cultist.shown
    assert rows(panel)[1] == f"2. {CULTIST}　（手札: 0）　［NPC］　— プレイヤーには非公開"
    assert panel.selected_id() == "c2"
    bridge.dispatch(DrawCards(character="c2", count=2))
    bridge.dispatch(PlaceMarker(character="c2", square="B2"))
    bridge.dispatch(Roll(command="1D6", dice=[5], by="c2"))
    bridge.dispatch(Roll(command="2D6", dice=[2, 3], by="c1"))
    seen = players_text(projector)
    assert "鷹野" in seen and CULTIST not in seen  # the player is there, the cultist nowhere
    assert len(projector.feed.lines()) == 1

    shown = entry(panel.context_menu(), "shown-to-players")
    assert shown.isCheckable() and not shown.isChecked() and shown.text() == "プレイヤーに公開"
    shown.trigger()
    assert bridge.state.characters["c2"].shown
    assert bridge.session.done[-1].events[0].describe("ja") == f"{CULTIST}をプレイヤーに公開しました。"
    assert rows(panel)[1] == f"2. {CULTIST}　（手札: 2）　［NPC］"  # shown, still the keeper's
    assert CULTIST in players_text(projector) and len(projector.feed.lines()) == 2
    assert entry(panel.context_menu(), "shown-to-players").isChecked()

    bridge.undo()  # one undo step hides the cultist again
    assert not bridge.state.characters["c2"].shown and CULTIST not in players_text(projector)


def test_a_hidden_coc_npc_is_absent_from_the_players_round_order(qtbot: QtBot) -> None:
    session = combat(seed=1)  # order ミナ, 教団員, ケン; the cultist's sheet is an NPC's
    bridge, panel, projector, _answers = table(qtbot, session)
    panel.select(next(cid for cid, c in bridge.state.characters.items() if c.name == "教団員"))
    assert not entry(panel.context_menu(), "shown-to-players").isChecked()  # a keeper's NPC starts hidden
    bridge.dispatch({"type": "coc_next_turn"})  # the NPC acts
    lines = projector.table_lines.text()
    assert "教団員" not in players_text(projector)
    # the players read neither its name nor a stand-in: no line for it, its turn is the keeper's
    assert "ミナ" in lines and "▶" not in lines and "Unknown" not in lines
    assert projector.banner.text().endswith("キーパーの手番")  # (the bridge speaks Japanese)
    assert "?npc" not in lines and "?npc" not in projector.banner.text()


def test_a_result_naming_a_hidden_npc_stays_off_the_projectors_results(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ruleset lists public results by their text; one that names a character the
    GM has not shown yet would introduce it, so the players' window leaves it out."""
    lines = [f"{CULTIST}が憑依された。", "障害「崩れ道」：克服", "宝物を見つけた"]
    monkeypatch.setattr("app.projector.players_results_of", lambda ruleset, done, lang, limit: lines[:limit])
    session = new_session(seed=3)
    session.dispatch(AddCharacter(name=CULTIST, npc=True))
    bridge, panel, projector, _answers = table(qtbot, session)
    assert projector.results() == lines[1:]
    panel.select("c1")
    entry(panel.context_menu(), "shown-to-players").trigger()
    assert projector.results() == lines
