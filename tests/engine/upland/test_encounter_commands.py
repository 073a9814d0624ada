"""The Upland's encounter set-up commands with the battle board's own, run against a Context.

The state is the real session state of an Upland party (sheets with 視力 / 聞き耳
and spirit pressure); the battle is its registered ``battle`` slice.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.hexbattle.commands import (
    BATTLE_COMMANDS,
    CloseBattle,
    EditBattleMap,
    EditToken,
    LeaveBattle,
    MoveToken,
    OpenBattle,
    RevealToken,
    TurnToken,
)
from engine.hexbattle.editor import paint_cost
from engine.hexbattle.events import BATTLE_EVENTS
from engine.hexbattle.model import Join, spot
from engine.hexbattle.slot import battle_of, require_battle
from engine.hexbattle.tokens import reachable_spots
from engine.upland.encounter_commands import (
    ENCOUNTER_COMMANDS,
    ApplySrDelays,
    Drift,
    LayOutZones,
    PlaceEnemies,
    PlaceMarchingOrder,
    RollAppearance,
)
from engine.upland.encounter_events import ENCOUNTER_EVENTS, DriftRolled
from engine.upland.events import CheckMade
from engine.upland.slice import encounter_of
from tests.engine.upland_support import sheet, upland_session


def host(seed: int = 7) -> State:
    sheets = {"c1": sheet(spirit_pressure=25), "c2": sheet(spirit_pressure=12)}
    return upland_session(seed=seed, sheets=sheets, start=False).state


def run(state: State, command: CommandBase) -> tuple[State, list[EventBase]]:
    ctx = Context(state)
    command.run(ctx)
    return ctx.state, ctx.events  # type: ignore[return-value]


def replay(state: State, events: Sequence[EventBase]) -> State:
    for event in events:
        state = event.apply(state)
    return state


def set_up(seed: int = 7) -> State:
    state = host(seed)
    state, _ = run(state, OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
    state, _ = run(state, LayOutZones())
    state, _ = run(state, PlaceMarchingOrder())
    return state


def test_every_battle_command_and_event_has_its_own_type() -> None:
    types = [c.model_fields["type"].default for c in BATTLE_COMMANDS + ENCOUNTER_COMMANDS]
    types += [e.model_fields["type"].default for e in BATTLE_EVENTS + ENCOUNTER_EVENTS]
    assert len(types) == len(set(types))


def test_the_set_up_keeps_the_command_and_event_types_session_files_store() -> None:
    """Files written when the set-up was the board's own still name these types."""
    assert [c.model_fields["type"].default for c in ENCOUNTER_COMMANDS] == [
        "lay_out_zones",
        "place_marching_order",
        "battle_drift",
        "roll_appearance",
        "place_enemies",
        "apply_sr_delays",
        "set_sr_delay",
        "upland_start_battle_round",
        "upland_attack_character",
    ]
    assert [e.model_fields["type"].default for e in ENCOUNTER_EVENTS] == [
        "battle_drift_rolled",
        "upland_nothing_drifts",
        "battle_appearance_rolled",
        "battle_enemies_placed",
        "battle_sr_delays_set",
        "upland_battle_round_started",
        "upland_character_attacked",
    ]


def test_battle_commands_are_part_of_the_command_union_and_their_events_journal() -> None:
    # the battle commands work wherever commands arrive as JSON (play, the journal)
    from engine.rulesets import registry

    command = registry.parse_command(
        '{"type": "open_battle", "map1": "marsh-mud-flats", "map2": "marsh-reed-beds", "join": {"side": "east"}}'
    )
    assert isinstance(command, OpenBattle)
    session = Session(initial=host())
    events = session.dispatch(command).entry.events
    stored = registry.event_list_adapter().dump_json(list(events))
    assert [type(e) for e in registry.event_list_adapter().validate_json(stored)] == [type(e) for e in events]


def test_a_battle_command_before_the_maps_are_laid_out_is_refused_clearly() -> None:
    with pytest.raises(EngineError) as error:
        run(host(), LayOutZones())  # no battle open yet
    assert "戦闘マップ" in error.value.text("ja") or "battle" in error.value.text("en")


