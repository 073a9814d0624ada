"""The encounter's set-up rules as seed 000 【配置】【出現】 words them (ENC-5…ENC-10,
INT-3), each an outcome the GM sees; every refusal leaves the session's state
byte-identical, its undo line and dice untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.player_view import player_view
from engine.core.seats import PROJECTOR
from engine.core.session import Session
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.commands import LeaveBattle, MoveToken, OpenBattle, PlaceToken
from engine.hexbattle.hexgrid import distance
from engine.hexbattle.model import Join, Token, spot
from engine.hexbattle.slot import require_battle
from engine.upland.chs_command_types import EndEncounter
from engine.upland.encounter_commands import (
    ApplySrDelays,
    AttackCharacter,
    LayOutZones,
    PlaceEnemies,
    PlaceMarchingOrder,
    RollAppearance,
    StartBattleRound,
)
from engine.upland.encounter_events import AppearanceRolled, CharacterAttacked, EnemiesPlaced
from engine.upland.slice import cycle_now, encounter_of
from tests.engine.upland_support import at_event, lay, upland_session


def refused(session: Session, command: Any) -> str:
    """Dispatch a command the rules refuse: a Japanese message, and the state (as
    bytes), the undo line and the dice exactly as before."""
    before = session.state.model_dump_json()
    done = len(session.done)
    with pytest.raises(EngineError) as error:
        session.dispatch(command)
    assert session.state.model_dump_json() == before
    assert len(session.done) == done
    assert error.value.text("ja") != error.value.text("en")
    return error.value.text("ja")


def event_of(session: Session, command: Any, kind: type[Any]) -> Any:
    """Dispatch ``command``; its one event of ``kind``."""
    found = [e for e in session.dispatch(command).entry.events if isinstance(e, kind)]
    assert len(found) == 1, found
    return found[0]


def spade_battle(spade: str = "9S") -> Session:
    """An active ♠ due at C5, the battle board laid out with the party in marching order."""
    session = upland_session()  # 〈死祭り〉 4 × 30% → 6 deathless
    lay(session, "C5", "8C")
    lay(session, "C5", spade)
    at_event(session)
    session.dispatch(OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
    session.dispatch(LayOutZones())
    session.dispatch(PlaceMarchingOrder())
    return session


SIGHT = {"pc-c1": "sight", "pc-c2": "listen", "pc-c3": "sight", "pc-c4": "listen"}


# ---------------------------------------------------------------- 1. the strength comes from the game


def test_enc5_the_strength_is_the_active_spades_and_an_override_needs_a_logged_reason() -> None:
    session = spade_battle("9S")
    message = refused(session, RollAppearance(strength=1, declarations=SIGHT))  # type: ignore[arg-type]
    assert "9" in message and "理由" in message
    event = event_of(session, RollAppearance(declarations=SIGHT), AppearanceRolled)  # type: ignore[arg-type]
    assert event.appearance.strength == 9 and event.appearance.table_sides == 9  # 1D9, not 1D1
    assert "遭遇強度 9（有効なスペード" in event.describe("ja")
    session.undo()
    told = event_of(
        session,
        RollAppearance(strength=4, reason="霧で数が減った", declarations=SIGHT),  # type: ignore[arg-type]
        AppearanceRolled,
    )
    assert encounter_of(session.state).appearance.strength == 4  # type: ignore[union-attr]
    assert "霧で数が減った" in told.describe("ja")


def test_int3_a_reinforcement_lowers_the_strength_the_appearance_reads() -> None:
    from engine.upland.encounter import due_encounter_strength
    from engine.upland.slice import with_cycle_state

    session = spade_battle("9S")
    cycle = cycle_now(session.state)
    assert cycle is not None
    session.state = with_cycle_state(session.state, cycle.model_copy(update={"lowered": {"9S": 7}}))
    assert due_encounter_strength(session.state) == 7
    event = event_of(session, RollAppearance(declarations=SIGHT), AppearanceRolled)  # type: ignore[arg-type]
    assert event.appearance.strength == 7


# ---------------------------------------------------------------- 2. the first spotter is a character


def test_enc5_an_enemy_token_never_declares_and_is_never_the_first_spotter() -> None:
    session = spade_battle()
    session.dispatch(PlaceToken(token=Token(id="lurker", kind="enemy", label="影", at=spot("2:E4"))))
    message = refused(session, RollAppearance(declarations={**SIGHT, "lurker": "sight"}))  # type: ignore[arg-type]
    assert "影" in message and "ENC-5" in message
    session.dispatch(RollAppearance(declarations=SIGHT))  # type: ignore[arg-type]
    first = encounter_of(session.state).appearance.first_spotter  # type: ignore[union-attr]
    assert require_battle(session.state).token(first).kind == "character"


# ---------------------------------------------------------------- 3. later enemies stand behind the first


def test_enc7_later_enemies_are_strictly_farther_from_the_spotter_than_the_first() -> None:
    for seed in range(6):
        session = upland_session(seed=seed)
        lay(session, "C5", "8C")
        lay(session, "C5", "9S")
        at_event(session)
        session.dispatch(OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
        session.dispatch(LayOutZones())
        session.dispatch(PlaceMarchingOrder())
        session.dispatch(RollAppearance(declarations=SIGHT))  # type: ignore[arg-type]
        session.dispatch(PlaceEnemies(count=6))
        battle = require_battle(session.state)
        board = board_of(battle)
        appearance = encounter_of(session.state).appearance
        assert appearance is not None
        origin = board.to_hex(battle.token(appearance.first_spotter).at)  # type: ignore[arg-type]
        enemies = sorted((t for t in battle.tokens.values() if t.kind == "enemy"), key=lambda t: int(t.id[6:]))
        first = distance(origin, board.to_hex(enemies[0].at))  # type: ignore[arg-type]
        for later in enemies[1:]:
            assert distance(origin, board.to_hex(later.at)) > first, (seed, later.id)  # type: ignore[arg-type]


# ---------------------------------------------------------------- 4. the breakthrough zone is no escape


def _all_leave(session: Session, hexes: list[str]) -> None:
    for cid, where in zip(("c1", "c2", "c3", "c4"), hexes, strict=True):
        session.dispatch(MoveToken(token=f"pc-{cid}", to=spot(where), free=True))
        session.dispatch(LeaveBattle(token=f"pc-{cid}"))


def test_enc10_leaving_by_the_breakthrough_zone_stacks_no_deck_card() -> None:
    from engine.upland.commands import ChooseMove, EndCycle

    session = spade_battle()
    width = require_battle(session.state).maps[1].width
    edge = chr(ord("A") + width - 1)
    _all_leave(session, [f"2:{edge}{row}" for row in (3, 4, 5, 6)])
    ended = session.dispatch(EndEncounter(card="9S", outcome="escaped")).entry.events[0]
    assert "突破範囲" in ended.describe("ja") and "逃走ではありません" in ended.describe("ja")
    session.dispatch(EndCycle())
    deck_before = len(session.state.deck)
    session.dispatch(ChooseMove(square="D5"))
    assert len(session.state.deck) == deck_before  # a plain move: nothing stacked


def test_enc10_leaving_outside_the_zone_stacks_a_deck_card() -> None:
    from engine.upland.commands import ChooseMove, EndCycle

    session = spade_battle()
    _all_leave(session, ["1:A3", "1:A4", "1:A5", "1:A6"])
    session.dispatch(EndEncounter(card="9S", outcome="escaped"))
    session.dispatch(EndCycle())
    deck_before = len(session.state.deck)
    session.dispatch(ChooseMove(square="B5"))
    assert len(session.state.deck) == deck_before - 1  # the unscouted move's card


# ---------------------------------------------------------------- 5. scripts send every map the schema describes


def test_enc2_a_map_with_costs_and_zones_plays_from_a_script_and_a_shown_map_goes_back(tmp_path: Path) -> None:
    from tests.engine.store.test_cli import engine

    path = tmp_path / "maps.yobigoe"
    assert engine("new", str(path), "--ruleset", "upland", "--seed", "3").returncode == 0
    drawn = {
        "id": "drawn",
        "width": 3,
        "height": 2,
        "costs": [[1, 2, None], [1, 1, 3]],
        "zones": [{"name": "lead", "hexes": ["A1", "B1"]}],
    }
    line = {"type": "open_battle", "map1": drawn, "map2": "marsh-reed-beds", "join": {"side": "east"}}
    played = engine("play", str(path), stdin=json.dumps(line) + "\n")
    assert [json.loads(x)["ok"] for x in played.stdout.splitlines()] == [True], played.stdout
    shown = json.loads(engine("show", str(path)).stdout)["slices"]["battle"]["maps"][0]
    back = {"type": "edit_battle_map", "number": 1, "map": shown}
    played = engine("play", str(path), stdin=json.dumps(back) + "\n")
    assert [json.loads(x)["ok"] for x in played.stdout.splitlines()] == [True], played.stdout


# ---------------------------------------------------------------- 6. what the table rolls is carried


def _row(session: Session, d20: int, strength: int) -> None:
    """The appearance as if the table die had read row ``d20``."""
    from engine.upland.encounter_state import Appearance, SpotterResult
    from engine.upland.slice import with_encounter
    from engine.upland.tables import tables

    row = next(r for r in tables().encounter if r.d20 == d20)
    result = SpotterResult(
        token="pc-c1", skill="sight", target=50, roll=10, level="success", degree=1, modifier=0, discovery=2
    )
    appearance = Appearance(
        strength=strength,
        table_die=d20,
        table_sides=20,
        creature=row.creature,
        count_text=row.count,
        special=False,
        results=(result,),
        first_spotter="pc-c1",
        experience=(),
    )
    session.state = with_encounter(
        session.state, encounter_of(session.state).model_copy(update={"appearance": appearance})
    )


def test_enc9_snakes_carry_their_siz_and_the_small_ones_are_venomous() -> None:
    session = spade_battle()
    _row(session, 3, 3)  # 蛇: D6, SIZ計 = 6 × 3 = 18
    event = event_of(session, PlaceEnemies(count=4), EnemiesPlaced)
    assert event.siz_total == 18 and sorted(event.sizes.values()) == [4, 4, 5, 5]
    assert len(event.venomous) == 4  # every one SIZ ≤ 6
    tokens = require_battle(session.state).tokens
    assert all("SIZ" in tokens[t].note and "☠" in tokens[t].note for t in event.sizes)
    told = event.describe("ja")
    assert "SIZ計 18" in told and "毒あり" in told and "蛇1" in told


def test_enc9_a_ghost_carries_its_mp() -> None:
    session = spade_battle()
    _row(session, 18, 13)  # ゴースト: (13 - 10) × 10 + 10 = 40 MP
    event = event_of(session, PlaceEnemies(), EnemiesPlaced)
    assert event.mp == 40 and len(event.tokens) == 1
    assert "MP 40" in event.describe("ja") and "MP 40" in event.tokens[0].note


# ---------------------------------------------------------------- 7. the rounds and surprise


def _delayed(session: Session) -> str:
    """Roll the appearance until someone is delayed (the seeded dice decide)."""
    session.dispatch(RollAppearance(declarations=SIGHT, dice=[10, 90, 95, 99, 3]))  # type: ignore[arg-type]
    session.dispatch(PlaceEnemies(count=2))
    session.dispatch(ApplySrDelays())
    delays = encounter_of(session.state).sr_delays
    assert delays
    return max(delays, key=lambda t: delays[t])


def test_enc8_a_character_attacked_while_still_delayed_is_surprised_and_the_log_says_so() -> None:
    session = spade_battle()
    late = _delayed(session)
    delay = encounter_of(session.state).delay_of(late)
    assert "ENC-8" in refused(session, AttackCharacter(token=late, strike_rank=1))  # no round yet
    started = session.dispatch(StartBattleRound()).entry.events[0]
    order = [o.token for o in started.order]  # type: ignore[attr-defined]
    assert order.index(late) > order.index("pc-c1") or late == "pc-c1"  # the delayed act later
    assert "遅延" in started.describe("ja")
    refused(session, AttackCharacter(token="enemy-1", strike_rank=1))  # an enemy is never surprised
    event = session.dispatch(AttackCharacter(token=late, strike_rank=delay - 1, by="enemy-1")).entry.events[0]
    assert isinstance(event, CharacterAttacked) and event.surprised
    assert "不意打ち（ENC-8）" in event.describe("ja")
    assert encounter_of(session.state).surprised == (late,)
    after = session.dispatch(AttackCharacter(token=late, strike_rank=delay)).entry.events[0]
    assert not after.surprised  # type: ignore[attr-defined]
    session.dispatch(StartBattleRound())
    assert encounter_of(session.state).round == 2 and not encounter_of(session.state).sr_delays


# ---------------------------------------------------------------- 8. the players learn nothing early


def test_enc9_the_players_view_hides_the_row_until_the_enemies_are_shown() -> None:
    from engine.hexbattle.commands import RevealToken

    session = spade_battle()
    session.dispatch(RollAppearance(declarations=SIGHT))  # type: ignore[arg-type]
    appearance = encounter_of(session.state).appearance
    assert appearance is not None
    session.dispatch(PlaceEnemies(count=1, hidden=True))
    seen = encounter_of(player_view(session.state, PROJECTOR)).appearance
    assert seen is not None and seen.table_die == 0 and seen.creature == ""
    assert all(r.modifier == 0 and r.discovery == 0 for r in seen.results)
    assert appearance.creature not in player_view(session.state, PROJECTOR).model_dump_json()
    session.dispatch(RevealToken(token="enemy-1"))
    assert encounter_of(player_view(session.state, PROJECTOR)).appearance == appearance


# ---------------------------------------------------------------- the path's outcomes


def test_enc4_nobody_at_spirit_pressure_10_is_an_outcome_nothing_drifts() -> None:
    from engine.upland.encounter_commands import Drift, current_setup_step

    session = spade_battle()
    assert current_setup_step(session.state) == "battle_drift"
    event = session.dispatch(Drift(pressures={"pc-c1": 3})).entry.events[0]
    assert "誰も移動しません" in event.describe("ja")
    assert current_setup_step(session.state) == "roll_appearance"
    session.undo()
    assert current_setup_step(session.state) == "battle_drift"


def test_trs1_a_defeated_enemy_brings_its_treasure_up_once() -> None:
    from engine.upland.diamond_commands import RollTreasure
    from engine.upland.procedure import StepId

    session = spade_battle()
    session.dispatch(EndEncounter(card="9S", outcome="defeated"))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.step is StepId.TREASURE and cycle.diamonds.treasure is not None
    assert cycle.diamonds.treasure.cap == 9  # the card's strength
    assert encounter_of(session.state).appearance is None  # the encounter is over
    session.dispatch(RollTreasure())
    assert "9S" in session.state.discard


def test_enc5_enc7_the_log_and_refusals_name_tokens_by_their_names_not_ids() -> None:
    from engine.hexbattle.commands import RevealToken

    session = spade_battle()
    names = {t.id: t.label for t in require_battle(session.state).tokens.values()}
    told: list[str] = []
    for command in (
        RollAppearance(declarations=SIGHT),  # type: ignore[arg-type]
        PlaceEnemies(count=2, hidden=True, label_text="影"),
        ApplySrDelays(),
        RevealToken(token="enemy-1"),
    ):
        told += [e.describe("ja") for e in session.dispatch(command).entry.events]
    c1 = require_battle(session.state).token("pc-c1")
    goal = next(s for s in (spot("1:A1"), spot("1:B1"), spot("1:A2")) if s != c1.at)
    told += [e.describe("ja") for e in session.dispatch(MoveToken(token="pc-c1", to=goal, free=True)).entry.events]
    text = "\n".join(told)
    assert "pc-c" not in text and "enemy-" not in text, text
    assert names["pc-c1"] in text and "影1をプレイヤーに公開" in text.replace(" ", "")
    message = refused(session, MoveToken(token="pc-c2", to=goal, free=True))  # taken by pc-c1
    assert names["pc-c1"] in message and "pc-c1" not in message


def test_dice1_every_appearance_roll_is_recorded_under_the_rollers_name() -> None:
    from engine.core.roll_log import records_of
    from engine.upland.events import CheckMade

    session = spade_battle()
    names = {t.id: t.label for t in require_battle(session.state).tokens.values()}
    events = session.dispatch(RollAppearance(declarations=SIGHT, dice=[10, 90, 95, 99, 3])).entry.events  # type: ignore[arg-type]
    checks = [e for e in events if isinstance(e, CheckMade)]
    assert [c.name for c in checks[:4]] == [names[t] for t in SIGHT]  # each character's sight/listen
    assert [c.record.result.total for c in checks[:4] if c.record] == [10, 90, 95, 99]
    table = checks[4]
    assert table.what == "encounter_table" and table.record is not None and table.record.result.secret
    assert "1D9" in table.describe("ja")
    assert len(records_of(events)) == 5
    placed = session.dispatch(PlaceEnemies(count=1)).entry.events
    direction = [e for e in placed if isinstance(e, CheckMade)]
    assert len(direction) == 1 and direction[0].what == "enemy_direction" and direction[0].character


def test_map5_the_set_up_step_says_where_the_lingering_bone_is_set() -> None:
    from engine.session import new_session
    from engine.upland.stepper import current_step

    told = current_step(new_session(seed=1).state).text("ja")  # the 準備 step, before the exploration
    assert "残想骨" in told and "右クリック" in told and "MAP-5" in told


def test_end2_give_cards_moves_several_hand_cards_at_once_and_refuses_a_card_not_in_a_hand() -> None:
    from engine.table.commands import DrawCards
    from engine.upland.group import GiveCards
    from tests.engine.upland_support import upland_session as fresh

    session = fresh()
    session.dispatch(DrawCards(character="c1", count=2))
    cards = session.state.hands["c1"]
    lay(session, "B2", "KD")
    refused(session, GiveCards(cards=(cards[0], "KD"), to_character="c2"))  # ♦K lies on a square
    refused(session, GiveCards(cards=cards, to_character="c1"))  # already that hand
    event = session.dispatch(GiveCards(cards=cards, to_character="c2")).entry.events[0]
    assert set(session.state.hands["c2"]) >= set(cards) and not set(cards) & set(session.state.hands["c1"])
    names = session.state.characters
    assert f"{names['c1'].name} が {names['c2'].name} にカードを 2 枚渡しました" in event.describe("ja")


# ---------------------------------------------------------------- a ♥ refused: the fight ends as a spade's


def heart_battle(heart: str = "9H") -> Session:
    """A ♥ due at C5 whose condition the party refuses (INT-2): the battle board laid out."""
    session = upland_session()
    lay(session, "C5", heart)
    at_event(session)
    session.dispatch(OpenBattle(map1="marsh-mud-flats", map2="marsh-reed-beds", join=Join(side="east")))
    session.dispatch(LayOutZones())
    session.dispatch(PlaceMarchingOrder())
    return session


def test_int2_a_refused_hearts_fight_won_is_remembered_and_brings_no_treasure() -> None:
    from engine.upland.procedure import StepId

    session = heart_battle()
    session.dispatch(EndEncounter(card="9H", outcome="defeated"))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.beaten_interactions == (9,)  # INT-2: the next 9♥ comes back doubled
    assert cycle.step is not StepId.TREASURE and cycle.diamonds.treasure is None  # TRS-1 is the spade's
    assert session.state.discard[0] == "9H" and encounter_of(session.state).appearance is None


def test_enc10_escaping_a_refused_hearts_fight_ends_the_phase_and_moves_next_cycle() -> None:
    from engine.upland.commands import ChooseMove, EndCycle
    from engine.upland.procedure import StepId

    session = heart_battle()
    _all_leave(session, ["1:A3", "1:A4", "1:A5", "1:A6"])
    session.dispatch(EndEncounter(card="9H", outcome="escaped"))
    cycle = cycle_now(session.state)
    assert cycle is not None and cycle.step is StepId.END and cycle.escape_to == "B5"
    assert cycle.beaten_interactions == ()  # not beaten: INT-2 does not remember it
    assert session.state.discard[0] == "9H"
    session.dispatch(EndCycle())
    deck_before = len(session.state.deck)
    session.dispatch(ChooseMove(square="B5"))
    assert len(session.state.deck) == deck_before - 1  # unscouted: a deck card stacked


def test_enc10_a_hearts_escape_before_everyone_left_is_refused_unchanged() -> None:
    session = heart_battle()
    assert "離脱した辺" in refused(session, EndEncounter(card="9H", outcome="escaped"))
