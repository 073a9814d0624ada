"""Options of the ``upland`` ruleset (seed 000).

A session stores its options, so a GM's house tweaks travel with the session
file.  Every **Reading** of ``RULES.md`` — a place where a seed is ambiguous
and we had to choose — is one option field here, with the reading we
implement as its default, so a GM who reads the seed differently can switch it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from engine.checks.levels import Level
from engine.core.models import OptionsBase
from engine.table.cards import MAX_DECKS

#: Options added with the ♦ events; a dump without them may still be
#: from before the turn-2 readings (see ``_keep_stored_options``).
ADDED_WITH_DIAMONDS = frozenset({"heart_requiem_level", "summon_fumble", "bone_strength"})
#: Added with several decks on one table: files from before hold one deck.
ADDED_WITH_DECKS = frozenset({"decks"})
#: Added when the engine began to refuse a resolve with characters still to declare
#: (INV-1): a stored dump without it was written before, when silence meant "no action".
ADDED_WITH_DECLARATIONS = frozenset({"require_declarations"})


class UplandOptions(OptionsBase):
    """Options of the ``upland`` ruleset (seed 000)."""

    ruleset: Literal["upland"] = "upland"
    # MAP-3: strength of an ace outside the treasure table.
    ace_strength: Literal[1, 14] = 1
    # MAP-5: which card is the lingering bone.
    bone_card: str = "JK1"
    # MAP-6: an empty deck takes the shuffled discard as a new deck.
    reshuffle_discard_when_empty: bool = True
    # CHK-U-2: per-group modifiers of the skill sets (groups A/B/C are labels).
    skill_group_modifiers: dict[str, int] = Field(default_factory=lambda: {"A": 0, "B": 0, "C": 0})
    # INV-4: the level a heart played for a vision counts as.
    vision_heart_level: Level = Level.special
    # INV-7: resonance target = target skill % + spirit pressure (seed's partial copy).
    resonance_adds_spirit_pressure: bool = True
    # DSP-1: when the despair event happens.
    despair_at: Literal["time_phase", "cycle_start"] = "time_phase"
    # DSP-2: a single failed despair card is placed face up; several face down.
    despair_single_face_up: bool = True
    # TIM-6: the recovery table goes on, +1 for each further 6 CON.
    recovery_table_extends: bool = True
    # PUR-2: the ace of spades is the pursuer only when it is the only open spade.
    ace_pursuer: Literal["only_open_spade", "never"] = "only_open_spade"
    # MAP-8/DSP-2 (reading): the gate square is not "near the gate"; True
    # lets the gate itself be the first square (distance 0).
    gate_counts_as_near: bool = False
    # ENC-7: metres per hex on the battle maps.
    metres_per_hex: int = 5
    # CYC-2: the night cycle begins after this cycle if the party has not left.
    night_after_cycle: int = Field(default=14, ge=1, le=99)
    # INV-6: the level a heart played instead of the scout roll counts as.
    heart_scout_level: Level = Level.success
    # INV-6: the level a heart played instead of the prayer roll counts as.
    heart_prayer_level: Level = Level.success
    # INV-4 (reading): the vision's heart is spent — it goes to the discard
    # after the result; True keeps the old reading (stacked face up on the card).
    # Old session files keep the value they were created with (stored in SessionStarted).
    vision_heart_stays: bool = False
    # INV-3: a scout fumble moves the party at once (after the other results) and
    # charges the movement fatigue of TIM-5.
    scout_fumble_move_fatigue: bool = True
    # TIM-3: what a character holding a sleepwalker back may not do while waiting
    # ("休息を行えません": rest only, or sleep too).
    # Reading: it recovers nothing while waiting, so the default forbids both.
    holding_back_forbids: Literal["rest", "sleep_and_rest"] = "sleep_and_rest"
    # TIM-4: a sleepwalker's move is the party's move of the time phase (no
    # move/wait/leave choice follows).
    sleepwalk_is_time_move: bool = True

    # ♦ diamonds and the bone
    # REM-1: the level a heart played instead of the 〈慰霊〉 roll counts as.
    heart_requiem_level: Level = Level.success
    # TEAR-2/TEAR-5: a summoning fumble — no combat and Call +1D6 (RULES.md), or the
    # summoning table's "POW = strength" spirit fights (Call +1D6 as well).
    summon_fumble: Literal["no_combat", "fight_at_strength"] = "no_combat"
    # BONE-1: the lingering bone's strength as a tear spirit (its Call and POW base);
    # a joker has no strength of its own (MAP-3).
    bone_strength: int = Field(default=13, ge=1, le=99)

    # INV-1 (Reading): resolving the investigation is refused while a character
    # with a sheet has not declared ("no action" is declared like any other action).
    # False is the reading of sessions created before the engine enforced it: an
    # undeclared character takes no action.  Old session files keep False (stored options).
    require_declarations: bool = True

    # MAP-6 plays with one deck; more are for stress boards (benchmarks):
    # the n-th deck's cards are ``AS#n`` … (engine.table.cards), the jokers stay two.
    decks: int = Field(default=1, ge=1, le=MAX_DECKS)

    @model_validator(mode="before")
    @classmethod
    def _keep_stored_options(cls, data: object) -> object:
        """Old session files keep the options they were created with.

        A session stores its options in full (``SessionStarted``), so a changed
        default never reaches an old file — except for a field added since: a
        stored dump holding every other field but not ``gate_counts_as_near``
        was written before MAP-8's turn-2 reading, when the gate counted as near;
        one without ``require_declarations`` before INV-1 was enforced, when an
        undeclared character took no action.  (A GM's partial overrides for a new
        session never hold every field, so they get today's defaults.)
        """
        if not isinstance(data, dict):
            return data
        later = {"gate_counts_as_near"} | ADDED_WITH_DIAMONDS | ADDED_WITH_DECKS | ADDED_WITH_DECLARATIONS
        if not set(cls.model_fields) - later <= set(data):
            return data  # not a stored dump: the defaults apply
        kept = dict(data)
        if "gate_counts_as_near" not in kept:
            kept["gate_counts_as_near"] = True
        if "require_declarations" not in kept:
            kept["require_declarations"] = False
        return kept

    def reshuffles_discard_when_empty(self) -> bool:
        return self.reshuffle_discard_when_empty
