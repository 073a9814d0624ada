"""The players' window lists the public result of each event stage,
beside the roll feed — never a secret: the suit the GM tells one player, a
face-down replacement card, the hidden village's hour."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.bridge import SessionBridge
from app.projector import ProjectorWindow
from engine.upland.chs_command_types import CheckObstacle, ResolveInteraction
from engine.upland.commands import ChooseWait, EndCycle, ResolveInvestigation, StartIncidents
from engine.upland.slice import party_of
from tests.engine.upland_support import lay, to_deck_top, upland_session


def event_phase_on_screen(qtbot: QtBot, card: str, *deck_top: str) -> tuple[SessionBridge, ProjectorWindow]:
    """``card`` laid on the party's square C5 (``deck_top`` next on the deck), the
    investigation and time phases passed, the event phase begun — and the players'
    window shown on it."""
    session = upland_session()
    lay(session, "C5", card)
    if deck_top:
        to_deck_top(session, *deck_top)
    session.dispatch(ResolveInvestigation())
    session.dispatch(ChooseWait())
    session.dispatch(StartIncidents())
    bridge = SessionBridge(session, lang="ja")
    projector = ProjectorWindow(bridge)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    qtbot.waitExposed(projector)
    return bridge, projector


def test_obs5_int3_the_projector_lists_each_public_result_and_no_secret(qtbot: QtBot) -> None:
    # Dの渡し守: move 2, over B5 to B4; then the heart's face-down replacement (secret) and B5's opened card
    bridge, projector = event_phase_on_screen(qtbot, "4H", "KS", "2D")
    assert projector.results() == []
    bridge.dispatch(ResolveInteraction(card="4H", effect="move", path=["B5", "B4"], dice=[1]))
    assert projector.results() == ["交流ハートの4：Dの渡し守（1）— 移動（INT-1）。"]
    assert projector.feed.results.isVisible()
    session_state = bridge.state
    assert party_of(session_state) == "B4"
    # the replacement ♠K lies face down on C5: no line names it
    assert not any("スペードのK" in line for line in projector.results())


def test_obs5_the_projector_shows_the_obstacle_result_newest_first(qtbot: QtBot) -> None:
    bridge, projector = event_phase_on_screen(qtbot, "8C")
    rollers = [(c, "STR×3") for c in ("c1", "c2", "c3", "c4")]
    bridge.dispatch(CheckObstacle(card="8C", rollers=rollers, dice=[90, 90, 90, 90]))
    first = "障害「崩れ道」（クラブの8）：成功度0／必要3 — 克服できず、次の移動は元のスクエアへ戻ることしかできません（OBS-1）。"
    assert projector.results() == [first]
    bridge.dispatch(EndCycle())
    bridge.dispatch(ResolveInvestigation())
    bridge.dispatch(ChooseWait())
    bridge.dispatch(StartIncidents())
    bridge.dispatch(CheckObstacle(card="8C", rollers=rollers, dice=[3, 3, 3, 90]))
    assert projector.results()[0].startswith("障害「崩れ道」（クラブの8）：成功度6／必要3 — 克服")
    assert projector.results()[1] == first
    bridge.undo()
    assert projector.results() == [first]  # the undone result leaves the players' window


def test_int3_the_hidden_villages_hour_never_reaches_the_projector(qtbot: QtBot) -> None:
    bridge, projector = event_phase_on_screen(qtbot, "7H")
    bridge.dispatch(ResolveInteraction(card="7H", effect="lodging", stay=3, dice=[4, 6]))  # hour 10
    assert projector.results() == [
        "交流ハートの7：隠れ里（4）— 宿泊（INT-1）。探索隊はC5に3時間滞在し、そのあいだイベントは起きません。"
    ]
    assert not any("10" in line for line in projector.feed.lines())  # the secret D20+4 is not in the roll feed


def test_obs2_a_rules_roll_reaches_the_feed_with_the_characters_name(qtbot: QtBot) -> None:
    """A roll made by a rule (here the obstacle check) is printed with who rolled,
    as a dice-box roll is (the players' roll feed)."""
    bridge, projector = event_phase_on_screen(qtbot, "8C")
    names = [bridge.state.characters[c].name for c in ("c1", "c2", "c3", "c4")]
    bridge.dispatch(CheckObstacle(card="8C", rollers=[(c, "STR×3") for c in ("c1", "c2", "c3", "c4")],
                                  dice=[11, 22, 33, 44]))  # fmt: skip
    lines = projector.feed.lines()
    assert len(lines) == 4
    assert {line.split(": ", 1)[0] for line in lines} == set(names)
    assert any("＞ 11 ＞" in line for line in lines)


def test_the_players_window_keeps_the_size_the_gm_gave_it_and_its_results_do_not_overlap(qtbot: QtBot) -> None:
    # rule: EVT-2 (the public results), on a small players' window
    bridge, projector = event_phase_on_screen(qtbot, "4H", "KS", "2D")
    projector.resize(610, 420)
    qtbot.wait(50)
    bridge.dispatch(ResolveInteraction(card="4H", effect="move", path=["B5", "B4"], dice=[1]))
    for value in (20, 30, 40, 50, 60, 70):  # a run of rolls fills the feed
        from engine.table.commands import Roll

        bridge.dispatch(Roll(command=f"1D100<={value}"))
    qtbot.wait(50)
    assert (projector.width(), projector.height()) == (610, 420)  # it never grows past what the GM gave it
    rows = [row for row in projector.feed.results.rows if row.isVisible()]
    for upper, lower in zip(rows, rows[1:], strict=False):
        assert upper.geometry().bottom() <= lower.geometry().top()  # no result paints over the next
    projector.hide()
    projector.move(projector.x() + 30, projector.y() + 20)
    placed = projector.geometry()
    projector.show_on(projector.screen(), fullscreen=False)
    assert projector.geometry() == placed  # shown again where the GM left it
