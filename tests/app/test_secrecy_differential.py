"""Secrecy by difference: two tables that differ only in what the players must
not know — deck order, the identity of face-down cards, hands, the lingering
bone's square, secret rolls, GM notes, the dice seed, and who the non-player
character the GM has not shown yet is — receive the same visible gestures.
``player_view`` for every seat (the projector's and each character's) and the
projector window's pixels must then be identical: anything that differs would be
a leak.  A character's seat sees its own hand, which differs between the tables
by design; apart from that hand its view must be identical too.

Gestures name cards by position ("the top card of B3"), never by code, since
which card lies there is exactly what differs.  Public rolls use typed dice
(DICE-2), the one public thing the seed would otherwise change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.projector import ProjectorWindow
from engine.coc6.events import COC_SLICE
from engine.coc6.state import CocState
from engine.core.commands import CommandBase
from engine.core.player_view import player_view
from engine.core.seats import PROJECTOR, Seat, seats_of
from engine.core.session import Session
from engine.core.state import State
from engine.errors import EngineError
from engine.session import new_session
from engine.table.cast import ShowCharacter
from engine.table.commands import (
    AddCharacter,
    AddNote,
    DealCard,
    DrawCards,
    GiveCard,
    MoveCard,
    Roll,
    ShuffleDeck,
    TapCard,
)
from engine.table.places import square
from engine.upland.bone import SetBone
from engine.upland.table_commands import MoveParty, PlaceMarker

Gesture = Callable[[State, int], CommandBase]
SQUARES = ("A1", "B2", "B3", "C3", "D4", "E2")
SECRET_ROLLS = ("S1D100<=45", "S2D6", "S1D6")
PLAYERS = ("鷹野 遥", "九条 蒼", "真木 灯")
#: The NPC the GM added but has not shown: who it is differs between the tables.
NPCS = ("教団員A", "謎の老人")
NPC = "c4"


def _top(state: State, name: str) -> str:
    return state.squares[name][0]


def gestures(rng: random.Random) -> Iterator[Gesture]:
    """Visible gestures; the ``variant`` argument only picks secret contents."""
    for _ in range(60):
        kind = rng.choice(
            [
                "deal",
                "deal",
                "draw",
                "move",
                "give",
                "tap",
                "shuffle",
                "bone",
                "secret",
                "note",
                "roll",
                "party",
                "marker",
                "npc_roll",
            ]
        )
        sq, other = rng.choice(SQUARES), rng.choice(SQUARES)
        who, whom = rng.choice(["c1", "c2", "c3", NPC]), rng.choice(["c1", "c2", "c3", NPC])
        seed = rng.randrange(1000)
        if kind == "deal":
            yield lambda s, v, sq=sq: DealCard(square=sq, face_up=False)
        elif kind == "draw":
            yield lambda s, v, who=who: DrawCards(character=who, count=1)
        elif kind == "move":
            yield lambda s, v, sq=sq, other=other: MoveCard(card=_top(s, sq), to=square(other))
        elif kind == "give":
            yield lambda s, v, who=who, whom=whom: GiveCard(card=s.hands[who][0], to_character=whom)
        elif kind == "tap":
            yield lambda s, v, sq=sq: TapCard(card=_top(s, sq))
        elif kind == "shuffle":
            yield lambda s, v: ShuffleDeck()
        elif kind == "bone":  # secret: each table hides the bone somewhere else
            yield lambda s, v, seed=seed: SetBone(square=SQUARES[(seed + 3 * v) % len(SQUARES)])
        elif kind == "secret":
            yield lambda s, v, seed=seed: Roll(
                command=SECRET_ROLLS[(seed + v) % 3], secret=True, reason=f"真相 {seed * (v + 1)}"
            )
        elif kind == "note":
            yield lambda s, v, seed=seed: AddNote(text=f"GM only {seed}/{v}: the key is under {SQUARES[v % 6]}")
        elif kind == "roll":
            yield lambda s, v, seed=seed: Roll(command="2D6", dice=[seed % 6 + 1, seed % 5 + 1], reason="open")
        elif kind == "party":
            yield lambda s, v, sq=sq: MoveParty(square=sq)
        elif kind == "npc_roll":  # a public roll by the hidden NPC (by id, or by name as a rule's roll), or naming it
            yield lambda s, v, seed=seed: Roll(
                command=f"1D6 {NPCS[v]}の一撃" if seed % 3 == 0 else "1D6",
                dice=[seed % 6 + 1],
                by=(NPC, NPCS[v], None)[seed % 3],
                reason=f"{NPCS[v]}の一撃",
            )
        else:
            yield lambda s, v, who=who, sq=sq: PlaceMarker(character=who, square=sq)


def play(seed: int, variant: int, script: list[Gesture]) -> Session:
    session = new_session(seed=seed)
    for name in PLAYERS:
        session.dispatch(AddCharacter(name=name))
    session.dispatch(AddCharacter(name=NPCS[variant], npc=True))
    session.dispatch(ShuffleDeck())
    for gesture in script:
        try:
            command = gesture(session.state, variant)
            session.dispatch(command)
        except (EngineError, KeyError, IndexError):
            session.dispatch(AddNote(text=f"gesture not possible here {variant}"))  # keep seq in step
    return session


def projector_pixels(session: Session, qtbot: QtBot) -> QImage:
    bridge = SessionBridge(session, lang="ja")
    window = ProjectorWindow(bridge)
    qtbot.addWidget(window)
    window.resize(960, 600)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit()
    image = window.grab().toImage()
    window.close()
    return image


def without_own_hand(view: State, seat: Seat) -> State:
    """A seat's view with its own hand (open to it, different by design) reduced to its size."""
    if seat.character_id is None:
        return view
    own = view.hands[seat.character_id]
    hands = {**view.hands, seat.character_id: tuple(f"?own-{i + 1}" for i in range(len(own)))}
    flags = {card: f for card, f in view.flags.items() if card not in own}
    return view.model_copy(update={"hands": hands, "flags": flags})