def test_enc3_party_placed_in_marching_order_from_the_session_characters() -> None:
    state = set_up()
    battle = require_battle(state)
    names = [c.name for c in state.ordered_characters()]
    party = battle.characters()
    assert [t.label for t in party] == names
    assert all(t.at is not None for t in party)
    assert battle.tokens["pc-c1"].character == "c1"


def test_enc4_drift_reads_spirit_pressure_from_the_sheets_and_replays_without_rolling() -> None:
    state = set_up()
    before = require_battle(state)
    after, events = run(state, Drift(dice=[1, 4, 6]))
    # c1 (25) drifts twice, c2 (12) once, c3/c4 (5) not at all: exactly three dice.
    drifts = [e for e in events if isinstance(e, DriftRolled)]
    assert [(e.token, e.face) for e in drifts] == [("pc-c1", 1), ("pc-c1", 4), ("pc-c2", 6)]
    rolls = [e for e in events if isinstance(e, CheckMade)]  # DICE-1: every drift die seen, by name
    assert [(e.name, e.record.result.total) for e in rolls if e.record] == [
        (state.characters["c1"].name, 1),
        (state.characters["c1"].name, 4),
        (state.characters["c2"].name, 6),
    ]
    assert require_battle(after).tokens["pc-c3"].at == before.tokens["pc-c3"].at
    assert replay(state, events) == after
    with pytest.raises(EngineError):
        run(state, Drift(dice=[1, 4]))  # the GM typed too few dice


def test_full_set_up_with_the_session_dice_then_fight_and_leave() -> None:
    state = set_up(seed=11)
    state, _ = run(state, Drift())
    declarations = {"pc-c1": "sight", "pc-c2": "listen", "pc-c3": "sight", "pc-c4": "listen"}
    state, events = run(state, RollAppearance(strength=6, declarations=declarations))  # type: ignore[arg-type]
    appearance = encounter_of(state).appearance
    assert appearance is not None and appearance.table_sides == 6
    assert [r.target for r in appearance.results] == [50, 40, 50, 40]  # 視力 / 聞き耳 from the sheets
    assert state.dice.counter > host(11).dice.counter  # the session's seeded dice were used
    state, events = run(state, PlaceEnemies(count=3, hidden=True))
    enemies = [t for t in require_battle(state).tokens.values() if t.kind == "enemy"]
    assert len(enemies) == 3 and all(t.at is not None and t.hidden for t in enemies)
    state, _ = run(state, ApplySrDelays())
    delays = encounter_of(state).sr_delays
    best = appearance.best
    assert delays == {r.token: (best - r.discovery) * 3 for r in appearance.results if r.discovery < best}
    state, _ = run(state, RevealToken(token=enemies[0].id))
    assert require_battle(state).tokens[enemies[0].id].hidden is False


def test_move_token_command_refuses_an_unreachable_drop_and_changes_nothing() -> None:
    state = set_up()
    battle = require_battle(state)
    reach = reachable_spots(battle, "pc-c1")
    far = next(s for s in map(spot, ["2:L10", "2:K9", "2:L1"]) if s not in reach)
    with pytest.raises(EngineError):
        run(state, MoveToken(token="pc-c1", to=far))
    target = max((s for s in reach if reach[s] > 0), key=lambda s: (reach[s], str(s)))
    moved, events = run(state, MoveToken(token="pc-c1", to=target))
    assert require_battle(moved).tokens["pc-c1"].at == target
    assert events[0].cost == reach[target]  # type: ignore[attr-defined]
    forced, _ = run(state, MoveToken(token="pc-c1", to=far, free=True))  # the GM's drag override
    assert require_battle(forced).tokens["pc-c1"].at == far


