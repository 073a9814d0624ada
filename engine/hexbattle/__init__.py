"""The hex battle board: a state slice any ruleset may use, knowing none of them.

- ``hexgrid`` / ``hexmap``: hex geometry, one map as data, the searches;
- ``model``: the frozen ``BattleState`` slice (maps, tokens, zones, markers);
- ``board``: two maps joined along a side into one surface;
- ``tokens``: place, move, remove, reveal, leave, reachable hexes;
- ``movement``: how far a token may move, asked of the session's ruleset;
- ``maps`` / ``editor``: map files (``assets/maps/*.toml``) and the editor model;
- ``view``: the players' view of the slice;
- ``commands`` / ``events`` / ``slot``: the engine commands and where the slice lives.

A ruleset brings its own use of the board: its move points (the ``Ruleset``
hook ``token_move_points``), its set-up commands (the Upland's ENC-2…ENC-8 in
:mod:`engine.upland.encounter_commands`), its links (CoC's tracker in
:mod:`engine.coc6.battle_link`).

This file imports nothing so that importing a submodule stays cheap.
"""