@pytest.mark.parametrize("case", range(8))
def test_tables_differing_only_in_secrets_look_the_same_to_players(case: int, qtbot: QtBot) -> None:
    rng = random.Random(1500 + case)
    script = list(gestures(rng))
    one = play(seed=11 + case, variant=0, script=script)
    two = play(seed=911 + 7 * case, variant=1, script=script)
    # The tables really differ in their secrets...
    assert one.state.deck != two.state.deck and one.state.hands != two.state.hands
    assert one.state.notes != two.state.notes or not one.state.notes
    assert one.state.squares.keys() == two.state.squares.keys()
    assert one.state.characters[NPC].name != two.state.characters[NPC].name
    # ...and no seat can tell them apart, in the state or on the screen.
    seats = seats_of(one.state)
    assert [s.character_id for s in seats] == [None, "c1", "c2", "c3"]  # the NPC has no player, no seat
    for seat in seats:
        seen_one, seen_two = player_view(one.state, seat), player_view(two.state, seat)
        assert without_own_hand(seen_one, seat) == without_own_hand(seen_two, seat), seat
        assert without_own_hand(seen_one, seat).model_dump_json() == without_own_hand(seen_two, seat).model_dump_json()
        # Each seat sees its own hand face up and no other.
        for cid, hand in one.state.hands.items():
            if seat.owns(cid):
                assert seen_one.hands[cid] == hand and all(seen_one.card_flags(c).face_up for c in hand)
            elif cid != NPC:
                assert len(seen_one.hands[cid]) == len(hand) and not set(hand) & set(seen_one.hands[cid])
        for name in NPCS:
            assert name not in seen_one.model_dump_json() and name not in seen_two.model_dump_json()
    assert player_view(one.state) == player_view(one.state, PROJECTOR)
    first, second = projector_pixels(one, qtbot), projector_pixels(two, qtbot)
    assert first.size() == second.size() and not first.isNull()
    assert first == second


def test_the_differential_sees_an_npc_once_shown(qtbot: QtBot) -> None:
    """Guard: once the GM shows the NPC, who it is reaches the players (and the pixels)."""
    script: list[Gesture] = [lambda s, v: ShowCharacter(character=NPC)]
    one, two = play(seed=11, variant=0, script=script), play(seed=11, variant=1, script=script)
    assert player_view(one.state).characters[NPC].name == NPCS[0]
    assert player_view(one.state) != player_view(two.state)
    assert projector_pixels(one, qtbot) != projector_pixels(two, qtbot)


def test_the_differential_sees_a_face_up_difference(qtbot: QtBot) -> None:
    """Guard: the comparison is sharp enough to notice one card shown face up."""
    script: list[Gesture] = [lambda s, v: DealCard(square="B3", face_up=True)]
    one, two = play(seed=11, variant=0, script=script), play(seed=911, variant=1, script=script)
    assert one.state.squares["B3"] != two.state.squares["B3"]
    assert player_view(one.state) != player_view(two.state)
    assert projector_pixels(one, qtbot) != projector_pixels(two, qtbot)


