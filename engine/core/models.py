"""The model bases a ruleset subclasses: its options, its state slice and its
character sheet.

The core stores these polymorphically (``SerializeAsAny``) and validates stored
data through :mod:`engine.rulesets.registry`, so a ruleset registered later —
even one defined in a test — keeps its own data in a session without any edit
to the core.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """Frozen and strict: every model of the state is immutable (undo keeps old states)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class OptionsBase(Frozen):
    """A ruleset's options; ``ruleset`` names the ruleset (the discriminator).

    Every **Reading** of RULES.md is one option field of a subclass.  The
    methods below are the questions the generic table asks a ruleset; their
    defaults are the plain table's behaviour.
    """

    ruleset: str

    def reshuffles_discard_when_empty(self) -> bool:
        """MAP-6: does an empty deck take the shuffled discard as a new deck?"""
        return True


class SliceBase(Frozen):
    """One ruleset's (or one shared module's) own part of the state, kept in
    ``State.slices`` under its registered id."""


class SheetBase(Frozen):
    """A character's rules sheet; ``kind`` names the registered sheet model."""

    kind: str

    def for_players(self) -> SheetBase:
        """What the players may see of this sheet (a ruleset drops its GM-only fields)."""
        return self
