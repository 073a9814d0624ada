"""The battle board through the command line ("Scripting"): the battle
commands work in ``python -m engine play``, the session file keeps the battle,
and ``show --player-view`` includes the battle slice without hidden enemies or
GM notes."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.state import State
from engine.hexbattle.model import BattleState
from engine.rulesets import builtin
from engine.store import SessionFile
from tests.engine.store.test_cli import engine


def test_battle_commands_play_from_a_script_and_the_player_view_hides_the_lurker(tmp_path: Path) -> None:
    path = tmp_path / "battle.yobigoe"
    assert engine("new", str(path), "--ruleset", "upland", "--seed", "7").returncode == 0
    lines = [
        {"type": "open_battle", "map1": "marsh-mud-flats", "map2": "marsh-reed-beds", "join": {"side": "east"}},
        {"type": "lay_out_zones"},
        {"type": "place_token", "token": {"id": "pc-1", "kind": "character", "label": "アイリン", "at": "1:C3"}},
        {
            "type": "place_token",
            "token": {
                "id": "foe-1",
                "kind": "enemy",
                "label": "沼の影",
                "at": "2:D4",
                "hidden": True,
                "note": "GMだけが知る",
            },
        },
        {"type": "move_token", "token": "pc-1", "to": "1:D3"},
        {"type": "place_token", "token": {"id": "pc-1", "kind": "character", "at": "1:A1"}},  # taken id
    ]
    played = engine("play", str(path), "--lang", "ja", stdin="".join(json.dumps(x) + "\n" for x in lines))
    reports = [json.loads(line) for line in played.stdout.splitlines()]
    assert [r["ok"] for r in reports] == [True, True, True, True, True, False], played.stdout
    assert reports[-1]["error"]  # refused with a message, the session unchanged

    builtin.load()
    with SessionFile.open(path) as opened:
        battle = opened.session.state.slices["battle"]
    assert isinstance(battle, BattleState)
    assert str(battle.tokens["pc-1"].at) == "1:D3" and battle.tokens["foe-1"].hidden

    shown = engine("show", str(path), "--player-view")
    assert shown.returncode == 0, shown.stderr
    seen = State.model_validate_json(shown.stdout).slices["battle"]
    assert isinstance(seen, BattleState)
    assert set(seen.tokens) == {"pc-1"}  # the hidden enemy is not on the players' screen
    assert "GMだけが知る" not in shown.stdout and "沼の影" not in shown.stdout
