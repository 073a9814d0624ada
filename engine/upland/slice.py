"""The Upland ruleset's own part of the state (``State.slices["upland"]``), what
the players see of it, and how states written before the slice existed are read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.models import Frozen, SliceBase
from engine.core.seats import Seat, hidden_characters
from engine.core.state import State
from engine.table.board import Grid
from engine.upland.encounter_state import EncounterState
from engine.upland.procedure import CycleState

SLICE_ID = "upland"


class BoneState(Frozen):
    """The lingering bone (MAP-5): its card, kept secret off the table, and its
    secret square, until the crossing reveals it (INV-9)."""

    card: str | None = None
    square: str | None = None
    revealed: bool = False


class UplandSlice(SliceBase):
    """The exploration cycle's procedure (None until it starts, CYC-1) and the
    Upland's own things on the card table: the gate the party enters by (MAP-1),
    the party token, the characters' investigation markers and the lingering bone."""

    cycle: CycleState | None = None
    gate: str = "C5"
    #: the party token's square (None: off the map)
    party: str | None = None
    #: character id -> the square of its investigation marker
    markers: dict[str, str] = {}
    bone: BoneState = BoneState()
    #: what the encounter's set-up decided on the battle board (ENC-5…ENC-8)
    encounter: EncounterState = EncounterState()

    secret_place_refusal: ClassVar[str] = "Use 'set the lingering bone' to place the bone."
    secret_move_refusal: ClassVar[str] = "The lingering bone stays secret until the crossing."

    def secret_cards(self) -> tuple[str, ...]:
        """MAP-5: the bone's card, kept off the table until the crossing."""
        return (self.bone.card,) if self.bone.card and not self.bone.revealed else ()

    def with_secret_cards(self, cards: tuple[str, ...]) -> UplandSlice:
        return self.model_copy(update={"bone": self.bone.model_copy(update={"card": cards[0] if cards else None})})

    def without_character(self, character: str) -> UplandSlice:
        """A character who leaves takes its marker off the map."""
        if character not in self.markers:
            return self
        return self.model_copy(update={"markers": {c: s for c, s in self.markers.items() if c != character}})


def upland_slice(state: State) -> UplandSlice:
    return state.slice(SLICE_ID, UplandSlice)


def gate_of(state: State) -> str:
    """MAP-1: the square the party enters and leaves by."""
    return upland_slice(state).gate


def party_of(state: State) -> str | None:
    """The party token's square (None: off the map)."""
    return upland_slice(state).party


def party_squares(state: State) -> tuple[str, ...]:
    """The party token's square as a tuple (empty while it is off the map)."""
    here = upland_slice(state).party
    return (here,) if here else ()


def bone_of(state: State) -> BoneState:
    """MAP-5: the lingering bone's card and secret square."""
    return upland_slice(state).bone


def markers_of(state: State) -> dict[str, str]:
    """Character id -> the square of its investigation marker."""
    return upland_slice(state).markers


def with_table(state: State, **update: object) -> State:
    """A copy with the Upland's things on the table changed (party, markers…)."""
    return state.with_slice(SLICE_ID, upland_slice(state).model_copy(update=update))


def encounter_of(state: State) -> EncounterState:
    """ENC-5…ENC-8: the encounter's appearance, delays and surprise."""
    return upland_slice(state).encounter


def with_encounter(state: State, encounter: EncounterState) -> State:
    return state.with_slice(SLICE_ID, upland_slice(state).model_copy(update={"encounter": encounter}))


def ask_setup(asked: Mapping[str, object], grid: Grid) -> dict[str, Any]:
    """MAP-1: New Session's gate, a square on the map (C5 unless asked)."""
    gate = str(asked.get("gate", "C5"))
    return {"gate": grid.name(grid.pos(gate))}


def start_setup(state: State, record: Mapping[str, Any]) -> State:
    """The gate and the lingering bone (MAP-5) of a new session, from its first event."""
    card = record.get("bone_card")
    part = UplandSlice(gate=str(record.get("gate", "C5")), bone=BoneState(card=str(card) if card else None))
    return state.with_slice(SLICE_ID, part)


def cycle_now(state: State) -> CycleState | None:
    """The procedure state, or None before the exploration starts."""
    return upland_slice(state).cycle


def with_cycle_state(state: State, cycle: CycleState | None) -> State:
    return state.with_slice(SLICE_ID, upland_slice(state).model_copy(update={"cycle": cycle}))


