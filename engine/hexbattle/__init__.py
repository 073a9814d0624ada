"""The hex battle board (ENC-2…ENC-10): a state slice any ruleset may use.

- ``hexgrid`` / ``hexmap``: hex geometry, one map as data, the searches;
- ``model``: the frozen ``BattleState`` slice (maps, tokens, zones, markers);
- ``board``: two maps joined along a side into one surface;
- ``tokens``: place, move, remove, reveal, leave, reachable hexes;
- ``setup``: the encounter set-up of seed 000, one pure step at a time;
- ``maps`` / ``editor``: map files (``assets/maps/*.toml``) and the editor model;
- ``view``: the players' view of the slice;
- ``commands`` / ``events`` / ``slot``: the engine commands and where the slice lives.

This file imports nothing so that importing a submodule stays cheap.
"""
