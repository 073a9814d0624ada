"""The version of the state's JSON shape, apart from the models that read it:
the command line's ``show`` compares a stored state's version with it without
building any model."""

from __future__ import annotations

#: 2: a ruleset's own state moved into ``slices``; 3: the ruleset's things on the
#: card table too; 4: a ruleset's set-up fields off the battle board (older dicts
#: are upgraded on load).
SCHEMA_VERSION = 4