def player_slice(state: State, part: SliceBase, seat: Seat) -> SliceBase:
    """What a seat sees of the procedure: a card declared for an action is still
    in the hand until resolved (INV-1/INV-6), so only its own seat sees its code,
    and a heart's replacement lies face down (EVT-4), so it shows to none.  What
    characters the GM has not shown yet declared or do is left out, and so are
    the lingering bone's card and square (MAP-5)."""
    assert isinstance(part, UplandSlice)
    part = part.model_copy(update={"encounter": encounter_view(state, part.encounter)})
    if part.bone.card is not None or part.bone.square is not None:  # MAP-5: secret to every seat
        part = part.model_copy(update={"bone": BoneState(revealed=part.bone.revealed)})
    hidden = hidden_characters(state, seat)
    if hidden and any(cid in hidden for cid in part.markers):
        part = part.model_copy(update={"markers": {c: s for c, s in part.markers.items() if c not in hidden}})
    cycle = part.cycle
    if cycle is None:
        return part
    declarations = {
        cid: d if seat.owns(cid) else d.model_copy(update={"card": f"?declared-{cid}" if d.card else None})
        for cid, d in cycle.declarations.items()
        if cid not in hidden
    }
    done = tuple(c for c in cycle.events_done if state.card_flags(c).face_up)
    update: dict[str, object] = {"declarations": declarations, "events_done": done}
    if hidden:
        update |= {
            "pending_peeks": tuple(p for p in cycle.pending_peeks if p.character not in hidden),
            "sleepwalkers": {cid: w for cid, w in cycle.sleepwalkers.items() if cid not in hidden},
            "wait_actions": {cid: w for cid, w in cycle.wait_actions.items() if cid not in hidden},
            "fatigue_at_start": {cid: f for cid, f in cycle.fatigue_at_start.items() if cid not in hidden},
            "crossing_by": None if cycle.crossing_by in hidden else cycle.crossing_by,
        }
    return part.model_copy(update={"cycle": cycle.model_copy(update=update)})


def upgrade_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 kept the procedure in ``State.cycle`` and sheets without a ``kind``
    (Upland's was the only sheet): move both into today's places."""
    if "cycle" in data:
        cycle = data.pop("cycle")
        if cycle is not None:
            data["slices"] = {**data.get("slices", {}), SLICE_ID: {"cycle": cycle}}
    characters = data.get("characters")
    if isinstance(characters, dict):
        upgraded = {}
        for cid, character in characters.items():
            sheet = character.get("sheet") if isinstance(character, dict) else None
            if isinstance(sheet, dict) and "kind" not in sheet:
                character = {**character, "sheet": {**sheet, "kind": SLICE_ID}}
            upgraded[cid] = character
        data["characters"] = upgraded
    return data


#: What schema 2 kept in the core state and the Upland's slice holds since.
MOVED_WITH_SCHEMA_3 = ("gate", "party", "markers", "bone")


def upgrade_schema_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 kept the gate, the party token, the markers and the bone in the core state: an
    Upland state moves them into its slice; another ruleset's state drops them (it
    never used them)."""
    moved = {key: data.pop(key) for key in MOVED_WITH_SCHEMA_3 if key in data}
    if moved and data.get("ruleset") == SLICE_ID:
        slices = dict(data.get("slices") or {})
        slices[SLICE_ID] = {**dict(slices.get(SLICE_ID) or {}), **moved}
        data["slices"] = slices
    return data


def encounter_view(state: State, encounter: EncounterState) -> EncounterState:
    """ENC-5/ENC-9 for the players: until the GM has shown the enemies (at least one
    on the board and none hidden), nothing that identifies the table's row — the
    table die, the creature, the number appearing, each roller's sight/listen
    modifier and the discovery strength it makes — is in their view; delays of
    tokens they cannot see are left out (ENC-8)."""
    from engine.hexbattle.slot import battle_of

    battle = battle_of(state)
    tokens = battle.tokens if battle is not None else {}
    visible = {tid for tid, token in tokens.items() if not token.hidden}
    delays = {tid: sr for tid, sr in encounter.sr_delays.items() if tid in visible}
    update: dict[str, object] = {"sr_delays": delays}
    enemies = [t for t in tokens.values() if t.kind == "enemy"]
    shown = bool(enemies) and not any(t.hidden for t in enemies)
    if encounter.appearance is not None and not shown:
        results = tuple(r.model_copy(update={"modifier": 0, "discovery": 0}) for r in encounter.appearance.results)
        update["appearance"] = encounter.appearance.model_copy(
            update={"table_die": 0, "creature": "", "count_text": "", "special": False, "results": results}
        )
    return encounter.model_copy(update=update)


#: What schema 3 kept on the battle board and the Upland's encounter holds since.
MOVED_WITH_SCHEMA_4 = ("appearance", "sr_delays")


def upgrade_schema_3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 kept the appearance and the SR delays on the battle board, and the
    metres a hex measures too: an Upland state moves the first two into its
    slice's encounter and the metres (when not the default 5) into its options
    (``metres_per_hex``, ENC-7); another ruleset's board drops them empty."""
    slices = data.get("slices")
    battle = slices.get("battle") if isinstance(slices, dict) else None
    if not isinstance(slices, dict) or not isinstance(battle, dict):
        return data
    battle = dict(battle)
    moved = {key: battle.pop(key) for key in MOVED_WITH_SCHEMA_4 if key in battle}
    metres = battle.pop("metres_per_hex", None)
    slices = {**slices, "battle": battle}
    if data.get("ruleset") == SLICE_ID:
        kept = {key: value for key, value in moved.items() if value}
        if kept:
            part = dict(slices.get(SLICE_ID) or {})
            part["encounter"] = {**dict(part.get("encounter") or {}), **kept}
            slices[SLICE_ID] = part
        options = data.get("options")
        if metres not in (None, 5) and isinstance(options, dict):
            data["options"] = {**options, "metres_per_hex": metres}
    data["slices"] = slices
    return data
