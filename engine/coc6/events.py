"""Events of the CoC rulesets: a sheet set, the student's change, and the
older single rules fact.

Every fact has a typed event that changes only what it names: checks, the
APP×5 pre-roll, the GM's rulings, growth and the pool
(:mod:`engine.coc6.check_events`, :mod:`~engine.coc6.pool_events`), SAN and
madness (:mod:`~engine.coc6.sanity_events`), the combat round
(:mod:`~engine.coc6.combat_events`, :mod:`~engine.coc6.manoeuvre_events`) and
the student's change here.  Files written before them hold every fact as one
:class:`CocFact` — the fact's ``detail`` dict, the CoC slice and the sheets as
the fact left them, and the dice after its roll; they are read and applied as
they are, so an old file opens, replays and undoes as it did, and its log
reads the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from pydantic import SerializerFunctionWrapHandler, model_serializer

from engine.coc6.sheet import CocSheet
from engine.coc6.state import CocState
from engine.coc6.student import StudentChanges
from engine.coc6.texts import fact_text
from engine.core.changes import Area, Changes
from engine.core.events import EventBase
from engine.core.state import RollRecord, State
from engine.dice.rng import DiceSource, DiceState
from engine.i18n import render

#: The id of the CoC slice in ``State.slices`` (one for both house rulesets).
COC_SLICE = "coc6"


def with_coc_sheet(state: State, character: str, sheet: CocSheet | None) -> State:
    characters = dict(state.characters)
    characters[character] = characters[character].model_copy(update={"sheet": sheet})
    return state.model_copy(update={"characters": characters})


class CocSheetSet(EventBase):
    """A character's investigator sheet set, replaced or removed (by hand or by an import)."""

    type: Literal["coc_sheet_set"] = "coc_sheet_set"
    character: str
    name: str
    before: CocSheet | None
    after: CocSheet | None
    #: What was done, for the log ("set", "import", "skill").
    how: Literal["set", "import", "edit"] = "set"
    #: The sheet makes a keeper's NPC, which starts hidden from the players
    #: (the option ``npcs_start_hidden``; the keeper shows it when they meet it).
    hides: bool = False
    #: The sheet's NPC switch changed the character's side: the character becomes
    #: an NPC (True) or a player character again, shown to the players (False).
    #: None: the character's side is left as it was (every event written before).
    npc: bool | None = None

    @model_serializer(mode="wrap")
    def _without_unset_npc(self, handler: SerializerFunctionWrapHandler) -> Any:
        """An event that leaves the side alone is stored as before the field existed."""
        data = handler(self)
        if isinstance(data, dict) and data.get("npc") is None:
            data.pop("npc", None)
        return data

    def apply(self, state: State) -> State:
        state = with_coc_sheet(state, self.character, self.after)
        update: dict[str, bool] = {}
        if self.npc is not None:
            update["npc"] = self.npc
            if not self.npc:
                update["shown"] = True
        if self.hides:
            update["shown"] = False
        if not update:
            return state
        who = state.characters[self.character].model_copy(update=update)
        return state.model_copy(update={"characters": {**state.characters, self.character: who}})

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.CHARACTERS)
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        if self.after is None:
            return render("{name}'s investigator sheet was removed.", lang, name=self.name)
        if self.how == "import":
            return render("{name}'s investigator sheet was imported.", lang, name=self.name)
        if self.how == "edit":
            return render("{name}'s investigator sheet was edited.", lang, name=self.name)
        return render("{name}'s investigator sheet was set.", lang, name=self.name)


class CocStudentChanged(EventBase):
    """STU-B-1: the student's sheet finished (English, Credit Rating, the track's skills), as the change left it."""

    type: Literal["coc_student_changed"] = "coc_student_changed"
    character: str
    changes: StudentChanges
    after: CocSheet

    def apply(self, state: State) -> State:
        return with_coc_sheet(state, self.character, self.after)

    def touch(self, changes: Changes) -> None:
        changes.areas.update((Area.LOG, Area.CHARACTERS))
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        detail = self.changes.model_dump(mode="json")
        detail.pop("rule_ids", None)
        text = fact_text("student", detail, lang)
        rule_ids = self.changes.rule_ids
        return f"{text} [{', '.join(rule_ids)}]" if rule_ids else text


class CocFact(EventBase):
    """One fact of the CoC rules (a check, an action, damage…) and what it changed.

    Today's commands emit typed events; this is the event files written before
    them hold, read and applied as it was written."""

    type: Literal["coc_fact"] = "coc_fact"
    #: The kind of fact ("check", "action_b", "hp", "round_end"…), see :mod:`engine.coc6.texts`.
    fact: str
    #: The domain fact as JSON data (a ``CheckResult``, ``HpChange``…).
    detail: dict[str, Any]
    rule_ids: tuple[str, ...] = ()
    #: The CoC slice after the fact (None: unchanged).
    coc: CocState | None = None
    #: Sheets after the fact, by character id.
    sheets: dict[str, CocSheet] = {}
    #: The dice generator after the fact's rolls (None: nothing rolled).
    dice: DiceState | None = None
    #: A check as the dice bot prints it, for the dice box and the players' roll
    #: feed (see :func:`check_record`); stored, so a reopened session shows it too.
    record: RollRecord | None = None

    def apply(self, state: State) -> State:
        if self.coc is not None:
            state = state.with_slice(COC_SLICE, self.coc)
        for character, sheet in self.sheets.items():
            state = with_coc_sheet(state, character, sheet)
        if self.dice is not None:
            state = state.model_copy(update={"dice": self.dice})
        return state

    def touch(self, changes: Changes) -> None:
        changes.areas.add(Area.LOG)
        if self.dice is not None:
            changes.areas.add(Area.DICE)
        if self.sheets:
            changes.areas.add(Area.CHARACTERS)
            changes.characters.update(self.sheets)
        if self.coc is not None:
            changes.areas.add(Area.CHARACTERS)

    def describe(self, lang: str = "ja") -> str:
        text = fact_text(self.fact, self.detail, lang)
        return f"{text} [{', '.join(self.rule_ids)}]" if self.rule_ids else text


def check_record(fact: str, detail: dict[str, Any], rule_ids: tuple[str, ...], seq: int) -> RollRecord | None:
    """The roll record of a ``check`` fact (None for any other fact).

    The check's own die is replayed as a typed die through the dice bot against
    the check's final target (caps and modifiers applied), so the line reads as
    BCDice prints it.  Rolls without special levels (CHK-B-5: SAN, Mythos, Dream
    Lore in B) read as ``1D100<=n``; a secret check (CHK-B-6 〈心理学〉) stays
    secret, so the players never see it."""
    if fact != "check":
        return None
    from engine.dice.bcdice import evaluate
    from engine.errors import EngineError
    from engine.rulesets import registry

    try:
        ruleset = str(detail["ruleset"])
        head = "1D100" if "CHK-B-5" in rule_ids else "CCB"
        text = f"{head}<={int(detail['target'])} 〈{detail['what']}〉"
        die = DiceSource(DiceState(), [int(detail["roll"])])
        result = evaluate(text, ruleset, registry.default_options(ruleset), die)
    except (KeyError, TypeError, ValueError, EngineError):
        return None
    if detail.get("secret"):
        result = replace(result, secret=True)
    return RollRecord(seq=seq, by=str(detail.get("actor") or "") or None, reason=fact, result=result)


COC_EVENTS: tuple[type[EventBase], ...] = (CocSheetSet, CocStudentChanged, CocFact)