def test_enc10_leave_command_and_map_edit_and_close() -> None:
    state = host()
    state, _ = run(state, OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
    state, _ = run(state, LayOutZones())
    state, _ = run(state, PlaceMarchingOrder(characters=("c1",)))
    battle = require_battle(state)
    edited = paint_cost(battle.maps[0], ["A4"], 1)
    state, _ = run(state, EditBattleMap(number=1, map=edited))
    state, _ = run(state, MoveToken(token="pc-c1", to=spot("1:A4"), free=True))
    state, events = run(state, LeaveBattle(token="pc-c1"))
    exit_ = require_battle(state).exits[0]
    assert (exit_.side, exit_.breakthrough) == ("west", False)
    assert "突破範囲以外" in events[0].describe("ja")
    state, _ = run(state, CloseBattle())
    assert battle_of(state) is None


def test_commands_and_events_round_trip_as_json() -> None:
    state = set_up()
    _, events = run(state, Drift(dice=[1, 4, 6]))
    for event in events:
        assert type(event).model_validate_json(event.model_dump_json()) == event
    command = RollAppearance(strength=3, declarations={"pc-c1": "sight"}, dice=[10, 2])
    assert RollAppearance.model_validate_json(command.model_dump_json()) == command


def test_enc6_experience_checks_are_marked_on_the_sheets() -> None:
    state = set_up()
    declarations = {"pc-c1": "sight", "pc-c2": "sight", "pc-c3": "listen", "pc-c4": "listen"}
    # c1 30 → 1+1, c2 20 → 1+1, c3 5 → special 2+0, c4 99 → 0; table die 4 = トード (sight +1, listen 0).
    state, events = run(
        state,
        RollAppearance(
            strength=4,
            declarations=declarations,  # type: ignore[arg-type]
            dice=[30, 20, 5, 99, 4],
        ),
    )
    appearance = encounter_of(state).appearance
    assert appearance is not None and appearance.first_spotter == "pc-c1"  # 50 % ties go to the marching order
    assert appearance.experience == ("pc-c2", "pc-c3")
    sheets = {cid: state.characters[cid].sheet for cid in ("c1", "c2", "c3", "c4")}
    assert [s.skills["視力"].checked for s in sheets.values() if s] == [False, True, False, False]
    assert [s.skills["聞き耳"].checked for s in sheets.values() if s] == [False, False, True, False]
    assert "経験チェック" in events[-1].describe("ja")


def test_turn_token_sets_the_facing() -> None:
    state = set_up()
    state, events = run(state, TurnToken(token="pc-c1", facing=2))
    assert require_battle(state).tokens["pc-c1"].facing == 2
    assert "南東" in events[0].describe("ja")
    with pytest.raises(EngineError):
        run(state, TurnToken(token="pc-c1", facing=2))


def test_each_set_up_step_is_one_undoable_command_in_a_session() -> None:
    # Session.dispatch takes command objects as they are, so the steps run through the real
    # undo/redo machinery even before the battle commands join the union.
    session = Session(initial=host(seed=5))
    session.state = session.initial
    for command in (
        OpenBattle(map1="marsh-open-water", map2="marsh-reed-beds", join=Join(side="south")),
        LayOutZones(),
        PlaceMarchingOrder(),
    ):
        session.dispatch(command)
    placed = require_battle(session.state)
    dice_before = session.state.dice
    session.dispatch(Drift())
    drifted = require_battle(session.state)
    assert drifted.tokens["pc-c1"].at != placed.tokens["pc-c1"].at or session.state.dice != dice_before
    session.undo()
    assert require_battle(session.state) == placed and session.state.dice == dice_before
    session.redo()
    assert require_battle(session.state) == drifted  # the same roll: events are replayed, not re-rolled
    assert session.undo_label("ja") == "霊圧による移動"


def test_edit_token_changes_label_movement_and_gm_note() -> None:
    state = set_up()
    state, events = run(state, EditToken(token="pc-c1", label_text="隊長", movement=5, note="wounded"))
    token = require_battle(state).tokens["pc-c1"]
    assert (token.label, token.movement, token.note) == ("隊長", 5, "wounded")
    with pytest.raises(EngineError):
        run(state, EditToken(token="pc-c1", movement=5))


def test_a_seeded_set_up_is_reproduced_exactly_by_its_seed_and_by_its_events() -> None:
    def whole(seed: int) -> tuple[State, list[tuple[State, list[EventBase], State]]]:
        state = set_up(seed)
        steps = []
        for command in (
            Drift(),
            RollAppearance(strength=12, declarations={"pc-c1": "sight", "pc-c2": "listen"}),
            PlaceEnemies(count=2),
            ApplySrDelays(),
        ):
            after, events = run(state, command)
            steps.append((state, events, after))
            state = after
        return state, steps

    first, steps = whole(3)
    second, _ = whole(3)
    assert first == second
    for before, events, after in steps:
        assert replay(before, events) == after  # applying the recorded facts rolls nothing
