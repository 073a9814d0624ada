"""The model bases a ruleset subclasses: its options, its state slice and its
character sheet.

The core stores these polymorphically (``SerializeAsAny``) and validates stored
data through :mod:`engine.rulesets.registry`, so a ruleset registered later —
even one defined in a test — keeps its own data in a session without any edit
to the core.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """Frozen and strict: every model of the state is immutable (undo keeps old states)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied, as pydantic's, without its general machinery.

        Every change of the state is such a copy (several per command), so it is kept
        to one dict merge: a frozen model with ``extra="forbid"`` and no private
        attributes has nothing else to copy.  Like pydantic's, ``update`` is not
        validated (the reducers pass values of the fields' types)."""
        if deep or self.__pydantic_private__ is not None:
            return super().model_copy(update=update, deep=deep)
        copied = type(self).__new__(type(self))
        fields = self.__dict__ if not update else {**self.__dict__, **update}
        object.__setattr__(copied, "__dict__", fields if update else dict(fields))
        object.__setattr__(copied, "__pydantic_extra__", None)
        # the set of fields given is shared while it does not grow (nothing changes it in place)
        fields_set = self.__pydantic_fields_set__
        if update and not fields_set.issuperset(update):
            fields_set = fields_set | update.keys()
        object.__setattr__(copied, "__pydantic_fields_set__", fields_set)
        object.__setattr__(copied, "__pydantic_private__", None)
        return copied


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

    #: why a free move into or out of the slice's secret pile is refused
    #: (English source texts, translated by the engine's catalogue)
    secret_place_refusal: ClassVar[str] = "Only the ruleset's own commands put a card there."
    secret_move_refusal: ClassVar[str] = "That card stays secret until the ruleset reveals it."

    def secret_cards(self) -> tuple[str, ...]:
        """Cards the slice keeps off the table, secret from every player (a pile of
        its own, ``secret(slice id)``); none by default."""
        return ()

    def with_secret_cards(self, cards: tuple[str, ...]) -> SliceBase:
        """The slice with its secret pile replaced (a slice without one refuses)."""
        if cards:
            raise ValueError(f"{type(self).__name__} keeps no secret cards")
        return self

    def without_character(self, character: str) -> SliceBase:
        """The slice once ``character`` has left the table (what it kept of that
        character dropped); the default keeps everything."""
        return self


class SheetBase(Frozen):
    """A character's rules sheet; ``kind`` names the registered sheet model."""

    kind: str

    def for_players(self) -> SheetBase:
        """What the players may see of this sheet (a ruleset drops its GM-only fields)."""
        return self

    def for_owner(self) -> SheetBase:
        """What the character's own seat may see of this sheet: everything its player
        may know of it (a ruleset drops what only the GM writes, such as the GM's notes)."""
        return self