BASE = {"STR": 12, "POW": 12, "APP": 10, "INT": 13, "EDU": 14, "CON": 12, "DEX": 12, "SIZ": 12}


def play_coc(variant: int) -> Session:
    """A keeper's table (ruleset B): two investigators, a hidden cultist whose identity
    differs, GM notes on every sheet, secret 〈心理学〉 rolls (CHK-B-6) from another
    seed; the same public rolls (typed dice) and combat in both: a first combat leaves the
    cultist's countdown among the wounds, and in the second the cultist's attack waits for
    its target's defence after an investigator's delay."""
    session = new_session("coc6-b", seed=21 + 500 * variant)
    for index, name in enumerate((*PLAYERS[:2], NPCS[variant])):
        npc = index == 2
        session.dispatch(AddCharacter(name=name, npc=npc))
        session.dispatch(
            {"type": "coc_new_investigator", "character": name, "characteristics": BASE | {"DEX": 14 - index},
             "skills": {"心理学": 50, "目星": 60, "こぶし": 70}, "npc": npc}
        )  # fmt: skip
    for cid, character in session.state.characters.items():
        assert character.sheet is not None
        notes = f"GM only {variant}: {character.name} is the heir"
        sheet = character.sheet.model_copy(update={"notes": notes}).model_dump()
        session.dispatch({"type": "coc_set_sheet", "character": cid, "sheet": sheet})
    for cid in ("c1", "c2"):
        session.dispatch({"type": "coc_check", "character": cid, "what": "心理学"})
        session.dispatch(Roll(command="CCB<=60", dice=[17], by=cid, reason="目星"))
    first, second, cultist = (*PLAYERS[:2], NPCS[variant])
    session.dispatch({"type": "coc_start_combat", "characters": [first, second, cultist]})
    session.dispatch({"type": "coc_damage", "target": cultist, "amount": 12})  # HP 0: dying (HP-B-1)
    session.dispatch({"type": "coc_end_combat"})  # the cultist's countdown is kept among the wounds
    healed = session.state.characters["c3"].sheet.model_copy(update={"hp": 12}).model_dump()  # type: ignore[union-attr]
    session.dispatch({"type": "coc_set_sheet", "character": "c3", "sheet": healed})
    session.dispatch({"type": "coc_start_combat", "characters": [first, second, cultist]})
    session.dispatch({"type": "coc_action_b", "name": first, "action": "delay"})  # the order before it is kept
    session.dispatch({"type": "coc_next_turn"})
    session.dispatch({"type": "coc_next_turn"})  # the hidden cultist's turn
    # Its fist hits (typed dice, the same in both) and the attack waits for the target's defence.
    session.dispatch({"type": "coc_attack", "name": cultist, "target": first, "dice": [30]})
    coc = session.state.slices[COC_SLICE]
    assert isinstance(coc, CocState) and coc.combat is not None
    assert coc.combat.attack is not None and coc.combat.attack.attacker == cultist
    assert coc.combat.order_before_delay is not None and cultist in coc.combat.order_before_delay
    assert cultist in coc.wounds
    return session


def test_keepers_tables_differing_only_in_secrets_look_the_same_to_every_seat(qtbot: QtBot) -> None:
    one, two = play_coc(0), play_coc(1)
    npc = "c3"
    assert one.state.characters[npc].name != two.state.characters[npc].name
    assert one.state != two.state
    secret = [r.result for r in one.rolls.records() if r.result.secret]
    assert len(secret) == 2 and secret != [r.result for r in two.rolls.records() if r.result.secret]
    for seat in seats_of(one.state):
        seen_one, seen_two = player_view(one.state, seat), player_view(two.state, seat)
        assert seen_one.model_dump_json() == seen_two.model_dump_json()  # the own sheet too: its notes are the GM's
        text = seen_one.model_dump_json()
        for cid, character in one.state.characters.items():
            assert (character.name in text) == (cid != npc)
            secret = f"{character.name} is the heir"
            assert secret not in text, (seat, cid)  # no seat gets the GM's notes, not even the sheet's own
    first, second = projector_pixels(one, qtbot), projector_pixels(two, qtbot)
    assert first == second
