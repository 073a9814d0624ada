"""The map editor as a GM meets it: it opens on the battle's own map at a size one
can paint, its legend whole, and "Put into the battle" keeps the zones the
set-up laid out, replacing only what the GM painted (ENC-2)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from app.battle.editor import MapEditorDialog
from app.battle.geometry import HEX_SIZE, centre
from app.bridge import SessionBridge
from engine.hexbattle.commands import OpenBattle
from engine.hexbattle.hexgrid import parse_label
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD
from engine.hexbattle.slot import battle_of
from engine.session import new_session
from engine.table.commands import AddCharacter
from engine.upland.encounter_commands import LayOutZones


def laid_out() -> SessionBridge:
    session = new_session(seed=3)
    session.dispatch(AddCharacter(name="アイリン"))
    session.dispatch(OpenBattle(map1="marsh-reed-beds", map2="marsh-mud-flats"))
    session.dispatch(LayOutZones())
    return SessionBridge(session, lang="ja")


def test_the_editor_opens_on_the_battles_map_at_a_paintable_size(qtbot: QtBot) -> None:
    # rule: ENC-2
    bridge = laid_out()
    dialog = MapEditorDialog(bridge)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    battle = battle_of(bridge.state)
    assert battle is not None and dialog.hex_map == battle.maps[0]  # the battle's map 1, zones and all
    assert dialog.source.currentData() == ("battle", 1)
    scale = dialog.view.transform().m11()
    assert HEX_SIZE * 2 * scale >= 24, scale  # a hex is a target a mouse can hit, not a thumbnail
    item = dialog._item
    assert item is not None
    bounds = item.boundingRect()
    for box, text in item.legend_entries():  # every legend entry whole inside what is painted
        assert bounds.contains(box), text


def test_put_into_the_battle_keeps_the_zones_and_replaces_only_the_painted_hexes(qtbot: QtBot) -> None:
    # rule: ENC-2
    bridge = laid_out()
    dialog = MapEditorDialog(bridge)
    qtbot.addWidget(dialog)
    dialog.choose_source(("shipped", "marsh-reed-beds"))
    dialog.start_from_choice()  # the shipped map: no zones on it
    assert not dialog.hex_map.zone_names()
    dialog.tools.button(3).setChecked(True)  # impassable
    dialog.paint_at(QPointF(centre(parse_label("A1"))))
    assert dialog.put_into_battle()
    battle = battle_of(bridge.state)
    assert battle is not None
    first = battle.maps[0]
    assert first.cost(parse_label("A1")) is None  # the edit
    assert ZONE_LEAD in first.zone_names()  # the set-up's lead zone stays
    assert ZONE_BREAKTHROUGH in battle.maps[1].zone_names()
    assert bridge.undo()
